"""Drawing: the geometry of a hand or river, the faces placed on it, and its bytes.

``layout``/``river_layout``/``arrange`` are pure geometry; ``render`` pastes cached
faces (``tile_art``) and encodes a palette PNG (``indexed``, ``palette``, ``png``) or
exact RGBA; ``svg`` draws the same picture as vectors; ``error_image`` draws a bad
notation with its position marked; ``version`` hashes all of it.
"""
