"""Face codes, sizes, drawing dispatch and the bounded face cache.

>>> face("5p", 38).size, face("5p", 38, scale=2, sideways=True).size
((28, 38), (76, 56))
"""

from __future__ import annotations

import math
import threading

from PIL import Image

from .bamboo import draw_bamboo
from .lru import ByteLRU, share
from .body import BLANKS, face_box, new_tile
from .characters import draw_honor, draw_man
from .pen import Pen
from .pins import draw_pins
from .theme import THEMES, Theme, get_theme

SUITED = tuple(f"{n}{s}" for s in "mps" for n in "1234567890")
CODES: tuple[str, ...] = SUITED + tuple(f"{n}z" for n in "1234567") + ("x",)
MIN_HEIGHT, MAX_HEIGHT = 16, 256
MAX_SCALE = 4
CACHE_BYTES = share()[0]  # memory bound of the face cache (RGBA bytes); see lru.py
_DRAW = {"m": draw_man, "p": draw_pins, "s": draw_bamboo}


def tile_width(height: int) -> int:
    """CSS width of an upright tile of CSS `height`. `tile_width(38) == 28`."""
    return round(height * 0.75)


def supersample(px_height: int) -> int:
    """Drawing scale factor: about 500 canvas px tall, between 2x and 8x."""
    return max(2, min(8, math.ceil(500 / px_height)))


def _content(pen: Pen, colours: Theme, code: str) -> None:
    """Draw the face's pips or glyphs with `pen` (not for the back)."""
    digit, suit = int(code[0]), code[1]
    if suit == "z":
        draw_honor(pen, colours, digit)
    else:
        _DRAW[suit](pen, colours, digit or 5, red=digit == 0)


def _turned(pen: Pen, colours: Theme, code: str, fh: float) -> None:
    """Sideways content: the upright layout (`fh` units tall) drawn on a clear layer,
    turned 90° counter-clockwise and centred on the wide face, as large as fits."""
    face_w, face_h = 100 * pen.u, pen.fh * pen.u
    u = min(face_h / 100, face_w / fh)
    pad = 4  # units of slack round the layer, for strokes that touch the face edge
    layer = Image.new("RGBA", (math.ceil((100 + 2 * pad) * u), math.ceil((fh + 2 * pad) * u)), (0, 0, 0, 0))
    _content(Pen(layer, (pad * u, pad * u), u, fh), colours, code)
    layer = layer.transpose(Image.Transpose.ROTATE_90)
    pen.canvas.alpha_composite(layer, (round(pen.ox + (face_w - layer.width) / 2),
                                       round(pen.oy + (face_h - layer.height) / 2)))


def upright_fh(size: tuple[int, int], device_px: float) -> float:
    """Face height in units (face width = 100) of an upright tile of canvas `size`."""
    x0, y0, x1, y1 = face_box(size, device_px)[3]
    return (y1 - y0) / ((x1 - x0) / 100)


def render(code: str, height: int, scale: int, theme: str, sideways: bool = False) -> Image.Image:
    """Draw one face from scratch (uncached). Sideways: a wide tile, edge at the bottom,
    content turned 90° counter-clockwise."""
    colours = get_theme(theme)
    w, h = tile_width(height) * scale, height * scale
    ss = supersample(h)
    size = (h * ss, w * ss) if sideways else (w * ss, h * ss)
    pen = new_tile(size, colours, device_px=ss, back=code == "x", sideways=sideways)
    if code != "x" and sideways:
        _turned(pen, colours, code, upright_fh((w * ss, h * ss), ss))
    elif code != "x":
        _content(pen, colours, code)
    return pen.canvas.reduce(ss)


def check(code: str, height: int, scale: int, theme: str) -> None:
    """ValueError unless the arguments name a face we draw. `check("0p", 38, 2, "dark")` passes."""
    if not isinstance(code, str) or code not in CODES:
        raise ValueError(f"unknown tile code {code!r}; expected 1m-9m, 1p-9p, 1s-9s, 0m/0p/0s (red fives), "
                         f"1z-7z or x (back)")
    get_theme(theme)
    for name, value, lo, hi in (("height", height, MIN_HEIGHT, MAX_HEIGHT), ("scale", scale, 1, MAX_SCALE)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{name} must be an integer from {lo} to {hi}, got {value!r}")


def _nbytes(im: Image.Image) -> int:
    return im.width * im.height * 4


CACHE = ByteLRU(CACHE_BYTES, getsizeof=_nbytes)
_LOCK = threading.Lock()


def _cached(key: tuple[str, int, int, str, bool]) -> Image.Image:
    """Look `key` up in CACHE, drawing (outside the lock) on a miss."""
    with _LOCK:
        hit = CACHE.get(key)
    if hit is not None:
        return hit
    code, height, scale, theme, sideways = key
    img = render(code, height, scale, theme, sideways)
    with _LOCK:
        if _nbytes(img) <= CACHE.maxsize:
            CACHE[key] = img
    return img


def face(code: str, height: int, scale: int = 1, theme: str = "light", sideways: bool = False) -> Image.Image:
    """The RGBA tile image, (tile_width(height)*scale, height*scale); when `sideways`, a tile lying
    on its long side, (height*scale, tile_width(height)*scale), edge at the bottom like upright
    tiles and content turned 90° counter-clockwise. Cached and shared: do not mutate (copy() first)."""
    check(code, height, scale, theme)
    return _cached((code, height, scale, theme, bool(sideways)))


def clear_cache() -> None:
    """Forget every cached face and tile body (for benchmarks and tests)."""
    with _LOCK:
        CACHE.clear()
    BLANKS.clear()


__all__ = ["CODES", "THEMES", "tile_width", "face", "render", "clear_cache", "CACHE"]
