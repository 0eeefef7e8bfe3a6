"""A small PNG that explains a bad notation, for `<img>` tags that asked for one.

A broken image icon tells a docs author nothing; this shows the message and
the notation with the bad character boxed in red and a caret under it.

>>> png = error_png("'a' is not a suit letter", "123a", 3)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WINDOW = 48          # characters of notation shown around the bad spot
MAX_MESSAGE = 100    # characters of message shown
PAD = 0.6            # padding, in font sizes
MIN_FONT, MAX_FONT = 11, 16  # CSS px of the text, from the tile height (16 x MAX_SCALE = 64 px at most)
MAX_SCALE = 4        # with WINDOW and MAX_MESSAGE: any error image fits in about 3800 x 400 px


@dataclass(frozen=True)
class Palette:
    ink: tuple[int, int, int]    # the notation
    red: tuple[int, int, int]    # the message, the frame, the bad character and the caret
    paper: tuple[int, int, int]
    mark: tuple[int, int, int]   # behind the bad character


# By the `theme` the page asked for, so a dark page gets a dark box, not a bright pink one.
PALETTES = {
    "light": Palette(ink=(40, 40, 48), red=(200, 30, 40), paper=(255, 246, 246), mark=(255, 214, 214)),
    "dark": Palette(ink=(226, 226, 232), red=(255, 120, 120), paper=(40, 28, 30), mark=(110, 40, 48)),
}


def _font(size: int, text: str) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The CJK font tile_art uses (covers any notation text) to draw `text` with, from the labels'
    subset when it holds the text (`labels.text_font`), else Pillow's own."""
    try:
        from .labels import text_font

        return text_font(size, text)
    except Exception:  # tile_art or its font missing: still draw something legible
        return _default(size)


@lru_cache(maxsize=8)
def _default(size: int) -> ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _shown(c: str) -> str:
    """A character as drawn: control and invisible characters as escapes."""
    if c == " ":
        return "\u2423"  # open box: a space made visible
    if unicodedata.category(c)[0] in "CZ":
        return f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"
    return c


def _window(notation: str, position: int) -> tuple[str, str, str]:
    """(before, bad, after) as drawn, cut to about WINDOW characters around `position`."""
    position = max(0, min(position, len(notation)))
    lo = max(0, position - WINDOW // 2)
    hi = min(len(notation), lo + WINDOW)
    lo = max(0, min(lo, hi - WINDOW))
    before = ("\u2026" if lo > 0 else "") + "".join(_shown(c) for c in notation[lo:position])
    bad = _shown(notation[position]) if position < len(notation) else " "
    after = "".join(_shown(c) for c in notation[position + 1:hi]) + ("\u2026" if hi < len(notation) else "")
    return before, bad, after


def error_png(message: str, notation: str, position: int | None, height: int = 38, scale: int = 1,
              theme: str = "light") -> bytes:
    """PNG bytes: the message, then the notation with the bad spot marked.

    `height` is the tile height the page expected, so the text sits at a
    matching size; `scale` is the device pixel ratio; `theme` picks the colours
    (unknown themes draw light). The box is laid out once in CSS px and every
    scale is that box times `scale`, so its CSS size never drifts with the
    device. Output size is bounded whatever the input: long notations and
    messages are cut with an ellipsis.

    >>> from PIL import Image
    >>> sizes = [Image.open(io.BytesIO(error_png("bad", "12a", 2, scale=s))).size for s in (1, 2, 3)]
    >>> sizes[1] == (2 * sizes[0][0], 2 * sizes[0][1]) and sizes[2] == (3 * sizes[0][0], 3 * sizes[0][1])
    True
    """
    colors = PALETTES.get(theme, PALETTES["light"])
    s = max(1, min(MAX_SCALE, scale))
    css = max(MIN_FONT, min(MAX_FONT, round(height * 0.4)))  # font size in CSS px
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "\u2026"
    message = "".join(_shown(c) if c != " " else c for c in message)
    marked = position is not None and bool(notation)

    # layout in CSS px, measured with the 1x font
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    if marked:
        before, bad, after = _window(notation, position)
    drawn = message + (before + bad + after + "^" if marked else "")
    font1 = _font(css, drawn)
    pad, line = round(css * PAD), round(css * 1.5)
    width = probe.textlength(message, font=font1)
    if marked:
        x_bad = probe.textlength(before, font=font1)
        w_bad = max(probe.textlength(bad, font=font1), css * 0.5)
        width = max(width, x_bad + w_bad + probe.textlength(after, font=font1))
    w = math.ceil(width) + 2 * pad
    h = 2 * pad + line * (3 if marked else 1)

    # drawn at scale: every coordinate times s, the text at s times the size
    font = _font(css * s, drawn)
    im = Image.new("RGB", (w * s, h * s), colors.paper)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w * s - 1, h * s - 1), outline=colors.red, width=max(1, css * s // 12))
    d.text((pad * s, pad * s), message, fill=colors.red, font=font)
    if marked:
        y, x = (pad + line) * s, (pad + x_bad) * s
        d.rectangle((x - s, y, x + (w_bad + 1) * s, y + (line - 2) * s), fill=colors.mark)
        d.text((pad * s, y), before, fill=colors.ink, font=font)
        d.text((x, y), bad, fill=colors.red, font=font)
        d.text((x + w_bad * s, y), after, fill=colors.ink, font=font)
        d.text((x + w_bad * s / 2, y + line * s), "^", fill=colors.red, font=font, anchor="ma")
    out = io.BytesIO()
    im.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
