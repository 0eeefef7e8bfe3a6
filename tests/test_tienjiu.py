"""Tienjiu tiles (issue 46): the ``d`` suit, names, prime keys and Pai Gow."""

from __future__ import annotations

import functools
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
        assert any("Tienjiu tile" in w and "mahjong" in w for w in result.warnings), result.warnings
        assert result.tienjiu is None or notation == "11122233344455d"  # Tienjiu tiles only: read as such


def test_a_river_refuses_tienjiu_tiles_at_their_letter():
    from service.notation.river import parse_river

    with pytest.raises(ParseError) as e:
        parse_river("1m 12d")
    assert e.value.position == 5 and "Tienjiu tiles (d) have none" in e.value.message


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_every_kind_has_its_own_name_in_every_language(lang):
    from service.notation.words import tile_name

    names = [tile_name(Tile.from_code(k.code), lang) for k in KINDS.values()]
    assert len(set(names)) == 21 and all(names)
    mahjong = {tile_name(Tile.from_code(c), lang) for c in ("1m", "5z", "1f", "x", "j", "?")}
    assert not mahjong & set(names)


def test_alt_text_and_json_name_the_tiles_in_the_readers_language():
    from service.notation.describe import alt_text
    from service.notation.options import RenderOptions
    from service.notation.views import hand_json

    hand = parse("6612d+-45d")
    assert alt_text(hand) == "Tienjiu tiles: Heaven (Teen) Gee Joon 1-2 (three); Nine 4-5 (Chop Gow) (sideways)"
    assert alt_text(hand, RenderOptions(lang="zh")) == "天九牌：天牌 丁三；杂九 4-5（横）"
    view = hand_json(hand, options=RenderOptions(lang="ja"))
    assert [t["name"] for g in view["groups"] for t in g["tiles"]] == ["天牌", "丁三", "雑九 4-5"]
    assert view["description"] == "天九牌：天牌 丁三；雑九 4-5（横）"
    assert alt_text(parse("123m+66d+12d")) == "Hand: 1m 2m 3m; Tienjiu tiles: Heaven (Teen); Gee Joon 1-2 (three)"
    assert "key" not in hand_json(parse("123m")) and "name" not in hand_json(parse("1m"))["groups"][0]["tiles"][0]


SET = [h for h, k in KINDS.items() for _ in range(k.copies)]  # the 32 tiles of a set


def test_the_21_kinds_take_the_21_primes_from_2_to_73_in_the_notes_order():
    from service.notation.tienjiu import factor, key

    primes = [p for p in range(2, 74) if all(p % d for d in range(2, p))]
    assert sorted(k.prime for k in KINDS.values()) == primes and len(primes) == 21
    # the note: Copper Hammer Six 2, Long Leg Seven 3, Red Head Ten 5 ... the nines 71, 73; Tien x2 + nine = 68231
    assert [KINDS[h].prime for h in ((1, 5), (1, 6), (4, 6))] == [2, 3, 5]
    assert {KINDS[(4, 5)].prime, KINDS[(3, 6)].prime} == {71, 73} and KINDS[(2, 6)].prime == 67
    assert key([(6, 6), (6, 6), (4, 5)]) == 68231
    assert max(k.prime for k in KINDS.values() if k.civil) < min(k.prime for k in KINDS.values() if not k.civil)
    assert sorted(k.halves for k in factor(key(SET))) == sorted(SET)


def test_a_hand_holds_a_group_exactly_when_its_key_divides_by_the_groups():
    """Every group of up to four tiles against a few hundred hands of eight: divisibility = multiset containment."""
    import random
    from collections import Counter

    from service.notation.tienjiu import holds, key

    rng = random.Random(46)
    kinds = list(KINDS)
    groups = [(key(g), Counter(g)) for n in range(1, 5) for g in itertools.combinations_with_replacement(kinds, n)]
    for _ in range(40):
        hand = rng.sample(SET, 8)
        have = Counter(hand)
        k = key(hand)
        assert k < 2**63  # the note: a hand of eight fits a 64-bit long
        found = [g for gk, g in groups if holds(k, gk)]
        assert found == [g for _, g in groups if all(have[t] >= n for t, n in g.items())], hand
        assert len(found) >= 8


def test_the_json_view_carries_the_key_in_any_order_of_tiles():
    from service.notation.views import hand_json

    assert hand_json(parse("666645d"))["key"] == hand_json(parse("456666d"))["key"] == 68231


# The standard Pai Gow table, highest first, pair by pair (tiles as halves).
PAI_GOW_TABLE = [
    ("Gee Joon", [(1, 2), (2, 4)]),
    ("Teen", [(6, 6), (6, 6)]), ("Day", [(1, 1), (1, 1)]), ("Yun", [(4, 4), (4, 4)]),
    ("Gor", [(1, 3), (1, 3)]), ("Mooy", [(5, 5), (5, 5)]), ("Chong", [(3, 3), (3, 3)]),
    ("Bon", [(2, 2), (2, 2)]), ("Foo", [(5, 6), (5, 6)]), ("Ping", [(4, 6), (4, 6)]),
    ("Tit", [(1, 6), (1, 6)]), ("Look", [(1, 5), (1, 5)]),
    ("Chop Gow", [(4, 5), (3, 6)]), ("Chop Bot", [(3, 5), (2, 6)]), ("Chop Chit", [(3, 4), (2, 5)]),
    ("Chop Ng", [(1, 4), (2, 3)]),
    ("Teen Wong", [(6, 6), (4, 5)]), ("Day Wong", [(1, 1), (3, 6)]),
    ("Teen Gong", [(6, 6), (4, 4)]), ("Day Gong", [(1, 1), (2, 6)]),
    ("Teen high nine", [(6, 6), (1, 6)]), ("Day high nine", [(1, 1), (2, 5)]),
]


def test_the_pai_gow_table_pair_by_pair():
    from service.analysis.paigow import hand

    table = PAI_GOW_TABLE
    hands = [hand(tiles) for _, tiles in table]
    assert [h.name for h in hands] == [name for name, _ in table]
    assert all(a > b for a, b in zip(hands, hands[1:])), [h.name for h in hands]
    assert all(hand(list(reversed(tiles))) == hand(tiles) for _, tiles in table)  # either order
    # the other nine, eight, seven make the same hands; every named hand beats every 9-point hand
    assert hand([(6, 6), (3, 6)]).name == "Teen Wong" and hand([(1, 1), (3, 5)]).name == "Day Gong"
    assert hand([(1, 1), (3, 4)]).name == "Day high nine"
    nine = hand([(5, 6), (3, 5)])  # 11 + 8 = 19
    assert nine.name == "9 points" and hands[-1] > nine


def test_points_count_the_gee_joon_tiles_as_three_or_six_and_ties_go_by_the_higher_tile():
    from service.analysis.paigow import hand

    assert hand([(1, 2), (3, 3)]).points == 9  # 3 + 6
    assert hand([(2, 4), (1, 5)]).points == 9  # the 2-4 counts 3: 3 + 6
    assert hand([(1, 2), (4, 6)]).points == 6  # 6 + 10
    assert hand([(5, 5), (5, 4)]).points == 9 and hand([(1, 3), (1, 4)]).points == 9
    assert hand([(1, 3), (1, 4)]) > hand([(5, 5), (4, 5)])  # Gor outranks Mooy
    assert hand([(4, 5), (5, 5)]) == hand([(3, 6), (5, 5)])  # the two nines rank alike: a copy
    assert hand([(5, 5), (4, 6)]) == hand([(2, 2), (3, 3)])  # no points: a tie, whatever the tiles
    assert hand([(1, 5), (1, 4)]) > hand([(5, 5), (4, 6)])  # one point beats none


def test_every_hand_of_two_and_four_a_set_deals():
    from service.analysis.paigow import all_hands

    from math import comb

    def count(n):  # x^n in (1 + x + x^2)^11 (1 + x)^10: civil kinds up to twice, military once
        return sum(comb(11, d) * comb(11 - d, n - 2 * d - m) * comb(10, m)
                   for d in range(n // 2 + 1) for m in range(n - 2 * d + 1) if n - 2 * d - m <= 11 - d)

    assert len(all_hands(2)) == count(2) == 221 and len(all_hands(4)) == count(4) == 8130


@functools.cache
def _hand(a, b):
    from service.analysis.paigow import hand

    return hand((a, b))


def _brute_best(tiles):
    """Every order of the four tiles, the first two against the last two."""
    best = None
    for order in itertools.permutations(tiles):
        a, b = _hand(*order[:2]), _hand(*order[2:])
        high, low = max(a, b), min(a, b)
        score = (low.strength, high.strength)
        if best is None or score > best:
            best = score
    return best


def test_the_best_split_of_every_four_tile_hand_against_a_brute_force():
    from collections import Counter

    from service.analysis.paigow import all_hands, best_split, house_way

    for tiles in all_hands(4):
        s = best_split(tiles)
        assert (s.low.strength, s.high.strength) == _brute_best(tiles), tiles
        assert Counter(s.high.tiles + s.low.tiles) == Counter(tiles) and s.high >= s.low
        h = house_way(tiles)
        assert Counter(h.high.tiles + h.low.tiles) == Counter(tiles) and h.high >= h.low


def test_the_house_way_keeps_pairs_plays_wong_gong_high_nine_and_splits_as_the_rules_say():
    from service.analysis.paigow import house_way

    names = lambda s: (s.high.name, s.low.name)
    assert names(house_way([(6, 6), (2, 2), (2, 2), (3, 4)])) == ("Bon", "Teen high nine")
    # the Gee Joon splits with Teen and Foo: two nines of points beat Gee Joon and a 7
    assert names(house_way([(1, 2), (2, 4), (6, 6), (5, 6)])) != ("Gee Joon", "3 points")
    assert set(names(house_way([(1, 2), (2, 4), (6, 6), (5, 6)]))) <= {"8 points", "9 points", "7 points"}
    # nines split into a Teen Wong and a Day Wong
    assert names(house_way([(4, 5), (3, 6), (6, 6), (1, 1)])) == ("Teen Wong", "Day Wong")
    # no pair: the high nine first, though a Wong could be made
    assert "Teen high nine" in names(house_way([(6, 6), (1, 6), (4, 5), (2, 3)]))


def test_the_json_view_of_two_and_four_tiles_carries_their_pai_gow_hands():
    from service.analysis import analyse
    from service.notation.views import hand_json

    hand = parse("1224d")
    view = hand_json(hand, analysis=analyse(hand))["analysis"]
    assert view["tienjiu"]["pai_gow"] == {"tiles": ["24d", "12d"], "name": "Gee Joon", "points": 9,
                                          "names": {"zh": "至尊宝", "ja": "至尊"}}
    assert view["tienjiu"]["combinations"] == [{"name": "Gee Joon pair", "tiles": ["12d", "24d"], "key": 37 * 47}]
    hand = parse("66451135d")
    pai_gow = hand_json(hand, analysis=analyse(hand))["analysis"]["tienjiu"]["pai_gow"]
    assert pai_gow["best"]["high"]["name"] == "Day Wong" and pai_gow["best"]["low"]["name"] == "Teen Gong"
    assert pai_gow["best"]["high"]["names"] == {"zh": "地王", "ja": "地九"}
    assert set(pai_gow) == {"best", "house_way"}
    three = analyse(parse("666645d")).tienjiu
    assert three.pai_gow is None and three.best is None and three.key == 68231
    assert [c.name for c in three.combinations] == ["Teen pair", "Teen 9", "Teen Teen 9"]


def test_tien_gow_combinations_by_key_against_a_multiset_check():
    from collections import Counter

    from service.analysis.paigow import COMBINATIONS, all_hands, combinations_held
    from service.notation.tienjiu import key

    assert len(COMBINATIONS) == 11 + 5 + 8 + 8 + 4 and len({c.key for c in COMBINATIONS}) == len(COMBINATIONS)
    for tiles in all_hands(4)[::7]:
        have = Counter(tiles)
        assert combinations_held(key(tiles)) == [c for c in COMBINATIONS if not Counter(c.tiles) - have]


def test_xd_is_a_tienjiu_tiles_back():
    from service.analysis import analyse
    from service.notation.describe import describe
    from service.notation.views import hand_json

    hand = parse("66xd xd12d")
    assert [t.code for t in hand.tiles] == ["66d", "xd", "xd", "12d"] and hand.tiles[1].face_down
    assert hand.tiles[1].domino and Tile.from_code("xd") == hand.tiles[1]
    assert hand.canonical() == "66dxd+xd12d" and parse(hand.canonical()) == hand
    assert parse("66dx").tiles[1].code == "x"  # a mahjong back after the run's letter
    assert describe(hand, "zh") == "天九牌：天牌 天九牌背；天九牌背 丁三"
    assert hand_json(hand)["key"] == 31 * 37  # the backs say nothing
    assert analyse(hand).tienjiu.pai_gow.name == "8 points"  # the two tiles shown
    with pytest.raises(ParseError) as e:
        parse("-xd")
    assert e.value.position == 1


def test_every_spelling_of_tienjiu_tiles_round_trips_through_canonical():
    import random

    rng = random.Random(46)
    codes = [f"{a}{b}" for a, b in itertools.product(range(1, 7), repeat=2)] + ["xd"]  # xd closes a run
    for _ in range(300):
        groups = []
        for _ in range(rng.randint(1, 3)):
            tiles = [("-" if c != "xd" and rng.random() < 0.2 else "") + c for c in rng.choices(codes, k=rng.randint(1, 4))]
            groups.append("".join(tiles) + ("" if tiles[-1] == "xd" else "d"))
        text = rng.choice(["+", " "]).join(groups)
        hand = parse(text)
        assert parse(hand.canonical()) == hand, text
        assert all(t.domino for t in hand.tiles), text


def test_the_house_way_maximises_the_high_hand_only_when_the_low_hand_cannot_reach_a_high_three():
    """Rule 3 over every four-tile hand that no pair, Wong, Gong or high nine decides."""
    from service.analysis.paigow import TABLE, all_hands, hand, house_way, splits

    high3 = hand([(1, 5), (3, 4)])  # Look and a seven: 3 points, Look its top tile
    assert high3.points == 3 and high3.tiles[0] == (1, 5)
    seen = {"high": 0, "low": 0}
    for tiles in all_hands(4):
        options = splits(tiles)
        if any(s.high.name in TABLE or s.low.name in TABLE for s in options):
            continue  # rules 1 and 2
        s = house_way(tiles)
        if max(o.low for o in options) < high3 and max(o.high.points for o in options) >= 7:
            assert s.high == max(o.high for o in options), tiles
            seen["high"] += 1
        else:
            assert s.low == max(o.low for o in options), tiles
            seen["low"] += 1
    assert seen["high"] > 10 and seen["low"] > 1000, seen


def test_a_tienjiu_tile_is_no_dora_indicator_and_never_a_500(client):
    from service.notation.dora import IndicatorError, read_indicators

    for text, at in (("12d", 2), ("1m66d", 4), ("xd", 1)):
        r = client.get(f"/tiles/123m.json?dora={text}")
        assert r.status_code == 400 and r.json["error"]["param"] == "dora", text
        assert r.json["error"]["message"] == "dora indicators are mahjong tiles: no Tienjiu tiles (d)"
        with pytest.raises(IndicatorError) as e:
            read_indicators(text)
        assert e.value.position == at and e.value.message == r.json["error"]["message"]
    assert client.get("/tiles/66d12d.json?dora=1m").status_code == 200


def test_every_pai_gow_hand_is_named_in_chinese_and_japanese_one_name_a_rank():
    """Issue 46 item 6: the named hands as the zh and ja tables name them (至尊, 双天 ... 雑五, 天王/天九,
    天杠/天八), one distinct name per named hand in each language; points as 点."""
    from service.analysis.paigow import TABLE, hand

    kinds = list(KINDS)
    # every two tiles a set holds: a military tile once, so never two of one
    hands = [hand([a, b]) for i, a in enumerate(kinds) for b in kinds[i:] if a != b or KINDS[a].civil]
    for lang in ("zh", "ja"):
        named = {h.name: h.name_in(lang) for h in hands if h.name in TABLE}
        assert set(named) == set(TABLE)  # every row of the table occurs
        assert len(set(named.values())) == len(TABLE), lang
        assert all(h.name_in(lang).endswith("点") for h in hands if h.name not in TABLE)
    assert [hand([(6, 6), t]).name_in("zh") for t in [(4, 5), (3, 5), (3, 4)]] == ["天王", "天杠", "天九"]
    assert [hand([(1, 1), t]).name_in("ja") for t in [(3, 6), (2, 6), (2, 5)]] == ["地九", "地八", "地七"]
    assert hand([(6, 6), (6, 6)]).name_in("zh") == "双天" and hand([(1, 5), (1, 5)]).name_in("ja") == "双銅錘"
    assert hand([(1, 4), (2, 3)]).name_in("ja") == "雑五" and hand([(1, 2), (2, 4)]).name_in("zh") == "至尊宝"
    assert hand([(5, 5), (5, 5)]).name_in("en") == "Mooy"
    assert hand([(1, 2), (5, 6)]).name_in("zh") == "七点" and hand([(5, 5), (6, 4)]).name_in("ja") == "零点"
