"""Labels measured: where each character of a line starts, its width, the box it covers.

Each character's advance comes from the font (`tile_art.font.advance`, read without Pillow),
and the PNG (FreeType through Pillow) and the SVG (the glyph outlines, `tile_art.outline`)
put each character at the same x (`offsets`), so a layout measures a label once for both.

>>> text_width("Draw", 12), text_width("ドラ表示", 12)
(32, 48)
"""

from __future__ import annotations

import math

from tile_art.font import advance

from .layout import Label


def offsets(text: str, size: int) -> list[float]:
    """The x of each character from the label's left end, CSS px."""
    out, x = [], 0.0
    for ch in text:
        out.append(x)
        x += advance(ch) * size
    return out


def text_width(text: str, size: int) -> int:
    """The label's width in whole CSS px."""
    return math.ceil(sum(advance(ch) for ch in text) * size)


def label_box(lab: Label) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) the label's line covers (an em above the baseline, 0.4 below), turned with it.

    >>> label_box(Label("Draw", 10, 20, 10)), label_box(Label("Draw", 10, 20, 10, 90))
    ((10, 10, 37, 24.0), (6.0, 20, 20, 47))
    """
    w, x, y = text_width(lab.text, lab.size), lab.x, lab.y
    corners = [_turned(lab.rotation, dx, dy) for dx, dy in ((0, -lab.size), (w, lab.size * 0.4))]
    xs, ys = [x + c[0] for c in corners], [y + c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _turned(r: int, x: float, y: float) -> tuple[float, float]:
    """(x, y) turned clockwise by `r` degrees (y down)."""
    return {0: (x, y), 90: (-y, x), 180: (-x, -y), 270: (y, -x)}[r]
