"""Docs tools: the <Tiles> scanner, `tiles lint`, `tiles build`, and the JS layout mirror."""

from __future__ import annotations

import html
import io
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from service.docs import lint
from service.analysis import result as analysis_result
from service.docs.build import Progress, build, collect, link_markdown
from service.pictures.jobs import file_name, image_id, manifest_key
from service.cli import main
from service.pictures.scan import EXPR, TagSyntaxError, iter_tags, scan_text
from service.pictures.tag_props import tag_options
from service.layout.arrange import arrange
from service.layout.layout import layout
from service.layout.limits import distinct_faces
from service.notation.describe import describe
from service.notation.grammar import ParseError, parse
from service.notation.options import OptionError, RenderOptions
from service.notation.subject import read
from service.notation.views import hand_json

from doc_tables import NOTATION_MD, doc_table, message_templates, table_text  # tests/doc_tables.py

ROOT = Path(__file__).parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "docs"
TILE_LAYOUT_JS = ROOT / "docs" / "components" / "tileLayout.js"


# -- scanner --------------------------------------------------------------------


def test_scan_reads_every_prop_form():
    text = (
        '<Tiles notation="1m" />\n'
        "<Tiles notation={'2p'} inline height={50} />\n"
        '<Tiles\n  theme="dark"\n  notation={"3s"}\n/>\n'
        "<Tiles notation={`4z`} caption='a \"b\"' {...rest} />\n"
        "<Tiles notation={hand} />\n"
    )
    tags = scan_text(text, "t.mdx")
    assert [t.props.get("notation") for t in tags] == ["1m", "2p", "3s", "4z", EXPR]
    assert tags[1].props["inline"] is True and tags[1].props["height"] == 50
    assert tags[2].props["theme"] == "dark"
    assert tags[3].props["caption"] == 'a "b"'
    assert tags[2].where(1) == (5, 15)  # the 's' of "3s", on the tag's third line


TAG_PROPS_CASES = json.loads((ROOT / "tests" / "fixtures" / "tag_props.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", TAG_PROPS_CASES, ids=[c["name"] for c in TAG_PROPS_CASES])
def test_props_are_read_as_mdx_and_the_component_read_them(case):
    """Issue 23 items 14, 15: the cases remark-tiles' test/props.test.js checks MDX and Tiles.js against."""
    [tag] = scan_text(case["source"], "p.mdx")
    assert {k: tag.props.get(k) for k in case["props"]} == case["props"]
    try:
        options = tag_options(tag)
    except OptionError:
        options = None
    assert (options and options.height) == case["height"]
    if "indicators" in case:
        assert (options and {k: getattr(options, k) for k in ("dora", "ura", "lang")}) == case["indicators"]
    if "score" in case:  # the card's context, written one way (docs/components/scoreProps.js reads it alike)
        assert (None if options is None else options.score) == case["score"]
    if "table" in case:  # an acceptance table's options, as the component's tableOptions() reads them
        assert (options and {k: getattr(options, k) for k in ("layout", "rows", "visible")}) == case["table"]
    if "dialect" in case:  # another tool's notation, named as the component's tagDialect() names it
        assert (None if options is None else options.dialect or "") == case["dialect"]
    if "manifest" in case:
        from service.pictures.jobs import manifest_key

        assert manifest_key(tag.notation, options) == case["manifest"]


def test_a_props_error_points_into_the_source_through_references_and_quotes():
    [tag] = scan_text('> <Tiles\n>   caption="&amp;"\n>   notation="1m&#43;2a" />\n', "q.mdx")
    assert tag.notation == "1m+2a" and tag.where(4) == (3, 23)  # the 'a', after the 5-character &#43;
    [read] = [r for r in read_docs_of(tag)]
    assert [str(p) for p in read.errors] == ["q.mdx:3:23: 'a' is not a suit letter (use m, p, s or z)"]


def read_docs_of(tag):
    from service.pictures.tag_props import read_tag

    return [read_tag(tag)]


def test_scan_reads_another_tag_name():
    """Issue 23 item 13: remark-tiles' tagName reaches the reader."""
    text = '<Hand notation="1m" />\n<Tiles notation="2m" />\n<Handy notation="3m" />\n'
    assert [t.notation for t in scan_text(text, name="Hand")] == ["1m"]
    assert [t.notation for t in scan_text(text)] == ["2m"]
    from service.pictures.tag_props import read_tag

    [hand] = scan_text('<Hand caption="x" />', name="Hand")
    assert [p.message for p in read_tag(hand).problems] == ["<Hand> has no notation prop"]
    with pytest.raises(TagSyntaxError, match="<Hand> tag is never closed"):
        scan_text("<Hand notation='1m'", name="Hand")
    with pytest.raises(ValueError, match="not a JSX element name"):
        scan_text(text, name="<x")


def test_lint_and_build_read_a_multi_line_tag_in_a_blockquote(tmp_path, capsys):
    """Issue 23 item 14: the `> ` markers of a blockquote are not the end of the tag."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "q.mdx").write_text('> Quoted:\n>\n> <Tiles\n>   notation="123m"\n>   height="50" />\n'
                                '\n> > <Tiles\n> >   notation="45p" />\n')
    assert lint.lint_paths([docs]) == []
    assert main(["build", str(docs), "--out", str(tmp_path / "out")]) == 0
    images = json.loads((tmp_path / "out" / "manifest.json").read_text())["images"]
    assert sorted(images) == ["123m?height=50", "45p"]
    (docs / "q.mdx").write_text('> <Tiles\n>   notation="12a" />\n')
    assert [str(p) for p in lint.lint_paths([docs])] == [
        f"{docs / 'q.mdx'}:2:17: 'a' is not a suit letter (use m, p, s or z)"]


def test_a_template_literal_in_a_nested_blockquote_keeps_every_quote_level():
    """Issue 42 item 14: a new line in `{`...`}` starts after all the `> > ` markers, as in a plain string."""
    for value in ('{`123m\n> > 456p`}', '"123m\n> > 456p"', "{'1m'}"):
        [tag] = scan_text(f"> > <Tiles notation={value} />\n")
        assert tag.notation == ("1m" if "'" in value else "123m\n456p"), value
    [tag] = scan_text("> > <Tiles notation={`123m\n> > 45a`} />\n")
    assert tag.spans["notation"][-1] == len("> > <Tiles notation={`123m\n> > 45")


def test_scan_skips_code_but_reads_comments():
    text = '```mdx\n<Tiles notation="a" />\n```\n`<Tiles notation="b" />`\n<!-- <Tiles notation="c" /> -->\n'
    assert [t.notation for t in scan_text(text)] == ["c"]


def test_scan_skips_mdx_comments():
    text = '{/* <Tiles notation="12a" />\n   <Tiles notation="b" /> */}\n<Tiles notation="1m" />\n'
    assert [t.notation for t in scan_text(text)] == ["1m"]
    assert scan_text(text)[0].where(0) == (3, 18)


def test_scan_maps_js_escapes_to_file_columns():
    tag = scan_text(r"<Tiles notation={'1\'2m'} />")[0]
    assert tag.notation == "1'2m"
    assert tag.where(2) == (1, 22)  # '2' sits after the two-character escape


def test_broken_tag_is_reported_and_scanning_goes_on():
    items = list(iter_tags('<Tiles notation=12m />\n<Tiles notation="3p" />'))
    assert isinstance(items[0], TagSyntaxError)
    assert [i.notation for i in items if not isinstance(i, TagSyntaxError)] == ["3p"]


# -- lint -------------------------------------------------------------------------

FIXTURE_LINT = [
    "guide/hands.mdx:10:20: 'a' is not a suit letter (use m, p, s or z)",
    "guide/hands.mdx:13:29: '7' has no suit letter after it (add m, p, s or z)",
    "guide/hands.mdx:15:22: warning: more than four copies of 1m; a set has four",
    "guide/hands.mdx:24:49: height must be a whole number from 16 to 256, not '9'",
    "guide/hands.mdx:26:17: prop 'notation' needs a quoted string or {...} after '='",
]


def run_cli(argv, capsys):
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_lint_fixture_tree(capsys):
    code, lines, err = run_cli(["lint", str(FIXTURES)], capsys)
    assert code == 1
    assert lines == [f"{FIXTURES}/{line}" for line in FIXTURE_LINT]
    assert "4 error(s), 1 warning(s)" in err


def test_lint_columns_point_at_the_bad_character():
    for line in FIXTURE_LINT:
        path, ln, col, message = line.split(":", 3)
        if "warning" in message or "prop" in message or "height" in message:
            continue
        text = (FIXTURES / path).read_text().splitlines()[int(ln) - 1]
        assert message.strip().startswith(f"'{text[int(col) - 1]}'"), line


def test_lint_clean_file_exits_zero(capsys):
    code, lines, _ = run_cli(["lint", str(FIXTURES / "intro.md")], capsys)
    assert (code, lines) == (0, [])


def test_every_parser_error_gets_file_line_col(tmp_path):
    """The reported column is the parser's position, shifted to where the value starts."""
    for bad in ["123a", "1m++2m", "r6m", "-x", "=1m", "8z", "12", "+1m", "1m+", "0z", "m"]:
        doc = tmp_path / "d.mdx"
        doc.write_text(f'Text\n  <Tiles caption="x" notation="{bad}" />\n')
        [problem] = lint.lint_paths([str(doc)])
        with pytest.raises(ParseError) as err:
            parse(bad)
        start = len('  <Tiles caption="x" notation="')
        pos = min(err.value.position, len(bad))
        assert (problem.line, problem.col, problem.message) == (2, start + pos + 1, err.value.message)


def fake_analyse(results):
    return lambda hand: results[hand.canonical()]


def test_check_wins_uses_the_analysis(monkeypatch):
    results = {
        parse("11222333s22m+-456m+4s").canonical(): SimpleNamespace(complete=True, waits=(), shanten=-1),
        parse("2z+x11xs+x11xp+x11xm+x11xz+2z").canonical(): SimpleNamespace(complete=True, waits=(), shanten=-1),
        parse("123456789m1p").canonical(): SimpleNamespace(complete=False, waits=(), shanten=1),
        parse("11222333s22456m").canonical(): SimpleNamespace(complete=False, waits=("1s", "4s"), shanten=0),
    }
    monkeypatch.setattr(analysis_result, "analyse", fake_analyse(results))
    problems = [str(p) for p in lint.lint_paths([str(FIXTURES)], check_wins=True)]
    claims = [p for p in problems if "caption" in p or "expect" in p]
    assert claims == [
        f"{FIXTURES}/guide/hands.mdx:22:41: the caption says it wins, but the hand is not complete (shanten 1)"
    ]


def test_check_wins_tenpai_and_bad_expect(monkeypatch, tmp_path):
    monkeypatch.setattr(analysis_result, "analyse", lambda hand: SimpleNamespace(complete=False, waits=(), shanten=2))
    doc = tmp_path / "d.md"
    doc.write_text('<Tiles notation="1m" expect="tenpai" />\n<Tiles notation="1m" expect="maybe" />\n')
    assert [str(p).split(":", 1)[1] for p in lint.lint_paths([str(doc)], check_wins=True)] == [
        '1:30: expect="tenpai", but the hand is not tenpai (shanten 2)',
        "2:30: expect must be one of win, tenpai, not 'maybe'",
    ]


def test_check_wins_says_when_the_analysis_fails(monkeypatch, caplog):
    """A bug in the analysis: a generic warning (no exception text), the traceback logged once."""
    def broken(hand):
        raise ZeroDivisionError("/secret/path/forms.py")

    monkeypatch.setattr(analysis_result, "analyse", broken)
    problems = lint.lint_paths([str(FIXTURES / "intro.md")], check_wins=True)
    assert [p.message for p in problems] == [f"cannot check the claim: {lint.ANALYSIS_FAILED}"]
    assert all(p.warning for p in problems)
    [record] = [r for r in caplog.records if r.name == "tiles.analysis"]
    assert record.exc_info[0] is ZeroDivisionError and "secret" not in problems[0].message


def test_check_wins_reads_the_wild_prop(tmp_path):
    doc = tmp_path / "d.md"
    doc.write_text('<Tiles notation="123456789m12p555z" wild="5z" expect="win" />\n'
                   '<Tiles notation="123456789m12p555z" expect="win" />\n'
                   '<Tiles notation="1m" wild="jj" />\n')
    assert [str(p).split(":", 1)[1] for p in lint.lint_paths([str(doc)], check_wins=True)] == [
        '2:45: expect="win", but the hand is not complete (shanten 0)',
        "3:28: wild must be one tile kind like 5z or 2m (a joker is always wild), not 'jj'",
    ]


def test_check_wins_with_the_real_analysis():
    pytest.importorskip("service.analysis")
    problems = [p for p in lint.lint_paths([str(FIXTURES)], check_wins=True) if "caption" in p.message or "expect" in p.message]
    assert [(p.line, p.warning) for p in problems] == [(22, False)], [str(p) for p in problems]


# -- build ------------------------------------------------------------------------


def test_build_fixture_tree(tmp_path, capsys):
    out = tmp_path / "static"
    code, lines, err = run_cli(["build", str(FIXTURES), "--out", str(out), "--public-path", "/img/"], capsys)
    assert code == 1  # the bad tags are reported, the good ones still drawn
    assert "'a' is not a suit letter" in err
    assert not (out / "manifest.json").exists()  # so a site build cannot go on with a broken image
    assert lines == ["7 image(s): rendered 21 file(s), 0 already up to date; "
                     "manifest NOT written (fix the errors above)"]
    jobs, errors = collect([FIXTURES])
    assert len(errors) == 4
    build(jobs, out, "/img/")
    manifest = json.loads((out / "manifest.json").read_text())
    images = manifest["images"]
    assert set(images) == {
        "11222333s22456m", "11222333s22456m+4s?height=24", "5-5=55p", "11222333s22m+-456m+4s?height=50",
        "111112m?theme=dark", "2z+x11xs+x11xp+x11xm+x11xz+2z", "123456789m1p",
    }
    for key, e in images.items():
        notation, _, query = key.partition("?")
        opts = RenderOptions.from_query(dict(q.split("=") for q in query.split("&") if q))
        hand = parse(notation)
        lay = layout(hand, opts.height)
        assert (e["width"], e["height"], e["alt"]) == (lay.width, lay.height, describe(hand))
        for scale in (1, 2, 3):
            name = e[f"{scale}x"]
            assert name == "/img/" + file_name(image_id(hand, opts), scale)
            with Image.open(out / name.removeprefix("/img/")) as img:
                assert img.size == (lay.width * scale, lay.height * scale)
    code, lines, _ = run_cli(["build", str(FIXTURES / "intro.md"), "--out", str(out)], capsys)
    assert code == 0 and lines[0].endswith(f"manifest in {out}/manifest.json")
    assert "\r" not in "".join(lines)  # no progress bar when stdout is not a terminal


def test_build_reads_inline_and_themes_as_the_component_asks(tmp_path, capsys):
    """Issue 11 items 1-2: inline is 24 px; the site's theme(s) give the keys the component looks up."""
    (tmp_path / "a.mdx").write_text(
        'Wait on <Tiles notation="14s" inline />.\n<Tiles notation="1m" theme="dark" />\n'
        '<Tiles notation="2p" inline height={30} />\n')
    out = tmp_path / "o"
    assert main(["build", str(tmp_path / "a.mdx"), "--out", str(out), "--theme", "light", "--theme", "dark"]) == 0
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert set(images) == {"14s?height=24", "14s?height=24&theme=dark", "1m?theme=dark",
                           "2p?height=30", "2p?height=30&theme=dark"}
    assert images["14s?height=24"]["height"] == 24
    assert main(["build", str(tmp_path / "a.mdx"), "--out", str(out), "--theme", "sepia"]) == 2
    assert "theme must be one of" in capsys.readouterr().err


def test_lint_and_build_read_each_tag_once(tmp_path, monkeypatch):
    """One walk/read/scan loop; each notation parsed once per run."""
    from service.pictures import tag_props

    (tmp_path / "a.mdx").write_text('<Tiles notation="123m" />\n<Tiles notation="456p" inline />\n')
    calls = []
    real = tag_props.parse
    monkeypatch.setattr(tag_props, "parse", lambda n, layout, *dialect: calls.append(n) or real(n, layout, *dialect))
    jobs, _ = collect([tmp_path], ("light", "dark"))
    assert calls == ["123m", "456p"] and len(jobs) == 4
    calls.clear()
    lint.lint_paths([tmp_path])
    assert calls == ["123m", "456p"]


def test_prune_deletes_only_the_builds_own_files(tmp_path, capsys):
    """Issue 16 item 1: a static/ folder with a logo keeps its logo."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text('<Tiles notation="1m" />\n')
    static = tmp_path / "static"
    static.mkdir()
    (static / "logo.png").write_bytes(b"logo")
    (static / "0123456789ABCDEF.png").write_bytes(b"not ours: upper case")
    stale = static / "0123456789abcdef@2x.png"
    stale.write_bytes(b"an old build file")
    assert main(["build", str(tmp_path / "docs"), "--out", str(static), "--prune"]) == 0
    out = capsys.readouterr().out
    assert f"removed {stale}" in out and "logo" not in out
    assert (static / "logo.png").read_bytes() == b"logo"
    assert (static / "0123456789ABCDEF.png").exists() and not stale.exists()
    assert len(list(static.glob("*.png"))) == 2 + 3


def test_link_md_stays_inside_the_docs_tree(tmp_path):
    """Issue 10 item 6: a symlinked .md out of the tree is not rewritten; a planted tmp symlink is not followed."""
    docs = tmp_path / "docs"
    docs.mkdir()
    outside = tmp_path / "secret.md"
    outside.write_text('<!-- <Tiles notation="1m" /> -->\n')
    (docs / "link.md").symlink_to(outside)
    page = docs / "p.md"
    page.write_text('<!-- <Tiles notation="1m" /> -->\n')
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    for n in range(3):  # the old fixed temporary name, and guesses at others
        (docs / f"p.md.tmp{'' if not n else n}").symlink_to(victim)
    out = docs / "img"
    assert main(["build", str(docs), "--out", str(out), "--link-md"]) == 0
    assert outside.read_text() == '<!-- <Tiles notation="1m" /> -->\n'
    assert victim.read_text() == "keep"
    assert page.read_text().splitlines()[1].startswith('<img src="img/')
    assert not page.is_symlink()


def test_write_file_replaces_a_symlink_instead_of_writing_through(tmp_path):
    from service.pictures.jobs import write_file

    victim = tmp_path / "victim"
    victim.write_text("keep")
    target = tmp_path / "x.png"
    target.symlink_to(victim)
    write_file(target, b"new")
    assert victim.read_text() == "keep" and target.read_bytes() == b"new" and not target.is_symlink()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_build_renders_only_what_changed(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "a.mdx"
    page.write_text('<Tiles notation="123m" />\n<Tiles notation="r5p" />\n')
    out = tmp_path / "out"
    jobs, errors = collect([docs])
    assert errors == [] and build(jobs, out)["rendered"] == 6
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    assert build(collect([docs])[0], out)["rendered"] == 0
    page.write_text('<Tiles notation="123m" />\n<Tiles notation="0p" />\n<Tiles notation="4s" height="50" />\n')
    counts = build(collect([docs])[0], out)
    assert counts == {"images": 3, "rendered": 3, "skipped": 6}  # 0p shares r5p's files
    for name, mtime in before.items():
        if name != "manifest.json":
            assert (out / name).stat().st_mtime_ns == mtime


def test_progress_bar_only_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty, plain = Tty(), io.StringIO()
    for stream in (tty, plain):
        bar = Progress(2, stream)
        bar.step("1m")
        bar.step("2m")
        bar.close()
    assert "\r[" in tty.getvalue() and "2/2" in tty.getvalue()
    assert plain.getvalue() == ""


# -- the JS mirror of parse/layout/describe ----------------------------------------


def node_eval(script: str, data):
    """Run a node module that reads JSON `data` from stdin as `input` and prints JSON."""
    # required, not skipped: without it the JS twin could drift unseen (issue 16 item 8)
    if not shutil.which("node"):
        pytest.fail("node is required for the JS differential tests (apt-get install nodejs)")
    script = (
        f"import * as L from {json.dumps(TILE_LAYOUT_JS.as_uri())};\n"
        "let input = ''; process.stdin.on('data', d => input += d);\n"
        f"process.stdin.on('end', () => {{ input = JSON.parse(input); console.log(JSON.stringify({script})); }});\n"
    )
    run = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(data),
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def node_layouts(cases: list[tuple]) -> list:
    """tileLayout.js for each (notation, height) or (notation, height, {dora, ura, lang})."""
    return node_eval("input.map(([n, h, ind]) => L.tileLayout(n, h, null, ind))", cases)


def python_layout(notation: str, height: int, indicators: dict | None = None):
    """What the service draws: the size, alt text and distinct faces, or None when it refuses."""
    try:
        # the options a tag's props become (service/pictures/tag_props.py): an empty prop is none
        options = RenderOptions.from_query({"height": str(height), **(indicators or {})})
        hand = parse(notation)
    except (ParseError, OptionError):
        return None
    lay = arrange(hand, options)  # the hand, with any dora strips
    view = hand_json(hand, lay, options=options)  # what /tiles/<n>.json answers
    # faces: what the cost ceiling counts (service/layout/limits.py), for the component's densities
    return {"width": view["width"], "height": view["height"], "description": view["description"],
            "faces": distinct_faces(lay)}


KNOWN = [
    "1m", "123m456p789s11z", "11222333s22m+-456m+4s", "2z+x11xs+x11xp+x11xm+x11xz+2z", "5-5=55p",
    "-555=5p", "r5p 0s 0m", "1+2m", "11222333s + 22m + 456m", "6666666666666z+6z", "x11xs", "-1x", "x",
    "122334sr5677p+567p+7p", "1-23m+-4-56p+-7=7-7=7s", "  1m  ", "1m\u30002m", "1m\u200b2m", "1m\x1c2m",
    "1m\ufeff", "R5P", "123A", "8z", "0z", "r5z", "1m++2m", "+1m", "1m+", "=1m", "-=1m", "1-m", "r", "",
    "1" * 65 + "m", "1" * 64 + "m", "1m" * 129, "１m", "1m+x", "-x1m", "1=2m",
    # issue 25: bonus tiles, jokers, any-tiles
    "123mj?+1234f+5f", "1f", "12345678f", "0f", "9f", "r5f", "2j", "12?m", "1f-456m", "1m+-1f", "-J23M", "x1f1fx",
    "11m1f+-j-55p+j", "-5p=j5p", "1mj2m?", "?", "jjj+?", "11f", "1f+123m+4m", "123m+4m+1f", "5f 1m+-456p+1f+4m",
    "1f+-456p",
]


def test_js_layout_matches_python_on_known_notations():
    cases = [(n, h) for n in KNOWN for h in (38, 16, 24, 50, 17, 255)]
    assert node_layouts(cases) == [python_layout(n, h) for n, h in cases]
    # issue 39: the alt text in every language (red fives, jokers, bonus tiles, kans, ron)
    cases = [(n, 38, {"lang": lang}) for n in KNOWN for lang in ("ja", "zh")]
    want = [python_layout(*c) for c in cases]
    assert node_layouts(cases) == want
    assert sum(w is not None and w["description"].startswith(("手牌：", "副露：", "花牌：")) for w in want) > 60


INDICATORS = [
    {"dora": "3m"}, {"dora": "4z1m", "lang": "ja"}, {"dora": "3m", "ura": "4p", "lang": "ja"},
    {"dora": "R5p4Z", "ura": "1m", "lang": "zh"}, {"ura": "9s", "lang": "zh"}, {"dora": "12345m", "ura": "0p0s0m"},
    {"dora": "1m", "lang": "en"}, {"dora": " 7z "}, {"lang": "ja"},
    {"dora": "", "ura": "", "lang": ""}, {"dora": "5z", "ura": "5z"},
    # what the service refuses
    {"dora": "3mx"}, {"dora": "123456m"}, {"dora": "1m+2m"}, {"dora": "1m 2m"}, {"dora": "-1m"}, {"ura": "1f"},
    {"dora": "3a"}, {"dora": "   "}, {"dora": "3m", "lang": "fr"}, {"lang": "EN"}, {"ura": "x"},
    {"dora": "1mj2m?"}, {"dora": "123m1f"}, {"ura": "?"},  # no next tile to point at
]


def test_js_layout_matches_python_with_dora_strips():
    """Issue 29: the dora/ura strips and their labels in every language, at every height the label
    can be wider than its strip (small) or not, beside hands tall (a stacked kan) and short."""
    hands = ["123m", "11222333s22m+-456m+4s", "5-5=55p", "-555=5p+1-1=11z", "x", "123mj?+1234f+5f", "123a"]
    heights = (16, 17, 20, 24, 29, 38, 41, 64, 255, 256)
    cases = [(n, h, ind) for n in hands for h in heights for ind in INDICATORS]
    cases += [(n, h, {"dora": "1m", "ura": "2m", "lang": lang})
              for n in ("1m", "1-1=11z") for h in range(16, 257) for lang in ("en", "ja", "zh")]
    want = [python_layout(*c) for c in cases]
    assert [(c, g, w) for c, g, w in zip(cases, node_layouts(cases), want) if g != w] == []
    assert sum(w is not None and "; ura dora indicator: " in w["description"] for w in want) > 500


def test_js_reads_indicators_as_the_options_do():
    """The dora/ura props canonical as RenderOptions keeps them (the URL and the manifest key
    carry that form), or null where the options refuse them; on random indicator texts."""
    rng = random.Random(29)
    alphabet = "0123456789mpszfrxj?-=+ MPSZR\t"
    texts = ["3m", "4Z1m", "r5p", "0m0m", "1m2m", "1mj2m", "j", "?", "x", "11111m", "111111m", "  4z ", "1m-2m"]
    texts += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9))) for _ in range(3000)]
    texts += ["".join(rng.choice("0123456789r") for _ in range(rng.randint(1, 4))) + rng.choice("mpsz")
              + rng.choice(["", "4z", "j", "1s", "r5s"]) for _ in range(1000)]
    cases = [{"dora": t, "ura": rng.choice(["", "1m", t]), "lang": rng.choice(["", "en", "ja", "zh", "de"])}
             for t in texts]
    got = node_eval("input.map((p) => [L.indicatorOptions(p), L.indicatorProblem(p)])", cases)
    want = []
    for c in cases:
        try:
            o = RenderOptions.from_query(c)
            want.append([{"dora": o.dora, "ura": o.ura, "lang": o.lang}, None])
        except OptionError as err:
            want.append([None, f"Invalid {err.param}" + (" indicators " if err.param != "lang" else " ")
                         + c[err.param]])
    assert [(c, g, w) for c, g, w in zip(cases, got, want) if g != w] == []
    assert sum(w[0] is not None and w[0]["dora"] != "" for w in want) > 500


def test_component_node_suite():
    """docs/components/test/*.test.js (node:test, no npm packages): the layouts' own unit tests."""
    if not shutil.which("node"):
        pytest.fail("node is required for the JS tests (apt-get install nodejs)")
    folder = TILE_LAYOUT_JS.parent
    suites = sorted(str(p.relative_to(folder)) for p in (folder / "test").glob("*.test.js"))
    assert suites
    run = subprocess.run(["node", "--test", *suites], cwd=folder, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout


def test_js_layout_matches_python_on_random_notations():
    rng = random.Random(6)
    alphabet = "0123456789mpszfrxj?-=+ MPSZFRXJ\t\u3000a."
    cases = []
    for _ in range(3000):
        n = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24)))
        cases.append((n, rng.choice((16, 24, 38, 41, 64))))
    # and valid-looking hands, so most cases exercise the layout rather than errors
    for _ in range(2000):
        segs = []
        for _ in range(rng.randint(1, 5)):
            marks = ["", "", "", "", "", "-", "-", "="]
            seg = "".join(rng.choice(marks) + rng.choice("01234567891234567x") for _ in range(rng.randint(1, 5)))
            segs.append(seg + rng.choice("mpszmpszf") + rng.choice(["", "", "", "", "", "j", "?", "-j"]))
        cases.append((rng.choice(["+", " ", " + "]).join(segs), rng.choice((16, 24, 38, 41, 64))))
    cases += [(n, h, {"lang": rng.choice(("ja", "zh"))}) for n, h in cases[::3]]  # the alt text in each language
    got = node_layouts(cases)
    want = [python_layout(*c) for c in cases]
    mismatches = [(c, g, w) for c, g, w in zip(cases, got, want) if g != w]
    assert mismatches == []
    assert sum(w is not None for w in want) > 500


# -- docs/notation.md ------------------------------------------------------------------

def parser_messages() -> list[re.Pattern]:
    """Each message template in service/notation/grammar.py (fail(...) and ParseWarning(...)) as a regex."""
    return message_templates("notation/grammar", ("fail", "ParseWarning"))


def test_every_error_in_the_doc_is_what_the_parser_says():
    rows = doc_table("errors")
    actual = []
    for notation, _, _ in rows:
        with pytest.raises(ParseError) as err:
            parse(notation)
        actual.append((notation, err.value.position, err.value.message))
    assert rows == actual, "update docs/notation.md:\n" + table_text(actual)


def test_every_warning_in_the_doc_is_what_the_parser_says():
    rows = doc_table("warnings")
    actual = [(n, parse(n).warnings[0].position, parse(n).warnings[0].message) for n, _, _ in rows]
    assert rows == actual, "update docs/notation.md:\n" + table_text(actual)


def test_the_doc_lists_every_parser_message():
    messages = [m for _, _, m in doc_table("errors") + doc_table("warnings")]
    templates = parser_messages()
    assert len(templates) >= 18
    missing = [t.pattern for t in templates if not any(t.fullmatch(m) for m in messages)]
    assert missing == [], "messages of service/notation/grammar.py not in docs/notation.md"


def test_doc_images_are_current():
    """Each <!-- <Tiles> --> example has its built image under it; rebuild with
    `make docs` (tiles build docs --out docs/img --link-md --prune) when this fails."""
    text = [line for page in (NOTATION_MD, ROOT / "docs" / "tienjiu.md") for line in page.read_text().splitlines()]
    img_dir = ROOT / "docs" / "img"
    manifest = json.loads((img_dir / "manifest.json").read_text())["images"]
    named = set()
    examples = 0
    for n, line in enumerate(text):
        if not line.startswith("<!-- <Tiles"):
            continue
        examples += 1
        [tag] = scan_text(line)
        opts = tag_options(tag)  # rivers (<Tiles river row=..>) too
        hand = read(tag.notation, opts.layout)
        lay = arrange(hand, opts)
        name = file_name(image_id(hand, opts), 2)
        want = f'<img src="img/{name}" width="{lay.width}" height="{lay.height}" alt="{html.escape(describe(hand))}">'
        assert text[n + 1] == want
        with Image.open(img_dir / name) as img:
            assert img.size == (lay.width * 2, lay.height * 2)
        named |= {Path(manifest[manifest_key(tag.notation, opts)][f"{s}x"]).name for s in (1, 2, 3)}
    assert examples >= 9
    built = {Path(entry[f"{s}x"]).name for entry in manifest.values() for s in (1, 2, 3)}  # other pages' tags too
    assert named <= built
    assert {p.name for p in img_dir.glob("*.png")} == built  # nothing stale left behind


def test_link_markdown_inserts_then_keeps(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "p.md"
    page.write_text('# Hi\n<!-- <Tiles notation="123m" /> -->\ntext\n')
    out = docs / "img"
    build(collect([docs])[0], out)
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert link_markdown(page, out, images) is True
    lines = page.read_text().splitlines()
    assert lines[2].startswith('<img src="img/') and 'alt="Hand: 1m 2m 3m"' in lines[2]
    assert lines[3] == "text"
    assert link_markdown(page, out, images) is False


def test_missing_path_is_an_error_not_an_empty_pass(tmp_path, capsys):
    assert main(["lint", str(tmp_path / "nope")]) == 2
    assert main(["build", str(tmp_path / "nope"), "--out", str(tmp_path / "o")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_public_path_gets_its_slash(tmp_path, capsys):
    (tmp_path / "a.md").write_text('\ufeff<Tiles notation="1m" />\n')  # with a BOM
    assert main(["build", str(tmp_path / "a.md"), "--out", str(tmp_path / "o"), "--public-path", "/t"]) == 0
    entry = json.loads((tmp_path / "o" / "manifest.json").read_text())["images"]["1m"]
    assert entry["1x"].startswith("/t/")
    (tmp_path / "b.md").write_text('\ufeff<Tiles notation="1a" />\n')
    assert [(p.line, p.col) for p in lint.lint_paths([str(tmp_path / "b.md")])] == [(1, 19)]


def test_check_wins_says_why_a_hand_has_no_shanten(tmp_path):
    """Issue 11 item 4: the reason, not 'shanten None'."""
    pytest.importorskip("service.analysis")
    doc = tmp_path / "d.mdx"
    doc.write_text('<Tiles notation="234567m23455p+-345s+5p" caption="Tsumo" />\n')
    [p] = lint.lint_paths([str(doc)], check_wins=True)
    assert p.message == ("the caption says it wins, but the hand is not complete "
                         "(12 concealed tiles with 1 meld: at most 11 fit in a hand)")


def test_the_reader_checks_every_prop(tmp_path):
    doc = tmp_path / "d.mdx"
    doc.write_text('<Tiles notation="1m" inline="yes" />\n<Tiles notation="1m" height={40.5} />\n'
                   '<Tiles notation="1m" colour="red" />\n<Tiles notation="1m" caption={3} />\n')
    assert [str(p).split(":", 1)[1] for p in lint.lint_paths([str(doc)])] == [
        "1:1: inline takes no value: write inline, or inline={false}",
        "2:1: height must be a whole number from 16 to 256, not '40.5'",
        "3:1: warning: <Tiles> has no prop 'colour'; it is ignored",
        "4:1: caption must be a string, like caption=\"...\"",
    ]


# -- the spec the JS side imports ------------------------------------------------------


def test_js_spec_is_generated_from_the_python_constants():
    """docs/components/tilesSpec.js is what service.pictures.spec writes now; regenerate with `make docs`."""
    from service.pictures.spec import SPEC_JS, spec_js

    assert SPEC_JS.read_text(encoding="utf-8") == spec_js(), "run `python -m service.pictures.spec` (or make docs)"


def test_js_reads_the_spec_the_python_side_wrote():
    """What node imports equals the Python values, and tileLayout.js copies no constant."""
    from service.notation.options import MAX_HEIGHT, MIN_HEIGHT
    from service.pictures.spec import spec

    script = (
        f"import SPEC from {json.dumps((ROOT / 'docs/components/tilesSpec.js').as_uri())};\n"
        f"import * as L from {json.dumps(TILE_LAYOUT_JS.as_uri())};\n"
        "console.log(JSON.stringify({spec: SPEC, widths: SPEC.tileWidths.map((_, i) => L.tileWidth(i + SPEC.minHeight)),"
        " ok: [15, 16, 256, 257, 38.5].map(L.heightOk)}));\n"
    )
    if not shutil.which("node"):
        pytest.fail("node is required for the JS differential tests")
    got = json.loads(subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                                    text=True, check=True).stdout)
    assert got["spec"] == json.loads(json.dumps(spec()))
    assert got["widths"] == [layout(parse("1m"), h).width for h in range(MIN_HEIGHT, MAX_HEIGHT + 1)]
    assert got["ok"] == [False, True, True, False, False]
    source = TILE_LAYOUT_JS.read_text() + (ROOT / "docs/components/Tiles.js").read_text()
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)  # comments may show examples
    copied = re.findall(r"\b(?:0\.75|256|38|24|16|64)\b|\"East\"", code)
    assert copied == [], "constants copied into the JS side; take them from tilesSpec.js"


def test_a_tag_asking_for_svg_is_built_as_svg(tmp_path, capsys):
    """`<Tiles format="svg">`: lint takes the prop (and theme="auto" with it), build writes one
    SVG under a key the component looks up, beside the PNG of the same notation."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="123m" format="svg" />\n<Tiles notation="123m" />\n'
                                '<Tiles notation="5z" format="svg" theme="auto" />\n')
    assert lint.lint_paths([str(docs)]) == []
    out = tmp_path / "static"
    stale = out / "0123456789abcdef.svg"
    out.mkdir()
    stale.write_text("<svg/>")
    assert main(["build", str(docs), "--out", str(out), "--theme", "light", "--theme", "dark", "--prune"]) == 0
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert set(images) == {"123m", "123m?theme=dark", "123m?format=svg", "123m?theme=dark&format=svg",
                           "5z?theme=auto&format=svg"}
    svg = images["123m?format=svg"]
    assert set(svg) == {"1x", "width", "height", "alt"} and svg["1x"].endswith(".svg")
    assert (out / svg["1x"]).read_text().startswith("<svg") and (svg["width"], svg["height"]) == (84, 38)
    auto = (out / images["5z?theme=auto&format=svg"]["1x"]).read_text()
    assert "prefers-color-scheme" in auto
    assert set(images["123m"]) == {"1x", "2x", "3x", "width", "height", "alt"}
    assert not stale.exists() and f"removed {stale}" in capsys.readouterr().out
    assert sorted(p.suffix for p in out.iterdir() if p.name != "manifest.json").count(".svg") == 3


def test_a_format_other_than_png_or_svg_is_an_error_at_its_place(tmp_path):
    doc = tmp_path / "d.mdx"
    doc.write_text('<Tiles notation="1m" format="webp" />\n<Tiles notation="1m" theme="auto" />\n')
    assert [str(p).split(":", 1)[1] for p in lint.lint_paths([str(doc)])] == [
        "1:30: format must be png or svg, not 'webp'",
        "2:29: theme auto is for SVG only (one file for light and dark pages); use light, dark, print, contrast for png",
    ]


def test_link_md_keeps_crlf_and_writes_through_a_symlink_in_place(tmp_path):
    """Issue 23 item 17: only the added lines change; a symlinked (or hard-linked) page stays linked."""
    docs = tmp_path / "docs"
    (docs / "real").mkdir(parents=True)
    crlf = docs / "real" / "crlf.md"
    crlf.write_bytes(b'# Hands\r\n\r\n<!-- <Tiles notation="1m" /> -->\r\nText\r\n<!-- <Tiles notation="2m" /> -->')
    link = docs / "link.md"
    link.symlink_to(Path("real") / "crlf.md")
    lf = docs / "lf.md"
    lf.write_bytes(b'<!-- <Tiles notation="3m" /> -->\n<img src="old/x.png">\nEnd\n')
    hard = tmp_path / "hard.md"
    hard.hardlink_to(lf)
    inode = crlf.stat().st_ino
    assert main(["build", str(docs), "--out", str(docs / "img"), "--link-md"]) == 0
    assert link.is_symlink() and crlf.stat().st_ino == inode
    lines = crlf.read_bytes().split(b"\r\n")
    assert [l for l in lines if not l.startswith(b"<img ")] == [
        b"# Hands", b"", b'<!-- <Tiles notation="1m" /> -->', b"Text", b'<!-- <Tiles notation="2m" /> -->']
    assert lines[3].startswith(b'<img src="../img/') and lines[-1].startswith(b'<img src="../img/')
    assert b"\n" not in crlf.read_bytes().replace(b"\r\n", b"")
    assert hard.read_bytes() == lf.read_bytes()  # same file: written in place
    assert lf.read_bytes().split(b"\n")[1].startswith(b'<img src="img/')
    before = crlf.read_bytes()
    assert main(["build", str(docs), "--out", str(docs / "img"), "--link-md"]) == 0
    assert crlf.read_bytes() == before


def test_prune_spares_a_folder_that_tiles_batch_writes_to(tmp_path, capsys):
    """Issue 23, also seen: --prune deleted remark-tiles' images when both used static/tiles."""
    import subprocess
    import sys

    static = tmp_path / "static" / "tiles"
    request = json.dumps({"id": 1, "source": '<Tiles notation="456p" />', "themes": ["light"]})
    subprocess.run([sys.executable, "-m", "service.cli", "batch", "--out", str(static)], input=request + "\n",
                   capture_output=True, text=True, timeout=120, check=True)
    drawn = sorted(p.name for p in static.glob("*.png"))
    assert len(drawn) == 3 and (static / ".tiles-batch").is_file()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text('<Tiles notation="1m" />\n')
    assert main(["build", str(tmp_path / "docs"), "--out", str(static), "--prune"]) == 2
    assert "also holds the images remark-tiles draws" in capsys.readouterr().err
    assert sorted(p.name for p in static.glob("*.png")) == drawn
    assert main(["build", str(tmp_path / "docs"), "--out", str(static)]) == 0  # without --prune: both live there
    assert len(list(static.glob("*.png"))) == 6


def test_build_on_several_processes_writes_the_same_bytes(tmp_path, capsys):
    """Issue 26: `--jobs N` draws on N processes; every file and the manifest are byte for
    byte those of one process, whatever N."""
    docs = tmp_path / "docs"
    docs.mkdir()
    hands = ["11222333s22m+-456m+4s", "5-5=55p", "13579m2468p1357s+7z", "123m", "r5p0s", "1234567z"]
    (docs / "a.mdx").write_text("".join(f'<Tiles notation="{h}" />\n' for h in hands) + '<Tiles notation="19m" height="50" />\n')
    jobs, errors = collect([docs], ("light", "dark"))
    assert errors == []
    trees = {}
    for workers in (1, 3):
        out = tmp_path / f"out{workers}"
        assert build(jobs, out, workers=workers) == {"images": 14, "rendered": 42, "skipped": 0}
        trees[workers] = {p.name: p.read_bytes() for p in out.iterdir()}
    assert trees[1] == trees[3] and len(trees[1]) == 43
    code, lines, _ = run_cli(["build", str(docs), "--out", str(tmp_path / "cli"), "--theme", "light",
                              "--theme", "dark", "-j", "2"], capsys)
    assert code == 0 and {p.name: p.read_bytes() for p in (tmp_path / "cli").iterdir()} == trees[1]
    with pytest.raises(SystemExit):
        run_cli(["build", str(docs), "--out", str(tmp_path / "x"), "--jobs", "0"], capsys)
    assert "--jobs must be at least 1" in capsys.readouterr().err
