"""Tienjiu faces (Chinese dominoes): two halves of pips, the lower number at the head.

As on traditional sets (and Chinese dice) the 1s and 4s are red, the 1 larger than
other pips; the rest are ink, but Heaven's (6-6): in each six one column of three is
red. Twos stand side by side at the end of the tile, threes on a diagonal, except on the
Long Three (3-3), whose six pips read two across, two down the middle, two across. A
thin line parts the halves. Layouts are data: (x, t) with t from 0 at the tile's end to
1 at the middle line; the lower half is the upper one turned half round.

>>> [len(pips(n)) for n in range(1, 7)]
[1, 2, 3, 4, 5, 6]
>>> CODES[:3], len(CODES)
(('11d', '12d', '13d'), 21)
"""

from __future__ import annotations

from .pen import Pen
from .theme import Theme

CODES = tuple(f"{a}{b}d" for a in range(1, 7) for b in range(a, 7))
BACK = "xd"  # a Tienjiu tile's back
_LAYOUTS = {
    1: ((50, 0.5),),
    2: ((28, 0.24), (72, 0.24)),
    3: ((24, 0.2), (50, 0.5), (76, 0.8)),
    4: ((29, 0.27), (71, 0.27), (29, 0.73), (71, 0.73)),
    5: ((25, 0.2), (75, 0.2), (50, 0.5), (25, 0.8), (75, 0.8)),
    6: ((29, 0.18), (71, 0.18), (29, 0.5), (71, 0.5), (29, 0.82), (71, 0.82)),
}
_LONG_THREE = ((28, 0.22), (72, 0.22), (50, 0.78))  # 3-3: two across at the end, one by the line
PIP = 12.0  # pip radius in face units (the face is 100 wide)
ONE = 18.0  # the red 1


def pips(n: int, both_three: bool = False) -> tuple[tuple[float, float], ...]:
    """The pips of a half showing `n`, as (x, t)."""
    return _LONG_THREE if both_three else _LAYOUTS[n]


def is_domino(code: str) -> bool:
    return code in CODES or code == BACK


def draw_domino(pen: Pen, theme: Theme, code: str) -> None:
    """Both halves of Tienjiu tile `code` (``"46d"``: 4 at the head, 6 below) and the line between."""
    lo, hi = int(code[0]), int(code[1])
    fh = pen.fh
    half = fh / 2
    margin = min(10.0, half * 0.06)  # the pips' rows keep clear of the face's ends and the line
    pen.line([(12, half), (88, half)], max(1.2, fh * 0.007), theme.outline)
    for n, top in ((lo, True), (hi, False)):
        for x, t in pips(n, lo == hi == 3):
            red = n in (1, 4) or (lo == hi == 6 and x < 50)  # Heaven: one column of each six
            y = margin + t * (half - 2 * margin)
            if not top:  # turned half round: from the bottom end, mirrored
                x, y = 100 - x, fh - y
            _pip(pen, x, y, ONE if n == 1 else PIP, red, theme)


def _pip(pen: Pen, x: float, y: float, r: float, red: bool, theme: Theme) -> None:
    """A drilled pip: a dark rim round its colour."""
    pen.circle(x, y, r, theme.red_dark if red else theme.ink)
    pen.circle(x, y, 0.78 * r, theme.red if red else theme.ink)
