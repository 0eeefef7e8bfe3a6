"""The dialect option: each peer's documented constructs read as that tool draws them.

tests/fixtures/dialects.json holds, per dialect, the tool's own examples (source), our notation
for them, and what the tool draws (groups of tiles, sideways, stacked, backs); and text the tool
does not accept with the position the error points at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.notation.dialects import ALIASES, DIALECTS, dialect_name, translate
from service.notation.grammar import ParseError, parse
from service.notation.subject import read

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "dialects.json").read_text())
CASES = [(d, c) for d in DIALECTS if d in FIXTURE for c in FIXTURE[d]["cases"]]
ERRORS = [(d, e) for d in DIALECTS if d in FIXTURE for e in FIXTURE[d]["errors"]]


def drawn(hand) -> list[list[str]]:
    """What a parsed hand draws, in the fixture's words."""
    def word(t):
        return t.code + (":stack" if t.stacked else ":side" if t.sideways else "")
    return [[word(t) for t in g.tiles] for g in hand.groups]


def test_names_are_the_peers_in_order_with_their_aliases():
    assert DIALECTS == ("riichi-hand-rs", "mahgen", "pymdownx-mahjong", "mjimage", "merjong", "riichi-wiki",
                        "latex", "riichinator")
    assert {a: dialect_name(a) for a in ALIASES} == {"chombo-gen": "riichi-hand-rs", "handy-dora": "riichi-hand-rs"}
    with pytest.raises(ValueError, match="riichi-hand-rs, mahgen"):
        dialect_name("tenhou")


@pytest.mark.parametrize(("dialect", "case"), CASES, ids=[f"{d}:{c['source']}" for d, c in CASES])
def test_each_construct_reads_as_the_tool_draws_it(dialect, case):
    assert translate(case["source"], dialect) == case["ours"]
    hand = read(case["source"], dialect=dialect)
    assert drawn(hand) == case["drawn"]
    assert hand == parse(case["ours"])
    assert hand.notation == case["source"]


@pytest.mark.parametrize(("dialect", "case"), ERRORS, ids=[f"{d}:{e['source']}" for d, e in ERRORS])
def test_what_the_tool_does_not_accept_is_an_error_at_its_place(dialect, case):
    with pytest.raises(ParseError) as err:
        read(case["source"], dialect=dialect)
    assert err.value.position == case["position"], err.value.message
    assert err.value.notation == case["source"]
    assert err.value.message


def test_our_grammar_errors_point_into_the_text_as_written():
    with pytest.raises(ParseError) as err:
        read("123m_8z", dialect="riichi-hand-rs")  # our '8z' stands at 5 of '123m+8z'
    assert (err.value.position, err.value.message) == (5, "honors go from 1z to 7z; there is no 8z")
    with pytest.raises(ParseError) as err:
        read("1_1=1m", dialect="mahgen")
    assert err.value.position == 3


def test_warnings_point_into_the_text_as_written():
    hand = read("11111m", dialect="mahgen")
    assert [w.position for w in hand.warnings] == [4]
    hand = read("1*11m_11m", dialect="riichi-hand-rs")
    assert [w.position for w in hand.warnings] == [7]


def test_an_alias_reads_as_the_tool_it_draws_with():
    assert translate("E*EE", "chombo-gen") == translate("E*EE", "handy-dora") == "-111z"


@pytest.mark.parametrize(("dialect", "source", "river"), [
    ("riichinator", "1s6p7m67s8p253'z", "1s6p7m67s8p25-3z"),  # its docs' discard pool: the riichi tile sideways
    ("riichinator", "9s11p73z81m9p7?s", "9s11p73z81m9p*7s"),  # '?' shades a discard: tsumogiri
    ("mjimage", "123m^4p-5s", "123m*4p-5s"),  # '^' greys it
    ("mahgen", "123^456_7m^8^9^1^2^4^5^8^7^2s", "123*456-7m*8*9*1*2*4*5*8*7*2s"),  # its river mode's example
    ("mahgen", "12v3m", "12*-3m"),  # v: a tsumogiri riichi tile
])
def test_a_river_reads_in_a_dialect(dialect, source, river):
    assert read(source, "river", dialect).canonical() == river


def test_a_mahgen_river_has_no_gaps_and_one_riichi_tile():
    with pytest.raises(ParseError) as err:
        read("12m|34p", "river", "mahgen")
    assert err.value.position == 3 and "river mode has none" in err.value.message
    with pytest.raises(ParseError) as err:
        read("1_2_3m", "river", "mahgen")
    assert err.value.position == 3 and "one riichi tile" in err.value.message


def test_a_hand_has_no_shaded_tiles():
    with pytest.raises(ParseError) as err:
        read("1s7?m", dialect="riichinator")
    assert err.value.position == 3 and "layout=river" in err.value.message


def test_a_text_too_long_is_told_as_ours_is_before_any_reading():
    with pytest.raises(ParseError) as err:
        read("1m|" * 100, dialect="mahgen")
    assert (err.value.position, err.value.message) == (256, "notation is 300 characters long; the limit is 256")


def test_only_ascii_digits_are_digits():
    for dialect in DIALECTS:
        with pytest.raises(ParseError) as err:
            read("1²m", dialect=dialect)
        assert err.value.position == 1, dialect
