"""Character faces: man (numeral over a red 萬) and honors (winds, dragons).

White dragon is drawn as a blue double frame on an empty face.

>>> HONORS[1], HONORS[7]
('東', '中')
"""

from __future__ import annotations

from .glyphs import NUMERALS
from .pen import Pen
from .theme import Theme

HONORS = {1: "東", 2: "南", 3: "西", 4: "北", 6: "發", 7: "中"}
WHITE = 5


def draw_man(pen: Pen, theme: Theme, number: int, red: bool = False) -> None:
    """Numeral (black, red on the red five) in the upper ~40% of the face, a red 萬 in the lower ~55%."""
    fh = pen.fh
    pen.glyph(NUMERALS[number - 1], (4, 0.015 * fh, 96, 0.415 * fh), theme.red if red else theme.ink,
              stretch=1.4, fit=NUMERALS)
    pen.glyph("萬", (10, 0.44 * fh, 90, 0.985 * fh), theme.red, stretch=1.1)


def draw_honor(pen: Pen, theme: Theme, number: int) -> None:
    """Winds in ink, 發 green, 中 red, white dragon as a blue frame."""
    fh = pen.fh
    if number == WHITE:
        pen.rrect((12, 0.1 * fh, 88, 0.9 * fh), 7, outline=theme.blue, width=5.5)
        pen.rrect((20.5, 0.1 * fh + 8.5, 79.5, 0.9 * fh - 8.5), 3, outline=theme.blue, width=2.2)
        return
    colour = {6: theme.green, 7: theme.red}.get(number, theme.ink)
    pen.glyph(HONORS[number], (8, 0.12 * fh, 92, 0.88 * fh), colour)
