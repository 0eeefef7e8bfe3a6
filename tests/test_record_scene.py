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


def sideways_places(snap_step: int, r: record_games.Round) -> dict:
    """From the games' own events up to `snap_step`: each seat's open calls as (tile, place of the
    sideways tile: 0 from the left seat, 1 across, last from the right)."""
    out = {s: [] for s in range(4)}
    for ev in r.events[:snap_step]:
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
        for s, calls in sideways_places(len(r.events), r).items():
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
