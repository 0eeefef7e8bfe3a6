"""The 1s bird: a front-facing peacock with a fanned, eyed tail (our own design).

>>> from PIL import Image
>>> from tile_art.pen import Pen
>>> from tile_art.theme import LIGHT
>>> im = Image.new("RGBA", (200, 260), (255, 255, 255, 255))
>>> draw_bird(Pen(im, (0, 0), 2.0, 130), LIGHT)
>>> im.getpixel((100, 130)) != (255, 255, 255, 255)
True
"""

from __future__ import annotations

from .pen import Pen, ellipse_points, rotate, translate
from .theme import Theme

FEATHERS = 9      # tail feathers, spread over FAN degrees
FAN = 112.0


def draw_bird(pen: Pen, theme: Theme) -> None:
    """Tail fan behind, then legs, body, wing marks, head, crest, eye and beak."""
    cx, cy = 50.0, pen.cy + 4
    hip = (cx, cy + 12)
    for i in range(FEATHERS):  # tail: long green feathers, each tipped with an eye
        a = -FAN / 2 + FAN * i / (FEATHERS - 1)
        feather = translate(rotate(ellipse_points(0, -29, 7.5, 29, 28), a), *hip)
        pen.poly(feather, theme.green)
        tip = rotate([(0, -49)], a)[0]
        ex, ey = hip[0] + tip[0], hip[1] + tip[1]
        pen.circle(ex, ey, 6.8, theme.gold)
        pen.circle(ex, ey, 4.0, theme.blue)
    for s in (-1, 1):  # legs and feet
        pen.line([(cx + 5 * s, cy + 28), (cx + 7 * s, cy + 46)], 3.0, theme.red)
        pen.line([(cx + 7 * s - 6, cy + 49), (cx + 7 * s, cy + 45), (cx + 7 * s + 6, cy + 49)], 2.6, theme.red)
    pen.ellipse(cx, cy + 12, 16, 21, theme.blue)
    for s in (-1, 1):  # wings folded at the sides
        wing = translate(rotate(ellipse_points(0, 0, 7, 17, 24), -18 * s), cx + 10 * s, cy + 14)
        pen.poly(wing, theme.green_dark)
    pen.ellipse(cx, cy + 10, 5, 11, theme.light)   # breast highlight
    pen.ellipse(cx, cy - 13, 10, 11, theme.blue)   # head
    for s in (-1, 0, 1):  # crest
        top = (cx + 8 * s, cy - 36 + 3 * abs(s))
        pen.line([(cx, cy - 22), top], 1.8, theme.ink)
        pen.circle(*top, 3.0, theme.gold)
    for s in (-1, 1):  # eyes
        pen.circle(cx + 4.5 * s, cy - 15, 3.0, theme.light)
        pen.circle(cx + 4.5 * s, cy - 15, 1.5, theme.ink)
    pen.poly([(cx - 4, cy - 9), (cx + 4, cy - 9), (cx, cy - 1)], theme.gold)  # beak
