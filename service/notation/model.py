"""The hand model: tiles, groups and hands, immutable and hashable.

A tile kind is the engine's packed byte: bits 0-3 the number, bits 4-6 the suit
(1-4 ``m p s z``, 5 ``f`` the bonus tiles, 6 the single tiles: 1 a joker ``j``,
2 an any-tile ``?``), bit 7 the red-five flag. A face-down tile (a tile back)
has kind 0. A Tienjiu tile (suit ``d``, a Chinese domino) is suit 7 with its lower
half in bits 0-3 and its higher half in bits 8-11: ``12d`` is ``0x271``; its back
``xd`` is ``0x70``.

>>> t = Tile.from_code("0p")
>>> t.number, t.suit, t.red, t.code
(5, 'p', True, '0p')
>>> t.same_kind(Tile.from_code("5p"))
True
>>> t
Tile.from_code('0p')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .tienjiu import KINDS as TIENJIU

SUITS = "mpsz"
BONUS = "f"  # flowers 1f-4f, seasons 5f-8f: not part of a hand's 14
DOMINO = "d"  # Tienjiu tiles, two digits each (12d): never part of a mahjong hand
_DOMINO_BITS = 0x70
DOMINO_BACK = _DOMINO_BITS  # a face-down Tienjiu tile, xd: no halves
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
BONUS_NAMES = ("plum", "orchid", "chrysanthemum", "bamboo", "spring", "summer", "autumn", "winter")
RED_BIT = 0x80
BACK = 0
JOKER = 0x61
ANY_TILE = 0x62
# Tiles written as one letter, with no digits: their codes and kinds.
SINGLE_KINDS = {"x": BACK, "j": JOKER, "?": ANY_TILE}
_SINGLE_CODES = {kind: code for code, kind in SINGLE_KINDS.items()}
SINGLE_NAMES = {"x": "face-down tile", "j": "joker", "?": "any tile"}
_LETTERS = SUITS + BONUS  # a kind's suit bits, less one, index this
_CODES: dict[int, str] = {}  # each kind's code and name, once worked out (a page asks per tile)
_NAMES: dict[int, str] = {}

GroupKind = Literal["hand", "meld", "winning", "river", "bonus", "dora", "ura"]  # dora, ura: indicator strips


def pack(number: int, suit: str, red: bool = False) -> int:
    """Pack a tile into the engine's byte. ``pack(5, "p", red=True) == 0xA5``."""
    return (_LETTERS.index(suit) + 1) << 4 | number | (RED_BIT if red else 0)


def pack_domino(a: int, b: int) -> int:
    """Pack a Tienjiu tile, either half first: ``pack_domino(2, 1) == pack_domino(1, 2) == 0x271``."""
    lo, hi = (a, b) if a <= b else (b, a)
    return hi << 8 | _DOMINO_BITS | lo


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile as drawn: its kind plus how it lies.

    ``sideways``: a called tile, rotated. ``stacked``: the added-kan tile lying on
    top of the sideways tile before it (always sideways too). ``tsumogiri``: in a
    river, a discard thrown straight from the draw (drawn dimmed).
    """

    kind: int
    sideways: bool = False
    stacked: bool = False
    tsumogiri: bool = False

    def __repr__(self) -> str:
        """``Tile.from_code('4m', sideways=True)``: the code, not the packed byte."""
        flags = [f", {name}=True" for name in ("sideways", "stacked", "tsumogiri") if getattr(self, name)]
        return f"Tile.from_code({self.code!r}{''.join(flags)})"

    @classmethod
    def from_code(cls, code: str, sideways: bool = False, stacked: bool = False, tsumogiri: bool = False) -> Tile:
        """``Tile.from_code("3s")``, ``"0m"`` for a red five, ``"x"`` a back, ``"j"`` a joker, ``"?"`` any tile."""
        if code in SINGLE_KINDS:
            return cls(SINGLE_KINDS[code], sideways, stacked, tsumogiri)
        if code == "xd":
            return cls(DOMINO_BACK, sideways, stacked, tsumogiri)
        if code[-1:] == DOMINO:
            return cls(pack_domino(int(code[0]), int(code[1])), sideways, stacked, tsumogiri)
        digit, suit = int(code[0]), code[1]
        return cls(pack(digit or 5, suit, digit == 0), sideways, stacked, tsumogiri)

    @property
    def face_down(self) -> bool:
        """A back: a mahjong tile's (``x``) or a Tienjiu tile's (``xd``)."""
        return self.kind == BACK or self.kind == DOMINO_BACK

    @property
    def single(self) -> bool:
        """A tile written as one letter with no digits: a back, a joker or an any-tile."""
        return self.kind in _SINGLE_CODES

    @property
    def bonus(self) -> bool:
        """A flower or season (``1f``-``8f``)."""
        return self.kind >> 4 & 0x07 == 5

    @property
    def domino(self) -> bool:
        """A Tienjiu tile (``12d``)."""
        return self.kind & 0x70 == _DOMINO_BITS

    @property
    def halves(self) -> tuple[int, int]:
        """A Tienjiu tile's halves, lower first (``(1, 2)`` for ``21d``); ``(0, 0)`` for any other tile."""
        return (self.kind & 0x0F, self.kind >> 8) if self.domino else (0, 0)

    @property
    def number(self) -> int:
        """The number (a Tienjiu tile's lower half)."""
        return 0 if self.kind in _SINGLE_CODES else self.kind & 0x0F

    @property
    def suit(self) -> str:
        """``m p s z f d``, or ``""`` for a back, a joker or an any-tile."""
        if self.kind in _SINGLE_CODES:
            return ""
        return DOMINO if self.domino else _LETTERS[(self.kind >> 4 & 0x07) - 1]

    @property
    def red(self) -> bool:
        return bool(self.kind & RED_BIT)

    @property
    def base_kind(self) -> int:
        """The kind with the red bit cleared: what ``same_kind`` compares."""
        return self.kind & ~RED_BIT

    @property
    def code(self) -> str:
        """``1m``..``7z``, ``1f``..``8f``, ``0m``/``0p``/``0s`` for red fives, ``x`` ``j`` ``?``, ``12d``."""
        code = _CODES.get(self.kind)
        if code is None:
            if self.single:
                code = _SINGLE_CODES[self.kind]
            elif self.kind == DOMINO_BACK:
                code = "xd"
            elif self.domino:
                code = "%d%dd" % self.halves
            else:
                code = f"{0 if self.red else self.number}{self.suit}"
            _CODES[self.kind] = code
        return code

    @property
    def name(self) -> str:
        """Plain English for alt text.

        >>> [Tile.from_code(c).name for c in ("0p", "3s", "1z", "x", "3f", "j", "?", "66d")]
        ['5p (red)', '3s', 'East', 'face-down tile', 'chrysanthemum', 'joker', 'any tile', 'Heaven (Teen)']
        """
        name = _NAMES.get(self.kind)
        if name is None:
            name = _NAMES[self.kind] = self._name()
        return name

    def _name(self) -> str:
        if self.single:
            return SINGLE_NAMES[_SINGLE_CODES[self.kind]]
        if self.suit == "z":
            return HONOR_NAMES[self.number - 1]
        if self.bonus:
            return BONUS_NAMES[self.number - 1]
        if self.kind == DOMINO_BACK:
            return "face-down Tienjiu tile"
        if self.domino:
            return TIENJIU[self.halves].en
        return f"{self.number}{self.suit}" + (" (red)" if self.red else "")

    def same_kind(self, other: Tile) -> bool:
        """True when both show the same tile, ignoring red fives and how they lie."""
        return self.base_kind == other.base_kind


@dataclass(frozen=True, slots=True)
class Group:
    """A segment of the notation: the hand, a meld, or the winning tile."""

    kind: GroupKind
    tiles: tuple[Tile, ...]

    @classmethod
    def of_segment(cls, tiles: tuple[Tile, ...], index: int, count: int) -> Group:
        """The group segment ``index`` of ``count`` makes: the one rule for what a segment is.

        The first segment is the hand, unless it is itself a meld: it has a called
        (sideways) tile, like ``-456m``, or is a concealed kan, like ``x11xs``. The
        last one, when it is not the first and holds one face-up tile, is the winning
        tile: upright, or sideways for a win off another player's discard (ron,
        `Group.ron`). A segment of bonus tiles only (``1234f``) is the bonus group,
        wherever it stands; ``index`` and ``count`` leave bonus groups out, so
        ``1f+123m+4m`` still has its hand and winning tile. Every other segment is
        a meld.

        >>> four, back = (Tile.from_code("4s", sideways=True),), (Tile.from_code("x"),)
        >>> [Group.of_segment(t, 1, 2).kind for t in (four, back, four + four)]
        ['winning', 'meld', 'meld']
        >>> Group.of_segment(four + four + four, 0, 1).kind
        'meld'
        >>> Group.of_segment((Tile.from_code("1f"),), 1, 2).kind
        'bonus'
        """
        if all(t.bonus for t in tiles):
            return cls("bonus", tiles)
        if index == 0:
            hand = cls("hand", tiles)
            return cls("meld", tiles) if hand.called or hand.concealed_kan else hand
        if index == count - 1 and len(tiles) == 1 and not tiles[0].face_down:
            return cls("winning", tiles)
        return cls("meld", tiles)

    @property
    def called(self) -> bool:
        """A meld with a sideways tile was called from another player."""
        return any(t.sideways for t in self.tiles)

    @property
    def ron(self) -> bool:
        """A winning tile lying sideways: the hand won off a discard."""
        return self.kind == "winning" and self.tiles[0].sideways

    @property
    def concealed_kan(self) -> bool:
        """``x11xs``: a back, two faces of one kind, a back."""
        t = self.tiles
        return (
            len(t) == 4
            and t[0].face_down
            and t[3].face_down
            and not t[1].face_down
            and t[1].same_kind(t[2])
        )

    def canonical(self) -> str:
        """The segment in canonical notation: ``0`` for red fives, one suit letter per run.

        >>> Group("meld", tuple(map(Tile.from_code, ("x", "1s", "0s", "x", "2m")))).canonical()
        'x10xs2m'
        >>> Group("hand", tuple(map(Tile.from_code, ("1m", "j", "2m", "?")))).canonical()
        '1mj2m?'
        """
        out: list[str] = []
        run_suit = ""
        for t in self.tiles:
            if t.kind == DOMINO_BACK:  # xd stands alone: close the run first
                out += [run_suit, "xd"]
                run_suit = ""
                continue
            if run_suit and (t.suit and t.suit != run_suit or t.kind in (JOKER, ANY_TILE)
                             or run_suit == DOMINO and t.face_down):  # 66dx: the x is no Tienjiu back
                out.append(run_suit)  # a joker or any-tile takes no digits: close the run first
                run_suit = ""
            if t.suit:
                run_suit = t.suit
            digits = t.code[:2] if t.domino else t.code[0]
            out.append(("=" if t.stacked else "-" if t.sideways else "") + digits)
        out.append(run_suit)
        return "".join(out)


@dataclass(frozen=True, slots=True)
class ParseWarning:
    """Something odd but drawable, with the 0-based position it points at."""

    message: str
    position: int


@dataclass(frozen=True, slots=True)
class Hand:
    """A parsed notation: groups in order, plus warnings.

    Equality compares the tiles only (not the source text, nor where warnings
    point in it), so ``parse("r5p") == parse("0p")``.
    """

    groups: tuple[Group, ...]
    warnings: tuple[ParseWarning, ...] = field(default=(), compare=False)
    notation: str = field(default="", compare=False)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for g in self.groups for t in g.tiles)

    def canonical(self) -> str:
        """One spelling per picture, ``+`` between groups: the key caches and file names use.

        >>> hand = Group("hand", (Tile.from_code("0p"),))
        >>> Hand((hand, Group("meld", (Tile.from_code("1m", sideways=True),)))).canonical()
        '0p+-1m'
        """
        return "+".join(g.canonical() for g in self.groups)
