"""A small PNG that explains a bad notation, for `<img>` tags that asked for one.

A broken image icon tells a docs author nothing; this shows the message and
the notation with the bad character boxed in red and a caret under it.

>>> png = error_png("'a' is not a suit letter", "123a", 3)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WINDOW = 48          # characters of notation shown around the bad spot
MAX_MESSAGE = 100    # characters of message shown
PAD = 0.6            # padding, in font sizes
MAX_FONT_PX = 64     # with WINDOW and MAX_MESSAGE: any error image fits in about 6400 x 400 px

INK = (40, 40, 48)
RED = (200, 30, 40)
PAPER = (255, 246, 246)
MARK = (255, 214, 214)


@lru_cache(maxsize=8)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The CJK font tile_art uses (covers any notation text), else Pillow's own."""
    try:
        from tile_art.glyphs import font_file

        return ImageFont.truetype(str(font_file()), size)
    except Exception:  # tile_art or its font missing: still draw something legible
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


def error_png(message: str, notation: str, position: int | None, height: int = 38, scale: int = 1) -> bytes:
    """PNG bytes: the message, then the notation with the bad spot marked.

    `height` is the tile height the page expected, so the text sits at a
    matching size; `scale` is the device pixel ratio. Output size is bounded
    whatever the input: long notations and messages are cut with an ellipsis.
    """
    size = min(MAX_FONT_PX, max(11, min(28, round(height * 0.4))) * max(1, min(4, scale)))
    font = _font(size)
    pad = round(size * PAD)
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "\u2026"
    message = "".join(_shown(c) if c != " " else c for c in message)
    line = round(size * 1.5)

    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = probe.textlength(message, font=font)
    rows = [(message, RED)]
    if position is not None and notation:
        before, bad, after = _window(notation, position)
        x_bad = probe.textlength(before, font=font)
        w_bad = max(probe.textlength(bad, font=font), size * 0.5)
        width = max(width, x_bad + w_bad + probe.textlength(after, font=font))
    w = int(width) + 2 * pad
    h = 2 * pad + line * (1 if position is None or not notation else 3)

    im = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w - 1, h - 1), outline=RED, width=max(1, size // 12))
    d.text((pad, pad), message, fill=RED, font=font)
    if position is not None and notation:
        y = pad + line
        x = pad + x_bad
        d.rectangle((x - 1, y, x + w_bad + 1, y + line - 2), fill=MARK)
        d.text((pad, y), before, fill=INK, font=font)
        d.text((x, y), bad, fill=RED, font=font)
        d.text((x + w_bad, y), after, fill=INK, font=font)
        d.text((x + w_bad / 2, y + line), "^", fill=RED, font=font, anchor="ma")
    out = io.BytesIO()
    im.save(out, "PNG", optimize=False, compress_level=6)
    return out.getvalue()
