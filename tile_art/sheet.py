"""Contact sheets: every face and the back, a row to each kind (`ROWS`), on the theme's page colour.

The CLI's `tiles sheet --height H --theme T [--index] [--set tienjiu] -o FILE.png` calls `write_sheet`.

>>> contact_sheet(16).size, contact_sheet(16, tiles="tienjiu").size
((142, 92), (110, 38))
"""

from __future__ import annotations

import os

from PIL import Image

from .dominoes import BACK as DOMINO_BACK
from .dominoes import CODES as DOMINOES
from .faces import BONUS, SUITED, check, face, width_of
from .theme import get_theme

COLUMNS = 10
# man, pin, sou; honours and the back; flowers, seasons, joker and any-tile
ROWS = (SUITED[:10], SUITED[10:20], SUITED[20:], tuple(f"{n}z" for n in "1234567") + ("x",), BONUS + ("j", "?"))
# Tienjiu: the eleven civil kinds, highest first, and the back; the ten military kinds, by value
TIENJIU_ROWS = (("66d", "11d", "44d", "13d", "55d", "33d", "22d", "56d", "46d", "16d", "15d", DOMINO_BACK),
                ("45d", "36d", "35d", "26d", "34d", "25d", "24d", "14d", "23d", "12d"))
SETS = {"mahjong": ROWS, "tienjiu": TIENJIU_ROWS}
assert sorted(TIENJIU_ROWS[0][:-1] + TIENJIU_ROWS[1]) == sorted(DOMINOES)


def contact_sheet(height: int, theme: str = "light", scale: int = 1, index: bool = False,
                  tiles: str = "mahjong") -> Image.Image:
    """An RGBA sheet of every face (rows: man, pin, sou, honors + back, bonus + joker + any);
    `index`: with their corner indices (`tile_art.corner`). `tiles`: ``"tienjiu"`` for the
    Tienjiu tiles (civil kinds and the back, then military kinds)."""
    rows = SETS[tiles]
    check(rows[0][0], height, scale, theme)
    w, h = width_of(rows[0][0], height) * scale, height * scale
    gap = max(2, h // 8)
    size = (gap + max(map(len, rows)) * (w + gap), gap + len(rows) * (h + gap))
    sheet = Image.new("RGBA", size, get_theme(theme).page + (255,))
    for row, codes in enumerate(rows):
        for col, code in enumerate(codes):
            sheet.alpha_composite(face(code, height, scale, theme, index=index), (gap + col * (w + gap), gap + row * (h + gap)))
    return sheet


def write_sheet(path: str | os.PathLike, height: int, theme: str = "light", scale: int = 1,
                index: bool = False, tiles: str = "mahjong") -> None:
    """Write the contact sheet as PNG to `path`. `write_sheet("sheet.png", 64, "dark")`."""
    contact_sheet(height, theme, scale, index, tiles).save(path, format="PNG")
