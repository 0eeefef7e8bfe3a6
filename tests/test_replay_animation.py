"""tiles replay: a round as an APNG, GIF or WebP animation, its frames, delays, sizes and markup.

The rounds are tests/record_games.py's random legal games (written as tenhou.net/6 and mjai);
what a frame must show is counted from the generator's own events, not from service.records.
"""

from __future__ import annotations

import io
import re
import struct

import numpy as np
import pytest
from PIL import Image, ImageSequence

from service.cli import main
from service.drawing.animation import COLOURS, Frame, animate, apng_frames, frame_images, indexed_frames
from service.notation.options import RenderOptions
from service.notation.scene import read_scene
from tests import record_games
from tile_art.theme import get_theme

CALLS = ("chi", "pon", "daiminkan", "kakan", "ankan")
ENDS = ("win", "ryukyoku", "abortive")
SEED, ROUND = 23, 3  # a whole round: 75 discards, five calls, an exhaustive draw
LIMIT = 400 * 1024


@pytest.fixture(scope="module")
def game():
    return record_games.game(SEED, 4)


@pytest.fixture(scope="module")
def record(game, tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "game.json"
    path.write_text(record_games.to_tenhou6(game), encoding="utf-8")
    return path


def expected_frames(rnd, delay=700):
    """(delay, what) of every frame, from the generator's events: the start, each discard and call, the end."""
    out = [(delay, "start")]
    for ev in rnd.events:
        if ev[0] == "discard":
            out.append((round(delay * 2.5) if ev[4] else delay, "riichi" if ev[4] else "discard"))
        elif ev[0] in CALLS:
            out.append((round(delay * 2.5), "call"))
        elif ev[0] in ENDS:
            out.append((delay * 5, "end"))
    return out


@pytest.fixture(scope="module")
def drawn(record, tmp_path_factory):
    """The round in each format, with its still and the --html markup."""
    out = tmp_path_factory.mktemp("drawn")
    files = {}
    for fmt in ("png", "gif", "webp"):
        files[fmt] = out / f"round.{fmt}"
    assert main(["replay", str(record), "--round", str(ROUND), "-o", str(files["webp"]), "--still",
                 str(out / "still.png")]) == 0
    for fmt in ("png", "gif"):
        assert main(["replay", str(record), "--round", str(ROUND), "-o", str(files[fmt])]) == 0
    return files, out / "still.png"


def decoded(path):
    with Image.open(path) as im:
        return [(np.asarray(f.convert("RGB")), f.info.get("duration")) for f in ImageSequence.Iterator(im)]


@pytest.mark.parametrize("fmt", ["png", "gif", "webp"])
def test_a_frame_a_discard_or_call_with_its_delay(fmt, game, drawn):
    files, _ = drawn
    want = expected_frames(game[ROUND - 1])
    frames = decoded(files[fmt])
    assert len(frames) == len(want) == 1 + 75 + 5 + 1
    assert [d for _, d in frames] == [d for d, _ in want]
    assert {w for _, w in want} >= {"riichi", "call", "end"}  # the round has each kind of pause


@pytest.mark.parametrize("fmt", ["png", "gif", "webp"])
def test_a_whole_round_is_under_400_kib(fmt, drawn):
    files, _ = drawn
    assert files[fmt].stat().st_size < LIMIT, f"{fmt}: {files[fmt].stat().st_size // 1024} KiB"


def test_every_format_shows_the_same_frames(drawn):
    """Lossless: APNG, GIF and WebP decode to the same pixels, frame by frame."""
    files, _ = drawn
    png, gif, webp = (decoded(files[f]) for f in ("png", "gif", "webp"))
    for (a, _), (b, _), (c, _) in zip(png, gif, webp):
        assert np.array_equal(a, b) and np.array_equal(a, c)


def test_apng_frames_store_only_what_changed(drawn):
    """After the first, each APNG frame is the box around the pixels that changed: outside it the
    decoded frame is the one before."""
    files, _ = drawn
    data = files["png"].read_bytes()
    boxes = apng_frames(data)
    frames = decoded(files["png"])
    full = boxes[0]["width"] * boxes[0]["height"]
    assert boxes[0]["x"] == boxes[0]["y"] == 0
    assert sum(b["width"] * b["height"] for b in boxes[1:]) / len(boxes[1:]) < full / 3
    for box, (before, _), (after, _) in zip(boxes[1:], frames, frames[1:]):
        changed = np.argwhere((before != after).any(axis=2))
        assert changed.size
        (y0, x0), (y1, x1) = changed.min(axis=0), changed.max(axis=0)
        assert box["x"] <= x0 and x1 < box["x"] + box["width"] and box["y"] <= y0 and y1 < box["y"] + box["height"]
    # the unchanged pixels of a frame's box are the transparent entry, laid over the frame before
    assert data.count(b"fcTL") == len(boxes) and COLOURS < 256


def test_the_still_is_the_last_frame(drawn):
    files, still = drawn
    last, _ = decoded(files["webp"])[-1]
    with Image.open(still) as im:
        assert not getattr(im, "is_animated", False)
        picture = np.asarray(im.convert("RGB")).astype(int)
    assert picture.shape == last.shape
    assert np.abs(picture - last).mean() < 2  # the animation's frames share a palette; the still is exact


def test_the_last_discard_is_outlined():
    """A frame's mark rings the marked seat's newest river tile, and nothing else."""
    scene = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 12m3p}, S: {hand: 13, river: 4s}}}")
    plain, marked = frame_images([Frame(scene, 500), Frame(scene, 500, mark="E")], RenderOptions(height=30))
    diff = np.argwhere((np.asarray(plain) != np.asarray(marked)).any(axis=2))
    assert diff.size
    from service.layout.arrange import arrange_scene

    sl = arrange_scene(scene, RenderOptions(height=30))
    tile = [t.placement for t in sl.tiles if t.role == "river" and t.seat == "E"][-1]
    (y0, x0), (y1, x1) = diff.min(axis=0), diff.max(axis=0)
    assert (tile.x, tile.y) <= (x0, y0) and x1 < tile.x + tile.w and y1 < tile.y + tile.h


def test_an_unchanged_frame_adds_its_delay_to_the_one_before():
    scene = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m}}}")
    data = animate([Frame(scene, 300), Frame(scene, 400)], RenderOptions(height=24), "png")
    assert [f["delay"] for f in apng_frames(data)] == [700]


def test_a_shared_palette_keeps_unchanged_pixels_the_same():
    a = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m}}}")
    b = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m9s}}}")
    images = frame_images([Frame(a, 1), Frame(b, 1)], RenderOptions(height=24))
    (i, j), _ = indexed_frames(images)
    same = (np.asarray(images[0]) == np.asarray(images[1])).all(axis=2)
    assert np.array_equal(i[same], j[same])


def test_delay_sets_every_pause(record, tmp_path, game):
    out = tmp_path / "r.png"
    assert main(["replay", str(record), "--round", "1", "--delay", "200", "-o", str(out)]) == 0
    assert [f["delay"] for f in apng_frames(out.read_bytes())] == [d for d, _ in expected_frames(game[0], 200)]


def test_a_view_hides_the_other_hands_until_the_end(record, tmp_path):
    from service.pictures.replay import replay_frames
    from service.records import read

    frames = replay_frames(read(record), 1, view=2)
    dealer = record_games.game(SEED, 4)[0].dealer
    mine = "ESWN"[(2 - dealer) % 4]
    first, last = frames[0].scene.seats, frames[-1].scene.seats
    assert [w for w, s in first.items() if s.hand is not None] == [mine]
    assert all(s.backs == 13 for w, s in first.items() if w != mine)
    assert all(s.hand is not None for s in last.values())  # the end shows every hand
    assert frames[0].scene.view == mine
    out = tmp_path / "v.png"
    assert main(["replay", str(record), "--round", "1", "--view", "2", "-o", str(out)]) == 0
    pictures = decoded(out)
    back = np.array(get_theme("light").back)
    near = [(np.abs(p.astype(int) - back).sum(axis=2) < 40).sum() for p, _ in (pictures[0], pictures[-1])]
    assert near[0] > 3 * near[1]  # three hands of backs at the start, none at the end


def test_html_gives_reduced_motion_readers_the_still(record, tmp_path, capsys, game):
    anim, still = tmp_path / "e.webp", tmp_path / "e.png"
    assert main(["replay", str(record), "--round", "1", "-o", str(anim), "--still", str(still), "--html"]) == 0
    html = capsys.readouterr().out.strip()
    m = re.fullmatch(r'<picture><source srcset="([^"]+)" media="\(prefers-reduced-motion: reduce\)">'
                     r'<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]+)"></picture>', html)
    assert m, html
    assert m.group(1) == str(still) and m.group(2) == str(anim)
    with Image.open(still) as im:
        assert im.size == (int(m.group(3)), int(m.group(4)))
    winner, source, han, fu, points = game[0].events[-1][1][0][:5]
    alt = m.group(5)
    assert alt.startswith("Replay of East 1")
    assert f"Seat {winner}" in alt and f"{points} points" in alt and f"{han} han {fu} fu" in alt
    assert ("by tsumo" if winner == source else f"by ron from seat {source}") in alt


def test_the_alt_text_of_a_draw(record, tmp_path, capsys):
    assert main(["replay", str(record), "--round", str(ROUND), "-o", str(tmp_path / "d.gif"), "--still",
                 str(tmp_path / "d.png"), "--html"]) == 0
    assert "75 discards, 5 calls. An exhaustive draw" in capsys.readouterr().out


def test_mjai_and_tenhou6_give_the_same_animation(game, record, tmp_path):
    mjai = tmp_path / "game.mjson"
    mjai.write_text(record_games.to_mjai(game), encoding="utf-8")
    a, b = tmp_path / "a.png", tmp_path / "b.png"
    assert main(["replay", str(record), "--round", "2", "-o", str(a)]) == 0
    assert main(["replay", str(mjai), "--round", "2", "-o", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize("args, message", [
    (["--round", "9"], "no round 9: the record has 4 (1-4)"),
    (["--round", "0"], "no round 0"),
    (["--round", "1", "--view", "5"], "no seat '5'"),
    (["--round", "1", "--delay", "5"], "--delay is 20-10000 ms, not 5"),
    (["--round", "1", "--html"], "--html shows the still"),
    (["--round", "1", "-o", "x.svg"], "x.svg: an animation is written as .png, .gif or .webp, not .svg"),
    (["--round", "1", "--height", "120", "--scale", "3"], "an animation's frames are at most 3 megapixels"),
    (["--round", "1", "--still", "s.gif"], "s.gif: the still is written as .png or .webp"),
])
def test_bad_options_exit_2_with_one_line(args, message, record, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["replay", str(record), *args]
    if "-o" not in args:
        argv += ["-o", "out.png"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err
    assert not (tmp_path / "out.png").exists()


def test_a_bad_record_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000]', encoding="utf-8")
    assert main(["replay", str(bad), "--round", "1", "-o", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert main(["replay", str(tmp_path / "none.json"), "--round", "1", "-o", str(tmp_path / "x.png")]) == 2
    assert "none.json" in capsys.readouterr().err


def test_apng_frames_reads_what_apng_writes():
    from service.drawing.animation import apng

    frames = [np.zeros((4, 5), np.uint8), np.zeros((4, 5), np.uint8)]
    frames[1][2, 3] = 1
    data = apng(frames, bytes(3 * COLOURS), [100, 250])
    assert apng_frames(data) == [{"width": 5, "height": 4, "x": 0, "y": 0, "delay": 100},
                                 {"width": 1, "height": 1, "x": 3, "y": 2, "delay": 250}]
    with Image.open(io.BytesIO(data)) as im:
        assert im.n_frames == 2
    assert struct.unpack(">I", data[data.index(b"acTL") + 4:][:4])[0] == 2


def test_docs_logs_shows_the_markup_tiles_replay_prints():
    """docs/logs.md's <picture> is what `tiles replay docs/games/replay.json --round 1 --html` prints
    (the Makefile's docs line draws its files)."""
    from pathlib import Path

    from service.pictures.replay import picture_html, replay_frames, round_alt
    from service.records import read

    root = Path(__file__).resolve().parents[1]
    game = read(root / "docs" / "games" / "replay.json")
    images = frame_images(replay_frames(game, 1), RenderOptions())
    want = picture_html("img/replay/east3.webp", "img/replay/east3.png", round_alt(game, 1), images[-1].size)
    assert want in (root / "docs" / "logs.md").read_text(encoding="utf-8").splitlines()
    assert "tiles replay games/replay.json --round 1 -o img/replay/east3.webp --still img/replay/east3.png" in \
        (root / "Makefile").read_text(encoding="utf-8")
