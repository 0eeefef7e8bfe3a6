"""Issue 44, ``visible=`` on the acceptance table's pictures: the URL option, the tag prop, a tiles
fence's option, the MyST/Sphinx ``:visible:`` and ``tiles render --visible`` all leave the tiles seen
elsewhere out of the table's counts (``left``), each under its own key; bad tiles are the option's
error at their place, never a 500 or a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from service.efficiency import efficiency
from service.layout.arrange import arrange, arranged_alt
from service.layout.efficiency_layout import efficiency_alt
from service.notation.grammar import parse
from service.notation.options import OptionError, RenderOptions, read_visible
from service.pictures.jobs import manifest_key

HAND = "123456789m12p355s"  # discard 3s: tenpai on 3p, 4 left; 2 when 3p3p are seen elsewhere
SEEN = "3p3p"


@pytest.fixture(scope="module")
def client():
    from service.http.app import create_app

    return create_app().test_client()


def table(**kw) -> RenderOptions:
    return RenderOptions(layout="efficiency", **kw)


def test_visible_changes_the_counts_and_the_key_but_one_spelling_is_one_key():
    seen, plain = table(rows=1, visible=SEEN), table(rows=1)
    assert arranged_alt(parse(HAND), seen) == "Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2 (best)."
    assert arranged_alt(parse(HAND), plain).startswith("Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles")
    assert seen.key() != plain.key()
    assert table(rows=1, visible="3p 3p").key() == seen.key() == table(rows=1, visible="33p").key()
    assert table(visible="1z4m0p").visible == read_visible("0p4m1z") == "4m0p1z"
    assert RenderOptions(visible=SEEN).key() == RenderOptions().key()  # a hand picture draws no counts
    labels = [lab.text for lab in arrange(parse(HAND), seen).labels]
    assert labels[:2] == ["discard 3s · 1 kind · 2 tiles · best", "2"]


def test_a_url_table_counts_the_visible_tiles(client):
    r = client.get(f"/tiles/{HAND}.json?layout=efficiency&rows=1&visible={SEEN}")
    assert r.status_code == 200 and r.json["description"] == efficiency_alt(efficiency(HAND, SEEN), 1)
    png, plain = (client.get(f"/tiles/{HAND}.png?layout=efficiency&rows=1" + q) for q in (f"&visible={SEEN}", ""))
    assert png.status_code == plain.status_code == 200 and png.headers["ETag"] != plain.headers["ETag"]
    svg = client.get(f"/tiles/{HAND}.svg?layout=efficiency&rows=1&visible={SEEN}").get_data(as_text=True)
    assert f"<title>{efficiency_alt(efficiency(HAND, SEEN), 1)}</title>" in svg


@pytest.mark.parametrize("visible, position, said", [
    ("3p3q", 3, "visible: 'q' is not a suit letter"),
    ("3p j", 3, "visible: a joker j is no tile seen"),
    ("1p?", 2, "visible: a any-tile ? is no tile seen"),
])
@pytest.mark.parametrize("fmt", ["png", "svg", "json"])
def test_bad_visible_tiles_are_a_400_naming_the_parameter_at_their_place(client, fmt, visible, position, said):
    from urllib.parse import quote

    r = client.get(f"/tiles/{HAND}.{fmt}?layout=efficiency&visible={quote(visible)}")
    error = r.get_json()["error"]
    assert r.status_code == 400 and error["param"] == "visible" and said in error["message"], error
    assert (error["notation"], error["position"]) == (visible, position)


def test_the_json_views_efficiency_takes_the_same_visible(client):
    r = client.get(f"/tiles/{HAND}.json?efficiency=1&visible=3p3p")
    assert r.status_code == 200 and r.json["efficiency"] == efficiency(HAND, SEEN)
    bad = client.get(f"/tiles/{HAND}.json?efficiency=1&visible=3p3x3q")
    assert bad.status_code == 400 and bad.json["error"]["param"] == "visible"


def test_more_copies_than_a_set_holds_is_a_400_never_a_500(client):
    r = client.get(f"/tiles/{HAND}.png?layout=efficiency&visible=1m1m1m1m")
    assert r.status_code == 400 and "5 copies of 1m seen: a set has four" in r.get_json()["error"]["message"]


def test_a_visible_option_is_refused_when_it_is_no_text():
    with pytest.raises(OptionError, match="visible must be tile text"):
        RenderOptions(visible=3)


def cli(*args, check=True):
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True, text=True,
                          timeout=120, check=check)


def test_tiles_render_and_parse_take_visible(tmp_path):
    out = tmp_path / "t.svg"
    cli("render", HAND, "--layout", "efficiency", "--rows", "1", "--visible", SEEN, "-o", str(out))
    assert f"<title>{efficiency_alt(efficiency(HAND, SEEN), 1)}</title>" in out.read_text()
    view = json.loads(cli("parse", HAND, "--layout", "efficiency", "--rows", "1", "--visible", SEEN).stdout)
    assert view["description"] == efficiency_alt(efficiency(HAND, SEEN), 1)
    bad = cli("render", HAND, "--layout", "efficiency", "--visible", "3p3q", "-o", str(out), check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.splitlines()[:3] == ["error: visible: 'q' is not a suit letter (use m, p, s or z)",
                                           "  3p3q", "     ^"]


def lint_build(tmp_path, name: str, page: str) -> list[subprocess.CompletedProcess]:
    docs = tmp_path / "docs"
    docs.mkdir(exist_ok=True)
    (docs / name).write_text(page)
    return [cli(*command, str(docs), check=False) for command in (["lint"], ["build", "--out", str(tmp_path / "out")])]


@pytest.mark.parametrize("name, page, line_col", [
    ("a.mdx", f'<Tiles notation="{HAND}" efficiency visible="3p3q" />\n', "a.mdx:1:60"),
    ("a.md", f'```tiles efficiency visible="3p3q"\n{HAND}\n```\n', "a.md:1:1: in the tiles fence"),
    ("a.md", f"```{{tiles}} {HAND}\n:efficiency:\n:visible: 3p3q\n```\n", "a.md:3:14"),
])
def test_a_bad_visible_prop_is_the_tags_error_in_lint_and_build(tmp_path, name, page, line_col):
    for run in lint_build(tmp_path, name, page):
        said = run.stdout + run.stderr
        assert run.returncode != 0 and "Traceback" not in said, said
        assert f"{line_col}: visible: 'q' is not a suit letter (use m, p, s or z)" in said, said


def test_a_tags_fences_and_directives_visible_reach_the_manifest(tmp_path):
    page = (f'<Tiles notation="{HAND}" efficiency rows={{1}} visible="3p3p" />\n\n'
            f'```tiles efficiency rows=1 visible=3p\n{HAND}\n```\n\n'
            f"```{{tiles}} {HAND}\n:efficiency:\n:rows: 1\n:visible: 1m\n```\n")
    lint, build = lint_build(tmp_path, "a.md", page)
    assert lint.returncode == 0 and build.returncode == 0, lint.stdout + build.stderr
    images = json.loads((tmp_path / "out" / "manifest.json").read_text())["images"]
    for seen in ("33p", "3p", "1m"):
        key = manifest_key(HAND, table(rows=1, visible=seen))
        assert key == f"{HAND}?layout=efficiency&rows=1&visible={seen}"
        assert images[key]["alt"] == efficiency_alt(efficiency(HAND, seen), 1)


def test_tiles_batch_fetch_urls_ask_for_the_table_with_its_visible_tiles():
    from service.pictures.batch import image_urls
    from service.pictures.jobs import Job

    urls = image_urls(Job(HAND, parse(HAND), table(rows=2, visible="3p3p")))
    assert urls["2x"] == f"tiles/{HAND}.png?height=38&theme=light&layout=efficiency&rows=2&visible=33p&scale=2"


def test_a_problem_card_counts_its_dora_and_a_table_scene_what_it_shows():
    """A scene's every shown tile is seen already: the card's dora indicator, a table's rivers, the
    other seats' melds and the dora; ``visible`` adds to them."""
    from service.efficiency import scene_efficiency
    from service.notation.scene import read_scene

    card = read_scene("problem: {round: E1, seat: S, dora: 3p, hand: 123456789m12p35s+5s}")
    assert scene_efficiency(card)["discards"] == efficiency(HAND, "3p")["discards"]
    assert scene_efficiency(card, "3p")["discards"] == efficiency(HAND, "3p3p")["discards"]


@pytest.mark.slow
def test_sphinx_draws_a_directives_table_with_its_visible_tiles(tmp_path):
    """``:visible:`` on the rST directive: the table's alt text counts them; bad tiles stop the build."""
    import html as html_lib

    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst

    run = build_sphinx_rst(tmp_path, f"Hands\n=====\n\n.. tiles:: {HAND}\n   :efficiency:\n   :rows: 1\n"
                                     f"   :visible: {SEEN}\n")
    assert run.returncode == 0, run.stderr
    page = html_lib.unescape((tmp_path / "_build" / "index.html").read_text(encoding="utf-8"))
    assert efficiency_alt(efficiency(HAND, SEEN), 1) in page
    run = build_sphinx_rst(tmp_path, f"Hands\n=====\n\n.. tiles:: {HAND}\n   :efficiency:\n   :visible: 3p3q\n")
    assert run.returncode != 0 and "visible: 'q' is not a suit letter" in run.stderr
