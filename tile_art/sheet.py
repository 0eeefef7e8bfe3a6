"""Contact sheets: every face and the back in CODES order, ten to a row, on the theme's page colour.

The CLI's `tiles sheet --height H --theme T -o FILE.png` calls `write_sheet`.

>>> contact_sheet(16).size
(142, 74)
"""

from __future__ import annotations

import os

from PIL import Image

from .faces import CODES, check, face, tile_width
from .theme import get_theme

COLUMNS = 10


def contact_sheet(height: int, theme: str = "light", scale: int = 1) -> Image.Image:
    """An RGBA sheet of every face (rows: man, pin, sou, honors + back)."""
    check("x", height, scale, theme)
    w, h = tile_width(height) * scale, height * scale
    gap = max(2, h // 8)
    rows = -(-len(CODES) // COLUMNS)
    size = (gap + COLUMNS * (w + gap), gap + rows * (h + gap))
    sheet = Image.new("RGBA", size, get_theme(theme).page + (255,))
    for i, code in enumerate(CODES):
        tile = face(code, height, scale, theme)
        row, col = divmod(i, COLUMNS)
        sheet.alpha_composite(tile, (gap + col * (w + gap), gap + row * (h + gap)))
    return sheet


def write_sheet(path: str | os.PathLike, height: int, theme: str = "light", scale: int = 1) -> None:
    """Write the contact sheet as PNG to `path`. `write_sheet("sheet.png", 64, "dark")`."""
    contact_sheet(height, theme, scale).save(path, format="PNG")
