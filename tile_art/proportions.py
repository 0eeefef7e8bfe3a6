"""The shape of a tile and its drawing's sampling: what the layout, the cost ceiling and the
drawing share, with no drawing imports.

`service.layout` places tiles with this alone, and its cost ceiling (`service.layout.limits`)
counts what a face costs, so pure geometry never loads Pillow.

>>> tile_width(38), tile_width(40), width_of("12d", 38)
(28, 30, 16)
"""

import math

TILE_ASPECT = 0.75  # width / height of an upright tile
DOMINO_ASPECT = 0.42  # a Tienjiu tile (Chinese domino): about an inch wide and two and a half long


def tile_width(height: int) -> int:
    """CSS width of an upright tile of CSS `height` (Python rounding: halves to even)."""
    return round(height * TILE_ASPECT)


def width_of(code: str, height: int) -> int:
    """CSS width of upright tile `code` of CSS `height`: a Tienjiu tile (``12d``, its back ``xd``)
    is a domino, taller for its width than a mahjong tile."""
    return round(height * DOMINO_ASPECT) if code[-1:] == "d" else tile_width(height)


SMALL = 64  # device px: faces shorter than this (1x pages) are drawn with 4x4 samples a pixel


def supersample(px_height: int) -> int:
    """Drawing scale factor: about 500 canvas px tall, between 2x and 8x; 4x below `SMALL`.

    On a small face edges are a large share of its pixels, and each of 8x8's 65 coverage
    levels along them is another colour: pin-heavy hands at 1x then need more than a
    palette's 256 (issue 12). 4x4 puts them within it; what changes is the sub-pixel
    pattern inside the pins' flowers (docs/tile-art.md). Larger faces (2x and 3x at docs
    size: 7x7 and 5x5) are unchanged; Chromium checks them against the SVG's coverage.

    >>> supersample(38), supersample(76), supersample(256)
    (4, 7, 2)
    """
    if px_height < SMALL:
        return 4
    return max(2, min(8, math.ceil(500 / px_height)))
