"""Wilds in the analysis (issue 25): differential against a brute force over substitutions.

The brute force tries every way the wilds can stand in (each a kind 0..33, never
a fifth copy) and judges each plain hand with the `mahjong` package
(``Agari.is_agari``, ``Shanten.calculate_shanten``, ``HandDivider``), or, for
the bulk of the hands with more wilds, with our wild-free analysis, which
tests/test_analysis.py holds to the `mahjong` package on 20,000 hands a run.
``WILD_DIFF_SCALE`` multiplies the hand counts (default 1).
"""

from __future__ import annotations

import os
import random
from itertools import combinations_with_replacement

import pytest
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from service.analysis import analyse
from service.analysis.keys import code_of, counts_of
from service.analysis.parts import ANY
from service.analysis.shanten import shanten as plain_shanten
from service.notation.model import JOKER, Group, Hand, Tile
from service.notation.grammar import parse

from sample_hands import WALL, counts, hand_of, near_complete  # tests/sample_hands.py

SCALE = float(os.environ.get("WILD_DIFF_SCALE", "1"))
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RUNS = [(i, i + 1, i + 2) for i in range(27) if i % 9 < 7]


# -- hands ---------------------------------------------------------------------------


def with_jokers(c: list[int], w: int) -> Hand:
    tiles = hand_of(c).groups[0].tiles + (Tile(JOKER),) * w
    return Hand((Group("hand", tiles),))


def wild_hand(rng: random.Random, size: int, w: int) -> list[int]:
    """``size - w`` real tiles: a near-complete hand, seven pairs or orphans, or a wall draw, cut."""
    how = rng.random()
    if how < 0.7:
        tiles = [i for i, n in enumerate(near_complete(rng, size)) for _ in range(n)]
    elif how < 0.85:
        kinds = rng.sample(range(34), 7) if rng.random() < 0.6 else list(ORPHANS) + [rng.choice(ORPHANS)]
        tiles = (kinds * 2)[:14] if len(kinds) == 7 else kinds
    else:
        tiles = rng.sample(WALL, size)
    rng.shuffle(tiles)
    return counts(tiles[: size - w])


def substitutions(c: list[int], w: int):
    """Every plain hand the wilds can make: each kind at most four times."""
    for combo in combinations_with_replacement(range(34), w):
        s = c[:]
        for i in combo:
            s[i] += 1
        if max(s) <= 4:
            yield combo, s


# -- the brute force ------------------------------------------------------------------


def brute(c: list[int], w: int, judge: str) -> tuple[bool, int, list[str]]:
    """(complete, shanten, waits) of ``c`` plus ``w`` wilds, trying every substitution."""
    if judge == "mahjong":
        sh = min(Shanten.calculate_shanten(s) for _, s in substitutions(c, w))
    else:
        sh = min(plain_shanten(s, 4) for _, s in substitutions(c, w))
    waits: set[int] = set()
    if sum(c) + w == 13:
        # t waits when some complete hand of c, t and the wilds exists: a substitution
        # of w + 1 wilds holding t, with c[t] < 4 (t is a real tile drawn).
        done = Agari.is_agari if judge == "mahjong" else (lambda s: plain_shanten(s, 4) == -1)
        for combo, s in substitutions(c, w + 1):
            if not set(combo) <= waits and done(s):
                waits |= {t for t in combo if c[t] < 4}
    return sh == -1, sh, [code_of(t) for t in sorted(waits)]


def check(c: list[int], w: int, judge: str) -> None:
    a = analyse(with_jokers(c, w))
    assert a.warnings == () and a.wilds == w
    tiles = "".join(code_of(i) for i, n in enumerate(c) for _ in range(n)) + "j" * w
    assert (a.complete, a.shanten, list(a.waits)) == brute(c, w, judge), tiles
    assert a.complete == bool(a.splits), tiles


def expand(split) -> set:
    """(what the wilds stand for, plain blocks) for each way the split's any-blocks can go."""
    fixed = [b for b in (split.pair, *split.sets, *split.pairs) if b is not None and b.tiles]
    anys = [b for b in (split.pair, *split.sets, *split.pairs) if b is not None and not b.tiles]
    stands = [i for i in split.wilds if i != ANY]
    out = set()
    choices = [[(i, i) for i in range(34)] if len(b.wilds) == 2 else [(i,) * 3 for i in range(34)] + RUNS for b in anys]

    def walk(k: int, picked: list) -> None:
        if k == len(choices):
            blocks = [b.tiles for b in fixed] + picked
            sub = sorted(stands + [i for p in picked for i in p])
            if max(counts(t for b in blocks for t in b)) <= 4:
                out.add((tuple(sub), tuple(sorted(blocks))))
            return
        for option in choices[k]:
            walk(k + 1, picked + [option])

    walk(0, [])
    return out


def check_splits(c: list[int], w: int) -> None:
    """Every split, expanded, is exactly what the divider finds over all substitutions."""
    a = analyse(with_jokers(c, w))
    ours = set()
    for s in a.splits:
        if s.form == "seven_pairs":
            pairs = expand(s)
            ours |= {p for p in pairs if len({b for b in p[1]}) == 7}  # seven *distinct* pairs
        elif s.form == "standard":
            ours |= expand(s)
    theirs = set()
    for combo, s in substitutions(c, w):
        if Agari.is_agari(s):
            theirs |= {(combo, tuple(sorted(tuple(b) for b in d))) for d in HandDivider.divide_hand(s)}
    assert ours == theirs, "".join(code_of(i) for i, n in enumerate(c) for _ in range(n)) + "j" * w


# -- differential ---------------------------------------------------------------------

# (wilds, hands, judge): the mahjong package judges every substitution where that is
# cheap enough; the rest use our wild-free analysis (itself held to the package).
PLAN = [(1, 300, "mahjong"), (1, 1000, "ours"), (2, 60, "mahjong"), (2, 150, "ours"), (3, 30, "ours"),
        (4, 2, "ours")]  # fmt: skip


@pytest.mark.parametrize("w, hands, judge", PLAN)
def test_wilds_match_brute_force_over_substitutions(w, hands, judge):
    rng = random.Random(2500 + 10 * w + (judge == "mahjong"))
    made = {"complete": 0, "tenpai": 0}
    for n in range(max(1, int(hands * SCALE))):
        size = 13 if n % 2 else 14
        if w >= 3 and size == 13 and n % 6 != 1 or w == 4:
            size = 14  # waits over w + 1 wilds are the dearest part: every sixth hand (none with four)
        c = wild_hand(rng, size, w)
        check(c, w, judge)
        a = analyse(with_jokers(c, w))
        made["complete"] += a.complete
        made["tenpai"] += a.shanten == 0
    assert made["complete"] and (made["tenpai"] or w == 4), made  # four wilds: 14 tiles only


@pytest.mark.parametrize("w, hands", [(1, 300), (2, 80)])
def test_wild_splits_match_the_divider_over_substitutions(w, hands):
    rng = random.Random(2600 + w)
    done = 0
    while done < max(1, int(hands * SCALE)):
        c = wild_hand(rng, 14, w)
        if analyse(with_jokers(c, w)).complete:
            check_splits(c, w)
            done += 1


# -- examples -------------------------------------------------------------------------


def test_a_joker_completes_a_run_and_says_so():
    a = analyse(parse("123456789m12p55sj"))
    assert a.complete and a.wilds == 1
    (split,) = a.splits
    assert split.to_json()["wilds"] == ["3p"]
    assert {"kind": "run", "tiles": "123p", "meld": False, "called": False, "wilds": "3p"} in split.to_json()["sets"]


def test_wilds_left_over_stand_for_any_set():
    a = analyse(parse("123456789m11pjjj"))
    any_sets = [s for s in a.splits if s.to_json()["wilds"] == ["any"] * 3]
    assert any_sets and any_sets[0].to_json()["sets"][-1] == {
        "kind": "set", "tiles": "any", "meld": False, "called": False, "wilds": "any"}


def test_splits_are_distinct_and_many_wilds_are_cut_short():
    a = analyse(parse("234567pjjjjjjjj"))
    assert a.complete and len(a.splits) == 128 and a.to_json()["splits_truncated"] is True
    keys = [(s.pair.tiles, sorted(b.tiles for b in s.sets), s.wilds) for s in a.splits]
    assert len({repr(k) for k in keys}) == len(keys)
    assert "splits_truncated" not in analyse(parse("123456789m12p55sj")).to_json()


def test_never_a_fifth_copy():
    # 1111m + a joker: the joker cannot be a fifth 1m, and 1111m is no set and a pair of 1m.
    a = analyse(parse("1111m23456789pj"))
    assert not any(i == 0 for s in a.splits for i in (s.wilds or ()))
    assert "1m" not in analyse(parse("111m123p456p789pj")).waits  # 1111m + j: no pair left


def test_seven_pairs_and_thirteen_orphans_with_wilds():
    a = analyse(parse("1122334455667mj"))
    assert a.complete and "seven_pairs" in [s.form for s in a.splits]
    a = analyse(parse("19m19p19s123456zjj"))
    assert a.complete
    orphans = [s for s in a.splits if s.form == "thirteen_orphans"]
    assert len(orphans) == 13  # the second joker pairs with any orphan
    assert all(code_of(33) in [code_of(i) for i in s.wilds] for s in orphans)  # one joker is 7z


def test_wild_option_makes_a_kind_wild():
    plain = analyse(parse("123456789m12p555z"))
    assert plain.shanten == 0 and not plain.complete
    a = analyse(parse("123456789m12p555z"), wild="5z")
    assert a.wilds == 3 and a.complete
    waits = analyse(parse("123456789m12p5s5z"), wild="5z").waits
    assert {"3p", "5s", "5z"} <= set(waits)  # drawing a 5z draws one more wild


def test_waits_of_a_joker_winning_tile():
    a = analyse(parse("123456789m12p55s+j"))
    assert a.complete and "3p" in a.waits and a.waits == analyse(parse("123456789m12p55s")).waits


def test_bonus_tiles_are_set_aside_and_reported():
    a = analyse(parse("123456789m123p5s+1234f+5s"))
    assert a.complete and a.bonus == ("1f", "2f", "3f", "4f")
    assert a.to_json()["bonus"] == ["1f", "2f", "3f", "4f"]
    assert analyse(parse("123456789m123p1f5s+5s")).to_json()["bonus"] == ["1f"]
    assert "bonus" not in analyse(parse("123m")).to_json() and "wilds" not in analyse(parse("123m")).to_json()


def test_any_tile_is_a_warning_like_backs():
    a = analyse(parse("123456789m123p5s?"))
    assert a.warnings == ("any-tile ? in the hand: an unknown tile cannot be analysed",)
    assert a.shanten is None


def test_jokers_in_melds():
    a = analyse(parse("123456789m55s+-5pj5p"))
    assert a.complete and a.splits[0].to_json()["sets"][-1]["wilds"] == "5p"
    a = analyse(parse("123456789m55s+-4pj6p"))
    assert a.complete and a.splits[0].sets[-1].kind == "run"
    a = analyse(parse("123456789m55s+-45pj"))
    assert a.warnings == ("meld 4p5pj could be 345p or 456p: write it with the tile its joker stands for",)


def test_what_docs_analysis_says_of_wilds_beside_melds():
    """docs/analysis.md: a joker in a meld is a copy of its kind; a lone wild's waits leave out
    kinds it would make a fifth copy of; with melds, shanten is stricter than the package's."""
    assert analyse(parse("12355p+-5pj5p")).warnings == ("5 copies of 5p: a set has four",)
    assert not analyse(parse("123m456m789m5pj+-5pj5p")).complete
    every = {code_of(i) for i in range(34)}
    assert every - set(analyse(parse("j+-111m+-2222m+-333m+-444m")).waits) == {"1m", "2m", "3m", "4m"}
    assert every - set(analyse(parse("111m456m789m123pj")).waits) == {"1m"}
    lone = analyse(parse("1m+-111m+-222m+-333m+-444m"))
    assert (lone.shanten, lone.waits) == (1, ())
    assert Shanten.calculate_shanten(counts_of("1m")) == 0  # the package sees the concealed 1m alone


def test_counts_of_is_unchanged_by_wilds():
    assert sum(counts_of("123m")) == 3  # the helper the brute force and docs share


def test_a_wild_kind_reads_as_that_many_jokers():
    """wild=X: the X tiles are jokers, and drawing an X draws one more wild."""
    rng = random.Random(2700)
    for n in range(400):
        c = wild_hand(rng, 13 + n % 2, 0)
        held = [i for i in range(34) if c[i]]
        x = rng.choice(held) if rng.random() < 0.8 else rng.randrange(34)
        plain = c[:]
        plain[x] = 0
        laizi, jokers = analyse(hand_of(c), wild=code_of(x)), analyse(with_jokers(plain, c[x]))
        assert (laizi.complete, laizi.shanten, laizi.wilds) == (jokers.complete, jokers.shanten, jokers.wilds)
        assert [s.to_json() for s in laizi.splits] == [s.to_json() for s in jokers.splits]
        # X is a wait when the hand is tenpai and a copy of X is left to draw
        extra = {code_of(x)} if jokers.shanten == 0 and sum(c) == 13 and c[x] < 4 else set()
        assert set(laizi.waits) == set(jokers.waits) - {code_of(x)} | extra, (c, x)


@pytest.mark.parametrize("seed", range(3))
def test_any_notation_with_the_new_tiles_is_analysed_or_warned(seed):
    rng = random.Random(seed)
    words = ["1m", "5p", "9s", "1z", "7z", "j", "j", "?", "1f", "8f", "x", "0s"]
    for _ in range(300):
        hand = "".join(rng.choice(words) for _ in range(rng.randint(1, 15)))
        some = ["-5pj5p", "jjj", "123s", "4pj6p", "1234f", "-j"]
        melds = "+".join(rng.choice(some) for _ in range(rng.randint(0, 2)))
        text = hand + ("+" + melds if melds else "")
        a = analyse(parse(text), wild=rng.choice([None, "5z", "1m"]))
        if a.warnings:
            assert (a.complete, a.splits, a.shanten) == (False, (), None), text
        else:
            assert a.complete == (a.shanten == -1) == bool(a.splits), text


def test_wilds_with_melds_match_brute_force():
    """Melds cap what a wild may stand for: never a fifth copy counting the meld's tiles."""
    rng = random.Random(2800)
    checked = 0
    for n in range(int(120 * SCALE) or 1):
        melds = rng.randint(1, 2)
        w = rng.randint(1, 2)
        meld_kinds = rng.sample(range(34), melds)
        melded = counts(k for k in meld_kinds for _ in range(3))
        size = 3 * (4 - melds) + 1 + n % 2
        wall = list(WALL)
        for k in meld_kinds:
            for _ in range(3):
                wall.remove(k)
        hand = [i for i, c in enumerate(near_complete(rng, 14)) for _ in range(c) if melded[i] + c <= 4]
        hand = (hand + rng.sample(wall, 14))[: size - w]
        c = counts(hand)
        if max(a + b for a, b in zip(c, melded)) > 4:
            continue
        caps = [4 - m for m in melded]
        subs = [s for _, s in substitutions(c, w) if all(x <= cap for x, cap in zip(s, caps))]
        need = 4 - melds
        sh = min(plain_shanten(s, need, caps) for s in subs)
        waits = set()
        if size == 3 * need + 1:
            for t in range(34):
                if c[t] + melded[t] < 4:
                    c[t] += 1
                    if any(plain_shanten(s, need, caps) == -1 for _, s in substitutions(c, w)
                           if all(x <= cap for x, cap in zip(s, caps))):
                        waits.add(code_of(t))
                    c[t] -= 1
        text = "".join(code_of(i) for i, k in enumerate(c) for _ in range(k)) + "j" * w
        text += "".join(f"+-{code_of(k)[0] * 3}{code_of(k)[1]}" for k in meld_kinds)
        a = analyse(parse(text))
        assert (a.shanten, a.complete, set(a.waits)) == (sh, sh == -1, waits), text
        checked += 1
    assert checked > 50
