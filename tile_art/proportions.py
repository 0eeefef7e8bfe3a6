"""The shape of a tile: what the layout and the drawing share, with no drawing imports.

`service.drawing.layout` places tiles with this alone, so pure geometry never loads Pillow.

>>> tile_width(38), tile_width(40)
(28, 30)
"""

TILE_ASPECT = 0.75  # width / height of an upright tile


def tile_width(height: int) -> int:
    """CSS width of an upright tile of CSS `height` (Python rounding: halves to even)."""
    return round(height * TILE_ASPECT)
