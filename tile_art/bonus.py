"""Bonus faces (1f-8f): the four flowers and the four seasons.

Each shows, as on Chinese and Hong Kong sets, its number 1-4 at the top left and its
character at the top right, both in its set's colour (flowers red, seasons blue, so the
sets are told apart at a glance and without colour: the pictures differ), over a
picture: plum, orchid, chrysanthemum, bamboo; spring, summer, autumn, winter.

>>> [name for _, name, _ in FACES[1:5]], [char for char, _, _ in FACES[5:]]
(['plum', 'orchid', 'chrysanthemum', 'bamboo'], ['春', '夏', '秋', '冬'])
"""

from __future__ import annotations

from .flowers import draw_bamboo_plant, draw_chrysanthemum, draw_orchid, draw_plum
from .pen import Pen
from .seasons import draw_autumn, draw_spring, draw_summer, draw_winter
from .theme import Theme

# number -> (character, name, picture); index 0 unused
FACES = (None, ("梅", "plum", draw_plum), ("蘭", "orchid", draw_orchid), ("菊", "chrysanthemum", draw_chrysanthemum),
         ("竹", "bamboo", draw_bamboo_plant), ("春", "spring", draw_spring), ("夏", "summer", draw_summer),
         ("秋", "autumn", draw_autumn), ("冬", "winter", draw_winter))
CHARACTERS = "梅蘭菊竹春夏秋冬"
DIGITS = "1234"
PICTURE = 94.0  # height of a picture's frame, in its own units (100 wide)


def boxes(fh: float) -> tuple[tuple, tuple, tuple]:
    """(numeral, character, picture) boxes of a face `fh` units tall (laid out for 128, heights
    scaled to `fh`); the picture's box keeps its shape, so its frame is always 100 x PICTURE."""
    k = fh / 128
    h = 84.6 * k
    w = h * 100 / PICTURE
    return (4, 2 * k, 36, 40 * k), (46, 2 * k, 96, 40 * k), (50 - w / 2, 42 * k, 50 + w / 2, 42 * k + h)


def draw_bonus(pen: Pen, theme: Theme, number: int, numeral: bool = True) -> None:
    """Face `number` (1-8): its picture, then its numeral and character in the set's colour.
    Without `numeral`, the numeral's corner is left for a corner index (`tile_art.corner`)."""
    char, _, picture = FACES[number]
    number_box, character, scene = boxes(pen.fh)
    picture(pen.frame(scene), theme)
    colour = theme.red if number <= 4 else theme.blue
    if numeral:
        pen.glyph(DIGITS[(number - 1) % 4], number_box, colour, fit=DIGITS)
    pen.glyph(char, character, colour, fit=CHARACTERS)
