"""Sou (bamboo) faces: bone-shaped sticks in the traditional arrangements; 1s is a bird.

A stick is knobbed at both ends and at its middle node, with a slimmer waist
between. Layouts are data: (x, y from face centre, length, angle in degrees,
colour name), in face units for a face FH units tall; `draw_bamboo` scales the y
offsets and lengths to the face it is given. Groups span about 80% of the face
width, as on real tiles.

>>> len(LAYOUTS[8]), sum(1 for s in LAYOUTS[9] if s[4] == "red")
(8, 3)
>>> round(span(6))  # outer edge to outer edge of the widest row, in face units
80
"""

from __future__ import annotations

import math

from .bird import draw_bird
from .marks import FH, Dot, red_dots
from .pen import Pen, Point, ellipse_points, rotate, translate
from .theme import RGB, Theme

Stick = tuple[float, float, float, float, str]
_G, _R = "green", "red"
L2, L3 = 57.0, 37.0            # stick lengths for two and three rows
_ROWS2 = (-31.0, 31.0)         # two rows of long sticks
_ROWS3 = (-41.0, 0.0, 41.0)    # three rows of shorter ones
WIDTHS = {2: 20.0, 3: 20.0, 4: 20.0, 5: 19.0, 6: 19.0, 7: 17.0, 8: 16.0, 9: 17.0}  # stick width, by face
_OUT = 10.0                    # outer edge of a group: groups span 10..90
KNOB = 0.32                    # knob half-height / stick width
CROSS = 13.0                   # 8s: how far the inner sticks run on past the point where they cross


def _cols(n: int) -> tuple[float, ...]:
    """x of the outer sticks of face `n` (and the middle), so the group spans _OUT..100-_OUT."""
    half = WIDTHS[n] / 2
    return (_OUT + half, 50.0, 100 - _OUT - half)


def _between(a: Point, b: Point, width: float, name: str, past: float = 0.0) -> Stick:
    """A stick whose end knobs are centred on `a` and on `b`, or `past` units beyond `b`."""
    t = 1 + past / math.dist(a, b)
    b = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    (ax, ay), (bx, by) = a, b
    top, low = (a, b) if ay < by else (b, a)
    angle = math.degrees(math.atan2(top[0] - low[0], low[1] - top[1]))
    return ((ax + bx) / 2, (ay + by) / 2, math.dist(a, b) + 2 * KNOB * width, angle, name)


LAYOUTS: dict[int, list[Stick]] = {
    2: [(50, y, L2, 0, _G) for y in _ROWS2],
    3: [(50, -31, L2, 0, _G), (_cols(3)[0], 31, L2, 0, _G), (_cols(3)[2], 31, L2, 0, _G)],
    4: [(x, y, L2, 0, _G) for y in _ROWS2 for x in _cols(4)[::2]],
    5: [(x, y, L2, 0, _G) for y in _ROWS2 for x in _cols(5)[::2]] + [(50, 0, L2, 0, _R)],
    6: [(x, y, L2, 0, _G) for y in _ROWS2 for x in _cols(6)],
    7: [(50, -41, L3, 0, _R)] + [(x, y, L3, 0, _G) for y in _ROWS3[1:] for x in _cols(7)],
    # W over M: outer sticks upright; each inner pair leans in from the foot of the outer
    # sticks and crosses in an X in the middle column, at a peak in the top half (W) and
    # a valley in the bottom half (M); sticks that meet share one outline
    8: [(x, s * 31, L2, 0, _G) for s in (-1, 1) for x in _cols(8)[::2]]
       + [_between((50 + side * 23, s * 9), (50, s * 35), WIDTHS[8], _G, past=CROSS)
          for s in (-1, 1) for side in (-1, 1)],
    9: [(x, y, L3, 0, _R if x == 50 else _G) for y in _ROWS3 for x in _cols(9)],
}
# Red 5s: a dot below the centre stick, between the lower pair.
RED_DOTS: list[Dot] = [(50, 47, 13.5)]


def span(number: int) -> float:
    """Width in face units from the left edge of the leftmost stick to the right edge of the rightmost."""
    w = WIDTHS[number] / 2
    return max(x + w for x, *_ in LAYOUTS[number]) - min(x - w for x, *_ in LAYOUTS[number])


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def bone(w: float, length: float, grow: float = 0.0) -> list[list[Point]]:
    """The stick's silhouette as polygons (upright, centred on 0, 0), each grown by `grow` units:
    knobs at both ends, a node in the middle, a slimmer waist between."""
    ry = KNOB * w                       # knob half-height
    end = length / 2 - ry               # knob centres
    waist = 0.3 * w + grow
    return [
        [(-waist, -end), (waist, -end), (waist, end), (-waist, end)],
        ellipse_points(0, -end, w / 2 + grow, ry + grow, 28),
        ellipse_points(0, end, w / 2 + grow, ry + grow, 28),
        ellipse_points(0, 0, 0.43 * w + grow, 0.17 * w + grow, 24),
    ]


def _detail(w: float, length: float) -> tuple[list[list[Point]], list[Point]]:
    """A light groove down each half of the stick (polygons) and the joint line across the node."""
    end = length / 2 - KNOB * w
    g = 0.065 * w
    grooves = []
    for s in (-1, 1):
        a, b = s * 0.3 * w, s * (end - 0.05 * w)
        grooves.append([(-g, min(a, b)), (g, min(a, b)), (g, max(a, b)), (-g, max(a, b))])
    return grooves, [(-0.36 * w, 0), (0.36 * w, 0)]


def draw_sticks(pen: Pen, sticks: list[tuple[float, float, float, float, RGB, RGB]], width: float,
                light: RGB) -> None:
    """Sticks given as (x, y, length, angle, main, rind) in face units: every rind first, then
    every body, then the detail, so sticks that meet share one outline and none crosses another."""
    rind = 0.11 * width

    def place(points, x, y, angle):
        return translate(rotate(points, angle), x, y)

    for x, y, length, angle, _, dark in sticks:
        for shape in bone(width, length, grow=rind):
            pen.poly(place(shape, x, y, angle), dark)
    for x, y, length, angle, main, _ in sticks:
        for shape in bone(width, length):
            pen.poly(place(shape, x, y, angle), main)
    for x, y, length, angle, main, dark in sticks:
        grooves, joint = _detail(width, length)
        for shape in grooves:
            pen.poly(place(shape, x, y, angle), _mix(main, light, 0.7))
        pen.line(place(joint, x, y, angle), 0.1 * width, dark)


def draw_bamboo(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Draw the sou face for `number` (1-9); `red` paints every stick red and adds the red-five dot."""
    if number == 1:
        draw_bird(pen, theme)
        return
    k = pen.fh / FH
    sticks = []
    for x, dy, length, angle, name in LAYOUTS[number]:
        colours = (theme.red, theme.red_dark) if red or name == _R else (theme.green, theme.green_dark)
        sticks.append((x, pen.cy + dy * k, length * k, angle, *colours))
    draw_sticks(pen, sticks, WIDTHS[number], theme.light)
    if red:
        red_dots(pen, theme, RED_DOTS)
