"""Many hands inlined in one HTML page: each distinct tile drawn once, in one hidden sprite.

The page twin of `service.svg`. A standalone SVG carries every tile it shows (an
`<img>` cannot reach outside its file); a page that inlines twenty hands would
repeat each face's outlines in every hand. Here each hand is a small `<svg>` of
`<use>`s, and `sprite()` is one hidden `<svg>` holding every tile the page used,
written by the same `tile_art.svg` writer as the standalone file. Its ids and
classes are scoped by a hash of its content, so two sprites on one page (two
Markdown renders, excerpts) never clash.

Theme ``auto`` colours through CSS classes: by default under
``@media (prefers-color-scheme:dark)``, as the standalone SVG does; given
``dark`` (a function wrapping ``{declarations}`` in the page's dark contexts,
see `service.docs.color_mode`), each two-colour class reads a CSS variable
that the dark contexts set, so a theme's own switch (Material's
``data-md-color-scheme``, Furo's ``data-theme``) changes the pictures too.

>>> from service.notation import parse
>>> page = PageSprite()
>>> a = page.hand(parse("123m"), RenderOptions(format="svg", theme="auto"))
>>> b = page.hand(parse("1m+-1m"), RenderOptions(format="svg", theme="auto"))
>>> html = page.finish(a + b)
>>> html.count("<symbol"), html.count("<svg"), html[html.index("</defs></svg>"):].count("<use")
(4, 3, 5)
"""

from __future__ import annotations

import hashlib
import html as html_lib
from typing import Callable

from tile_art.svg import AUTO, PREFIX, SVG_NS, Document, _hex, _Writer
from tile_art.svg_pen import num

from .describe import describe
from .layout import Layout
from .options import THEME_AUTO, RenderOptions
from .subject import Subject, arrange
from .svg import DIM, dim_filter

MARK = "\x01"  # a hand's reference to sprite n is written "\x01<n>." until the sprite's hash is known
HIDDEN = f'<svg xmlns="{SVG_NS}" width="0" height="0" aria-hidden="true" focusable="false" ' \
         'style="position:absolute;overflow:hidden">'


class _PageWriter(_Writer):
    """The standalone writer, with two-colour classes read from variables when `dark` is given."""

    def __init__(self, doc: Document, dark: Callable[[str], str] | None):
        super().__init__(doc)
        self.dark = dark

    def _css(self, tiles) -> str:
        if self.dark is None:
            return super()._css(tiles)
        rules, light, dark = [], [], []
        for (prop, colours), name in self.classes.items():
            if len(colours) > 1 and colours[-1] != colours[0]:
                rules.append(f".{name}{{{prop}:var(--{name})}}")
                light.append(f"--{name}:{colours[0]}")
                dark.append(f"--{name}:{colours[-1]}")
            else:
                rules.append(f".{name}{{{prop}:{colours[0]}}}")
        if any(n.cls for _, nodes, _ in tiles for n in nodes if hasattr(n, "cls") and n.cls):
            for i in (0, 1):
                rules.append(f".{PREFIX}m{i}{{display:var(--{PREFIX}m{i})}}")
            light += [f"--{PREFIX}m0:inline", f"--{PREFIX}m1:none"]
            dark += [f"--{PREFIX}m0:none", f"--{PREFIX}m1:inline"]
        if not light:
            return "".join(rules)
        return "".join(rules) + ":root{" + ";".join(light) + "}" + self.dark("{" + ";".join(dark) + "}")


class PageSprite:
    """The tiles of one page: `hand()` for each picture, then `finish()` the page's HTML."""

    def __init__(self, dark: Callable[[str], str] | None = None):
        self.dark = dark
        self.docs: dict[tuple, tuple[int, Document]] = {}
        self.dims: set[int] = set()

    def _doc(self, options: RenderOptions) -> tuple[int, Document]:
        themes = AUTO if options.theme == THEME_AUTO else (options.theme,)
        key = (options.height, options.scale, themes)
        if key not in self.docs:
            self.docs[key] = (len(self.docs), Document(themes, options.height, options.scale))
        return self.docs[key]

    def hand(self, subject: Subject, options: RenderOptions, attrs: str = "", lay: Layout | None = None) -> str:
        """An inline `<svg>` of the hand: exact width/height, the alt text as its accessible name.

        ``attrs`` goes into its start tag (class, style). References stay marked until `finish`.
        """
        lay = lay or arrange(subject, options)
        n, doc = self._doc(options)
        mark = f"{MARK}{n}."
        uses = []
        for p in lay.placements:
            ref = doc.tile(p.tile.code, p.sideways).replace(PREFIX, mark)
            dim = ""
            if p.tile.tsumogiri:
                dim = f' filter="url(#{DIM.replace(PREFIX, mark)})"'
                self.dims.add(n)
            uses.append(f'<use href="{ref}" x="{p.x}" y="{p.y}" width="{p.w}" height="{p.h}"{dim}/>')
        if options.background is not None:
            r, g, b, a = options.background
            opacity = "" if a == 255 else f' fill-opacity="{num(a / 255, 3)}"'
            uses.insert(0, f'<rect width="{lay.width}" height="{lay.height}" fill="{_hex((r, g, b))}"{opacity}/>')
        alt = html_lib.escape(describe(subject))
        return (f'<svg xmlns="{SVG_NS}" width="{lay.width}" height="{lay.height}" '
                f'viewBox="0 0 {lay.width} {lay.height}" role="img" aria-label="{alt}"{attrs}>'
                f'<title>{alt}</title>{"".join(uses)}</svg>')

    def sprite(self) -> tuple[str, dict[str, str]]:
        """The hidden `<svg>` of every tile used so far (empty when none), and each mark's scope."""
        parts, scopes = [], {}
        for n, doc in self.docs.values():
            defs = [dim_filter()] if n in self.dims else []
            text = _PageWriter(doc, self.dark).write(0, 0, [], None, "", defs)
            inner = text[text.index(">") + 1: -len("</svg>")]
            scope = "k" + hashlib.blake2b(inner.encode(), digest_size=4).hexdigest()
            parts.append(inner.replace(PREFIX, scope))
            scopes[f"{MARK}{n}."] = scope
        return (HIDDEN + "".join(parts) + "</svg>" if parts else ""), scopes

    def finish(self, page_html: str) -> str:
        """The page: the sprite first, then `page_html` with its marks resolved."""
        sprite, scopes = self.sprite()
        for mark, scope in scopes.items():
            page_html = page_html.replace(mark, scope)
        return sprite + page_html
