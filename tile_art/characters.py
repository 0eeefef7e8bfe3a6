"""Character faces: man (numeral over a red 萬) and honors (winds, dragons).

White dragon is drawn as a blue double frame on an empty face.

>>> HONORS[1], HONORS[7]
('東', '中')
"""

from __future__ import annotations

from .glyphs import NUMERALS
from .marks import Dot, red_dots
from .pen import Pen
from .theme import Theme

HONORS = {1: "東", 2: "南", 3: "西", 4: "北", 6: "發", 7: "中"}
WHITE = 5


def NUMERAL_BOX(fh: float) -> tuple[float, float, float, float]:
    """Where a man numeral is drawn: clear of the bevel above and of 萬 below."""
    return (5, 0.05 * fh, 95, 0.4 * fh)


def MAN_BOX(fh: float) -> tuple[float, float, float, float]:
    """Where 萬 is drawn, in the lower part of the face."""
    return (10, 0.455 * fh, 90, 0.975 * fh)
# Red 5m: a dot either side of the numeral.
RED_DOTS: list[Dot] = [(11, -35, 9), (89, -35, 9)]


def draw_man(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Numeral (black, red on the red five) in the upper ~40% of the face, a red 萬 in the lower ~55%."""
    fh = pen.fh
    pen.glyph(NUMERALS[number - 1], NUMERAL_BOX(fh), theme.red if red else theme.ink, stretch=1.3, fit=NUMERALS)
    pen.glyph("萬", MAN_BOX(fh), theme.red, stretch=1.1)
    if red:
        red_dots(pen, theme, RED_DOTS)


def draw_honor(pen: Pen, theme: Theme, number: int) -> None:
    """Winds in ink, 發 green, 中 red, white dragon as a blue frame."""
    fh = pen.fh
    if number == WHITE:
        pen.rrect((13, 0.1 * fh, 87, 0.9 * fh), 6, outline=theme.blue, width=3.2)
        pen.rrect((19.5, 0.1 * fh + 6.5, 80.5, 0.9 * fh - 6.5), 2.5, outline=theme.blue, width=1.3)
        return
    colour = {6: theme.green, 7: theme.red}.get(number, theme.ink)
    pen.glyph(HONORS[number], (8, 0.12 * fh, 92, 0.88 * fh), colour)
