"""service.records: the three formats read into one model, and a round replayed to any moment.

The random games of tests/record_games.py are written in mjai, tenhou.net/6 and mjlog; each
format must give the same state at every step, and that state must be the games' own replay.
"""

from __future__ import annotations

import json

import pytest

from service.records import RecordError, moment, read_text
from tests import record_games

SEEDS = range(24)


def formats(rounds):
    return {"mjai": record_games.to_mjai(rounds), "tenhou6": record_games.to_tenhou6(rounds),
            "mjlog": record_games.to_mjlog(rounds)}


def expected(snap: dict) -> dict:
    return snap


def seen(state: dict) -> dict:
    """The state in the shape of the games' own replay."""
    return {"hands": [s["hand"] for s in state["seats"]],
            "melds": [sorted(tuple(m["tiles"]) for m in s["melds"]) for s in state["seats"]],
            "rivers": [[[r["tile"], r["tsumogiri"], r["riichi"], r["called"]] for r in s["river"]] for s in state["seats"]],
            "scores": [s["score"] for s in state["seats"]], "sticks": state["sticks"],
            "dora": state["dora"], "wall": state["wall"]}


@pytest.mark.parametrize("seed", SEEDS)
def test_every_step_of_every_format_is_the_games_own_replay(seed):
    rounds = record_games.game(seed)
    for name, text in formats(rounds).items():
        game = read_text(text)
        assert game.format == name
        assert len(game.rounds) == len(rounds)
        for n, r in enumerate(rounds, 1):
            assert game.rounds[n - 1].name[:2] == "ESWN"[r.kyoku // 4] + str(r.kyoku % 4 + 1)
            assert len(game.rounds[n - 1].events) == len(r.snapshots) - 1, (name, n)
            for k, snap in enumerate(r.snapshots):
                assert seen(moment(game, n, step=k)) == snap, (name, n, k)


def test_the_random_games_hold_every_kind_of_event():
    kinds = set()
    for seed in range(60):
        for r in record_games.game(seed):
            kinds |= {ev[0] for ev in r.events}
            if r.events[-1][0] == "win" and len(r.events[-1][1]) == 2:
                kinds.add("double ron")
            if r.events[-1][0] == "win" and r.events[-2][0] == "kakan":
                kinds.add("chankan")
    assert kinds >= {"draw", "discard", "chi", "pon", "daiminkan", "kakan", "ankan", "dora", "win", "ryukyoku",
                     "abortive", "double ron", "chankan", "reach_paid"}


def test_the_formats_agree_on_the_results():
    rounds = record_games.game(7)
    games = [read_text(t) for t in formats(rounds).values()]
    for n in range(1, len(rounds) + 1):
        results = [moment(g, n, result=True)["result"] for g in games]
        for r in results:
            for w in r.get("winners", []):
                w["recorded"] = {k: w["recorded"][k] for k in ("han", "fu", "points")}
        assert results[0] == results[1] == results[2]
