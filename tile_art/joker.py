"""The joker (`j`) and the any-tile (`?`): faces of no suit.

The joker reads JOKER, as on the jokers of American sets, under a jester's cap of
three bell-tipped points (red, blue, green), so it is told from every suit tile at a
glance and without colour. The any-tile is one large question mark.

>>> from PIL import Image
>>> from tile_art.theme import LIGHT
>>> im = Image.new("RGBA", (200, 256), (0, 0, 0, 0))
>>> draw_joker(Pen(im, (0, 0), 2.0, 128), LIGHT)
>>> im.getpixel((100, 60))[:3] == LIGHT.blue   # the middle point of the cap
True
"""

from __future__ import annotations

from .pen import Pen
from .shapes import leaf
from .theme import Theme

JOKER = "JOKER"


def draw_joker(pen: Pen, theme: Theme) -> None:
    """A jester's cap in the upper part of the face, JOKER across the lower."""
    top = pen.cy - 64
    band = (20, top + 60, 80, top + 72)
    for x, angle, length, bend, colour in ((34, -27, 39, -7, theme.red), (66, 27, 39, 7, theme.green),
                                           (50, 0, 50, 0, theme.blue)):
        horn = leaf((x, top + 64), angle, length, 22 if angle else 24, bend)
        pen.poly(horn, colour)
        pen.circle(*horn[len(horn) // 2], 5.5, theme.gold)  # a bell on the tip
    pen.rrect(band, 3, fill=theme.gold)
    for x in (30, 50, 70):
        pen.poly([(x - 4, top + 66), (x, top + 62), (x + 4, top + 66), (x, top + 70)], theme.red_dark)
    step = 90 / len(JOKER)
    for i, ch in enumerate(JOKER):
        x = 5 + step * i
        pen.glyph(ch, (x + 0.5, top + 82, x + step - 0.5, top + 116), theme.red, fit=JOKER)


def draw_any(pen: Pen, theme: Theme) -> None:
    """A large question mark in the middle of the face."""
    top = pen.cy - 64
    pen.glyph("?", (14, top + 14, 86, top + 114), theme.blue)
