"""Chinese Official waits of knitted hands (Knitted Straight, Honors and Knitted Tiles), brute-forced
against PyMahjongGB: every tile that completes the hand, by the library's own win check, is a wait
of our waits table, and no other."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from service import score
from service.scoring.knitted import STRAIGHTS, knitted_waits

gb = pytest.importorskip("MahjongGB")

SUITS = "mpsz"
GB_SUITS = {"m": "W", "p": "B", "s": "T"}
GB_HONORS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")


def code(kind: int) -> str:
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def gb_code(kind: int) -> str:
    return GB_HONORS[kind - 27] if kind >= 27 else f"{GB_SUITS[SUITS[kind // 9]]}{kind % 9 + 1}"


def notation(kinds: list[int], meld: int | None) -> str:
    """The concealed tiles by suit, then a chow called from the left starting at ``meld``."""
    out = ""
    for s, suit in enumerate(SUITS):
        numbers = sorted(k % 9 + 1 for k in kinds if k // 9 == s)
        out += "".join(map(str, numbers)) + suit if numbers else ""
    if meld is not None:
        out += "+-" + "".join(str(meld % 9 + 1 + i) for i in range(3)) + SUITS[meld // 9]
    return out


def gb_waits(kinds: list[int], meld: int | None) -> set[str]:
    """Every tile the library scores as a win on this hand (a self-drawn one: no ron-only fan decides)."""
    pack = () if meld is None else (("CHI", gb_code(meld + 1), 1),)
    seen = list(kinds) + ([] if meld is None else [meld, meld + 1, meld + 2])
    out = set()
    for kind in range(34):
        if seen.count(kind) >= 4:
            continue
        try:
            gb.MahjongFanCalculator(pack=pack, hand=tuple(gb_code(k) for k in kinds), winTile=gb_code(kind),
                                    flowerCount=0, isSelfDrawn=True, is4thTile=False, isAboutKong=False,
                                    isWallLast=False, seatWind=0, prevalentWind=0, verbose=True)
        except TypeError as err:
            assert str(err) == "ERROR_NOT_WIN", (kinds, meld, code(kind), err)
            continue
        out.add(code(kind))
    return out


def a_set(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        kind = rng.randrange(34)
        return [kind] * 3
    suit, start = rng.randrange(3), rng.randrange(7)
    return [suit * 9 + start + i for i in range(3)]


def hands(rng: random.Random, n: int):
    """Knitted tenpai shapes and near misses: (concealed kinds, the called chow's first kind or None)."""
    for _ in range(n):
        straight = sorted(rng.choice(STRAIGHTS))
        shape = rng.randrange(6)
        meld = None
        if shape == 0:  # honors and knitted: 13 different tiles of the straight and the honors
            kinds = rng.sample(straight + list(range(27, 34)), 13)
        elif shape == 1:  # the straight, a set, a single: the pair's tile
            kinds = straight + a_set(rng) + [rng.randrange(34)]
        elif shape == 2:  # the straight, a pair, two tiles of a set
            pair = rng.randrange(34)
            kinds = straight + [pair, pair] + rng.sample(a_set(rng), 2)
        elif shape == 3:  # one knitted tile short, a set and a pair
            pair = rng.randrange(34)
            kinds = rng.sample(straight, 8) + a_set(rng) + [pair, pair]
        else:  # with a called chow: the straight and a single, or the straight short one and a pair
            meld = rng.randrange(3) * 9 + rng.randrange(7)
            pair = rng.randrange(34)
            kinds = straight + [rng.randrange(34)] if shape == 4 else rng.sample(straight, 8) + [pair, pair]
        seen = kinds + ([] if meld is None else [meld, meld + 1, meld + 2])
        if max(seen.count(k) for k in seen) <= 4:
            yield kinds, meld


def our_waits(kinds: list[int], meld: int | None) -> set[str]:
    s = score(notation(kinds, meld), rules="mcr")
    return {row["tile"] for row in s.get("waits", ())}


def test_knitted_waits_are_pymahjonggbs_wins_for_generated_hands():
    rng = random.Random(20261203)
    checked = knitted = 0
    for kinds, meld in hands(rng, 400):
        expected = gb_waits(kinds, meld)
        assert our_waits(kinds, meld) == expected, notation(kinds, meld)
        checked += 1
        knitted += bool(expected)
    assert checked > 300 and knitted > 200  # most are tenpai: the test looks at waits, not at empty tables


def test_every_honors_and_knitted_tenpai_of_one_straight_waits_on_its_three_missing_tiles():
    straight = sorted(STRAIGHTS[0])
    pool = straight + list(range(27, 34))
    rng = random.Random(7)
    for _ in range(30):
        kinds = rng.sample(pool, 13)
        missing = {code(k) for k in pool if k not in kinds}
        assert our_waits(kinds, None) >= missing
        assert gb_waits(kinds, None) == our_waits(kinds, None)


def test_the_six_straights_are_147_258_369_in_the_six_orders_of_the_suits():
    as_text = {notation(sorted(k), None) for k in STRAIGHTS}
    assert len(as_text) == 6 and "147m258p369s" in as_text and "369m147p258s" in as_text
    assert all(len(k) == 9 for k in STRAIGHTS)
    assert len(set(permutations("mps"))) == len(STRAIGHTS)


def test_a_knitted_tenpai_hand_gets_a_waits_table_with_its_fans():
    s = score("147m258p369s1234z", rules="mcr")
    assert [row["tile"] for row in s["waits"]] == ["5z", "6z", "7z"]
    names = {f["name"] for f in s["waits"][0]["tsumo"]["fans"]}
    assert any("Knitted" in name for name in names), names
    s = score("147m258p36s123m55z", rules="mcr")
    assert [row["tile"] for row in s["waits"]] == ["9s"]
    assert knitted_waits([0] * 34, 0) == ()  # no tiles: nothing waits
