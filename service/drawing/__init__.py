"""Drawing: the faces placed on a layout (`service.layout`), and its bytes.

``render`` pastes cached faces (``tile_art``) and encodes a palette PNG (``indexed``,
``palette``, ``png``) or exact RGBA; ``svg`` draws the same picture as vectors; ``labels``
and ``shapes`` paint a layout's text and scene shapes; ``error_image`` draws a bad
notation with its position marked; ``version`` hashes all of it.
"""
