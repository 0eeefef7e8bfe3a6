"""Scene YAML: every YAML problem is a positioned `SceneError` at every entry point (never a 500 or
a traceback), errors inside block and escaped scalars point at the character, and an empty
optional field means none."""

from __future__ import annotations

import subprocess
import sys
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.cli import main
from service.notation.fields import MAX_DEPTH
from service.notation.scene import SceneError, read_scene

CARD = "problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p}"
DEEP = "[" * 500 + "]" * 500  # 1,000 characters: PyYAML's composer would overflow the stack

# (YAML, line:col, the message's start): what PyYAML's reader refuses, nesting, a bad escape
BAD_YAML = [
    ("problem: \x07", (1, 10), "not valid YAML: #x0007 is a character YAML does not allow"),
    ("problem:\n  round: E1\x00", (2, 12), "not valid YAML: #x0000 is a character YAML does not allow"),
    ("problem: \x0b", (1, 10), "not valid YAML: #x000b"),
    ("problem: {round: E1}\r\n\ufffe", (2, 1), "not valid YAML: #xfffe"),
    ("problem: \ud800", (1, 10), "not valid YAML: #xd800"),
    (DEEP, (1, MAX_DEPTH + 1), f"nested too deeply: a scene has at most {MAX_DEPTH} levels"),
    ("{a: " * 300, (1, 4 * MAX_DEPTH + 1), "nested too deeply"),
    ("problem:\n" + "".join("  " * (n + 1) + "- \n" for n in range(40)), (17, 33), "nested too deeply"),
    ('problem: {hand: "\\U00110000"}', (1, 20), "not valid YAML: \\U00110000 is no character"),
]


@pytest.mark.parametrize("text, where, message", BAD_YAML)
def test_every_yaml_problem_is_a_positioned_scene_error(text, where, message):
    with pytest.raises(SceneError) as e:
        read_scene(text)
    assert (e.value.line, e.value.col) == where, str(e.value)
    assert e.value.message.startswith(message), str(e.value)


def test_nesting_is_refused_before_python_recursion_is_deep():
    """The depth bound stops the composer, so no RecursionError is caught and turned into an answer."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)  # deeper than MAX_DEPTH levels need, far shallower than DEEP would
    try:
        with pytest.raises(SceneError, match="nested too deeply"):
            read_scene(DEEP)
    finally:
        sys.setrecursionlimit(limit)
    assert read_scene("table: {round: E1, doras: [3m, 4p], seats: {E: {hand: 13}}}").dora[1].code == "4p"


@pytest.mark.parametrize("text, where", [(t, w) for t, w, _ in BAD_YAML[::3]])
def test_http_scene_answers_bad_yaml_with_a_400_at_line_col(client, text, where):
    for fmt in ("png", "svg", "webp", "json"):
        r = client.get(f"/scene.{fmt}?s=" + quote(text))
        assert r.status_code == 400, (fmt, r.status_code)
        assert r.json["error"]["message"].startswith(f"{where[0]}:{where[1]}: ")
    img = client.get("/scene.png?s=" + quote(text), headers={"Accept": "image/png"})
    assert img.status_code == 400 and img.mimetype == "image/png"


def test_post_batch_answers_bad_yaml_with_its_place(client):
    for text, where, message in BAD_YAML:
        r = client.post("/batch", json={"path": "p.mdx", "line": 4, "column": 1, "scene": text})
        if any("\ud800" <= c <= "\udfff" for c in text):  # no text at all: the body is refused (test_batch_http)
            assert r.status_code == 400 and "surrogate" in r.json["error"]["message"], (text[:20], r.json)
            continue
        assert r.status_code == 422, (text[:20], r.status_code)
        err = r.json["errors"][0]
        assert (err["line"], err["column"]) == (where[0] + 3, where[1]) and err["message"].startswith(message)


def test_cli_scene_prints_the_error_and_exits_2(tmp_path, capsys):
    for n, (text, where, message) in enumerate(BAD_YAML):
        src = tmp_path / f"bad{n}.yaml"
        src.write_text(text, encoding="utf-8", errors="surrogatepass")
        assert main(["scene", str(src), "--json"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"{src}:{where[0]}:{where[1]}: {message}") or "cannot read" in err, err
        assert "Traceback" not in err


def test_cli_scene_in_a_process_has_no_traceback(tmp_path):
    src = tmp_path / "deep.yaml"
    src.write_text(DEEP + "\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "service.cli", "scene", str(src), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stderr.strip().startswith(f"{src}:1:{MAX_DEPTH + 1}: nested too deeply")


PAGE = "# Page\n\nText.\n\n```tiles-scene\n{}\n```\n"


@pytest.mark.parametrize("text, where, message", [BAD_YAML[0], BAD_YAML[5]])
def test_lint_build_and_markdown_name_bad_yaml_in_a_block(tmp_path, capsys, text, where, message):
    markdown = pytest.importorskip("markdown")
    from service.docs.markdown_ext import TilesError

    page = tmp_path / "docs" / "p.md"
    page.parent.mkdir()
    page.write_text(PAGE.format(text), encoding="utf-8")
    at = f"{page}:{where[0] + 5}:{where[1]}: {message}"
    assert main(["lint", str(page.parent)]) == 1
    assert capsys.readouterr().out.startswith(at)
    assert main(["build", str(page.parent), "--out", str(tmp_path / "out")]) == 1
    assert at in capsys.readouterr().err
    with pytest.raises(TilesError) as e:
        markdown.markdown(PAGE.format(text), extensions=["tiles"], extension_configs={"tiles": {"page": str(page)}})
    assert str(e.value).startswith(at)


def test_mkdocs_and_sphinx_name_bad_yaml_in_a_block(tmp_path):
    pytest.importorskip("mkdocs")
    pytest.importorskip("myst_parser")
    from tests.test_docs_scenes import build_mkdocs, build_sphinx

    run = build_mkdocs(tmp_path / "m", PAGE.format(DEEP))
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert f"docs/problems/index.md:6:{MAX_DEPTH + 1}: nested too deeply" in run.stderr
    (tmp_path / "s").mkdir()
    run = build_sphinx(tmp_path / "s", {"index.md": PAGE.format(DEEP).replace("```tiles-scene", "```{tiles-scene}")})
    assert run.returncode == 1 and "RecursionError" not in run.stderr
    assert f"index.md:6:{MAX_DEPTH + 1}: nested too deeply" in run.stderr


# -- a bounded fuzz of GET /scene.png: no answer is a 5xx ------------------------------------------

_PIECES = ["problem:", "table:", " ", "\n", "  ", "{", "}", "[", "]", ",", ":", "-", "?", "|", ">", "'", '"', "\\",
           "&a", "*a", "!!str", "#", "round: E1", "seat: S", "dora: 3m", "hand: ", "river: ", "melds: ", "seats:",
           "E: ", "2345m067p34588s5z+4p", "j", "x", "0", "1f", "+", "\\u0031", "\t", "\x07", "\x00", "\x0b",
           "\ufffe", "\x85", "\u2028", "\r\n", "%YAML 1.1", "---", "...", "~", "null", "\ud800", "é"]


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=40).map("".join),
    st.tuples(st.integers(0, len(CARD)), st.lists(st.sampled_from(_PIECES), min_size=1, max_size=4).map("".join))
    .map(lambda cut: CARD[:cut[0]] + cut[1] + CARD[cut[0]:]),
    st.text(max_size=60),
), st.booleans())
def test_fuzzed_scene_urls_never_answer_5xx(client, text, as_image):
    """JSON errors, and the error image an <img> gets (its message drawn, whatever it holds)."""
    headers = {"Accept": "image/png"} if as_image else {}
    r = client.get("/scene.png?s=" + quote(text, safe="", errors="surrogatepass"), headers=headers)
    assert r.status_code < 500, (text, r.status_code)


# -- item 5: errors inside block and escaped scalars point at the character ------------------------

HEAD = "problem:\n  round: E1\n  seat: S\n  dora: 3m\n"


@pytest.mark.parametrize("hand, where", [
    ("|\n    123q+5z\n", (6, 8)),  # a literal block: the q on its own line
    ("|1\n    123q+5z\n", (6, 8)),  # with an indentation indicator (the extra space is text)
    (">\n    12m 3m\n    45q+5z\n", (7, 7)),  # folded
    ('"\\u0031\\u0032\\u0033m12q"', (5, 31)),  # escapes: 6 characters each in the source
    ('"1\\x32m\\\n    3q+5z"', (6, 6)),  # an escaped line break
    ("123m\n    45q+5z", (6, 7)),  # a plain scalar over two lines
    ('"123m\n\n    45q+5z"', (7, 7)),  # a quoted one with an empty line
])
def test_errors_point_into_block_and_escaped_scalars(hand, where):
    with pytest.raises(SceneError) as e:
        read_scene(HEAD + "  hand: " + hand)
    assert (e.value.line, e.value.col) == where, str(e.value)


def test_single_quotes_and_folds_map_back_to_the_source():
    import yaml

    from service.notation.scalar_marks import value_offsets

    text = "a: 'it''s\n\n  1q'"
    node = yaml.compose(text, Loader=yaml.SafeLoader).value[0][1]
    assert node.value == "it's\n1q" and value_offsets(text, node) == [4, 5, 6, 8, 10, 13, 14]


def test_an_error_past_the_value_points_just_after_it():
    with pytest.raises(SceneError) as e:  # no drawn segment: the caret goes after the last character
        read_scene(HEAD + "  hand: |\n    2345m067p34588s\n    5z4p\n")
    assert (e.value.line, e.value.col) == (7, 9) and "drawn tile" in e.value.message


# -- item 6: an empty optional field is none --------------------------------------------------------

def test_an_empty_optional_field_means_none():
    table = read_scene('table: {round: E1, dora: "", view: "", sticks: ~, seats: {E: {hand: "", melds: "", '
                       'river: "", score: ""}, S: {discard: ""}, W: , N: {melds: null, river: }}}')
    assert table.dora == () and table.view == "S" and table.riichi_sticks == 0
    assert all(s.hand is None and s.melds == () and s.river is None and s.score is None for s in table.seats.values())
    card = read_scene('problem: {round: E1, honba: "", seat: S, turn: "", dora: 3m, '
                      'hand: 2345m067p34588s5z+4p, answer: "", scores: ""}')
    assert (card.honba, card.turn, card.answer, card.scores) == (0, None, None, None)
    with pytest.raises(SceneError, match="problem.hand: empty notation"):
        read_scene('problem: {round: E1, seat: S, dora: 3m, hand: ""}')  # a field a card needs stays needed
    with pytest.raises(SceneError, match="'river' is given twice"):
        read_scene('table: {round: E1, seats: {E: {river: "", river: 1m}}}')
