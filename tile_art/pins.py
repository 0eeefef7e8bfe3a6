"""Pin (circle) faces: concentric rings in the traditional arrangements and colours.

Layouts are data: (x, y from face centre, radius, colour name) in face units.

>>> len(LAYOUTS[9]), LAYOUTS[7][0][3]
(9, 'green')
"""

from __future__ import annotations

import math

from .pen import Pen, ellipse_points, rotate
from .theme import Theme

Pip = tuple[float, float, float, str]

_B, _G, _R = "blue", "green", "red"
# Sized to fill the face (100 wide, at least 128 tall: y spans about +-64) with a
# margin of ~2.5 units and near-touching neighbours, as on real tiles.
LAYOUTS: dict[int, list[Pip]] = {
    2: [(50, -31, 29.5, _G), (50, 31, 29.5, _B)],
    3: [(24.5, -39.5, 22, _B), (50, 0, 22, _R), (75.5, 39.5, 22, _G)],
    4: [(x, y, 23, c) for y, cs in ((-34, (_B, _G)), (34, (_G, _B))) for x, c in zip((25.5, 74.5), cs)],
    5: [(24, -40, 21.5, _B), (76, -40, 21.5, _G), (50, 0, 21.5, _R), (24, 40, 21.5, _G), (76, 40, 21.5, _B)],
    6: [(x, y, 19.5, _G if y < 0 else _R) for y in (-42, 1.5, 42) for x in (25.5, 74.5)],
    7: [(18, -46, 15.5, _G), (50, -37, 15.5, _G), (82, -28, 15.5, _G)]
       + [(x, y, 16.5, _R) for y in (7.5, 42.5) for x in (29.5, 70.5)],
    8: [(x, y, 15.5, _B) for y in (-47.25, -15.75, 15.75, 47.25) for x in (31, 69)],
    9: [(x, y, 16, c) for y, c in ((-35.5, _B), (0, _R), (35.5, _G)) for x in (17.5, 50, 82.5)],
}


def pip(pen: Pen, x: float, y: float, r: float, colour: tuple[int, int, int], theme: Theme) -> None:
    """One pin: coloured rim, light ring, coloured disc holding a ring of light dots, light eye."""
    for k, c in ((1.0, colour), (0.80, theme.light), (0.64, colour)):
        pen.circle(x, y, r * k, c)
    for i in range(8):
        a = math.pi * i / 4
        pen.circle(x + 0.40 * r * math.cos(a), y + 0.40 * r * math.sin(a), 0.11 * r, theme.light)
    pen.circle(x, y, 0.16 * r, theme.light)


def one_pin(pen: Pen, theme: Theme, red: bool = False) -> None:
    """The big ornamented 1p: green rim with notches, blue ring, red flower."""
    x, y = 50, pen.cy
    rim = theme.red if red else theme.green
    pen.circle(x, y, 45, rim)
    pen.circle(x, y, 41.5, theme.light)
    pen.circle(x, y, 39, rim)
    for i in range(20):  # ornament: light notches around the rim
        a = 2 * math.pi * (i + 0.5) / 20
        pts = rotate(ellipse_points(0, 0, 4.2, 1.8, 16), math.degrees(a))
        pen.poly([(x + 32.5 * math.cos(a) + px, y + 32.5 * math.sin(a) + py) for px, py in pts], theme.light)
    pen.circle(x, y, 26, theme.blue if not red else theme.red_dark)
    pen.circle(x, y, 22.5, theme.light)
    for i in range(8):  # eight-petal flower
        a = 360 * i / 8
        petal = rotate(ellipse_points(11, 0, 8, 4.6, 24), a)
        pen.poly([(x + px, y + py) for px, py in petal], theme.red)
    pen.circle(x, y, 5, theme.gold)


def draw_pins(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Draw the pin face for `number` (1-9); `red` paints every pip red (red five)."""
    if number == 1:
        one_pin(pen, theme, red)
        return
    for x, dy, r, name in LAYOUTS[number]:
        pip(pen, x, pen.cy + dy, r, theme.red if red else getattr(theme, name), theme)
