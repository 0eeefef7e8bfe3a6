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
from dataclasses import dataclass
from functools import lru_cache
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


@lru_cache(maxsize=128)
def _defs(themes: tuple[str, ...], height: int, scale: int, tiles: tuple[tuple[str, bool], ...], dims: bool,
          dark: Callable[[str], str] | None) -> tuple[str, str]:
    """A sprite's style and symbols for these tiles in this order, and its scope. Cached: a page
    converted again (MkDocs' toc and search, a rebuild while serving) writes nothing again.
    ``dark`` is part of the key: give one callable per mode (`service.docs.color_mode.dark_css`)."""
    doc = Document(themes, height, scale)
    for code, sideways in tiles:
        doc.tile(code, sideways)
    text = _PageWriter(doc, dark).write(0, 0, [], None, "", [dim_filter()] if dims else [])
    for i, (code, sideways) in enumerate(tiles):  # names a hand can know without the page's order
        text = text.replace(f'<symbol id="{PREFIX}t{i}" ', f'<symbol id="{PREFIX}{tile_name(code, sideways)}" ', 1)
    inner = text[text.index(">") + 1: -len("</svg>")]
    scope = "k" + hashlib.blake2b(inner.encode(), digest_size=4).hexdigest()
    return inner.replace(PREFIX, scope), scope


def tile_name(code: str, sideways: bool) -> str:
    """A tile's symbol id in a sprite (after its scope): ``t5p``, ``t5p_`` when sideways."""
    return f"t{code}{'_' if sideways else ''}"


@dataclass(frozen=True)
class Needs:
    """What a hand needs from its page's sprite: which document, which tiles, the dim filter."""

    key: tuple  # (height, scale, themes)
    tiles: tuple[tuple[str, bool], ...]
    dims: bool


def doc_key(options: RenderOptions) -> tuple:
    return options.height, options.scale, (AUTO if options.theme == THEME_AUTO else (options.theme,))


def mark(key: tuple) -> str:
    """How a hand refers to its sprite document until the page's sprite is written."""
    height, scale, themes = key
    return f"{MARK}{height}-{scale}-{'-'.join(themes)}."


def hand_markup(subject: Subject, options: RenderOptions, attrs: str = "",
                lay: Layout | None = None) -> tuple[str, Needs]:
    """An inline `<svg>` of the hand (exact width/height, the alt text as its accessible name) and
    what it needs from the sprite. ``attrs`` goes into its start tag (class, style). A pure function
    of its arguments: references stay marked until `PageSprite.sprite` names the scopes."""
    lay = lay or arrange(subject, options)
    key = doc_key(options)
    m = mark(key)
    uses, tiles, dims = [], {}, False
    for p in lay.placements:
        tiles[(p.tile.code, bool(p.sideways))] = None
        dim = ""
        if p.tile.tsumogiri:
            dim = f' filter="url(#{DIM.replace(PREFIX, m)})"'
            dims = True
        uses.append(f'<use href="#{m}{tile_name(p.tile.code, p.sideways)}" x="{p.x}" y="{p.y}" width="{p.w}" '
                    f'height="{p.h}"{dim}/>')
    if options.background is not None:
        r, g, b, a = options.background
        opacity = "" if a == 255 else f' fill-opacity="{num(a / 255, 3)}"'
        uses.insert(0, f'<rect width="{lay.width}" height="{lay.height}" fill="{_hex((r, g, b))}"{opacity}/>')
    alt = html_lib.escape(describe(subject))
    return (f'<svg xmlns="{SVG_NS}" width="{lay.width}" height="{lay.height}" '
            f'viewBox="0 0 {lay.width} {lay.height}" role="img" aria-label="{alt}"{attrs}>'
            f'<title>{alt}</title>{"".join(uses)}</svg>'), Needs(key, tuple(tiles), dims)


class PageSprite:
    """The tiles of one page: `hand()` for each picture, then `finish()` the page's HTML."""

    def __init__(self, dark: Callable[[str], str] | None = None):
        self.dark = dark
        self.docs: dict[tuple, Document] = {}
        self.dims: set[tuple] = set()

    def add(self, needs: Needs) -> None:
        """Put a hand's tiles into the sprite (each drawn once, checked on first use)."""
        doc = self.docs.get(needs.key)
        if doc is None:
            height, scale, themes = needs.key
            doc = self.docs[needs.key] = Document(themes, height, scale)
        for code, sideways in needs.tiles:
            doc.tile(code, sideways)
        if needs.dims:
            self.dims.add(needs.key)

    def hand(self, subject: Subject, options: RenderOptions, attrs: str = "", lay: Layout | None = None) -> str:
        """`hand_markup`, its tiles added to this page's sprite."""
        html, needs = hand_markup(subject, options, attrs, lay)
        self.add(needs)
        return html

    def sprite(self) -> tuple[str, dict[str, str]]:
        """The hidden `<svg>` of every tile used so far (empty when none), and each mark's scope."""
        parts, scopes = [], {}
        for key, doc in self.docs.items():
            inner, scope = _defs(doc.themes, doc.height, doc.scale, tuple(doc.tiles), key in self.dims, self.dark)
            parts.append(inner)
            scopes[mark(key)] = scope
        return (HIDDEN + "".join(parts) + "</svg>" if parts else ""), scopes

    def finish(self, page_html: str) -> str:
        """The page: the sprite first, then `page_html` with its marks resolved."""
        sprite, scopes = self.sprite()
        for mark, scope in scopes.items():
            page_html = page_html.replace(mark, scope)
        return sprite + page_html
