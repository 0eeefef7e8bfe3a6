"""CJK glyphs: the font from the `noto-cjk[sans-jp-bold]` package, loaded at run time.

Each character is rendered once, large, into an ink-cropped "L" mask; faces scale
the mask into their boxes, so one rendering serves every tile size.

>>> glyph_mask("中").mode
'L'
>>> missing_glyphs("東南西北")
[]
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from .font import ALPHABET, also_draws  # noqa: F401  (also read as glyphs.also_draws)
from .font import FONT_PACKAGE, FontMissing, font_file, subset  # noqa: F401  (also read as glyphs.FontMissing, glyphs.font_file)

NUMERALS = "一二三四伍六七八九"  # 伍, not 五, on the five, as on Japanese tiles
# every glyph a face draws; the corner indices' digits and letters last (`tile_art.corner`)
CHARACTERS = NUMERALS + "萬東南西北發中" + "梅蘭菊竹春夏秋冬" + "1234JOKER?" + "56789SWNBFC"
RENDER_PX = 400          # font size used for the master masks
_NOT_IN_FONT = "\U000F0001"  # private-use code point: renders as .notdef (tofu)
_FONT_LOCK = threading.Lock()


class _Shared:
    """A font file to Pillow, whose `read` is the same bytes every time: Pillow keeps what it read
    beside each size, so every size shares one copy of the subset."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, *_) -> bytes:
        return self.data


_alphabet = ALPHABET  # what the subset holds: the faces' characters and what `also_draws` adds
also_draws(CHARACTERS)


@lru_cache(maxsize=1)
def _subset_alphabet() -> str:
    return "".join(sorted(_alphabet))


@lru_cache(maxsize=1)
def _covered() -> frozenset[str]:
    return frozenset(_subset_alphabet()) | {_NOT_IN_FONT}


@lru_cache(maxsize=32)
def font_of(px: int) -> ImageFont.FreeTypeFont:
    """The font at `px`, holding the glyphs of `also_draws`' characters alone (`tile_art.font.subset`,
    made once per process): every size shares the subset's few hundred kB, where each size opened
    from the file maps all 17 MB. The same pixels as the whole font's for each of those characters.

    >>> font_of(40).getbbox("東") == ImageFont.truetype(str(font_file()), 40).getbbox("東")
    True
    """
    return ImageFont.truetype(_Shared(subset(_subset_alphabet())), px)


def font_for(px: int, text: str) -> ImageFont.FreeTypeFont:
    """The font at `px` to draw `text` with: `font_of` when the subset holds every character of
    `text` (or `_NOT_IN_FONT`, the .notdef box both draw), else the whole font, opened for this one
    drawing (about a millisecond) and let go: no character is drawn otherwise than from the whole
    font, and a worker keeps no mapping of the file."""
    if _covered().issuperset(text):
        return font_of(px)
    return ImageFont.truetype(str(font_file()), px)


def _font(text: str = "") -> ImageFont.FreeTypeFont:
    """The master size's font for `text`: the faces' characters from their subset."""
    return font_for(RENDER_PX, text)


def _render(char: str) -> Image.Image:
    size = RENDER_PX * 3 // 2
    im = Image.new("L", (size, size), 0)
    font = _font(char)
    with _FONT_LOCK:  # one FreeType face shared by all threads
        ImageDraw.Draw(im).text((size // 2, size // 2), char, fill=255, font=font, anchor="mm")
    return im


@lru_cache(maxsize=64)
def glyph_mask(char: str) -> Image.Image:
    """The glyph as an "L" mask cropped to its ink. Treat as read-only."""
    im = _render(char)
    box = im.getbbox()
    if box is None:
        raise FontMissing(f"glyph {char!r} is empty in {font_file().name}; reinstall '{FONT_PACKAGE}'")
    return im.crop(box)


@lru_cache(maxsize=8)
def extent(chars: str) -> tuple[int, int]:
    """Largest ink width and height over `chars`, to draw them at one common size."""
    masks = [glyph_mask(ch) for ch in chars]
    return max(m.width for m in masks), max(m.height for m in masks)


def missing_glyphs(chars: str = CHARACTERS) -> list[str]:
    """Characters that render empty or as the .notdef (tofu) box."""
    tofu = _render(_NOT_IN_FONT)
    missing = []
    for ch in chars:
        im = _render(ch)
        if im.getbbox() is None or ImageChops.difference(im, tofu).getbbox() is None:
            missing.append(ch)
    return missing
