"""Tile acceptance: every row against a brute force, on thousands of random hands.

The brute force discards each kind, draws each kind and asks an independent
shanten before and after: the `mahjong` package's for concealed hands, and for
hands with melds the analysis's own exact shanten (which counts the copies the
melds hold; the package, given the concealed tiles alone, cannot see them).
Copies in the hand after the discard, its melds and the visible tiles are
subtracted; a kind with none left is not accepted.
"""

from __future__ import annotations

import os
import random

import pytest
from mahjong.shanten import Shanten

from service.analysis.keys import code_of
from service.analysis.shanten import regular_shanten
from service.efficiency import EfficiencyError, efficiency
from service.notation.grammar import ParseError

from sample_hands import WALL, counts, near_complete  # tests/sample_hands.py

SCALE = int(os.environ.get("EFFICIENCY_DIFF_SCALE", "1"))
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def spelled(c) -> str:
    """Plain codes of a count vector: ``"1m1m2p"``."""
    return "".join(code_of(i) for i, n in enumerate(c) for _ in range(n))


def oracle(h, sets: int, caps, all_forms: bool) -> int:
    """Shanten by someone else's code where it can see everything, else the analysis's."""
    if caps is None:
        return Shanten.calculate_shanten(list(h), use_chiitoitsu=all_forms, use_kokushi=all_forms)
    return regular_shanten(h, sets, caps)


def brute_row(h, sets, caps, seen, all_forms) -> dict:
    now = oracle(h, sets, caps, all_forms)
    accepts = []
    for t in range(34):
        left = 4 - h[t] - seen[t]
        if left <= 0:
            continue
        h[t] += 1
        if oracle(h, sets, caps, all_forms) < now:
            accepts.append({"tile": code_of(t), "left": left})
        h[t] -= 1
    return {"shanten": now, "accepts": accepts, "kinds": len(accepts), "tiles": sum(a["left"] for a in accepts)}


def brute_force(c, melded=(0,) * 34, sets=4, visible=(0,) * 34, all_forms=True) -> dict:
    """The table the slow way: a shanten call for each discard and each draw."""
    c = list(c)
    caps = tuple(4 - m for m in melded) if sets < 4 else None
    seen = [m + v for m, v in zip(melded, visible)]
    if sum(c) == 3 * sets + 1:
        return brute_row(c, sets, caps, seen, all_forms)
    rows = []
    for d in range(34):
        if c[d]:
            c[d] -= 1
            rows.append({"tile": code_of(d), **brute_row(c, sets, caps, seen, all_forms)})
            c[d] += 1
    rows.sort(key=lambda r: (r["shanten"], -r["tiles"]))
    return {"shanten": oracle(c, sets, caps, all_forms), "discards": rows}


def ours(notation, visible="", forms="all") -> dict:
    table = efficiency(notation, visible, forms)
    assert (table.pop("notation"), table.pop("forms")) == (notation, forms)
    return table


# -- random hands ------------------------------------------------------------------


def seven_pairs_like(rng, size):
    kinds = rng.sample(range(34), 7)
    tiles = [k for k in kinds for _ in range(2)]
    rng.shuffle(tiles)
    for _ in range(rng.choice((0, 1, 2))):
        tiles[rng.randrange(14)] = rng.randrange(34)
    tiles = tiles[:size]
    return counts(tiles) if max(counts(tiles)) <= 4 else near_complete(rng, size)


def orphans_like(rng, size):
    tiles = ORPHANS + [rng.choice(ORPHANS)]
    rng.shuffle(tiles)
    for _ in range(rng.choice((0, 1, 2, 3))):
        tiles[rng.randrange(14)] = rng.randrange(34)
    tiles = tiles[:size]
    return counts(tiles) if max(counts(tiles)) <= 4 else near_complete(rng, size)


def concealed(rng, size):
    how = rng.randrange(10)
    if how < 4:
        return near_complete(rng, size)
    if how < 6:
        return seven_pairs_like(rng, size)
    if how < 8:
        return orphans_like(rng, size)
    return counts(rng.sample(WALL, size))


def check(c, melds="", melded=(0,) * 34, sets=4, visible=(0,) * 34, forms="all"):
    notation = spelled(c) + melds
    want = brute_force(c, melded, sets, visible, forms == "all")
    got = ours(notation, spelled(visible), forms)
    assert got == want, notation + " visible " + spelled(visible)
    return got


def test_concealed_hands_match_the_brute_force():
    rng = random.Random(20261203)
    shanten = set()
    for n in range(1000 * SCALE):
        size = 14 if n % 4 == 0 else 13
        c = concealed(rng, size)
        forms = "standard" if n % 7 == 0 else "all"
        shanten.add(check(c, forms=forms)["shanten"])
    assert {-1, 0, 1, 2} <= shanten  # complete, tenpai and far hands all met


def test_seven_pairs_and_thirteen_orphans_rows_match():
    rng = random.Random(44)
    for n in range(300 * SCALE):
        make = seven_pairs_like if n % 2 else orphans_like
        check(make(rng, 14 if n % 3 == 0 else 13))
    # Six pairs and a single: seven pairs tenpai, waiting on the single's mate.
    table = ours("112233445566m1z")
    assert table["shanten"] == 0 and {"tile": "1z", "left": 3} in table["accepts"]
    # Twelve orphans and a pair: the thirteenth orphan.
    assert ours("19m19p19s123456z1z")["accepts"] == [{"tile": "7z", "left": 4}]
    assert ours("19m19p19s123456z1z", forms="standard")["shanten"] > 0


def melded_hand(rng):
    """1-3 melds from the wall (chi, pon, concealed kan), then the concealed tiles and seen tiles."""
    wall = list(WALL)
    rng.shuffle(wall)
    left = counts(wall)
    melds, melded = "", [0] * 34
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(3)
        if kind == 0:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            tiles = [start, start + 1, start + 2]
            text = "+-" + "".join(str(t % 9 + 1) for t in tiles) + "mps"[start // 9]
        else:
            t = rng.randrange(34)
            tiles = [t] * (3 if kind == 1 else 4)
            text = f"+-{code_of(t)[0] * 3}{code_of(t)[1]}" if kind == 1 else f"+x{code_of(t)[0] * 2}x{code_of(t)[1]}"
        if any(left[t] < tiles.count(t) for t in tiles):
            continue
        for t in tiles:
            left[t] -= 1
            melded[t] += 1
        melds += text
    sets = 4 - melds.count("+")
    pool = [i for i in range(34) for _ in range(left[i])]
    size = 3 * sets + rng.choice((1, 2))
    if rng.random() < 0.5:  # near complete: sets around the melds' kinds
        c = near_complete(rng, size)
        if any(c[i] > left[i] for i in range(34)):
            c = counts(rng.sample(pool, size))
    else:
        c = counts(rng.sample(pool, size))
    rest = [i for i in range(34) for _ in range(left[i] - c[i])]
    visible = counts(rng.sample(rest, rng.randrange(12)))
    return c, melds, melded, sets, visible


def test_hands_with_melds_and_visible_tiles_match():
    rng = random.Random(4444)
    for _ in range(900 * SCALE):
        c, melds, melded, sets, visible = melded_hand(rng)
        check(c, melds, melded, sets, visible)


def test_visible_tiles_are_subtracted():
    rng = random.Random(7)
    for _ in range(500 * SCALE):
        size = rng.choice((13, 14))
        c = concealed(rng, size)
        rest = [i for i in range(34) for _ in range(4 - c[i])]
        visible = counts(rng.sample(rest, rng.randrange(30)))
        check(c, visible=visible)


@pytest.mark.slow
def test_volume():
    """Ten times the hands of the tests above (``EFFICIENCY_DIFF_SCALE`` scales them too)."""
    rng = random.Random(2026)
    for n in range(5000 * SCALE):
        if n % 3:
            check(concealed(rng, 14 if n % 2 else 13))
        else:
            check(*melded_hand(rng))


# -- known answers -----------------------------------------------------------------


def test_a_known_table():
    """123456789m12p35s: 1p 2p 3p 3s 4s 5s, 20 tiles (its own 1p, 2p, 3s, 5s subtracted)."""
    t = ours("123456789m12p35s")
    assert (t["shanten"], t["kinds"], t["tiles"]) == (1, 6, 20)
    assert [(a["tile"], a["left"]) for a in t["accepts"]] == [
        ("1p", 3), ("2p", 3), ("3p", 4), ("3s", 3), ("4s", 4), ("5s", 3)]


def test_rows_best_first_then_tile_order():
    rows = ours("123456789m12p355s")["discards"]
    keys = [(r["shanten"], -r["tiles"]) for r in rows]
    assert keys == sorted(keys)
    assert rows[0]["tile"] == "3s" and rows[0]["shanten"] == 0


def test_red_fives_count_as_fives():
    assert ours("123406789m12p35s") == ours("123456789m12p35s")
    assert efficiency("123456789m12p35s", visible="0p")["accepts"] == efficiency(
        "123456789m12p35s", visible="5p")["accepts"]


def test_the_drawn_tile_and_the_melds_count():
    t = ours("123456789m12p35s+3s")  # the drawn tile is a concealed tile
    assert "discards" in t
    t = ours("1234m+-111p+-222s+-333z")  # one pair short: 1m and 4m tanki
    assert (t["shanten"], [a["tile"] for a in t["accepts"]]) == (0, ["1m", "4m"])
    t = ours("1m+-111m+-222s+-333s+-444s")  # a pair of 1m, 2s, 3s or 4s would be a fifth
    assert t["shanten"] == 1 and t["kinds"] == 30
    assert not {"1m", "2s", "3s", "4s"} & {a["tile"] for a in t["accepts"]}


# -- errors ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "visible", "forms", "words"),
    [
        ("123456789m12p3sj", "", "all", "joker"),
        ("123456789m12p3s?", "", "all", "any-tile"),
        ("123456789m12p35s", "j", "all", "joker"),
        ("123m", "", "all", "a table needs 13 (to draw) or 14 (to discard)"),
        ("123456789m12p3s", "", "all", "a table needs"),
        ("1111m23456789p12s", "1m", "all", "5 copies of 1m seen"),
        ("11111m2345678p12s", "", "all", "5 copies of 1m"),
        ("123456789m12p35s", "", "chinese", "forms must be all or standard"),
        ("123456789m12p35q", "", "all", "not a suit letter"),
        ("123456789m12p35s", "3q", "all", "not a suit letter"),
    ],
)
def test_errors_are_clear(notation, visible, forms, words):
    with pytest.raises(ParseError) as err:
        efficiency(notation, visible, forms)
    assert words in err.value.message


def test_a_wild_is_pointed_at():
    with pytest.raises(EfficiencyError) as err:
        efficiency("123456789m12p3sj")
    assert err.value.position == 15


# -- the API and the CLI -----------------------------------------------------------


def test_from_service_import_efficiency():
    from service import efficiency as table
    import service.efficiency as package

    assert table("123456789m12p35s") == package("123456789m12p35s") == efficiency("123456789m12p35s")


def test_cli_text_json_and_errors(capsys):
    from service.cli import main

    assert main(["efficiency", "123456789m12p355s"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["shanten 0", "* discard 3s: shanten 0, 1 kind, 4 tiles: 3p×4"]
    assert main(["efficiency", "123456789m12p35s", "--visible", "3p3p", "--forms", "standard", "--json"]) == 0
    table = __import__("json").loads(capsys.readouterr().out)
    assert table == efficiency("123456789m12p35s", "3p3p", "standard")
    assert main(["efficiency", "123456789m12p3sj"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("error: a joker j in the hand") and err[2] == "  " + " " * 15 + "^"
    assert main(["efficiency", "-123m"]) == 2  # a meld first: one error line, no traceback
    assert capsys.readouterr().err.startswith("error: 0 concealed tiles with 1 meld:")


# -- the JSON view -----------------------------------------------------------------


@pytest.fixture(scope="module")
def client():
    from service.http.app import create_app

    return create_app().test_client()


def test_json_view_with_efficiency(client):
    r = client.get("/tiles/123456789m12p355s.json?efficiency=1&visible=3p3p")
    assert r.status_code == 200
    assert r.json["efficiency"] == efficiency("123456789m12p355s", "3p3p")
    assert r.json["analysis"]["shanten"] == 0  # the rest of the view is as it was
    assert "efficiency" not in client.get("/tiles/123456789m12p355s.json").json
    assert "efficiency" not in client.get("/tiles/123456789m12p355s.json?efficiency=0").json
    standard = client.get("/tiles.json?n=112233445566m1z&efficiency=true&forms=standard").json["efficiency"]
    assert standard == efficiency("112233445566m1z", forms="standard")


@pytest.mark.parametrize(
    ("url", "param", "words"),
    [
        ("/tiles/123456789m12p3sj.json?efficiency=1", None, "a joker j in the hand"),
        ("/tiles/123m.json?efficiency=1", None, "a table needs 13"),
        ("/tiles/123456789m12p35s.json?efficiency=maybe", "efficiency", "efficiency must be 1 or 0"),
        ("/tiles/123456789m12p35s.json?efficiency=1&forms=chinese", "forms", "forms must be all or standard"),
        ("/tiles/123456789m12p35s.json?efficiency=1&visible=3q", "visible", "not a suit letter"),
        ("/tiles/123456789m12p35s.json?efficiency=1&visible=3333s", None, "5 copies of 3s seen"),
        ("/tiles/1m2m.json?efficiency=1&layout=river", "efficiency", "a river is no hand"),
    ],
)
def test_json_view_errors_are_400s(client, url, param, words):
    r = client.get(url)
    assert r.status_code == 400, r.get_data(as_text=True)
    error = r.json["error"]
    assert error.get("param") == param and words in error["message"]


# -- tiles lint --check-efficiency -------------------------------------------------

PAGE = """# Problems

<Tiles notation="123456789m12p355s" caption="discard 3s: 1 kind, 4 tiles" />
<Tiles notation="123456789m12p355s" caption="discard 5s: 6 kinds 20 tiles" />
<Tiles notation="123456789m12p35s" /> accepts 6 kinds · 20 tiles.
<Tiles notation="123456789m12p35s" /> accepts 6 kinds · 21 tiles.
<Tiles notation="123456789m12p355s" caption="3s切り、1種4枚" />
<Tiles notation="123456789m12p355s" caption="1種5枚" />
<Tiles notation="123456789m12p355s" /> Here we discard 9p.
<Tiles notation="123456789m12p35sj" caption="20 tiles" />
<Tiles notation="123m" caption="a pretty run" />
<Tiles notation="123456789m12p355s" caption="20 tiles" />

```tiles
123456789m12p35s
```
That hand takes 21 tiles.
"""


def test_lint_checks_claimed_counts(tmp_path):
    from service.docs.lint import lint_paths

    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    problems = [str(p).split(":", 1)[1] for p in lint_paths([str(page)], check_efficiency=True)]
    assert problems == [
        "4:46: the caption says discard 5s, but the best is 3s: 1 kind, 4 tiles (5s: shanten 1, 6 kinds, 20 tiles)",
        "6:47: the text after the tag says 6 kinds 21 tiles, but the hand accepts 6 kinds, 20 tiles",
        "8:46: the caption says 1 kinds 5 tiles, but the best is 3s: 1 kind, 4 tiles",
        "9:48: the text after the tag says discard 9p, but the hand holds no 9p",
        "10:46: the caption says 20 tiles, but there is no table: a joker j in the hand: an efficiency table counts "
        "real tiles only (tiles parse analyses wilds)",
        "12:46: the caption says 20 tiles, but the best is 3s: 1 kind, 4 tiles",
        "17:17: the text after the tag says 21 tiles, but the hand accepts 6 kinds, 20 tiles",
    ]
    assert lint_paths([str(page)]) == []  # only when asked


def test_lint_cli_flag(tmp_path, capsys):
    from service.cli import main

    page = tmp_path / "page.md"
    page.write_text('<Tiles notation="123456789m12p35s" caption="6 kinds 21 tiles" />\n', encoding="utf-8")
    assert main(["lint", str(page)]) == 0
    assert main(["lint", "--check-efficiency", str(page)]) == 1
    assert "page.md:1:45: the caption says 6 kinds 21 tiles" in capsys.readouterr().out


# -- scenes: every tile the scene shows is seen ------------------------------------


def test_a_problem_card_counts_its_dora_indicators():
    from service.efficiency import scene_efficiency
    from service.notation.scene import read_scene

    card = read_scene("problem: {round: E1, seat: S, dora: 3p5s, hand: 123456789m12p35s+5s}")
    c = [0] * 34
    for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 22, 22):
        c[i] += 1
    seen = [0] * 34
    seen[11] = seen[22] = 1  # 3p, 5s
    want = brute_force(c, visible=seen)
    got = scene_efficiency(card)
    assert (got["shanten"], got["discards"]) == (want["shanten"], want["discards"])


def test_a_table_counts_rivers_melds_and_other_hands():
    from service.analysis.keys import counts_of
    from service.efficiency import scene_efficiency
    from service.notation.scene import read_scene

    scene = read_scene(
        "table:\n  round: S2\n  dora: 3m\n  view: S\n  seats:\n"
        "    E: {hand: 10, melds: '-123p', river: '19m4z*6p-5s'}\n"
        "    S: {hand: '2345m067p3488s55z', river: '1z9p3s'}\n"
        "    W: {hand: '3s4s', melds: '-777z', river: '2m'}\n")
    table = scene_efficiency(scene, visible="8s")
    # Seen: dora 3m; rivers 19m4z6p5s, 1z9p3s, 2m (the view's own too); E's 123p, W's 777z and 3s4s; and 8s.
    seen = counts_of("3m19m4z6p5s1z9p3s2m123p777z3s4s8s")
    want = brute_force(counts_of("2345m567p3488s55z"), visible=seen)
    assert (table["shanten"], table["accepts"]) == (want["shanten"], want["accepts"])
    assert table["accepts"] != efficiency("2345m067p3488s55z")["accepts"]  # the scene's tiles did count


def test_what_docs_analysis_says_of_efficiency():
    """The console block in docs/analysis.md is what `tiles efficiency` prints."""
    from pathlib import Path

    from service.efficiency.command import text

    doc = (Path(__file__).resolve().parents[1] / "docs" / "analysis.md").read_text(encoding="utf-8")
    block = doc.split("$ tiles efficiency 123456789m12p355s --visible 3p\n", 1)[1].split("```", 1)[0]
    shown = block.rstrip("\n").splitlines()
    assert text(efficiency("123456789m12p355s", "3p")).splitlines()[: len(shown)] == shown


# -- the picture's geometry (not yet wired to layout=efficiency) --------------------


def test_the_table_lays_out_and_draws():
    from PIL import Image
    import io

    from service.drawing.render import render
    from service.layout.efficiency_layout import efficiency_alt, efficiency_layout
    from service.notation.grammar import parse
    from service.notation.options import RenderOptions

    table = efficiency("123456789m12p355s")
    lay = efficiency_layout(table, 38, rows=3)
    boxes = [(p.x, p.y, p.x + p.w, p.y + p.h) for p in lay.placements]
    assert len(boxes) == 3 + sum(r["kinds"] for r in table["discards"][:3])
    for i, a in enumerate(boxes):  # no two tiles overlap, all inside the picture
        assert a[2] <= lay.width and a[3] <= lay.height
        assert all(a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1] for b in boxes[i + 1 :])
    assert lay.labels[0].text == "discard 3s · 1 kind · 4 tiles · best"
    assert len(efficiency_layout(table, 38).placements) > len(lay.placements)  # rows=None: every row
    hand = parse("123456789m12p355s")
    for theme, scale in (("light", 1), ("dark", 2), ("light", 3)):
        png = render(hand, RenderOptions(theme=theme, scale=scale), lay)
        assert Image.open(io.BytesIO(png)).size == (lay.width * scale, lay.height * scale)
    assert render(hand, RenderOptions(format="svg", theme="auto"), lay).startswith(b"<svg")
    assert efficiency_alt(table, rows=1) == "Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best)."
    drawing = efficiency("123456789m12p35s")
    assert [lab.text for lab in efficiency_layout(drawing).labels][0] == "shanten 1 · 6 kinds · 20 tiles"
