"""Corner indices: the small index international sets print in a tile's top-left corner, for
readers who do not read the Chinese characters.

The numeral on man, pin and sou tiles (a red five's in red), E S W N on the winds, a letter on
each dragon in its colour (C for 中 Chung, F for 發 Fa, B for 白 Bai: the letters of sets with
Western indices; R G W would make the white dragon's W read as West), and 1-4 on flowers (red)
and seasons (blue). Jokers, the any-tile and the back have none.

The index stands in a band across the top of the face; the face's own art is drawn unchanged
below it, shrunk to the rest of the face and centred (`art_box`), so nothing of it is hidden.
A flower or season already shows its number in that corner: the index takes its place, and
the rest of the face stays as it is (`tile_art.bonus`).

>>> INDEX["0p"], INDEX["3z"], INDEX["5z"], INDEX["6f"], "j" in INDEX
('5', 'W', 'B', '2', False)
>>> [round(v, 2) for v in art_box(128.0)]
[11.72, 30.0, 88.28, 128.0]
"""

from __future__ import annotations

from .outline import ink_bounds
from .pen import Box
from .theme import Theme

WINDS, DRAGONS = "ESWN", "BFC"  # 1z-4z; 5z (white), 6z (green), 7z (red)
INDEX: dict[str, str] = {
    **{f"{n}{s}": str(n or 5) for s in "mps" for n in range(10)},
    **{f"{n + 1}z": c for n, c in enumerate(WINDS + DRAGONS)},
    **{f"{n}f": str((n - 1) % 4 + 1) for n in range(1, 9)},
    **{f"{a}{b}d": f"{a}{b}" for a in range(1, 7) for b in range(a, 7)},  # Tienjiu tiles: both halves
}
CHARACTERS = "".join(sorted(set(INDEX.values())))  # what the font must hold (`tile_art.glyphs`)
# In face units, on a face FH units tall (each scales with the face's height, `fh / FH`):
FH = 128.0
LEFT = 6.0    # the index's ink from the face's left edge (clear of its rounded corner)
TOP = 3.0     # its top from the face's top edge
CAP = 25.0    # the height of a capital or digit
BAND = 30.0   # the band: the art below it, and a gap between them
_CAP_OF = "8"  # whose ink height is CAP: digits and capitals are as tall in this font


def has_index(code: str) -> bool:
    """True when tile `code` shows a corner index (not the joker, the any-tile or the back)."""
    return code in INDEX


def art_box(fh: float) -> Box:
    """Where the face's art goes on a face `fh` units tall with an index: below the band, the
    rest of the face's height, as wide as the face's shape keeps it, centred."""
    s = 1 - BAND / FH
    return 50 - 50 * s, fh - fh * s, 50 + 50 * s, fh


def index_box(code: str, fh: float) -> Box:
    """The ink box of `code`'s index on a face `fh` units tall: capitals and digits `CAP` tall
    on one baseline, `LEFT` from the left edge.

    >>> [round(v, 1) for v in index_box("8p", 128.0)][1::2]  # as tall as CAP, TOP below the face's top
    [3.0, 28.0]
    """
    return _ink_box(INDEX[code], fh, LEFT)


def _ink_box(text: str, fh: float, left: float) -> Box:
    """`index_box` of `text` with its ink from `left`."""
    k = fh / FH
    x0, y0, x1, y1 = ink_bounds(text)
    cap = ink_bounds(_CAP_OF)
    scale = CAP * k / (cap[3] - cap[1])  # pen units per em
    base = TOP * k + cap[3] * scale  # the baseline, below the top of a capital
    return left, base - y1 * scale, left + (x1 - x0) * scale, base - y0 * scale


def index_colour(theme: Theme, code: str) -> tuple[int, int, int]:
    """Ink; red on red fives; a dragon's own colour (the white dragon's is its frame's blue); a
    flower's red and a season's blue, as their numbers are.

    >>> from tile_art.theme import LIGHT
    >>> [index_colour(LIGHT, c) == want for c, want in (("0s", LIGHT.red), ("5z", LIGHT.blue), ("6f", LIGHT.blue))]
    [True, True, True]
    """
    if code[0] == "0" or code == "7z" or code in ("1f", "2f", "3f", "4f"):
        return theme.red
    if code == "6z":
        return theme.green
    if code == "5z" or code[-1:] == "f":
        return theme.blue
    return theme.ink


def draw_index(pen, theme: Theme, code: str) -> None:
    """The index of `code` in the top-left corner of `pen`'s face (any pen backend); a Tienjiu
    tile's two digits one glyph at a time (the vector pen draws one character a glyph)."""
    text, colour = INDEX[code], index_colour(theme, code)
    if len(text) == 1:
        pen.glyph(text, index_box(code, pen.fh), colour)
        return
    left = LEFT
    for ch in text:
        box = _ink_box(ch, pen.fh, left)
        pen.glyph(ch, box, colour)
        left = box[2] + 0.15 * CAP * pen.fh / FH
