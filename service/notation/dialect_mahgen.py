"""mahgen: its tile sequences in our notation.

=============  ===============================================  =================
mahgen         meaning                                          ours
=============  ===============================================  =================
``123m``       digits share the next suit letter                ``123m``
``0m``         a red five (m, p, s)                             ``0m``
``0z``         the back of a tile                               ``x``
``8z``         the "?" tile                                     ``?``
``_1``         before a tile: it lies sideways (called)         ``-1``
``^7``         before a tile: two tiles, a sideways one with    ``-7=7``
               the added-kan tile on top of it
``v0`` ``v5``  the same with a red five, below (``v0``) or      ``-0=5`` ``-5=0``
               on top (``v5``)
``|``          a space between tiles (``||``: a wider one)      ``+``
=============  ===============================================  =================

mahgen draws one row of tiles with spaces where ``|`` stands; the groups it shows apart are
our segments, so ``|`` (one or more) starts a new segment: the first is the hand, the others
melds, a last lone tile the winning tile. ``9z``, mahgen's "*" tile, has no tile here.

In its river mode (ours: ``layout=river``) the states mean other things: ``_`` the riichi tile
(``-``), ``^`` a tsumogiri discard (``*``), ``v`` both (``*-``); ``|`` has no place in a river.

>>> from service.notation.dialects import translate
>>> translate("1m|_123p|5v05m|0z11s0z|66^6z", "mahgen")
'1m+-123p+5-0=55m+x11xs+66-6=6z'
>>> translate("55v5p", "mahgen"), translate("v555m", "mahgen")
('55-5=0p', '-5=055m')
>>> from service.notation.dialects import translation
>>> translation("123^456_7m^8^9^1s", "mahgen", river=True).text
'123*456-7m*8*9*1s'
>>> translate("12m|3m 4m", "mahgen")
Traceback (most recent call last):
...
service.notation.grammar.ParseError: mahgen has no spaces: '|' puts a gap between tiles (at position 6)
"""

from __future__ import annotations

from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"
STATES = "_^v"
GAP = "|"


def read(text: str, river: bool = False) -> Writer:
    """Read mahgen's ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    waiting: list[tuple[Piece, str, int]] = []  # digit, its state ('' or _ ^ v) and where the state stands
    state, state_at = "", -1
    for i, c in enumerate(text):
        if c in DIGITS and river:  # a discard: riichi (_), tsumogiri (^) or both (v)
            waiting.append((Piece(i, c, sideways=state in ("_", "v"), tsumogiri=state in ("^", "v"),
                                  mark_at=state_at if state else -1), "", -1))
            state = ""
        elif c in DIGITS:
            if state == "v" and c not in "05":
                w.fail(f"'v' is an added kan with a red five: v0 (the lower tile red) or v5 (the upper), not v{c}",
                       state_at)
            waiting.append((Piece(i, c, mark_at=state_at if state else -1), state, state_at))
            state = ""
        elif c in STATES:
            if state:
                w.fail(f"'{c}' cannot follow '{state}': one state per tile", i)
            state, state_at = c, i
        elif c in SUITS:
            if state:
                w.fail(f"'{state}' must come right before a tile's digit", state_at)
            if not waiting:
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for piece, st, st_at in waiting:
                add(w, piece, c, i, st)
            waiting.clear()
        elif c == GAP and river:
            w.fail("'|' puts a gap in mahgen's hands; its river mode has none (rows come from the row option)", i)
        elif c == GAP:
            if state:
                w.fail(f"'{state}' must come right before a tile's digit", state_at)
            if waiting:
                p = waiting[0][0]
                w.unsuited(p.code, p.at, "|")
            w.gap(i)
        elif c.isspace():
            w.fail("mahgen has no spaces: '|' puts a gap between tiles", i)
        else:
            w.fail(f"'{c}' is not part of mahgen's notation", i)
    if state:
        w.fail(f"'{state}' must come right before a tile's digit", state_at)
    if waiting:
        p = waiting[0][0]
        w.unsuited(p.code, p.at)
    return w


def add(w: Writer, piece: Piece, suit: str, suit_at: int, state: str) -> None:
    """One digit of mahgen's with its suit and state: one tile, or two for ``^`` and ``v``."""
    digit = piece.code
    if suit == "z" and digit in "089":
        if digit == "9":
            w.fail("9z is mahgen's '*' tile; there is no such tile here (x is a back, ? any tile)", piece.at)
        piece.code = "x" if digit == "0" else "?"
    else:
        piece.code, piece.suit_at = digit + suit, suit_at
    if state == "_":
        piece.sideways = True
    elif state in ("^", "v"):
        piece.sideways = True
        upper = Piece(piece.at, piece.code, sideways=True, stacked=True, mark_at=piece.mark_at, suit_at=suit_at)
        if state == "v":  # v0: the lower tile is the red five; v5: the upper
            lower_red = digit == "0"
            piece.code, upper.code = ("0" if lower_red else "5") + suit, ("5" if lower_red else "0") + suit
        w.pieces.extend((piece, upper))
        return
    w.pieces.append(piece)
