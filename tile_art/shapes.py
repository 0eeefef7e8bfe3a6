"""Plant and scene shapes for the bonus faces: leaves, petals, blossoms, as polygons in face units.

Angles are degrees clockwise from straight up (as `pen.rotate` turns points on screen).

>>> pts = leaf((50, 90), 0, 40, 8)
>>> round(min(y for _, y in pts)), round(max(y for _, y in pts))   # from the base up to the tip
(50, 90)
>>> len(petal((50, 50), 90, 10, 3, 6))
16
"""

from __future__ import annotations

import math

from .pen import Colour, Pen, Point, ellipse_points, rotate, translate


def leaf(base: Point, angle: float, length: float, width: float, bend: float = 0.0, n: int = 12) -> list[Point]:
    """A pointed leaf from `base` toward `angle`, widest a third of the way up; its tip is
    bent `bend` units sideways (positive: clockwise), so long leaves arch. The tip is
    point `n` of the 2n returned; short leaves need fewer steps `n` (fewer SVG bytes)."""
    left, right = [], []
    for i in range(n + 1):
        t = i / n
        half = width / 2 * math.sin(math.pi * t ** 0.75)
        mid = bend * t * t
        left.append((mid - half, -length * t))
        right.append((mid + half, -length * t))
    return translate(rotate(left + right[-2:0:-1], angle), *base)


def petal(centre: Point, angle: float, dist: float, rx: float, ry: float, n: int = 16) -> list[Point]:
    """An elliptical petal pointing `angle` from `centre`, its middle `dist` units out."""
    return translate(rotate(ellipse_points(0, -dist, rx, ry, n), angle), *centre)


def blossom(pen: Pen, centre: Point, r: float, petals: Colour, heart: Colour, dot: Colour, turn: float = 0) -> None:
    """A five-petalled blossom (plum, peach) of radius `r`: round petals, a pale heart, a dot."""
    for i in range(5):
        x, y = translate(rotate([(0, -0.52 * r)], turn + 72 * i), *centre)[0]
        pen.circle(x, y, 0.48 * r, petals)
    pen.circle(*centre, 0.3 * r, heart)
    pen.circle(*centre, 0.15 * r, dot)


def wave(x0: float, x1: float, y: float, amp: float, periods: float, n: int = 24) -> list[Point]:
    """A sine line from x0 to x1 about height y, for water."""
    return [(x0 + (x1 - x0) * i / n, y - amp * math.sin(2 * math.pi * periods * i / n)) for i in range(n + 1)]
