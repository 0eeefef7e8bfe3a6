"""A segment read as a meld that is none (a space another tool draws as a gap) is warned about, with
what to write for one hand: service/notation/misreads.py, in tiles lint and every stack's build."""

from __future__ import annotations

import logging

import pytest

from service.docs import lint
from service.notation.grammar import parse
from service.notation.misreads import is_meld, misreads
from service.pictures.scan import scan_text
from service.pictures.tag_props import read_tag
from tests.test_batch import run_batch

SPACED = "345m 1111p 678s 22z"


def told(notation: str) -> list[tuple[int, str]]:
    return [(w.position, w.message) for w in misreads(parse(notation))]


def test_a_pair_after_a_space_is_told_with_the_one_hand_to_write():
    [(at, message)] = told(SPACED)
    assert at == SPACED.index("22z")
    assert message == ("'22z' is read as a meld, but it is a pair, not a chi, pon or kan: a space or '+' starts a"
                       " meld here; for one hand write 345m1111p678s22z, or x11xp for a concealed kan")


@pytest.mark.parametrize("notation, at, what, write", [
    ("123m 45p 6z", 5, "two tiles", "for one hand write 123m45p+6z"),  # the winning tile stays apart
    ("123m+45m", 5, "two tiles", "for one hand write 123m45m"),
    ("11m 22m 33m 44m 55m", 4, "a pair", "for one hand write 11m22m33m44m55m"),
    ("12345m+-678m+1z+2z", 13, "one tile", "for one hand write 12345m1z+-678m+2z"),  # called melds stay apart
    ("123m+-4m5p6m", 5, "3 tiles that make no run or set", "a called meld is the three or four tiles"),
    ("123m+-79m", 5, "two tiles", "a called meld is the three or four tiles of a chi, pon or kan"),
    ("123m 456p 1234m", 10, "4 tiles that make no run or set", "for one hand write 123m456p1234m"),
    ("45089m3488p2467s-8p", 0, "14 tiles", "for a gap write '+' or a space: 45089m3488p2467s+8p"),
])
def test_what_is_no_meld_is_told(notation, at, what, write):
    [(position, message)] = told(notation)
    assert position == at
    assert f"but it is {what}, not a chi, pon or kan" in message and write in message


@pytest.mark.parametrize("notation", [
    "11222333s22m+-456m+4s", "123m+-555z+6-66p+77-7s", "123s+5-5=55p", "2z+x11xs+x11xp+x11xm+x11xz+2z",
    "123m+1234f", "1f+123m+4m", "123m+x", "123m+xxxx", "123m+-5pj5p", "123m+4pj6p", "123m+?", "123m 4m",
    "-456m", "x11xs", "123m+111z", "1112345678999m", "6612d+-45d", "123m+1111p", "123m+-4m=4m?4m",
])
def test_melds_and_the_groups_the_notation_allows_are_not_told(notation):
    assert told(notation) == []


def test_a_meld_is_a_chi_pon_or_kan():
    melds = ["123m", "-312p", "555z", "5055p", "x11xs", "xjx?", "-7sj9s", "1s?3s"]
    none = ["12m", "123z", "135m", "1m2p3s", "11112m", "1122m", "-4m5p6m", "11z"]
    assert [is_meld(parse(n).groups[0].tiles) for n in melds] == [True] * len(melds)
    assert [is_meld(parse(n).groups[0].tiles) for n in none] == [False] * len(none)


def test_lint_warns_at_the_segment_and_exits_0(tmp_path, capsys):
    page = tmp_path / "a.md"
    page.write_text(f'# Hands\n\n<Tiles notation="{SPACED}" />\n\n<Tiles river notation="1m 2m" />\n'
                    f'\n```tiles\n123m 45p\n```\n', encoding="utf-8")
    problems = [str(p) for p in lint.lint_paths([str(tmp_path)])]
    col = len('<Tiles notation="') + SPACED.index("22z") + 1
    assert problems == [f"{page}:3:{col}: warning: '22z' is read as a meld, but it is a pair, not a chi, pon or kan:"
                        " a space or '+' starts a meld here; for one hand write 345m1111p678s22z, or x11xp for a"
                        " concealed kan",
                        f"{page}:8:6: warning: '45p' is read as a meld, but it is two tiles, not a chi, pon or kan:"
                        " a space or '+' starts a meld here; for one hand write 123m45p"]  # a river has no melds
    from service.cli import main
    assert main(["lint", str(tmp_path)]) == 0
    assert "0 error(s), 2 warning(s)" in capsys.readouterr().err


def test_read_tag_gives_the_warning_every_builder_reports():
    read = read_tag(scan_text(f'<Tiles notation="{SPACED}" />', "a.mdx")[0])
    assert read.request is not None and [p.warning for p in read.problems] == [True]
    assert read_tag(scan_text('<Tiles river notation="1m 2m" />', "a.mdx")[0]).problems == []


def test_batch_sends_the_warning_to_remark_tiles(tmp_path):
    _, answer = run_batch(tmp_path, [{"id": 1, "path": "a.mdx", "line": 3, "column": 1,
                                      "source": '<Tiles notation="123m 45p" />'}])
    assert answer["ok"] and [w["message"][:26] for w in answer["warnings"]] == ["'45p' is read as a meld, b"]
    assert (answer["warnings"][0]["line"], answer["warnings"][0]["column"]) == (3, 23)


def test_the_markdown_extension_logs_it(caplog):
    markdown = pytest.importorskip("markdown")
    with caplog.at_level(logging.WARNING, logger="tiles.markdown"):
        html = markdown.markdown('<Tiles notation="123m 45p" />', extensions=["tiles"])
    assert 'aria-label="Hand: 1m 2m 3m; meld: 4p 5p"' in html
    assert "<markdown>:1:23: warning: '45p' is read as a meld" in caplog.text


def test_a_tag_in_another_tools_notation_is_read_as_it_draws_no_misread():
    read = read_tag(scan_text('<Tiles dialect="riichi-wiki" notation="123m 45p" />', "a.mdx")[0])
    assert not [p for p in read.problems if "read as a meld" in p.message]


def test_tiles_build_prints_the_warning_and_draws(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text('<Tiles notation="123m 45p" />\n<Tiles notation="11111m" />\n')
    assert main(["build", str(docs), "--out", str(tmp_path / "out"), "--jobs", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [f"{docs / 'a.md'}:1:23: warning: '45p' is read as a meld, but it is two tiles, not a chi, pon"
                       " or kan: a space or '+' starts a meld here; for one hand write 123m45p",
                       f"{docs / 'a.md'}:2:22: warning: more than four copies of 1m; a set has four"]
    assert (tmp_path / "out" / "manifest.json").exists()


@pytest.mark.slow
def test_sphinx_logs_the_warning_at_its_place(tmp_path):
    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst

    run = build_sphinx_rst(tmp_path, "Hands\n=====\n\n.. tiles:: 123m 45p\n")
    assert run.returncode == 0, run.stderr
    assert "index.rst:4:17: warning: '45p' is read as a meld" in run.stderr.replace("WARNING: ", "")


def test_a_site_whose_notation_is_another_tools_gets_no_misread():
    read = read_tag(scan_text('<Tiles notation="123m 45p" />', "a.mdx")[0], default_dialect="riichi-wiki")
    assert not [p for p in read.problems if "read as a meld" in p.message]


def test_tiles_render_prints_it_with_a_caret(tmp_path, capsys):
    from service.cli import main

    assert main(["render", "123m 45p", "-o", str(tmp_path / "a.png")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("warning: '45p' is read as a meld, but it is two tiles")
    assert err[1:] == ["  123m 45p", "       ^"]
    assert main(["render", "123m 45p", "--dialect", "riichi-wiki", "-o", str(tmp_path / "b.png")]) == 0
    assert capsys.readouterr().err == ""
