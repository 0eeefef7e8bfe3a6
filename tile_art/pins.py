"""Pin (circle) faces: bold discs with a flower, in the traditional arrangements and colours.

Layouts are data: (x, y from face centre, radius, colour name) in face units, for a
face FH units tall. `placed` fits them to the face at hand: a taller face spreads the
rows apart; a shorter one (tile widths are rounded to whole pixels, so faces run from
about 120 to 131 units tall) shrinks the whole arrangement, gaps and all.

>>> len(LAYOUTS[9]), LAYOUTS[7][0][3]
(9, 'green')
>>> min(gaps(FH)) >= GAP  # no two pins touch
True
"""

from __future__ import annotations

import itertools
import math

from .marks import FH, Dot, red_dots
from .pen import Pen, ellipse_points, rotate
from .theme import Theme

Pip = tuple[float, float, float, str]

_B, _G, _R = "blue", "green", "red"
GAP = 1.5  # least clearance between two pins, and from a pin to the face edge, on a face FH tall
# Each pin as large as its arrangement allows: neighbours nearly touch, as on real
# tiles, but never do.
LAYOUTS: dict[int, list[Pip]] = {
    2: [(50, -31.5, 28.5, _G), (50, 31.5, 28.5, _B)],
    3: [(24, -39.5, 22, _B), (50, 0, 22, _R), (76, 39.5, 22, _G)],
    4: [(x, y, 23.5, c) for y, cs in ((-35, (_B, _G)), (35, (_G, _B))) for x, c in zip((25.5, 74.5), cs)],
    5: [(23.5, -40.5, 21.5, _B), (76.5, -40.5, 21.5, _G), (50, 0, 21.5, _R), (23.5, 40.5, 21.5, _G),
        (76.5, 40.5, 21.5, _B)],
    6: [(x, y, 20, _G if y < 0 else _R) for y in (-42, 0, 42) for x in (26, 74)],
    # one size for all seven: three on a diagonal from the top left, a square below
    7: [(18, -45.5, 16, _G), (50, -34.5, 16, _G), (82, -23.5, 16, _G)]
       + [(x, y, 16, _R) for y in (11, 45.5) for x in (32.5, 67.5)],
    8: [(x, y, 15, _B) for y in (-47.25, -15.75, 15.75, 47.25) for x in (32.5, 67.5)],
    9: [(x, y, 15.5, c) for y, c in ((-34, _B), (0, _R), (34, _G)) for x in (17.5, 50, 82.5)],
}
# Red 5p: a dot either side of the centre pin, in the gaps of the 5p arrangement.
RED_DOTS: list[Dot] = [(11.5, 0, 9.5), (88.5, 0, 9.5)]


def placed(pips: list[Pip], fh: float) -> list[Pip]:
    """The pins of an arrangement as drawn on a face `fh` units tall, y from its centre."""
    k = fh / FH
    s = min(1.0, k)
    return [(50 + (x - 50) * s, y * k, r * s, c) for x, y, r, c in pips]


def gaps(fh: float = FH) -> list[float]:
    """Clearance in units between every two pins of each arrangement on a face `fh` units
    tall, and from each pin to the face edge."""
    out = []
    for layout in LAYOUTS.values():
        pips = placed(layout, fh)
        out += [math.hypot(x - x2, y - y2) - r - r2 for (x, y, r, _), (x2, y2, r2, _) in itertools.combinations(pips, 2)]
        out += [min(x - r, 100 - x - r, fh / 2 - abs(y) - r) for x, y, r, _ in pips]
    return out


def pip(pen: Pen, x: float, y: float, r: float, colour: tuple[int, int, int], theme: Theme) -> None:
    """One pin: thin dark outline, a solid coloured disc, a thin light ring and a light flower."""
    pen.circle(x, y, r, theme.ink)
    pen.circle(x, y, 0.9 * r, colour)
    pen.ring(x, y, 0.72 * r, 0.08 * r, theme.light)
    for i in range(6):  # six petals round a light eye
        petal = rotate(ellipse_points(0.34 * r, 0, 0.17 * r, 0.085 * r, 16), 60 * i + 30)
        pen.poly([(x + px, y + py) for px, py in petal], theme.light)
    pen.circle(x, y, 0.1 * r, theme.light)


def one_pin(pen: Pen, theme: Theme, red: bool = False) -> None:
    """The big ornamented 1p: a notched green rim, a blue disc, a red flower on light."""
    x, y = 50, pen.cy
    rim = theme.red if red else theme.green
    pen.circle(x, y, 46, theme.ink)
    pen.circle(x, y, 44.5, rim)
    for i in range(20):  # ornament: light notches round the rim
        a = 2 * math.pi * (i + 0.5) / 20
        pts = rotate(ellipse_points(0, 0, 4.6, 1.9, 16), math.degrees(a))
        pen.poly([(x + 37 * math.cos(a) + px, y + 37 * math.sin(a) + py) for px, py in pts], theme.light)
    pen.circle(x, y, 30, theme.ink)
    pen.circle(x, y, 29, theme.blue if not red else theme.red_dark)
    pen.circle(x, y, 21, theme.light)
    for i in range(8):  # eight-petal flower
        petal = rotate(ellipse_points(10.5, 0, 8, 4.4, 24), 360 * i / 8)
        pen.poly([(x + px, y + py) for px, py in petal], theme.red)
    pen.circle(x, y, 4.5, theme.gold)


def draw_pins(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Draw the pin face for `number` (1-9); `red` paints every pip red and adds the red-five dots."""
    if number == 1:
        one_pin(pen, theme, red)
        return
    for x, dy, r, name in placed(LAYOUTS[number], pen.fh):
        pip(pen, x, pen.cy + dy, r, theme.red if red else getattr(theme, name), theme)
    if red:
        red_dots(pen, theme, RED_DOTS)
