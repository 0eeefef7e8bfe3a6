"""Many hands inlined in one HTML page: each distinct tile drawn once, in one hidden sprite.

The page twin of `service.drawing.svg`. A standalone SVG carries every tile it shows (an
`<img>` cannot reach outside its file); a page that inlines twenty hands would
repeat each face's outlines in every hand. Here each hand is a small `<svg>` of
`<use>`s, and `sprite()` is one hidden `<svg>` holding every tile the page used,
written by the same `tile_art.svg` writer as the standalone file. Its ids and
classes are scoped by a hash of its content, so two sprites on one page (two
Markdown renders, excerpts) never clash.

For every screen: with no ``scale``, each symbol holds the tile's 1x drawing and its
2x one (hairlines of one device pixel there; the face content written once), and
`DENSITY_CSS` shows the 2x one under ``@media (min-resolution: 2dppx)``, a query inline
SVG honours (an SVG in ``<img>`` does not: there ``a.svg#2x`` picks, see `.svg`).

Theme ``auto`` colours through CSS classes: by default under
``@media (prefers-color-scheme:dark)``, as the standalone SVG does; given
``dark`` (a function wrapping ``{declarations}`` in the page's dark contexts,
see `service.docs.color_mode`), each two-colour class reads a CSS variable
that the dark contexts set, so a theme's own switch (Material's
``data-md-color-scheme``, Furo's ``data-theme``) changes the pictures too.

>>> from service.notation.grammar import parse
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
import re
import secrets
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

import tile_art
from service.layout.arrange import arrange, arranged_alt
from service.layout.layout import Layout
from service.notation.options import THEME_AUTO, RenderOptions
from service.notation.subject import Subject
from tile_art.svg import AUTO, DARK_QUERY, PREFIX, SVG_NS, Document, _hex, _Writer
from tile_art.svg_pen import num

from .labels import label_colour, svg_label_style, svg_labels
from .svg import DIM, dim_filter

HI = 2  # the density of a page's second drawing
# Inline SVG, unlike an SVG in <img>, honours resolution queries: 2x screens get the 2x drawing.
# Class names carry a digit, so the writer's (letters only) never match them.
DENSITY_CSS = (f".{PREFIX}d2{{display:none}}@media (min-resolution:2dppx),(-webkit-min-device-pixel-ratio:2)"
               f"{{.{PREFIX}d1{{display:none}}.{PREFIX}d2{{display:inline}}}}")
LABEL_AUTO, LABEL_FIXED = f"{PREFIX}lba", f"{PREFIX}lbf"  # a theme-auto label's class; a fixed one's (no rule)
MARK = "\x01"  # a hand's reference to a sprite is written "\x01<page key>:<doc>." until the sprite's hash is known
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


class _Alphabet:
    """Every tile (upright and sideways) of one height, scale and set of themes, written once by
    the standalone writer and kept in pieces: the style, the shared definitions in order, each
    tile's symbol and which definitions it needs. A page's sprite is a choice of these pieces."""

    def __init__(self, themes: tuple[str, ...], height: int, scale: int, dark: Callable[[str], str] | None,
                 index: bool = False, dominoes: bool = False):
        doc = Document(themes, height, scale, index)
        codes = tile_art.CODES + (tile_art.TIENJIU if dominoes else ())  # a mahjong page's style holds no domino's
        keys = [(code, sideways) for code in codes for sideways in (False, True)]
        densities = (1, HI) if scale == 1 else (scale,)  # a scale asked for: tuned for it alone
        for code, sideways in keys:
            for d in densities:
                doc.tile(code, sideways, d)
        writer = _PageWriter(doc, dark)
        tiles = list(doc.tiles.values())
        for _, nodes, _ in tiles:
            writer._scan(nodes)
        self.symbols = {key: self._symbol(writer, doc, key, densities) for key in keys}
        self.css = writer._css(tiles) + (DENSITY_CSS if len(densities) > 1 else "")
        self.defs = writer.defs + [dim_filter()]
        self.dim = len(self.defs) - 1
        index = {_DEF_ID.match(d).group(1): i for i, d in enumerate(self.defs)}
        closure: dict[int, frozenset[int]] = {}

        def needs(text: str) -> frozenset[int]:
            out = set()
            for ref in _REF.findall(text):
                i = index.get(ref)
                if i is not None and i not in out:
                    if i not in closure:
                        closure[i] = frozenset({i}) | needs(self.defs[i])
                    out |= closure[i]
            return frozenset(out)

        self.needs = {key: needs(text) for key, text in self.symbols.items()}
        # each piece split where its scope goes, so a sprite is scoped by joins (no search through it)
        self.chunks = {text: text.split(PREFIX) for text in (*self.defs, *self.symbols.values())}

    @staticmethod
    def _symbol(writer: _PageWriter, doc: Document, key: tuple[str, bool], densities: tuple[int, ...]) -> str:
        """A tile's symbol: its drawing, or each density's in a group the resolution query shows."""
        _, nodes, (w, h) = doc.tiles[(*key, densities[0])]
        inner = writer._nodes(nodes)
        if len(densities) > 1:
            hi = doc.tiles[(*key, HI)][1]
            inner = (f'<g class="{PREFIX}d1">{inner}</g>'
                     f'<g class="{PREFIX}d2" transform="scale({num(1 / HI)})">{writer._nodes(hi)}</g>')
        return f'<symbol id="{PREFIX}{tile_name(*key)}" viewBox="0 0 {w} {h}">{inner}</symbol>'

    def sprite(self, tiles: tuple[tuple[str, bool], ...], dims: bool) -> str:
        """The style, the definitions these tiles need (in the writer's order) and their symbols."""
        return "".join(self.pieces(tiles, dims))

    def pieces(self, tiles: tuple[tuple[str, bool], ...], dims: bool) -> list[str]:
        """`sprite` in pieces: the style and ``<defs>``, each definition and symbol, ``</defs>``."""
        wanted = set().union(*(self.needs[t] for t in tiles)) | ({self.dim} if dims else set())
        return [f"<style>{self.css}</style><defs>", *(self.defs[i] for i in sorted(wanted)),
                *(self.symbols[t] for t in tiles), "</defs>"]

    def scoped(self, pieces: list[str], scope: str) -> str:
        """The pieces joined, their ids and classes in ``scope``: what ``"".join(pieces).replace(PREFIX,
        scope)`` gives, from the pieces split once.

        >>> alphabet = _alphabet(AUTO, 38, 1, None)
        >>> pieces = alphabet.pieces((("1m", False), ("5z", True)), True)
        >>> alphabet.scoped(pieces, "k0") == "".join(pieces).replace(PREFIX, "k0")
        True
        """
        chunks = self.chunks
        return "".join(scope.join(chunks[p]) if p in chunks else p.replace(PREFIX, scope) for p in pieces)


_DEF_ID = re.compile(f'<\\w+ id="{PREFIX}([^"]+)"')
_REF = re.compile(f"#{PREFIX}(\\w+)")


@lru_cache(maxsize=16)
def _alphabet(themes: tuple[str, ...], height: int, scale: int, dark: Callable[[str], str] | None,
              index: bool = False, dominoes: bool = False) -> _Alphabet:
    """Cached per height, scale, themes, ``dark`` (give one callable per mode:
    `service.docs.color_mode.dark_css`), corner indices and whether it holds the Tienjiu faces too:
    a page's sprite then costs a join and a hash."""
    return _Alphabet(themes, height, scale, dark, index, dominoes)


def _defs(themes: tuple[str, ...], height: int, scale: int, tiles: tuple[tuple[str, bool], ...], dims: bool,
          dark: Callable[[str], str] | None, index: bool = False) -> tuple[str, str]:
    """A sprite's style, definitions and symbols for these tiles in this order, and its scope."""
    dominoes = any(code in tile_art.TIENJIU for code, _ in tiles)
    alphabet = _alphabet(themes, height, scale, dark, index, dominoes)
    pieces = alphabet.pieces(tiles, dims)
    scope = "k" + hashlib.blake2b("".join(pieces).encode(), digest_size=4).hexdigest()
    return alphabet.scoped(pieces, scope), scope


def tile_name(code: str, sideways: bool) -> str:
    """A tile's symbol id in a sprite (after its scope): ``t5p``, ``t5p_`` when sideways."""
    return f"t{code}{'_' if sideways else ''}"


@dataclass(frozen=True)
class Needs:
    """What a hand needs from its page's sprite: which document, which tiles, the dim filter."""

    key: tuple  # (height, scale, themes, index)
    tiles: tuple[tuple[str, bool], ...]
    dims: bool


def doc_key(options: RenderOptions) -> tuple:
    """The sprite document a hand's tiles are in: hands with corner indices have their own."""
    return options.height, options.scale, (AUTO if options.theme == THEME_AUTO else (options.theme,)), options.index


def mark(key: tuple, page: str = "") -> str:
    """How a hand refers to its sprite document until the page's sprite is written: with the page's
    key (`PageSprite.key`), which the page's text does not hold, so no caption or alt text forges one.

    >>> mark((38, 1, ("light",), False), "3f9a"), mark((38, 1, ("light",), True), "3f9a")
    ('\\x013f9a:38-1-light.', '\\x013f9a:38-1-light-index.')
    """
    height, scale, themes, index = key
    return f"{MARK}{page}:{height}-{scale}-{'-'.join(themes)}{'-index' if index else ''}."


def hand_markup(subject: Subject, options: RenderOptions, attrs: str = "",
                lay: Layout | None = None, page: str = "") -> tuple[str, Needs]:
    """An inline `<svg>` of the hand (exact width/height, the alt text as its accessible name) and
    what it needs from the sprite. ``attrs`` goes into its start tag (class, style). A pure function
    of its arguments: references stay marked, with the ``page`` key (`mark`), until `PageSprite.sprite`
    names the scopes."""
    lay = lay or arrange(subject, options)
    key = doc_key(options)
    m = mark(key, page)
    uses, dims = [], False
    tiles: dict[tuple[str, bool], str] = {}  # each face the hand shows, in order: the start of its <use>
    sizes: dict[tuple[int, int, str], str] = {}  # the end of a <use> of each size
    for p in lay.placements:
        tile = p.tile
        face = (tile.code, bool(tile.sideways))
        head = tiles.get(face)
        if head is None:
            head = tiles[face] = f'<use href="#{m}{tile_name(*face)}" x="'
        dim = ""
        if tile.tsumogiri:
            dim = f' filter="url(#{DIM.replace(PREFIX, m)})"'
            dims = True
        size = sizes.get((p.w, p.h, dim))
        if size is None:  # most tiles of a hand share their size
            size = sizes[(p.w, p.h, dim)] = f'" width="{p.w}" height="{p.h}"{dim}/>'
        uses.append(f'{head}{p.x}" y="{p.y}{size}')
    if options.background is not None:
        r, g, b, a = options.background
        opacity = "" if a == 255 else f' fill-opacity="{num(a / 255, 3)}"'
        uses.insert(0, f'<rect width="{lay.width}" height="{lay.height}" fill="{_hex((r, g, b))}"{opacity}/>')
    if lay.labels:  # a score card's lines, a dora strip's: glyph outlines, in the theme's label ink
        uses += _labels(lay, options)
    alt = html_lib.escape(arranged_alt(subject, options))  # in options.lang
    return (f'<svg xmlns="{SVG_NS}" width="{lay.width}" height="{lay.height}" '
            f'viewBox="0 0 {lay.width} {lay.height}" role="img" aria-label="{alt}"{attrs}>'
            f'<title>{alt}</title>{"".join(uses)}</svg>'), Needs(key, tuple(tiles), dims)


def _labels(lay: Layout, options: RenderOptions) -> list[str]:
    """A hand's labels, inlined: filled with its theme's label ink; with theme ``auto``, a class
    whose dark ink follows ``prefers-color-scheme`` (as the standalone SVG's)."""
    if options.theme == THEME_AUTO:
        return [svg_label_style(AUTO, LABEL_AUTO, DARK_QUERY), *svg_labels(lay.labels, LABEL_AUTO)]
    return [f'<g fill="#%02x%02x%02x">' % label_colour(options.theme), *svg_labels(lay.labels, LABEL_FIXED), "</g>"]


class PageSprite:
    """The tiles of one page: `hand()` for each picture, then `finish()` the page's HTML.

    Its ``key`` is in every mark of its hands (`mark`): give one that the page's text does not
    contain (the Markdown extension gives its page's), else a random one is taken.
    """

    def __init__(self, dark: Callable[[str], str] | None = None, key: str | None = None):
        self.dark = dark
        self.key = key if key else secrets.token_hex(8)
        self.docs: dict[tuple, Document] = {}
        self.dims: set[tuple] = set()

    def add(self, needs: Needs) -> None:
        """Put a hand's tiles into the sprite (each drawn once, checked on first use)."""
        doc = self.docs.get(needs.key)
        if doc is None:
            height, scale, themes, index = needs.key
            doc = self.docs[needs.key] = Document(themes, height, scale, index)
        drawn, scale = doc.tiles, doc.scale
        for code, sideways in needs.tiles:
            if (code, sideways, scale) not in drawn:  # most tiles of a page are on it already
                doc.tile(code, sideways)
        if needs.dims:
            self.dims.add(needs.key)

    def hand(self, subject: Subject, options: RenderOptions, attrs: str = "", lay: Layout | None = None) -> str:
        """`hand_markup`, its tiles added to this page's sprite."""
        html, needs = hand_markup(subject, options, attrs, lay, self.key)
        self.add(needs)
        return html

    def sprite(self) -> tuple[str, dict[str, str]]:
        """The hidden `<svg>` of every tile used so far (empty when none), and each mark's scope."""
        parts, scopes = [], {}
        for key, doc in self.docs.items():
            inner, scope = _defs(doc.themes, doc.height, doc.scale, tuple((code, sideways) for code, sideways, *_ in doc.tiles),
                                 key in self.dims, self.dark, doc.index)
            parts.append(inner)
            scopes[mark(key, self.key)] = scope
        return (HIDDEN + "".join(parts) + "</svg>" if parts else ""), scopes

    def finish(self, page_html: str) -> str:
        """The page: the sprite first, then `page_html` with its marks resolved."""
        sprite, scopes = self.sprite()
        for mark, scope in scopes.items():
            page_html = page_html.replace(mark, scope)
        return sprite + page_html
