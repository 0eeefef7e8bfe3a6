"""Tienjiu tiles (issue 46): the ``d`` suit, names, prime keys and Pai Gow."""

from __future__ import annotations

import itertools

import pytest

from service.notation.grammar import ParseError, parse
from service.notation.model import Tile
from service.notation.tienjiu import KINDS

ALL = "".join(f"{a}{b}" for a, b in KINDS) + "d"  # the 21 kinds in one hand


def test_every_pair_of_halves_one_to_six_is_a_kind_and_either_order_is_the_same_tile():
    assert len(KINDS) == 21
    for a, b in itertools.product(range(1, 7), repeat=2):
        t, u = parse(f"{a}{b}d").tiles[0], parse(f"{b}{a}d").tiles[0]
        assert t == u and t.domino and t.suit == "d"
        assert t.halves == (min(a, b), max(a, b)) and t.code == f"{min(a, b)}{max(a, b)}d"
        assert Tile.from_code(t.code) == t


def test_domino_kinds_stay_clear_of_every_mahjong_kind():
    mahjong = {Tile.from_code(c).kind for c in ["x", "j", "?"] + [f"{n}{s}" for s in "mps" for n in range(10)]
               + [f"{n}z" for n in range(1, 8)] + [f"{n}f" for n in range(1, 9)]}
    dominoes = {parse(f"{a}{b}d").tiles[0].kind for a, b in KINDS}
    assert len(dominoes) == 21 and not mahjong & dominoes
    assert not any(Tile.from_code(c).domino for c in ("1m", "0p", "9s", "7z", "8f", "j", "?", "x"))


def test_two_digits_a_tile_and_the_rest_of_the_grammar():
    hand = parse("6612d")
    assert [t.code for t in hand.tiles] == ["66d", "12d"]
    assert parse("21d") == parse("12d")
    hand = parse("66d+-45d 21d")
    assert [t.code for t in hand.tiles] == ["66d", "45d", "12d"]
    assert [t.sideways for t in hand.tiles] == [False, True, False]
    assert hand.canonical() == "66d+-45d+12d"
    assert parse(hand.canonical()) == hand
    assert parse("12 34d").canonical() == "12d+34d"  # digits wait for a later segment's letter, as in 1 2m
    assert parse("123m66d").canonical() == "123m66d"  # the grammar mixes suits; the analysis does not
    assert len(parse(ALL * 1).tiles) == 21


def test_a_set_has_two_of_each_civil_tile_and_one_of_each_military_tile():
    assert not parse("666612d").warnings
    assert [(w.message, w.position) for w in parse("666666d").warnings] == [
        ("more 66d than a Tienjiu set has; it has two of each civil tile", 4)]
    assert [w.message for w in parse("12d21d").warnings] == [
        "more 12d than a Tienjiu set has; it has one of each military tile"]


DOMINO_ERRORS = [
    ("77d", 0, "77d is no Tienjiu tile: a half goes from 1 to 6, not 7"),
    ("6617d", 3, "17d is no Tienjiu tile: a half goes from 1 to 6, not 7"),
    ("90d", 1, "there is no 0"),  # the 0 is named first: it is never a half
    ("10d", 1, "a Tienjiu tile's halves go from 1 to 6; there is no 0"),
    ("1d", 0, "a Tienjiu tile is two digits, like 66d or 12d: '1' has no other half"),
    ("66 1d", 3, "'1' has no other half"),
    ("1-2d", 1, "'-' lays a whole Tienjiu tile sideways: put it before the tile's first digit"),
    ("1 2d", 2, "a Tienjiu tile's two digits stand side by side, like 12d"),
    ("r56d", 0, "Tienjiu tiles have no red five"),
    ("d", 0, "has no digits before it"),
    ("66dd", 3, "has no digits before it"),
]


@pytest.mark.parametrize("notation, position, message", DOMINO_ERRORS)
def test_a_pair_that_is_no_tile_is_an_error_at_its_place(notation, position, message):
    with pytest.raises(ParseError) as e:
        parse(notation)
    assert message in e.value.message
    assert e.value.position == position


def test_the_mahjong_analysis_never_reads_a_tienjiu_tile():
    from service.analysis import analyse

    for notation in ("123456789m1122p66d", "11122233344455d", "123m+-66d"):
        result = analyse(parse(notation))
        assert not result.complete and result.waits == ()
        assert any("Tienjiu tile" in w and "not a mahjong tile" in w for w in result.warnings), result.warnings
