"""The red-five mark: red dots that tell a red five from a plain five without colour.

Colour-blind readers cannot tell red from green or black ink, so every red five also
carries red dots in the free space of its face, as many real sets do (pins: left and
right of the centre pin; sou: below the centre stick; man: either side of the
numeral); a theme may give them a colour of their own (`Theme.red_mark`: black in print,
where red is one more grey). Each suit module lists its dots as (x, y from face centre, radius) in face
units for a face FH units tall.

>>> from PIL import Image
>>> from tile_art.pen import Pen
>>> from tile_art.theme import LIGHT
>>> im = Image.new("RGBA", (200, 256), (255, 255, 255, 255))
>>> red_dots(Pen(im, (0, 0), 2.0, 128), LIGHT, [(50, 0, 5)])
>>> im.getpixel((100, 128))[:3] == LIGHT.red
True
"""

from __future__ import annotations

from .pen import Pen
from .theme import Theme

FH = 128.0  # face height the suit layouts are written for (y spans +-64)

Dot = tuple[float, float, float]


def red_dots(pen: Pen, theme: Theme, dots: list[Dot]) -> None:
    """Draw the red-five dots on `pen`'s face: y offsets follow the face height, and a
    face shorter than FH shrinks the dots with it (they keep their x)."""
    k = pen.fh / FH
    colour = theme.red if theme.red_mark is None else theme.red_mark  # print: black, whatever the five's grey
    for x, dy, r in dots:
        pen.circle(x, pen.cy + dy * k, r * min(1.0, k), colour)
