"""Tiles as one SVG document: faces drawn through `SvgPen`, each distinct thing written once.

Every distinct tile (code, upright or sideways) is a `<symbol>` whose viewBox is the
tile in device pixels at `scale` (the geometry of the PNG at that scale, without
supersampling); a hand places them with `<use>`. Inside, a group repeated anywhere
in the document (the tile body, a face's content shared by its upright and sideways
tiles) is written once in `<defs>`; so is each glyph outline.

Colours become CSS classes in a `<style>`; with several themes (theme=auto: light,
then dark) the faces are drawn once per theme, must come out the same shape, and the
later themes' colours go under `@media (prefers-color-scheme: dark)`.

>>> doc = Document(("light",), height=38)
>>> ref = doc.tile("5p", sideways=False)
>>> svg = doc.svg(28, 38, [f'<use href="{ref}" width="28" height="38"/>'])
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="28"'), svg.count("<symbol")
(True, 1)
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from functools import lru_cache
from html import escape

from . import faces
from .body import draw_body, face_box
from .corner import has_index
from .pen import Gradient
from .svg_pen import Group, Shape, SvgPen, num
from .theme import get_theme

SVG_NS = "http://www.w3.org/2000/svg"
DARK_QUERY = "@media (prefers-color-scheme:dark)"
AUTO = ("light", "dark")  # theme=auto: these two, the second when the reader prefers dark
PREFIX = "\x01"  # stands for the document's scope until its hash is known


@lru_cache(maxsize=512)
def tile_nodes(code: str, height: int, scale: int, theme: str, sideways: bool,
               content_scale: int | None = None, index: bool = False) -> tuple[tuple, tuple[int, int]]:
    """The drawing of one tile through the vector pen, and its size in device px at `scale`.

    ``content_scale``: the face content is the one drawn for that scale, fitted into
    this body's face (the SVG's 2x drawing reuses the 1x content: the face boxes
    differ by well under a tenth of a CSS px, and the content is drawn, and written, once).
    ``index``: with its corner index (`tile_art.corner`). Cached (a few kB each) and shared between documents: read-only.
    """
    colours = get_theme(theme)
    w, h = faces.width_of(code, height) * scale, height * scale
    size = (h, w) if sideways else (w, h)
    root = SvgPen(size[1])
    face = draw_body(root.group(), size, colours, 1.0, back=code in faces.BACKS, sideways=sideways)
    cs = scale if content_scale is None else content_scale
    upright = (faces.width_of(code, height) * cs, height * cs)
    if cs != scale:  # the content's face, as tall for its width as at `cs`, centred in this one
        box = face_box(upright[::-1] if sideways else upright, 1.0, sideways)[3]
        half = (face[2] - face[0]) * (box[3] - box[1]) / (box[2] - box[0]) / 2
        face = (face[0], (face[1] + face[3]) / 2 - half, face[2], (face[1] + face[3]) / 2 + half)
    frame = root.frame(face)
    fh, content_fh = (round(v, 6) for v in (frame.fh, faces.upright_fh(upright, 1.0)))  # cache keys
    frame.nodes.extend(_content(code, theme, sideways, fh, content_fh, index))
    return _frozen(root.nodes), size


@lru_cache(maxsize=512)
def _content(code: str, theme: str, sideways: bool, fh: float, content_fh: float, index: bool = False) -> tuple:
    """A face's content in face units (100 wide, `fh` tall); cached, read-only."""
    pen = SvgPen(fh)
    faces.paint_face(pen, get_theme(theme), code, sideways, content_fh, index)
    return _frozen(pen.nodes)


def _frozen(nodes: list) -> tuple:
    return tuple(Group(n.transform, _frozen(n.children), n.cls) if isinstance(n, Group) else n for n in nodes)


class ThemeShapesDiffer(ValueError):
    """Two themes drew a face with different shapes (not just colours)."""


def merge(trees: list) -> tuple:
    """One tree whose paints are tuples (one colour per theme); the shapes must agree.

    Each group gets its `key`: a text naming its content, equal for equal content.

    >>> merge([[Shape("circle", "r", (1, 2, 3))], [Shape("circle", "r", (4, 5, 6))]])[0].paint
    ((1, 2, 3), (4, 5, 6))
    """
    first, *_ = trees
    if any(len(t) != len(first) for t in trees):
        raise ThemeShapesDiffer("node count")
    out = []
    for same in zip(*trees):
        node = same[0]
        if isinstance(node, Group):
            if any(not isinstance(n, Group) or n.transform != node.transform for n in same):
                raise ThemeShapesDiffer(node.transform)
            children = merge([n.children for n in same])
            out.append(Group(node.transform, children, node.cls, key="".join(_key(c) for c in children)))
        else:
            key = (node.tag, node.geom, node.prop, node.ref)
            if any(not isinstance(n, Shape) or (n.tag, n.geom, n.prop, n.ref) != key for n in same):
                raise ThemeShapesDiffer(node.geom)
            out.append(Shape(node.tag, node.geom, tuple(n.paint for n in same), node.prop, node.ref))
    return tuple(out)


def _key(n) -> str:
    if isinstance(n, Group):
        return f"<g {n.transform} {n.cls}>{n.key}</g>"
    return f"<{n.tag} {n.geom} {n.paint} {n.prop} {n.ref}>"


@lru_cache(maxsize=512)
def themed_tile(code: str, height: int, scale: int, themes: tuple[str, ...], sideways: bool,
                content_scale: int | None = None, index: bool = False):
    """(nodes, size) of a tile drawn in each of `themes`, merged; cached, read-only."""
    trees, size = [], (0, 0)
    for theme in themes:
        nodes, size = tile_nodes(code, height, scale, theme, sideways, content_scale, index)
        trees.append(nodes)
    try:
        return merge(trees), size
    except ThemeShapesDiffer:  # each theme apart, shown by the same media query
        groups = [(Group("", merge([t]), cls=f"{PREFIX}m{i}")) for i, t in enumerate(trees)]
        return tuple(Group(g.transform, g.children, g.cls, key="".join(map(_key, g.children))) for g in groups), size


@lru_cache(maxsize=1024)
def _hex(c) -> str:
    """CSS colour: #rgb / #rrggbb, with alpha digits only when not opaque."""
    c = tuple(c) + (255,) * (4 - len(c))
    digits = "%02x%02x%02x" % c[:3] + ("" if c[3] == 255 else "%02x" % c[3])
    if all(digits[i] == digits[i + 1] for i in range(0, len(digits), 2)):
        digits = digits[::2]
    return "#" + digits


def _names():
    """Short class and id names: a-z, A-Z, then two letters."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    yield from letters
    for a in letters:
        for b in letters:
            yield a + b


class Document:
    """The tiles of one SVG: one height, scale and set of themes, with or without corner
    indices (`tile_art.corner`); each tile drawn once."""

    def __init__(self, themes: tuple[str, ...], height: int, scale: int = 1, index: bool = False):
        for t in themes:
            get_theme(t)  # ValueError for unknown names
        self.themes, self.height, self.scale, self.index = tuple(themes), height, scale, bool(index)
        self.tiles: dict[tuple[str, bool, int], tuple[str, list, tuple[int, int]]] = {}

    def tile(self, code: str, sideways: bool = False, scale: int | None = None) -> str:
        """The reference (`#...`) of tile `code`'s symbol, drawing it on first use.

        ``scale`` (default: the document's) is the density the drawing is tuned for:
        its hairlines are whole device pixels there; the symbol is the same size, and
        its face content is the document's (drawn and written once).
        """
        scale = self.scale if scale is None else scale
        key = (code, bool(sideways), scale)
        if key not in self.tiles:
            faces.check(code, self.height, scale, self.themes[0])
            content = None if scale == self.scale else self.scale  # the document's face content
            index = self.index and has_index(code)  # a face without one: the same drawing
            nodes, size = themed_tile(code, self.height, scale, self.themes, bool(sideways), content, index)
            self.tiles[key] = (f"{PREFIX}t{len(self.tiles)}", nodes, size)
        return "#" + self.tiles[key][0]

    def svg(self, width: int, height: int, body: list[str], background=None, title: str = "",
            defs: list[str] = (), css: str = "") -> str:
        """The whole document: `width` x `height` CSS px; `body` (uses of tile references)
        over an optional `background` (RGBA); `defs` more definitions (ids start with PREFIX),
        `css` more style rules.
        Ids and classes are scoped by a hash of the content, so several of our SVGs can be
        inlined in one page."""
        text = _Writer(self).write(width, height, body, background, title, list(defs), css)
        scope = "k" + hashlib.blake2b(text.encode(), digest_size=3).hexdigest()
        return text.replace(PREFIX, scope)


class _Writer:
    """Two passes over the tile trees: count repeated groups, then write with classes and defs."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.classes: dict[tuple, str] = {}
        self.class_names = _names()
        self.ids = itertools.count()
        self.defs: list[str] = []
        self.glyphs: dict[str, str] = {}
        self.gradients: dict[tuple, str] = {}
        self.shared: dict[str, str] = {}
        self.counts: Counter = Counter()

    def _new_id(self) -> str:
        """Ids are numbers, class names letters: never the same text."""
        return f"{PREFIX}{next(self.ids)}"

    def _scan(self, nodes) -> None:
        """Pass 1: count how often each group's content occurs."""
        for n in nodes:
            if isinstance(n, Group):
                self.counts[n.key] += 1
                self._scan(n.children)

    def _paint(self, prop: str, paint) -> str:
        """The class painting `prop` with `paint` (one colour per theme)."""
        key = (prop, tuple(map(_hex, paint)))
        if key not in self.classes:
            self.classes[key] = PREFIX + next(self.class_names)
        return self.classes[key]

    def _gradient(self, grads: tuple) -> str:
        g0 = grads[0]
        key = (g0.y0, g0.y1, tuple(g.top for g in grads), tuple(g.low for g in grads))
        if key not in self.gradients:
            gid = self._new_id()
            top = self._paint("stop-color", [g.top for g in grads])
            low = self._paint("stop-color", [g.low for g in grads])
            self.defs.append(f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="0" y1="{num(g0.y0)}" '
                             f'x2="0" y2="{num(g0.y1)}"><stop class="{top}"/><stop offset="1" class="{low}"/>'
                             f'</linearGradient>')
            self.gradients[key] = gid
        return self.gradients[key]

    def _glyph(self, char: str) -> str:
        if char not in self.glyphs:
            from .outline import path_data

            gid = self._new_id()
            self.defs.append(f'<path id="{gid}" d="{path_data(char)}"/>')
            self.glyphs[char] = gid
        return self.glyphs[char]

    def _shape(self, s: Shape) -> str:
        if isinstance(s.paint[0], Gradient):
            paint = f'fill="url(#{self._gradient(s.paint)})"'
        else:
            paint = f'class="{self._paint(s.prop, s.paint)}"'
        if s.tag == "glyph":
            return f'<use href="#{self._glyph(s.ref)}" {s.geom} {paint}/>'
        return f"<{s.tag} {s.geom} {paint}/>"

    def _nodes(self, nodes: list) -> str:
        """Pass 2: the markup; a group whose content occurs twice or more becomes a `<use>`."""
        out = []
        for n in nodes:
            if isinstance(n, Shape):
                out.append(self._shape(n))
                continue
            transform = f' transform="{n.transform}"' if n.transform else ""
            key = n.key
            if self.counts[key] > 1 and not n.cls:
                if key not in self.shared:
                    inner = self._nodes(n.children)  # first, so nested defs come first
                    gid = self.shared[key] = self._new_id()
                    self.defs.append(f'<g id="{gid}">{inner}</g>')
                out.append(f'<use href="#{self.shared[key]}"{transform}/>')
            else:
                cls = f' class="{n.cls}"' if n.cls else ""
                out.append(f"<g{transform}{cls}>{self._nodes(n.children)}</g>")
        return "".join(out)

    def write(self, width: int, height: int, body: list[str], background, title: str, defs: list[str],
              css: str = "") -> str:
        tiles = list(self.doc.tiles.values())
        for _, nodes, _ in tiles:
            self._scan(nodes)
        symbols = [f'<symbol id="{tid}" viewBox="0 0 {w} {h}">{self._nodes(nodes)}</symbol>'
                   for tid, nodes, (w, h) in tiles]
        parts = [f'<svg xmlns="{SVG_NS}" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}">']
        if title:
            parts.append(f"<title>{escape(title, quote=False)}</title>")
        parts.append(f"<style>{self._css(tiles)}{css}</style>")
        parts.append("<defs>" + "".join(self.defs + defs) + "".join(symbols) + "</defs>")
        if background is not None:
            r, g, b, a = background
            opacity = "" if a == 255 else f' fill-opacity="{num(a / 255, 3)}"'
            parts.append(f'<rect width="{width}" height="{height}" fill="{_hex((r, g, b))}"{opacity}/>')
        parts += body
        parts.append("</svg>")
        return "".join(parts)

    def _css(self, tiles) -> str:
        """One rule per class; the dark colours under the media query. Class names carry the
        document's scope (selectors cannot: `<use>` clones have no ancestors to match)."""
        light, dark = [], []
        for (prop, colours), name in self.classes.items():
            light.append(f".{name}{{{prop}:{colours[0]}}}")
            if len(colours) > 1 and colours[1] != colours[0]:
                dark.append(f".{name}{{{prop}:{colours[-1]}}}")
        if any(isinstance(n, Group) and n.cls for _, nodes, _ in tiles for n in nodes):
            light.append(f".{PREFIX}m1{{display:none}}")
            dark += [f".{PREFIX}m0{{display:none}}", f".{PREFIX}m1{{display:inline}}"]
        return "".join(light) + (DARK_QUERY + "{" + "".join(dark) + "}" if dark else "")
