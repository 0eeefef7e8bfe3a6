"""A peer's mark where our parser stops gets an error that names it and says what to write here
(service/notation/peers.py; the cases in tests/fixtures/peer_marks.json, shown in docs/notation.md)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from service.notation.grammar import ParseError, parse
from service.notation.peers import HONOUR_LETTERS, MARKS, hint_at
from service.notation.river import parse_river

ROOT = Path(__file__).parents[1]
CASES = json.loads((ROOT / "tests" / "fixtures" / "peer_marks.json").read_text(encoding="utf-8"))["cases"]
# a row: the notation in `code` (<code> with &#124; for a '|': Python-Markdown, the MkDocs site, shows a
# table cell's \| with its backslash), the position, the message (&#124; for a '|')
_ROW = re.compile(r"^\| (?:`([^`]*)`|<code>([^<]*)</code>) \| (\d+) \| (.+) \|$")


def error(notation: str) -> tuple[int, str]:
    with pytest.raises(ParseError) as err:
        parse(notation)
    return err.value.position, err.value.message


@pytest.mark.parametrize("case", CASES, ids=[c["notation"] for c in CASES])
def test_a_peer_mark_is_named_with_what_to_write_here(case):
    assert error(case["notation"]) == (case["position"], case["message"])
    assert case["message"].count("; here") + case["message"].count(": here") == 1
    for peer in case["peers"].split(", "):
        assert peer in case["message"]


def test_every_mark_of_the_table_has_a_case():
    tried = {c["mark"] for c in CASES}
    assert {m.mark for m in MARKS} <= tried
    assert set(HONOUR_LETTERS) <= tried
    assert {"0z", "1w", "1d", "t", "v"} <= tried


def test_the_hint_gives_the_tile_it_stands_by():
    assert error("11'1z")[1].endswith("here write '-' before the tile: -1z")
    assert error("1m2'3s")[1].endswith("-2s")
    assert error("'5m")[1].endswith("here write '-' before the tile: -4m")  # no tile before: the example
    assert error("1m | 2m")[1].endswith("'+' or a space separates melds: leave it out")  # the gap alone
    assert error("1m|2m|3p")[1].endswith(": 1m+2m+3p")


def test_what_is_no_peer_mark_keeps_the_plain_message():
    assert error("12.3m") == (2, "'.' is not part of the tile notation")
    assert error("123a") == (3, "'a' is not a suit letter (use m, p, s or z)")
    assert error("r5z") == (0, "honors have no red five (0 and r5 are for m, p and s)")
    assert error("m1") == (0, "suit letter 'm' has no digits before it")
    assert error("661d")[1] == "a Tienjiu tile is two digits, like 66d or 12d: '1' has no other half"
    assert hint_at("12.3m", 2) is None and hint_at("1m", 5) is None


def test_a_river_gets_the_hint_at_its_place():
    with pytest.raises(ParseError) as err:
        parse_river("1m 4'm")
    assert err.value.position == 4 and err.value.message.startswith("\"'\" after a tile lays it sideways")


def test_the_docs_table_shows_the_cases():
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    block = text.split("<!-- peer-marks:start -->")[1].split("<!-- peer-marks:end -->")[0]
    rows = []
    for line in block.strip().splitlines()[2:]:
        m = _ROW.match(line)
        assert m, line
        notation = m.group(1) if m.group(1) is not None else html.unescape(m.group(2))
        assert "\\|" not in line
        rows.append((notation, int(m.group(3)), html.unescape(m.group(4))))
    assert rows == [(c["notation"], c["position"], c["message"]) for c in CASES]


def test_the_service_answers_the_hint_in_its_400(client):
    r = client.get("/tiles/123m%7C456p.json")
    assert r.status_code == 400
    assert (r.json["error"]["position"], r.json["error"]["message"]) == \
        (4, "'|' is mahgen's gap between groups; here '+' or a space separates melds: 123m+456p")


def test_the_cli_says_it_in_one_line_and_exits_2(capsys):
    from service.cli import main

    assert main(["parse", "0z"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("error: honors have no red five (0 and r5 are for m, p and s); 0z is a face-down tile in"
                      " mahgen, riichi.wiki and riichinator: here write x")
