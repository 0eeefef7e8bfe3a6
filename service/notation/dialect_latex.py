"""LaTeX (the CTAN ``mahjong`` package's ``\\mahjong{...}``, which ``mahjong-tiles`` extends): its
MPSZ text in our notation.

===============  ===============================================  ============
LaTeX            meaning                                          ours
===============  ===============================================  ============
``123m``         digits share the next suit letter                ``123m``
``0m``           a red five                                       ``0m``
``X``            a concealed tile (its back), in a run            ``x``
``?``            a tile with a question mark, in a run            ``?``
``3'``           after a digit: rotated (sideways)                ``-3``
``0"``           after a digit: two of it rotated, stacked        ``-0=0``
``-``            a space                                          ``+``
===============  ===============================================  ============

Letters are read in any case; whitespace is skipped, as TeX skips it, so ``119p 19s`` is one row.
The package draws a space where ``-`` stands: those groups are our segments (the first the hand,
a last lone tile the winning tile).

>>> from service.notation.dialects import translate
>>> translate("X44Xp-123's-50\\"5m-33?z", "latex")
'x44xp+12-3s+5-0=05m+33z?'
>>> translate("119p 19s 19m 1234567z", "latex")
'119p19s19m1234567z'
"""

from __future__ import annotations

from .dialect_marks import MARKS, put_mark
from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"


def read(text: str, river: bool = False) -> Writer:
    """Read the LaTeX packages' ``text`` into a `Writer`; a `ParseError` for what they do not accept."""
    w = Writer(text, river)
    waiting: list[tuple[Piece, str]] = []
    for i, c in enumerate(text):
        lc = c.lower()
        if c in DIGITS or lc == "x" or c == "?":
            waiting.append((Piece(i, c if c in DIGITS else lc), ""))
        elif c in MARKS:
            put_mark(w, waiting, c, i)
        elif lc in SUITS:
            if not any(p.code in DIGITS for p, _ in waiting):
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for piece, mark in waiting:
                if piece.code in DIGITS:
                    piece.code, piece.suit_at = piece.code + lc, i
                piece.sideways = bool(mark)
                w.pieces.append(piece)
                if mark == '"':
                    w.pieces.append(Piece(piece.at, piece.code, sideways=True, stacked=True, mark_at=piece.mark_at,
                                          suit_at=piece.suit_at))
            waiting.clear()
        elif c == "-":
            if waiting:
                p = waiting[0][0]
                w.unsuited(text[p.at], p.at, "-")
            w.gap(i)
        elif c.isspace():
            continue
        else:
            w.fail(f"'{c}' is not part of the LaTeX packages' notation (digits, m p s z, x, ?, ', \" and -)", i)
    if waiting:
        p = waiting[0][0]
        w.unsuited(text[p.at], p.at)
    return w
