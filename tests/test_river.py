"""Rivers: the discard grammar, the rows, the dimmed tsumogiri tiles, options, CLI, docs tools and the JS twin."""

from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat

import tile_art
from service.docs import lint
from service.docs.build import build, collect
from service.pictures.jobs import manifest_key
from service.layout.limits import distinct_faces
from service.cli import main
from service.notation.describe import describe
from service.drawing.dimmed import dimmed
from service.notation.grammar import ParseError, parse
from service.notation.options import DEFAULT_ROW, MAX_ROW, MIN_ROW, OptionError, RenderOptions
from service.drawing.render import compose, render
from service.notation.river import River, describe_river, parse_river
from service.notation.words import WORDS
from service.layout.river_layout import ROWS, river_layout
from service.layout.arrange import arrange
from service.notation.subject import layout_of, read
from service.notation.views import hand_json

from doc_tables import doc_table, message_templates, table_text  # tests/doc_tables.py

ROOT = Path(__file__).parents[1]
RIVER_JS = ROOT / "docs" / "components" / "riverLayout.js"
TW = tile_art.tile_width(38)


# -- grammar ------------------------------------------------------------------------


def marks(river: River) -> list[tuple[str, bool, bool]]:
    return [(t.code, t.sideways, t.tsumogiri) for t in river.tiles]


def test_tiles_read_as_in_a_hand_with_riichi_and_tsumogiri_marks():
    river = parse_river("1m *2m 34-5p *6s")
    assert marks(river) == [
        ("1m", False, False), ("2m", False, True), ("3p", False, False),
        ("4p", False, False), ("5p", True, False), ("6s", False, True),
    ]
    assert river.riichi == 4
    assert [t.kind for t in river.tiles] == [t.kind for t in parse("12m345p6s").tiles]
    assert parse_river("123m").riichi is None


def test_tsumogiri_riichi_tile_either_order_and_red_fives():
    assert parse_river("*-5m") == parse_river("-*5m") == parse_river("- * 5M")
    assert marks(parse_river("*-5m")) == [("5m", True, True)]
    assert marks(parse_river("*r5p*0s")) == [("0p", False, True), ("0s", False, True)]
    assert parse_river("R5P 0S") == parse_river("0p0s")


def test_whitespace_is_ignored_everywhere():
    for spaced, plain in [("12 3m", "123m"), ("  1m\t2m\n3m  ", "1m2m3m"), ("- 5m", "-5m"),
                          ("* 5m", "*5m"), ("r 5m", "r5m"), ("1m\u30002m", "1m2m"), ("1 2 3 m", "123m")]:
        assert parse_river(spaced) == parse_river(plain), spaced


def test_a_river_is_one_group_of_kind_river():
    river = parse_river("12m-3p")
    assert [g.kind for g in river.groups] == ["river"]
    assert river.groups[0].tiles == river.tiles
    assert layout_of(river) == "river" and layout_of(parse("12m")) == "hand"


def test_canonical_spelling():
    assert parse_river("-*R5P *4S 1m2m").canonical() == "*-0p*4s12m"
    assert parse_river("1 2 3 m").canonical() == "123m"
    assert parse_river("1m-2m3m*4p").canonical() == "1-23m*4p"


tile_text = st.builds(
    lambda mark, digit, suit: mark + digit + suit,
    st.sampled_from(["", "", "", "*", "-", "*-", "-*"]),
    st.sampled_from("0123456789"),
    st.sampled_from("mps"),
) | st.builds(lambda mark, d: mark + d + "z", st.sampled_from(["", "*"]), st.sampled_from("1234567"))


@given(st.lists(tile_text, min_size=1, max_size=30), st.data())
def test_canonical_round_trips_and_spaces_change_nothing(tiles, data):
    seen = False
    kept = []
    for t in tiles:  # at most one riichi mark
        if "-" in t:
            if seen:
                t = t.replace("-", "")
            seen = True
        kept.append(t)
    text = "".join(kept)
    river = parse_river(text)
    assert len(river.tiles) == len(kept)
    assert parse_river(river.canonical()) == river
    assert parse_river(river.canonical()).canonical() == river.canonical()
    spaced = "".join(c + data.draw(st.sampled_from(["", "", " ", "\t"])) for c in text)
    assert parse_river(spaced) == river


def river_error(text: str) -> tuple[int, str]:
    with pytest.raises(ParseError) as err:
        parse_river(text)
    assert err.value.notation == text
    return err.value.position, err.value.message


def test_what_makes_no_sense_in_a_river_is_an_error_at_its_position():
    assert river_error("12x3m") == (2, "a river has no face-down tiles: every discard lies face up")
    assert river_error("1m X") == (3, "a river has no face-down tiles: every discard lies face up")
    assert river_error("-5=5m") == (2, "'=' adds a tile to a called kan; a river has no melds")
    assert river_error("12m+3m")[0] == 3
    assert river_error("12m 3m+")[0] == 6
    assert river_error("-1m 2m -3m") == (7, "a river has one riichi tile; the '-' before discard 1 marks it already")
    # counted as the reader counts: discards from 1, whitespace and marks aside (no 0-based position)
    assert river_error("1m *2m-r5p 4m -3m")[1].endswith("the '-' before discard 3 marks it already")
    assert river_error("--5m")[0] == 1  # a second '-' is a second riichi mark


def test_tsumogiri_mark_errors():
    assert river_error("**5m") == (1, "'*' cannot follow '*': one tsumogiri mark per tile")
    assert river_error("*-*5m") == (2, "'*' cannot follow '*': one tsumogiri mark per tile")
    assert river_error("r*5m") == (1, "'*' goes before the 'r' of a red five, as in *r5m")
    assert river_error("12*m") == (2, "'*' must come right before a tile")
    assert river_error("5m *") == (3, "'*' must come right before a tile")
    assert river_error("*-m") == (0, "'*' must come right before a tile")


def test_tile_errors_point_into_the_river_text():
    """Tiles are read by the hand parser; its positions come back as river positions."""
    assert river_error("1m 2a") == (4, "'a' is not a suit letter (use m, p, s or z)")
    assert river_error(" * 8z") == (3, "honors go from 1z to 7z; there is no 8z")
    assert river_error("1 2 3") == (0, "'1' has no suit letter after it (add m, p, s or z)")
    assert river_error("*- r6m") == (4, "'r' marks a red five and must be followed by 5")
    assert river_error("1-m") == (1, "'-' must come right before a tile")
    assert river_error("1m 5") == (3, "'5' has no suit letter after it (add m, p, s or z)")
    assert river_error("   ") == (0, "empty notation: write tiles like 123m")
    assert river_error("1m" * 129) == (256, "river is 258 characters long; the limit is 256")
    assert river_error("1" * 65 + "m")[1] == "more than 64 tiles; the limit is 64"


def test_warnings_point_into_the_river_text():
    river = parse_river("1m 1m 1m 1m *1m")
    assert [(w.position, w.message) for w in river.warnings] == [(13, "more than four copies of 1m; a set has four")]


@given(st.text(alphabet="0123456789mpszfrxj?-=+* MPSZFRXJ\ta.", max_size=30))
def test_any_text_parses_or_fails_with_a_position_inside_it(text):
    try:
        river = parse_river(text)
    except ParseError as err:
        assert 0 <= err.position <= max(len(text), 1)
        return
    assert river.tiles and not any(t.face_down or t.stacked for t in river.tiles)
    assert sum(t.sideways for t in river.tiles) <= 1


# -- alt text ------------------------------------------------------------------------


def test_description_reads_as_alt_text():
    assert describe_river(parse_river("1234-5m6m")) == "River: 1m 2m 3m 4m, riichi on 5m, 6m"
    assert describe_river(parse_river("1234m-5m6m*8p")) == "River: 1m 2m 3m 4m, riichi on 5m, 6m 8p; tsumogiri: 8p"
    assert describe_river(parse_river("*-1z")) == "River: riichi on East; tsumogiri: East"
    assert describe_river(parse_river("12m-3m")) == "River: 1m 2m, riichi on 3m"
    assert describe_river(parse_river("7z*7z0p*0p")) == (
        "River: Red Red 5p (red) 5p (red); tsumogiri: Red (2nd discard) 5p (red, 4th discard)")
    assert describe(parse_river("1m")) == "River: 1m"  # the one describe() serves both


# -- layout ---------------------------------------------------------------------------


def rows_of(lay, th: int) -> list[list]:
    """Placements grouped by the row whose baseline they stand on."""
    rows: dict[int, list] = {}
    for p in lay.placements:
        bottom = p.y + p.h
        assert bottom % th == 0, "every tile stands on a row's baseline"
        rows.setdefault(bottom // th - 1, []).append(p)
    return [rows[k] for k in sorted(rows)]


EXPECTED_ROWS = {1: [1], 6: [6], 7: [6, 1], 12: [6, 6], 13: [6, 6, 1], 20: [6, 6, 8]}


@pytest.mark.parametrize("count", sorted(EXPECTED_ROWS))
def test_rows_break_at_six_and_the_third_takes_the_rest(count):
    want = EXPECTED_ROWS[count]
    # no riichi tile, then the riichi tile first, last and in the middle of each row
    riichis = [None]
    start = 0
    for size in want:
        riichis += sorted({start, start + size // 2, start + size - 1})
        start += size
    for riichi in riichis:
        text = "".join(("-" if n == riichi else "") + "123456789"[n % 9] + "mps"[n // 9 % 3] for n in range(count))
        for h in (38, 16, 41):
            tw = tile_art.tile_width(h)
            lay = river_layout(parse_river(text), height=h)
            rows = rows_of(lay, h)
            assert [len(r) for r in rows] == want, (text, h)
            assert lay.height == len(want) * h  # rows touch: no gap, one tile height each
            ends = []
            for n, row in enumerate(rows):
                assert [p.y + p.h for p in row] == [(n + 1) * h] * len(row)  # a shared baseline
                x = 0
                for p in row:
                    assert p.x == x  # left-aligned, tiles touch
                    assert (p.w, p.h) == ((h, tw) if p.sideways else (tw, h))
                    x += p.w
                ends.append(x)
                sideways = sum(p.sideways for p in row)
                assert x == len(row) * tw + sideways * (h - tw)  # the riichi tile's sideways width
            assert lay.width == max(ends)
            assert [p.tile for p in lay.placements] == list(parse_river(text).tiles)


def test_row_option_sets_the_row_length():
    text = "123456789m123456789p12s"  # 20 discards
    for row in range(MIN_ROW, MAX_ROW + 1):
        lay = river_layout(parse_river(text), row=row)
        sizes = [len(r) for r in rows_of(lay, 38)]
        assert sizes == [row, row] + ([20 - 2 * row] if 2 * row < 20 else [])
        assert lay.width == max(sizes) * TW
    assert ROWS == 3


def test_explicit_numbers_at_38px():
    lay = river_layout(parse_river("123456m 7-8p9p"))
    assert (lay.width, lay.height) == (6 * 28, 76)
    assert [(p.x, p.y, p.w, p.h) for p in lay.placements[6:]] == [(0, 38, 28, 38), (28, 48, 38, 28), (66, 38, 28, 38)]


# -- options ---------------------------------------------------------------------------


def test_layout_and_row_options():
    opts = RenderOptions.from_query({"layout": "river", "row": "8"})
    assert (opts.layout, opts.row) == ("river", 8)
    assert RenderOptions().layout == "hand" and RenderOptions().row == DEFAULT_ROW == 6
    for params, param in [({"layout": "pond"}, "layout"), ({"row": "3"}, "row"), ({"row": "11"}, "row"),
                          ({"layout": "river", "row": "x"}, "row")]:
        with pytest.raises(OptionError) as err:
            RenderOptions.from_query(params)
        assert err.value.param == param


def test_cache_key_names_what_changes_pixels():
    hand, river = RenderOptions(), RenderOptions(layout="river")
    assert hand.key() == "h38-s1-light-bgnone-gauto-png"  # unchanged for hands
    assert river.key() != hand.key()
    assert RenderOptions(layout="river", row=7).key() != river.key()
    assert RenderOptions(layout="river", gap=5).key() == river.key()  # a river has no gaps
    assert RenderOptions(row=7).key() == hand.key()  # a hand has no rows


# -- pixels ----------------------------------------------------------------------------


def test_png_size_is_the_json_size_times_scale(tmp_path, capsys):
    for text, row, h in [("1m", 6, 38), ("123456789m-1p23p", 6, 38), ("123456789m123456789p12s", 4, 50),
                         ("*-5s" + "1z" * 12, 10, 17)]:
        assert main(["parse", text, "--layout", "river", "--row", str(row), "--height", str(h)]) == 0
        view = json.loads(capsys.readouterr().out)
        for scale in (1, 2, 3):
            out = tmp_path / f"r{scale}.png"
            assert main(["render", text, "-o", str(out), "--layout", "river", "--row", str(row),
                         "--height", str(h), "--scale", str(scale)]) == 0
            with Image.open(out) as img:
                assert img.size == (view["width"] * scale, view["height"] * scale)


def tile_pixels(img: Image.Image, p, s: int) -> Image.Image:
    return img.crop((p.x * s, p.y * s, (p.x + p.w) * s, (p.y + p.h) * s))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_tsumogiri_tiles_are_visibly_dimmed(theme):
    opts = RenderOptions(layout="river", theme=theme)
    plain, thrown = parse_river("1m2p3s-4z"), parse_river("1m*2p3s*-4z")
    a, b = compose(plain, opts), compose(thrown, opts)
    lay = arrange(thrown, opts)
    for n, p in enumerate(lay.placements):
        pa, pb = tile_pixels(a, p, 1), tile_pixels(b, p, 1)
        assert pa.getchannel("A").tobytes() == pb.getchannel("A").tobytes()  # same shape
        mean = sum(ImageStat.Stat(ImageChops.difference(pa.convert("RGB"), pb.convert("RGB"))).mean) / 3
        if p.tile.tsumogiri:
            assert mean > 25, (n, mean)  # clearly fainter at 38 px, not a rounding difference
        else:
            assert mean == 0, n


def test_dimmed_keeps_alpha_and_leaves_the_cached_face_alone():
    face = tile_art.face("7z", 38)
    before = face.tobytes()
    out = dimmed(face)
    assert face.tobytes() == before
    assert out.getchannel("A").tobytes() == face.getchannel("A").tobytes()
    assert out.tobytes() != before


def test_compose_lays_a_river_out_by_itself():
    river = parse_river("123456m7p")
    opts = RenderOptions(layout="river", scale=2)
    assert compose(river, opts).size == (6 * 28 * 2, 2 * 38 * 2)
    assert render(river, opts)[:8] == b"\x89PNG\r\n\x1a\n"


# -- JSON view and CLI -----------------------------------------------------------------


def test_json_view_of_a_river():
    river = parse_river("1m *-2m 3m")
    view = hand_json(river, arrange(river, RenderOptions(layout="river")))
    assert view["layout"] == "river" and view["canonical"] == "1*-23m"
    [group] = view["groups"]
    assert group["kind"] == "river"
    assert [t.get("tsumogiri", False) for t in group["tiles"]] == [False, True, False]
    assert group["tiles"][1]["sideways"] is True
    assert (group["tiles"][1]["x"], group["tiles"][1]["w"], view["width"], view["height"]) == (28, 38, 94, 38)
    assert view["description"] == "River: 1m, riichi on 2m, 3m; tsumogiri: 2m"
    assert "analysis" not in view
    assert hand_json(parse("1m"))["layout"] == "hand"


def test_cli_parse_river_has_no_analysis(capsys):
    assert main(["parse", "-*5m1z", "--layout", "river"]) == 0  # a word starting '-*' is a notation
    view = json.loads(capsys.readouterr().out)
    assert view["layout"] == "river" and "analysis" not in view
    assert view["canonical"] == "*-5m1z"


def test_cli_river_errors_have_a_caret_and_exit_2(capsys):
    assert main(["parse", "1m 2m x", "--layout", "river"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "error: a river has no face-down tiles: every discard lies face up"
    assert err[2].index("^") == err[1].index("1m 2m x") + 6
    assert main(["render", "1m", "-o", "-", "--layout", "river", "--row", "3"]) == 2
    assert "row must be a whole number from 4 to 10" in capsys.readouterr().err
    assert main(["parse", "*5m"]) == 2  # '*' is a river mark, not hand notation
    assert "'*' marks tsumogiri only in a river (layout=river)" in capsys.readouterr().err


# -- lint and build --------------------------------------------------------------------


def test_lint_reads_river_tags_with_the_river_grammar(tmp_path):
    doc = tmp_path / "d.mdx"
    doc.write_text(
        '<Tiles river notation="1m *-2m 3m" />\n'
        '<Tiles river notation="1m x" />\n'
        '<Tiles notation="*1m" />\n'
        '<Tiles river={true} row="3" notation="1m" />\n'
        '<Tiles river notation="1m1m1m1m*1m" caption="Tsumo" />\n'
    )
    problems = [str(p).split(":", 1)[1] for p in lint.lint_paths([str(doc)], check_wins=True)]
    assert problems == [
        "2:27: a river has no face-down tiles: every discard lies face up",
        "3:18: '*' marks tsumogiri only in a river (layout=river); after a tile it lays it sideways in"
        " riichi-hand-rs; here write '-' before the tile: -4m",
        "4:26: row must be a whole number from 4 to 10, not '3'",
        "5:33: warning: more than four copies of 1m; a set has four",
    ]


def test_build_renders_rivers_under_their_own_keys(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text(
        '<Tiles river notation="123456m*-7p8p" />\n<Tiles notation="123456m-7p8p" />\n'
        '<Tiles river row={4} notation="123456m*-7p8p" height="50" />\n')
    jobs, errors = collect([docs])
    assert errors == []
    build(jobs, tmp_path / "out")
    images = json.loads((tmp_path / "out" / "manifest.json").read_text())["images"]
    assert set(images) == {"123456m*-7p8p?layout=river", "123456m-7p8p", "123456m*-7p8p?height=50&layout=river&row=4"}
    for key, e in images.items():
        notation, _, query = key.partition("?")
        opts = RenderOptions.from_query(dict(q.split("=") for q in query.split("&") if q))
        subject = read(notation, opts.layout)
        lay = arrange(subject, opts)
        assert (e["width"], e["height"], e["alt"]) == (lay.width, lay.height, describe(subject))
        with Image.open(tmp_path / "out" / e["2x"]) as img:
            assert img.size == (lay.width * 2, lay.height * 2)
    assert images["123456m*-7p8p?layout=river"]["alt"].startswith("River: ")
    assert manifest_key("1m", RenderOptions(row=8)) == "1m"  # a hand has no rows


# -- docs/notation.md --------------------------------------------------------------------

def river_messages() -> list[re.Pattern]:
    """Each message template of service/notation/river.py's fail(...) and ParseError(...) calls."""
    return message_templates("notation/river", ("fail", "ParseError"))


def test_every_river_error_in_the_doc_is_what_the_parser_says():
    rows = doc_table("river-errors")
    actual = [(n, *river_error(n)) for n, _, _ in rows]
    assert rows == actual, "update docs/notation.md:\n" + table_text(actual)


def test_the_doc_lists_every_river_message():
    messages = [m for _, _, m in doc_table("river-errors")]
    templates = river_messages()
    assert len(templates) >= 8
    assert [t.pattern for t in templates if not any(t.fullmatch(m) for m in messages)] == []


# -- the JS twin (docs/components/riverLayout.js) ------------------------------------------


def node_json(script: str, data):
    if not shutil.which("node"):
        if os.environ.get("CI") == "true":
            pytest.fail("node is required on CI")
        pytest.skip("node is not installed")
    run = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(data),
                         capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def js_river_layouts(cases: list[tuple]) -> list:
    """riverLayout.js for each (notation, height, row) or (notation, height, row, {dora, ura, lang})."""
    script = (
        f"import {{ riverLayout }} from {json.dumps(RIVER_JS.as_uri())};\n"
        "let input = ''; process.stdin.on('data', d => input += d);\n"
        "process.stdin.on('end', () => console.log(JSON.stringify("
        "JSON.parse(input).map(([n, h, r, ind]) => riverLayout(n, h, r, ind)))));\n"
    )
    return node_json(script, cases)


def python_river(notation: str, height: int, row: int, indicators: dict | None = None):
    try:
        opts = RenderOptions.from_query({"height": str(height), "layout": "river", "row": str(row),
                                         **(indicators or {})})
        river = read(notation, opts.layout)
    except (ParseError, OptionError):
        return None
    lay = arrange(river, opts)  # with any dora strips
    view = hand_json(river, lay, options=opts)  # what /tiles/<n>.json?layout=river answers
    # faces: what the cost ceiling counts (service/layout/limits.py), for the component's densities
    return {"width": view["width"], "height": view["height"], "description": view["description"],
            "faces": distinct_faces(lay)}


def test_js_constants_are_the_python_ones():
    script = (
        f"import * as r from {json.dumps(RIVER_JS.as_uri())};\n"
        "console.log(JSON.stringify([r.ROWS, r.DEFAULT_ROW, r.MIN_ROW, r.MAX_ROW]));\n"
    )
    assert node_json(script, None) == [ROWS, DEFAULT_ROW, MIN_ROW, MAX_ROW]


KNOWN_RIVERS = [
    "1m", "123456m-7p8p", "*-5m", "-*5m", "*r5p*0s", "1m *2m 34-5p *6s", "12 3m", "1m\u30002m", "1m\x1c2m",
    "**5m", "*-*5m", "r*5m", "12*m", "5m *", "12x3m", "-5=5m", "12m+3m", "-1m-2m", "--5m", "1m 2a", "*8z",
    "1 2 3", "r 5m", "- 5m", "", "   ", "1m" * 129, "1" * 64 + "m", "1" * 65 + "m", "7z*7z0p*0p",
    "1234m-5m6m*8p", "１m", "*", "-", "1m-", "*r", "R5P", "1z" * 30 + "-*7z",
    "1m *j -? 2m", "*J1m", "12f", "1m 2j", "j?j?*j*?-j",  # issue 25
]


def test_js_river_layout_matches_python_on_known_rivers():
    cases = [(n, h, r) for n in KNOWN_RIVERS for h in (38, 16, 41) for r in (4, 6, 10)]
    cases += [("123m", 38, 3), ("123m", 38, 11), ("123m", 38, 6.5)]  # rows the service refuses
    got = js_river_layouts(cases)
    want = [python_river(*c) if isinstance(c[2], int) else None for c in cases]
    assert [(c, g) for c, g, w in zip(cases, got, want) if g != w] == []


def test_js_river_layout_matches_python_with_dora_strips():
    """Issue 29: a river hangs from the strips' top; the strips' labels in every language."""
    inds = [{"dora": "3m"}, {"dora": "4z1m", "ura": "0p", "lang": "ja"}, {"ura": "12345s", "lang": "zh"},
            {"dora": "1m", "ura": "2m", "lang": "en"}, {"lang": "zh"}, {"dora": "x"}, {"dora": "1m", "lang": "kr"}]
    rivers = ["1m", "123456m-7p8p", "1m9p*2z3s*5p8s -*4m7z*1s6p*0s2m 3p*3p9s1z", "1z" * 30 + "-*7z", "12x"]
    cases = [(n, h, r, ind) for n in rivers for h in (16, 18, 24, 38, 41, 256) for r in (4, 6) for ind in inds]
    want = [python_river(*c) for c in cases]
    assert [(c, g, w) for c, g, w in zip(cases, js_river_layouts(cases), want) if g != w] == []
    dora = [w["labels"]["dora"] for w in WORDS.values()]  # the alt text names the strips in the tag's lang
    assert sum(w is not None and any(d in w["description"] for d in dora) for w in want) > 100
    assert sum(w is not None and "ドラ表示牌" in w["description"] for w in want) > 20


def random_river(rng: random.Random) -> str:
    riichi = rng.randrange(40) if rng.random() < 0.7 else -1
    parts = []
    for n in range(rng.randint(1, 30)):
        mark = rng.choice(["", "", "", "*"])
        if n == riichi:
            mark = rng.choice(["-", "*-", "-*"])
        suit = rng.choice("mpsz")
        digit = rng.choice("1234567" if suit == "z" else "01234567890r")
        digit = "r5" if digit == "r" else digit
        run = rng.random() < 0.6  # share the suit letter with the next tile
        parts.append(mark + digit + ("" if run and suit != "z" else suit) + rng.choice(["", "", " ", "\t"]))
    text = "".join(parts)
    return text if text.rstrip()[-1:] in ("m", "p", "s", "z") else text + rng.choice("mps")


def test_js_river_layout_matches_python_on_random_rivers():
    rng = random.Random(13)
    cases = [(random_river(rng), rng.choice((16, 24, 38, 41, 64)), rng.randint(4, 10)) for _ in range(2500)]
    alphabet = "0123456789mpszfr*-x=+ MPSZRjJ?\t\u3000a."
    cases += [("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24))), 38, rng.randint(4, 10))
              for _ in range(2500)]
    got = js_river_layouts(cases)
    want = [python_river(*c) for c in cases]
    assert [(c, g, w) for c, g, w in zip(cases, got, want) if g != w] == []
    valid = [w for w in want[:2500] if w is not None]
    assert len(valid) > 1000
    assert sum(w["height"] > 2 * 38 for w, c in zip(want, cases) if w and c[1] == 38) > 50  # third rows
    assert sum("riichi on" in w["description"] for w in valid) > 150


# -- HTTP ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    from service.http import create_app

    return create_app().test_client()


RIVER = "1m9p*2z3s*5p8s -*4m7z*1s6p*0s2m 3p*3p9s1z"


def test_every_route_draws_a_river(client):
    q = quote(RIVER, safe="")
    # 18 different faces: within the cost ceiling's faces at 2x (21 at 76 device px a tile, 37 at 56)
    view = client.get(f"/tiles/{q}.json?layout=river&height=28").get_json()
    assert view["layout"] == "river" and "analysis" not in view
    assert view["description"] == describe_river(parse_river(RIVER))
    for url in (f"/tiles/{q}.png?layout=river&height=28&scale=2", f"/tiles/{q}.webp?layout=river&height=28&scale=2",
                f"/tiles.png?n={q}&layout=river&height=28&scale=2", f"/{q}?layout=river&height=28&scale=2"):
        r = client.get(url)
        assert r.status_code == 200, (url, r.get_data()[:200])
        with Image.open(io.BytesIO(r.data)) as img:
            assert img.size == (view["width"] * 2, view["height"] * 2), url
    assert client.get(f"/tiles.json?n={q}&layout=river").get_json()["canonical"] == parse_river(RIVER).canonical()


def test_river_options_are_part_of_the_cache_key_and_etag(client):
    def etag(url):
        r = client.get(url)
        assert r.status_code == 200, url
        return r.headers["ETag"]

    hand, river = etag("/tiles/123456m789p.png"), etag("/tiles/123456m789p.png?layout=river")
    assert hand != river
    assert etag("/tiles/123456m789p.png?layout=river&row=4") != river
    assert etag("/tiles/123456m789p.png?layout=river&row=6&gap=3") == river  # a river has no gaps
    assert etag("/tiles/r5p*1m.png?layout=river") == etag("/tiles/0p%2A1m.png?layout=river")
    assert etag("/tiles/1m.json?layout=river") != etag("/tiles/1m.json")
    with Image.open(io.BytesIO(client.get("/tiles/123456m789p.png?layout=river&row=4").data)) as img:
        assert img.size == (4 * TW, 3 * 38)


def test_river_errors_over_http(client):
    r = client.get("/tiles/1m+2m.json?layout=river")  # a '+' in the path is a '+'
    assert r.status_code == 400 and r.get_json()["error"]["position"] == 2
    assert client.get("/tiles.json?n=1m+2m&layout=river").status_code == 200  # in a query it is a space
    r = client.get("/tiles/12x.png?layout=river", headers={"Accept": "image/*"})
    assert r.status_code == 400 and r.mimetype == "image/png"
    r = client.get("/tiles/1m.png?layout=pond")
    assert r.status_code == 400 and r.get_json()["error"]["param"] == "layout"
    assert client.get("/tiles/1m.png?layout=river&row=11").get_json()["error"]["param"] == "row"
    assert client.get("/tiles/*1m.png").status_code == 400  # '*' is no hand notation
    huge = "1z" * 64
    r = client.get(f"/tiles/{huge}.png?layout=river&height=256&scale=4")
    assert r.status_code == 400 and r.get_json()["error"]["param"] == "height"
