"""Hand (or river) to SVG bytes: the layout's placements as `<use>`s of tiles drawn once each.

The vector twin of `service.drawing.render`: the same layout, faces drawn by the same
tile_art code through the vector pen (`tile_art.svg`). Width and height are the
layout's CSS px; theme ``auto`` follows the reader's ``prefers-color-scheme``.
Tsumogiri discards are dimmed by a colour-matrix filter doing what
`service.drawing.dimmed` does to the bitmap, from its constants.

>>> from service.notation.grammar import parse
>>> data = render_svg(parse("123m+-456p"), RenderOptions(format="svg"))
>>> data[:40]
b'<svg xmlns="http://www.w3.org/2000/svg" '
"""

from __future__ import annotations

from service.layout.arrange import arrange, arranged_alt
from service.layout.layout import Layout
from service.notation.options import THEME_AUTO, RenderOptions
from service.notation.subject import Subject
from tile_art.svg import AUTO, DARK_QUERY, PREFIX, Document
from tile_art.svg_pen import fnum

from .dimmed import STRENGTH, VEIL
from .labels import svg_label_style, svg_labels
from .shapes import svg_shape_style, svg_shapes

DIM = f"{PREFIX}dim"
LABEL = f"{PREFIX}lab"
SHAPE = f"{PREFIX}sh"
# `a.svg#2x` shows the drawing tuned for 2x screens (hairlines of one device pixel there);
# `a.svg` the one tuned for 1x. Chromium ignores resolution media queries in an SVG shown
# by <img>, but honours :target, so the page picks: srcset="a.svg 1x, a.svg#2x 2x".
HIDPI = "2x"


def svg_srcset(url: str) -> str:
    """The srcset of an SVG: its 1x drawing, and on 2x screens its `#2x` one.

    >>> svg_srcset("/t/a.svg")
    '/t/a.svg 1x, /t/a.svg#2x 2x'
    """
    return f"{url} 1x, {url}#{HIDPI} 2x"


HIDPI_CSS = (f'[id="{HIDPI}"]{{display:none}}[id="{HIDPI}"]:target{{display:inline}}'
             f'[id="{HIDPI}"]:target~.{PREFIX}lo{{display:none}}')


def dim_filter() -> str:
    """`dimmed` as an SVG filter: each colour channel c -> c + (VEIL - c) * STRENGTH, alpha kept.

    >>> dim_filter().split('values="')[1].split('"')[0]
    '.5 0 0 0 .25098  0 .5 0 0 .25098  0 0 .5 0 .25098  0 0 0 1 0'
    """
    keep = 1 - STRENGTH
    rows = [" ".join(fnum(keep if j == i else 0) for j in range(4)) + " " + fnum(STRENGTH * VEIL[i] / 255)
            for i in range(3)]
    values = "  ".join(rows + ["0 0 0 1 0"])
    return (f'<filter id="{DIM}" color-interpolation-filters="sRGB">'
            f'<feColorMatrix values="{values}"/></filter>')


def render_svg(subject: Subject | None, options: RenderOptions = RenderOptions(format="svg"),
               lay: Layout | None = None, title: str | None = None) -> bytes:
    """UTF-8 SVG of a hand or river (or of a scene's `lay` and `title`); deterministic (the same
    subject and options give the same bytes)."""
    lay = lay or arrange(subject, options)
    themes = AUTO if options.theme == THEME_AUTO else (options.theme,)
    doc = Document(themes, options.height, options.scale, options.index)
    dims = any(p.tile.tsumogiri for p in lay.placements)
    if options.scale != 1:  # tuned for one density, as asked
        body, css = _uses(doc, lay, options.scale), ""
    else:  # for every screen: the 2x drawing first, shown by #2x, which then hides the 1x one
        body = [f'<g id="{HIDPI}">', *_uses(doc, lay, 2), f'</g><g class="{PREFIX}lo">', *_uses(doc, lay, 1), "</g>"]
        css = HIDPI_CSS
    defs = [dim_filter()] if dims else []
    if lay.shapes:  # scene shapes and labels: one drawing for every density
        defs.append(svg_shape_style(themes, SHAPE, DARK_QUERY))
        body = svg_shapes(lay.shapes, SHAPE) + body + svg_shapes(lay.shapes, SHAPE, over=True)
    if lay.labels:
        defs.append(svg_label_style(themes, LABEL, DARK_QUERY))
        body += svg_labels(lay.labels, LABEL)
    title = arranged_alt(subject, options) if title is None else title
    return doc.svg(lay.width, lay.height, body, options.background, title, defs, css).encode()


def _uses(doc: Document, lay: Layout, scale: int) -> list[str]:
    """A `<use>` per placed tile, of its drawing tuned for ``scale``; a turned tile rotates
    about its box's centre and keeps its face's own size."""
    out = []
    for p in lay.placements:
        ref = doc.tile(p.tile.code, p.sideways, scale)
        dim = ' filter="url(#%s)"' % DIM if p.tile.tsumogiri else ""
        if p.rotation:
            w, h = (p.h, p.w) if p.rotation in (90, 270) else (p.w, p.h)
            cx, cy = fnum(p.x + p.w / 2), fnum(p.y + p.h / 2)
            out.append(f'<use href="{ref}" x="{fnum(-w / 2)}" y="{fnum(-h / 2)}" width="{w}" height="{h}" '
                       f'transform="translate({cx} {cy}) rotate({p.rotation})"{dim}/>')
            continue
        out.append(f'<use href="{ref}" x="{p.x}" y="{p.y}" width="{p.w}" height="{p.h}"{dim}/>')
    return out
