"""Scores (service.scoring): hand-made cases for every rule the presets differ on, the points'
shapes, the errors, the CLI and the JSON view; and random winning hands cross-checked against the
`mahjong` package called here with its own objects, and against the points table written here."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

from service import score
from service.notation.options import OptionError
from service.scoring.names import YAKU


def names(s):
    return [y["name"] for y in s["yaku"]]


def fu_of(s, reason):
    return [d for d in s["fu_details"] if d["reason"] == reason]


def table_points(han: int, fu: int, dealer: bool, tsumo: bool, kiriage=False, kazoe="yakuman", yakuman=False):
    """The points table, written out here from the rule books: base points, then what each pays."""
    if yakuman:
        base = 8000 * (han // 13)
    elif han >= 13 and kazoe == "yakuman":
        base = 8000
    elif han >= 11:
        base = 6000
    elif han >= 8:
        base = 4000
    elif han >= 6:
        base = 3000
    elif han == 5 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
        base = 2000
    else:
        base = min(fu * 2 ** (han + 2), 2000)

    def up(x):
        return -(-x // 100) * 100

    if not tsumo:
        return {"ron": up(base * (6 if dealer else 4))}
    if dealer:
        return {"tsumo": {"all": up(base * 2)}}
    return {"tsumo": {"dealer": up(base * 2), "others": up(base)}}


def paid(points, honba: int, sticks: int) -> int:
    if "ron" in points:
        return points["ron"] + 300 * honba + 1000 * sticks
    t = points["tsumo"]
    each = [t["all"]] * 3 if "all" in t else [t["dealer"], t["others"], t["others"]]
    return sum(each) + 300 * honba + 1000 * sticks


# -- the rules the presets differ on --------------------------------------------------------------


def test_seven_pairs_are_25_fu():
    s = score("1122m3344p5566s7z+-7z", seat="S")
    assert (s["han"], s["fu"], names(s)) == (2, 25, ["Chiitoitsu"])
    assert s["fu_details"] == [{"fu": 25, "reason": "seven pairs", "group": None}]
    assert s["points"] == {"ron": 1600}


def test_pinfu_tsumo_is_20_fu_and_pinfu_ron_30():
    s = score("234789m1234566p+6p", seat="S")
    assert (s["han"], s["fu"], s["points"]) == (2, 20, {"tsumo": {"dealer": 700, "others": 400}})
    assert s["fu_details"] == [{"fu": 20, "reason": "base", "group": None}]
    s = score("234789m1234566p+-6p", seat="S")
    assert (s["han"], s["fu"]) == (1, 30)
    assert [d["reason"] for d in s["fu_details"]] == ["base", "concealed ron"]


def test_open_pinfu_shape_is_30_fu():
    s = score("23m567p234s88m+-678s+-4m", seat="S")
    assert (s["han"], s["fu"], names(s)) == (1, 30, ["Tanyao"])
    assert fu_of(s, "open pinfu shape") == [{"fu": 2, "reason": "open pinfu shape", "group": None}]
    assert s["points"] == {"ron": 1000}
    assert score("23m567p234s88m+-678s+-4m", seat="S", open_tanyao=False)["error"] == "no yaku"


@pytest.mark.parametrize("meld, fu, reason", [
    ("x11xz", 32, "concealed kan of terminals or honors"),
    ("x55xp", 16, "concealed kan of simples"),
    ("-1111z", 16, "open kan of terminals or honors"),
    ("5-5=55p", 8, "open kan of simples"),
    ("-111z", 4, "open triplet of terminals or honors"),
    ("66-6p", 2, "open triplet of simples"),
])
def test_kans_and_triplets_have_their_fu_on_their_group(meld, fu, reason):
    s = score(f"234m555z78s22m+{meld}+-9s", red_fives=False)  # white dragons: a yaku with any meld
    assert fu_of(s, reason) == [{"fu": fu, "reason": reason, "group": 1}]
    assert s["fu"] == -(-sum(d["fu"] for d in s["fu_details"]) // 10) * 10


def test_kiriage_mangan_by_preset():
    hand, context = "234m567p66p234s45s+-6s", {"seat": "S", "riichi": True, "dora": "1m"}
    plain = score(hand, **context)
    assert (plain["han"], plain["fu"], plain["limit"], plain["points"]) == (4, 30, None, {"ron": 7700})
    for rules in ("wrc", "ema", "mleague"):
        s = score(hand, rules=rules, **context)
        assert (s["limit"], s["points"]) == ("mangan", {"ron": 8000}), rules
    assert score(hand, rules="wrc", kiriage=False, **context)["points"] == {"ron": 7700}


def test_kazoe_is_yakuman_or_sanbaiman_by_preset():
    hand, context = "11223344556m77m+6m", {"seat": "S", "riichi": True, "dora": "6m"}
    s = score(hand, **context)
    assert s["han"] >= 13 and s["limit"] == "yakuman"
    assert s["points"] == {"tsumo": {"dealer": 16000, "others": 8000}}
    s = score(hand, rules="wrc", **context)
    assert (s["limit"], s["points"]) == ("sanbaiman", {"tsumo": {"dealer": 12000, "others": 6000}})


def test_double_yakuman_by_preset():
    kokushi = "19m19p19s1234567z+-1m"
    assert score(kokushi)["limit"] == "yakuman"
    assert score(kokushi, rules="mahjongsoul")["limit"] == "double yakuman"
    assert score(kokushi, rules="mahjongsoul")["points"] == {"ron": 96000}


def test_a_double_wind_pair_is_4_fu_or_2_by_preset():
    hand = "234m567p999s11z67m+-8m"  # East seat, East round: the pair is both winds
    s = score(hand, riichi=True)
    assert fu_of(s, "pair of a double wind") == [{"fu": 4, "reason": "pair of a double wind", "group": 0}]
    assert (s["fu"], s["points"]) == (50, {"ron": 2400})
    s = score(hand, riichi=True, rules="mleague")
    assert fu_of(s, "pair of a double wind")[0]["fu"] == 2
    assert (s["fu"], s["points"]) == (40, {"ron": 2000})
    assert score(hand, riichi=True, rules="mleague", double_wind_fu=4)["fu"] == 50


def test_red_fives_count_where_the_rules_have_them_also_in_a_concealed_kan():
    red = score("234p678s11z12m+x05xm+-3m", riichi=True)
    assert {"name": "Red fives", "ja": "赤ドラ", "zh": "赤宝牌", "han": 1} in red["yaku"]
    assert red["han"] == 2  # riichi, one red five (the backs are plain fives)
    plain = score("234p678s11z12m+x55xm+-3m", riichi=True)  # four plain 5m: the package's red id, taken back
    assert "Red fives" not in names(plain) and plain["han"] == 1
    assert "Red fives" not in names(score("234p678s11z12m+x05xm+-3m", riichi=True, rules="wrc"))
    two = score("234p067s11z12m+x05xm+-3m", riichi=True)
    assert [y["han"] for y in two["yaku"] if y["name"] == "Red fives"] == [2]


def test_no_yaku_says_so_with_zero_points():
    s = score("345m456p789s2z+-123m+-2z", seat="S")
    assert s["error"] == "no yaku"
    assert (s["han"], s["points"], s["total"], s["yaku"]) == (0, {"ron": 0}, 0, [])
    assert score("345m456p789s2z+-123m+2z", seat="S")["points"] == {"tsumo": {"dealer": 0, "others": 0}}


def test_dora_and_ura_lines_ura_only_with_riichi():
    hand = "234789m1234566p+6p"
    s = score(hand, seat="S", dora="5p", ura="1m", riichi=True)
    assert {"name": "Dora", "ja": "ドラ", "zh": "宝牌", "han": 3} in s["yaku"]
    assert {"name": "Ura dora", "ja": "裏ドラ", "zh": "里宝牌", "han": 1} in s["yaku"]
    assert "Ura dora" not in names(score(hand, seat="S", ura="1m"))


# -- points, honba, sticks -------------------------------------------------------------------------


@pytest.mark.parametrize("hand, seat, points", [
    ("234789m1234566p+-6p", "S", {"ron": 1000}),
    ("234789m1234566p+-6p", "E", {"ron": 1500}),
    ("234789m1234566p+6p", "S", {"tsumo": {"dealer": 700, "others": 400}}),
    ("234789m1234566p+6p", "E", {"tsumo": {"all": 700}}),
])
def test_points_in_three_shapes_and_totals_with_honba_and_sticks(hand, seat, points):
    s = score(hand, seat=seat, honba=2, sticks=1)
    assert s["points"] == points
    assert s["total"] == paid(points, 2, 1)
    assert (s["honba"], s["sticks"], s["dealer"]) == (2, 1, seat == "E")


# -- waits, errors ---------------------------------------------------------------------------------


def test_a_tenpai_hand_gets_its_waits_table_no_yaku_rows_included():
    s = score("23m456p678s55s+-234p", seat="S")
    rows = {r["tile"]: r for r in s["waits"]}
    assert list(rows) == ["1m", "4m"]
    assert rows["1m"]["ron"]["error"] == rows["1m"]["tsumo"]["error"] == "no yaku"
    assert names(rows["4m"]["ron"]) == ["Tanyao"] and rows["4m"]["tsumo"]["win"] == "tsumo"
    assert "error" not in rows["4m"]["tsumo"]


def test_a_thirteen_sided_wait_table():
    s = score("19m19p19s1234567z")
    assert len(s["waits"]) == 13
    assert {r["ron"]["limit"] for r in s["waits"]} == {"yakuman"}


@pytest.mark.parametrize("notation, words", [
    ("123m456p789s1122z+3z", "not complete (shanten 0)"),
    ("123m456p789s1234z", "nor tenpai (shanten 2)"),
    ("12m+3m", "3 concealed tiles with 0 melds; a win has 14"),
    ("123m456p789s11122z", "no winning tile"),
    ("123m456p789s11zj+3z", "jokers"),
    ("123m456p789s11z3z+1f", "no bonus tiles (1f)"),
])
def test_a_hand_that_is_no_win_says_why(notation, words):
    s = score(notation)
    assert "han" not in s and words in s["error"]


@pytest.mark.parametrize("options, param", [
    ({"round": "X"}, "round"), ({"seat": "east"}, "seat"), ({"rules": "house"}, "rules"),
    ({"honba": "-1"}, "honba"), ({"sticks": "many"}, "sticks"), ({"kazoe": "twice"}, "kazoe"),
    ({"double_wind_fu": 3}, "double_wind_fu"), ({"riichi": "maybe"}, "riichi"), ({"dora": "3mx"}, "dora"),
    ({"colour": "red"}, "colour"),
    ({"haitei": True}, "haitei"),  # a ron
    ({"ippatsu": True}, "ippatsu"),  # no riichi
    ({"tenhou": True, "seat": "S"}, "tenhou"),
    ({"rinshan": True}, "rinshan"),
])
def test_bad_options_name_the_option(options, param):
    with pytest.raises(OptionError) as err:
        score("234789m1234566p+-6p", **options)
    assert err.value.param == param and param.split("_")[0] in err.value.message


def test_riichi_needs_a_concealed_hand():
    with pytest.raises(OptionError, match="riichi needs a concealed hand"):
        score("23m567p234s88m+-678s+-4m", riichi=True)


def test_mcr_is_refused_with_a_clear_message_without_pymahjonggb(monkeypatch):
    monkeypatch.setitem(sys.modules, "MahjongGB", None)  # as if it were not installed: import fails
    with pytest.raises(OptionError, match=r"pip install 'mahjong-tiles\[mcr\]'") as err:
        score("234789m1234566p+6p", rules="mcr")
    assert err.value.param == "rules"


def gb_fans(**args):
    gb = pytest.importorskip("MahjongGB")
    base = dict(pack=(), flowerCount=0, isSelfDrawn=False, is4thTile=False, isAboutKong=False, isWallLast=False,
                seatWind=0, prevalentWind=0, verbose=True)
    return [{"name": en, "zh": zh, "fan": fan, "count": n} for fan, n, zh, en in gb.MahjongFanCalculator(**{**base, **args})]


@pytest.mark.parametrize("notation, options, gb", [
    ("123m456p789s123s5z+-5z", {}, dict(hand=("W1", "W2", "W3", "B4", "B5", "B6", "T7", "T8", "T9", "T1", "T2", "T3", "J3"),
                                        winTile="J3")),
    ("456p789s123s5z+1-23m+1f2f+5z", {"seat": "S", "round": "S"},
     dict(pack=(("CHI", "W2", 1),), hand=("B4", "B5", "B6", "T7", "T8", "T9", "T1", "T2", "T3", "J3"), winTile="J3",
          isSelfDrawn=True, flowerCount=2, seatWind=1, prevalentWind=1)),
    ("789s123s1z+555-5p+-777z+-1z", {"last_tile": True},
     dict(pack=(("GANG", "B5", 3), ("PENG", "J1", 1)), hand=("T7", "T8", "T9", "T1", "T2", "T3", "F1"), winTile="F1",
          is4thTile=True)),
    ("789s123s1z+x55xp+-777z+1z", {"kong": True, "wall_last": True},
     dict(pack=(("GANG", "B5", 0), ("PENG", "J1", 1)), hand=("T7", "T8", "T9", "T1", "T2", "T3", "F1"), winTile="F1",
          isSelfDrawn=True, isAboutKong=True, isWallLast=True)),
])
def test_mcr_fans_are_pymahjonggbs_for_the_picture(notation, options, gb):
    fans = gb_fans(**gb)
    s = score(notation, rules="mcr", **options)
    assert s["fans"] == fans and s["fan"] == sum(f["fan"] * f["count"] for f in fans)
    assert ("error" in s) == (s["fan"] < 8)


def test_mcr_waits_minimum_and_options():
    pytest.importorskip("MahjongGB")
    rows = score("1112345678999m", rules="mcr")["waits"]
    assert [r["tile"] for r in rows] == [f"{n}m" for n in range(1, 10)]
    assert {r["tsumo"]["fan"] - r["ron"]["fan"] for r in rows} <= {0, 1, 2}  # self-drawn, or not
    s = score("123m345p789s11z23p+-1p", rules="mcr")  # short of eight fan
    assert s["error"].endswith("a win needs 8") and s["fan"] < 8
    with pytest.raises(OptionError, match="riichi") as err:
        score("123m456p789s123s5z+-5z", rules="mcr", riichi=True)
    assert err.value.param == "riichi"
    with pytest.raises(OptionError, match="give rules=mcr"):
        score("123m456p789s123s5z+-5z", kong=True)


# -- the command line and the JSON view -----------------------------------------------------------


def tiles(*args):
    return subprocess.run([sys.executable, "-m", "service.cli", *args], capture_output=True, text=True, timeout=120)


def test_tiles_score_text_json_and_errors():
    r = tiles("score", "234789m1234566p+6p", "--riichi", "--seat", "S", "--honba", "1")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[-1] == "3 han 20 fu · 700-1,300 (total 3,000 with 1 honba)"
    r = tiles("score", "234789m1234566p+6p", "--json", "--rules", "wrc", "--red-fives", "on")
    assert json.loads(r.stdout)["rules"] == "wrc" and r.returncode == 0
    r = tiles("score", "234789m1234566p+6p", "--kazoe", "twice")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "kazoe" in r.stderr and "Traceback" not in r.stderr
    r = tiles("score", "345m456p789s2z+-123m+-2z")
    assert r.returncode == 1 and "no yaku" in r.stdout
    r = tiles("score", "123m456p789s1234z")
    assert r.returncode == 1 and r.stderr == "error: not a win, nor tenpai (shanten 2)\n"


def test_the_json_view_carries_the_score():
    from service.http.app import create_app

    client = create_app().test_client()
    r = client.get("/tiles/234789m1234566p%2B6p.json?score=1&riichi=1&seat=S&dora=5p")
    assert r.status_code == 200
    assert (r.json["score"]["han"], r.json["score"]["points"]) == (6, {"tsumo": {"dealer": 6000, "others": 3000}})
    assert "score" not in client.get("/tiles/234789m1234566p%2B6p.json").json
    for query, param in (("score=1&seat=X", "seat"), ("score=maybe", "score"), ("score=1&double-riichi=2", "double_riichi"),
                         ("score=1&riichi=1&seat=S&ippatsu=1&haitei=1&kiriage=x", "kiriage")):
        r = client.get(f"/tiles/234789m1234566p%2B6p.json?{query}")
        assert r.status_code == 400 and r.json["error"]["param"] == param, query


def test_lint_check_scores_says_what_the_hand_scores_and_why(tmp_path):
    from service.docs import lint

    page = tmp_path / "scores.mdx"
    page.write_text(
        '<Tiles notation="234789m1234566p+6p" riichi seat="S" caption="Riichi, tsumo, pinfu: 3 han 20 fu, 700-1300" />\n'
        '<Tiles notation="234789m1234566p+6p" riichi seat="S" /> scores 3 han 30 fu, or 2000-4000.\n'
        '<Tiles notation="234m567p66p234s45s+-6s" seat="S" riichi dora="1m" rules="wrc" caption="Mangan · 8,000" />\n'
        '<Tiles notation="234m567p66p234s45s+-6s" seat="S" riichi dora="1m" caption="満貫, 4翻30符" />\n'
        '<Tiles notation="345m456p789s2z+-123m+-2z" caption="1,000" />\n'
        '<Tiles notation="23m567p234s88m+-678s" caption="1 han 30 fu" />\n'
        '<Tiles notation="123m456p789s123s5z+-5z" rules="mcr" caption="8 fan" />\n'
        '<Tiles notation="234789m1234566p+6p" seat="X" caption="3 han 20 fu" />\n', encoding="utf-8")
    problems = [str(p).split(":", 1)[1] for p in lint.lint_paths([str(page)], check_scores=True)]
    mcr = [] if _has_gb() else ["7:49: cannot check the score: " + "rules mcr (Chinese Official) needs PyMahjongGB: "
                                "pip install 'mahjong-tiles[mcr]'"]
    fans = ["7:63: the caption says 8 fan, but the hand scores 12 fan (Mixed Straight 8, Concealed Hand 2, "
            "Mixed Double Chow 1, Single Wait 1)"] if _has_gb() else mcr
    assert problems == [
        "2:64: the caption says 3 han 30 fu, but the hand scores 3 han 20 fu · 700-1,300 "
        "(Menzen tsumo 1, Riichi 1, Pinfu 1; fu: base 20)",
        "2:80: the caption says 2000-4000, but the hand scores 3 han 20 fu · 700-1,300 "
        "(Menzen tsumo 1, Riichi 1, Pinfu 1; fu: base 20)",
        "4:77: the caption says 満貫, but the hand scores 4 han 30 fu · 7,700 "
        "(Riichi 1, Pinfu 1, Tanyao 1, Dora 1; fu: base 20 + concealed ron 10)",
        "5:53: the caption says 1,000, but the hand scores nothing: no yaku",
        "6:49: warning: the caption says 1 han 30 fu, but the hand has no winning tile: it is tenpai, and each wait "
        "scores its own (tiles score shows the table)",
        *fans,
        "8:44: cannot check the score: seat must be E, S, W or N (the seat wind; E is the dealer), not 'X'",
    ]
    assert lint.lint_paths([str(page)]) == []  # the score props are props, and unchecked without the flag


def _has_gb() -> bool:
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        return False
    return True


# -- random winning hands, cross-checked ------------------------------------------------------------

SUITS = "mpsz"


def random_win(rng: random.Random):
    """A random complete hand as notation, with what the test needs to ask the package itself:
    the concealed kinds, the melds (type, kinds, opened), the winning kind, ron or tsumo."""
    counts = [0] * 34
    sets = []
    while len(sets) < 4:
        shape = rng.choices(("run", "triplet", "kan"), (5, 3, 1))[0]
        if shape == "run":
            suit = rng.randrange(3)
            start = suit * 9 + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
        else:
            kinds = [rng.randrange(34)] * (3 if shape == "triplet" else 4)
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
            sets.append(kinds)
    pair = rng.choice([k for k in range(34) if counts[k] <= 2])
    counts[pair] += 2
    code = lambda k: f"{k % 9 + 1}{SUITS[k // 9]}"  # noqa: E731
    concealed = [pair, pair]
    melds, meld_text = [], []
    for kinds in sets:
        if len(kinds) == 4 or rng.random() < 0.3:
            if len(kinds) == 4 and rng.random() < 0.5:
                melds.append((Meld.KAN, kinds, False))
                meld_text.append(f"x{kinds[0] % 9 + 1}{kinds[0] % 9 + 1}x{SUITS[kinds[0] // 9]}")
            else:
                kind = Meld.CHI if kinds[0] != kinds[1] else Meld.PON if len(kinds) == 3 else Meld.KAN
                melds.append((kind, kinds, True))
                at = 0 if kind == Meld.CHI else rng.randrange(len(kinds) - 1 if len(kinds) == 4 else len(kinds))
                meld_text.append("".join(("-" if i == at else "") + code(k)[0] for i, k in enumerate(kinds))
                                 + SUITS[kinds[0] // 9])
        else:
            concealed += kinds
    win = rng.choice(concealed)
    rest = sorted(concealed)
    rest.remove(win)
    ron = rng.random() < 0.5
    groups = ["".join(code(k) for k in rest), *meld_text, ("-" if ron else "") + code(win)]
    return "+".join(groups), concealed, melds, win, ron


def package_answer(concealed, melds, win, ron, seat, round_, riichi, dora, honba, sticks):
    """The mahjong package's own answer, with its own objects: no code of ours in between."""
    next_id = {}

    def take(k):
        n = next_id.get(k, 0)
        next_id[k] = n + 1
        return 4 * k + n

    tiles = []
    win_id = None
    for k in concealed:
        t = take(k)
        tiles.append(t)
        if k == win and win_id is None:
            win_id = t
    package_melds = []
    for kind, kinds, opened in melds:
        ids = [take(k) for k in kinds]
        tiles += ids
        package_melds.append(Meld(kind, ids, opened=opened))
    config = HandConfig(is_tsumo=not ron, is_riichi=riichi, player_wind=EAST + "ESWN".index(seat),
                        round_wind=EAST + "ESWN".index(round_), tsumi_number=honba, kyoutaku_number=sticks,
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False))
    indicators = [4 * dora] if dora is not None else []
    return HandCalculator.estimate_hand_value(tiles, win_id, package_melds, indicators, config)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_wins_agree_with_the_package_the_points_table_and_their_fu_lines(seed):
    rng = random.Random(seed)
    notation, concealed, melds, win, ron = random_win(rng)
    seat, round_ = rng.choice("ESWN"), rng.choice("ES")
    riichi = not any(opened for _, _, opened in melds) and rng.random() < 0.5
    dora = rng.randrange(34) if rng.random() < 0.5 else None
    honba, sticks = rng.randrange(3), rng.randrange(3)
    ours = score(notation, seat=seat, round=round_, riichi=riichi, honba=honba, sticks=sticks, red_fives=False,
                 dora="" if dora is None else f"{dora % 9 + 1}{SUITS[dora // 9]}")
    theirs = package_answer(concealed, melds, win, ron, seat, round_, riichi, dora, honba, sticks)
    if theirs.error == HandCalculator.ERR_NO_YAKU:
        assert ours["error"] == "no yaku", notation
        return
    assert theirs.error is None, (notation, theirs.error)
    assert (ours["han"], ours["fu"]) == (theirs.han, theirs.fu), notation
    assert sorted(names(ours)) == sorted(YAKU[type(y).__name__][0] for y in theirs.yaku), notation
    yakuman = any(y.is_yakuman for y in theirs.yaku)
    assert ours["points"] == table_points(ours["han"], ours["fu"], seat == "E", not ron, yakuman=yakuman), notation
    assert ours["total"] == paid(ours["points"], honba, sticks), notation
    if ours["fu_details"]:
        total = sum(d["fu"] for d in ours["fu_details"])
        assert ours["fu"] == (25 if total == 25 else -(-total // 10) * 10), notation
    if ours["fu_details"]:  # each called or concealed triplet and kan has its line on its own group
        for at, (_, kinds, _) in enumerate(melds, start=1):
            lines = [d for d in ours["fu_details"] if d["group"] == at]
            assert len(lines) == (kinds[0] == kinds[1]), (notation, at, lines)


# -- docs/scoring.md says what the code does -------------------------------------------------------


def test_the_presets_table_is_the_presets():
    from pathlib import Path

    from service.scoring import PRESETS

    text = (Path(__file__).resolve().parents[1] / "docs" / "scoring.md").read_text(encoding="utf-8")
    table = text[text.index("| option | `tenhou`"):].split("\n\n")[0].splitlines()
    header = [c.strip(" `") for c in table[0].strip("|").split("|")][1:]
    assert header == list(PRESETS)
    words = {"on": True, "off": False}
    for row in table[2:]:
        cells = [c.strip(" `") for c in row.strip("|").split("|")]
        name = cells[0].split(":")[0].strip("`")
        for preset, cell in zip(header, cells[1:]):
            value = words.get(cell, int(cell) if cell.isdigit() else cell)
            assert getattr(PRESETS[preset], name) == value, (preset, name)
    assert len(table) - 2 == len(PRESETS["tenhou"].__dataclass_fields__)


def test_the_scoring_page_claims_only_true_scores():
    from pathlib import Path

    from service.docs import lint

    page = Path(__file__).resolve().parents[1] / "docs" / "scoring.md"
    assert lint.lint_paths([str(page)], check_scores=True) == []


# -- bad input is normal input ---------------------------------------------------------------------

PIECES = ("1m", "5m", "0m", "9p", "0p", "5s", "0s", "1z", "7z", "-", "=", "x", "j", "?", "1f", "+", "+-", " ",
          "123m", "555z", "x55xp", "x05xm", "5-5=55p", "-5555s", "-789p", "66-6z", "19m19p19s1234567z")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=14), st.sampled_from(("tenhou", "wrc", "mleague")),
       st.booleans(), st.sampled_from("ESWN"))
def test_any_notation_scores_or_says_why_never_a_crash(pieces, rules, riichi, seat):
    from service.notation.grammar import ParseError, parse

    try:
        hand = parse("".join(pieces))
    except ParseError:
        return
    try:
        s = score(hand, rules=rules, riichi=riichi, seat=seat)
    except OptionError as err:  # the context does not fit the hand: named
        assert err.param == "riichi"
        return
    assert s["rules"] == rules
    assert "error" in s or "waits" in s or s["han"] > 0
    json.dumps(s)


def test_a_bug_in_the_scoring_is_no_500(monkeypatch, caplog):
    import service.scoring as scoring
    from service.http.app import create_app

    def broken(hand, ctx):
        raise RuntimeError("a bug")

    monkeypatch.setattr(scoring, "score_context", broken)
    r = create_app().test_client().get("/tiles/234789m1234566p%2B6p.json?score=1")
    assert r.status_code == 200
    assert r.json["score"] == {"error": "internal error: this hand could not be scored"}
    assert "a bug" in caplog.text and "a bug" not in r.get_data(as_text=True)


# -- the score card under the picture --------------------------------------------------------------


def card(notation, lang="en", **context):
    from service.layout.arrange import arrange
    from service.layout.score_layout import with_score
    from service.notation.grammar import parse
    from service.notation.options import RenderOptions

    hand, opts = parse(notation), RenderOptions(lang=lang)
    base = arrange(hand, opts)
    return base, with_score(base, score(hand, **context), opts)


def test_the_card_lists_yaku_fu_under_their_groups_and_the_total():
    base, lay = card("234m456p78s55p+x11xz+-9s")
    texts = [label.text for label in lay.labels]
    assert texts == ["Seat wind: East 1 han", "Round wind: East 1 han", "base 20 fu", "concealed ron 10 fu",
                     "concealed kan of terminals or honors 32 fu", "2 han 70 fu · 6,800"]
    kan_x = min(p.x for p in base.placements if p.group == 1)
    assert [label.x for label in lay.labels if "kan" in label.text] == [kan_x] and kan_x > 0
    assert lay.height > base.height and all(label.y > base.height for label in lay.labels)
    assert base.placements == lay.placements  # the hand is drawn as without the card


@pytest.mark.parametrize("lang, total, kan", [("ja", "2翻70符 · 6,800", "幺九牌の暗槓 32符"),
                                              ("zh", "2番70符 · 6,800", "幺九牌暗杠 32符")])
def test_the_card_speaks_the_pages_language(lang, total, kan):
    _, lay = card("234m456p78s55p+x11xz+-9s", lang)
    texts = [label.text for label in lay.labels]
    assert texts[-1] == total and kan in texts and texts[0].startswith(("自風 東", "自风 东"))


def test_a_tenpai_hands_card_is_its_waits_table_each_wait_a_tile():
    base, lay = card("23m456p678s55s+-234p", seat="S")
    waits = lay.placements[len(base.placements):]
    assert [p.tile.code for p in waits] == ["1m", "4m"] and all(p.y >= base.height for p in waits)
    assert [label.text for label in lay.labels] == ["Ron No yaku", "Tsumo No yaku",
                                                    "Ron 1 han 30 fu · 1,000", "Tsumo 1 han 30 fu · 300-500"]


@pytest.mark.parametrize("fmt, theme, scale", [("png", "light", 1), ("webp", "dark", 2), ("png", "dark", 3),
                                               ("svg", "auto", 1)])
def test_tiles_render_score_draws_the_card(tmp_path, fmt, theme, scale):
    from PIL import Image

    out, plain = tmp_path / f"card.{fmt}", tmp_path / f"plain.{fmt}"
    args = ["234789m1234566p+6p", "--theme", theme, "--scale", str(scale), "--lang", "ja"]
    r = tiles("render", *args, "-o", str(out), "--score", "--riichi", "--seat", "S")
    assert r.returncode == 0, r.stderr
    assert tiles("render", *args, "-o", str(plain)).returncode == 0
    if fmt == "svg":
        text = out.read_text(encoding="utf-8")
        assert "点数：3翻20符 · 700-1,300</title>" in text
        return
    _, lay = card("234789m1234566p+6p", "ja", riichi=True, seat="S")
    with Image.open(out) as img, Image.open(plain) as bare:
        assert img.size == (lay.width * scale, lay.height * scale) and img.size[1] > bare.size[1]


def test_tiles_render_score_bad_options_and_rivers_are_one_line():
    r = tiles("render", "234789m1234566p+-6p", "-o", "-", "--score", "--haitei")
    assert r.returncode == 2 and r.stderr.startswith("error: haitei is a win on a drawn tile") and r.stdout == ""
    r = tiles("render", "123m*4p", "-o", "-", "--layout", "river", "--score")
    assert r.returncode == 2 and "a river has no score" in r.stderr


def test_the_card_fits_the_cost_ceiling_at_the_densities_the_component_asks():
    from service.layout.limits import densities, distinct_faces

    base, lay = card("19m19p19s1234567z")  # the widest table: thirteen rows
    assert densities(lay.width, lay.height, 38, faces=distinct_faces(lay)) == (1, 2, 3)


def with_red_fives(notation: str, rng: random.Random) -> tuple[str, int]:
    """``notation`` with some fives made red, at most one a suit: the new text and how many."""
    chars, fives = list(notation), {}
    pending = []
    for i, c in enumerate(chars):
        if c.isdigit():
            pending.append(i)
        elif c in "mpsz":
            for j in pending:
                if chars[j] == "5" and c != "z":
                    fives.setdefault(c, []).append(j)
            pending = []
    reds = 0
    for suit, places in fives.items():
        if rng.random() < 0.6:
            chars[rng.choice(places)] = "0"
            reds += 1
    return "".join(chars), reds


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_wins_count_each_red_five_once_where_the_rules_have_them(seed):
    rng = random.Random(seed)
    notation, *_ = random_win(rng)
    red, reds = with_red_fives(notation, rng)
    plain, counted = score(notation, seat="S"), score(red, seat="S")
    assert score(red, seat="S", red_fives=False) == plain, red
    if "error" in plain or plain["limit"] and "yakuman" in plain["limit"]:
        assert counted.get("error") == plain.get("error"), red
        return
    assert counted["han"] == plain["han"] + reds, red
    assert [y["han"] for y in counted["yaku"] if y["name"] == "Red fives"] == ([reds] if reds else []), red


CARD_HANDS = [  # (notation, score's options): yaku, fu lines, limits, waits
    ("234789m1234566p+6p", {"riichi": True, "seat": "S"}),
    ("11223344556677z", {}),
    ("19m19p19s1234567z+1m", {}),
    ("555666777z11m+22m-33m", {}),
    ("123m456p789s1122z", {"seat": "E"}),
    ("22m345p678s111z+444z", {"riichi": True}),
]


def test_a_score_cards_characters_are_all_in_the_font_subset():
    """Issue 42: the card's yaku names (立直, 門前清自摸和...) were not in the font's subset, so each new
    line opened the whole 17 MB font; `service.scoring` registers its names (`also_draws`): every
    character a card writes, in en, ja and zh, is in the subset (a fresh process, as `tiles render
    --score` is), and so is every name the card can write."""
    code = f"""
import sys
from service.drawing.render import render
from service.layout.arrange import arrange
from service.layout.score_layout import with_score
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.scoring import score
from service.scoring.card_words import LIMITS, WORDS, FU_WORDS
from service.scoring.names import YAKU
from tile_art.glyphs import _covered
texts = []
for notation, options in {CARD_HANDS!r}:
    hand = parse(notation)
    for lang in ("en", "ja", "zh"):
        opts = RenderOptions(height=40, lang=lang)
        lay = with_score(arrange(hand, opts), score(hand, **options), opts)
        texts += [label.text for label in lay.labels]
        render(hand, opts, lay)
names = [w for table in (YAKU, LIMITS, WORDS, FU_WORDS) for words in table.values() for w in words]
print(len(texts), repr("".join(sorted(set("".join(texts + names)) - _covered()))))
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    count, missing = run.stdout.split(maxsplit=1)
    assert int(count) > 30 and missing.strip() == "''", run.stdout
