"""`tiles build paper.typ`: a Typst document's pictures and tiles.typ, compiled for real by the `typst` package."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.cli import main
from service.docs.typst import call_key
from service.pictures.typst_calls import typst_calls

typst = pytest.importorskip("typst", reason="the typst package (the test extra) compiles the documents")

PAPER = """#import "tiles/tiles.typ": tiles
#set page(width: 14cm, height: auto, margin: 1cm)

= Waits

The hand waits on #tiles("14s", inline: true) and wins on #tiles("4s", inline: true).
// #tiles("9q") is a comment, and `#tiles("8q")` raw text: neither is drawn
#figure(tiles("11222333s22m+-456m+4s", dora: "3m"), caption: [Tsumo on 4s])

#figure(tiles("1m9p*2z3s-5p8s", river: true, row: 6.0), caption: [A river])
"""


def build(tmp_path: Path, text: str, capsys, name: str = "paper.typ") -> tuple[int, str, str]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    code = main(["build", str(tmp_path / name), "--out", str(tmp_path / "tiles")])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_document_with_inline_and_figure_hands_compiles_to_a_pdf(tmp_path, capsys):
    code, out, err = build(tmp_path, PAPER, capsys)
    assert code == 0, err
    assert "4 picture(s)" in out
    svgs = sorted(p.name for p in (tmp_path / "tiles").glob("*.svg"))
    assert len(svgs) == 4
    pdf = typst.compile(str(tmp_path / "paper.typ"))
    assert pdf.startswith(b"%PDF") and b"/Type /Page" in pdf or b"/Type/Page" in pdf
    figures = json.loads(typst.query(str(tmp_path / "paper.typ"), "figure"))
    assert [f["caption"]["body"]["text"] for f in figures] == ["Tsumo on 4s", "A river"]
    images = json.loads(typst.query(str(tmp_path / "paper.typ"), "image"))
    alts = sorted(i["alt"] for i in images)
    assert alts[0].startswith("Hand: 1s 1s 2s") and "dora indicator: 3m" in alts[0]
    assert "Hand: 1s 4s" in alts and "Hand: 4s" in alts
    assert any(a.startswith("River: 1m 9p South 3s, riichi on 5p") for a in alts)
    assert {Path(i["source"]).name for i in images} == set(svgs)


def test_inline_hands_are_the_texts_size_and_figure_hands_their_css_size(tmp_path, capsys):
    """An inline hand's tiles are 1em high; a block hand is 0.75 pt a CSS px, shrunk to fit its column."""
    assert build(tmp_path, PAPER, capsys)[0] == 0
    images = {i["alt"].split(";")[0]: i for i in json.loads(typst.query(str(tmp_path / "paper.typ"), "image"))}
    assert images["Hand: 1s 4s"]["height"] == images["Hand: 4s"]["height"] == "0% + 1em"
    text = (tmp_path / "tiles" / "tiles.typ").read_text()
    river = re.search(r'width: (\d+), height: 38, tile: 38, alt: "River', text)
    assert images[next(k for k in images if k.startswith("River"))]["width"] == f"0% + {int(river[1]) * 0.75:g}pt"
    assert images["Hand: 1s 1s 2s 2s 2s 3s 3s 3s 2m 2m"]["width"] == "0% + 340.16pt"  # 12 cm: the column
    assert "tile: 24" in text and "tile: 38" in text  # inline hands drawn at 24 px, as <Tiles inline>


def test_a_typo_fails_the_build_at_its_line_and_column(tmp_path, capsys):
    bad = PAPER.replace('#tiles("4s", inline: true)', '#tiles("4q", inline: true)')
    code, out, err = build(tmp_path, bad, capsys)
    assert code == 1
    line = bad.splitlines().index(next(x for x in bad.splitlines() if "4q" in x)) + 1
    col = bad.splitlines()[line - 1].index("4q") + 2  # the 'q'
    assert f"{tmp_path / 'paper.typ'}:{line}:{col}: 'q' is not a suit letter (use m, p, s or z)" in err.splitlines()
    assert "9q" not in err and "8q" not in err  # a comment and raw text are not read
    assert not (tmp_path / "tiles" / "tiles.typ").exists()
    assert "NOT written" in out


def test_lint_reads_typst_documents(tmp_path, capsys):
    (tmp_path / "paper.typ").write_text('#tiles("123m")\n#figure(tiles("12x3", dora: "9q"))\n')
    assert main(["lint", str(tmp_path / "paper.typ")]) == 1
    where = tmp_path / "paper.typ"
    assert capsys.readouterr().out.splitlines() == [
        f"{where}:2:16: '1' has no suit letter after it (add m, p, s or z)",
        f"{where}:2:31: dora: 'q' is not a suit letter (use m, p, s or z)"]


def test_a_call_the_build_did_not_draw_stops_typst_with_what_to_do(tmp_path, capsys):
    assert build(tmp_path, PAPER, capsys)[0] == 0
    (tmp_path / "paper.typ").write_text(PAPER + '\n#tiles("789p")\n')
    with pytest.raises(typst.TypstError) as err:
        typst.compile(str(tmp_path / "paper.typ"))
    assert "run `tiles build` on this document again" in str(err.value)


def test_typst_looks_a_call_up_by_the_key_the_build_writes(tmp_path, capsys):
    """Whole floats, flags, sorted names: the Typst function and `call_key` agree (else no picture is found)."""
    doc = ('#import "tiles/tiles.typ": tiles\n#tiles("123m", height: 50.0, index: true, lang: "ja", dora: "1z")\n'
           '#tiles("123m", dora: "1z", lang: "ja", index: true, height: 50, size: 2em)\n')
    code, out, err = build(tmp_path, doc, capsys)
    assert code == 0, err
    assert "1 picture(s)" in out
    tag = typst_calls(doc)[0]
    assert call_key(tag.props) == "123m\ndora=1z\nheight=50\nindex=true\nlang=ja"
    typst.compile(str(tmp_path / "paper.typ"))


def test_the_scanner_finds_calls_in_code_and_skips_strings_comments_and_raw():
    doc = """#let h = tiles("1m")
#{ let x = tiles("2m"); x }
#if true [ #tiles("3m") ] else [ #tiles("4m") ]
/* #tiles("9z") /* nested */ #tiles("9z") */ \\#tiles("9z") is text
#let s = "tiles(\\"9z\\")"
```typ
#tiles("9z")
```
see https://example.com/#tiles("5m")
#figure(tiles("6m", river: true), caption: [#tiles("7m", inline: true)])
"""
    calls = typst_calls(doc, "a.typ")
    assert [c.notation for c in calls] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m"]
    assert calls[5].props["river"] is True and calls[6].where(0) == (10, 53)


def test_bad_calls_are_told_at_their_place_and_reading_goes_on():
    doc = '#tiles("1m", "2m")\n#tiles(hand)\n#tiles("1m", dora: d)\n#tiles("3m"\n'
    told = [str(p) for p in typst_calls(doc, "a.typ")]
    assert told[0].startswith("a.typ:1:14: tiles() takes one notation")
    assert told[1].startswith("a.typ:2:8: warning: the notation hand is not a string literal")
    assert told[2].startswith("a.typ:3:20: warning: dora: d is no literal")
    assert told[3] == "a.typ:4:7: the call is never closed"


def test_a_figure_caption_or_format_is_refused_with_the_way_to_write_it(tmp_path, capsys):
    code, _, err = build(tmp_path, '#tiles("1m", caption: "x")\n#tiles("2m", format: "png")\n', capsys)
    assert code == 1
    assert re.search(r"paper\.typ:1:2: caption: a caption is the document's own", err)
    assert re.search(r"paper\.typ:2:2: format: the pictures' format is the document's", err)


def test_markdown_and_typst_are_built_apart(tmp_path, capsys):
    (tmp_path / "a.md").write_text('<Tiles notation="1m" />\n')
    (tmp_path / "paper.typ").write_text(PAPER)
    assert main(["build", str(tmp_path / "paper.typ"), str(tmp_path / "a.md"), "--out", str(tmp_path / "o")]) == 2
    assert "on their own" in capsys.readouterr().err


def test_theme_auto_is_refused_on_paper(tmp_path, capsys):
    code, _, err = build(tmp_path, '#tiles("1m", theme: "auto")\n', capsys)
    assert code == 1
    assert f"{tmp_path / 'paper.typ'}:1:22: theme auto follows a screen's colour scheme; paper has none" in err
