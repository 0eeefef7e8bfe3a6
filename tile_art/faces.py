"""Face codes, sizes, drawing dispatch and the bounded face cache.

>>> face("5p", 38).size, face("5p", 38, scale=2, sideways=True).size
((28, 38), (76, 56))
"""

from __future__ import annotations

import math
import threading

from cachetools import LRUCache
from PIL import Image

from .bamboo import draw_bamboo
from .body import BLANKS, new_tile
from .characters import draw_honor, draw_man
from .pins import draw_pins
from .theme import THEMES, get_theme

SUITED = tuple(f"{n}{s}" for s in "mps" for n in "1234567890")
CODES: tuple[str, ...] = SUITED + tuple(f"{n}z" for n in "1234567") + ("x",)
MIN_HEIGHT, MAX_HEIGHT = 16, 256
MAX_SCALE = 4
CACHE_BYTES = 64 * 1024 * 1024  # memory bound of the face cache (RGBA bytes)
_DRAW = {"m": draw_man, "p": draw_pins, "s": draw_bamboo}


def tile_width(height: int) -> int:
    """CSS width of an upright tile of CSS `height`. `tile_width(38) == 28`."""
    return round(height * 0.75)


def supersample(px_height: int) -> int:
    """Drawing scale factor: about 500 canvas px tall, between 2x and 8x."""
    return max(2, min(8, math.ceil(500 / px_height)))


def render(code: str, height: int, scale: int, theme: str) -> Image.Image:
    """Draw one upright face from scratch (uncached)."""
    colours = get_theme(theme)
    w, h = tile_width(height) * scale, height * scale
    ss = supersample(h)
    pen = new_tile((w * ss, h * ss), colours, device_px=ss, back=code == "x")
    if code != "x":
        digit, suit = int(code[0]), code[1]
        if suit == "z":
            draw_honor(pen, colours, digit)
        else:
            _DRAW[suit](pen, colours, digit or 5, red=digit == 0)
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


CACHE: LRUCache = LRUCache(maxsize=CACHE_BYTES, getsizeof=_nbytes)
_LOCK = threading.Lock()


def _cached(key: tuple[str, int, int, str, bool]) -> Image.Image:
    """Look `key` up in CACHE, drawing (outside the lock) on a miss."""
    with _LOCK:
        hit = CACHE.get(key)
    if hit is not None:
        return hit
    code, height, scale, theme, sideways = key
    if sideways:
        img = _cached((code, height, scale, theme, False)).transpose(Image.Transpose.ROTATE_90)
    else:
        img = render(code, height, scale, theme)
    with _LOCK:
        if _nbytes(img) <= CACHE.maxsize:
            CACHE[key] = img
    return img


def face(code: str, height: int, scale: int = 1, theme: str = "light", sideways: bool = False) -> Image.Image:
    """The RGBA tile image, (tile_width(height)*scale, height*scale), or rotated 90° counter-clockwise
    when `sideways`. Cached and shared: callers must not mutate it (copy() first)."""
    check(code, height, scale, theme)
    return _cached((code, height, scale, theme, bool(sideways)))


def clear_cache() -> None:
    """Forget every cached face and tile body (for benchmarks and tests)."""
    with _LOCK:
        CACHE.clear()
    BLANKS.clear()


__all__ = ["CODES", "THEMES", "tile_width", "face", "render", "clear_cache", "CACHE"]
