"""The 1s bird: a peacock in three-quarter view, facing left, its eyed tail fanned up
behind it (our own design, drawn only with Pen shapes).

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

FEATHERS = 10         # tail feathers, spread over FAN degrees either side of upright
FAN = (-64.0, 44.0)   # first and last feather, degrees clockwise from straight up
REACH = 51.0          # hip to the tip of a feather, face units


def _feathers(hip: tuple[float, float]):
    """(angle, polygon, eye centre) of each tail feather, fanned from `hip`."""
    lo, hi = FAN
    for i in range(FEATHERS):
        a = lo + (hi - lo) * i / (FEATHERS - 1)
        blade = ellipse_points(0, -REACH / 2 - 2, 7.0, REACH / 2, 28)
        eye = rotate([(0, -REACH + 7.5)], a)[0]
        yield a, translate(rotate(blade, a), *hip), (hip[0] + eye[0], hip[1] + eye[1])


def draw_bird(pen: Pen, theme: Theme) -> None:
    """Tail fan behind, then legs, body and wing, neck, head with crest, eye and beak."""
    top = pen.cy - 64  # the layout is written for a face 128 units tall, centred
    hip = (56.0, top + 75)
    feathers = list(_feathers(hip))
    for _, blade, _ in feathers:  # fan: green blades, a dark quill down each
        pen.poly(blade, theme.green)
    for a, _, _ in feathers:
        quill = translate(rotate([(0, -4), (0, -REACH + 14)], a), *hip)
        pen.line(quill, 1.3, theme.green_dark)
    for _, _, (ex, ey) in feathers:  # an eye-spot near each tip
        pen.circle(ex, ey, 6.0, theme.gold)
        pen.circle(ex, ey, 3.6, theme.blue)
        pen.circle(ex - 0.8, ey - 0.8, 1.1, theme.light)
    for x0, x1 in ((43, 40), (53, 55)):  # legs and three-toed feet
        pen.line([(x0, top + 96), (x1, top + 114)], 2.6, theme.red)
        pen.line([(x1 - 6, top + 117), (x1, top + 113.5), (x1 + 6, top + 117)], 2.2, theme.red)
    body = translate(rotate(ellipse_points(0, 0, 14.5, 20, 32), 28), 48, top + 84)
    pen.poly(body, theme.blue)
    wing = translate(rotate(ellipse_points(0, 0, 8.5, 16, 28), 38), 55, top + 84)
    pen.poly(wing, theme.green_dark)
    neck = [(26.5, top + 46), (28, top + 57), (32, top + 68), (38, top + 77), (50, top + 72), (43, top + 62),
            (39.5, top + 52), (38, top + 45)]
    pen.poly(neck, theme.blue)
    head = (32.0, top + 43)
    pen.circle(*head, 7.5, theme.blue)
    for dx, dy in ((-6, -16), (0, -18), (6, -16)):  # crest: three plumes tipped with gold
        tip = (head[0] + 2 + dx, head[1] - 6 + dy)
        pen.line([(head[0] + 2, head[1] - 5), tip], 1.4, theme.ink)
        pen.circle(*tip, 2.4, theme.gold)
    pen.poly([(head[0] - 6, head[1] - 2.5), (head[0] - 15, head[1] + 2), (head[0] - 5.5, head[1] + 3)],
             theme.gold)  # beak
    pen.circle(head[0] - 1.5, head[1] - 1.5, 2.5, theme.light)  # eye
    pen.circle(head[0] - 2, head[1] - 1.5, 1.3, theme.ink)
