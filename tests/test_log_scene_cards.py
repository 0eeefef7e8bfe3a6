"""``show: card`` and ``show: result`` in a ``log:`` scene: the seat to move's problem card and the
round's win beside its score card, drawn byte for byte as ``tiles log --card`` / ``--result`` draws
them, in tiles build, tiles scene, tiles batch and Python-Markdown, checked by tiles lint at the
field; and ``tiles log --view``'s JSON hiding the hands the picture hides."""

from __future__ import annotations

import html
import json
import pathlib
import re
import shutil

import pytest

from service.cli import main
from service.pictures.batch import Batch
from tests import record_games

HARD = pathlib.Path(__file__).resolve().parent.parent / "docs" / "games" / "hard-cases.json"
CARD = "log: games/g.json\nround: 3\nseat: 1\nturn: 4\nshow: card\n"
RESULT = "log: games/hard.json\nround: 1\nshow: result\n"


@pytest.fixture
def site(tmp_path):
    """docs/ with the random game (g.json) and the hard cases (hard.json: a double ron in round 1)."""
    docs = tmp_path / "docs"
    (docs / "games").mkdir(parents=True)
    (docs / "games" / "g.json").write_text(record_games.to_tenhou6(record_games.game(23, 4)), encoding="utf-8")
    shutil.copy(HARD, docs / "games" / "hard.json")
    return docs


def page(yaml: str) -> str:
    return f"# A game\n\n```tiles-scene\n{yaml}```\n"


def drawn_by_tiles_log(site, tmp_path, ext, *argv) -> bytes:
    out = tmp_path / f"log.{ext}"
    assert main(["log", *argv, "-o", str(out)]) == 0
    return out.read_bytes()


@pytest.mark.parametrize("yaml, argv, alt", [
    (CARD, ["g.json", "--round", "3", "--seat", "1", "--turn", "4", "--card"], "Problem: East 3 · 2 honba"),
    (RESULT, ["hard.json", "--round", "1", "--result"], "Result: East 1 · South ron from East"),
    ("log: games/hard.json\nround: 1\nstart: true\nshow: card\n", ["hard.json", "--round", "1", "--start", "--card"],
     "Problem: East 1 · East seat · Turn 1"),
    ("log: games/hard.json\nround: 4\nshow: table\nresult: true\n", ["hard.json", "--round", "4", "--result"],
     "Table: East 3"),  # an abortive draw: tiles log --result draws the table at its end
])
def test_tiles_build_draws_what_tiles_log_draws(yaml, argv, alt, site, tmp_path, capsys):
    (site / "page.md").write_text(page(yaml), encoding="utf-8")
    out = tmp_path / "img"
    assert main(["build", str(site), "--out", str(out), "--jobs", "1"]) == 0
    (entry,) = json.loads((out / "manifest.json").read_text())["images"].values()
    argv[0] = str(site / "games" / argv[0])
    assert (out / entry["1x"]).read_bytes() == drawn_by_tiles_log(site, tmp_path, "png", *argv)
    assert (out / entry["2x"]).read_bytes() == drawn_by_tiles_log(site, tmp_path, "png", *argv, "--scale", "2")
    assert entry["alt"].startswith(alt), entry["alt"]
    scene = site / "m.yaml"  # tiles scene: the record beside the YAML file; the SVG as tiles log's
    scene.write_text(yaml, encoding="utf-8")
    assert main(["scene", str(scene), "-o", str(tmp_path / "scene.svg"), "--lang", "ja"]) == 0
    assert (tmp_path / "scene.svg").read_bytes() == drawn_by_tiles_log(site, tmp_path, "svg", *argv, "--lang", "ja")


def test_the_card_is_the_seat_to_move_and_the_result_both_winners(site, tmp_path, capsys):
    scene = site / "card.yaml"
    scene.write_text(CARD, encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    card = json.loads(capsys.readouterr().out)
    state = json.loads(_log_json(capsys, site / "games" / "g.json", "--round", "3", "--seat", "1", "--turn", "4"))
    mover = (1 + 1) % 4  # the next seat draws after seat 1's discard (no call in this random game's round 3)
    assert card["alt"].startswith(f"Problem: East 3 · 2 honba · {'ESWN'[(mover - state['dealer']) % 4]}")
    assert [t["role"] for t in card["tiles"]].count("drawn") == 1
    scene.write_text(RESULT, encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["alt"].count("Result: East 1") == 2 and result["alt"].count("(agrees)") == 2
    assert {t["role"] for t in result["tiles"]} == {"result"} and len(result["tiles"]) > 28


def _log_json(capsys, record, *argv) -> str:
    capsys.readouterr()
    assert main(["log", str(record), *argv, "--json"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("yaml, where, message", [
    ("log: games/g.json\nround: 1\nstart: true\nshow: hand\n", "7:7", "show: show is table, card "),
    ("log: games/g.json\nround: 1\nstep: 3\nshow: result\n", "7:7", "show: show: result draws the round's end, and step"),
    ("log: games/g.json\nround: 1\nresult: true\nshow: card\n", "7:7", "show: show: card draws the seat to move"),
    ("log: games/g.json\nround: 1\nstart: true\nshow: card\nview: 2\n", "8:7", "view: view draws the table from a seat"),
    ("log: games/g.json\nround: 1\nshow: result\nreveal: true\n", "7:9", "reveal: reveal turns a table's hands"),
    ("log: games/hard.json\nround: 4\nshow: result\n", "6:7", "show: round E3 ends in an abortive draw: no win"),
    ("log: games/hard.json\nround: 4\nstep: 8\nshow: card\n", "7:7", "show: no seat draws after step 8"),
])
def test_lint_puts_a_bad_show_at_its_field(yaml, where, message, site, capsys):
    (site / "page.md").write_text(page(yaml), encoding="utf-8")
    assert main(["lint", str(site)]) == 1
    err = capsys.readouterr()
    assert f"page.md:{where}: {message}" in err.out + err.err, err.out + err.err


def test_lint_passes_cards_and_results(site, capsys):
    (site / "page.md").write_text(page(CARD) + "\n" + page(RESULT), encoding="utf-8")
    assert main(["lint", str(site)]) == 0


def test_tiles_batch_and_markdown_draw_a_result(site, tmp_path):
    (site / "page.md").write_text(page(RESULT), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    answer = Batch(out).answer({"id": 1, "path": str(site / "page.md"), "line": 4, "column": 1, "scene": RESULT})
    assert answer["ok"] and answer["alt"].startswith("Result: East 1")
    assert all((out / f).exists() for f in answer["images"][0]["files"].values())
    bad = Batch(out).answer({"id": 2, "path": str(site / "page.md"), "line": 4, "column": 1,
                             "scene": RESULT.replace("round: 1", "round: 4")})
    assert not bad["ok"] and bad["errors"][0]["line"] == 6 and "no win to draw" in bad["errors"][0]["message"]
    markdown = pytest.importorskip("markdown")
    text = markdown.markdown(page(CARD) + "\n" + page(RESULT), extensions=["tiles", "fenced_code"],
                             extension_configs={"tiles": {"page": str(site / "page.md")}})
    labels = [html.unescape(a) for a in re.findall(r'<svg role="img" aria-label="([^"]+)"', text)]
    assert [a.split(":")[0] for a in labels] == ["Problem", "Result"]


def test_the_json_of_a_view_hides_what_the_picture_hides(site, capsys):
    record = site / "games" / "g.json"
    moment = ("--round", "3", "--seat", "1", "--turn", "4")
    everything = json.loads(_log_json(capsys, record, *moment))
    seen = json.loads(_log_json(capsys, record, *moment, "--view", "1"))
    assert json.loads(_log_json(capsys, record, *moment, "--view", "1", "--reveal", "all")) == everything
    scene = site / "m.yaml"  # the picture of the same moment and view
    scene.write_text("log: games/g.json\nround: 3\nseat: 1\nturn: 4\nview: 1\n", encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    faces = [t for t in json.loads(capsys.readouterr().out)["tiles"] if t["role"] == "hand"]
    for n, (mine, all_of) in enumerate(zip(seen["seats"], everything["seats"])):
        wind = "ESWN"[(n - everything["dealer"]) % 4]
        shown = sorted(t["code"] for t in faces if t["seat"] == wind)
        if n == 1:
            assert mine == all_of and "?" not in mine["hand"]
            assert shown == sorted(all_of["hand"])  # the picture's face-up tiles are the JSON's
        else:
            assert mine["hand"] == ["?"] * len(all_of["hand"]) == ["?"] * len(shown) and set(shown) == {"x"}
            assert mine["melds"] == all_of["melds"] and mine["river"] == all_of["river"]
            assert mine["notation"].split("+")[0] == "x" * len(all_of["hand"])
    assert {k: v for k, v in seen.items() if k != "seats"} == {k: v for k, v in everything.items() if k != "seats"}
    capsys.readouterr()
    assert main(["log", str(record), *moment, "--view", "1"]) == 0  # the text lines too
    lines = capsys.readouterr().out.splitlines()[1:]
    assert [line.split()[3] for line in lines] == [s["notation"] or "-" for s in seen["seats"]]


def test_the_docs_examples_draw_what_they_say(tmp_path, capsys):
    """docs/logs.md's ``show:`` examples read beside the page: the card of ``--start --card``, then the double ron."""
    from service.pictures.scene_blocks import SceneBlock, read_block

    docs = HARD.parent.parent / "logs.md"
    examples = [b for b in re.findall(r"```yaml\n(.*?)```", docs.read_text(encoding="utf-8"), re.S) if "show:" in b]
    assert len(examples) == 2
    card, result = (read_block(SceneBlock(str(docs), 1, 0, b)) for b in examples)
    assert card[1] is None and result[1] is None
    assert (card[0].seat, card[0].turn, card[0].drawn.code) == ("E", 1, "5z")  # East drew the White it declared riichi with
    assert [(w["seat"], w["from"]) for w in result[0].winners] == [(1, 0), (2, 0)]


def test_mkdocs_and_sphinx_draw_cards_and_results(site):
    """The MkDocs plugin and the Sphinx directive (MyST and reST) draw both, and stop at a bad show."""
    import subprocess
    import sys

    pytest.importorskip("mkdocs")
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    (site / "page.md").write_text(page(CARD) + "\n" + page(RESULT), encoding="utf-8")
    (site / "index.md").write_text("# Home\n", encoding="utf-8")
    (site.parent / "mkdocs.yml").write_text("site_name: Logs\nplugins:\n  - tiles\n"
                                            "markdown_extensions: [pymdownx.superfences]\n", encoding="utf-8")

    def mkdocs():
        return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", "site"],
                              cwd=site.parent, capture_output=True, text=True, timeout=600)

    run = mkdocs()
    assert run.returncode == 0, run.stderr
    built = (site.parent / "site" / "page" / "index.html").read_text(encoding="utf-8")
    alts = re.findall(r'<img src="[^"]+"[^>]* alt="([^"]+)"[^>]*class="tiles tiles-scene', built)
    kinds = [html.unescape(a).split(":")[0] for a in alts]  # a picture a theme
    assert list(dict.fromkeys(kinds)) == ["Problem", "Result"], alts
    (site / "page.md").write_text(page(CARD.replace("show: card", "show: cards")), encoding="utf-8")
    run = mkdocs()
    assert run.returncode != 0 and "page.md:8:7: show: show is table, card" in run.stderr, run.stderr

    (site / "index.md").unlink()
    (site / "index.rst").write_text("Logs\n====\n\n.. toctree::\n\n   page\n\n.. tiles-scene::\n\n"
                                    + "".join(f"   {line}\n" for line in RESULT.splitlines()), encoding="utf-8")
    (site / "page.md").write_text(page(CARD).replace("```tiles-scene", "```{tiles-scene}"), encoding="utf-8")
    (site / "conf.py").write_text('extensions = ["myst_parser", "service.sphinx"]\n'
                                  'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(site), str(site / "_build")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    for name, kind in (("index.html", "Result"), ("page.html", "Problem")):
        built = (site / "_build" / name).read_text(encoding="utf-8")
        alts = re.findall(r'alt="([^"]+)"[^>]*class="tiles tiles-scene', built)
        assert alts and all(html.unescape(a).startswith(f"{kind}: East") for a in alts), (name, alts)
