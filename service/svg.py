"""Hand to SVG bytes: the layout's placements as `<use>`s of tiles drawn once each.

The vector twin of `service.render`: the same layout, faces drawn by the same
tile_art code through the vector pen (`tile_art.svg`). Width and height are the
layout's CSS px; theme ``auto`` follows the reader's ``prefers-color-scheme``.

>>> from service.notation import parse
>>> data = render_svg(parse("123m+-456p"), RenderOptions(format="svg"))
>>> data[:40]
b'<svg xmlns="http://www.w3.org/2000/svg" '
"""

from __future__ import annotations

from tile_art.svg import AUTO, Document

from .describe import describe
from .layout import Layout, layout
from .model import Hand
from .options import THEME_AUTO, RenderOptions


def render_svg(hand: Hand, options: RenderOptions = RenderOptions(format="svg"), lay: Layout | None = None) -> bytes:
    """UTF-8 SVG of ``hand``; deterministic (the same hand and options give the same bytes)."""
    lay = lay or layout(hand, options.height, options.gap)
    themes = AUTO if options.theme == THEME_AUTO else (options.theme,)
    doc = Document(themes, options.height, options.scale)
    uses = []
    for p in lay.placements:
        ref = doc.tile(p.tile.code, p.sideways)
        uses.append(f'<use href="{ref}" x="{p.x}" y="{p.y}" width="{p.w}" height="{p.h}"/>')
    return doc.svg(lay.width, lay.height, uses, options.background, describe(hand)).encode()
