"""riichi-hand-rs (and chombo-gen, handy-dora, which draw with it): its hand strings in our notation.

=================  ==========================================  =============
riichi-hand-rs     meaning                                     ours
=================  ==========================================  =============
``123m``           digits share the next suit letter           ``123m``
``0m``             a red five                                  ``0m``
``E S W N``        the winds (upper case)                      ``1z`` .. ``4z``
``w g r``          white, green, red dragons (lower case)      ``5z 6z 7z``
``?``              an unknown tile, drawn as a back            ``x``
``4*`` ``4'``      after a tile: it lies sideways (called)     ``-4``
``4**`` ``4''``    after a tile: sideways, shifted onto the    ``=4``
                   sideways tile before it (an added kan)
``_``              ends a group (the next is drawn apart)      ``+``
=================  ==========================================  =============

Letters are case-sensitive (``S`` is South, ``s`` souzu); a third mark turns the tile upright
again, as the tool's own parser cycles. An honour letter waits with the digits for the next
suit letter, so ``1E2m`` is 1m East 2m.

>>> from service.notation.dialects import translate
>>> translate("123m456p_7*77z", "riichi-hand-rs")
'123m456p+-777z'
>>> translate("EE*E**E_r'rr", "riichi-hand-rs")
'1-1=11z+-777z'
>>> translate("1E2m?", "riichi-hand-rs")
'1m1z2mx'
>>> translate("123m*", "riichi-hand-rs")
Traceback (most recent call last):
...
service.notation.grammar.ParseError: '*' marks the tile right before it, a digit or honour letter still waiting for its suit letter: write 12*3m, not 123m* (at position 4)
"""

from __future__ import annotations

from .dialect_writing import DIGITS, Piece, Writer

HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "w": "5z", "g": "6z", "r": "7z"}
SUITS = "mpsz"
MARKS = "*'"
GROUP = "_"


def read(text: str, river: bool = False) -> Writer:
    """Read riichi-hand-rs' ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    waiting: list[tuple[Piece, int]] = []  # tiles read, not yet given a suit; and their mark count
    for i, c in enumerate(text):
        if c in DIGITS:
            waiting.append((Piece(i, c), 0))
        elif c in SUITS:
            if not any(len(p.code) == 1 and p.code != "x" for p, _ in waiting):
                w.fail(f"suit letter '{c}' has no digits before it", i)
            flush(w, waiting, c, i)
        elif c in HONOURS or c == "?":
            waiting.append((Piece(i, HONOURS.get(c, "x")), 0))
        elif c in MARKS:
            if not waiting:
                w.fail(f"'{c}' marks the tile right before it, a digit or honour letter still waiting for its"
                       f" suit letter: write 12{c}3m, not 123m{c}", i)
            piece, marks = waiting[-1]
            if marks == 0:
                piece.mark_at = i
            waiting[-1] = (piece, marks + 1)
        elif c == GROUP:
            flush(w, waiting, "", i)
            w.gap(i)
        elif c.isspace():
            w.fail("riichi-hand-rs has no spaces in a hand: '_' ends a group", i)
        else:
            hint = " (honours are E S W N, w g r, or 1z-7z)" if c.isalpha() else ""
            w.fail(f"'{c}' is not part of riichi-hand-rs' notation{hint}", i)
    flush(w, waiting, "", len(text))
    return w


def flush(w: Writer, waiting: list[tuple[Piece, int]], suit: str, at: int) -> None:
    """Give the waiting digits ``suit`` (its letter at ``at``) and add them, in order, to the writer."""
    for piece, marks in waiting:
        if len(piece.code) == 1 and piece.code != "x":
            if not suit:
                w.unsuited(piece.code, piece.at)
            piece.code += suit
            piece.suit_at = at
        placement = marks % 3  # normal, rotated, rotated and shifted: the tool's cycle
        piece.sideways, piece.stacked = placement > 0, placement == 2
        w.pieces.append(piece)
    waiting.clear()
