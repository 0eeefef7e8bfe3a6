"""A record's moment as a whole-table scene (service/records/scene.py) and ``tiles log -o``.

Every step of tests/record_games.py's random games, read back from a record, is turned into a
`TableScene` and checked against the games' own replay (`Round.snapshots`) and their own events
(which seat a called tile came from): hands, melds, rivers with their marks, scores, sticks,
dora and the wall.
"""

from __future__ import annotations

import io
import pathlib
import xml.etree.ElementTree as ET
from contextlib import nullcontext

import pytest
from PIL import Image

from service.cli import main
from service.layout.arrange import arrange_scene
from service.notation.options import RenderOptions
from service.records import RecordError, moment, read_text
from service.records.scene import table_scene
from tests import record_games

WINDS = "ESWN"


def codes(tiles) -> list:
    return [t.code for t in tiles]


def check_scene(scene, snap: dict, r: record_games.Round, view: int | None) -> None:
    dealer = r.dealer
    assert scene.round == "ESWN"[r.kyoku // 4] + str(r.kyoku % 4 + 1) and scene.honba == r.honba
    assert scene.view == WINDS[((0 if view is None else view) - dealer) % 4]
    assert codes(scene.dora) == snap["dora"] and scene.wall == snap["wall"] and scene.riichi_sticks == snap["sticks"]
    for s in range(4):
        seat = scene.seats[WINDS[(s - dealer) % 4]]
        assert seat.score == snap["scores"][s]
        if view is not None and s != view:
            assert seat.hand is None and seat.backs == len(snap["hands"][s])
        elif snap["hands"][s]:
            assert codes(seat.hand.tiles) == snap["hands"][s] and seat.backs == 0
        melds = sorted(tuple(sorted(codes(g.tiles), key=record_games.sort_key)) for g in seat.melds)
        concealed = [m for m in snap["melds"][s] if len(m) == 4]
        # a concealed kan shows two backs: compare its tiles shown, and every other meld whole
        assert len(melds) == len(snap["melds"][s])
        shown = [m for m in melds if "x" not in m]
        assert all(any(set(m) - {"x"} <= set(c) for c in concealed) for m in melds if "x" in m)
        assert all(m in snap["melds"][s] for m in shown)
        river = [[t.code, t.tsumogiri, t.sideways, n in seat.river.called] for n, t in enumerate(seat.river.tiles)] \
            if seat.river is not None else []
        assert river == snap["rivers"][s]


def sideways_places(r: record_games.Round) -> dict:
    """From the games' own events: each seat's open calls as (tile, place of the
    sideways tile: 0 from the left seat, 1 across, last from the right)."""
    out = {s: [] for s in range(4)}
    for ev in r.events:
        if ev[0] in ("chi", "pon", "daiminkan"):
            _, s, i, own, src = ev
            d = (src - s) % 4
            out[s].append((record_games.tile(i), {3: 0, 2: 1, 1: len(own)}[d]))
    return out


@pytest.mark.parametrize("seed", range(8))
def test_every_moment_as_a_table_is_the_games_own_replay(seed):
    rounds = record_games.game(seed)
    game = read_text(record_games.to_tenhou6(rounds))
    for n, r in enumerate(rounds, 1):
        view = seed % 5 if seed % 5 < 4 else None
        for k, snap in enumerate(r.snapshots):
            state = moment(game, n, step=k)
            check_scene(table_scene(state, view=view), snap, r, view)
            if view is not None:
                check_scene(table_scene(state), snap, r, None)


@pytest.mark.parametrize("seed", range(8))
def test_a_called_tile_lies_sideways_on_the_side_of_the_seat_it_came_from(seed):
    rounds = record_games.game(seed)
    game = read_text(record_games.to_mjai(rounds))
    for n, r in enumerate(rounds, 1):
        end = table_scene(moment(game, n, result=True))
        for s, calls in sideways_places(r).items():
            seat = end.seats[WINDS[(s - r.dealer) % 4]]
            opened = [g for g in seat.melds if not any(t.face_down for t in g.tiles)]
            assert len(opened) == len(calls)  # pons later added to are still the melds, in order
            for g, (called, place) in zip(opened, calls):
                turned = [i for i, t in enumerate(g.tiles) if t.sideways and not t.stacked]
                assert turned == [place] and g.tiles[place].code == called


def test_the_called_marks_are_drawn_and_the_wall_is_shown():
    game = read_text(record_games.to_mjlog(record_games.game(3)))
    n, k = next((n, k) for n, r in enumerate(game.rounds, 1) for k, ev in enumerate(r.events, 1)
                if ev.kind in ("chi", "pon", "daiminkan"))
    scene = table_scene(moment(game, n, step=k))
    called = sum(len(s.river.called) for s in scene.seats.values() if s.river is not None)
    sl = arrange_scene(scene, RenderOptions())
    assert called >= 1 and [s.kind for s in sl.layout.shapes].count("called") == called
    assert any(lab.text == f"{scene.wall} tiles left" for lab in sl.layout.labels)
    shown = [s for s in sl.layout.shapes if s.kind == "called"]
    river = [t.placement for t in sl.tiles if t.role == "river"]
    for dot in shown:  # on a river tile, inside its box
        assert any(p.x <= dot.x and dot.x + dot.w <= p.x + p.w and p.y <= dot.y and dot.y + dot.h <= p.y + p.h
                   for p in river)


def test_a_bad_view_is_a_record_error():
    game = read_text(record_games.to_mjai(record_games.game(1)))
    with pytest.raises(RecordError, match="no seat '4'"):
        table_scene(moment(game, 1, start=True), view=4)


HARD = str(pathlib.Path(__file__).resolve().parent.parent / "docs" / "games" / "hard-cases.json")


@pytest.mark.parametrize("ext", ["png", "webp", "svg"])
def test_tiles_log_draws_a_moment(tmp_path, capsys, ext):
    out = tmp_path / f"moment.{ext}"
    assert main(["log", HARD, "--round", "1", "--seat", "0", "--turn", "2", "--view", "1", "-o", str(out)]) == 0
    data = out.read_bytes()
    if ext == "svg":
        root = ET.fromstring(data)
        assert root.tag.endswith("svg") and "66 tiles left" in data.decode()
    else:
        img = Image.open(io.BytesIO(data))
        img.load()
        assert img.format == ext.upper() and img.width == img.height > 300


def test_the_view_hides_the_other_hands_and_reveal_shows_them(tmp_path):
    for argv, shown in ((["--view", "1"], 1), (["--view", "1", "--reveal", "all"], 4), ([], 4)):
        out = tmp_path / "m.svg"
        assert main(["log", HARD, "--round", "1", "--step", "3", *argv, "-o", str(out)]) == 0
        title = ET.fromstring(out.read_bytes()).find("{http://www.w3.org/2000/svg}title").text
        assert title.count("face-down tiles") == 4 - shown, (argv, title)


@pytest.mark.parametrize("argv, words", [
    (["--round", "1", "--start", "--view", "4", "-o", "x.png"], "--view: no seat '4'"),
    (["--round", "1", "--start", "--view", "east", "-o", "x.png"], "no seat 'east'"),
    (["--round", "1", "--start", "-o", "x.gif"], "not .gif"),
    (["--round", "1", "--start", "--height", "9", "-o", "x.png"], "height must be"),
    (["--list", "-o", "x.png"], "give it with --round"),
    (["--round", "1", "--start", "--reveal", "some", "-o", "x.png"], "invalid choice"),
])
def test_a_bad_drawing_option_is_exit_2_with_one_line(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    code = None
    with pytest.raises(SystemExit) if "some" in argv else nullcontext() as raised:
        code = main(["log", HARD, *argv])
    err = capsys.readouterr().err
    assert (raised.value.code if raised else code) == 2
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()



def test_a_scene_yaml_shows_the_wall_and_checks_it():
    from service.notation.fields import SceneError
    from service.notation.scene import read_scene

    table = read_scene("table: {round: E1, wall: 52, seats: {E: {hand: 13}}}")
    assert table.wall == 52
    assert "52 tiles left" in [lab.text for lab in arrange_scene(table, RenderOptions()).layout.labels]
    with pytest.raises(SceneError, match="table.wall: must be a whole number from 0 to 70"):
        read_scene("table: {round: E1, wall: 71, seats: {E: {hand: 13}}}")


# --- the problem card of the seat to move, and a win's result card -------------------------

@pytest.mark.parametrize("seed", range(4))
def test_the_card_is_the_seat_to_move_just_after_its_real_draw(seed):
    from service.records.scene import problem_card

    rounds = record_games.game(seed)
    game = read_text(record_games.to_mjlog(rounds))
    checked = 0
    for n, r in enumerate(rounds, 1):
        events = [e for e in r.events if e[0] != "reach_paid"]  # one a snapshot (a stick paid is no step)
        for k in range(0, len(events), 3):
            later = [i for i in range(k, len(events)) if events[i][0] == "draw"]
            if not later:
                with pytest.raises(RecordError, match="no seat draws after step"):
                    problem_card(game, n, moment(game, n, step=k))
                continue
            i = later[0]  # the games' own event index of the next draw; the snapshot after it is i + 1
            _, seat, tid = events[i]
            card = problem_card(game, n, moment(game, n, step=k))
            snap = r.snapshots[i + 1]
            assert card.seat == WINDS[(seat - r.dealer) % 4] and card.drawn.code == record_games.tile(tid)
            assert sorted(codes(card.concealed) + [card.drawn.code], key=record_games.sort_key) == snap["hands"][seat]
            assert card.turn == 1 + sum(e[0] == "discard" and e[1] == seat for e in events[:i])
            assert codes(card.dora) == snap["dora"]
            assert list(card.scores) == [snap["scores"][(r.dealer + w) % 4] for w in range(4)]
            checked += 1
    assert checked > 20


def _win_card(round_number: int):
    from service.records import read
    from service.records.command import judged
    from service.records.scene import win_card
    from service.scoring.log_wins import judge

    end = moment(read(HARD), round_number, result=True)
    return win_card(end, judged(end, judge))


def test_a_result_card_puts_our_score_beside_the_logs_and_marks_where_they_differ():
    from service.layout.result_layout import differs, result_alt, result_layout

    for n in range(1, 6):
        if moment(__import__("service.records", fromlist=["read"]).read(HARD), n, result=True)["result"]["kind"] != "win":
            continue
        card = _win_card(n)
        lay = result_layout(card, 38)
        texts = [lab.text for lab in lay.labels]
        marked = [w for w in card.winners if differs(w)]
        assert [s.kind for s in lay.shapes].count("differs") == 2 * len(marked)
        assert texts.count("Ours (tiles score)") == len(card.winners)
        assert texts.count("The log (differs)") == len(marked)
        for w in card.winners:  # the log's own total is on the card
            rec = w["recorded"]
            assert f"{rec['han']} han {rec['fu']} fu · {rec['points']:,}" in texts
        assert result_alt(card).count("(agrees)") == len(card.winners) - len(marked)
        for s in lay.shapes:
            assert 0 <= s.x and s.x + s.w <= lay.width and 0 <= s.y and s.y + s.h <= lay.height


def test_a_disagreeing_total_is_marked():
    from service.layout.result_layout import differs, result_layout
    from service.records.scene import WinCard

    ours = {"han": 2, "fu": 30, "limit": None, "points": {"ron": 2000}, "yaku": []}
    w = {"seat": 1, "from": 0, "wind": "S", "from_wind": "E", "notation": "234567p234s67s88p+-5s", "ura": [],
         "flags": [], "score": ours, "agrees": True, "recorded": {"han": 2, "fu": 30, "points": 2000, "yaku": []}}
    assert not differs(w) and result_layout(WinCard("E1", 0, 0, ("1m",), (w,))).shapes == ()
    wrong = dict(w, recorded=dict(w["recorded"], points=2600))
    assert differs(wrong) and len(result_layout(WinCard("E1", 0, 0, ("1m",), (wrong,))).shapes) == 2


@pytest.mark.parametrize("argv", [["--round", "1", "--seat", "0", "--turn", "1", "--card"],
                                  ["--round", "5", "--result"], ["--round", "1", "--result"],
                                  ["--round", "4", "--result"]])  # a draw: the table at its end
def test_tiles_log_draws_cards(tmp_path, argv):
    out = tmp_path / "card.png"
    assert main(["log", HARD, *argv, "-o", str(out)]) == 0
    img = Image.open(out)
    img.load()
    assert img.format == "PNG" and img.width > 300
    svg = tmp_path / "card.svg"
    assert main(["log", HARD, *argv, "-o", str(svg), "--lang", "ja"]) == 0
    ET.fromstring(svg.read_bytes())


@pytest.mark.parametrize("argv, words", [
    (["--round", "1", "--start", "--card"], "give -o FILE"),
    (["--round", "4", "--result", "--card", "-o", "x.png"], "the round is over"),
    (["--round", "4", "--step", "8", "--card", "-o", "x.png"], "no seat draws after step 8"),
    (["--round", "1", "--start", "--card", "--view", "2", "-o", "x.png"], "--view and --reveal are for the table"),
    (["--round", "1", "--start", "--card", "--reveal", "all", "-o", "x.png"], "--view and --reveal are for the table"),
])
def test_a_card_that_cannot_be_drawn_is_exit_2(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(["log", HARD, *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and not (tmp_path / "x.png").exists()


def test_a_riichi_whose_tile_was_called_keeps_its_stick():
    from service.records import read

    after_pon = table_scene(moment(read(HARD), 1, step=3))  # East's riichi tile called; no sideways tile yet
    assert after_pon.seats["E"].river.riichi is None and after_pon.riichi_seats() == ["E"]
    sticks = [s for s in arrange_scene(after_pon, RenderOptions()).layout.shapes if s.kind == "stick"]
    assert len(sticks) == 1


def test_the_logs_yaku_are_named_in_the_readers_language():
    from service.layout.result_layout import _log_lines

    lines = _log_lines({"han": 2, "fu": 30, "points": 2000, "yaku": [["断幺九", 1], ["pinfu", 1], ["宇宙", 1]]}, "en")
    assert lines == ["Tanyao 1 han", "Pinfu 1 han", "宇宙 1 han", "2 han 30 fu · 2,000"]
    assert _log_lines({"han": 1, "fu": 30, "points": 1000, "yaku": [["Tanyao", 1]]}, "ja")[0] == "断幺九 1翻"


def test_the_json_view_names_the_called_discards():
    from service.drawing.scene import scene_json
    from service.records import read

    view = scene_json(table_scene(moment(read(HARD), 1, step=3)))
    called = [t for t in view["tiles"] if t.get("called")]
    assert [(t["code"], t["seat"], t["role"]) for t in called] == [("5z", "E", "river")]
