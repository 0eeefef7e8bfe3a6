"""``log:`` in scene YAML: a game record's moment drawn as a table in every stack (Python-Markdown,
MkDocs, Sphinx, tiles build, tiles batch, tiles scene), checked by tiles lint at file:line:col, and
refused over HTTP. The record is tests/record_games.py's random game, as tenhou.net/6 JSON."""

from __future__ import annotations

import hashlib
import html
import json
import re
import subprocess
import sys

import pytest

from service.cli import main
from service.pictures.batch import Batch
from tests import record_games

MOMENT = "log: games/g.json\nround: 3\nseat: 1\nturn: 4\n"
PAGE = f"# A game\n\n```tiles-scene\n{MOMENT}```\n"


@pytest.fixture(scope="module")
def game():
    return record_games.game(23, 4)


@pytest.fixture
def site(tmp_path, game):
    """docs/page.md with a log: block, the record in docs/games/g.json."""
    docs = tmp_path / "docs"
    (docs / "games").mkdir(parents=True)
    (docs / "games" / "g.json").write_text(record_games.to_tenhou6(game), encoding="utf-8")
    (docs / "page.md").write_text(PAGE, encoding="utf-8")
    return docs


def key_of(record) -> str:
    """The manifest key of PAGE's block: its YAML, and its record's hash."""
    return f"scene:{MOMENT.strip()}?record={hashlib.sha256(record.read_bytes()).hexdigest()[:16]}"


def state_of(record, *args):
    """`tiles log`'s own state of the moment: what the picture must show."""
    out = subprocess.run([sys.executable, "-m", "service.cli", "log", str(record), *args, "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_tiles_build_draws_the_moment_as_tiles_log_draws_it(site, tmp_path, capsys):
    out = tmp_path / "img"
    assert main(["build", str(site), "--out", str(out), "--jobs", "1"]) == 0
    manifest = json.loads((out / "manifest.json").read_text())
    entry = manifest["images"][key_of(site / "games" / "g.json")]
    drawn = tmp_path / "log.png"
    assert main(["log", str(site / "games" / "g.json"), "--round", "3", "--seat", "1", "--turn", "4",
                 "-o", str(drawn)]) == 0
    assert (out / entry["1x"]).read_bytes() == drawn.read_bytes()
    state = state_of(site / "games" / "g.json", "--round", "3", "--seat", "1", "--turn", "4")
    assert entry["alt"].startswith("Table: East 3, 2 honba")
    assert len(state["seats"][1]["river"]) == 4  # just after seat 1's fourth discard
    assert all(f"{s['score']} points" in entry["alt"] for s in state["seats"])


def test_a_changed_record_is_a_new_picture(site, tmp_path, game):
    out = tmp_path / "img"
    assert main(["build", str(site), "--out", str(out), "--jobs", "1"]) == 0
    record = site / "games" / "g.json"
    before = json.loads((out / "manifest.json").read_text())["images"][key_of(record)]["1x"]
    other = record_games.game(23, 4)
    other[0].scores = [30000, 20000, 25000, 25000]  # a round before the one drawn: its bytes change
    record.write_text(record_games.to_tenhou6(other), encoding="utf-8")
    assert main(["build", str(site), "--out", str(out), "--jobs", "1"]) == 0
    after = json.loads((out / "manifest.json").read_text())["images"][key_of(record)]["1x"]
    assert after != before and (out / after).exists()


def test_the_same_yaml_beside_two_records_is_two_pictures(site, tmp_path, capsys):
    """Two folders, each with its own games/g.json: one block's YAML, two pictures, each page linked to its own."""
    other = site / "other"
    (other / "games").mkdir(parents=True)
    rounds = record_games.game(5, 4)
    (other / "games" / "g.json").write_text(record_games.to_tenhou6(rounds), encoding="utf-8")
    (other / "page.md").write_text(PAGE, encoding="utf-8")
    out = site / "img"
    assert main(["build", str(site), "--out", str(out), "--jobs", "1", "--link-md"]) == 0
    images = json.loads((out / "manifest.json").read_text())["images"]
    mine, theirs = images[key_of(site / "games" / "g.json")], images[key_of(other / "games" / "g.json")]
    assert mine["1x"] != theirs["1x"]
    assert f'src="img/{mine["2x"]}"' in (site / "page.md").read_text()
    assert f'src="../img/{theirs["2x"]}"' in (other / "page.md").read_text()


@pytest.mark.parametrize("yaml, where, message", [
    ("log: games/none.json\nround: 1\nstart: true\n", "4:6", "log: no game record at "),
    ("log: games/g.json\nround: 9\nstart: true\n", "5:8", "round: no round 9: the record has 4 (1-4)"),
    ("log: games/g.json\nround: S4\nstart: true\n", "5:8", "round: no round S4: the record's rounds are E1-1, E2, E3-2, E4"),
    ("log: games/g.json\nround: 1\nseat: 1\nturn: 29\n", "7:7", "turn: seat 1 has no discard 29"),
    ("log: games/g.json\nround: 1\nstep: 900\n", "6:7", "step: no step 900: the round has "),
    ("log: games/g.json\nround: 1\nturn: 2\n", "6:7", "turn: a turn needs its seat"),
    ("log: games/g.json\nround: 1\n", "4:1", "a log: scene needs its moment"),
    ("log: games/g.json\nround: 1\nstep: 2\nresult: true\n", "7:9", "result: one moment a scene: step and result"),
    ("log: games/g.json\nround: 1\nstart: true\nview: 4\n", "7:7", "view: must be a whole number from 0 to 3"),
    ("log: games/bad.json\nround: 1\nstart: true\n", "4:6", "log: "),
])
def test_lint_puts_a_bad_moment_at_its_field(yaml, where, message, site, capsys):
    (site / "games" / "bad.json").write_text('{"log": [[[0, 0, 0], [25000', encoding="utf-8")
    (site / "page.md").write_text(f"# A game\n\n```tiles-scene\n{yaml}```\n", encoding="utf-8")
    assert main(["lint", str(site)]) == 1
    err = capsys.readouterr()
    text = err.out + err.err
    assert f"page.md:{where}: {message}" in text, text


def test_lint_passes_a_good_moment(site, capsys):
    assert main(["lint", str(site)]) == 0


def test_a_round_by_its_name(site, tmp_path, capsys):
    """E3 is the record's one East 3 (E3-2): the same picture as its number."""
    scene = site / "m.yaml"
    names = []
    for rnd in ("3", "E3-2", "E3"):
        scene.write_text(MOMENT.replace("round: 3", f"round: {rnd}"), encoding="utf-8")
        assert main(["scene", str(scene), "-o", str(tmp_path / f"{rnd}.png")]) == 0
        names.append((tmp_path / f"{rnd}.png").read_bytes())
    assert names[0] == names[1] == names[2]


def test_the_record_is_relative_to_the_page(site, tmp_path, capsys, monkeypatch):
    (site / "sub").mkdir()
    (site / "sub" / "page.md").write_text(PAGE.replace("games/g.json", "../games/g.json"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["lint", "docs"]) == 0


def test_markdown_draws_a_log_block_inline(site):
    markdown = pytest.importorskip("markdown")
    out = markdown.markdown(PAGE, extensions=["tiles", "fenced_code"],
                            extension_configs={"tiles": {"page": str(site / "page.md")}})
    labels = re.findall(r'<svg role="img" aria-label="([^"]+)"', out)
    assert len(labels) == 1 and html.unescape(labels[0]).startswith("Table: East 3, 2 honba")


def test_markdown_names_a_missing_record_at_its_field(site):
    markdown = pytest.importorskip("markdown")
    from service.docs.markdown_ext import TilesError

    with pytest.raises(TilesError) as err:
        markdown.markdown(PAGE.replace("g.json", "x.json"), extensions=["tiles", "fenced_code"],
                          extension_configs={"tiles": {"page": str(site / "page.md")}})
    assert f"{site / 'page.md'}:4:6: log: no game record at" in str(err.value)


def test_tiles_batch_draws_a_log_block(site, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    answer = Batch(out).answer({"id": 1, "path": str(site / "page.md"), "line": 4, "column": 1, "scene": MOMENT})
    assert answer["ok"] and answer["scene"] and answer["alt"].startswith("Table: East 3")
    assert all((out / f).exists() for f in answer["images"][0]["files"].values())
    bad = Batch(out).answer({"id": 2, "path": str(site / "page.md"), "line": 4, "column": 1,
                             "scene": MOMENT.replace("turn: 4", "turn: 29")})
    assert not bad["ok"] and bad["errors"][0]["line"] == 7 and "has no discard 29" in bad["errors"][0]["message"]


def test_post_batch_refuses_a_log_scene_with_a_400(site):
    from service.http import create_app

    client = create_app().test_client()
    r = client.post("/batch", json={"id": 1, "path": str(site / "page.md"), "line": 4, "column": 1, "scene": MOMENT})
    assert r.status_code == 400
    message = json.dumps(r.json)
    assert "log: scene reads a game record file" in message and "over HTTP reads no files" in message
    r = client.get("/scene.png", query_string={"s": MOMENT})
    assert r.status_code == 400 and "cannot be read here" in r.json["error"]["message"]


def test_tiles_scene_reads_the_record_beside_the_yaml(site, tmp_path, capsys):
    scene = site / "moment.yaml"
    scene.write_text(MOMENT, encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["alt"].startswith("Table: East 3")
    scene.write_text(MOMENT.replace("round: 3", "round: 7"), encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 2
    assert "moment.yaml:2:8: round: no round 7" in capsys.readouterr().err


def test_a_view_hides_the_other_hands(site, capsys):
    scene = site / "moment.yaml"
    scene.write_text(MOMENT + "view: 1\n", encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    hidden = json.loads(capsys.readouterr().out)
    state = state_of(site / "games" / "g.json", "--round", "3", "--seat", "1", "--turn", "4")
    dealer = state["dealer"]
    backs = [t["seat"] for t in hidden["tiles"] if t["role"] == "hand" and t["code"] == "x"]
    for n, seat in enumerate(state["seats"]):  # every hand but the view's, face down
        wind = "ESWN"[(n - dealer) % 4]
        assert backs.count(wind) == (0 if n == 1 else len(seat["hand"]))
    scene.write_text(MOMENT + "view: 1\nreveal: true\n", encoding="utf-8")
    assert main(["scene", str(scene), "--json"]) == 0
    assert not [t for t in json.loads(capsys.readouterr().out)["tiles"] if t["role"] == "hand" and t["code"] == "x"]


def build_mkdocs(root):
    (root / "mkdocs.yml").write_text("site_name: Logs\nplugins:\n  - tiles\nmarkdown_extensions: [pymdownx.superfences]\n",
                                     encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", "site"],
                          cwd=root, capture_output=True, text=True, timeout=600)


def test_mkdocs_draws_a_log_block(site):
    pytest.importorskip("mkdocs")
    (site / "index.md").write_text("# Home\n", encoding="utf-8")
    run = build_mkdocs(site.parent)
    assert run.returncode == 0, run.stderr
    page = (site.parent / "site" / "page" / "index.html").read_text(encoding="utf-8")
    alts = re.findall(r'<img src="[^"]+"[^>]* alt="([^"]+)"[^>]*class="tiles tiles-scene', page)
    assert alts and all(html.unescape(a).startswith("Table: East 3") for a in alts)
    (site / "page.md").write_text(PAGE.replace("turn: 4", "turn: 29"), encoding="utf-8")
    run = build_mkdocs(site.parent)
    assert run.returncode != 0 and "page.md:7:7: turn: seat 1 has no discard 29" in run.stderr


def test_sphinx_draws_a_log_directive_in_myst_and_rst(site):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    (site / "index.rst").write_text("Logs\n====\n\n.. toctree::\n\n   page\n\n.. tiles-scene::\n\n"
                                    + "".join(f"   {line}\n" for line in MOMENT.splitlines()), encoding="utf-8")
    (site / "page.md").write_text(PAGE.replace("```tiles-scene", "```{tiles-scene}"), encoding="utf-8")
    (site / "conf.py").write_text('extensions = ["myst_parser", "service.sphinx"]\n'
                                  'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n', encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(site), str(site / "_build")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    for name in ("index.html", "page.html"):
        page = (site / "_build" / name).read_text(encoding="utf-8")
        alts = re.findall(r'alt="([^"]+)"[^>]*class="tiles tiles-scene', page)
        assert alts and all(html.unescape(a).startswith("Table: East 3") for a in alts), name
