"""The four seasons' pictures: spring, summer, autumn, winter (our own designs, Pen shapes only).

Each draws into a frame 100 units wide and about 94 tall (`bonus.boxes`): a swallow
over new grass for spring, the sun over waves for summer, a red maple leaf under the
harvest moon for autumn, a snowflake for winter.

>>> round(max(math.dist((0, 0), p) for p in maple((0, 0), 10)), 6)   # the top lobe reaches the size
10.0
"""

from __future__ import annotations

import math

from .pen import Pen, Point, ellipse_points, rotate, translate
from .shapes import leaf, wave
from .theme import Theme

# maple lobes: (angle clockwise from up, length / size)
LOBES = ((-122, 0.55), (-62, 0.88), (0, 1.0), (62, 0.88), (122, 0.55))


def _polar(c: Point, angle: float, r: float) -> Point:
    a = math.radians(angle)
    return (c[0] + r * math.sin(a), c[1] - r * math.cos(a))


def maple(c: Point, size: float, turn: float = 0.0) -> list[Point]:
    """A five-lobed, toothed maple leaf round `c`, its top lobe `size` units long."""
    pts = [_polar(c, turn - 165, 0.18 * size)]
    for i, (a, k) in enumerate(LOBES):
        length = k * size
        for da, r in ((-19, 0.5), (-11, 0.74), (-7, 0.66), (0, 1.0), (7, 0.66), (11, 0.74), (19, 0.5)):
            pts.append(_polar(c, turn + a + da, r * length))
        if i < len(LOBES) - 1:
            pts.append(_polar(c, turn + (a + LOBES[i + 1][0]) / 2, 0.3 * size))
    pts.append(_polar(c, turn + 165, 0.18 * size))
    return pts


def draw_spring(pen: Pen, theme: Theme) -> None:
    """春: a swallow flying up to the left, forked tail behind, over tufts of new grass."""
    for x, angles in ((17, (-30, 0, 28)), (50, (-24, 8)), (81, (-28, 0, 30))):
        for a in angles:
            pen.poly(leaf((x, 91), a, 22, 5.5, 4 if a > 0 else -4, n=8), theme.green)
    heading, at, k = -52.0, (50.0, 40.0), 1.12

    def put(points):
        return translate(rotate([(x * k, y * k) for x, y in points], heading), *at)

    pen.poly(put(leaf((-2, 10), 200, 26, 6.5, 3, n=8)), theme.blue)   # tail forks
    pen.poly(put(leaf((2, 10), 160, 26, 6.5, -3, n=8)), theme.blue)
    pen.poly(put(leaf((-3, -3), -100, 44, 12, -12)), theme.blue)  # wings, swept back
    pen.poly(put(leaf((3, -3), 100, 44, 12, 12)), theme.blue)
    pen.poly(put(ellipse_points(0, 0, 7, 15)), theme.blue)    # body
    pen.poly(put(ellipse_points(0, 3, 3.6, 9)), theme.light)  # pale belly
    pen.poly(put(ellipse_points(0, -14, 6.5, 6.5)), theme.blue)  # head
    pen.poly(put(ellipse_points(0, -10.5, 3.4, 3)), theme.red)  # red throat


def draw_summer(pen: Pen, theme: Theme) -> None:
    """夏: a blazing sun over three lines of waves."""
    sun = (50, 34)
    for i in range(12):
        a = 30 * i
        pen.poly([_polar(sun, a - 9, 20), _polar(sun, a, 31), _polar(sun, a + 9, 20)], theme.gold)
    pen.circle(*sun, 18, theme.red)
    pen.circle(*sun, 14.5, theme.gold)
    for y, x0 in ((67, 4), (77, 10), (87, 4)):
        pen.line(wave(x0, 96 - (x0 - 4), y, 3.2, 2.5, 15), 3.6, theme.blue)


def draw_autumn(pen: Pen, theme: Theme) -> None:
    """秋: a red maple leaf, veined, under a golden full moon."""
    pen.circle(76, 19, 17, theme.gold)
    leaf_at, size, turn = (42.0, 54.0), 42.0, -14.0
    pen.line([leaf_at, _polar(leaf_at, turn + 180, 0.95 * size)], 3, theme.red_dark)
    pen.poly(maple(leaf_at, size, turn), theme.red)
    for a, k in LOBES:
        pen.line([leaf_at, _polar(leaf_at, turn + a, 0.78 * k * size)], 1.6, theme.red_dark)


def draw_winter(pen: Pen, theme: Theme) -> None:
    """冬: a six-armed snowflake, each arm with two pairs of branches, and falling flakes."""
    c, r = (50.0, 44.0), 38.0
    for i in range(6):
        a = 60 * i
        pen.line([c, _polar(c, a, r)], 4.2, theme.blue)
        for at, length in ((0.42, 13), (0.7, 9)):
            base = _polar(c, a, at * r)
            for side in (-48, 48):
                pen.line([base, _polar(base, a + side, length)], 3.4, theme.blue)
        pen.circle(*_polar(c, a, r), 3.2, theme.blue)
    pen.circle(*c, 7, theme.blue)
    pen.circle(*c, 3, theme.light)
    for x, y in ((8, 8), (92, 86), (9, 84), (92, 8)):
        pen.circle(x, y, 3, theme.blue)
