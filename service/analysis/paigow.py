"""Tienjiu hands: Pai Gow's two-tile hands and four-tile splits, Tien Gow's combinations by key.

A two-tile hand ranks by the standard table, highest first: the Gee Joon pair
(1-2 with 2-4), the eleven civil pairs (Teen, Day, Yun, Gor, Mooy, Chong, Bon,
Foo, Ping, Tit, Look), the mixed military pairs (nines, eights, sevens, fives),
Wong (Teen or Day with a nine), Gong (with an eight), high nine (with a seven),
then points: the pips mod 10, a Gee Joon tile counting 3 or 6, whichever is
better; equal points go to the hand with the higher tile, and any two hands of
no points tie (the banker takes them).

>>> h = hand([(6, 6), (4, 5)])
>>> h.name, h.points  # named, whatever its points (21: one)
('Teen Wong', 1)
>>> hand([(1, 2), (5, 6)]).name  # the 1-2 counts 6: 6 + 11 = 17, seven points
'7 points'
>>> hand([(1, 2), (2, 4)]) > hand([(6, 6), (6, 6)])
True
>>> s = best_split([(6, 6), (4, 5), (1, 1), (3, 5)])
>>> s.high.name, s.low.name  # Teen Gong is the stronger low hand than Day Gong
('Day Wong', 'Teen Gong')
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import total_ordering
from typing import Any

from service.notation.tienjiu import GEE_JOON, KINDS, holds, key

TEEN, DAY = (6, 6), (1, 1)
_CIVIL_PAIRS = ("Teen", "Day", "Yun", "Gor", "Mooy", "Chong", "Bon", "Foo", "Ping", "Tit", "Look")
_MILITARY_PAIRS = {9: "Chop Gow", 8: "Chop Bot", 7: "Chop Chit", 5: "Chop Ng"}  # mixed: two tiles of one value
# The named hands, highest first; every other hand is worth its points.
TABLE = ("Gee Joon",) + _CIVIL_PAIRS + tuple(_MILITARY_PAIRS.values()) + (
    "Teen Wong", "Day Wong", "Teen Gong", "Day Gong", "Teen high nine", "Day high nine")
_BONUS = {9: "Wong", 8: "Gong", 7: "high nine"}  # Teen or Day with a tile of that many pips

# The named hands in Chinese and Japanese, as the tables players read name them: 至尊 and the
# pairs as 双 + the tile (comi.jp's 牌九 table: 双天 ... 双六, 雑九 ... 雑五), its Japanese
# Wong and Gong as 天九/天八 (Teen with a nine, an eight) and by the same rule 天七 for the high
# nine; the Chinese 天王, 天杠 and 天九 for Teen with a nine, an eight and a seven (9 points).
# Points are 点 in both: 九点 ... 零点.
_ZH_CIVIL = ("双天", "双地", "双人", "双和", "双梅", "双长三", "双板凳", "双斧头", "双红头", "双高脚", "双铜锤")
_JA_CIVIL = ("双天", "双地", "双人", "双和", "双梅", "双長三", "双板凳", "双斧頭", "双紅頭", "双高脚", "双銅錘")
_ZH = {"Gee Joon": "至尊宝", **dict(zip(_CIVIL_PAIRS, _ZH_CIVIL)),
       "Chop Gow": "杂九", "Chop Bot": "杂八", "Chop Chit": "杂七", "Chop Ng": "杂五",
       "Teen Wong": "天王", "Day Wong": "地王", "Teen Gong": "天杠", "Day Gong": "地杠",
       "Teen high nine": "天九", "Day high nine": "地九"}
_JA = {"Gee Joon": "至尊", **dict(zip(_CIVIL_PAIRS, _JA_CIVIL)),
       "Chop Gow": "雑九", "Chop Bot": "雑八", "Chop Chit": "雑七", "Chop Ng": "雑五",
       "Teen Wong": "天九", "Day Wong": "地九", "Teen Gong": "天八", "Day Gong": "地八",
       "Teen high nine": "天七", "Day high nine": "地七"}
_KANJI_POINTS = ("零点", "一点", "二点", "三点", "四点", "五点", "六点", "七点", "八点", "九点")


@total_ordering
@dataclass(frozen=True, slots=True)
class PaiGowHand:
    """Two tiles as a Pai Gow hand: its name, points and strength (higher beats lower).

    >>> hand([(2, 3), (1, 4)]).name, hand([(4, 6), (4, 6)]).name
    ('Chop Ng', 'Ping')
    """

    tiles: tuple[tuple[int, int], tuple[int, int]]  # the higher-ranked tile first
    name: str
    points: int
    strength: int

    def __lt__(self, other: PaiGowHand) -> bool:
        return self.strength < other.strength

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PaiGowHand) and self.strength == other.strength

    def __hash__(self) -> int:
        return hash(self.strength)

    def name_in(self, lang: str = "en") -> str:
        """The hand's name in ``lang`` (en, zh, ja): ``hand([(6, 6), (4, 5)]).name_in("zh") == "天王"``."""
        if lang == "en":
            return self.name
        if self.name in TABLE:
            return (_ZH if lang == "zh" else _JA)[self.name]
        return _KANJI_POINTS[self.points]

    def to_json(self) -> dict[str, Any]:
        return {"tiles": [KINDS[t].code for t in self.tiles], "name": self.name, "points": self.points,
                "names": {lang: self.name_in(lang) for lang in ("zh", "ja")}}


def points(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The pips of two tiles mod 10, a Gee Joon tile counting 3 or 6 as suits the hand best.

    >>> points((1, 2), (4, 6)), points((2, 4), (3, 4)), points((5, 5), (6, 6))
    (6, 3, 2)
    """
    choices = [(3, 6) if t in GEE_JOON else (KINDS[t].pips,) for t in (a, b)]
    return max((x + y) % 10 for x in choices[0] for y in choices[1])


def hand(tiles) -> PaiGowHand:
    """The Pai Gow hand two tiles make (``tiles``: two pairs of halves, any order)."""
    a, b = sorted((_halves(t) for t in tiles), key=lambda t: KINDS[t].rank)
    ka, kb = KINDS[a], KINDS[b]
    pts = points(a, b)
    name = ""
    if {a, b} == set(GEE_JOON):
        name = "Gee Joon"
    elif a == b:
        name = _CIVIL_PAIRS[ka.rank - 1]
    elif not ka.civil and not kb.civil and ka.pips == kb.pips:
        name = _MILITARY_PAIRS[ka.pips]
    elif a in (TEEN, DAY) and kb.pips in _BONUS and b != a:
        name = f"{'Teen' if a == TEEN else 'Day'} {_BONUS[kb.pips]}"
    if name:
        return PaiGowHand((a, b), name, pts, 1000 - TABLE.index(name))
    # points, then the higher tile (rank 1 best of 17); no points at all tie
    strength = pts * 100 + (18 - ka.rank) if pts else 0
    return PaiGowHand((a, b), f"{pts} point{'s' if pts != 1 else ''}", pts, strength)


@dataclass(frozen=True, slots=True)
class Split:
    """Four tiles as a high hand and a low hand (``high >= low``)."""

    high: PaiGowHand
    low: PaiGowHand

    def to_json(self) -> dict[str, Any]:
        return {"high": self.high.to_json(), "low": self.low.to_json()}


def splits(tiles) -> list[Split]:
    """The three ways four tiles make two hands, the stronger hand first in each.

    >>> [(s.high.name, s.low.name) for s in splits([(6, 6), (6, 6), (1, 2), (2, 4)])]
    [('Gee Joon', 'Teen'), ('8 points', '8 points'), ('8 points', '8 points')]
    """
    t = [_halves(x) for x in tiles]
    if len(t) != 4:
        raise ValueError(f"a Pai Gow hand is four tiles, not {len(t)}")
    out = []
    for other in (1, 2, 3):
        rest = [t[i] for i in (1, 2, 3) if i != other]
        h1, h2 = hand((t[0], t[other])), hand(rest)
        out.append(Split(h1, h2) if h1 >= h2 else Split(h2, h1))  # not max and min: equal hands are two
    return out


def best_split(tiles) -> Split:
    """The split whose low hand is strongest (a player wins only when both hands beat the
    banker's); between equal low hands, the stronger high hand."""
    return max(splits(tiles), key=lambda s: (s.low.strength, s.high.strength))


def house_way(tiles) -> Split:
    """The common house way (simplified from the casino rules most guides print), the first rule that applies:

    1. Keep a pair together (Gee Joon, civil or mixed military pair), except: split the
       Gee Joon when the other two are any of Teen, Foo (5-6) and Ping (4-6); split nines,
       eights or sevens into Wong, Gong or high nine when the other two are Teen or Day.
    2. Play a Wong, a Gong or a high nine, the high nine first, then the Gong, then the Wong.
    3. If no split makes the low hand at least 3 points with a high tile of Look (1-5) or better
       and one makes the high hand 7 points or more, make the high hand as strong as it goes;
       otherwise make the low hand as strong as it goes.

    >>> s = house_way([(6, 6), (2, 2), (2, 2), (3, 4)])  # keep the Bon pair, not Teen high nine
    >>> s.high.name, s.low.name
    ('Bon', 'Teen high nine')
    """
    options = splits(tiles)
    paired = [s for s in options if _is_pair(s.high) or _is_pair(s.low)]
    if paired and not _split_the_pair(paired[0], tiles):
        return max(paired, key=lambda s: (s.low.strength, s.high.strength))
    for bonus in ("high nine", "Gong", "Wong"):
        made = [s for s in options if s.high.name.endswith(bonus) or s.low.name.endswith(bonus)]
        if made:
            return max(made, key=lambda s: (s.low.strength, s.high.strength))
    high3 = hand([(1, 5), (3, 4)]).strength  # a "high 3": Look (6) and a seven, 3 points, Look its top tile
    if max(s.low.strength for s in options) < high3 and max(s.high.points for s in options) >= 7:
        return max(options, key=lambda s: (s.high.strength, s.low.strength))
    return best_split(tiles)


def _is_pair(h: PaiGowHand) -> bool:
    return TABLE.index(h.name) < TABLE.index("Teen Wong") if h.name in TABLE else False


def _split_the_pair(s: Split, tiles) -> bool:
    pair = s.high if _is_pair(s.high) else s.low
    others = list(tiles)
    for t in pair.tiles:
        others.remove(next(x for x in others if _halves(x) == t))
    others = [_halves(x) for x in others]
    if pair.name == "Gee Joon":
        return all(t in ((6, 6), (5, 6), (4, 6)) for t in others)
    if pair.name in ("Chop Gow", "Chop Bot", "Chop Chit"):
        return all(t in (TEEN, DAY) for t in others)
    return False


@dataclass(frozen=True, slots=True)
class Combination:
    """A Tien Gow play of two to four tiles, and its key (the product of its tiles' primes)."""

    name: str
    tiles: tuple[tuple[int, int], ...]

    @property
    def key(self) -> int:
        return key(self.tiles)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "tiles": [KINDS[t].code for t in self.tiles], "key": self.key}


def _combinations() -> tuple[Combination, ...]:
    """Civil pairs; military pairs (same value, and the Gee Joon); mixed pairs (Teen with a nine,
    Day with an eight, Yun with a seven, Gor with a five); a civil pair with one such military
    tile (a triplet) or with both (a quartet)."""
    out = [Combination(f"{n} pair", (h, h)) for n, h in zip(_CIVIL_PAIRS, sorted(
        (h for h, k in KINDS.items() if k.civil), key=lambda h: KINDS[h].rank))]
    by_value: dict[int, list] = {}
    for h, k in KINDS.items():
        if not k.civil and h not in GEE_JOON:
            by_value.setdefault(k.pips, []).append(h)
    for value, name in _MILITARY_PAIRS.items():
        out.append(Combination(f"{name} pair", tuple(by_value[value])))
    out.append(Combination("Gee Joon pair", GEE_JOON))
    for civil, value in (("Teen", 9), ("Day", 8), ("Yun", 7), ("Gor", 5)):
        h = next(h for h, k in KINDS.items() if k.civil and _CIVIL_PAIRS[k.rank - 1] == civil)
        military = by_value[value]
        out += [Combination(f"{civil} {value}", (h, m)) for m in military]
        out += [Combination(f"{civil} {civil} {value}", (h, h, m)) for m in military]
        out.append(Combination(f"{civil} {civil} {value} {value}", (h, h, *military)))
    return tuple(out)


COMBINATIONS = _combinations()


def combinations_held(hand_key: int) -> list[Combination]:
    """The combinations a hand with key ``hand_key`` can play: those whose key divides it.

    >>> [c.name for c in combinations_held(key([(6, 6), (6, 6), (4, 5), (3, 6)]))]
    ['Teen pair', 'Chop Gow pair', 'Teen 9', 'Teen 9', 'Teen Teen 9', 'Teen Teen 9', 'Teen Teen 9 9']
    """
    return [c for c in COMBINATIONS if holds(hand_key, c.key)]


@dataclass(frozen=True, slots=True)
class TienjiuReading:
    """What a hand of Tienjiu tiles is: its key, the combinations it holds, and with two
    tiles its Pai Gow hand, with four its best and house-way splits."""

    key: int
    combinations: tuple[Combination, ...]
    pai_gow: PaiGowHand | None = None
    best: Split | None = None
    house: Split | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "combinations": [c.to_json() for c in self.combinations]}
        if self.pai_gow is not None:
            out["pai_gow"] = self.pai_gow.to_json()
        if self.best is not None:
            out["pai_gow"] = {"best": self.best.to_json(), "house_way": self.house.to_json()}
        return out


def read_tienjiu(tiles) -> TienjiuReading:
    """Read Tienjiu tiles (pairs of halves).

    >>> r = read_tienjiu([(2, 1), (4, 2)])
    >>> r.key, r.pai_gow.name, [c.name for c in r.combinations]
    (1739, 'Gee Joon', ['Gee Joon pair'])
    """
    tiles = [_halves(t) for t in tiles]
    k = key(tiles)
    reading = TienjiuReading(k, tuple(combinations_held(k)))
    if len(tiles) == 2:
        return TienjiuReading(k, reading.combinations, pai_gow=hand(tiles))
    if len(tiles) == 4:
        return TienjiuReading(k, reading.combinations, best=best_split(tiles), house=house_way(tiles))
    return reading


def _halves(t) -> tuple[int, int]:
    a, b = t
    return (a, b) if a <= b else (b, a)


def all_hands(n: int):
    """Every distinct hand of ``n`` tiles a set can deal (civil kinds twice, military once)."""
    pool = [h for h, k in KINDS.items() for _ in range(k.copies)]
    return sorted(set(itertools.combinations(sorted(pool), n)))
