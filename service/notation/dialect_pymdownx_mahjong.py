"""pymdownx-mahjong (the Python-Markdown extension): its hand text in our notation.

==================  ============================================  ==================
pymdownx-mahjong    meaning                                       ours
==================  ============================================  ==================
``123m``            digits share the next suit letter             ``123m``
``0m``              a red five                                    ``0m``
``(123m<)``         a meld called from the left: first tile       ``+-123m``
                    sideways
``(111p^)``         called from across: second tile sideways      ``+1-11p``
``(999s>)``         called from the right: last tile sideways     ``+99-9s``
``(1111m>)``        an open kan from the right                    ``+111-1m``
``(666+6z^)``       an added kan: the tile after ``+`` on top     ``+6-6=66z``
                    of the sideways one
``[1111z]``         a concealed kan: back, two faces, back        ``+x11xz``
``(123m)``          a meld with no tile called                    ``+123m``
==================  ============================================  ==================

The extension draws the concealed tiles first (spaces and ``_`` in them are skipped), then the
melds in the order written, wherever they stand in the text; so does this reading: the hand, then
one segment per meld. ``dora:``, ``draw:`` and ``title:`` lines of its fences are the fence's,
not the hand's (``tiles convert`` turns them into our options).

>>> from service.notation.dialects import translate
>>> translate("123456m7z(789m<) (666z^)", "pymdownx-mahjong")
'123456m7z+-789m+6-66z'
>>> translate("1144777z(555z<) (666+6z^)", "pymdownx-mahjong")
'1144777z+-555z+6-6=66z'
>>> translate("1112345678s [9999s]", "pymdownx-mahjong")
'1112345678s+x99xs'
"""

from __future__ import annotations

from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"
CALLED = {"<": 0, "^": 1, ">": 2}  # where the sideways tile stands in a three-tile meld
CLOSE = {"(": ")", "[": "]"}


def read(text: str, river: bool = False) -> Writer:
    """Read pymdownx-mahjong's ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    hand: list[Piece] = []
    melds: list[tuple[int, list[Piece]]] = []
    waiting: list[Piece] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in DIGITS:
            waiting.append(Piece(i, c))
        elif c in SUITS:
            if not waiting:
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for p in waiting:
                p.code, p.suit_at = p.code + c, i
            hand.extend(waiting)
            waiting.clear()
        elif c in CLOSE:
            if waiting:
                w.unsuited(waiting[0].code, waiting[0].at)
            end = text.find(CLOSE[c], i)
            if end < 0:
                w.fail(f"'{c}' opens a meld that is never closed: end it with '{CLOSE[c]}'", i)
            melds.append((i, meld(w, text, i, end)))
            i = end
        elif c.isspace() or c in "_|":
            pass
        else:
            w.fail(f"'{c}' is not part of pymdownx-mahjong's notation", i)
        i += 1
    if waiting:
        w.unsuited(waiting[0].code, waiting[0].at)
    w.pieces.extend(hand)
    for at, pieces in melds:
        w.gap(at)
        w.pieces.extend(pieces)
    return w


def meld(w: Writer, text: str, start: int, end: int) -> list[Piece]:
    """The tiles of the meld written from ``start`` (its bracket) to ``end`` (the closing one)."""
    closed = text[start] == "["
    digits: list[Piece] = []
    plus = suit = source = -1
    for i in range(start + 1, end):
        c = text[i]
        if c in DIGITS and suit < 0:
            if plus >= 0 and len(digits) > plus_count(digits, plus):
                w.fail("'+' is followed by the one tile added to the kan", i)
            digits.append(Piece(i, c))
        elif c == "+" and plus < 0 and digits and suit < 0:
            plus = i
        elif c in SUITS and suit < 0 and digits:
            suit = i
        elif c in CALLED and suit >= 0 and source < 0:
            source = i
        else:
            w.fail(f"'{c}' has no place in a meld: write it like (123m<), (666+6z^) or [1111z]", i)
    if suit < 0:
        w.fail("a meld needs its suit letter, like (123m<)", end)
    for p in digits:
        p.code, p.suit_at = p.code + text[suit], suit
    added = plus >= 0
    if added and (len(digits) != 4 or digits[-1].at < plus):
        w.fail("an added kan is three tiles, '+' and the added one, like (666+6z^)", plus)
    if len(digits) not in (3, 4):
        w.fail(f"a meld is 3 or 4 tiles, not {len(digits)}", start)
    if closed:
        if added or source >= 0:
            w.fail("[...] is a concealed kan: nothing in it was called (write an open meld in (...))",
                   plus if added else source)
        if len(digits) == 4:  # drawn back, two faces, back
            digits[0].code = digits[3].code = "x"
        return digits
    if source < 0:
        return digits  # no tile called: none lies sideways
    where = CALLED[text[source]]
    if text[source] == ">" and len(digits) == 4 and not added:
        where = 3  # an open kan's tile from the right is its last
    turned = digits[where]
    turned.sideways, turned.mark_at = True, source
    if added:  # the added tile lies on the sideways one
        top = digits.pop()
        top.sideways = top.stacked = True
        top.mark_at = plus
        digits.insert(where + 1, top)
    return digits


def plus_count(digits: list[Piece], plus: int) -> int:
    """How many digits stand before the '+' at ``plus``: one may follow it."""
    return sum(p.at < plus for p in digits) + 1
