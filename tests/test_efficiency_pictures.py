"""Issue 44 item 3: the acceptance table as a picture wherever a picture goes: ``layout=efficiency``
(URL, CLI, the JSON view), `<Tiles efficiency rows={N}>` (tiles build, tiles batch), the alt text
reading the table; its own cache key, and a hand with no table a 400 (or the tag's error) naming why."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from service.efficiency import efficiency
from service.layout.arrange import arrange, arranged_alt
from service.layout.efficiency_layout import efficiency_alt
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HAND = "123456789m12p355s"  # 14 tiles: discard 3s is best (tenpai on 3p)
WAIT = "123456789m12p35s"  # 13 tiles: one row, its own accepts


@pytest.fixture(scope="module")
def client():
    from service.http.app import create_app

    return create_app().test_client()


def size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        return img.size


def table(rows=None, **kw) -> RenderOptions:
    return RenderOptions(layout="efficiency", rows=rows, **kw)


def test_the_table_is_its_own_picture_with_its_own_key():
    plain, whole, two = RenderOptions(), table(), table(2)
    assert len({plain.key(), whole.key(), two.key()}) == 3
    assert table(2, format="svg").key() != two.key()
    hand = parse(HAND)
    lay = arrange(hand, two)
    assert lay.height < arrange(hand, whole).height and lay.width != arrange(hand, plain).width
    rows = efficiency(HAND)["discards"]
    assert lay.placements[0].tile.code == rows[0]["tile"]  # the best discard first
    assert len(lay.placements) == 2 + sum(len(r["accepts"]) for r in rows[:2])


@pytest.mark.parametrize("params", [{"rows": "0"}, {"rows": "35"}, {"rows": "x"}, {"score": "on"}, {"dora": "1m"}])
def test_a_bad_table_option_is_refused(params):
    with pytest.raises(Exception) as err:
        options = RenderOptions.from_query({"layout": "efficiency", **params})
        if "score" in params:
            from dataclasses import replace

            replace(options, score="on")
    assert next(iter(params)) in str(err.value)


@pytest.mark.parametrize("fmt, query", [("png", "scale=1"), ("png", "scale=2&theme=dark"), ("png", "scale=3"),
                                        ("webp", "scale=2"), ("svg", "theme=auto"), ("svg", "theme=dark")])
def test_a_url_draws_the_table_at_every_density_theme_and_format(client, fmt, query):
    r = client.get(f"/tiles/{HAND}.{fmt}?layout=efficiency&rows=3&{query}")
    assert r.status_code == 200, r.get_data(as_text=True)
    lay = arrange(parse(HAND), table(3))
    plain = client.get(f"/tiles/{HAND}.{fmt}?{query}")
    assert r.headers["ETag"] != plain.headers["ETag"]
    if fmt == "svg":
        text = r.get_data(as_text=True) if r.headers.get("Content-Encoding") != "gzip" else ""
        if text:
            assert f"<title>{efficiency_alt(efficiency(HAND), 3)}</title>" in text
        return
    scale = int(query.split("scale=")[1].split("&")[0])
    assert size(r.data) == (lay.width * scale, lay.height * scale)


def test_the_alt_text_reads_the_table():
    alt = arranged_alt(parse(HAND), table(2))
    assert alt.startswith("Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best). Discard 1p:")
    assert arranged_alt(parse(WAIT), table()).startswith("Tile acceptance, shanten 1. Draws: 6 kinds, 20 tiles:")
    assert arranged_alt(parse(HAND), RenderOptions()).startswith("Hand")


@pytest.mark.parametrize("notation, said", [
    ("123m", "a table needs 13 (to draw) or 14 (to discard)"),
    ("123456789m12p3s", "a table needs 13"),
    ("123456789m12p3sj", "a joker j in the hand"),
])
def test_a_hand_with_no_table_is_a_400_naming_why_never_a_500(client, notation, said):
    for fmt in ("png", "webp", "svg", "json"):
        r = client.get(f"/tiles/{notation}.{fmt}?layout=efficiency")
        assert r.status_code == 400, (fmt, r.get_data(as_text=True))
        assert said in r.get_json()["error"]["message"]


def test_the_json_view_measures_the_table_as_the_image_does(client):
    view = client.get(f"/tiles/{HAND}.json?layout=efficiency&rows=2").json
    lay = arrange(parse(HAND), table(2))
    assert view["layout"] == "efficiency" and (view["width"], view["height"]) == (lay.width, lay.height)
    assert view["description"] == efficiency_alt(efficiency(HAND), 2)


def test_the_table_stays_under_the_cost_ceiling(client):
    """Many kinds accepted: the table shows more faces than a 3x image may draw afresh; a 400 saying what
    to lower, never a 500, and fewer rows fit."""
    notation = "19m19p19s1234567z5m"  # thirteen orphans one away: every discard, 13 kinds
    refused = [s for s in (1, 2, 3) if client.get(f"/tiles/{notation}.png?layout=efficiency&scale={s}").status_code
               == 400]
    for s in refused:
        r = client.get(f"/tiles/{notation}.png?layout=efficiency&scale={s}")
        assert "lower height or scale" in r.get_json()["error"]["message"]
    assert client.get(f"/tiles/{notation}.png?layout=efficiency&rows=1&scale=3").status_code == 200


def cli(*args, check=True) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True, text=True,
                          timeout=120, check=check)


def test_tiles_render_draws_the_table(tmp_path):
    out = tmp_path / "t.png"
    cli("render", HAND, "--layout", "efficiency", "--rows", "2", "--scale", "2", "-o", str(out))
    lay = arrange(parse(HAND), table(2))
    assert size(out.read_bytes()) == (lay.width * 2, lay.height * 2)
    bad = cli("render", "123m", "--layout", "efficiency", "-o", str(out), check=False)
    assert bad.returncode != 0 and "a table needs 13" in bad.stderr and "Traceback" not in bad.stderr
    bad = cli("render", HAND, "--layout", "efficiency", "--rows", "0", "-o", str(out), check=False)
    assert bad.returncode != 0 and "rows must be a whole number from 1 to 34" in bad.stderr


def run_batch(out, requests) -> list[dict]:
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    run = subprocess.run([sys.executable, "-m", "service.cli", "batch", "--out", str(out)],
                         input=lines, capture_output=True, text=True, timeout=120, check=True)
    return sorted((json.loads(line) for line in run.stdout.splitlines()[1:]), key=lambda a: a["id"])


def test_tiles_batch_sizes_and_names_a_tags_table(tmp_path):
    tags = [f'<Tiles notation="{HAND}" efficiency rows={{2}} />', f'<Tiles notation="{HAND}" />',
            f'<Tiles notation="{HAND}" efficiency />', '<Tiles notation="123m" efficiency />']
    two, plain, whole, bad = run_batch(tmp_path, [{"id": i, "path": "a.mdx", "line": 1, "column": 1, "source": s}
                                                  for i, s in enumerate(tags)])
    lay = arrange(parse(HAND), table(2))
    assert (two["width"], two["height"]) == (lay.width, lay.height) and whole["height"] > two["height"]
    assert two["alt"] == efficiency_alt(efficiency(HAND), 2) and plain["alt"].startswith("Hand")
    assert len({two["images"][0]["src"], plain["images"][0]["src"], whole["images"][0]["src"]}) == 3
    with Image.open(tmp_path / two["images"][0]["src"]) as img:
        assert img.size == (lay.width, lay.height)
    assert bad["ok"] is False and "a table needs 13" in bad["errors"][0]["message"]


def test_tiles_build_writes_each_table_under_its_own_manifest_key(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.mdx").write_text(f'<Tiles notation="{HAND}" efficiency rows={{2}} />\n'
                                             f'<Tiles notation="{HAND}" />\n')
    run = cli("build", str(tmp_path / "docs"), "--out", str(tmp_path / "out"), check=False)
    assert run.returncode == 0, run.stderr
    images = json.loads((tmp_path / "out" / "manifest.json").read_text())["images"]
    assert set(images) == {f"{HAND}?layout=efficiency&rows=2", HAND}
    assert images[f"{HAND}?layout=efficiency&rows=2"]["alt"].startswith("Tile acceptance, shanten 0.")


def test_a_table_that_cannot_be_made_is_the_tags_error_in_lint_and_build(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.mdx").write_text('<Tiles notation="123m" efficiency />\n\n'
                                             f'<Tiles notation="{HAND}" efficiency rows={{0}} />\n')
    for command in (["lint"], ["build", "--out", str(tmp_path / "out")]):
        run = cli(*command, str(tmp_path / "docs"), check=False)
        said = run.stdout + run.stderr
        assert run.returncode != 0 and "Traceback" not in said, said
        assert "a.mdx:1:" in said and "a table needs 13 (to draw) or 14 (to discard)" in said
        assert "a.mdx:3:" in said and "rows must be a whole number from 1 to 34" in said


def test_the_accepted_tiles_are_drawn_small_at_their_own_size(client):
    """Item 2: the discard at the picture's height, its accepted tiles smaller, each face keyed by its
    placement's size (a PNG's faces would be cut or stretched at the other size)."""
    from service.drawing.indexed import face_key, face_image
    from service.layout.efficiency_layout import small_height

    options = table(2, scale=2)
    lay = arrange(parse(HAND), options)
    discard, accepted = lay.placements[0], lay.placements[1]
    assert (discard.h, accepted.h) == (38, small_height(38)) and accepted.h < discard.h
    for p in (discard, accepted):
        assert face_image(face_key(p, options)).size == (p.w * 2, p.h * 2)
    svg = client.get(f"/tiles/{HAND}.svg?layout=efficiency&rows=1").get_data(as_text=True)
    assert f'width="{accepted.w}" height="{accepted.h}"' in svg
    png = client.get(f"/tiles/{HAND}.png?layout=efficiency&rows=2&scale=2")
    assert png.status_code == 200 and size(png.data) == (lay.width * 2, lay.height * 2)


CARD = "problem: {round: E1, seat: S, turn: 7, dora: 3p, hand: 123456789m12p35s+5s, %s}"


@pytest.mark.parametrize("field", ["answer: efficiency", "efficiency: true", "answer: 5s, efficiency: yes"])
def test_a_problem_cards_answer_efficiency_draws_the_table_under_the_card(field):
    """Item 3: the table under the card, every tile the scene shows counted: the dora indicator 3p
    leaves 3 of 3p, not 4."""
    from service.drawing.scene import scene_alt
    from service.layout.arrange import arrange_scene
    from service.notation.scene import read_scene

    card = read_scene(CARD % field)
    plain = arrange_scene(read_scene(CARD % "answer: 5s"), RenderOptions())
    sl = arrange_scene(card, RenderOptions())
    table = [t for t in sl.tiles if t.role == "efficiency"]
    rows = efficiency("123456789m12p355s", visible="3p")["discards"]
    assert len(table) == sum(1 + len(r["accepts"]) for r in rows) and sl.layout.height > plain.layout.height
    assert min(t.placement.y for t in table) >= plain.layout.height
    assert "discard 3s · 1 kind · 3 tiles · best" in [lab.text for lab in sl.layout.labels]
    assert "Tile acceptance, shanten 0. Discard 3s: 1 kind, 3 tiles: 3p 3 (best)." in scene_alt(card)


def test_a_bad_efficiency_field_is_a_scene_error_at_its_place():
    from service.notation.fields import SceneError
    from service.notation.scene import read_scene

    with pytest.raises(SceneError, match="1:89: problem.efficiency: efficiency is true or false, not 'often'"):
        read_scene(CARD % "efficiency: often")


def test_a_card_whose_hand_has_no_table_is_a_400_never_a_500(client):
    from urllib.parse import quote

    good = client.get("/scene.png?s=" + quote(CARD % "answer: efficiency"))
    assert good.status_code == 200, good.get_data(as_text=True)
    bad = CARD.replace("123456789m", "12345678mj") % "answer: efficiency"
    for fmt in ("png", "svg", "json"):
        r = client.get(f"/scene.{fmt}?s=" + quote(bad))
        assert r.status_code == 400 and "joker" in r.get_json()["error"]["message"], r.get_data(as_text=True)


def test_a_scene_blocks_table_that_cannot_be_made_is_an_error_in_lint_and_build(tmp_path):
    """A tiles-scene block whose card asks for the table of a hand with a joker: the block's error
    at file:line:col, never a traceback (the table was first made in a drawing worker)."""
    block = "```tiles-scene\nproblem:\n  round: E1\n  seat: S\n  dora: 3p\n  hand: {}\n  answer: efficiency\n```\n\n"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(block.format("12345678mj12p35s+5s") + block.format("123456789m12p35s+5s"))
    for command in (["lint"], ["build", "--out", str(tmp_path / "out")]):
        run = cli(*command, str(tmp_path / "docs"), check=False)
        said = run.stdout + run.stderr
        assert run.returncode != 0 and "Traceback" not in said, said
        assert "a.md:2:1: problem.answer: a joker j in the hand" in said


def test_the_markdown_extension_draws_a_tags_table_inline():
    """Item 4, Python-Markdown: the tag's inline SVG is the table (its size, its small tiles), labelled
    with the table read out."""
    import re

    import markdown

    html = markdown.markdown(f'<Tiles notation="{HAND}" efficiency rows={{2}} />\n', extensions=["tiles"])
    lay = arrange(parse(HAND), table(2))
    assert f'aria-label="{efficiency_alt(efficiency(HAND), 2)}"' in html
    assert re.search(rf'<svg [^>]*width="{lay.width}" height="{lay.height}"', html)
    small = lay.placements[1]
    assert f'width="{small.w}" height="{small.h}"' in html


@pytest.mark.slow
def test_sphinx_draws_a_directives_table(tmp_path):
    """Item 4, Sphinx: ``:efficiency:`` and ``:rows:`` on the tiles directive draw the table, its alt
    text the table read out; a hand with no table stops the build at its place."""
    import html as html_lib

    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst

    run = build_sphinx_rst(tmp_path, f"Hands\n=====\n\n.. tiles:: {HAND}\n   :efficiency:\n   :rows: 2\n")
    assert run.returncode == 0, run.stderr
    page = html_lib.unescape((tmp_path / "_build" / "index.html").read_text(encoding="utf-8"))
    assert efficiency_alt(efficiency(HAND), 2) in page
    run = build_sphinx_rst(tmp_path, "Hands\n=====\n\n.. tiles:: 123m\n   :efficiency:\n")
    assert run.returncode != 0 and "a table needs 13 (to draw) or 14 (to discard)" in run.stderr
