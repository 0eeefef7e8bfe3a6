"""merjong: its MPSZ text in our notation.

==================  =============================================  ============
merjong             meaning                                        ours
==================  =============================================  ============
``123m``            digits share the next suit letter              ``123m``
``0m``              a red five                                     ``0m``
``X`` ``Xm`` ``x``  a back (``X`` before a suit letter, or ``x``)  ``x``
``Q`` ``Qm`` ``q``  a question-mark tile                           ``?``
``3'``              after a digit: it lies sideways                ``-3``
``4''``             after a digit: sideways, on top of the         ``=4``
                    sideways tile before it
``5"``              after a digit: two sideways tiles, one on      ``-5=5``
                    top of the other
``-``               a space between tiles                          ``+``
==================  =============================================  ============

merjong draws one row with a small space where ``-`` stands; those groups are our segments (the
first the hand, a last lone tile the winning tile). Whitespace is skipped, as merjong skips it.

>>> from service.notation.dialects import translate
>>> translate("5'55m-55\\"5s-555'0''p-X55Xz", "merjong")
'-555m+5-5=55s+55-5=0p+x55xz'
>>> translate("19m19p19s1234567z-q", "merjong")
'19m19p19s1234567z+?'
"""

from __future__ import annotations

from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"


def read(text: str, river: bool = False) -> Writer:
    """Read merjong's ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    waiting: list[tuple[Piece, str]] = []  # a digit (or X, Q) and the marks after it
    for i, c in enumerate(text):
        if c in DIGITS or c in "XQ":
            waiting.append((Piece(i, c), ""))
        elif c in "'\"":
            if not waiting:
                w.fail(f"'{c}' marks the tile right before it: write it after a digit, like 3{c}m", i)
            piece, marks = waiting[-1]
            if marks == "" and piece.mark_at < 0:
                piece.mark_at = i
            waiting[-1] = (piece, marks + c)
        elif c in SUITS or c in "xq":
            if not waiting:
                if c in "xq":
                    w.tile(i, "x" if c == "x" else "?")
                    continue
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for piece, marks in waiting:
                add(w, piece, marks, c, i)
            waiting.clear()
        elif c == "-":
            if waiting:
                w.unsuited(waiting[0][0].code, waiting[0][0].at, "-")
            w.gap(i)
        elif c.isspace():
            continue
        else:
            w.fail(f"'{c}' is not part of merjong's notation", i)
    if waiting:
        w.unsuited(waiting[0][0].code, waiting[0][0].at)
    return w


def add(w: Writer, piece: Piece, marks: str, suit: str, suit_at: int) -> None:
    """One digit (or X, Q) of merjong's with its marks and suit letter."""
    if suit in "xq" or piece.code in "XQ":
        piece.code = "x" if "x" in (suit, piece.code.lower()) else "?"
    else:
        piece.code, piece.suit_at = piece.code + suit, suit_at
    if marks not in ("", "'", "''", '"'):
        w.fail(f"'{marks}' is no mark of merjong's: ' lays a tile sideways, '' stacks it, \" is a stacked pair",
               piece.mark_at)
    piece.sideways = bool(marks)
    piece.stacked = marks == "''"
    w.pieces.append(piece)
    if marks == '"':
        w.pieces.append(Piece(piece.at, piece.code, sideways=True, stacked=True, mark_at=piece.mark_at,
                              suit_at=piece.suit_at))
