"""The four flowers' pictures: plum, orchid, chrysanthemum, bamboo (our own designs, Pen shapes only).

Each draws into a frame 100 units wide and about 94 tall (`bonus.boxes`), below the
numeral and character, in the manner of a brush painting: plum blossoms on an ink
branch, orchid flowers over long arching leaves, a many-petalled chrysanthemum head
on its stem, two bamboo stalks with leaves at their nodes.

>>> from PIL import Image
>>> from tile_art.theme import LIGHT
>>> im = Image.new("RGBA", (100, 94), (255, 255, 255, 255))
>>> draw_plum(Pen(im, (0, 0), 1.0, 94), LIGHT)
>>> im.getpixel((57, 33))[:3] == LIGHT.red   # a petal of the largest blossom
True
"""

from __future__ import annotations

from .pen import Pen, Point
from .shapes import blossom, leaf, petal
from .theme import Theme


def _branch(pen: Pen, points: list[Point], w0: float, w1: float, colour) -> None:
    """A branch tapering from width w0 at its first point to w1 at its last."""
    n = len(points) - 1
    for i in range(n):
        w = w0 + (w1 - w0) * i / max(1, n - 1)
        pen.line(points[i:i + 2], w, colour)
        pen.circle(*points[i + 1], w / 2, colour)  # round joint


def draw_plum(pen: Pen, theme: Theme) -> None:
    """梅: red five-petalled blossoms and buds on a crooked ink branch."""
    _branch(pen, [(6, 89), (20, 76), (34, 66), (48, 52), (62, 34), (76, 20), (92, 6)], 8, 3, theme.ink)
    _branch(pen, [(34, 66), (24, 48), (16, 28)], 4, 2.5, theme.ink)
    _branch(pen, [(56, 42), (74, 52), (92, 50)], 4, 2.5, theme.ink)
    for (x, y), r, turn in (((56, 44), 19, 10), ((20, 30), 14, -20), ((78, 20), 13, 30), ((84, 54), 11, 0)):
        blossom(pen, (x, y), r, theme.red, theme.light, theme.gold, turn)
    for x, y, r in ((93, 5, 4.5), (12, 16, 4), (30, 80, 4.5)):
        pen.circle(x, y, r, theme.red)


def _orchid_flower(pen: Pen, theme: Theme, c: Point, turn: float) -> None:
    for a in (0, 125, 235):  # three long sepals
        pen.poly(petal(c, turn + a, 11, 4.6, 11), theme.purple)
    for a in (62, 298):      # two shorter petals
        pen.poly(petal(c, turn + a, 7, 4.2, 7.5), theme.purple)
    pen.poly(petal(c, turn + 180, 4, 3.6, 5), theme.red)  # the lip
    pen.circle(*c, 2.4, theme.gold)


def draw_orchid(pen: Pen, theme: Theme) -> None:
    """蘭: long arching leaves from one tuft, two purple flowers on slender stems."""
    base = (48, 92)
    for angle, length, width, bend in ((-56, 50, 7, -8), (-26, 76, 6.5, -12), (4, 74, 6, 14),
                                        (30, 74, 6.5, 12), (58, 48, 6, 8)):
        pen.poly(leaf(base, angle, length, width, bend), theme.green)
    pen.line([(49, 92), (44, 70), (34, 44)], 2, theme.green_dark)
    pen.line([(50, 92), (58, 62), (68, 32)], 2, theme.green_dark)
    _orchid_flower(pen, theme, (32, 34), -15)
    _orchid_flower(pen, theme, (70, 24), 20)


def draw_chrysanthemum(pen: Pen, theme: Theme) -> None:
    """菊: a round golden head of many narrow petals, rimmed dark, on a stem with two leaves."""
    pen.line([(50, 92), (48, 74), (50, 56)], 4, theme.green_dark)
    for base, angle, bend in (((49, 82), -58, -6), ((49, 72), 58, 6)):
        pen.poly(leaf(base, angle, 32, 17, bend), theme.green)
    head = (50, 39)
    for dist, rx, ry, count, turn, n in ((23, 5.6, 14, 18, 0, 10), (13, 5, 9.5, 12, 15, 8)):
        for i in range(count):
            pen.poly(petal(head, turn + 360 * i / count, dist, rx + 1.3, ry + 1.3, n), theme.red_dark)
        for i in range(count):
            pen.poly(petal(head, turn + 360 * i / count, dist, rx, ry, n), theme.gold)
    pen.circle(*head, 6.5, theme.red_dark)
    pen.circle(*head, 4.5, theme.gold)


def _stalk(pen: Pen, theme: Theme, x: float, y0: float, y1: float, w: float, nodes: list[float]) -> None:
    """A bamboo stalk from y0 (top) to y1, ringed at `nodes`."""
    pen.rrect((x - w / 2, y0, x + w / 2, y1), w / 3, fill=theme.green)
    pen.line([(x - w / 5, y0 + 2), (x - w / 5, y1)], w / 5, theme.light)
    for y in nodes:
        pen.rrect((x - w / 2 - 1, y - 1.6, x + w / 2 + 1, y + 1.6), 1.2, fill=theme.green_dark)


def draw_bamboo_plant(pen: Pen, theme: Theme) -> None:
    """竹: two jointed stalks, sprays of narrow dark leaves from their nodes."""
    _stalk(pen, theme, 36, 4, 92, 11, [26, 50, 74])
    _stalk(pen, theme, 68, 22, 92, 9, [42, 66])
    for (x, y), angles in (((36, 26), (-70, -100, -40)), ((68, 42), (55, 85, 115)),
                           ((36, 50), (-60, -95)), ((68, 24), (45, 80))):
        for a in angles:
            pen.poly(leaf((x, y), a, 30, 7, 6 if a > 0 else -6, n=8), theme.green_dark)
