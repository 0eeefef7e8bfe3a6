"""A pen that draws in face units; this one paints a supersampled Pillow canvas.

The face area is 100 units wide; its height in units (`fh`) follows from the tile
shape (about 130). Layouts are written in these units so they work at any size.

Drawing code (body, pins, bamboo, bird, characters) draws only through these
methods; `tile_art.svg_pen.SvgPen` has the same methods and writes vectors, so a
face is described once and drawn by either backend. Geometry is continuous: a box
(x0, y0, x1, y1) covers x0 <= x < x1, as in SVG; this class maps that onto
Pillow's pixel grid.

>>> from PIL import Image
>>> im = Image.new("RGBA", (200, 260))
>>> pen = Pen(im, origin=(0, 0), unit=2.0, fh=130)
>>> pen.circle(50, 65, 10, (255, 0, 0))
>>> im.getpixel((100, 130))
(255, 0, 0, 255)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

Point = tuple[float, float]
Colour = tuple[int, ...]
Box = tuple[float, float, float, float]


@lru_cache(maxsize=None)
def _circle(n: int) -> tuple[Point, ...]:
    """(cos, sin) of n angles round the circle: every ellipse of n points shares them."""
    return tuple((math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)) for i in range(n))


def ellipse_points(cx: float, cy: float, rx: float, ry: float, n: int = 32) -> list[Point]:
    """Polygon approximating an ellipse, so it can be rotated. `ellipse_points(0, 0, 1, 1, 4)[0] == (1.0, 0.0)`."""
    return [(cx + rx * c, cy + ry * s) for c, s in _circle(n)]


def rotate(points: Iterable[Point], degrees: float, about: Point = (0.0, 0.0)) -> list[Point]:
    """Rotate points clockwise on screen (y grows down) about a point. `rotate([(1, 0)], 90)` ~ [(0, 1)]."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    ax, ay = about
    return [(ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c) for x, y in points]


def translate(points: Iterable[Point], dx: float, dy: float) -> list[Point]:
    """Shift points. `translate([(1, 2)], 1, 1) == [(2, 3)]`."""
    return [(x + dx, y + dy) for x, y in points]


@dataclass(frozen=True, slots=True)
class Gradient:
    """A vertical gradient paint: `top` down to y0, then a ramp to `low` at y1 (pen units);
    what `rrect_gradient` fills with, as the vector pen records it."""

    top: Colour
    low: Colour
    y0: float
    y1: float


def frame_of(box: Box) -> tuple[Point, float, float]:
    """(origin, unit, fh) of a face frame 100 units wide filling `box` (parent units).

    >>> frame_of((10, 20, 60, 85))
    ((10, 20), 0.5, 130.0)
    """
    unit = (box[2] - box[0]) / 100
    return (box[0], box[1]), unit, (box[3] - box[1]) / unit


def turn_matrix(face_fh: float, content_fh: float) -> tuple[float, float, float, float, float, float]:
    """Affine (a, b, c, d, e, f) taking upright content (100 x `content_fh` units) to a face
    100 x `face_fh` units: turned 90 degrees counter-clockwise, as large as fits, centred.
    A point maps as X = a*x + c*y + e, Y = b*x + d*y + f (SVG's matrix()).

    >>> a, b, c, d, e, f = turn_matrix(75.0, 130.0)
    >>> (round(c * 0 + e, 2), round(b * 100 + f, 2))   # content top-right corner -> face top-left
    (1.25, 0.0)
    """
    k = min(face_fh / 100, 100 / content_fh)
    return 0.0, -k, k, 0.0, (100 - content_fh * k) / 2, (face_fh - 100 * k) / 2 + 100 * k


class Pen:
    """Draws shapes given in face units; `unit` is canvas pixels per unit."""

    def __init__(self, canvas: Image.Image, origin: Point, unit: float, fh: float):
        self.canvas = canvas
        self.draw = ImageDraw.Draw(canvas)
        self.ox, self.oy = origin
        self.u = unit
        self.fh = fh

    @property
    def cy(self) -> float:
        """Vertical centre of the face, in units."""
        return self.fh / 2

    def px(self, x: float, y: float) -> Point:
        return (self.ox + x * self.u, self.oy + y * self.u)

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> Box:
        """A continuous unit box as Pillow's inclusive pixel box (its last pixel is x1 - 1)."""
        (a, b), (c, d) = self.px(x0, y0), self.px(x1, y1)
        return a, b, max(a, c - 1), max(b, d - 1)

    def _pts(self, points: Sequence[Point]) -> list[Point]:
        """Canvas points for Pillow's polygon and line. Pillow truncates each vertex and fills
        the pixels whose corner lies inside, which is the pixel-centre rule applied to the
        unshifted point (floor(v) == round(v - 0.5)), so no shift: measured against
        Chromium's SVG, a half-pixel shift made pins and sticks slightly worse."""
        return [self.px(x, y) for x, y in points]

    def frame(self, box: Box) -> Pen:
        """A pen addressing `box` (in this pen's units) as a face 100 units wide."""
        origin, unit, fh = frame_of(box)
        return Pen(self.canvas, self.px(*origin), self.u * unit, fh)

    def poly(self, points: Sequence[Point], fill: Colour) -> None:
        self.draw.polygon(self._pts(points), fill=fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Colour) -> None:
        self.draw.ellipse(self._box(cx - rx, cy - ry, cx + rx, cy + ry), fill=fill)

    def circle(self, cx: float, cy: float, r: float, fill: Colour) -> None:
        self.ellipse(cx, cy, r, r, fill)

    def ring(self, cx: float, cy: float, r: float, width: float, fill: Colour) -> None:
        """A circle outline `width` units wide, inside radius `r`."""
        self.draw.ellipse(self._box(cx - r, cy - r, cx + r, cy + r), outline=fill,
                          width=max(1, round(width * self.u)))

    def rrect(self, box: Box, radius: float, fill: Colour | None = None,
              outline: Colour | None = None, width: float = 0) -> None:
        """Rounded rectangle; the outline lies inside the box."""
        self.draw.rounded_rectangle(self._box(*box), radius=radius * self.u, fill=fill, outline=outline,
                                    width=max(0, round(width * self.u)))

    def rrect_gradient(self, box: Box, radius: float, top: Colour, low: Colour, start: float | None = None) -> None:
        """A rounded rectangle filled `top` down to `start` (default: its top edge), then with a
        vertical linear ramp to `low` at its bottom edge (SVG's padded linearGradient)."""
        x0, y0, x1, y1 = self._box(*box)
        ix, iy = math.floor(x0), math.floor(y0)
        size = (math.ceil(x1) - ix + 1, math.ceil(y1) - iy + 1)
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((x0 - ix, y0 - iy, x1 - ix, y1 - iy), radius=radius * self.u,
                                               fill=255)
        s, e = self.px(0, box[1] if start is None else start)[1], self.px(0, box[3])[1]
        ramp = [round(255 * min(1.0, max(0.0, (iy + j + 0.5 - s) / max(e - s, 1e-9)))) for j in range(size[1])]
        flat = next((j for j, v in enumerate(ramp) if v), size[1])  # rows of `top` alone
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius * self.u, fill=top)  # the same pixels as `mask`
        if flat < size[1]:  # the ramp's rows
            rows = (size[0], size[1] - flat)
            column = Image.new("L", (1, rows[1]))
            column.putdata(ramp[flat:])
            paint = Image.composite(Image.new("RGBA", rows, _rgba(low)), Image.new("RGBA", rows, _rgba(top)),
                                    column.resize(rows, Image.Resampling.NEAREST))
            self.canvas.paste(paint, (ix, iy + flat), mask.crop((0, flat, size[0], size[1])))

    def line(self, points: Sequence[Point], width: float, fill: Colour) -> None:
        """A polyline with flat ends and round joints."""
        self.draw.line(self._pts(points), fill=fill, width=max(1, round(width * self.u)), joint="curve")

    def glyph(self, char: str, box: Box, fill: Colour, stretch: float = 1.0, fit: str | None = None) -> None:
        """A character of the tile font filling `box`, centred; `stretch` widens it; glyphs of one
        `fit` string share one size (that of the largest among them). See `tile_art.outline`."""
        from .shared import ink_mask
        from .glyphs import RENDER_PX as r
        from .outline import master, placement

        sx, sy, tx, ty = placement(char, box, stretch, fit)
        mask, ax, ay, (fx0, fy0, fx1, fy1) = master(char)
        cx0, cy0 = self.px(tx + sx * fx0, ty - sy * fy1)      # ink box on the canvas
        cx1, cy1 = self.px(tx + sx * fx1, ty - sy * fy0)
        X0, Y0, X1, Y1 = math.floor(cx0), math.floor(cy0), math.ceil(cx1), math.ceil(cy1)
        kx, ky = r / (self.u * sx), r / (self.u * sy)         # mask px per canvas px
        src = (ax + r * fx0 - (cx0 - X0) * kx, ay - r * fy1 - (cy0 - Y0) * ky,
               ax + r * fx1 + (X1 - cx1) * kx, ay - r * fy0 + (Y1 - cy1) * ky)
        mask = ink_mask(char, (X1 - X0, Y1 - Y0), src)
        if self.canvas.mode == "RGB":  # an opaque face (`body.Body.pen`): blend the ink in
            self.canvas.paste(tuple(fill[:3]), (X0, Y0, X1, Y1), mask)
            return
        ink = Image.new("RGBA", mask.size, _rgba(fill))
        ink.putalpha(mask)
        self.canvas.alpha_composite(ink, (X0, Y0))

    def turned(self, content_fh: float, draw: Callable[[Pen], None]) -> None:
        """Let `draw` paint upright content (100 x `content_fh` units) on a clear layer, then
        turn it 90 degrees counter-clockwise onto this face (placement: `turn_matrix`).
        On an opaque face (`body.Body.pen`) the face's own pixels under the layer are turned
        upright instead, painted and turned back: the same pixels, without a layer to blend."""
        a, b, c, d, e, f = turn_matrix(self.fh, content_fh)
        u = c * self.u  # canvas px per content unit
        pad = 4  # units of slack round the layer, for strokes that touch the face edge
        size = (math.ceil((100 + 2 * pad) * u), math.ceil((content_fh + 2 * pad) * u))
        rows = size[0]  # after the turn, content x runs up from the bottom row
        x, y = self.px(e, f + b * 100)  # where the content's top-right corner lands
        at = (round(x - pad * u), round(y - (rows - (100 + pad) * u)))
        if self.canvas.mode == "RGB":
            box = (at[0], at[1], at[0] + size[1], at[1] + size[0])
            region = self.canvas.crop(box).transpose(Image.Transpose.ROTATE_270)
            draw(Pen(region, (pad * u, pad * u), u, content_fh))
            self.canvas.paste(region.transpose(Image.Transpose.ROTATE_90), at)
            return
        layer = Image.new("RGBA", size, (0, 0, 0, 0))
        draw(Pen(layer, (pad * u, pad * u), u, content_fh))
        self.canvas.alpha_composite(layer.transpose(Image.Transpose.ROTATE_90), at)


def _rgba(colour: Colour) -> tuple[int, int, int, int]:
    return tuple(colour) + (255,) * (4 - len(colour))  # type: ignore[return-value]
