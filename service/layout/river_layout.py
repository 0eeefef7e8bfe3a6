"""Where each discard of a river goes, as on the table: pure geometry in CSS pixels.

Rows hold ``row`` discards (6 by default), left-aligned; the third row takes all
the rest, it never wraps into a fourth. Rows touch (no gap) and are one tile
height apart; every tile sits on its row's baseline, the riichi tile lying
sideways and taking its sideways width in its row. The image is as wide as
the widest row.

>>> from service.notation.river import parse_river
>>> lay = river_layout(parse_river("123456m-7p8p"), height=40, row=6)
>>> lay.width, lay.height
(180, 80)
>>> [(p.x, p.y, p.w, p.h) for p in lay.placements[5:]]
[(150, 0, 30, 40), (0, 50, 40, 30), (40, 40, 30, 40)]
"""

from __future__ import annotations

from service.notation.river import River

from .layout import Layout, Placement, tile_width

ROWS = 3  # the last row takes every discard after the first two


def river_layout(river: River, height: int = 38, row: int = 6) -> Layout:
    """Place every discard of ``river``, ``row`` to a row, upright tiles ``height`` CSS px tall."""
    tw, th = tile_width(height), height
    boxes: list[Placement] = []
    x = width = 0
    for n, t in enumerate(river.tiles):
        r = min(n // row, ROWS - 1)
        if n == r * row:  # the first discard of its row
            x = 0
        top = r * th
        if t.sideways:  # the riichi tile, on the row's baseline
            boxes.append(Placement(t, 0, x, top + th - tw, th, tw))
            x += th
        else:
            boxes.append(Placement(t, 0, x, top, tw, th))
            x += tw
        width = max(width, x)
    rows = min(-(-len(river.tiles) // row), ROWS)
    return Layout(tuple(boxes), width, rows * th, th)
