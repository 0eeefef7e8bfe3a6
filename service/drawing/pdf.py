"""Hand, river or scene to PDF bytes: the SVG's drawing as vector paths, on one page the picture's size.

The print twin of `service.drawing.svg`: the same layout, each face drawn by the same tile_art
code through the same vector pen (`tile_art.svg.Document`), its shapes turned into PDF path
operators (`service.drawing.pdf_paths`). Each distinct face is a Form XObject placed as often as
the hand shows it, each glyph outline (萬, 東, a label's letters) a Form XObject filled in the
colour of its use: text is outlines, no font is embedded, and nothing is a raster image. The page
is the picture's CSS px at 0.75 pt each (96 px to the inch). The faces are the drawing tuned for
2x screens (hairlines of half a CSS px), or for ``scale`` when it is higher: paper is finer than
a screen. Tsumogiri faces are their own forms, each colour veiled as `service.drawing.dimmed`
veils the bitmap. The alt text is the document's title. Written with zlib (`pdf_file`): no
library, no date, no file ID, so the same picture gives the same bytes.

>>> from service.notation.grammar import parse
>>> data = render_pdf(parse("123m"), RenderOptions(format="pdf"))
>>> data[:8], b"/MediaBox [0 0 63 28.5]" in data, b"/Image" in data
(b'%PDF-1.4', True, False)
>>> data.count(b"/Subtype /Form /BBox [0 0 56 76]"), data.count(b"/Subtype /Form")  # 3 faces; 一 二 三 萬
(3, 7)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import lru_cache

from service.layout.arrange import arrange, arranged_alt
from service.layout.layout import Layout, Placement
from service.layout.measure import offsets
from service.notation.options import RenderOptions
from service.notation.subject import Subject
from tile_art.corner import has_index
from tile_art.outline import path_data, preload, units_per_em
from tile_art.pen import Gradient
from tile_art.svg import Document, themed_tile
from tile_art.svg_pen import Shape
from tile_art.svg_numbers import num

from .dimmed import STRENGTH, VEIL
from .labels import label_colour
from .pdf_file import PdfFile, text_string
from .pdf_paths import Matrix, anchored_ops, attributes, cm, matrix_of, multiply, path_bounds, shape_ops
from .shapes import colours as shape_colours

PT_PER_PX = 0.75  # a CSS px is 1/96 inch, a PDF point 1/72
DENSITY = 2  # the drawing tuned for 2x screens at least: hairlines of half a CSS px
MIMETYPE = "application/pdf"


def veiled(colour: tuple, dim: bool) -> tuple:
    """`colour` pulled toward the dim veil (`service.drawing.dimmed`) for a tsumogiri face, alpha kept.

    >>> veiled((0, 0, 0), True), veiled((10, 20, 30), False)
    ((64, 64, 64), (10, 20, 30))
    """
    if not dim:
        return colour
    return tuple(round(c + (VEIL[i] - c) * STRENGTH) for i, c in enumerate(colour[:3])) + tuple(colour[3:])


def colour_ops(colour: tuple, op: str = "rg") -> str:
    """The operator setting `colour` (RGB 0-255) as the fill (``rg``) or stroke (``RG``) colour.

    >>> colour_ops((255, 0, 51))
    '1 0 .2 rg'
    """
    return " ".join(num(c / 255, 3) for c in colour[:3]) + f" {op}"


def glyph_name(char: str) -> str:
    """The name of character `char`'s outline form, the same in every file (a cached face names it).

    >>> glyph_name("萬")
    'G842c'
    """
    return f"G{ord(char):x}"


@lru_cache(maxsize=256)
def glyph_form(char: str) -> tuple[tuple[float, float, float, float], str]:
    """(bbox, content) of the form filling `char`'s outline (font units, y up) in the current colour."""
    ops = shape_ops("path", {"d": path_data(char)})
    x0, y0, x1, y1 = path_bounds(ops)
    return (x0 - 1, y0 - 1, x1 + 1, y1 + 1), ops + " f"


def shading(g: Gradient, dim: bool) -> tuple[str, str]:
    """(name, object) of an axial shading: `g.top` above `g.y0`, a ramp to `g.low` at `g.y1`,
    `g.low` below (SVG's padded gradient); named by its content."""
    top, low = veiled(g.top, dim), veiled(g.low, dim)
    rgb = [" ".join(num(c / 255, 4) for c in colour[:3]) for colour in (top, low)]
    body = (f"<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 {num(g.y0)} 0 {num(g.y1)}] "
            f"/Function << /FunctionType 2 /Domain [0 1] /C0 [{rgb[0]}] /C1 [{rgb[1]}] /N 1 >> "
            f"/Extend [true true] >>")
    return "S" + hashlib.blake2b(body.encode(), digest_size=4).hexdigest(), body


@dataclass
class _Face:
    """A face's content stream, and the glyph forms and shadings it names, in order of use."""

    content: str = ""
    glyphs: dict[str, None] = field(default_factory=dict)
    shadings: dict[str, str] = field(default_factory=dict)


@lru_cache(maxsize=512)
def face_content(code: str, sideways: bool, height: int, density: int, theme: str, index: bool,
                 dim: bool) -> _Face:
    """The PDF content drawing a face, from the vector pen's shapes (`tile_art.svg.themed_tile`),
    in its px at `density`, y down; veiled when `dim`. Cached: read-only."""
    nodes, _ = themed_tile(code, height, density, (theme,), sideways, None, index)
    face = _Face()
    face.content = " ".join(_nodes(nodes, dim, face))
    return face


def _nodes(nodes, dim: bool, face: _Face) -> list[str]:
    out = []
    for n in nodes:
        if isinstance(n, Shape):
            out.append(_shape(n, dim, face))
        elif n.transform:
            out += ["q " + cm(matrix_of(n.transform)).rstrip(), *_nodes(n.children, dim, face), "Q"]
        else:
            out += _nodes(n.children, dim, face)
    return out


def _shape(s: Shape, dim: bool, face: _Face) -> str:
    (paint,) = s.paint  # one theme: one paint
    attrs = attributes(s.geom)
    if s.tag == "glyph":
        face.glyphs[s.ref] = None
        return f"q {colour_ops(veiled(paint, dim))} {cm(matrix_of(attrs['transform']))}/{glyph_name(s.ref)} Do Q"
    if isinstance(paint, Gradient):
        name, body = shading(paint, dim)
        face.shadings[name] = body
        return f"q {shape_ops(s.tag, attrs)} W n /{name} sh Q"
    (x, y), ops = anchored_ops(s.tag, attrs)
    at = cm((1.0, 0.0, 0.0, 1.0, x, y))
    if s.prop == "stroke":
        join = " 1 j" if attrs.get("stroke-linejoin") == "round" else ""
        stroke = f"{colour_ops(veiled(paint, dim), 'RG')} {num(float(attrs['stroke-width']))} w{join}"
        return f"q {stroke} {at}{ops} S Q"
    fill = colour_ops(veiled(paint, dim))
    return f"q {fill} {at}{ops} f Q" if at else f"{fill} {ops} f"


class _Writer:
    """One PDF's objects: a form per face (and per dimmed face), per glyph outline, a shading per
    gradient, a graphics state per opacity; one resources dictionary that every content names."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.pdf = PdfFile()
        self.pages = self.pdf.reserve()
        self.resources = self.pdf.reserve()
        self.xobjects: dict[str, int] = {}
        self.shadings: dict[str, int] = {}
        self.states: dict[str, int] = {}
        self.faces: dict[tuple, tuple[str, tuple[int, int]]] = {}
        self.opacities: dict[int, str] = {}

    def _form(self, name: str, bbox: tuple[float, ...], content: str) -> str:
        entries = (b"/Type /XObject /Subtype /Form /BBox [" + " ".join(num(v) for v in bbox).encode()
                   + b"] /Resources %d 0 R" % self.resources)
        self.xobjects[name] = self.pdf.add(PdfFile.stream(entries, content.encode()))
        return name

    def face(self, p: Placement) -> tuple[str, tuple[int, int]]:
        """The form drawing the face of placed tile `p` (its name) and its size in drawing units."""
        key = (p.tile.code, bool(p.sideways), bool(p.tile.tsumogiri))
        if key not in self.faces:
            doc = self.doc
            doc.tile(p.tile.code, p.sideways)  # the document's check of the face (a bad code is a ValueError)
            size = doc.tiles[(p.tile.code, bool(p.sideways), doc.scale)][2]
            face = face_content(*key[:2], doc.height, doc.scale, doc.themes[0], doc.index and has_index(key[0]),
                                key[2])
            for char in face.glyphs:
                self.glyph(char)
            for name, body in face.shadings.items():
                if name not in self.shadings:
                    self.shadings[name] = self.pdf.add(body.encode())
            self.faces[key] = (self._form(f"T{len(self.faces)}", (0, 0, *size), face.content), size)
        return self.faces[key]

    def glyph(self, char: str) -> str:
        """The form filling character `char`'s outline in the current colour (written on first use)."""
        name = glyph_name(char)
        if name not in self.xobjects:
            self._form(name, *glyph_form(char))
        return name

    def opacity(self, alpha: int) -> str:
        """The graphics state painting at `alpha` (0-255), for a translucent background."""
        if alpha not in self.opacities:
            name = self.opacities[alpha] = f"A{len(self.opacities)}"
            self.states[name] = self.pdf.add(f"<< /ca {num(alpha / 255, 3)} /CA {num(alpha / 255, 3)} >>".encode())
        return self.opacities[alpha]

    def place(self, p: Placement) -> str:
        """The page's ``cm`` and ``Do`` putting `p`'s face in its box; a turned tile turns about its centre."""
        name, (w, h) = self.face(p)
        if not p.rotation:
            m: Matrix = (p.w / w, 0.0, 0.0, p.h / h, float(p.x), float(p.y))
        else:  # as the SVG's <use>: upright in a box of its own size, turned, then moved to the centre
            bw, bh = (p.h, p.w) if p.rotation in (90, 270) else (p.w, p.h)
            turn = matrix_of(f"rotate({p.rotation})")
            m = multiply(multiply((bw / w, 0.0, 0.0, bh / h, -bw / 2, -bh / 2), turn),
                         (1.0, 0.0, 0.0, 1.0, p.x + p.w / 2, p.y + p.h / 2))
        return f"q {cm(m)}/{name} Do Q"

    def finish(self, width: int, height: int, content: str, title: str, lang: str) -> bytes:
        """The file: its page (`width` x `height` CSS px, drawn by `content` in CSS px, y down), its
        resources, and the title and language readers show and speak."""
        pdf = self.pdf
        size = f"{num(width * PT_PER_PX)} {num(height * PT_PER_PX)}"
        flip = cm((PT_PER_PX, 0.0, 0.0, -PT_PER_PX, 0.0, height * PT_PER_PX))
        contents = pdf.add(PdfFile.stream(b"", (flip + content).encode()))
        page = pdf.add(f"<< /Type /Page /Parent {self.pages} 0 R /MediaBox [0 0 {size}] "
                       f"/Resources {self.resources} 0 R /Contents {contents} 0 R >>".encode())
        pdf.put(self.pages, f"<< /Type /Pages /Kids [{page} 0 R] /Count 1 >>".encode())
        kinds = [("XObject", self.xobjects), ("Shading", self.shadings), ("ExtGState", self.states)]
        pdf.put(self.resources, ("<< " + " ".join(
            f"/{kind} << " + " ".join(f"/{k} {v} 0 R" for k, v in named.items()) + " >>"
            for kind, named in kinds if named) + " >>").encode())
        catalog = pdf.add(b"<< /Type /Catalog /Pages %d 0 R /Lang " % self.pages + text_string(lang)
                          + b" /ViewerPreferences << /DisplayDocTitle true >> >>")
        info = pdf.add(b"<< /Title " + text_string(title) + b" /Producer (tiles) >>")
        return pdf.write(catalog, info)


def _labels(writer: _Writer, lay: Layout, theme: str) -> list[str]:
    """Each label's glyph outlines at the layout's x of each character, in the theme's label ink."""
    preload("".join(ch for lab in lay.labels for ch in lab.text if not ch.isspace()))  # one child for all
    em = units_per_em()
    out = [f"q {colour_ops(label_colour(theme))}"]
    for lab in lay.labels:
        k = lab.size / em
        turn = cm(matrix_of(f"rotate({lab.rotation} {lab.x} {lab.y})")) if lab.rotation else ""
        out.append(f"q {turn}".rstrip())
        out += [f"q {cm((k, 0.0, 0.0, -k, lab.x + dx, float(lab.y)))}/{writer.glyph(ch)} Do Q"
                for ch, dx in zip(lab.text, offsets(lab.text, lab.size)) if not ch.isspace()]
        out.append("Q")
    out.append("Q")
    return out


def _shapes(lay: Layout, theme: str) -> list[str]:
    """A scene's panel and riichi sticks, as `service.drawing.shapes` draws them in SVG."""
    pal, out = shape_colours(theme), ["q 1 w"]
    for s in lay.shapes:
        fill, rim, dot = pal[s.kind]
        r = min(s.w, s.h) / 2 if s.kind == "stick" else 6
        out.append(f"{colour_ops(fill)} {colour_ops(rim, 'RG')} "
                   f"{shape_ops('rect', dict(x=str(s.x), y=str(s.y), width=str(s.w), height=str(s.h), rx=str(r)))} B")
        if dot is not None:
            c = dict(cx=str(s.x + s.w / 2), cy=str(s.y + s.h / 2), r=str(max(0.5, min(s.w, s.h) / 3)))
            out.append(f"{colour_ops(dot)} {shape_ops('circle', c)} f")
    out.append("Q")
    return out


def render_pdf(subject: Subject | None, options: RenderOptions = RenderOptions(format="pdf"),
               lay: Layout | None = None, title: str | None = None) -> bytes:
    """PDF of a hand or river (or of a scene's `lay` and `title`); deterministic (the same
    subject and options give the same bytes)."""
    lay = lay or arrange(subject, options)
    writer = _Writer(Document((options.theme,), options.height, max(DENSITY, options.scale), options.index))
    body: list[str] = []
    if options.background is not None:
        r, g, b, a = options.background
        state = f"/{writer.opacity(a)} gs " if a != 255 else ""
        body.append(f"q {state}{colour_ops((r, g, b))} 0 0 {lay.width} {lay.height} re f Q")
    if lay.shapes:
        body += _shapes(lay, options.theme)
    body += [writer.place(p) for p in lay.placements]
    if lay.labels:
        body += _labels(writer, lay, options.theme)
    title = arranged_alt(subject, options) if title is None else title
    return writer.finish(lay.width, lay.height, "\n".join(body), title, options.lang)


__all__ = ["MIMETYPE", "render_pdf"]
