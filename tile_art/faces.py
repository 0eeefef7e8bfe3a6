"""Face codes, sizes, drawing dispatch and the bounded face cache.

>>> face("5p", 38).size, face("5p", 38, scale=2, sideways=True).size
((28, 38), (76, 56))
"""

from __future__ import annotations

import threading

from PIL import Image

from . import body, corner
from .bamboo import draw_bamboo
from .body import BLANKS, face_box, opaque_body
from .bonus import draw_bonus
from .characters import draw_honor, draw_man
from .dominoes import BACK as DOMINO_BACK
from .dominoes import CODES as DOMINOES
from .dominoes import draw_domino
from .joker import draw_any, draw_joker
from .lru import ByteLRU, share
from .pen import Pen
from .pins import draw_pins
from .proportions import SMALL, supersample, tile_width, width_of  # noqa: F401  (SMALL: tests read it here)
from .theme import THEMES, Theme, get_theme

SUITED = tuple(f"{n}{s}" for s in "mps" for n in "1234567890")
BONUS = tuple(f"{n}f" for n in "12345678")  # flowers 1f-4f, seasons 5f-8f
CODES: tuple[str, ...] = SUITED + tuple(f"{n}z" for n in "1234567") + BONUS + ("j", "?", "x")
TIENJIU: tuple[str, ...] = DOMINOES + (DOMINO_BACK,)  # Chinese dominoes 11d-66d and their back
BACKS = ("x", DOMINO_BACK)
_KNOWN = frozenset(CODES + TIENJIU)
MIN_HEIGHT, MAX_HEIGHT = 16, 256
MAX_SCALE = 4
CACHE_BYTES = share()[0]  # memory bound of the face cache (RGBA bytes); see lru.py
_DRAW = {"m": draw_man, "p": draw_pins, "s": draw_bamboo}
_SUITLESS = {"j": draw_joker, "?": draw_any}


def _content(pen: Pen, colours: Theme, code: str) -> None:
    """Draw the face's pips or glyphs with `pen` (not for the back)."""
    if code in _SUITLESS:
        return _SUITLESS[code](pen, colours)
    if code in DOMINOES:
        return draw_domino(pen, colours, code)
    digit, suit = int(code[0]), code[1]
    if suit == "z":
        draw_honor(pen, colours, digit)
    elif suit == "f":
        draw_bonus(pen, colours, digit)
    else:
        _DRAW[suit](pen, colours, digit or 5, red=digit == 0)


def _indexed(pen: Pen, colours: Theme, code: str) -> None:
    """The face with its corner index (`tile_art.corner`): the art shrunk below the index band;
    a flower or season keeps its art, the index standing in for its own numeral."""
    if code[-1] == "f":
        draw_bonus(pen, colours, int(code[0]), numeral=False)
    else:
        _content(pen.frame(corner.art_box(pen.fh)), colours, code)
    corner.draw_index(pen, colours, code)


def paint_face(pen: Pen, colours: Theme, code: str, sideways: bool, content_fh: float,
               index: bool = False) -> None:
    """The face content of tile `code` through `pen` (any backend), which addresses the face.

    Upright: drawn straight. Sideways: the upright layout (`content_fh` units tall) is
    turned 90° counter-clockwise onto the wide face, as large as fits (`Pen.turned`).
    The back (`x`) has no content. `index`: with its corner index, where it has one.
    """
    if code in BACKS:
        return
    draw = _indexed if index and corner.has_index(code) else _content
    if sideways:
        pen.turned(content_fh, lambda p: draw(p, colours, code))
    else:
        draw(pen, colours, code)


def upright_fh(size: tuple[int, int], device_px: float) -> float:
    """Face height in units (face width = 100) of an upright tile of canvas `size`."""
    x0, y0, x1, y1 = face_box(size, device_px)[3]
    return (y1 - y0) / ((x1 - x0) / 100)


def draw_face(code: str, height: int, scale: int, theme: str, sideways: bool = False,
              index: bool = False) -> Image.Image:
    """Draw one face from scratch (uncached). Sideways: a wide tile, edge at the bottom,
    content turned 90° counter-clockwise. `index`: with its corner index (`tile_art.corner`)."""
    colours = get_theme(theme)
    w, h = width_of(code, height) * scale, height * scale
    ss = supersample(h)
    size = (h * ss, w * ss) if sideways else (w * ss, h * ss)
    blank = opaque_body(size, colours, ss, back=code in BACKS, sideways=sideways)
    pen = blank.pen()
    paint_face(pen, colours, code, sideways, upright_fh((w * ss, h * ss), ss), index)
    return blank.reduced(pen.canvas)


def check(code: str, height: int, scale: int, theme: str) -> None:
    """ValueError unless the arguments name a face we draw. `check("0p", 38, 2, "dark")` passes."""
    if not isinstance(code, str) or code not in _KNOWN:
        raise ValueError(f"unknown tile code {code!r}; expected 1m-9m, 1p-9p, 1s-9s, 0m/0p/0s (red fives), "
                         f"1z-7z, 1f-8f (flowers, seasons), j (joker), ? (any tile), x (back), "
                         f"11d-66d (Tienjiu tiles) or xd (their back)")
    get_theme(theme)
    for name, value, lo, hi in (("height", height, MIN_HEIGHT, MAX_HEIGHT), ("scale", scale, 1, MAX_SCALE)):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{name} must be an integer from {lo} to {hi}, got {value!r}")


def _nbytes(im: Image.Image) -> int:
    return im.width * im.height * 4


CACHE = ByteLRU(CACHE_BYTES, getsizeof=_nbytes)
_LOCK = threading.Lock()


def _cached(key: tuple[str, int, int, str, bool, bool]) -> Image.Image:
    """Look `key` up in CACHE, drawing (outside the lock) on a miss."""
    with _LOCK:
        hit = CACHE.get(key)
    if hit is not None:
        return hit
    img = draw_face(*key)
    with _LOCK:
        if _nbytes(img) <= CACHE.maxsize:
            CACHE[key] = img
    return img


def face(code: str, height: int, scale: int = 1, theme: str = "light", sideways: bool = False,
         index: bool = False) -> Image.Image:
    """The RGBA tile image, (width_of(code, height)*scale, height*scale); when `sideways`, a tile lying
    on its long side, (height*scale, tile_width(height)*scale), edge at the bottom like upright
    tiles and content turned 90° counter-clockwise; `index`: with its corner index
    (`tile_art.corner`; a face without one is the same face). Cached and shared: do not mutate
    (copy() first)."""
    check(code, height, scale, theme)
    return _cached((code, height, scale, theme, bool(sideways), bool(index) and corner.has_index(code)))


def clear_cache() -> None:
    """Forget every cached face and tile body (for benchmarks and tests)."""
    with _LOCK:
        CACHE.clear()
    BLANKS.clear()


def set_cache_bytes(total: int) -> None:
    """Bound the face cache and the tile-body cache to `total` bytes together.

    Faces get three quarters; bodies (only needed while drawing a face) the rest.
    """
    face_bytes, body_bytes = share(total)
    with _LOCK:
        CACHE.resize(face_bytes)
    with body.BLANKS_LOCK:
        body.BLANKS.resize(body_bytes)


def cache_bytes() -> dict[str, int]:
    """Bytes now held by the tile caches, and their bounds (for /healthz)."""
    return {"faces": CACHE.currsize, "faces_max": CACHE.maxsize,
            "bodies": body.BLANKS.currsize, "bodies_max": body.BLANKS.maxsize}


__all__ = ["CODES", "TIENJIU", "THEMES", "tile_width", "face", "draw_face", "clear_cache", "CACHE", "set_cache_bytes", "cache_bytes"]
