"""Pin (circle) faces: bold discs with a flower, in the traditional arrangements and colours.

Layouts are data: (x, y from face centre, radius, colour name) in face units, for a
face FH units tall; `draw_pins` scales the y offsets to the face it is given.

>>> len(LAYOUTS[9]), LAYOUTS[7][0][3]
(9, 'green')
>>> min(gaps(FH_MIN)) >= GAP  # no two pins touch, even on the shortest face
True
"""

from __future__ import annotations

import itertools
import math

from .marks import Dot, red_dots
from .pen import Pen, ellipse_points, rotate
from .theme import Theme

Pip = tuple[float, float, float, str]

_B, _G, _R = "blue", "green", "red"
FH = 128.0        # face height the layouts are written for (y spans +-64)
FH_MIN = 125.0    # the shortest face we draw (64 px tiles): layouts must fit it
GAP, MARGIN = 1.2, 1.5  # least clearance between pins, and from a pin to the face edge
# Each pin as large as its arrangement allows: neighbours nearly touch, as on real
# tiles, but never do (GAP), on every face height we draw.
LAYOUTS: dict[int, list[Pip]] = {
    2: [(50, -31.5, 28.5, _G), (50, 31.5, 28.5, _B)],
    3: [(24, -39, 21.5, _B), (50, 0, 21.5, _R), (76, 39, 21.5, _G)],
    4: [(x, y, 22.75, c) for y, cs in ((-34, (_B, _G)), (34, (_G, _B))) for x, c in zip((25.5, 74.5), cs)],
    5: [(23.5, -40.5, 21, _B), (76.5, -40.5, 21, _G), (50, 0, 21, _R), (23.5, 40.5, 21, _G),
        (76.5, 40.5, 21, _B)],
    6: [(x, y, 19.5, _G if y < 0 else _R) for y in (-41.5, 0, 41.5) for x in (27.5, 72.5)],
    # one size for all seven: three on a diagonal from the top left, a square below
    7: [(18, -45.5, 16, _G), (50, -34.5, 16, _G), (82, -23.5, 16, _G)]
       + [(x, y, 16, _R) for y in (10.5, 45) for x in (32.5, 67.5)],
    8: [(x, y, 14.75, _B) for y in (-47.25, -15.75, 15.75, 47.25) for x in (32.5, 67.5)],
    9: [(x, y, 15.5, c) for y, c in ((-34, _B), (0, _R), (34, _G)) for x in (17.5, 50, 82.5)],
}
# Red 5p: a dot either side of the centre pin, in the gaps of the 5p arrangement.
RED_DOTS: list[Dot] = [(11.5, 0, 9.5), (88.5, 0, 9.5)]


def gaps(fh: float = FH) -> list[float]:
    """Clearance in units between every two pins of each arrangement laid on a face `fh`
    units tall, then from each pin to the face edge (less MARGIN, so both compare to GAP)."""
    k = fh / FH
    out = []
    for pips in LAYOUTS.values():
        for (x, y, r, _), (x2, y2, r2, _) in itertools.combinations(pips, 2):
            out.append(round(math.hypot(x - x2, (y - y2) * k) - r - r2, 2))
        out += [round(min(x - r, 100 - x - r, fh / 2 - abs(y * k) - r) - MARGIN + GAP, 2) for x, y, r, _ in pips]
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
    k = pen.fh / FH
    for x, dy, r, name in LAYOUTS[number]:
        pip(pen, x, pen.cy + dy * k, r, theme.red if red else getattr(theme, name), theme)
    if red:
        red_dots(pen, theme, RED_DOTS)
