"""riichi.wiki (its MahjongTile extension, ``{{#mjt: ...}}``): its tile strings in our notation.

===============  ===============================================  ============
riichi.wiki      meaning                                          ours
===============  ===============================================  ============
``123m``         digits share the next suit letter                ``123m``
``0m``           a red five (m, p, s)                             ``0m``
``0z``           an unknown or face-down tile                     ``x``
``3'``           after a digit: it lies sideways, pointing east   ``-3``
``3"``           after a digit: it lies sideways, pointing west   ``-3``
===============  ===============================================  ============

Spaces are ignored, as the wiki ignores them (``123m 1111z`` is ``123m1111z``): a tile string is
one row, our hand (with a sideways tile, a called meld). Our sideways tiles all lie one way, so
both flags are our ``-``. The paifu group ``x`` (its arrows and marks) has no tiles here.

>>> from service.notation.dialects import translate
>>> translate("345345m00000000z", "riichi-wiki")
'345345mxxxxxxxx'
>>> translate("12 3m1111    z", "riichi-wiki")
'123m1111z'
>>> translate("5'55m", "riichi-wiki")
'-555m'
"""

from __future__ import annotations

from .dialect_marks import MARKS, put_mark
from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"


def read(text: str, river: bool = False) -> Writer:
    """Read a MahjongTile string ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    waiting: list[tuple[Piece, str]] = []
    for i, c in enumerate(text):
        if c in DIGITS:
            waiting.append((Piece(i, c), ""))
        elif c in MARKS:
            put_mark(w, waiting, c, i)
        elif c in SUITS:
            if not waiting:
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for piece, mark in waiting:
                if c == "z" and piece.code == "0":
                    if mark:
                        w.fail(f"'{mark}' turns a face-down tile (0z): it cannot lie sideways", piece.mark_at)
                    piece.code = "x"
                else:
                    piece.code, piece.suit_at = piece.code + c, i
                piece.sideways = bool(mark)  # either way: ours lie one way
                w.pieces.append(piece)
            waiting.clear()
        elif c == "x":
            w.fail("'x' is MahjongTile's paifu group (arrows and marks); there are no such tiles here", i)
        elif c.isspace():
            continue
        else:
            w.fail(f"'{c}' is not part of MahjongTile's notation", i)
    if waiting:
        p = waiting[0][0]
        w.unsuited(p.code, p.at)
    return w
