"""A pen that draws in face units onto a supersampled canvas.

The face area is 100 units wide; its height in units (`fh`) follows from the tile
shape (about 130). Layouts are written in these units so they work at any size.

>>> from PIL import Image
>>> im = Image.new("RGBA", (200, 260))
>>> pen = Pen(im, origin=(0, 0), unit=2.0, fh=130)
>>> pen.circle(50, 65, 10, (255, 0, 0))
>>> im.getpixel((100, 130))
(255, 0, 0, 255)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

Point = tuple[float, float]
Colour = tuple[int, ...]


def ellipse_points(cx: float, cy: float, rx: float, ry: float, n: int = 32) -> list[Point]:
    """Polygon approximating an ellipse, so it can be rotated. `ellipse_points(0, 0, 1, 1, 4)[0] == (1.0, 0.0)`."""
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]


def rotate(points: Iterable[Point], degrees: float, about: Point = (0.0, 0.0)) -> list[Point]:
    """Rotate points clockwise on screen (y grows down) about a point. `rotate([(1, 0)], 90)` ~ [(0, 1)]."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    ax, ay = about
    return [(ax + (x - ax) * c - (y - ay) * s, ay + (x - ax) * s + (y - ay) * c) for x, y in points]


def translate(points: Iterable[Point], dx: float, dy: float) -> list[Point]:
    """Shift points. `translate([(1, 2)], 1, 1) == [(2, 3)]`."""
    return [(x + dx, y + dy) for x, y in points]


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

    def poly(self, points: Sequence[Point], fill: Colour) -> None:
        self.draw.polygon([self.px(x, y) for x, y in points], fill=fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Colour) -> None:
        x0, y0 = self.px(cx - rx, cy - ry)
        x1, y1 = self.px(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), fill=fill)

    def circle(self, cx: float, cy: float, r: float, fill: Colour) -> None:
        self.ellipse(cx, cy, r, r, fill)

    def ring(self, cx: float, cy: float, r: float, width: float, fill: Colour) -> None:
        x0, y0 = self.px(cx - r, cy - r)
        x1, y1 = self.px(cx + r, cy + r)
        self.draw.ellipse((x0, y0, x1, y1), outline=fill, width=max(1, round(width * self.u)))

    def rrect(self, box: tuple[float, float, float, float], radius: float, fill: Colour | None = None,
              outline: Colour | None = None, width: float = 0) -> None:
        x0, y0 = self.px(box[0], box[1])
        x1, y1 = self.px(box[2], box[3])
        self.draw.rounded_rectangle((x0, y0, x1, y1), radius=radius * self.u, fill=fill,
                                    outline=outline, width=max(0, round(width * self.u)))

    def rrect_gradient(self, box: tuple[float, float, float, float], radius: float, top: Colour,
                       low: Colour) -> None:
        """A rounded rectangle filled with a vertical linear gradient from `top` to `low`."""
        x0, y0 = self.px(box[0], box[1])
        x1, y1 = self.px(box[2], box[3])
        ix, iy = math.floor(x0), math.floor(y0)
        size = (math.ceil(x1) - ix + 1, math.ceil(y1) - iy + 1)
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).rounded_rectangle((x0 - ix, y0 - iy, x1 - ix, y1 - iy), radius=radius * self.u,
                                               fill=255)
        ramp = Image.linear_gradient("L").resize(size, Image.Resampling.BILINEAR)
        paint = Image.composite(Image.new("RGBA", size, tuple(low[:3]) + (255,)),
                                Image.new("RGBA", size, tuple(top[:3]) + (255,)), ramp)
        self.canvas.paste(paint, (ix, iy), mask)

    def line(self, points: Sequence[Point], width: float, fill: Colour) -> None:
        self.draw.line([self.px(x, y) for x, y in points], fill=fill,
                       width=max(1, round(width * self.u)), joint="curve")

    def stamp(self, mask: Image.Image, box: tuple[float, float, float, float], fill: Colour,
              stretch: float = 1.0, fit: tuple[int, int] | None = None) -> None:
        """Fill colour through an "L" mask centred in a unit box; `stretch` widens it.

        The mask is scaled so that `fit` (default: the mask's own size) fits the box;
        glyphs sharing one `fit` come out at one common size.
        """
        bw, bh = (box[2] - box[0]) * self.u, (box[3] - box[1]) * self.u
        fw, fh = fit or mask.size
        k = min(bw / (fw * stretch), bh / fh)
        w, h = max(1, round(mask.width * k * stretch)), max(1, round(mask.height * k))
        cx, cy = self.px((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        ink = Image.new("RGBA", (w, h), fill)
        ink.putalpha(mask.resize((w, h), Image.Resampling.LANCZOS))
        self.canvas.alpha_composite(ink, (round(cx - w / 2), round(cy - h / 2)))  # right on clear layers too
