"""The tile body: rounded ivory face over a visible edge, or a coloured back.

The body fills the whole canvas, leaving only the rounded corners transparent, so
tiles pasted side by side touch. Layers, back to front: a thin outline, the coloured
back layer (seen as a band at the bottom), the ivory thickness, then the face.
Sideways tiles get the same layers on a wide box, the edge still at the bottom.

>>> from tile_art.theme import LIGHT
>>> pen = new_tile((300, 400), LIGHT, device_px=4.0)
>>> pen.canvas.getpixel((0, 0))[3], pen.canvas.getpixel((150, 200))[3], pen.fh > 100
(0, 255, True)
"""

from __future__ import annotations

import threading

from cachetools import cached
from PIL import Image, ImageDraw

from .lru import ByteLRU, share
from .pen import Pen
from .theme import RGB, Theme

# Proportions of the tile box (fractions of width W or height H).
CORNER = 0.12       # corner radius / W
SIDE = 0.03         # face inset left and right / W
TOP = 0.022         # face inset at the top / H
IVORY_BAND = 0.05   # ivory thickness seen below the face / H
BACK_BAND = 0.032   # coloured back layer at the very bottom / H
OUTLINE = 0.011     # outline width / H, never under ~0.9 device pixel


def _gradient(size: tuple[int, int], top: RGB, low: RGB) -> Image.Image:
    """A vertical gradient from `top` to `low` filling `size`."""
    ramp = Image.linear_gradient("L").resize(size, Image.Resampling.BILINEAR)
    return Image.composite(Image.new("RGBA", size, low + (255,)), Image.new("RGBA", size, top + (255,)), ramp)


BLANKS = ByteLRU(share()[1], getsizeof=lambda v: v[0].width * v[0].height * 4)
BLANKS_LOCK = threading.Lock()


def face_box(size: tuple[int, int], device_px: float, sideways: bool = False):
    """Outline width, corner radius, back band and face box, in canvas px.

    Insets and bands are fractions of the tile as it stands upright, so a sideways
    tile (wide `size`) shows the same edge thickness at its bottom as upright ones.
    """
    w, h = size
    up_w, up_h = (h, w) if sideways else (w, h)
    lw = max(0.9 * device_px, OUTLINE * up_h)
    band, ivory = BACK_BAND * up_h, IVORY_BAND * up_h
    face = (lw + SIDE * up_w, lw + TOP * up_h, w - 1 - lw - SIDE * up_w, h - 1 - lw - band - ivory)
    return lw, CORNER * up_w, band, face


@cached(BLANKS, lock=BLANKS_LOCK)
def _blank(size: tuple[int, int], theme: Theme, device_px: float, back: bool, sideways: bool):
    """The painted body and its face box; cached, since every face of a size shares it."""
    w, h = size
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    d = ImageDraw.Draw(canvas)
    lw, r, band, face = face_box(size, device_px, sideways)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=r, fill=theme.outline)
    d.rounded_rectangle((lw, lw, w - 1 - lw, h - 1 - lw), radius=r - lw,
                        fill=theme.back_edge if back else theme.back)
    d.rounded_rectangle((lw, lw, w - 1 - lw, h - 1 - lw - band), radius=r - lw,
                        fill=theme.back_edge if back else theme.edge)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(face, radius=r * 0.8, fill=255)
    top, low = (theme.back, theme.back_low) if back else (theme.body, theme.body_low)
    canvas.paste(_gradient(size, top, low), (0, 0), mask)
    return canvas, face


def new_tile(size: tuple[int, int], theme: Theme, device_px: float, back: bool = False,
             sideways: bool = False) -> Pen:
    """A fresh canvas of `size` holding the tile body; the Pen addresses its face.

    `sideways`: `size` is wide, a tile lying on its long side (edge still at the bottom).

    `device_px` is canvas pixels per output pixel (the supersampling factor), used to
    keep the outline visible on the smallest tiles.
    """
    blank, face = _blank(size, theme, device_px, back, sideways)
    unit = (face[2] - face[0]) / 100
    return Pen(blank.copy(), origin=(face[0], face[1]), unit=unit, fh=(face[3] - face[1]) / unit)
