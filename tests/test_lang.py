"""Issue 39 item 2: ``lang`` (en, ja, zh) picks the language of the alt text everywhere it is written,
and (item 3) the keys change with it where the bytes or the alt text do."""

from __future__ import annotations

import json
import re
import string

import pytest

from service.drawing.render import render
from service.drawing.scene import scene_alt, scene_json
from service.notation.describe import alt_text, describe
from service.notation.dora import LANGS
from service.notation.grammar import parse
from service.notation.model import BONUS_NAMES, HONOR_NAMES, SINGLE_KINDS, Tile
from service.notation.options import RenderOptions
from service.notation.river import parse_river
from service.notation.scene import read_scene
from service.notation.words import WORDS, tile_name
from service.pictures.jobs import image_id, manifest_key

ALL_TILES = ([f"{n}{s}" for s in "mps" for n in range(10)] + [f"{n}z" for n in range(1, 8)]
             + [f"{n}f" for n in range(1, 9)] + list(SINGLE_KINDS))


# -- the table of words ---------------------------------------------------------------------------


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _shape(en, other, where: str, problems: list[str]) -> None:
    """Every key and slot English has, the other language has: same keys, same lengths, templates
    filling only the slots English fills (``n`` for an English ``nth``)."""
    if isinstance(en, dict):
        if set(other) != set(en):
            problems.append(f"{where}: keys {sorted(set(en) ^ set(other))} are in one language only")
        for k in en.keys() & other.keys():
            _shape(en[k], other[k], f"{where}.{k}", problems)
    elif isinstance(en, (tuple, list)):
        if len(other) != len(en) or not all(isinstance(o, str) and o for o in other):
            problems.append(f"{where}: {len(en)} names in English, {other!r} here")
    elif not isinstance(other, str) or (en and not other):
        problems.append(f"{where}: {other!r} is no word")
    else:
        allowed = _fields(en) | ({"n"} if "nth" in _fields(en) else set())
        if not _fields(other) <= allowed or ("tile" in _fields(en)) != ("tile" in _fields(other)):
            problems.append(f"{where}: {other!r} fills {_fields(other)}, English {en!r} fills {_fields(en)}")


def test_every_english_word_has_a_japanese_and_a_chinese_one():
    assert set(WORDS) == set(LANGS)
    problems: list[str] = []
    for lang in LANGS:
        _shape(WORDS["en"], WORDS[lang], lang, problems)
    assert problems == []


def test_a_word_added_in_english_alone_is_caught():
    problems: list[str] = []
    _shape({**WORDS["en"], "labels": {**WORDS["en"]["labels"], "wall": "wall"}}, WORDS["ja"], "ja", problems)
    _shape({"riichi": "riichi on {tile}"}, {"riichi": "立直"}, "zh", problems)
    assert len(problems) == 2, problems


def test_the_english_names_are_the_model_names():
    assert [tile_name(Tile.from_code(c)) for c in ALL_TILES] == [Tile.from_code(c).name for c in ALL_TILES]
    assert WORDS["en"]["honors"] == HONOR_NAMES and WORDS["en"]["bonus"] == BONUS_NAMES


def test_every_tile_has_its_own_name_in_every_language():
    for lang in LANGS:
        names = [tile_name(Tile.from_code(c), lang) for c in ALL_TILES if c[0] != "0"]
        assert len(set(names)) == len(names), lang
        assert not any(re.search(r"[A-Za-z]", n) for n in names) or lang == "en"


# -- descriptions -----------------------------------------------------------------------------------

HANDS = {
    # a hand with a call and a winning tile off a discard
    "123m456p+-789s+-1z": {
        "ja": "手牌：一萬 二萬 三萬 四筒 五筒 六筒；副露：七索（横） 八索 九索；和了牌（ロン）：東（横）",
        "zh": "手牌：一万 二万 三万 四筒 五筒 六筒；副露：七条（横） 八条 九条；和牌（荣和）：东（横）"},
    # a concealed kan, an added kan, red fives, a tsumo win
    "0m0p0s+x55xz+-6=666z+7z": {
        "ja": "手牌：赤五萬 赤五筒 赤五索；暗槓：伏せ牌 白 白 伏せ牌；副露：發（横） 發（加槓） 發 發；和了牌：中",
        "zh": "手牌：红五万 红五筒 红五条；暗杠：牌背 白板 白板 牌背；副露：发财（横） 发财（加杠） 发财 发财；和牌：红中"},
    # jokers, an any-tile, flowers and seasons, an uncalled meld
    "11mj?+234p+1458f": {
        "ja": "手牌：一萬 一萬 ジョーカー 任意の牌；面子：二筒 三筒 四筒；花牌：梅 竹 春 冬",
        "zh": "手牌：一万 一万 百搭 任意牌；面子：二筒 三筒 四筒；花牌：梅 竹 春 冬"},
}


@pytest.mark.parametrize("notation", HANDS)
def test_hands_in_japanese_and_chinese(notation):
    hand = parse(notation)
    for lang, want in HANDS[notation].items():
        assert describe(hand, lang) == want
        assert alt_text(hand, RenderOptions(lang=lang)) == want


def test_a_river_with_riichi_and_tsumogiri():
    river = parse_river("1m *2m 3z -*0p 9s *9s")
    assert describe(river, "ja") == "捨て牌：一萬 二萬 西、赤五筒で立直、九索 九索；ツモ切り：二萬 赤五筒 九索（6打目）"
    assert describe(river, "zh") == "牌河：一万 二万 西，红五筒立直，九条 九条；摸切：二万 红五筒 九条（第6张）"
    assert describe(river) == "River: 1m 2m West, riichi on 5p (red), 9s 9s; tsumogiri: 2m 5p (red) 9s (6th discard)"


def test_dora_and_ura_indicators():
    hand = parse("123m")
    for lang, want in (("ja", "手牌：一萬 二萬 三萬；ドラ表示牌：北 赤五筒；裏ドラ表示牌：九索"),
                       ("zh", "手牌：一万 二万 三万；宝牌指示牌：北 红五筒；里宝牌指示牌：九条"),
                       ("en", "Hand: 1m 2m 3m; dora indicator: North 5p (red); ura dora indicator: 9s")):
        assert alt_text(hand, RenderOptions(dora="4z0p", ura="9s", lang=lang)) == want


def test_scenes_in_every_language():
    card = read_scene("problem: {round: S2, honba: 1, seat: W, turn: 9, dora: 1z, hand: 123456789m1234z+5z, answer: 1z}")
    assert scene_alt(card, "ja") == ("何切る：南2局・1本場・西家・9巡目；ドラ表示牌：東；手牌：一萬 二萬 三萬 四萬 五萬 六萬 七萬 "
                                     "八萬 九萬 東 南 西 北；ツモ牌：白；東切り")
    assert scene_alt(card, "zh") == ("何切：南2局・1本场・西家・第9巡；宝牌指示牌：东；手牌：一万 二万 三万 四万 五万 六万 七万 "
                                     "八万 九万 东 南 西 北；摸牌：白板；打东")
    table = read_scene("table: {round: E3, honba: 2, riichi_sticks: 2, dora: 3m, seats: {"
                       "E: {hand: 13, score: 31000}, S: {hand: 1234m, melds: '-123p x11xs', river: '1z-*9m'}}}")
    assert scene_alt(table, "ja") == (
        "卓：東3局、2本場、立直棒2本；ドラ表示牌：三萬；東（親、31000点）：手牌：伏せ牌13枚；"
        "南：手牌：一萬 二萬 三萬 四萬、副露：一筒（横） 二筒 三筒、暗槓：伏せ牌 一索 一索 伏せ牌、捨て牌：東、九萬で立直；"
        "ツモ切り：九萬；西：なし；北：なし")
    assert scene_alt(table, "zh").startswith("牌桌：东3局，2本场，立直棒2根；宝牌指示牌：三万；东（庄家，31000点）：手牌：13张牌背；")
    assert scene_alt(table).startswith("Table: East 3, 2 honba, 2 riichi sticks; dora indicator: 3m; "
                                       "East (dealer, 31000 points): Hand: 13 face-down tiles; South: Hand: 1m 2m 3m 4m, "
                                       "called meld: 1p (sideways) 2p 3p, concealed kan: ")
    assert scene_json(card, RenderOptions(lang="ja"))["alt"] == scene_alt(card, "ja")


# -- SVG titles and keys ------------------------------------------------------------------------------


def test_the_svg_title_is_in_lang_and_its_key_names_it():
    hand = parse("1m-23p")
    titles = {}
    for lang in LANGS:
        svg = render(hand, RenderOptions(format="svg", lang=lang)).decode()
        titles[lang] = re.search(r"<title>(.*?)</title>", svg).group(1)
    assert titles == {"en": "called meld: 1m 2p (sideways) 3p", "ja": "副露：一萬 二筒（横） 三筒",
                      "zh": "副露：一万 二筒（横） 三筒"}
    keys = {RenderOptions(format="svg", lang=lang).key() for lang in LANGS}
    assert len(keys) == 3 and RenderOptions(format="svg").key() == "h38-s1-light-bgnone-gauto-svg"


def test_a_png_is_the_same_file_in_every_language_its_manifest_entry_is_not():
    hand = parse("1m-23p")
    pngs = {render(hand, RenderOptions(lang=lang)) for lang in LANGS}
    assert len(pngs) == 1
    assert len({image_id(hand, RenderOptions(lang=lang)) for lang in LANGS}) == 1
    assert [manifest_key("1m-23p", RenderOptions(lang=lang)) for lang in LANGS] == ["1m-23p", "1m-23p?lang=ja",
                                                                                       "1m-23p?lang=zh"]
    # with a strip the labels are drawn in lang: other bytes, other files
    assert len({image_id(hand, RenderOptions(dora="1m", lang=lang)) for lang in LANGS}) == 3


# -- HTTP -------------------------------------------------------------------------------------------


@pytest.fixture
def client():
    from service.http import create_app

    return create_app().test_client()


def test_http_json_description_and_etag_follow_lang(client):
    answers = {lang: client.get(f"/tiles/5-5=55p+x11xs.json?lang={lang}") for lang in LANGS}
    assert answers["ja"].json["description"] == "副露：五筒 五筒（横） 五筒（加槓） 五筒；暗槓：伏せ牌 一索 一索 伏せ牌"
    assert answers["zh"].json["description"] == "副露：五筒 五筒（横） 五筒（加杠） 五筒；暗杠：牌背 一条 一条 牌背"
    assert len({a.headers["ETag"] for a in answers.values()}) == 3
    etag = answers["ja"].headers["ETag"]
    assert client.get("/tiles/5-5=55p+x11xs.json?lang=ja", headers={"If-None-Match": etag}).status_code == 304
    assert client.get("/tiles/5-5=55p+x11xs.json?lang=zh", headers={"If-None-Match": etag}).status_code == 200
    scene = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}"
    views = [client.get("/scene.json", query_string={"s": scene, "lang": lang}) for lang in LANGS]
    assert views[1].json["alt"].startswith("何切る：東1局・南家") and len({v.headers["ETag"] for v in views}) == 3


def test_http_svg_etag_follows_lang_a_png_etag_does_not(client):
    svg = {lang: client.get(f"/tiles/123m.svg?lang={lang}") for lang in LANGS}
    assert len({r.headers["ETag"] for r in svg.values()}) == 3
    assert "<title>手牌：一万 二万 三万</title>" in svg["zh"].get_data(as_text=True)
    png = {lang: client.get(f"/tiles/123m.png?lang={lang}") for lang in LANGS}
    assert len({r.headers["ETag"] for r in png.values()}) == 1 and len({r.data for r in png.values()}) == 1


def test_post_batch_takes_the_sites_lang(client):
    body = {"source": '<Tiles notation="19m" />', "path": "a.mdx"}
    assert client.post("/batch", json={**body, "lang": "ja"}).json["alt"] == "手牌：一萬 九萬"
    assert client.post("/batch", json={**body, "lang": "ja", "source": '<Tiles notation="19m" lang="zh" />'}
                       ).json["alt"] == "手牌：一万 九万"
    bad = client.post("/batch", json={**body, "lang": "fr"})
    assert bad.status_code == 400 and "lang must be one of en, ja, zh" in bad.json["error"]["message"]


# -- docs tools -----------------------------------------------------------------------------------

PAGE = """# Hands

<Tiles notation="11s+-456m+4s" />

<Tiles notation="0p" inline lang="zh" />

```tiles river
1m*2m-3m | a caption
```

```tiles-scene
problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}
```
"""
PAGE_JA = ["手牌：一索 一索；副露：四萬（横） 五萬 六萬；和了牌：四索", "手牌：红五筒",
           "捨て牌：一萬 二萬、三萬で立直；ツモ切り：二萬", "何切る：東1局・南家；ドラ表示牌：三萬；手牌：一萬 二萬 三萬 四萬 五萬 六萬 七萬 八萬 九萬 東 南 西 北；ツモ牌：白"]


def test_markdown_extension_with_a_site_lang():
    import markdown

    from service.docs.markdown_ext import TilesExtension

    html = markdown.markdown(PAGE, extensions=[TilesExtension(lang="ja")])
    assert re.findall(r'<svg[^>]* aria-label="([^"]+)"', html) == PAGE_JA
    english = markdown.markdown(PAGE, extensions=["tiles"])  # a page drawn before in Japanese is redrawn
    assert re.findall(r'<svg[^>]* aria-label="([^"]+)"', english)[0].startswith("Hand: 1s 1s")
    with pytest.raises(ValueError, match="lang must be one of en, ja, zh, not 'fr'"):
        TilesExtension(lang="fr")


def test_tiles_build_with_lang_ja_writes_japanese_alt_text(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(PAGE + '\n<!-- <Tiles notation="19p" /> -->\n', encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(docs), "--out", str(out), "--lang", "ja", "--jobs", "1", "--link-md"]) == 0
    images = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["images"]
    assert images["11s+-456m+4s?lang=ja"]["alt"] == PAGE_JA[0]
    assert images["0p?height=24&lang=zh"]["alt"] == "手牌：红五筒"  # the tag's own lang wins
    assert images["1m*2m-3m?layout=river&lang=ja"]["alt"] == PAGE_JA[2]
    assert images[f"scene:{PAGE.split(chr(10))[-3]}?lang=ja"]["alt"] == PAGE_JA[3]
    assert '<img src="../out/' in (docs / "a.md").read_text() and 'alt="手牌：一筒 九筒"' in (docs / "a.md").read_text()
    # the same PNG files as an English build: only the manifest's alt text is in a language
    en = tmp_path / "en"
    assert main(["build", str(docs), "--out", str(en), "--jobs", "1"]) == 0
    english = json.loads((en / "manifest.json").read_text(encoding="utf-8"))["images"]
    assert english["11s+-456m+4s"]["2x"] == images["11s+-456m+4s?lang=ja"]["2x"]
    assert english["11s+-456m+4s"]["alt"].startswith("Hand: ")
    assert main(["build", str(docs), "--out", str(en), "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "error: lang must be one of en, ja, zh, not 'fr'\n"  # as tiles render says it


def test_mkdocs_site_lang(tmp_path):
    pytest.importorskip("mkdocs")
    from tests.test_docs_scenes import build_mkdocs

    run = build_mkdocs(tmp_path, PAGE, "lang: ja", "theme: light")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "site" / "problems" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<img [^>]*alt="([^"]+)"', html) == PAGE_JA
    run = build_mkdocs(tmp_path, PAGE, "lang: fr")
    assert run.returncode != 0 and "lang" in run.stderr


def test_sphinx_site_lang_and_the_lang_option(tmp_path):
    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst
    rst = ("Hands\n=====\n\n.. tiles:: 11s+-456m+4s\n\n.. tiles:: 0p\n   :lang: zh\n\nWait on :tiles:`14s`.\n\n"
           ".. tiles-scene::\n\n   problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n")
    run = build_sphinx_rst(tmp_path, rst, 'tiles_lang = "ja"\ntiles_theme = "light"\n')
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<img [^>]*alt="([^"]+)"', html) == [PAGE_JA[0], "手牌：红五筒", "手牌：一索 四索", PAGE_JA[3]]
    run = build_sphinx_rst(tmp_path, rst, 'tiles_lang = "fr"\n')
    assert run.returncode != 0 and "tiles_lang must be one of en, ja, zh, not 'fr'" in run.stderr


def test_the_docs_examples_are_what_the_code_writes():
    from pathlib import Path

    docs = Path(__file__).parents[1] / "docs"
    text = (docs / "notation.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(en|ja|zh)` \| (.+) \|$", text, re.M))
    hand = parse("11s+-456m+x22xz+-5=55p+4s")
    assert rows == {lang: alt_text(hand, RenderOptions(dora="0p", lang=lang)) for lang in LANGS}
    for lang in ("ja", "zh"):
        assert f"`{describe(parse_river('1m*2m-3m'), lang)}`" in text
    card = read_scene((Path(__file__).parents[1] / "examples" / "card.yaml").read_text(encoding="utf-8"))
    alt = scene_alt(card, "ja")
    shown = re.search(r'\("(何切る：[^"]+)"', (docs / "scenes.md").read_text(encoding="utf-8")).group(1)
    head, tail = shown.replace("\n", "").split("…")
    assert alt.startswith(head) and alt.endswith(tail)
