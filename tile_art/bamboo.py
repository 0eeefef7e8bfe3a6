"""Sou (bamboo) faces: jointed sticks in the traditional arrangements; 1s is a bird.

Layouts are data: (x, y from face centre, length, angle in degrees, colour name).

>>> len(LAYOUTS[8]), sum(1 for s in LAYOUTS[9] if s[4] == "red")
(8, 3)
"""

from __future__ import annotations

import math

from .bird import draw_bird
from .pen import Pen, Point, ellipse_points, rotate, translate
from .theme import RGB, Theme

Stick = tuple[float, float, float, float, str]
_G, _R = "green", "red"
_COLS3 = (22, 50, 78)
_ROWS2 = (-30.5, 30.5)       # two rows of long sticks fill the face (y spans about +-64)
_ROWS3 = (-41.5, 0, 41.5)    # three rows of shorter ones
L2, L3 = 58, 38              # stick lengths for two and three rows
LAYOUTS: dict[int, list[Stick]] = {
    2: [(50, y, L2, 0, _G) for y in _ROWS2],
    3: [(50, -30.5, L2, 0, _G), (29, 30.5, L2, 0, _G), (71, 30.5, L2, 0, _G)],
    4: [(x, y, L2, 0, _G) for y in _ROWS2 for x in (29, 71)],
    5: [(x, y, L2, 0, _G) for y in _ROWS2 for x in (21, 79)] + [(50, 0, L2, 0, _R)],
    6: [(x, y, L2, 0, _G) for y in _ROWS2 for x in _COLS3],
    7: [(50, -41.5, L3, 0, _R)] + [(x, y, L3, 0, _G) for y in _ROWS3[1:] for x in _COLS3],
    # M over W: zigzags, neighbours meeting at alternate ends (/\/\ on top, \/\/ below)
    8: [(x, y, 56, a * (1 if y < 0 else -1), _G)
        for y in _ROWS2 for x, a in ((15, 13), (38.5, -13), (61.5, 13), (85, -13))],
    9: [(x, y, L3, 0, _R if x == 50 else _G) for y in _ROWS3 for x in _COLS3],
}
WIDTHS = {2: 19.0, 3: 19.0, 4: 19.0, 5: 18.0, 6: 18.0, 8: 14.5}  # stick width in face units, by face
WIDTH = 16.0  # the rest: sticks set closer together


def _rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> list[Point]:
    """Rounded rectangle as a polygon (so it can be rotated)."""
    corners = ((x1 - r, y0 + r, -90), (x1 - r, y1 - r, 0), (x0 + r, y1 - r, 90), (x0 + r, y0 + r, 180))
    return [(cx + r * math.cos(math.radians(a + 15 * i)), cy + r * math.sin(math.radians(a + 15 * i)))
            for cx, cy, a in corners for i in range(7)]


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def stick(pen: Pen, x: float, y: float, length: float, angle: float, main: RGB, dark: RGB, light: RGB,
          width: float = WIDTH) -> None:
    """One bamboo stick: a dark rind, two green segments split by joints, a light groove in each."""
    w, h = width, length
    k = 0.09 * h  # joint height

    def put(points, colour):
        pen.poly(translate(rotate(points, angle), x, y), colour)

    put(_rrect(-w / 2, -h / 2, w / 2, h / 2, 0.3 * w), dark)
    seg = (h - 3 * k) / 2
    for s in (-1, 1):
        mid = s * (k / 2 + seg / 2)
        put(_rrect(-0.3 * w, mid - seg / 2, 0.3 * w, mid + seg / 2, 0.2 * w), main)
        put(_rrect(-0.08 * w, mid - 0.34 * seg, 0.08 * w, mid + 0.34 * seg, 0.08 * w), _mix(main, light, 0.6))
    put(ellipse_points(0, 0, 0.62 * w, 0.55 * k, 24), dark)  # the middle joint bulges


def draw_bamboo(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Draw the sou face for `number` (1-9); `red` paints every stick red (red five)."""
    if number == 1:
        draw_bird(pen, theme)
        return
    for x, dy, length, angle, name in LAYOUTS[number]:
        if red or name == _R:
            colours = (theme.red, theme.red_dark, theme.light)
        else:
            colours = (theme.green, theme.green_dark, theme.light)
        stick(pen, x, pen.cy + dy, length, angle, *colours, width=WIDTHS.get(number, WIDTH))
