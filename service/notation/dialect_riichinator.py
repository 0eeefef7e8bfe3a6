"""riichinator (Typst): its hand and river strings in our notation.

===============  ===============================================  ============
riichinator      meaning                                          ours
===============  ===============================================  ============
``123m``         digits share the next suit letter                ``123m``
``0m``           a red five (m, p, s)                             ``0m``
``0z``           a face-down tile                                 ``x``
``3'``           after a digit: it lies sideways                  ``-3``
``05"``          after two digits: the first lies sideways, the   ``-0=5``
                 second on top of it (an added kan)
``-``            a small space between tiles                      ``+``
``7?``           after a digit: the tile is shaded (a river's     ``*7``
                 tsumogiri, ``layout=river``)
===============  ===============================================  ============

riichinator draws one row with a small space where ``-`` stands; those groups are our segments
(the first the hand, a last lone tile the winning tile). Whitespace is skipped; ``!``
(riichinator's highlighted border) has no picture here and is an error.

>>> from service.notation.dialects import translate
>>> translate("11m23p-4'30m-777z-0z11s0z", "riichinator")
'11m23p+-430m+777z+x11xs'
>>> translate("11178p35566z-505\\"5p", "riichinator")
'11178p35566z+5-0=55p'
"""

from __future__ import annotations

from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"


def read(text: str, river: bool = False) -> Writer:
    """Read riichinator's ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    waiting: list[list[Piece]] = []  # one entry a drawn thing: a tile, or an added kan's two
    for i, c in enumerate(text):
        if c in DIGITS:
            waiting.append([Piece(i, c)])
        elif c in "'?!":
            if not waiting:
                w.fail(f"'{c}' marks the tile right before it: write it after a digit, like 3{c}m", i)
            piece = waiting[-1][0]
            if c == "!":
                w.fail("'!' is riichinator's highlighted border; tiles have none here: leave it out", i)
            if c == "'":
                piece.sideways, piece.mark_at = True, i
            elif not river:
                w.fail("'?' shades a discard (tsumogiri) in riichinator's river; a hand has no shaded tiles:"
                       " read it as a river (layout=river)", i)
            else:
                piece.tsumogiri = True
        elif c == '"':
            if len(waiting) < 2 or len(waiting[-1]) > 1 or len(waiting[-2]) > 1:
                w.fail('\'"\' stacks the two tiles before it (an added kan): write it after two digits, like 505"5p',
                       i)
            upper = waiting.pop()[0]
            lower = waiting[-1][0]
            lower.sideways, lower.mark_at = True, i
            upper.sideways = upper.stacked = True
            upper.mark_at = i
            waiting[-1].append(upper)
        elif c in SUITS:
            if not waiting:
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for thing in waiting:
                for piece in thing:
                    if c == "z" and piece.code == "0":
                        piece.code = "x"
                    else:
                        piece.code, piece.suit_at = piece.code + c, i
                    w.pieces.append(piece)
            waiting.clear()
        elif c == "-":
            if waiting:
                p = waiting[0][0]
                w.unsuited(p.code, p.at, "-")
            w.gap(i)
        elif c.isspace():
            continue
        else:
            w.fail(f"'{c}' is not part of riichinator's notation", i)
    if waiting:
        p = waiting[0][0]
        w.unsuited(p.code, p.at)
    return w
