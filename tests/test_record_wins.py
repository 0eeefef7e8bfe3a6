"""Every recorded win agrees: real wins of tests/record_games.py's games (``real=True``, scored by the
`mahjong` package alone), read back from each format, are what ``tiles log --list`` scores them.

The context of a win travels through the record and our replay: the prevalent and seat winds,
dora and kan dora turned so far, ura dora after a riichi, red fives, and the flags the moment tells
(riichi, double riichi, ippatsu, haitei, houtei): a slip in any gives another han.
"""

from __future__ import annotations

from collections import Counter

import pytest

from service.layout.result_layout import our_points
from service.records import read_text
from service.records.command import rounds
from service.scoring.log_wins import judge
from tests import record_games

SEEDS = range(20)


def _games():
    for seed in SEEDS:
        real = record_games.game(seed, rounds=8, real=True)
        yield seed, real, {"mjai": record_games.to_mjai(real), "tenhou6": record_games.to_tenhou6(real),
                           "mjlog": record_games.to_mjlog(real)}


@pytest.fixture(scope="module")
def listed():
    return [(seed, real, name, rounds(read_text(text), judge)) for seed, real, texts in _games()
            for name, text in texts.items()]


def test_every_real_win_agrees_in_every_format(listed):
    wins = 0
    for seed, real, fmt, rs in listed:
        for r, played in zip(rs, real):
            ends = [ev for ev in played.events if ev[0] == "win"]
            for w in r["result"].get("winners", ()):
                (_, (won,), _tile) = ends[0]
                _, source, han, fu, points, _pay, _yaku, _deltas = won
                assert (w["seat"], w["from"]) == (won[0], source)
                assert (w["recorded"]["han"], w["recorded"]["fu"], w["recorded"]["points"]) == (han, fu, points)
                assert w["agrees"] is True, (seed, fmt, r["name"], w["notation"], w["flags"], w["score"])
                assert our_points(w["score"]) == points, (seed, fmt, r["name"])
                wins += 1
    assert wins > 3 * 100


def test_the_real_wins_hold_every_context_a_score_needs(listed):
    """So that the test above can fail: these wins show every flag, dora kind and wind."""
    seen = Counter()
    for _seed, real, fmt, rs in listed:
        if fmt != "tenhou6":
            continue
        for r in rs:
            for w in r["result"].get("winners", ()):
                seen.update(w["flags"])
                seen.update(name for name, _ in w["recorded"]["yaku"])
                seen["tsumo" if w["seat"] == w["from"] else "ron"] += 1
                seen["dealer"] += w["score"].get("dealer") is True
                seen["south round"] += r["name"].startswith("S")
    for needed in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "tsumo", "ron", "dealer",
                   "south round", "ドラ", "裏ドラ", "赤ドラ", "平和", "断幺九"):
        assert seen[needed] > 0, needed
    assert any(name.startswith(("場風", "自風", "役牌")) for name in seen)


def test_a_ron_on_the_discard_that_turns_a_kan_dora_wins_on_that_discard():
    """tenhou.net/6 has no winning tile: it is the last discard, not the kan dora turned after it."""
    real = record_games.game(41, rounds=4, real=True)  # its E4-1: a win on the discard after a kan
    game = read_text(record_games.to_tenhou6(real))
    for rnd, played in zip(game.rounds, real):
        if rnd.result is not None and rnd.result.kind == "win" and rnd.events[-2].kind == "dora":
            ends = [ev for ev in played.events if ev[0] == "win"]
            assert rnd.result.wins[0].tile == record_games.tile(ends[0][2]) == rnd.events[-3].tile
            return
    pytest.fail("no win on a discard that turned a kan dora")
