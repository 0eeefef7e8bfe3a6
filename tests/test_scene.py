"""Scenes: problem cards from YAML, their checks at field:line:col, layout, pictures, JSON and `tiles scene`."""

import io
import json
import xml.dom.minidom

import pytest
from PIL import Image

from service.cli import main
from service.drawing.scene import arrange_scene, render_scene, scene_json
from service.notation.options import RenderOptions
from service.notation.scene import SceneError, read_scene, situation

CARD = """\
problem:
  round: E1        # E1-E4, S1-S4
  seat: S
  turn: 7
  dora: 3m
  hand: 2345m067p34588s5z+4p
  answer: 5z
  scores: [25000, 25000, 25000, 25000]
"""


def card_with(**fields) -> str:
    lines = [line for line in CARD.splitlines() if line.split(":")[0].strip() not in fields]
    return "\n".join(lines + [f"  {k}: {v}" for k, v in fields.items()]) + "\n"


def test_problem_card_reads_every_field():
    card = read_scene(CARD)
    assert (card.round, card.seat, card.turn, card.honba) == ("E1", "S", 7, 0)
    assert [t.code for t in card.dora] == ["3m"] and card.drawn.code == "4p"
    assert card.answer.code == "5z" and card.scores == (25000,) * 4
    assert situation(card) == "East 1 · South seat · Turn 7"
    assert situation(read_scene(card_with(honba=2)), "ja") == "東1局・2本場・南家・7巡目"


@pytest.mark.parametrize("fields, where, message", [
    ({"hand": "2345m067p34588s+4p"}, (8, 9), "problem.hand: a problem hand holds 14 tiles with the drawn one "
                                             "(a meld counts 3, bonus tiles are set aside); this one holds 13"),
    ({"hand": "2345m067p34588s5z4p"}, (8, 28), "problem.hand: the hand ends with the drawn tile as its own segment"),
    ({"hand": "2345m067p3a588s5z+4p"}, (8, 19), "problem.hand: 'a' is not a suit letter"),
    ({"answer": "6s"}, (8, 11), "problem.answer: 6s is not in the hand"),
    ({"round": "E5"}, (8, 10), "problem.round: round must be a wind"),
    ({"seat": "X"}, (8, 9), "problem.seat: seat must be E, S, W or N"),
    ({"dora": "3mx"}, (8, 11), "problem.dora: dora indicators lie face up"),
    ({"turn": "99"}, (8, 9), "problem.turn: must be a whole number from 1 to 30"),
    ({"scores": "[1, 2]"}, (8, 11), "problem.scores: scores are four numbers"),
    ({"riichi": "yes"}, (9, 3), "problem.riichi: unknown field 'riichi'"),
])
def test_bad_fields_are_errors_at_their_path_and_line_col(fields, where, message):
    text = card_with(**fields)
    with pytest.raises(SceneError) as e:
        read_scene(text)
    err = e.value
    assert (err.line, err.col) == where, str(err)
    assert f"{err.field}: {err.message}".startswith(message)


def test_melds_count_three_and_kans_too():
    card = read_scene(card_with(hand="234m06p55s+-999s+5-5=55m+6p", answer="0p"))
    assert [g.kind for g in card.melds] == ["meld", "meld"]
    assert card.answer.code == "0p" and card.answer_index == 3  # the red five itself, not a plain one


@pytest.mark.parametrize("hand, bonus, role", [
    ("2345m067p34588s5z+1f+4p", ["1f"], "bonus"),
    ("2345m067p34588s5z+4p+1f5f", ["1f", "5f"], "bonus"),  # after the drawn tile: still set aside
    ("2345m067p345s+-111z+1234f+4p", ["1f", "2f", "3f", "4f"], "bonus"),
    ("1f2345m067p34588s5z+4p", ["1f"], "hand"),  # in the concealed segment
])
def test_bonus_tiles_are_set_aside_not_counted_toward_14(hand, bonus, role):
    card = read_scene(card_with(hand=hand, answer="4p"))
    assert card.drawn.code == "4p" and card.answer_index is None
    view = scene_json(card, RenderOptions())
    assert [(t["code"], t["role"]) for t in view["tiles"] if t["code"].endswith("f")] == [(b, role) for b in bonus]
    assert [t["code"] for t in view["tiles"] if t["role"] == "drawn" or t["role"] == "answer"] == ["4p"]
    with pytest.raises(SceneError, match="this one holds 15"):
        read_scene(card_with(hand=hand.replace("2345m", "22345m", 1)))
    with pytest.raises(SceneError, match="problem.answer: 1f is a bonus tile: set aside, never discarded"):
        read_scene(card_with(hand=hand, answer="1f"))


def test_yaml_syntax_error_is_positioned():
    with pytest.raises(SceneError) as e:
        read_scene("problem:\n  round: [E1\n")
    assert e.value.line >= 2 and "not valid YAML" in str(e.value)


def test_layout_puts_the_drawn_tile_apart_labelled_and_lifts_the_answer():
    sl = arrange_scene(read_scene(CARD), RenderOptions())
    by_role = {}
    for t in sl.tiles:
        by_role.setdefault(t.role, []).append(t.placement)
    hand, (drawn,), (answer,), dora = by_role["hand"], by_role["drawn"], by_role["answer"], by_role["dora"]
    assert len(hand) == 12 and [p.tile.code for p in dora] == ["3m", "x", "x", "x", "x"]
    right = max(p.x + p.w for p in hand + [answer])
    assert drawn.x > right  # apart from the hand
    assert answer.y < hand[0].y  # lifted
    draw = next(lab for lab in sl.layout.labels if lab.text == "Draw")
    assert draw.x == drawn.x and draw.y < answer.y
    assert max(p.y for p in dora) + dora[0].h < answer.y  # the strip above the hand
    assert all(t.seat == "S" for t in sl.tiles if t.role != "dora")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_png_is_the_layout_size_times_the_scale(theme):
    card = read_scene(CARD)
    opts = RenderOptions(scale=2, theme=theme)
    img = Image.open(io.BytesIO(render_scene(card, opts)))
    view = scene_json(card, opts)
    assert img.size == (view["width"] * 2, view["height"] * 2)


@pytest.mark.parametrize("scene", ["card", "table", "dora"])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_scene_png_is_a_palette_picture_within_the_bound(scene, theme):
    """Scenes carry text and shapes besides faces; their PNG is fitted to the drawn picture
    (about a third of the exact bytes) and keeps the palette's quality bound against it."""
    import numpy as np
    from dataclasses import replace

    from service.drawing.palette import QUALITY_BOUND, premultiply
    from service.drawing.render import render
    from service.notation.grammar import parse
    from tests.test_table import TABLE

    opts = RenderOptions(scale=2, theme=theme)
    if scene == "dora":  # a hand with a labelled dora strip
        opts = replace(opts, dora="3m")
        draw = lambda o: render(parse("123m456p789s1122z"), o)  # noqa: E731
    else:
        card = read_scene(CARD if scene == "card" else TABLE)
        draw = lambda o: render_scene(card, o)  # noqa: E731
    data, exact = draw(opts), draw(replace(opts, exact=True))
    img, ref = Image.open(io.BytesIO(data)), Image.open(io.BytesIO(exact))
    assert (img.mode, ref.mode, img.size) == ("P", "RGBA", ref.size)
    assert len(data) < 0.5 * len(exact)
    a, b = (premultiply(np.asarray(i.convert("RGBA")).reshape(-1, 4)) for i in (img, ref))
    err = np.abs(a - b).max(axis=1)
    assert err.mean() <= QUALITY_BOUND[0] and np.percentile(err, 99) <= QUALITY_BOUND[1]
    # WebP from the same colours, as a hand's: of the exact picture it took 1.4-3x the bytes and up to 4x the time
    webp = draw(replace(opts, format="webp"))
    with Image.open(io.BytesIO(webp)) as lossless:
        assert lossless.format == "WEBP"
        assert lossless.convert("RGBA").tobytes() == img.convert("RGBA").tobytes()
    assert len(webp) < 0.8 * len(draw(replace(opts, format="webp", exact=True)))


def test_svg_names_the_answer_in_words():
    svg = render_scene(read_scene(CARD), RenderOptions(format="svg", theme="auto")).decode()
    title = xml.dom.minidom.parseString(svg).getElementsByTagName("title")[0].firstChild.data
    assert title.startswith("Problem: East 1 · South seat · Turn 7; dora indicator: 3m; Hand: 2m")
    assert title.endswith("; drawn tile: 4p; Discard White")


def test_cli_scene_writes_the_image_and_prints_json(tmp_path, capsys):
    src = tmp_path / "card.yaml"
    src.write_text(CARD, encoding="utf-8")
    out = tmp_path / "card.png"
    assert main(["scene", str(src), "-o", str(out), "--json", "--scale", "2"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert set(view) == {"width", "height", "alt", "tiles", "warnings"} and view["warnings"] == []
    assert Image.open(out).size == (view["width"] * 2, view["height"] * 2)
    tile = view["tiles"][0]
    assert set(tile) == {"code", "x", "y", "w", "h", "rotation", "seat", "role", "sideways"}
    assert {t["role"] for t in view["tiles"]} == {"hand", "drawn", "answer", "dora"}
    assert [t["code"] for t in view["tiles"] if t["role"] == "dora"] == ["3m", "x", "x", "x", "x"]


def test_cli_scene_error_is_file_line_col_field(tmp_path, capsys):
    src = tmp_path / "bad.yaml"
    src.write_text(card_with(answer="6s"), encoding="utf-8")
    assert main(["scene", str(src), "--json"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"{src}:8:11: problem.answer: 6s is not in the hand: the answer is a tile the player can discard")


# -- ```tiles-scene blocks in docs: tiles lint and tiles build stop at file:line:col -----------------

PAGE = """\
# Problems

Some text, and a hand <Tiles notation="123m" />.

```tiles-scene
problem:
  round: E1
  seat: S
  dora: 3m
  hand: 2345m067p34588s5z+4p
  answer: 6s
```

```yaml
problem: {not: checked}
```
"""


def test_lint_finds_a_bad_scene_block_at_file_line_col(tmp_path, capsys):
    page = tmp_path / "p.md"
    page.write_text(PAGE, encoding="utf-8")
    assert main(["lint", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{page}:11:11: problem.answer: 6s is not in the hand: the answer is a tile the player can discard"]
    page.write_text(PAGE.replace("answer: 6s", "answer: 5z"), encoding="utf-8")
    assert main(["lint", str(tmp_path)]) == 0


def test_build_stops_on_a_bad_scene_block(tmp_path, capsys):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "p.mdx").write_text(PAGE, encoding="utf-8")
    assert main(["build", str(tmp_path / "docs"), "--out", str(tmp_path / "out")]) == 1
    assert "p.mdx:11:11: problem.answer" in capsys.readouterr().err
    assert not (tmp_path / "out" / "manifest.json").exists()


def test_a_picture_past_the_quantized_bound_stays_exact(monkeypatch):
    """Only a build draws a scene larger than the service's limit (a table at 256 px, 3x);
    its palette fit is not tried there (the sort alone would cost seconds and GBs)."""
    from service.drawing import indexed

    card = read_scene(CARD)
    opts = RenderOptions(scale=1)
    assert Image.open(io.BytesIO(render_scene(card, opts))).mode == "P"
    monkeypatch.setattr(indexed, "QUANTIZED_MAX_PIXELS", 1000)
    assert Image.open(io.BytesIO(render_scene(card, opts))).mode == "RGBA"


@pytest.mark.parametrize("example", ["card.yaml", "table.yaml"])
def test_the_json_view_names_the_faces_the_ceiling_counts(example):
    """Issue 42 item 12: the playground counted one face for a scene (the view said nothing of lying
    or dimmed tiles), so it offered a 3x image the service refuses."""
    from pathlib import Path

    from service.layout.limits import distinct_faces

    card = read_scene((Path(__file__).parents[1] / "examples" / example).read_text(encoding="utf-8"))
    options = RenderOptions()
    sl = arrange_scene(card, options)
    view = scene_json(card, options, sl)
    faces = {(t["code"], t["sideways"], t.get("tsumogiri", False)) for t in view["tiles"]}
    assert len(faces) == distinct_faces(sl.layout)
    assert any(t["sideways"] for t in view["tiles"]) == (example == "table.yaml")  # its riichi and calls
    if example == "table.yaml":
        assert any(t.get("tsumogiri") for t in view["tiles"])
