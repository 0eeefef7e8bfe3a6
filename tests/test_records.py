"""service.records: the three formats read into one model, and a round replayed to any moment.

The random games of tests/record_games.py are written in mjai, tenhou.net/6 and mjlog; each
format must give the same state at every step, and that state must be the games' own replay.
"""

from __future__ import annotations

import json
import re

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


# --- hand-written logs: the hard cases -----------------------------------------------------

def _seat(hand, draws, discards):
    return [hand, draws, discards]


def _tenhou6(*rounds):
    log = []
    for head, dora, seats, result in rounds:
        entry = [head, [25000] * 4, dora, []]
        for s in seats:
            entry += s
        log.append(entry + [result])
    return json.dumps({"name": ["A", "B", "C", "D"], "log": log}, ensure_ascii=False)


# Every win is a real one, its recorded han, fu, points and yaku what Tenhou would write (tiles score
# agrees); no tile is used five times in a round, dora indicators included.
RIICHI_CALLED_DOUBLE_RON = ([0, 0, 0], [11], [  # East riichis on White, South pons it; East's Green: two rons
    _seat([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [45, 46], ["r45", 60]),
    _seat([45, 45, 31, 32, 33, 34, 35, 36, 37, 38, 39, 29, 46], ["p454545"], [29]),
    _seat([22, 23, 24, 25, 26, 27, 36, 37, 38, 43, 43, 46, 46], [27], [27]),
    _seat([11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17], [28], [28])],
    ["和了", [-7700, 8700, 0, 0], [1, 0, 1, "30符4飜7700点", "役牌 白(1飜)", "一気通貫(1飜)", "混一色(2飜)"],
     [-1300, 0, 1300, 0], [2, 0, 2, "40符1飜1300点", "役牌 發(1飜)"]])
KANS_RINSHAN = ([0, 1, 0], [41, 38], [  # East's concealed kan shows 8s (9s dora); South's open kan, rinshan tsumo
    _seat([11, 11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21], [22, 23], ["111111a11", 21]),
    _seat([21, 21, 21, 31, 32, 33, 34, 35, 36, 37, 38, 39, 29], ["m21212121", 29], [0]),
    _seat([41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 47], [], []),
    _seat([25, 25, 25, 26, 26, 26, 27, 27, 28, 28, 47, 47, 46], [], [])],
    ["和了", [-2700, 5500, -1400, -1400], [1, 1, 1, "40符3飜1300-2600点", "嶺上開花(1飜)", "一気通貫(1飜)",
                                            "ドラ(1飜)"]])
KAKAN_CHANKAN = ([0, 2, 0], [19], [  # South pons East's 3m, adds the fourth: West robs it
    _seat([13, 16, 17, 18, 21, 22, 23, 41, 41, 42, 42, 44, 44], [31, 32], [13, 60]),
    _seat([13, 13, 11, 35, 36, 37, 38, 38, 39, 39, 29, 29, 28], ["p131313", 13], [11, "k13131313"]),
    _seat([14, 15, 24, 25, 26, 27, 28, 29, 32, 33, 34, 35, 35], [33], [60]),
    _seat([25, 25, 26, 26, 27, 27, 43, 43, 43, 46, 46, 46, 47], [34], [60])],
    ["和了", [0, -2600, 2600, 0], [2, 1, 2, "30符2飜2000点", "槍槓(1飜)", "平和(1飜)"]])
FOUR_WINDS = ([2, 0, 0], [19], [
    _seat([41, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [31], [41]),
    _seat([41, 45, 11, 33, 33, 35, 36, 37, 38, 39, 29, 29, 28], [32], [41]),
    _seat([41, 11, 42, 42, 42, 43, 43, 43, 44, 44, 44, 47, 47], [33], [41]),
    _seat([41, 25, 25, 26, 26, 26, 27, 27, 28, 28, 47, 46, 46], [34], [41])],
    ["四風連打"])

TANYAO_PINFU = ([4, 0, 0], [11], [  # a real win: South's 234567p 234s 67s 88p takes East's 5s
    _seat([11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 42, 43, 44], [35], [35]),
    _seat([22, 23, 24, 25, 26, 27, 32, 33, 34, 36, 37, 28, 28], [], []),
    _seat([41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47], [], []),
    _seat([11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17], [], [])],
    ["和了", [-2000, 2000, 0, 0], [1, 0, 1, "30符2飜2000点", "断幺九(1飜)", "平和(1飜)"]])
HARD = (RIICHI_CALLED_DOUBLE_RON, KANS_RINSHAN, KAKAN_CHANKAN, FOUR_WINDS, TANYAO_PINFU)


def hard() -> object:
    return read_text(_tenhou6(*HARD))


def test_docs_hard_cases_is_this_record():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "games" / "hard-cases.json").read_text(encoding="utf-8")
    assert json.loads(text) == json.loads(_tenhou6(*HARD))


def test_every_hard_case_win_is_real_and_recorded_as_the_mahjong_package_scores_it():
    """Independent of our scorer: the `mahjong` package's HandCalculator on each winning hand, with the
    round's winds, dora and the flags the moment tells, gives the log's han, fu and points."""
    from mahjong.hand_calculating.hand import HandCalculator

    from tests.mahjong_check import calculate

    game = hard()
    wins = 0
    for n, rnd in enumerate(game.rounds, 1):
        end = moment(game, n, result=True)
        for w in end.get("result", {}).get("winners", ()):
            answer = calculate(HandCalculator(), end, w)
            assert answer.error is None, (rnd.name, answer.error)
            rec = w["recorded"]
            assert (answer.han, answer.fu, answer.cost["total"]) == (rec["han"], rec["fu"], rec["points"]), rnd.name
            wins += 1
    assert wins == 5


def test_the_riichi_tile_called_moves_the_sideways_mark_on_and_pays_its_stick():
    game = hard()
    after_pon = moment(game, 1, step=3)
    assert after_pon["seats"][0]["river"] == [{"tile": "5z", "tsumogiri": False, "riichi": False, "called": True}]
    assert after_pon["sticks"] == 1 and after_pon["seats"][0]["score"] == 24000
    assert after_pon["seats"][1]["notation"] == "9p123456789s6z+-555z"
    end = moment(game, 1, result=True)
    assert end["seats"][0]["river"][-1] == {"tile": "6z", "tsumogiri": True, "riichi": True, "called": False}
    assert [w["seat"] for w in end["result"]["winners"]] == [1, 2]
    assert end["sticks"] == 0 and [s["score"] for s in end["seats"]] == [15000, 33700, 26300, 25000]


def test_kan_dora_come_at_once_for_a_concealed_kan_and_the_rinshan_tsumo_ends_the_round():
    game = hard()
    assert moment(game, 2, step=1)["dora"] == ["1z"]
    assert moment(game, 2, step=3)["dora"] == ["1z", "8s"]  # draw, ankan, dora
    end = moment(game, 2, result=True)
    assert end["seats"][0]["notation"] == "23456789m2p3p+x11xm".replace("2p3p", "23p")
    assert end["seats"][1]["notation"].endswith("+-1111p")
    assert end["wall"] == 67 and end["dora"] == ["1z", "8s"]
    win = end["result"]["winners"][0]
    assert (win["seat"], win["from"], win["tile"]) == (1, 1, "9p")
    assert win["recorded"]["points"] == 5200 and win["recorded"]["han"] == 3 and win["recorded"]["fu"] == 40
    assert win["flags"] == ["rinshan"]


def test_an_added_kan_robbed_is_chankan():
    game = hard()
    assert game.rounds[2].name == "E1-2"
    end = moment(game, 3, result=True)
    assert end["seats"][1]["melds"][0]["type"] == "kakan"
    assert end["seats"][1]["notation"].endswith("+-3=333m")
    win = end["result"]["winners"][0]
    assert (win["seat"], win["from"], win["tile"]) == (2, 1, "3m") and win["flags"] == ["chankan"]
    assert moment(game, 3, seat=1, turn=1)["step"] == 4


def test_an_abortive_draw():
    end = moment(hard(), 4, result=True)
    assert end["result"]["kind"] == "abortive" and end["result"]["reason"] == "four winds"
    assert [len(s["river"]) for s in end["seats"]] == [1, 1, 1, 1]


@pytest.mark.parametrize("meld, seat, text", [
    ({"type": "pon", "tiles": ["7s"] * 3, "called": "7s", "from": 1}, 0, "77-7s"),
    ({"type": "daiminkan", "tiles": ["7s"] * 4, "called": "7s", "from": 1}, 0, "777-7s"),
    ({"type": "daiminkan", "tiles": ["7s"] * 4, "called": "7s", "from": 0}, 2, "7-777s"),
    ({"type": "chi", "tiles": ["3m", "0m", "4m"], "called": "0m", "from": 3}, 0, "-034m"),
    ({"type": "kakan", "tiles": ["0p", "5p", "5p", "5p"], "called": "5p", "from": 0, "added": "0p"}, 2, "5-5=05p"),
])
def test_melds_are_our_notation_with_the_called_tile_where_its_source_sits(meld, seat, text):
    from service.notation.grammar import parse
    from service.records.replay import meld_notation

    assert meld_notation(meld, seat) == text
    parse("123m+" + text)


def test_every_state_notation_parses():
    from service.notation.grammar import parse

    game = read_text(record_games.to_mjai(record_games.game(3)))
    for n, rnd in enumerate(game.rounds, 1):
        for k in range(len(rnd.events) + 1):
            for s in moment(game, n, step=k)["seats"]:
                parse(s["notation"])


# --- bad records: a message naming where, never a traceback ---------------------------------

GOOD_MJLOG = record_games.to_mjlog(record_games.game(1, rounds=1))
GOOD_MJAI = record_games.to_mjai(record_games.game(1, rounds=1))


@pytest.mark.parametrize("text, words", [
    (GOOD_MJLOG[: len(GOOD_MJLOG) // 2], "not well-formed XML"),
    (GOOD_MJLOG.replace("<TAIKYOKU", "<HELLO"), "an unknown tag"),
    (GOOD_MJLOG.replace('<GO type="169"', '<GO type="185"'), "sanma"),
    (GOOD_MJAI.replace('"tsumo"', '"teleport"', 1), "unknown mjai event 'teleport'"),
    (GOOD_MJAI[: GOOD_MJAI.index("start_kyoku") + 40], "not JSON"),
    (GOOD_MJAI.replace('"type": "dahai", "actor": 0, "pai": "', '"type": "dahai", "actor": 0, "pai": "x', 1),
     "not an mjai tile"),
    (_tenhou6(FOUR_WINDS).replace("[41]", "[42]", 1), "which is not in the hand"),
    (_tenhou6(FOUR_WINDS).replace("四風連打", "宇宙"), "unknown result"),
    (_tenhou6(KAKAN_CHANKAN).replace('"p131313", 13', '13, 13'), "adds 3m to a pon it does not have"),
    (json.dumps({"name": ["A", "B", "C"], "log": []}), "sanma"),
    ("hello", "not a game record"),
])
def test_a_bad_record_gets_a_message(text, words):
    with pytest.raises(RecordError) as err:
        read_text(text)
    assert words in str(err.value)


def test_a_moment_not_in_the_record_gets_a_message():
    game = hard()
    for kwargs, words in [({"step": 99}, "no step 99"), ({"seat": 0, "turn": 5}, "has no discard 5"),
                          ({"seat": 7, "turn": 1}, "no seat 7")]:
        with pytest.raises(RecordError, match=words):
            moment(game, 1, **kwargs)
    with pytest.raises(RecordError, match="no round 9"):
        moment(game, 9, start=True)


# --- tiles log ------------------------------------------------------------------------------

def _run(capsys, *argv):
    from service.cli import main

    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_tiles_log_lists_the_rounds(tmp_path, capsys):
    f = tmp_path / "hard.json"
    f.write_text(_tenhou6(*HARD), encoding="utf-8")
    code, out, _ = _run(capsys, "log", str(f), "--list", "--json")
    assert code == 0
    listed = json.loads(out)["rounds"]
    assert [r["index"] for r in listed] == [1, 2, 3, 4, 5]
    assert [r["name"] for r in listed] == ["E1", "E1-1", "E1-2", "E3", "S1"]
    assert [r["result"]["kind"] for r in listed] == ["win", "win", "win", "abortive", "win"]
    ron = listed[0]["result"]["winners"][0]
    assert ron["notation"] == "123456789s6z+-555z+-6z" and ron["recorded"]["points"] == 7700
    assert listed[1]["result"]["winners"][0]["notation"] == "9p123456789s+-1111p+9p"
    real = listed[4]["result"]["winners"][0]
    assert real["notation"] == "23456788p23467s+-5s" and real["agrees"] is True
    assert real["score"]["han"] == 2 and real["score"]["fu"] == 30
    assert [w["agrees"] for r in listed for w in r["result"].get("winners", ())] == [True] * 5  # every one real
    code, out, _ = _run(capsys, "log", str(f), "--list")
    assert code == 0 and len(out.splitlines()) == 5 and "four winds" in out


def test_tiles_log_gives_a_moment(tmp_path, capsys):
    f = tmp_path / "game.xml"
    rounds = record_games.game(2, rounds=2)
    f.write_text(record_games.to_mjlog(rounds), encoding="utf-8")
    code, out, _ = _run(capsys, "log", str(f), "--round", "2", "--step", "5", "--json")
    assert code == 0 and seen(json.loads(out)) == rounds[1].snapshots[5]
    code, out, _ = _run(capsys, "log", str(f), "--round", "1", "--start")
    assert code == 0 and out.startswith("E")


@pytest.mark.parametrize("argv, words", [
    (["--round", "9", "--start"], "no round 9"),
    (["--round", "1", "--step", "999"], "no step 999"),
    (["--round", "1"], "choose one moment"),
])
def test_tiles_log_says_what_is_wrong_in_one_line(tmp_path, capsys, argv, words):
    f = tmp_path / "game.mjson"
    f.write_text(record_games.to_mjai(record_games.game(2, rounds=1)), encoding="utf-8")
    code, out, err = _run(capsys, "log", str(f), *argv)
    assert code == 2 and words in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_tiles_log_names_a_truncated_file(tmp_path, capsys):
    f = tmp_path / "cut.xml"
    f.write_text(GOOD_MJLOG[:300], encoding="utf-8")
    code, _, err = _run(capsys, "log", str(f), "--list")
    assert code == 2 and err.startswith("error: cut.xml: line 1, column") and "not well-formed" in err


def test_the_commands_of_docs_logs_print_what_the_page_shows(capsys):
    """Each ```sh line of docs/logs.md runs; a ```text block after it is what it prints."""
    import shlex
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    blocks = re.findall(r"```(sh|text)\n(.*?)```", (root / "docs" / "logs.md").read_text(), re.S)
    ran = 0
    for n, (kind, body) in enumerate(blocks):
        if kind != "sh":
            continue
        words = shlex.split(body.strip())
        assert words[0] == "tiles"
        words = [str(root / w) if w.startswith("docs/") else w for w in words]
        code, out, err = _run(capsys, *words[1:])
        assert code == 0, err
        if n + 1 < len(blocks) and blocks[n + 1][0] == "text":
            assert out == blocks[n + 1][1]
        ran += 1
    assert ran == 3


def test_mjai_from_one_players_view_hides_the_others_tiles():
    """A player's own mjai log has ``?`` for the others' hands and draws; their discards are seen."""
    rounds = record_games.game(11, rounds=2)
    lines = []
    for line in record_games.to_mjai(rounds).splitlines():
        ev = json.loads(line)
        if ev["type"] == "start_kyoku":
            ev["tehais"] = [h if s == 0 else ["?"] * 13 for s, h in enumerate(ev["tehais"])]
        if ev["type"] == "tsumo" and ev["actor"] != 0:
            ev["pai"] = "?"
        if ev["type"] == "dahai" and ev["actor"] != 0:
            del ev["tsumogiri"]  # older logs leave it out; a hidden draw cannot tell it
        lines.append(json.dumps(ev))
    game = read_text("\n".join(lines))
    for n, r in enumerate(rounds, 1):
        for k, snap in enumerate(r.snapshots):
            got = seen(moment(game, n, step=k))
            assert got["hands"][0] == snap["hands"][0]
            assert [len(h) for h in got["hands"]] == [len(h) for h in snap["hands"]]
            assert got["melds"] == snap["melds"] and got["scores"] == snap["scores"]
            assert [[t[0] for t in rv] for rv in got["rivers"]] == [[t[0] for t in rv] for rv in snap["rivers"]]


def test_mjai_without_the_tsumogiri_field_tells_it_from_the_draw():
    rounds = record_games.game(4, rounds=1)
    text = "\n".join(json.dumps({k: v for k, v in json.loads(x).items() if k != "tsumogiri"})
                     for x in record_games.to_mjai(rounds).splitlines())
    game = read_text(text)
    for k, snap in enumerate(rounds[0].snapshots):
        assert seen(moment(game, 1, step=k))["rivers"] == snap["rivers"]


@pytest.mark.parametrize("text, words", [
    (GOOD_MJAI.replace('"scores": [25000, 25000, 25000, 25000]', '"scores": [25000, 25000, 25000]', 1), "four numbers"),
    (GOOD_MJLOG.replace('<GO type="169"', '<GO type="1m9"'), "numbers split by commas"),
])
def test_a_malformed_field_is_a_message_too(text, words):
    with pytest.raises(RecordError, match=words):
        read_text(text)


def test_cut_or_garbled_records_get_a_message_never_a_traceback():
    """Bounded: 1,500 records cut, garbled or with a piece left out, from each format."""
    import random

    rounds = record_games.game(9, rounds=2)
    texts = list(formats(rounds).values())
    rng = random.Random(45)
    for _ in range(1500):
        text = rng.choice(texts)
        i = rng.randrange(len(text))
        choice = rng.random()
        if choice < 0.3:
            text = text[:i]
        elif choice < 0.7:
            text = text[:i] + rng.choice('0123456789,[]{}"<>/ampkcr?xyz-') + text[i + 1:]
        else:
            text = text[:i] + text[i + rng.randrange(1, 40):]
        try:
            read_text(text)
        except RecordError:
            pass


@pytest.mark.parametrize("word, kind, reason", [
    ("四家立直", "abortive", "four riichi"), ("四槓散了", "abortive", "four kans"), ("三家和了", "abortive", "triple ron"),
    ("流し満貫", "draw", "nagashi mangan"), ("流局", "draw", "exhaustive"), ("全員聴牌", "draw", "exhaustive"),
])
def test_every_draw_of_tenhou6_is_read(word, kind, reason):
    text = _tenhou6(FOUR_WINDS).replace('"四風連打"', f'"{word}", [0, 0, 0, 0]')
    result = moment(read_text(text), 1, result=True)["result"]
    assert (result["kind"], result["reason"]) == (kind, reason)


def test_pao_is_recorded():
    rnd = list(TANYAO_PINFU)
    rnd[3] = ["和了", [-2000, 2000, 0, 0], [1, 0, 3, "30符2飜2000点", "断幺九(1飜)", "平和(1飜)"]]
    winner = moment(read_text(_tenhou6(tuple(rnd))), 1, result=True)["result"]["winners"][0]
    assert winner["recorded"]["pao"] == 3
    assert "pao" not in moment(hard(), 5, result=True)["result"]["winners"][0]["recorded"]


def test_a_double_riichi_ippatsu_tsumo_is_scored_with_the_flags_its_moment_tells(tmp_path, capsys):
    rnd = ([0, 0, 0], [11], [
        _seat([22, 23, 24, 25, 26, 27, 32, 33, 34, 36, 37, 28, 28], [11, 35], ["r60"]),
        _seat([11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17], [41], [41]),
        _seat([41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47], [42], [42]),
        _seat([17, 17, 18, 18, 19, 19, 21, 21, 29, 29, 31, 31, 39], [43], [43])],
        ["和了", [18000, -6000, -6000, -6000], [0, 0, 0, "20符6飜6000点∀", "両立直(2飜)", "一発(1飜)",
                                                 "門前清自摸和(1飜)", "断幺九(1飜)", "平和(1飜)"]])
    f = tmp_path / "ippatsu.json"
    f.write_text(_tenhou6(rnd), encoding="utf-8")
    code, out, _ = _run(capsys, "log", str(f), "--list", "--json")
    winner = json.loads(out)["rounds"][0]["result"]["winners"][0]
    assert winner["flags"] == ["riichi", "double_riichi", "ippatsu"]
    assert winner["notation"] == "23456788p23467s+5s" and winner["recorded"]["points"] == 18000
    assert winner["score"]["han"] == 6 and winner["agrees"] is True
