"""Dora indicator strips beside a hand or river: pure geometry in CSS pixels.

The dora strip (and the ura strip after it) stand at the left, each under its
label, one tile width apart from each other and from the hand. A hand's tiles
keep its baseline (the strips' bottom); a river hangs from the strips' top.
Placements keep the subject's first, in notation order, then each strip's.

>>> from service.notation.grammar import parse
>>> from service.notation.options import RenderOptions
>>> from service.layout.layout import layout
>>> lay = with_indicators(layout(parse("123m"), 40), RenderOptions(height=40, dora="4z"), river=False)
>>> lay.width, lay.height, [(p.tile.code, p.x, p.y) for p in lay.placements][:4]
(270, 57, [('1m', 180, 17), ('2m', 210, 17), ('3m', 240, 17), ('4z', 0, 17)])
>>> lay.labels
(Label(text='Dora indicator', x=0, y=12, size=12, rotation=0),)
"""

from __future__ import annotations

from dataclasses import replace

from service.notation.dora import KINDS, LABELS, strip
from service.notation.options import RenderOptions

from .layout import Label, Layout, Placement, tile_width
from .measure import text_width

LABEL_SIZE = 0.3  # label em, in tile heights
MIN_LABEL = 10  # CSS px: no smaller label em


def label_size(height: int) -> int:
    return max(MIN_LABEL, round(height * LABEL_SIZE))


def label_band(size: int) -> int:
    """Height of a label line with the space under it."""
    return round(size * 1.4)


def with_indicators(base: Layout, options: RenderOptions, river: bool) -> Layout:
    """`base` with the dora/ura strips of `options` at its left; `base` itself when it has none."""
    kinds = [k for k in KINDS if getattr(options, k)]
    if not kinds:
        return base
    th, tw = options.height, tile_width(options.height)
    size = label_size(th)
    band = label_band(size)
    groups = 1 + max((p.group for p in base.placements), default=-1)
    strip_h = th
    body_h = max(base.height, strip_h)
    top = band  # the tiles' row starts under the labels
    strip_y = top + (0 if river else body_h - strip_h)
    placements, labels, x = [], [], 0
    for n, kind in enumerate(kinds):
        text = LABELS[options.lang][kind]
        labels.append(Label(text, x, size, size))
        for i, t in enumerate(strip(options.indicators(kind), kind).tiles):
            placements.append(Placement(t, groups + n, x + i * tw, strip_y, tw, th))
        x += max(5 * tw, text_width(text, size)) + tw
    dy = top + (0 if river else body_h - base.height)
    moved = [replace(p, x=p.x + x, y=p.y + dy) for p in base.placements]
    return Layout(tuple(moved + placements), x + base.width, top + body_h, base.tile_height,
                  base.labels + tuple(labels))
