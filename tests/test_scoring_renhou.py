"""Renhou by preset (renhou_value none/mangan/yakuman), its context checks, and nagashi mangan refused by name."""

from __future__ import annotations

import subprocess
import sys

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

from service import score
from service.notation.options import OptionError
from service.scoring import PRESETS

PINFU_RON = "234789m1234566p+-6p"  # pinfu on a ron: 1 han 30 fu without renhou
PLAIN_RON = "234789m13p789s55s+-2p"  # a closed wait, no yaku of its own: renhou is the only yaku


def package_renhou(man, pin, sou, win_pin, yakuman):  # the winning tile is among ``pin``
    """The `mahjong` package's own score of the same renhou, for the cross-check."""
    tiles = TilesConverter.string_to_136_array(man=man, pin=pin, sou=sou)
    win = TilesConverter.string_to_136_array(pin=win_pin)[0]
    config = HandConfig(is_renhou=True, player_wind=SOUTH, round_wind=EAST,
                        options=OptionalRules(has_open_tanyao=True, renhou_as_yakuman=yakuman))
    return HandCalculator.estimate_hand_value(tiles, win, config=config)


def test_presets_have_the_renhou_of_their_rule_books():
    assert {name: rule.renhou_value for name, rule in PRESETS.items()} == {
        "tenhou": "none", "mahjongsoul": "none", "wrc": "mangan", "ema": "mangan", "mleague": "none"}


def test_renhou_mangan_is_a_5_han_yaku_that_adds_to_the_others():
    alone = score(PLAIN_RON, rules="wrc", seat="S", renhou=True)
    assert [(y["name"], y["han"]) for y in alone["yaku"]] == [("Renhou", 5)]
    assert (alone["limit"], alone["points"]) == ("mangan", {"ron": 8000})
    added = score(PINFU_RON, rules="ema", seat="S", renhou=True)
    assert sorted((y["name"], y["han"]) for y in added["yaku"]) == [("Pinfu", 1), ("Renhou", 5)]
    assert (added["han"], added["limit"], added["points"]) == (6, "haneman", {"ron": 12000})
    package = package_renhou("234789", "12345666", "", "6", yakuman=False)
    assert (package.han, package.cost["main"]) == (added["han"], added["points"]["ron"])


def test_renhou_yakuman_and_without_it_no_yaku():
    big = score(PLAIN_RON, rules="tenhou", renhou_value="yakuman", seat="W", renhou=True)
    assert big["limit"] == "yakuman" and big["points"] == {"ron": 32000}
    assert [y["name"] for y in big["yaku"]] == ["Renhou"] and big["yaku"][0]["ja"] == "人和"
    package = package_renhou("234789", "123", "78955", "2", yakuman=True)
    assert package.cost["main"] == big["points"]["ron"]
    assert score(PLAIN_RON, rules="wrc", seat="S")["error"] == "no yaku"  # renhou not given: scored as it lies


@pytest.mark.parametrize("rules", ["tenhou", "mahjongsoul", "mleague"])
def test_renhou_under_rules_without_it_is_an_error_naming_the_option(rules):
    with pytest.raises(OptionError, match=f"renhou is no yaku under rules={rules}") as err:
        score(PLAIN_RON, rules=rules, seat="S", renhou=True)
    assert err.value.param == "renhou"


@pytest.mark.parametrize("notation, options, words", [
    ("234789m13p789s55s+2p", {"seat": "S"}, r"winning tile is upright \(tsumo\)"),
    (PLAIN_RON, {"seat": "E"}, "give seat S, W or N"),
    (PLAIN_RON, {"seat": "S", "riichi": True}, "renhou and riichi cannot both hold"),
    (PLAIN_RON, {"seat": "S", "double_riichi": True}, "renhou and double_riichi"),
    ("234789m13p55s+-789s+-2p", {"seat": "S"}, "no melds"),
])
def test_renhou_in_a_context_it_cannot_hold_names_the_option(notation, options, words):
    with pytest.raises(OptionError, match=words) as err:
        score(notation, rules="wrc", renhou=True, **options)
    assert err.value.param == "renhou"


def test_bad_renhou_value_names_it():
    with pytest.raises(OptionError, match="renhou_value must be none, mangan or yakuman") as err:
        score(PLAIN_RON, renhou_value="baiman")
    assert err.value.param == "renhou_value"


def test_a_tenpai_hands_renhou_counts_on_its_ron_rows_only():
    table = score("234789m13p789s55s", rules="wrc", seat="N", renhou=True)["waits"]
    assert [row["tile"] for row in table] == ["2p"]
    assert table[0]["ron"]["points"] == {"ron": 8000} and table[0]["tsumo"]["han"] == 1  # menzen tsumo alone


def test_nagashi_mangan_is_refused_by_name_as_a_draw_payment():
    with pytest.raises(OptionError, match="nagashi mangan is a payment at an exhaustive draw") as err:
        score(PINFU_RON, nagashi=True)
    assert err.value.param == "nagashi"
    assert score(PINFU_RON, nagashi=False)["han"] == 1  # off is no claim


def test_the_command_line_and_the_url_take_renhou():
    r = subprocess.run([sys.executable, "-m", "service.cli", "score", PLAIN_RON, "--renhou", "--seat", "S",
                        "--rules", "wrc"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.splitlines()[-1] == "Mangan · 8,000", r.stderr
    r = subprocess.run([sys.executable, "-m", "service.cli", "score", PLAIN_RON, "--nagashi"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "draw" in r.stderr and "Traceback" not in r.stderr

    from service.http.app import create_app

    client = create_app().test_client()
    url = "/tiles/234789m13p789s55s%2B-2p.json?score=1&renhou=1&seat=S&rules=wrc"
    r = client.get(url)
    assert r.status_code == 200 and r.json["score"]["points"] == {"ron": 8000}
    r = client.get("/tiles/234789m13p789s55s%2B-2p.json?score=1&renhou=1&seat=S&rules=wrc&renhou-value=yakuman")
    assert r.status_code == 200 and r.json["score"]["limit"] == "yakuman"
    for query, param in (("score=1&renhou=1&seat=E&rules=wrc", "renhou"), ("score=1&renhou=1&seat=S", "renhou"),
                         ("score=1&renhou_value=twice", "renhou_value"), ("score=1&nagashi=1", "nagashi")):
        r = client.get(f"/tiles/234789m13p789s55s%2B-2p.json?{query}")
        assert r.status_code == 400 and r.json["error"]["param"] == param, query
    png = client.get("/tiles/234789m13p789s55s%2B-2p.png?score=1&renhou=1&seat=S&rules=wrc")
    assert png.status_code == 200 and png.mimetype == "image/png"
