"""Parse the `<Tiles>` notation into a `Hand` (``Hand.canonical()`` writes it back).

Grammar (see docs/notation.md): segments split by ``+`` and/or whitespace; in a
segment, digits wait for the next suit letter ``m p s z`` (``f``: the bonus
tiles 1f-8f); ``0`` or ``r5`` is a red five; ``x`` is a face-down tile, ``j`` a
joker, ``?`` an any-tile (one tile each, no digits); ``-`` before a tile lays it
sideways; ``=`` stacks a sideways tile on the sideways tile just before it
(added kan). Bonus tiles stand in the hand or in a group of their own, never
in a meld nor sideways. Suit ``d`` takes its digits two by two: each pair is
a Tienjiu tile (a Chinese domino), halves 1 to 6 in either order (``12d`` is
``21d``), and a ``-`` before a pair lays that tile sideways.

>>> h = parse("11222333s22m+-456m+4s")
>>> [g.kind for g in h.groups]
['hand', 'meld', 'winning']
>>> parse("r5p 1m2m3m").canonical()
'0p+123m'
>>> parse("123mj?+1234f").canonical()
'123mj?+1234f'
>>> parse("6621d+-54d").canonical()
'6612d+-45d'
"""

from __future__ import annotations

from dataclasses import dataclass

from .peers import explain
from .model import BACK, BONUS, DOMINO, DOMINO_BACK, SINGLE_KINDS, SUITS, TIENJIU, Group, Hand, ParseWarning, Tile, pack, pack_domino

MAX_CHARS = 256
MAX_TILES = 64


POINTER_WIDTH = 72  # characters of a notation `ParseError.pointer` shows around the bad spot


class ParseError(ValueError):
    """A notation that cannot be drawn: what is wrong and where (0-based).

    >>> try:
    ...     parse("123a")
    ... except ParseError as e:
    ...     print(e.position, e.message)
    3 'a' is not a suit letter (use m, p, s or z)
    """

    def __init__(self, message: str, position: int, notation: str):
        super().__init__(f"{message} (at position {position})")
        self.message = message
        self.position = position
        self.notation = notation

    def pointer(self, width: int = POINTER_WIDTH) -> str:
        """The notation on one line with a caret under the bad spot (whitespace shows as spaces);
        a notation longer than `width` is cut to the part around the spot, ``...`` where it is cut.

        >>> print(ParseError("not a suit letter", 4, "1m\\n2a").pointer())
        1m 2a
            ^
        >>> ParseError("not a suit letter", 25, "1m" * 12 + "2a" + "3m" * 12).pointer(20).splitlines()
        ['...m1m1m1m1m2a3m3m3m3m3...', '             ^']
        """
        line = "".join(" " if c.isspace() else c for c in self.notation)
        at = min(self.position, len(line))
        if len(line) <= width:
            return f"{line}\n{' ' * at}^"
        start = max(0, min(at - width // 2, len(line) - width))
        head = "..." if start else ""
        tail = "..." if start + width < len(line) else ""
        return f"{head}{line[start:start + width]}{tail}\n{' ' * (len(head) + at - start)}^"


@dataclass(slots=True)
class _Slot:
    """A tile being read: the suit comes later for digits."""

    pos: int
    number: int = 0  # 0 for a tile written as one letter (x, j, ?)
    red_pos: int = -1  # where the red mark ('r' or '0') stands, -1 if not red
    sideways: bool = False
    stacked: bool = False
    suit: str = ""
    kind: int = BACK  # the kind of a one-letter tile
    mark_pos: int = -1  # where its '-' or '=' stands
    half: int = 0  # a Tienjiu tile's second digit

    def tile(self) -> Tile:
        key = (self.number, self.half, self.suit, self.red_pos >= 0, self.kind, self.sideways, self.stacked)
        tile = _TILES.get(key)
        if tile is None:  # tiles are immutable: each kind and way of lying is made once
            if self.suit == DOMINO:
                kind = pack_domino(self.number, self.half) if self.number else DOMINO_BACK
            else:
                kind = pack(self.number, self.suit, self.red_pos >= 0) if self.number else self.kind
            tile = _TILES[key] = Tile(kind, self.sideways, self.stacked)
        return tile


_TILES: dict[tuple, Tile] = {}
_LETTERS = SUITS + BONUS + DOMINO


def parse(text: str) -> Hand:
    """Parse a notation; raise `ParseError` with a position on any mistake."""
    return _Parser(text).run()


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.segments: list[list[_Slot]] = [[]]
        self.pending: list[_Slot] = []  # digits waiting for a suit letter
        self.mark: tuple[str, int] | None = None  # a '-' or '=' waiting for its tile
        self.red_at = -1  # an 'r' waiting for its 5
        self.count = 0
        self.seg_start = 0

    def fail(self, message: str, position: int, hint: bool = False):
        """Raise the error; ``hint``: a peer's mark may stand there, so say what to write instead."""
        raise ParseError(explain(message, self.text, position) if hint else message, position, self.text)

    def run(self) -> Hand:
        text = self.text
        if len(text) > MAX_CHARS:
            self.fail(f"notation is {len(text)} characters long; the limit is {MAX_CHARS}", MAX_CHARS)
        start, end = len(text) - len(text.lstrip()), len(text.rstrip())
        if not text.strip():
            self.fail("empty notation: write tiles like 123m", 0)
        i = self.seg_start = start
        pending, segments = self.pending, self.segments
        while i < end:
            c = text[i]
            if "0" <= c <= "9":
                if self.red_at < 0 and self.mark is None and self.count < MAX_TILES:  # a plain digit: most are
                    slot = _Slot(i, int(c) or 5, i if c == "0" else -1)
                    pending.append(slot)
                    self.count += 1
                    segments[-1].append(slot)
                else:
                    self.digit(int(c), i)
                i += 1
                continue
            if c == "+" or c.isspace():
                i = self.separator(i, end)
                continue
            lc = c.lower()
            if lc in _LETTERS:
                self.suit(lc, i)
            elif lc == "r":
                self.no_dangling_red(i)
                self.red_at = i
            elif lc == "x":
                self.back(i)
            elif lc == "j" or c == "?":
                self.single(lc, i)
            elif c in "-=":
                self.marker(c, i)
            elif c.isalpha():
                self.fail(f"'{c}' is not a suit letter (use m, p, s or z)", i, hint=True)
            else:
                self.fail(f"'{c}' is not part of the tile notation", i, hint=True)
            i += 1
        self.close_segment(end)
        if self.pending:
            p = self.pending[0]
            self.fail(f"'{text[p.pos]}' has no suit letter after it (add m, p, s or z)", p.pos)
        return self.build()

    # -- characters ------------------------------------------------------------

    def separator(self, i: int, end: int) -> int:
        """Consume spaces and at most one '+'; return the index after them."""
        self.close_segment(i)
        plus = -1
        j = i
        while j < end and (self.text[j] == "+" or self.text[j].isspace()):
            if self.text[j] == "+":
                if plus >= 0:
                    self.fail("empty segment between two '+'", j)
                plus = j
            j += 1
        if not self.segments[-1]:
            self.fail("empty segment: the notation cannot start with '+'", plus)
        if j == end:
            self.fail("empty segment: the notation cannot end with '+'", plus)
        self.segments.append([])
        self.seg_start = j
        return j

    def close_segment(self, i: int) -> None:
        self.no_dangling_red(i)
        if self.mark:
            c, pos = self.mark
            self.fail(f"'{c}' must come right before a tile", pos)
        if not self.segments[-1] and i > self.seg_start:
            self.fail("segment has a suit letter but no tiles", self.seg_start)

    def no_dangling_red(self, i: int) -> None:
        if self.red_at >= 0:
            at = i if i < len(self.text.rstrip()) else self.red_at
            self.fail("'r' marks a red five and must be followed by 5", at, hint=True)

    def digit(self, d: int, i: int) -> None:
        if self.red_at >= 0 and d != 5:
            self.fail("'r' marks a red five and must be followed by 5", i)
        red_pos = self.red_at if self.red_at >= 0 else (i if d == 0 else -1)
        slot = _Slot(i, d or 5, red_pos)
        self.red_at = -1
        self.take_mark(slot)
        self.pending.append(slot)
        self.add(slot)

    def back(self, i: int) -> None:
        self.no_dangling_red(i)
        if self.mark:
            self.fail(f"a face-down tile cannot follow '{self.mark[0]}': it cannot lie sideways", i)
        self.add(_Slot(i))

    def single(self, code: str, i: int) -> None:
        """``j`` or ``?``: one tile each, so no digits may wait for a suit before it."""
        self.no_dangling_red(i)
        if self.pending:
            c = self.text[i]
            what = "a joker" if code == "j" else "an any-tile"
            self.fail(
                f"'{c}' is {what}, one tile that takes no digits: end the digits with their suit"
                f" letter first, like 12m{c}, or write {c}{c} for two",
                i,
            )
        slot = _Slot(i, kind=SINGLE_KINDS[code])
        self.take_mark(slot)
        self.add(slot)

    def marker(self, c: str, i: int) -> None:
        self.no_dangling_red(i)
        if self.mark:
            self.fail(f"'{c}' cannot follow '{self.mark[0]}': one mark per tile", i)
        if c == "=":
            seg = self.segments[-1]
            prev = seg[-1] if seg else None
            if prev is None or not prev.sideways or prev.stacked:
                self.fail("'=' stacks a tile on a sideways tile: it must follow a tile marked '-'", i)
        self.mark = (c, i)

    def take_mark(self, slot: _Slot) -> None:
        if self.mark:
            slot.sideways = True
            slot.stacked = self.mark[0] == "="
            slot.mark_pos = self.mark[1]
            self.mark = None

    def add(self, slot: _Slot) -> None:
        self.count += 1
        if self.count > MAX_TILES:
            self.fail(f"more than {MAX_TILES} tiles; the limit is {MAX_TILES}", slot.pos)
        self.segments[-1].append(slot)

    def suit(self, s: str, i: int) -> None:
        self.no_dangling_red(i)
        if self.mark:
            self.fail(f"'{self.mark[0]}' must come right before a tile", self.mark[1])
        seg = self.segments[-1]
        if s == DOMINO and not self.pending and seg and seg[-1].pos == i - 1 and self.text[i - 1] in "xX":
            seg[-1].suit = DOMINO  # xd: a Tienjiu tile's back
            return
        if not self.pending:
            self.fail(f"suit letter '{self.text[i]}' has no digits before it", i, hint=True)
        if s == DOMINO:
            if seg and seg[-1].pos == i - 1 and self.text[i - 1] in "xX":
                seg[-1].suit = DOMINO  # 66xd: Heaven and a back
            return self.dominoes(i)
        for slot in self.pending:
            if s == "z" and slot.red_pos >= 0:
                self.fail("honors have no red five (0 and r5 are for m, p and s)", slot.red_pos, hint=True)
            if s == "z" and slot.number > 7:
                self.fail(f"honors go from 1z to 7z; there is no {slot.number}z", slot.pos)
            if s == BONUS:
                self.bonus(slot)
            slot.suit = s
        self.pending.clear()

    def dominoes(self, i: int) -> None:
        """The digits before a ``d``, two by two: each pair one Tienjiu tile, halves 1 to 6."""
        pending, text = self.pending, self.text
        for slot in pending:
            if slot.red_pos >= 0:
                at = slot.red_pos
                self.fail("a Tienjiu tile's halves go from 1 to 6; there is no 0" if text[at] == "0"
                          else "Tienjiu tiles have no red five ('r' is for m, p and s)", at)
        if len(pending) % 2:
            p = pending[-1]
            self.fail(f"a Tienjiu tile is two digits, like 66d or 12d: '{text[p.pos]}' has no other half", p.pos,
                      hint=True)
        for first, second in zip(pending[::2], pending[1::2]):
            for slot in (first, second):
                if slot.number > 6:
                    pair = text[first.pos] + text[second.pos]
                    self.fail(f"{pair}d is no Tienjiu tile: a half goes from 1 to 6, not {slot.number}", slot.pos)
            if second.sideways:
                c = text[second.mark_pos]
                self.fail(f"'{c}' lays a whole Tienjiu tile sideways: put it before the tile's first digit",
                          second.mark_pos)
            if second.pos != first.pos + 1:
                self.fail("a Tienjiu tile's two digits stand side by side, like 12d", second.pos)
            first.half, first.suit = second.number, DOMINO
            # side by side, so in one segment (digits may wait for a later segment's letter)
            next(seg for seg in reversed(self.segments) if second in seg).remove(second)
            self.count -= 1
        pending.clear()

    def bonus(self, slot: _Slot) -> None:
        """Flowers 1f-4f and seasons 5f-8f: no red five, no 0f or 9f, never sideways."""
        if slot.red_pos >= 0 and self.text[slot.red_pos] == "0":
            self.fail("bonus tiles go from 1f to 8f (flowers 1-4, seasons 5-8); there is no 0f", slot.red_pos)
        if slot.red_pos >= 0:
            self.fail("bonus tiles have no red five (0 and r5 are for m, p and s)", slot.red_pos)
        if slot.number > 8:
            self.fail(f"bonus tiles go from 1f to 8f (flowers 1-4, seasons 5-8); there is no {slot.number}f", slot.pos)
        if slot.sideways:
            c = self.text[slot.mark_pos]
            self.fail(f"'{c}' lays a called tile sideways; bonus tiles are never called: leave it out", slot.mark_pos)

    # -- result ----------------------------------------------------------------

    def build(self) -> Hand:
        # Bonus groups stand apart: the hand, melds and winning tile are counted without them.
        tiles = [tuple(s.tile() for s in seg) for seg in self.segments]
        others = [n for n, t in enumerate(tiles) if not all(x.bonus for x in t)]
        place = {n: k for k, n in enumerate(others)}
        groups = [Group.of_segment(t, place.get(n, 0), len(others)) for n, t in enumerate(tiles)]
        for group, seg in zip(groups, self.segments):
            if group.kind == "meld" and any(t.bonus for t in group.tiles):
                pos = next(s.pos for s in seg if s.suit == BONUS)
                self.fail("bonus tiles are set aside, never part of a meld: "
                          "give them a group of their own, like +1f", pos)
        slots = [s for seg in self.segments for s in seg]
        return Hand(tuple(groups), _warnings(slots), self.text)


def _warnings(slots: list[_Slot]) -> tuple[ParseWarning, ...]:
    """More than four copies of a tile (one of a bonus tile, two of a civil Tienjiu tile, one of a
    military one), or more than one red five of a suit."""
    out = []
    copies: dict[tuple[int, int, str], int] = {}
    reds: dict[str, int] = {}
    for s in slots:
        if not s.number:
            continue
        key = (min(s.number, s.half), max(s.number, s.half), s.suit) if s.suit == DOMINO else (s.number, 0, s.suit)
        n = copies[key] = copies.get(key, 0) + 1
        if s.suit == DOMINO:
            kind = TIENJIU[key[:2]]
            if n == kind.copies + 1:
                have = "two of each civil tile" if kind.civil else "one of each military tile"
                out.append(ParseWarning(f"more {kind.code} than a Tienjiu set has; it has {have}", s.pos))
        elif s.suit == BONUS and n == 2:
            out.append(ParseWarning(f"more than one {s.number}f; a set has one of each bonus tile", s.pos))
        elif n == 5:
            out.append(ParseWarning(f"more than four copies of {s.number}{s.suit}; a set has four", s.pos))
        if s.red_pos >= 0:
            reds[s.suit] = reds.get(s.suit, 0) + 1
            if reds[s.suit] == 2:
                out.append(ParseWarning(f"more than one red five of {s.suit}; a set has one", s.red_pos))
    return tuple(out)
