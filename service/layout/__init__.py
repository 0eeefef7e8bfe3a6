"""Layout: where each tile, label and shape of a picture goes, in CSS pixels; no pixels drawn.

Between `service.notation` and `service.drawing`: ``layout`` (a hand), ``river_layout``,
``dora_layout`` (the indicator strips), ``arrange`` (the switch between them, and between a
problem card's and a table's layouts), ``scene_layout``, ``table_layout``, ``measure`` (a
label's width from the font's advances) and ``limits`` (what one image may cost). Nothing
here imports Pillow or numpy, directly or through `tile_art` (tests/test_layers.py).
"""
