"""The 21 kinds of Tienjiu tiles (Chinese dominoes): halves, names and prime keys.

A set has 32 tiles: 11 civil kinds twice each and 10 military kinds once. Each
kind has a prime (the Tien Gow design note, seed 000: civil kinds from the
lowest, Copper Hammer Six = 2, up to Heaven = 31; military kinds after them,
up to the second nine = 73), and a group of tiles is the product of its primes:
order-free, and one group holds another when its key divides by the other's.

>>> KINDS[(6, 6)].prime, KINDS[(4, 5)].prime, key([(6, 6), (6, 6), (4, 5)])
(31, 71, 68231)
>>> holds(key([(6, 6), (1, 2), (2, 4)]), key([(2, 4), (1, 2)]))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of Tienjiu tile: its halves (lower first), names, prime and place."""

    halves: tuple[int, int]
    en: str
    zh: str
    ja: str
    prime: int
    civil: bool
    rank: int  # 1 the highest single tile (Heaven); military tiles of one value share a rank

    def name(self, lang: str = "en") -> str:
        """The name players of ``lang`` (en, zh, ja) give it: ``KINDS[(6, 6)].name("zh") == "天牌"``."""
        return getattr(self, lang)

    @property
    def pips(self) -> int:
        return self.halves[0] + self.halves[1]

    @property
    def copies(self) -> int:
        """Tiles of this kind in a set: two of a civil kind, one of a military kind."""
        return 2 if self.civil else 1

    @property
    def code(self) -> str:
        return f"{self.halves[0]}{self.halves[1]}d"


# Highest first. Civil: Teen, Day, Yun, Gor, Mooy, Chong, Bon, Foo, Ping, Tit, Look (Cantonese);
# military by value: nines, eights, sevens, the Gee Joon six (2-4), fives, the Gee Joon three (1-2).
_TABLE = (
    ((6, 6), "Heaven (Teen)", "天牌", "天牌", 31, True, 1),
    ((1, 1), "Earth (Day)", "地牌", "地牌", 29, True, 2),
    ((4, 4), "Man (Yun)", "人牌", "人牌", 23, True, 3),
    ((1, 3), "Goose (Gor)", "和牌", "和牌", 19, True, 4),
    ((5, 5), "Plum (Mooy)", "梅花", "梅牌", 17, True, 5),
    ((3, 3), "Long Three (Chong)", "长三", "長三", 13, True, 6),
    ((2, 2), "Bench (Bon)", "板凳", "板凳", 11, True, 7),
    ((5, 6), "Axe (Foo)", "斧头", "斧頭", 7, True, 8),
    ((4, 6), "Red Head Ten (Ping)", "红头十", "紅頭十", 5, True, 9),
    ((1, 6), "Long Leg Seven (Tit)", "高脚七", "高脚七", 3, True, 10),
    ((1, 5), "Copper Hammer Six (Look)", "铜锤六", "銅錘六", 2, True, 11),
    ((4, 5), "Nine 4-5 (Chop Gow)", "杂九 4-5", "雑九 4-5", 71, False, 12),
    ((3, 6), "Nine 3-6 (Chop Gow)", "杂九 3-6", "雑九 3-6", 73, False, 12),
    ((3, 5), "Eight 3-5 (Chop Bot)", "杂八 3-5", "雑八 3-5", 61, False, 13),
    ((2, 6), "Eight 2-6 (Chop Bot)", "杂八 2-6", "雑八 2-6", 67, False, 13),
    ((3, 4), "Seven 3-4 (Chop Chit)", "杂七 3-4", "雑七 3-4", 53, False, 14),
    ((2, 5), "Seven 2-5 (Chop Chit)", "杂七 2-5", "雑七 2-5", 59, False, 14),
    ((2, 4), "Gee Joon 2-4 (six)", "二四", "二四", 47, False, 15),
    ((1, 4), "Five 1-4 (Chop Ng)", "杂五 1-4", "雑五 1-4", 41, False, 16),
    ((2, 3), "Five 2-3 (Chop Ng)", "杂五 2-3", "雑五 2-3", 43, False, 16),
    ((1, 2), "Gee Joon 1-2 (three)", "丁三", "丁三", 37, False, 17),
)
KINDS: dict[tuple[int, int], Kind] = {row[0]: Kind(*row) for row in _TABLE}
LABEL = {"en": "Tienjiu tiles", "zh": "天九牌", "ja": "天九牌"}  # a group of them in alt text
BACK_NAME = {"en": "face-down Tienjiu tile", "zh": "天九牌背", "ja": "伏せた天九牌"}  # xd
BY_PRIME: dict[int, Kind] = {k.prime: k for k in KINDS.values()}
GEE_JOON = ((1, 2), (2, 4))


def halves_of(a: int, b: int) -> tuple[int, int]:
    """The kind's halves, lower first, whichever way round they are written: ``halves_of(2, 1) == (1, 2)``."""
    return (a, b) if a <= b else (b, a)


def key(tiles) -> int:
    """The product of the tiles' primes (``tiles``: halves): one integer for a group, in any order.

    >>> key([(1, 5), (1, 6)]) == key([(1, 6), (1, 5)]) == 6
    True
    """
    return prod(KINDS[halves_of(*t)].prime for t in tiles)


def holds(hand_key: int, group_key: int) -> bool:
    """Does the hand with key ``hand_key`` hold every tile of the group (one divisibility test)?"""
    return hand_key % group_key == 0


def factor(k: int) -> list[Kind]:
    """The kinds whose primes multiply to ``k``, highest prime first (the note's exercise).

    >>> [kind.en for kind in factor(68231)]
    ['Nine 4-5 (Chop Gow)', 'Heaven (Teen)', 'Heaven (Teen)']
    """
    out = []
    for p in sorted(BY_PRIME, reverse=True):
        while k % p == 0:
            out.append(BY_PRIME[p])
            k //= p
    if k != 1:
        raise ValueError(f"{k} is not a product of Tienjiu primes")
    return out
