"""Hand analysis: differential against the `mahjong` package, seed examples, properties.

The differential hands are concealed 13- and 14-tile hands drawn from a
136-tile wall, biased toward near-complete hands so that complete hands and
waits are common, not just the shanten-3 junk random draws give.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from service.analysis import analyse, clear_caches, forms
from service.analysis.forms import has_sets, suit_sets, suit_waits
from service.analysis.keys import SHAPE_PRIMES, code_of, contains, counts_of, hand_key, shape_key
from service.notation.model import Tile
from service.notation.grammar import ParseError, parse

from sample_hands import WALL, counts, hand_of, near_complete  # tests/sample_hands.py

VOLUME = int(os.environ.get("ANALYSIS_DIFF_HANDS", "20000"))


# -- building hands ----------------------------------------------------------------


def special(rng: random.Random, size: int) -> list[int]:
    """Near seven pairs or thirteen orphans."""
    if rng.random() < 0.5:
        kinds = rng.sample(range(34), 7)
        tiles = [k for k in kinds for _ in range(2)]
        if rng.random() < 0.3:
            tiles[-2:] = [kinds[0]] * 2  # four of a kind: not seven pairs
    else:
        orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        tiles = orphans + [rng.choice(orphans)]
    rng.shuffle(tiles)
    if rng.random() < 0.4:
        tiles[0] = rng.choice([i for i in range(34) if tiles.count(i) < 4])
    return counts(tiles[:size])


@st.composite
def wall_hands(draw, size=None):
    """13 or 14 tiles: plain draws from the wall, or near-complete built hands."""
    size = size or draw(st.sampled_from((13, 14)))
    how = draw(st.sampled_from(("wall", "near", "near", "special")))
    if how == "wall":
        picks = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
        return counts(WALL[p] for p in picks)
    rng = random.Random(draw(st.integers(0, 2**32)))
    return near_complete(rng, size) if how == "near" else special(rng, size)


# -- the reference -----------------------------------------------------------------


def reference(c: list[int]) -> tuple[bool, list[str], int]:
    """(complete, waits, shanten) by the `mahjong` package."""
    sh = Shanten.calculate_shanten(c)
    if sum(c) == 14:
        return Agari.is_agari(c), [], sh
    waits = []
    for t in range(34):
        if c[t] < 4:
            c[t] += 1
            if Agari.is_agari(c):
                waits.append(code_of(t))
            c[t] -= 1
    return False, waits, sh


def check_against_reference(c: list[int]) -> None:
    a = analyse(hand_of(c))
    complete, waits, sh = reference(c)
    assert a.warnings == ()
    tiles = "".join(code_of(i) for i, n in enumerate(c) for _ in range(n))
    assert (a.complete, list(a.waits), a.shanten) == (complete, waits, sh), tiles
    if complete:
        check_splits_against_divider(c, a)


def check_splits_against_divider(c: list[int], a) -> None:
    ours = set()
    for s in a.splits:
        if s.form == "thirteen_orphans":
            continue  # the divider does not list thirteen orphans
        blocks = [b.tiles for b in s.sets] + [b.tiles for b in s.pairs]
        if s.pair:
            blocks.append(s.pair.tiles)
        ours.add(tuple(sorted(tuple(b) for b in blocks)))
    theirs = {tuple(sorted(tuple(b) for b in d)) for d in HandDivider.divide_hand(c)}
    assert ours == theirs


# -- differential ------------------------------------------------------------------


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wall_hands())
def test_differential_matches_mahjong_package(c):
    check_against_reference(c)


def test_differential_matches_mahjong_package_in_volume():
    rng = random.Random(20261129)
    made = {"complete": 0, "tenpai": 0}
    for n in range(VOLUME):
        size = 13 if n % 2 else 14
        kind = n % 10
        if kind < 6:
            c = near_complete(rng, size)
        elif kind < 8:
            c = special(rng, size)
        else:
            c = counts(rng.sample(WALL, size))
        check_against_reference(c)
        a = analyse(hand_of(c))
        made["complete"] += a.complete
        made["tenpai"] += bool(a.waits)
    # The generator must exercise the interesting cases, not only junk.
    assert made["complete"] > VOLUME // 20 and made["tenpai"] > VOLUME // 20, made


# -- the seed documents' hands and other tables ------------------------------------


def split_codes(a):
    return [(s.form, s.pair.code if s.pair else None, sorted(b.code for b in s.sets)) for s in a.splits]


def test_iipeikou_wins_on_4s():
    a = analyse(parse("11222333s22456m+4s"))
    assert a.complete and a.shanten == -1
    assert "4s" in a.waits
    assert ("standard", "22m", ["123s", "123s", "234s", "456m"]) in split_codes(a)


def test_called_meld_counts_as_a_set():
    a = analyse(parse("11222333s22m+-456m+4s"))
    assert a.complete
    meld = [b for b in a.splits[0].sets if b.meld]
    assert [(b.code, b.kind, b.called) for b in meld] == [("456m", "run", True)]


def test_four_kans_wait_on_the_pair():
    a = analyse(parse("2z+x11xs+x11xp+x11xm+x11xz+2z"))
    assert a.complete
    split = a.to_json()["splits"][0]
    assert split["pair"] == "22z"
    assert [s["kind"] for s in split["sets"]] == ["kan"] * 4
    assert not any(s["called"] for s in split["sets"])
    waiting = analyse(parse("2z+x11xs+x11xp+x11xm+x11xz"))
    assert not waiting.complete and waiting.waits == ("2z",) and waiting.shanten == 0


def test_fourteen_of_a_kind_is_a_warning():
    a = analyse(parse("6666666666666z+6z"))
    assert a.warnings and "6z" in a.warnings[0]
    assert (a.complete, a.splits, a.waits, a.shanten) == (False, (), (), None)


def test_thirteen_orphans():
    a = analyse(parse("19m19p19s1234567z+1m"))
    assert a.complete and a.splits[0].form == "thirteen_orphans"
    assert a.to_json()["splits"][0]["pair"] == "11m"
    assert len(analyse(parse("19m19p19s1234567z")).waits) == 13
    assert analyse(parse("119m19p19s123456z")).waits == ("7z",)


def test_seven_pairs_and_four_of_a_kind():
    a = analyse(parse("1122m3344p5566s7z+7z"))
    assert a.complete and [s.form for s in a.splits] == ["seven_pairs"]
    assert a.to_json()["splits"][0]["pairs"] == ["11m", "22m", "33p", "44p", "55s", "66s", "77z"]
    assert not analyse(parse("1111z2233445566m")).complete  # four of a kind is not two pairs
    assert analyse(parse("1122m3344p5566s7z")).waits == ("7z",)


def test_ryanpeikou_splits_both_ways():
    forms = {s.form for s in analyse(parse("223344m223344p55s")).splits}
    assert forms == {"standard", "seven_pairs"}


def test_nine_gates_waits_on_all_nine():
    assert analyse(parse("1112345678999m")).waits == tuple(f"{n}m" for n in range(1, 10))


def test_every_split_is_listed():
    a = analyse(parse("11122233344455m"))
    assert len(a.splits) == 4


def test_red_fives_count_as_fives():
    a = analyse(parse("11222333s22m+-406m+4s"))
    assert a.complete and a.splits[0].sets[-1].code == "456m"


def test_added_kan_and_plain_group():
    assert analyse(parse("123m456s789s11z+5-5=55p")).complete
    a = analyse(parse("11222333s22m+456m+4s"))
    meld = a.splits[0].sets[-1]
    assert a.complete and (meld.meld, meld.called) == (True, False)


def test_waits_skip_tiles_all_four_shown():
    a = analyse(parse("2m+-222m+-333p+-444s+-555s"))
    assert a.waits == () and a.shanten == 1
    assert analyse(parse("1111m234p567s789s")).waits == ()


def test_the_winning_tile_shows_the_hand_waited_on():
    # 1m is the fourth 1m shown, but the hand waited on it before it came.
    assert "1m" in analyse(parse("1112345678999m+1m")).waits


def test_a_sideways_winning_tile_still_wins():
    a = analyse(parse("11222333s22456m+-4s"))
    assert a.complete and not any(b.meld for b in a.splits[0].sets)


def test_a_lone_meld_is_a_meld_not_a_hand():
    assert analyse(parse("-456m")) == analyse(parse("x11xs")) == analyse(parse("123m"))


@pytest.mark.parametrize(
    "notation, needle",
    [
        ("123m+-135m", "not a run, triplet or kan"),
        ("123m+xx1m", "face-down"),
        ("x123m", "face-down"),
        ("123456789m123p45s+1z", "concealed tiles"),
        ("11m+111p+222p+333p+444p+555p", "melds"),
        ("11111m", "copies of 1m"),
    ],
)
def test_unreadable_hands_get_warnings(notation, needle):
    a = analyse(parse(notation))
    assert a.warnings and needle in a.warnings[0]
    empty = {"complete": False, "splits": [], "waits": [], "shanten": None}
    assert a.to_json() == {**empty, "warnings": list(a.warnings)}


def test_fragments_are_not_complete_and_not_warned():
    a = analyse(parse("123m"))
    assert (a.complete, a.shanten, a.warnings) == (False, None, ())
    assert analyse(parse("11m")).complete is False


def test_json_shape():
    out = analyse(parse("11222333s22m+-456m+4s")).to_json()
    assert set(out) == {"complete", "splits", "waits", "shanten", "warnings"}
    split = out["splits"][0]
    assert split["form"] == "standard" and split["pair"] == "22m"
    assert {"kind": "run", "tiles": "456m", "meld": True, "called": True} in split["sets"]


def test_a_bug_raises_and_only_the_edge_catches_it(monkeypatch, caplog):
    """analyse() no longer turns a bug into a public warning with its repr; analyse_safely
    logs it once, tells the caller, and answers a message that names nothing internal."""
    from service.analysis import FAILED, analyse_safely, result

    def broken(reading):
        raise KeyError("/srv/app/service/analysis/forms.py")

    monkeypatch.setattr(result, "_analyse", broken)
    hand = parse("11222333s22456m+4s")
    with pytest.raises(KeyError):
        analyse(hand)
    calls = []
    assert analyse_safely(hand, lambda: calls.append(1)) is FAILED
    assert calls == [1] and "forms.py" not in str(FAILED.to_json())
    [record] = [r for r in caplog.records if r.name == "tiles.analysis"]
    assert record.exc_info[0] is KeyError and "11222333s22456m+4s" in record.getMessage()


def test_interned_tables_keep_their_ids_under_threads():
    """Two workers interning new tables at once: each id must name its own table.

    The id store pauses inside its write, so without a lock the second thread
    reads len(TABLES) before the first one appends.
    """
    import threading
    import time

    from service.analysis import tables

    class SlowIds(dict):
        def __setitem__(self, key, value):
            time.sleep(0.05)  # let the other worker run here
            super().__setitem__(key, value)

    real_ids = tables._ids
    tables._ids = SlowIds(real_ids)
    news = [(-50 - n,) * 10 for n in range(2)]  # no real table has negative slots
    got = {}
    try:
        workers = [threading.Thread(target=lambda t=t: got.update({t: tables._intern(t)})) for t in news]
        for w in workers:
            w.start()
        for w in workers:
            w.join(timeout=10)
        named = {t: tables.TABLES[i] for t, i in got.items()}
    finally:
        tables._ids = real_ids
        clear_caches()  # forget the two fake tables
    assert named == {t: t for t in news}



def test_a_table_is_computed_while_another_thread_clears_the_memos(monkeypatch):
    """Issue 42 item 19: `make_room` in one thread cleared the suffix memo while another walked a
    suit with it; the walk had put its end-of-suit entries there first, found them gone and ran
    past the suit's last kind (IndexError). One worker pauses mid-walk while another clears every
    memo; the first must still get the table a quiet run gives."""
    import threading

    from service.analysis import memo, tables

    counts, caps = (1, 1, 1, 0, 2, 0, 1, 1, 1), (4, 4, 4, 4, 3, 4, 4, 4, 4)
    clear_caches()
    quiet = tables.TABLES[tables.suit_table(counts, caps, True)]
    paused, go = threading.Event(), threading.Event()

    class PausingMoves(dict):
        def get(self, key, default=None):
            if not paused.is_set():
                paused.set()  # the walk has begun: its end entries are in the suffix memo
                go.wait(10)
            return super().get(key, default)

    clear_caches()
    monkeypatch.setattr(tables, "_moves_memo", PausingMoves())
    got, failed = [], []

    def walk():
        try:
            got.append(tables.TABLES[tables.suit_table(counts, caps, True)])
        except Exception as exc:  # noqa: BLE001  (reported below)
            failed.append(exc)

    def clear_all():
        paused.wait(10)
        monkeypatch.setattr(memo, "BUDGET_BYTES", 0)
        memo.make_room()  # what a worker analysing another hand does past the budget
        monkeypatch.setattr(memo, "BUDGET_BYTES", 16 * 2**20)
        go.set()

    workers = [threading.Thread(target=walk), threading.Thread(target=clear_all)]
    try:
        for w in workers:
            w.start()
        for w in workers:
            w.join(timeout=30)
    finally:
        go.set()
        clear_caches()
    assert not failed, failed
    assert got == [quiet]

def test_prime_keys_contain_by_divisibility():
    key = hand_key(counts_of("11222333s22456m"))
    assert contains(key, hand_key(counts_of("123s")))
    assert not contains(key, hand_key(counts_of("444s")))
    honors = hand_key(counts_of("11122233344455z"))
    assert honors.bit_length() > 64 and contains(honors, hand_key(counts_of("222z")))


def test_cold_and_warm_memos_agree():
    rng = random.Random(5)
    hands = [hand_of(near_complete(rng, 13 + n % 2)) for n in range(300)]
    clear_caches()
    cold = [analyse(h) for h in hands]
    assert [analyse(h) for h in hands] == cold  # memos filled by the same hands
    clear_caches()
    assert [analyse(h) for h in reversed(hands)] == cold[::-1]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9), st.booleans())
def test_suit_shortcuts_match_full_search(h, runs):
    """has_sets is suit_sets without the list; pruned suit waits miss no tile."""
    key = shape_key(h, 0, 9)
    assert has_sets(key, runs) == bool(suit_sets(key, runs))
    rest = sum(h) % 3
    want = {2: 0, 1: 2}.get(rest)
    if want is None:
        return
    every = tuple(p for p in range(9) if forms._fit(key * SHAPE_PRIMES[p], want, runs) == want)
    assert suit_waits(tuple(h), runs, want) == every


# -- properties over notations -----------------------------------------------------

tile_text = st.one_of(
    st.builds(lambda d, s: f"{d}{s}", st.sampled_from("0123456789"), st.sampled_from("mps")),
    st.builds(lambda d: f"{d}z", st.sampled_from("1234567")),
    st.just("x"),
)
segment = st.builds(
    lambda marks, tiles: "".join(m + t for m, t in zip(marks, tiles)),
    st.lists(st.sampled_from(["", "", "", "-"]), min_size=1, max_size=5),
    st.lists(tile_text, min_size=1, max_size=5),
)
notation = st.builds(
    lambda hand, melds: "+".join([hand] + melds),
    st.builds("".join, st.lists(tile_text, min_size=1, max_size=16)),
    st.lists(segment, max_size=5),
)


@settings(max_examples=1500, deadline=None)
@given(notation)
def test_never_raises_and_stays_consistent(text):
    try:
        hand = parse(text)
    except ParseError:
        return
    a = analyse(hand)  # a bug raises here
    out = a.to_json()
    assert set(out) == {"complete", "splits", "waits", "shanten", "warnings"}
    if a.warnings:
        return
    assert a.complete == (a.shanten == -1)
    if not any(g.kind == "winning" for g in hand.groups):
        assert bool(a.waits) == (a.shanten == 0 and not a.complete)


@settings(max_examples=500, deadline=None)
@given(wall_hands(size=13))
def test_each_wait_completes_the_hand(c):
    a = analyse(hand_of(c))
    for code in a.waits:
        assert analyse(parse(hand_of(c).canonical() + "+" + code)).complete


# -- shanten with fixed melds, against brute force over every complete target -------

SETS = [(i, i, i) for i in range(34)] + [(i, i + 1, i + 2) for i in range(27) if i % 9 <= 6]


def brute_shanten(hand: list[int], caps: list[int], sets_needed: int) -> int:
    """Fewest tiles missing from any complete target within the caps, minus one."""
    best = 99

    def walk(start: int, left: int, target: list[int]) -> None:
        nonlocal best
        if left == 0:
            for pair in range(34):
                target[pair] += 2
                if all(t <= c for t, c in zip(target, caps)):
                    best = min(best, sum(max(0, t - h) for t, h in zip(target, hand)))
                target[pair] -= 2
            return
        for k in range(start, len(SETS)):
            for i in SETS[k]:
                target[i] += 1
            walk(k, left - 1, target)
            for i in SETS[k]:
                target[i] -= 1

    walk(0, sets_needed, [0] * 34)
    return best - 1


def test_shanten_with_melds_matches_brute_force():
    rng = random.Random(7)
    melds = ["-123m", "-555z", "-789p", "x11xs", "-1-111p", "456s", "-234s", "-999m", "x77xz"]
    checked = 0
    while checked < 120:
        chosen = rng.sample(melds, 2 if checked % 8 == 0 else 3)
        need = 4 - len(chosen)
        pool = [i for i in range(34) for _ in range(4)]
        for g in parse("1m+" + "+".join(chosen)).groups[1:]:
            for t in (g.tiles[1],) * 4 if g.concealed_kan else g.tiles:
                pool.remove(_index(t))  # the melds' copies are not in the wall
        size = 3 * need + 1 + checked % 2
        tiles = rng.sample(pool, size)
        text = "".join(code_of(i) for i in sorted(tiles)) + "+" + "+".join(chosen)
        a = analyse(parse(text))
        assert a.warnings == (), text
        shown = counts(tiles)
        for g in parse(text).groups[1:]:
            for t in (g.tiles[1],) * 4 if g.concealed_kan else g.tiles:
                shown[_index(t)] += 1
        caps = [4 - s + h for s, h in zip(shown, counts(tiles))]
        assert a.shanten == brute_shanten(counts(tiles), caps, need), text
        checked += 1


def _index(tile: Tile) -> int:
    return "mpsz".index(tile.suit) * 9 + tile.number - 1
