"""The vector backend of the pen: the same methods as `tile_art.pen.Pen`, recorded as SVG.

Drawing code cannot tell the two apart: what it draws through an `SvgPen` becomes a
small tree of `Shape`s and `Group`s in the pen's own units (face units, or canvas
units for the body), which `tile_art.svg` turns into one document. Colours stay
colours here; the document gives them CSS classes (and a dark variant for
theme=auto).

>>> pen = SvgPen(fh=130)
>>> pen.circle(50, 65, 10, (255, 0, 0))
>>> pen.poly([(0, 0), (10, 0), (10, 5)], (0, 0, 255))
>>> [(s.tag, s.geom) for s in pen.nodes]
[('circle', 'cx="50" cy="65" r="10"'), ('path', 'd="M0 0l10 0 0 5z"')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Union

from .pen import Box, Colour, Gradient, Point, frame_of, turn_matrix
from .svg_numbers import fnum, num

Paint = Union[Colour, Gradient, tuple]  # a tuple of those, one per theme, once themes are merged


@dataclass(frozen=True, slots=True)
class Shape:
    """One painted element: `<tag geom>` painted with `paint` through CSS property `prop`.

    A `glyph` shape is a `<use>` of the path of character `ref` (drawn once per document).
    """

    tag: str
    geom: str
    paint: Paint
    prop: str = "fill"
    ref: str = ""


@dataclass(slots=True)
class Group:
    """Children drawn in a frame: `transform` (SVG syntax, "" for none) maps them to the parent;
    `cls` a CSS class (the document uses it to show one theme's drawing)."""

    transform: str
    children: list = field(default_factory=list)
    cls: str = ""
    key: str = field(default="", compare=False, repr=False)  # names the content (set by tile_art.svg.merge)


@lru_cache(maxsize=8192)
def _tenths(n: int) -> str:
    """An integer count of tenths as text: 123 -> '12.3', -5 -> '-.5', 40 -> '4'."""
    sign, n = ("-" if n < 0 else ""), abs(n)
    whole, frac = divmod(n, 10)
    if not frac:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{frac}"


def poly_path(points: Sequence[Point]) -> str:
    """Path data for a closed polygon, to 0.1 unit: the first point absolute, the rest as
    relative steps between offsets rounded from the first point, so the same shape
    anywhere reads the same after the `M` (and gzips to almost nothing).

    >>> poly_path([(10.04, 5), (20, 5), (20, 8.26)])
    'M10 5l10 0 0 3.3z'
    """
    x0, y0 = points[0]
    offs = [(round((x - x0) * 10), round((y - y0) * 10)) for x, y in points]
    steps = []
    for (ax, ay), (bx, by) in zip(offs, offs[1:]):
        steps += [bx - ax, by - ay]
    text = " ".join(_tenths(s) for s in steps).replace(" -", "-")
    return f"M{num(x0, 1)} {num(y0, 1)}".replace(" -", "-") + (f"l{text}" if text else "") + "z"


def _pts(points: Sequence[Point], places: int = 2) -> str:
    return " ".join(f"{num(x, places)} {num(y, places)}" for x, y in points).replace(" -", "-")


class SvgPen:
    """Records shapes given in pen units (see `tile_art.pen.Pen` for the meaning of each)."""

    def __init__(self, fh: float, nodes: list | None = None):
        self.fh = fh
        self.nodes: list = [] if nodes is None else nodes

    @property
    def cy(self) -> float:
        """Vertical centre of the face, in units."""
        return self.fh / 2

    def group(self, transform: str = "", fh: float | None = None) -> SvgPen:
        """A pen drawing into a new child group (vector backend only; used to share parts)."""
        g = Group(transform)
        self.nodes.append(g)
        return SvgPen(self.fh if fh is None else fh, g.children)

    def frame(self, box: Box) -> SvgPen:
        (ox, oy), unit, fh = frame_of(box)
        return self.group(f"translate({fnum(ox)} {fnum(oy)}) scale({fnum(unit)})", fh)

    def _add(self, tag: str, geom: str, paint: Paint, prop: str = "fill", ref: str = "") -> None:
        self.nodes.append(Shape(tag, geom, paint, prop, ref))

    def poly(self, points: Sequence[Point], fill: Colour) -> None:
        self._add("path", f'd="{poly_path(points)}"', fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Colour) -> None:
        self._add("ellipse", f'cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx)}" ry="{num(ry)}"', fill)

    def circle(self, cx: float, cy: float, r: float, fill: Colour) -> None:
        self._add("circle", f'cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"', fill)

    def ring(self, cx: float, cy: float, r: float, width: float, fill: Colour) -> None:
        self._add("circle", f'cx="{num(cx)}" cy="{num(cy)}" r="{num(r - width / 2)}" fill="none" '
                            f'stroke-width="{num(width)}"', fill, "stroke")

    def rrect(self, box: Box, radius: float, fill: Colour | None = None,
              outline: Colour | None = None, width: float = 0) -> None:
        x0, y0, x1, y1 = box
        if fill is not None:
            self._add("rect", _rect(x0, y0, x1, y1, radius), fill)
        if outline is not None and width > 0:
            h = width / 2  # the stroke straddles its path; the outline lies inside the box
            self._add("rect", _rect(x0 + h, y0 + h, x1 - h, y1 - h, max(0.0, radius - h))
                      + f' fill="none" stroke-width="{num(width)}"', outline, "stroke")

    def rrect_gradient(self, box: Box, radius: float, top: Colour, low: Colour, start: float | None = None) -> None:
        self._add("rect", _rect(*box, radius), Gradient(top, low, box[1] if start is None else start, box[3]))

    def line(self, points: Sequence[Point], width: float, fill: Colour) -> None:
        first, *rest = points
        self._add("path", f'd="M{_pts([first])}L{_pts(rest)}" fill="none" stroke-width="{num(width)}" '
                          f'stroke-linejoin="round"', fill, "stroke")

    def glyph(self, char: str, box: Box, fill: Colour, stretch: float = 1.0, fit: str | None = None) -> None:
        from .outline import placement, units_per_em

        sx, sy, tx, ty = placement(char, box, stretch, fit)
        em = units_per_em()  # the path is in font units
        self._add("glyph", f'transform="matrix({fnum(sx / em)} 0 0 {fnum(-sy / em)} {fnum(tx)} {fnum(ty)})"',
                  fill, ref=char)

    def turned(self, content_fh: float, draw: Callable[[SvgPen], None]) -> None:
        draw(self.group("matrix(%s)" % " ".join(fnum(v) for v in turn_matrix(self.fh, content_fh)), content_fh))


def _rect(x0: float, y0: float, x1: float, y1: float, r: float) -> str:
    rx = f' rx="{num(r)}"' if r > 0 else ""
    return f'x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" height="{num(y1 - y0)}"{rx}'
