"""The dialect option wherever a notation is read: a tag prop, a fence option, the URL API, the CLI
(render, parse, lint, build) and the site-wide setting of every docs tool."""

from __future__ import annotations

import json

import pytest

from service.cli import main
from service.notation.dialects import DIALECTS
from service.pictures.pages import read_docs
from service.pictures.scan import scan_text
from service.pictures.tag_props import read_tag

MAHGEN = "1m|_123p|66^6z"  # a hand, a chi, an added kan
OURS = "1m+-123p+66-6=6z"


def test_a_tag_reads_its_notation_in_its_dialect_and_says_where_a_mistake_is():
    read = read_tag(scan_text(f'<Tiles notation="{MAHGEN}" dialect="mahgen" />', "a.mdx")[0])
    assert read.request.hand.canonical() == OURS and not read.problems
    read = read_tag(scan_text('<Tiles notation="1m|9z" dialect="mahgen" />', "a.mdx")[0])
    assert [str(p) for p in read.problems] == [
        "a.mdx:1:21: 9z is mahgen's '*' tile; there is no such tile here (x is a back, ? any tile)"]


def test_a_dialect_that_is_none_is_an_error_at_the_prop_listing_the_names():
    read = read_tag(scan_text('<Tiles notation="1m" dialect="tenhou" />', "a.mdx")[0])
    [problem] = read.problems
    assert (problem.line, problem.col) == (1, 31) and read.request is None
    assert problem.message.startswith("dialect must be one of " + ", ".join(DIALECTS))


def test_the_sites_dialect_reads_tags_without_one_and_a_tags_own_wins():
    tag = scan_text('<Tiles notation="123m_4*56p" />', "a.mdx")[0]
    assert read_tag(tag, default_dialect="riichi-hand-rs").request.hand.canonical() == "123m+-456p"
    own = scan_text('<Tiles notation="-123m" dialect="mjimage" />', "a.mdx")[0]
    assert read_tag(own, default_dialect="mahgen").request.hand.canonical() == "-123m"


def test_a_mahgen_fence_keeps_its_gaps_and_takes_a_caption_after_a_blank(tmp_path):
    page = tmp_path / "a.md"
    page.write_text(f"```tiles dialect=mahgen\n{MAHGEN} | Chi and kan\n12m|3z\n```\n", encoding="utf-8")
    first, second = list(read_docs([str(tmp_path)]))
    assert first.request.hand.canonical() == OURS and first.request.caption == "Chi and kan"
    assert second.request.hand.canonical() == "12m+3z" and second.request.caption is None
    page.write_text(f"```tiles\n{MAHGEN} | Chi\n```\n", encoding="utf-8")  # the site's dialect
    [read] = list(read_docs([str(tmp_path)], default_dialect="mahgen"))
    assert read.request.hand.canonical() == OURS and read.request.caption == "Chi"


def test_the_url_api_reads_the_dialect_and_answers_400_for_one_that_is_none(client):
    r = client.get("/tiles.json", query_string={"n": MAHGEN, "dialect": "mahgen"})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.json["canonical"] == OURS and r.json["notation"] == MAHGEN
    same = client.get("/tiles.png", query_string={"n": OURS})
    assert client.get("/tiles.png", query_string={"n": MAHGEN, "dialect": "mahgen"}).data == same.data
    r = client.get("/tiles.json", query_string={"n": "1m", "dialect": "tenhou"})
    assert r.status_code == 400 and r.json["error"]["param"] == "dialect", r.json
    assert ", ".join(DIALECTS) in r.json["error"]["message"]
    r = client.get("/tiles.json", query_string={"n": "1m|9z", "dialect": "mahgen"})
    assert r.status_code == 400 and r.json["error"]["position"] == 3, r.json


def test_render_and_parse_take_dialect(capsys, tmp_path):
    assert main(["parse", MAHGEN, "--dialect", "mahgen"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["canonical"] == OURS and view["notation"] == MAHGEN
    out = tmp_path / "a.png"
    assert main(["render", "123m_4*56p", "--dialect", "chombo-gen", "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert main(["parse", "1m", "--dialect", "tenhou"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "dialect must be one of riichi-hand-rs" in err[0]
    assert main(["parse", "1m|9z", "--dialect", "mahgen"]) == 2
    assert "9z is mahgen's '*' tile" in capsys.readouterr().err


def test_lint_and_build_take_the_sites_dialect(capsys, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text('<Tiles notation="123m_4*56p" />\n\n<Tiles notation="1m_8z" />\n', encoding="utf-8")
    assert main(["lint", str(docs), "--dialect", "riichi-hand-rs"]) == 1
    out = capsys.readouterr().out
    assert "a.md:3:21: honors go from 1z to 7z; there is no 8z" in out and ":1:" not in out
    (docs / "a.md").write_text('<Tiles notation="123m_4*56p" />\n', encoding="utf-8")
    assert main(["lint", str(docs), "--dialect", "riichi-hand-rs"]) == 0
    capsys.readouterr()
    assert main(["build", str(docs), "--out", str(tmp_path / "img"), "--dialect", "riichi-hand-rs"]) == 0
    images = json.loads((tmp_path / "img" / "manifest.json").read_text())["images"]
    assert list(images) == ["123m_4*56p?dialect=riichi-hand-rs"]
    assert images["123m_4*56p?dialect=riichi-hand-rs"]["alt"] == "Hand: 1m 2m 3m; called meld: 4p (sideways) 5p 6p"


def test_the_markdown_extension_takes_a_site_dialect_and_refuses_one_that_is_none():
    markdown = pytest.importorskip("markdown")
    from service.docs.markdown_ext import TilesExtension

    html = markdown.markdown(f"```tiles\n{MAHGEN} | Chi\n```", extensions=[TilesExtension(dialect="mahgen")])
    assert 'aria-label="Hand: 1m; called meld: 1p (sideways) 2p 3p; called meld: Green Green Green (sideways) Green (sideways, added on top)"' in html
    with pytest.raises(ValueError, match="dialect must be one of"):
        TilesExtension(dialect="tenhou")


def test_the_mkdocs_plugin_has_a_dialect_setting():
    pytest.importorskip("mkdocs")
    from service.docs.mkdocs_plugin import TilesPlugin

    plugin = TilesPlugin()
    errors, _ = plugin.load_config({"dialect": "mahgen"})
    assert not errors and plugin.config.dialect == "mahgen"
    errors, _ = plugin.load_config({"dialect": "tenhou"})
    assert errors and "dialect" in str(errors[0][0])


def test_sphinx_refuses_a_tiles_dialect_that_is_none_before_any_page_is_read(tmp_path):
    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst

    run = build_sphinx_rst(tmp_path, "Hands\n=====\n\n.. tiles:: 123m\n", 'tiles_dialect = "tenhou"\n')
    assert run.returncode != 0 and "tiles_dialect must be one of riichi-hand-rs" in run.stderr, run.stderr[-2000:]


def test_sphinx_reads_directives_in_the_sites_dialect_and_a_directives_own(tmp_path):
    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst

    rst = "Hands\n=====\n\n.. tiles:: 1m|_123p\n\n.. tiles:: 123m_4*56p\n   :dialect: riichi-hand-rs\n"
    run = build_sphinx_rst(tmp_path, rst, 'tiles_dialect = "mahgen"\n')
    assert run.returncode == 0, run.stderr[-2000:]
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert 'alt="Hand: 1m; called meld: 1p (sideways) 2p 3p"' in html
    assert 'alt="Hand: 1m 2m 3m; called meld: 4p (sideways) 5p 6p"' in html
