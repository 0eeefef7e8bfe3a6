"""The vector pen's shapes as PDF path operators: the geometry `tile_art.svg_pen.SvgPen` recorded,
read back from its SVG attributes, so the PDF draws exactly what the SVG draws.

An `SvgPen` shape is a tag and its attributes (``d``, ``cx cy r``, ``x y width height rx``); a
group's ``transform`` is SVG's (``translate() scale()``, ``matrix()``, ``rotate()``). Circles and
rounded corners become cubic Beziers (a quarter circle each, as PDF has no arcs). Coordinates
stay in the pen's units, y down: the page flips once (`service.drawing.pdf`).

>>> path_ops("M10 5l10 0 0 3.3z")
'10 5 m 20 5 l 20 8.3 l h'
>>> matrix_of("translate(2 3) scale(.5)")
(0.5, 0.0, 0.0, 0.5, 2.0, 3.0)
"""

from __future__ import annotations

import math
import re

from tile_art.svg_numbers import num

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle's Bezier handles, as a fraction of its radius
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_COMMAND = re.compile(r"([MmLlHhVvCcZz])([^MmLlHhVvCcZz]*)")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_TRANSFORM = re.compile(r"(\w+)\(([^)]*)\)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "z": 0}


def attributes(geom: str) -> dict[str, str]:
    """A shape's SVG attributes (`tile_art.svg_pen.Shape.geom`) as a dict.

    >>> attributes('cx="5" cy="6" r="1" fill="none"')["fill"]
    'none'
    """
    return dict(_ATTR.findall(geom))


def multiply(a: Matrix, b: Matrix) -> Matrix:
    """The matrix doing `a` first, then `b` (PDF's and SVG's (a b c d e f) order).

    >>> multiply((2, 0, 0, 2, 0, 0), (1, 0, 0, 1, 5, 0))
    (2, 0, 0, 2, 5, 0)
    """
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def matrix_of(transform: str) -> Matrix:
    """An SVG ``transform`` attribute's value as one matrix (the rightmost applies first)."""
    m = IDENTITY
    for name, args in _TRANSFORM.findall(transform):
        v = [float(x) for x in _NUMBER.findall(args)]
        if name == "matrix":
            step = tuple(v)
        elif name == "translate":
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate":
            a = math.radians(v[0])
            c, s = math.cos(a), math.sin(a)
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            step = (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
        else:
            raise ValueError(f"transform {name}() is not drawn in PDF")
        m = multiply(step, m)  # type: ignore[arg-type]
    return m


def cm(m: Matrix) -> str:
    """The ``cm`` operator for `m` ("" for the identity)."""
    if m == IDENTITY:
        return ""
    return " ".join(num(v, 5) for v in m) + " cm "


def _xy(x: float, y: float) -> str:
    return f"{num(x)} {num(y)}"


def path_ops(d: str, origin: tuple[float, float] = (0.0, 0.0)) -> str:
    """SVG path data (``M m L l H h V v C c Z z``) as PDF path construction operators, each point
    less `origin`.

    >>> path_ops("M10 5l10 0 0 3.3z", (10, 5))
    '0 0 m 10 0 l 10 3.3 l h'
    """
    ox, oy = origin
    out: list[str] = []
    x = y = sx = sy = 0.0
    for cmd, args in _COMMAND.findall(d):
        low = cmd.lower()
        rel = cmd == low
        v = [float(n) for n in _NUMBER.findall(args)]
        if low == "z":
            out.append("h")
            x, y = sx, sy
            continue
        n = _ARITY[low]
        for i in range(0, len(v), n):
            a = v[i:i + n]
            if low in ("m", "l"):
                x, y = (x + a[0], y + a[1]) if rel else (a[0], a[1])
                out.append(f"{_xy(x - ox, y - oy)} {'m' if low == 'm' and i == 0 else 'l'}")
                if low == "m" and i == 0:
                    sx, sy = x, y
            elif low == "h":
                x = x + a[0] if rel else a[0]
                out.append(f"{_xy(x - ox, y - oy)} l")
            elif low == "v":
                y = y + a[0] if rel else a[0]
                out.append(f"{_xy(x - ox, y - oy)} l")
            else:  # c
                pts = [(x + a[j], y + a[j + 1]) if rel else (a[j], a[j + 1]) for j in (0, 2, 4)]
                out.append(" ".join(_xy(px - ox, py - oy) for px, py in pts) + " c")
                x, y = pts[2]
    return " ".join(out)


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> str:
    """An ellipse as four Bezier quarters, from its rightmost point clockwise on screen.

    >>> ellipse_ops(0, 0, 1, 1).split(" c ")[0]
    '1 0 m 1 .55 .55 1 0 1'
    """
    kx, ky = rx * KAPPA, ry * KAPPA
    return (f"{_xy(cx + rx, cy)} m "
            f"{_xy(cx + rx, cy + ky)} {_xy(cx + kx, cy + ry)} {_xy(cx, cy + ry)} c "
            f"{_xy(cx - kx, cy + ry)} {_xy(cx - rx, cy + ky)} {_xy(cx - rx, cy)} c "
            f"{_xy(cx - rx, cy - ky)} {_xy(cx - kx, cy - ry)} {_xy(cx, cy - ry)} c "
            f"{_xy(cx + kx, cy - ry)} {_xy(cx + rx, cy - ky)} {_xy(cx + rx, cy)} c h")


def rrect_ops(x: float, y: float, w: float, h: float, r: float = 0.0) -> str:
    """A rectangle with corners of radius `r` (clamped to half a side, as SVG's ``rx``).

    >>> rrect_ops(0, 0, 10, 5)
    '0 0 10 5 re'
    """
    r = min(r, w / 2, h / 2)
    if r <= 0:
        return f"{_xy(x, y)} {_xy(w, h)} re"
    k = r * (1 - KAPPA)
    x1, y1 = x + w, y + h
    return (f"{_xy(x + r, y)} m {_xy(x1 - r, y)} l {_xy(x1 - k, y)} {_xy(x1, y + k)} {_xy(x1, y + r)} c "
            f"{_xy(x1, y1 - r)} l {_xy(x1, y1 - k)} {_xy(x1 - k, y1)} {_xy(x1 - r, y1)} c "
            f"{_xy(x + r, y1)} l {_xy(x + k, y1)} {_xy(x, y1 - k)} {_xy(x, y1 - r)} c "
            f"{_xy(x, y + r)} l {_xy(x, y + k)} {_xy(x + k, y)} {_xy(x + r, y)} c h")


def anchored_ops(tag: str, attrs: dict[str, str]) -> tuple[tuple[float, float], str]:
    """`shape_ops` about the shape's own point (a path's first point, a circle's centre) and that
    point: the same pip or stroke anywhere on a face is the same text after its ``cm``, which
    Flate then stores once (PDF has no relative path operators; SVG's relative steps do this there).

    >>> anchored_ops("circle", {"cx": "26", "cy": "22", "r": "2"})[0]
    (26.0, 22.0)
    >>> anchored_ops("path", {"d": "M3 4l1 0 0 1z"})
    ((3.0, 4.0), '0 0 m 1 0 l 1 1 l h')
    """
    if tag == "path":
        first = _NUMBER.findall(attrs["d"])[:2]
        origin = (float(first[0]), float(first[1]))
        return origin, path_ops(attrs["d"], origin)
    if tag in ("circle", "ellipse"):
        origin = (float(attrs["cx"]), float(attrs["cy"]))
        return origin, shape_ops(tag, {**attrs, "cx": "0", "cy": "0"})
    return (0.0, 0.0), shape_ops(tag, attrs)


def shape_ops(tag: str, attrs: dict[str, str]) -> str:
    """The path of an SVG element `tag` with `attrs` (``path``, ``circle``, ``ellipse``, ``rect``).

    >>> shape_ops("rect", {"x": "1", "y": "2", "width": "3", "height": "4"})
    '1 2 3 4 re'
    """
    f = {k: float(v) for k, v in attrs.items() if k in ("cx", "cy", "r", "rx", "ry", "x", "y", "width", "height")}
    if tag == "path":
        return path_ops(attrs["d"])
    if tag == "circle":
        return ellipse_ops(f["cx"], f["cy"], f["r"], f["r"])
    if tag == "ellipse":
        return ellipse_ops(f["cx"], f["cy"], f["rx"], f["ry"])
    if tag == "rect":
        return rrect_ops(f.get("x", 0.0), f.get("y", 0.0), f["width"], f["height"], f.get("rx", 0.0))
    raise ValueError(f"<{tag}> is not drawn in PDF")


def path_bounds(ops: str) -> tuple[float, float, float, float]:
    """The box round every point of a path's operators (Bezier handles too: the curve lies inside).

    >>> path_bounds("10 5 m 20 5 l 20 8.3 l h")
    (10.0, 5.0, 20.0, 8.3)
    """
    xs: list[float] = []
    ys: list[float] = []
    nums: list[float] = []
    for token in ops.split():
        if token == "re":  # x y w h
            x, y, w, h = nums
            xs += [x, x + w]
            ys += [y, y + h]
        elif token in ("m", "l", "c", "h"):
            xs += nums[0::2]
            ys += nums[1::2]
        else:
            nums.append(float(token))
            continue
        nums = []
    return min(xs), min(ys), max(xs), max(ys)
