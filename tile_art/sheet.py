"""Contact sheets: every face and the back, a row to each kind (`ROWS`), on the theme's page colour.

The CLI's `tiles sheet --height H --theme T [--index] -o FILE.png` calls `write_sheet`.

>>> contact_sheet(16).size
(142, 92)
"""

from __future__ import annotations

import os

from PIL import Image

from .faces import BONUS, SUITED, check, face, tile_width
from .theme import get_theme

COLUMNS = 10
# man, pin, sou; honours and the back; flowers, seasons, joker and any-tile
ROWS = (SUITED[:10], SUITED[10:20], SUITED[20:], tuple(f"{n}z" for n in "1234567") + ("x",), BONUS + ("j", "?"))


def contact_sheet(height: int, theme: str = "light", scale: int = 1, index: bool = False) -> Image.Image:
    """An RGBA sheet of every face (rows: man, pin, sou, honors + back, bonus + joker + any);
    `index`: with their corner indices (`tile_art.corner`)."""
    check("x", height, scale, theme)
    w, h = tile_width(height) * scale, height * scale
    gap = max(2, h // 8)
    size = (gap + COLUMNS * (w + gap), gap + len(ROWS) * (h + gap))
    sheet = Image.new("RGBA", size, get_theme(theme).page + (255,))
    for row, codes in enumerate(ROWS):
        for col, code in enumerate(codes):
            sheet.alpha_composite(face(code, height, scale, theme, index=index), (gap + col * (w + gap), gap + row * (h + gap)))
    return sheet


def write_sheet(path: str | os.PathLike, height: int, theme: str = "light", scale: int = 1,
                index: bool = False) -> None:
    """Write the contact sheet as PNG to `path`. `write_sheet("sheet.png", 64, "dark")`."""
    contact_sheet(height, theme, scale, index).save(path, format="PNG")
