"""The tile body: rounded ivory face over a visible edge, or a coloured back.

The body fills the whole canvas, leaving only the rounded corners transparent, so
tiles pasted side by side touch. Layers, back to front: a thin rim (the outline),
then the tile's two layers seen from the front edge, then the face. Face up, the
ivory layer is on top and the coloured back layer shows as a thin band at the very
bottom; face down it is the other way round: the back on top, a thin band of back
thickness, then the ivory layer at the bottom. Sideways tiles get the same layers on
a wide box, the edge still at the bottom.

>>> from tile_art.theme import LIGHT
>>> pen = new_tile((300, 400), LIGHT, device_px=4.0)
>>> pen.canvas.getpixel((0, 0))[3], pen.canvas.getpixel((150, 200))[3], pen.fh > 100
(0, 255, True)
"""

from __future__ import annotations

from typing import NamedTuple


from cachetools import cached
from PIL import Image

from .pen import Pen
from .shared import BLANKS, BLANKS_LOCK
from .theme import Theme

# Proportions of the tile box (fractions of width W or height H).
CORNER = 0.12       # corner radius / W
SIDE = 0.03         # bevel: face inset left and right / W, on tiles at least BEVEL_FULL px wide
TOP = 0.022         # bevel at the top / H, likewise
BEVEL_FULL = 96     # output px of width from which the bevel has its full proportion
IVORY_BAND = 0.05   # ivory thickness seen below the face / H
BACK_BAND = 0.032   # coloured back layer at the very bottom / H
OUTLINE = 0.011     # outline width / H, never under ~0.9 device pixel
# The face is flat `body` but for its lowest SHADE, which darkens toward `body_low` as a
# real face curves into its edge. A ramp over the whole face (as before) put every
# anti-aliased edge of a glyph over a slightly different ivory: a palette picture of
# pins then needed more than 256 colours (see docs/tile-art.md#palette).
SHADE = 0.15        # shaded part of the face / face height


def bevel_scale(up_w: float, device_px: float) -> float:
    """How much of the full bevel a tile `up_w` canvas px wide shows: 1 from BEVEL_FULL output
    px up, shrinking with the width below that so the bevel and the outline never read as a
    double edge on small tiles. `bevel_scale(56, 1)` ~ 0.58, `bevel_scale(128, 1) == 1`."""
    return min(1.0, up_w / device_px / BEVEL_FULL)


def face_box(size: tuple[int, int], device_px: float, sideways: bool = False, rim: float = 1.0):
    """Outline width, corner radius, bottom band and face box, in canvas px.

    Insets and bands are fractions of the tile as it stands upright, so a sideways
    tile (wide `size`) shows the same edge thickness at its bottom as upright ones.
    Boxes are continuous: (0, 0, w, h) is the whole canvas.
    """
    w, h = size
    up_w, up_h = (h, w) if sideways else (w, h)
    lw = max(0.9 * device_px, OUTLINE * up_h) * rim  # `rim`: the theme's (`Theme.rim`)
    band, ivory = BACK_BAND * up_h, IVORY_BAND * up_h
    k = bevel_scale(up_w, device_px)
    side, top = SIDE * up_w * k, TOP * up_h * k
    face = (lw + side, lw + top, w - lw - side, h - lw - band - ivory)
    return lw, CORNER * up_w, band, face


def draw_body(pen: Pen, size: tuple[float, float], theme: Theme, device_px: float, back: bool = False,
              sideways: bool = False):
    """Paint the body on `pen` (canvas units, origin at the tile's corner); returns the face box.

    Any pen backend: the Pillow pen caches this per size (`new_tile`), the SVG pen
    writes it once per document.
    """
    w, h = size
    lw, r, band, face = face_box(size, device_px, sideways, theme.rim)
    if back:  # face down: the ivory layer is the lower one
        band = IVORY_BAND * (w if sideways else h)
    pen.rrect((0, 0, w, h), r, fill=theme.outline)
    inner = max(0.0, r - lw)  # a narrow tile's corner can be tighter than its outline is wide
    pen.rrect((lw, lw, w - lw, h - lw), inner, fill=theme.edge if back else theme.back)
    pen.rrect((lw, lw, w - lw, h - lw - band), inner, fill=theme.back_edge if back else theme.edge)
    top, low = (theme.back, theme.back_low) if back else (theme.body, theme.body_low)
    pen.rrect_gradient(face, r * 0.8, top, low, start=face[3] - SHADE * (face[3] - face[1]))
    return face


def _painted(size: tuple[int, int], theme: Theme, device_px: float, back: bool, sideways: bool):
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    return canvas, draw_body(Pen(canvas, (0, 0), 1.0, size[1]), size, theme, device_px, back, sideways)


_blank = cached(BLANKS, lock=BLANKS_LOCK)(_painted)
_blank.__doc__ = "The painted body and its face box; cached, since every face of a size shares it."


class Body(NamedTuple):
    """A tile body as faces are drawn on it (`opaque_body`): as RGB (its corners black), its
    face box, the body reduced by its supersampling factor, and where that is not opaque (its
    rim: an "L" mask, 255 there). Pillow premultiplies a whole RGBA canvas to reduce it, but
    only the rim is not opaque and no face paints there: a face is painted on an RGB copy
    (`pen`), reduced as it is and given the reduced body's rim (`reduced`), the same pixels.

    >>> from tile_art.theme import LIGHT
    >>> pen = new_tile((120, 160), LIGHT, device_px=4)
    >>> pen.circle(50, 60, 20, (200, 30, 30))
    >>> body = opaque_body((120, 160), LIGHT, 4)
    >>> rgb = body.pen()
    >>> rgb.circle(50, 60, 20, (200, 30, 30))
    >>> body.reduced(rgb.canvas).tobytes() == pen.canvas.reduce(4).tobytes()
    True
    """

    rgb: Image.Image
    face: tuple[float, float, float, float]
    small: Image.Image
    rim: Image.Image

    def pen(self) -> Pen:
        """A fresh RGB copy of the body; the Pen addresses its face and blends onto it."""
        return Pen(self.rgb.copy(), (0, 0), 1.0, self.rgb.height).frame(self.face)

    def reduced(self, canvas: Image.Image) -> Image.Image:
        """`canvas` (a `pen`'s, painted) reduced to the body's output size, as RGBA."""
        out = canvas.reduce(self.rgb.width // self.small.width).convert("RGBA")
        out.paste(self.small, (0, 0), self.rim)
        return out


def _opaque_key(size, theme, device_px, back=False, sideways=False) -> tuple:
    return ("opaque", size, theme, device_px, back, sideways)


@cached(BLANKS, key=_opaque_key, lock=BLANKS_LOCK)
def opaque_body(size: tuple[int, int], theme: Theme, device_px: int, back: bool = False,
                sideways: bool = False) -> Body:
    """The `Body` faces of `size` are drawn on (`device_px`: the supersampling factor, a whole
    number); cached, since every face of a size shares it. The RGB body is the same memory as
    the RGBA one: the RGBA body is not kept for faces."""
    canvas, face = _painted(size, theme, device_px, back, sideways)
    small = canvas.reduce(device_px)
    return Body(canvas.convert("RGB"), face, small, small.getchannel("A").point(lambda a: 255 if a < 255 else 0))


def new_tile(size: tuple[int, int], theme: Theme, device_px: float, back: bool = False,
             sideways: bool = False) -> Pen:
    """A fresh canvas of `size` holding the tile body; the Pen addresses its face.

    `sideways`: `size` is wide, a tile lying on its long side (edge still at the bottom).

    `device_px` is canvas pixels per output pixel (the supersampling factor), used to
    keep the outline visible on the smallest tiles. Faces are drawn on `opaque_body`.
    """
    blank, face = _blank(size, theme, device_px, back, sideways)
    return Pen(blank.copy(), (0, 0), 1.0, size[1]).frame(face)
