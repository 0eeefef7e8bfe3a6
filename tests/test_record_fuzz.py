"""Bad records get a message, never a traceback: each reader fuzzed, seeded and bounded.

Records of tests/record_games.py's games, cut, with bytes changed, with a JSON field or an XML
attribute given another value (another type, out of range, a tile that is no tile), with events
and tags dropped, doubled or unknown, then read and, when they read, replayed to every moment,
listed with their wins scored, drawn as a table scene and a problem card: any exception but
`RecordError` fails. And on the command line: exit 2 with one line on stderr.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from service.records import RecordError, moment, read_text
from service.records.command import rounds
from service.records.scene import problem_card, table_scene
from service.scoring.log_wins import judge
from tests import record_games

ROUNDS = record_games.game(5, rounds=2) + record_games.game(3, rounds=1, real=True)
TEXTS = {"mjai": record_games.to_mjai(ROUNDS), "tenhou6": record_games.to_tenhou6(ROUNDS),
         "mjlog": record_games.to_mjlog(ROUNDS)}
VALUES = [None, -1, 0, 3, 4, 99, 10 ** 20, 1.5, True, "", "x", "?", "5mr", "E", "r60", 60, 11, 53, 54, 136,
          [], [1], ["1m"], {}, {"type": "dahai"}, "和了", "p454545", "k45454545", "\u0000", "a" * 300]


def use(text: str) -> None:
    """Read `text`; if it reads, go through everything a command does with a record."""
    try:
        game = read_text(text)
        rounds(game, judge)
        for n, rnd in enumerate(game.rounds, 1):
            for k in range(0, len(rnd.events) + 1, max(1, len(rnd.events) // 4)):
                state = moment(game, n, step=k)
                table_scene(state, view=k % 4)
                try:
                    problem_card(game, n, state)
                except RecordError:
                    pass
            moment(game, n, seat=n % 4, turn=1) if any(e.kind == "discard" and e.seat == n % 4
                                                       for e in rnd.events) else None
    except RecordError as err:
        assert str(err) and "\n" not in str(err)


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _set(node, path, value):
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


def mutate_json(rng: random.Random, text: str, lines: bool) -> str:
    """One field of a JSON record (or of one of its lines) set to another value, dropped or doubled."""
    docs = [json.loads(x) for x in text.splitlines()] if lines else [json.loads(text)]
    doc_index = rng.randrange(len(docs))
    paths = [p for p in _paths(docs[doc_index]) if p]
    path = rng.choice(paths)
    parent = docs[doc_index]
    for k in path[:-1]:
        parent = parent[k]
    what = rng.random()
    if what < 0.7:
        _set(docs[doc_index], path, rng.choice(VALUES))
    elif isinstance(parent, list):
        if what < 0.85:
            del parent[path[-1]]
        else:
            parent.insert(path[-1], parent[path[-1]])
    else:
        del parent[path[-1]]
    if lines and rng.random() < 0.2:  # a whole line dropped, doubled or made up
        i = rng.randrange(len(docs))
        choice = rng.random()
        if choice < 0.4:
            del docs[i]
        elif choice < 0.7:
            docs.insert(i, docs[i])
        else:
            docs.insert(i, {"type": rng.choice(["teleport", "dahai", "hora", "start_kyoku", "reach", "dora"]),
                            "actor": rng.choice(VALUES)})
    return "\n".join(json.dumps(d, ensure_ascii=False) for d in docs) if lines else json.dumps(docs[0])


def mutate_xml(rng: random.Random, text: str) -> str:
    """One attribute of an mjlog tag given another value, or a tag renamed, dropped or doubled."""
    tags = list(re.finditer(r"<[^<>]+/>", text))
    tag = rng.choice(tags)
    body = tag.group(0)
    what = rng.random()
    attrs = list(re.finditer(r'(\w+)="([^"]*)"', body))
    if what < 0.6 and attrs:
        a = rng.choice(attrs)
        value = rng.choice(["", "-1", "999", "x", "1,2", ",", "0,0,0,0,0,0,0,0,0,0", "135", "136", "1.5",
                            str(rng.randrange(1 << 16)), "%E3%81", "&amp;"])
        body = body[:a.start(2)] + value + body[a.end(2):]
    elif what < 0.75:
        body = "<" + rng.choice(["HELLO", "T", "D200", "Z1", "N", "AGARI", "INIT", "REACH", "DORA"]) + body[body.index(" ") if " " in body else -2:]
    elif what < 0.9:
        body = ""
    else:
        body = body + body
    return text[:tag.start()] + body + text[tag.end():]


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_a_mutated_field_is_a_record_error(fmt):
    rng = random.Random(4500 + len(fmt))
    text = TEXTS[fmt]
    for _ in range(250):
        if fmt == "mjlog":
            bad = mutate_xml(rng, text)
        else:
            bad = mutate_json(rng, text, lines=fmt == "mjai")
        use(bad)


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_cut_and_changed_bytes_are_a_record_error(fmt):
    rng = random.Random(45 + len(fmt))
    text = TEXTS[fmt]
    for _ in range(200):
        i = rng.randrange(len(text))
        choice = rng.random()
        if choice < 0.3:
            bad = text[:i]
        elif choice < 0.7:
            bad = text[:i] + chr(rng.choice([0, 9, 10, 34, 44, 47, 48, 60, 62, 91, 93, 123, 125, 0xFFFD, 0x6F22]))
            bad += text[i + 1:]
        else:
            bad = text[:i] + text[i + rng.randrange(1, 60):]
        use(bad)


def _discard_not_in_hand(fmt: str) -> str:
    """A seat's first discard, one nobody calls, changed to a tile it does not hold."""
    played = [e for e in ROUNDS[0].events if e[0] != "reach_paid"]
    n, ev = next((n, e) for n, e in enumerate(played) if e[0] == "discard" and played[n + 1][0] == "draw"
                 and not any(x[0] == "discard" and x[1] == e[1] for x in played[:n]))
    seat = ev[1]
    held = {i // 4 for i in ROUNDS[0].hands[seat]} | {x[2] // 4 for x in played[:n] if x[0] == "draw" and x[1] == seat}
    other = next(i for i in range(136) if i // 4 not in held and i not in (16, 52, 88))
    if fmt == "mjai":
        lines = [json.loads(x) for x in TEXTS["mjai"].splitlines()]
        first = next(x for x in lines if x["type"] == "dahai" and x["actor"] == seat)
        first.update(pai=record_games.mj(other), tsumogiri=False)
        return "\n".join(json.dumps(x) for x in lines)
    if fmt == "tenhou6":
        doc = json.loads(TEXTS["tenhou6"])
        doc["log"][0][6 + 3 * seat][0] = record_games.t6(other)
        return json.dumps(doc)
    first = re.search(r"<%s(\d+)/>" % "DEFG"[seat], TEXTS["mjlog"])
    return TEXTS["mjlog"][:first.start(1)] + str(other) + TEXTS["mjlog"][first.end(1):]


@pytest.mark.parametrize("fmt", ["mjai", "tenhou6", "mjlog"])
def test_a_discard_not_in_the_hand_is_named(fmt):
    with pytest.raises(RecordError, match="not in the hand"):
        read_text(_discard_not_in_hand(fmt))


@pytest.mark.parametrize("fmt, text, words", [
    ("mjai", TEXTS["mjai"].replace('"type": "tsumo"', '"type": "teleport"', 1), "unknown mjai event"),
    ("mjlog", TEXTS["mjlog"].replace("<TAIKYOKU", "<HELLO"), "unknown tag"),
    ("tenhou6", TEXTS["tenhou6"].replace('"log": [[', '"log": [[["x"], ', 1), "a round is 17 entries"),
    ("tenhou6", TEXTS["tenhou6"].replace('"和了"', '"宇宙"', 1), "unknown result"),
])
def test_unknown_events_and_tags_are_named(fmt, text, words):
    with pytest.raises(RecordError, match=words):
        read_text(text)


def test_a_round_or_moment_not_in_the_record_is_named():
    game = read_text(TEXTS["mjlog"])
    for kwargs, words in [({"step": -1}, "no step -1"), ({"step": 10 ** 6}, "no step"),
                          ({"seat": 3, "turn": 99}, "has no discard 99"), ({"seat": -1, "turn": 1}, "no seat -1")]:
        with pytest.raises(RecordError, match=words):
            moment(game, 1, **kwargs)
    for n in (0, -1, len(game.rounds) + 1):
        with pytest.raises(RecordError, match=f"no round {n}"):
            moment(game, n, start=True)


@pytest.mark.parametrize("argv, words", [
    (["--list"], "not in the hand"),
    (["--round", "1", "--step", "3", "-o", "x.png"], "not in the hand"),
])
def test_the_command_line_says_it_in_one_line(tmp_path, capsys, monkeypatch, argv, words):
    from service.cli import main

    monkeypatch.chdir(tmp_path)
    f = tmp_path / "bad.json"
    f.write_text(_discard_not_in_hand("tenhou6"), encoding="utf-8")
    assert main(["log", str(f), *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


def test_a_record_that_is_no_text_or_too_big_is_named(tmp_path, capsys):
    from service.cli import main

    f = tmp_path / "bin.json"
    f.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["log", str(f), "--list"]) == 2
    assert "not UTF-8" in capsys.readouterr().err
