"""A scene's notation fields get the warning a tag's notation gets when a segment read as a meld is
none (service/notation/misreads.py), at the field's file:line:col in tiles lint, tiles build,
tiles batch and the Markdown extension."""

from __future__ import annotations

import logging

import pytest

from service.docs import lint
from service.notation.scene import read_scene

# A problem hand whose '22z' is a pair after a space: here a meld, in another tool a gap.
SPACED_CARD = "problem:\n  round: E1\n  seat: S\n  dora: 3m\n  hand: 3456m 1111p 678s 22z+4p\n"
CLEAN_CARD = "problem:\n  round: E1\n  seat: S\n  dora: 3m\n  hand: 3456m111p678s22z5s+4p\n"
# A table whose East seat's melds hold a pair, and whose South seat is written right.
TABLE = ("table:\n  round: S2\n  seats:\n    E: {hand: 10, melds: '-123m 55z'}\n"
         "    S: {hand: 7, melds: '-456p 777z x11xs'}\n")
CLEAN_TABLE = "table:\n  round: S2\n  seats:\n    E: {hand: 10, melds: '-123m 555z'}\n"
HAND_MESSAGE = ("problem.hand: '22z' is read as a meld, but it is a pair, not a chi, pon or kan: a space or '+'"
                " starts a meld here; for one hand write 3456m1111p678s22z+4p, or x11xp for a concealed kan")
MELDS_MESSAGE = ("table.seats.E.melds: '55z' is read as a meld, but it is a pair, not a chi, pon or kan:"
                 " each segment of melds is one meld, and a space or '+' starts the next")


def page(*scenes: str) -> str:
    """A page with a heading, then each scene as a block, a blank line between."""
    return "# Scenes\n\n" + "\n".join(f"```tiles-scene\n{s}```\n" for s in scenes)


def test_read_scene_notes_the_warning_at_the_segment():
    card = read_scene(SPACED_CARD)
    assert [str(w) for w in card.warnings] == [f"5:26: {HAND_MESSAGE}"]
    table = read_scene(TABLE)
    assert [str(w) for w in table.warnings] == [f"4:33: {MELDS_MESSAGE}"]


def test_a_clean_scene_has_no_warning():
    assert read_scene(CLEAN_CARD).warnings == () and read_scene(CLEAN_TABLE).warnings == ()
    assert read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m 2m 3m}}}").warnings == ()  # no melds


def test_lint_warns_at_the_field_and_exits_0(tmp_path, capsys):
    doc = tmp_path / "a.md"
    doc.write_text(page(SPACED_CARD, TABLE, CLEAN_CARD), encoding="utf-8")
    problems = [str(p) for p in lint.lint_paths([str(tmp_path)])]
    # the card's body starts on line 4 of the page, the table's on line 12
    assert problems == [f"{doc}:8:26: warning: {HAND_MESSAGE}", f"{doc}:15:33: warning: {MELDS_MESSAGE}"]
    from service.cli import main

    assert main(["lint", str(tmp_path)]) == 0
    assert "0 error(s), 2 warning(s)" in capsys.readouterr().err


def test_lint_of_clean_scenes_says_nothing(tmp_path):
    (tmp_path / "a.md").write_text(page(CLEAN_CARD, CLEAN_TABLE), encoding="utf-8")
    assert lint.lint_paths([str(tmp_path)]) == []


def test_a_scene_that_cannot_be_drawn_gives_its_error_only(tmp_path):
    bad = SPACED_CARD.replace("E1", "E9")
    (tmp_path / "a.md").write_text(page(bad), encoding="utf-8")
    assert [p.warning for p in lint.lint_paths([str(tmp_path)])] == [False]


def test_a_block_in_a_blockquote_is_warned_at_its_column(tmp_path):
    doc = tmp_path / "a.md"
    quoted = "".join(f"> {line}\n" for line in f"```tiles-scene\n{TABLE}```".split("\n"))
    doc.write_text(quoted, encoding="utf-8")
    assert [str(p) for p in lint.lint_paths([str(tmp_path)])] == [f"{doc}:5:35: warning: {MELDS_MESSAGE}"]


def test_tiles_build_prints_the_warning_and_draws(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(page(SPACED_CARD, CLEAN_TABLE), encoding="utf-8")
    assert main(["build", str(docs), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:1] == [f"{docs / 'a.md'}:8:26: warning: {HAND_MESSAGE}"]
    assert not [line for line in err[1:] if "warning" in line]
    assert (tmp_path / "out" / "manifest.json").exists()


def test_batch_sends_the_warning_to_remark_tiles(tmp_path):
    from service.pictures.batch import Batch

    batch = Batch(out=tmp_path, public_path="/tiles/")
    answer = batch.answer({"id": 1, "path": "p.mdx", "line": 4, "column": 1, "scene": TABLE})
    assert answer["ok"] and answer["warnings"] == [
        {"line": 7, "column": 33, "message": MELDS_MESSAGE, "warning": True}]
    assert batch.answer({"id": 2, "path": "p.mdx", "line": 4, "column": 1, "scene": CLEAN_TABLE})["warnings"] == []


def test_the_markdown_extension_logs_it(caplog):
    markdown = pytest.importorskip("markdown")
    with caplog.at_level(logging.WARNING, logger="tiles.markdown"):
        html = markdown.markdown(page(SPACED_CARD), extensions=["tiles"])
    assert "<img" in html or "<svg" in html
    assert f"<markdown>:8:26: warning: {HAND_MESSAGE}" in caplog.text


@pytest.mark.slow
def test_sphinx_logs_it_at_the_field_and_draws(tmp_path):
    pytest.importorskip("myst_parser")
    from tests.test_docs_scenes import build_sphinx

    run = build_sphinx(tmp_path, {"index.md": page(SPACED_CARD)})
    assert run.returncode == 0, run.stderr
    assert f"index.md:8:26: warning: {HAND_MESSAGE}" in run.stderr.replace("WARNING: ", "")
    assert "tiles-scene" in (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")


def test_tiles_scene_prints_it_at_the_file_line_col_and_draws(tmp_path, capsys):
    from service.cli import main

    (tmp_path / "card.yaml").write_text(SPACED_CARD, encoding="utf-8")
    assert main(["scene", str(tmp_path / "card.yaml"), "-o", str(tmp_path / "card.svg")]) == 0
    assert capsys.readouterr().err.splitlines() == [f"{tmp_path / 'card.yaml'}:5:26: warning: {HAND_MESSAGE}"]
    assert (tmp_path / "card.svg").read_text(encoding="utf-8").startswith("<svg")
    (tmp_path / "clean.yaml").write_text(CLEAN_CARD, encoding="utf-8")
    assert main(["scene", str(tmp_path / "clean.yaml"), "-o", str(tmp_path / "clean.svg")]) == 0
    assert capsys.readouterr().err == ""


def test_the_json_views_carry_the_warnings():
    """GET /scene.json and a hand's .json say what tiles lint warns of; a clean one says nothing."""
    from urllib.parse import quote

    from service.http import create_app

    client = create_app().test_client()
    table = client.get("/scene.json?s=" + quote(TABLE)).json
    assert table["warnings"] == [{"message": MELDS_MESSAGE.split(": ", 1)[1], "field": "table.seats.E.melds",
                                  "line": 4, "column": 33}]
    card = client.get("/scene.json?s=" + quote(SPACED_CARD)).json["warnings"]
    assert [(w["field"], w["line"], w["column"]) for w in card] == [("problem.hand", 5, 26)]
    assert client.get("/scene.json?s=" + quote(CLEAN_CARD)).json["warnings"] == []
    spaced = client.get("/tiles/" + quote("3456m 1111p 678s 22z") + ".json").json["warnings"]
    assert [w["position"] for w in spaced] == [17] and "for one hand write 3456m1111p678s22z" in spaced[0]["message"]
    assert client.get("/tiles/3456m1111p678s22z.json").json["warnings"] == []
    # another tool's notation is read as that tool means it: no misread to warn of
    assert client.get("/tiles/" + quote("3456m 1111p 678s 22z") + ".json?dialect=merjong").json["warnings"] == []
