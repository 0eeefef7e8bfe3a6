"""The words of alt text and descriptions: one table per language (``lang``: en, ja, zh).

Data, not code: the hand's, river's, indicators' and scenes' alt text take every word and
separator from `WORDS`; tilesSpec.js carries it to the `<Tiles>` component, which writes the
same alt text in JavaScript. Each language has every key English has (tests/test_words.py).
Tile names are as players of the language write them; `{...}` are the slots a template fills.

>>> from service.notation.model import Tile
>>> [tile_name(Tile.from_code(c), "ja") for c in ("1m", "0p", "9s", "5z", "x", "?")]
['一萬', '赤五筒', '九索', '白', '伏せ牌', '任意の牌']
>>> [tile_name(Tile.from_code(c), "zh") for c in ("1m", "0m", "3s", "6z", "j", "2f")]
['一万', '红五万', '三条', '发财', '百搭', '兰']
>>> [tile_name(Tile.from_code("66d"), lang) for lang in ("en", "zh", "ja")]  # Tienjiu: tienjiu.KINDS
['Heaven (Teen)', '天牌', '天牌']
>>> group_text("hand", ["一萬", "二萬"], "ja")
'手牌：一萬 二萬'
"""

from __future__ import annotations

from .model import BONUS_NAMES, HONOR_NAMES, SINGLE_NAMES, TIENJIU, Tile
from .tienjiu import BACK_NAME as TIENJIU_BACK

_KANJI = ("一", "二", "三", "四", "五", "六", "七", "八", "九")

WORDS: dict[str, dict] = {
    "en": {
        # tiles: a suit tile is its number then its suit ("1m"); a red five wraps that
        "numbers": ("1", "2", "3", "4", "5", "6", "7", "8", "9"),
        "suits": {"m": "m", "p": "p", "s": "s"},
        "red": "{tile} (red)",
        "honors": HONOR_NAMES,  # East South West North White Green Red
        "bonus": BONUS_NAMES,  # flowers 1f-4f, seasons 5f-8f
        "single": SINGLE_NAMES,  # x j ?
        "sideways": "{tile} (sideways)",
        "added": "{tile} (sideways, added on top)",  # the added-kan tile
        # group labels, and how a label meets its tiles and groups meet each other
        "labels": {"hand": "Hand", "meld": "meld", "called": "called meld", "concealed_kan": "concealed kan",
                   "winning": "winning tile", "ron": "winning tile (ron)", "bonus": "bonus tiles",
                   "river": "River", "tsumogiri": "tsumogiri", "dora": "dora indicator",
                   "ura": "ura dora indicator", "drawn": "drawn tile", "called_discard": "called"},
        "group": "{label}: {tiles}",
        "join_groups": "; ",
        "join_tiles": " ",
        "join_parts": ", ",  # a river's stretches around the riichi tile; a table's counts; a seat's notes
        # rivers: n is the place in the river (1, 2, ...), nth the English ordinal (1st, 2nd, ...)
        "riichi": "riichi on {tile}",
        "placed": "{tile} ({nth} discard)",
        "placed_more": ", {nth} discard)",  # after a name that ends in its own note: "5s (red, 14th discard)"
        # scenes
        "problem": "Problem: {situation}",
        "answer": "Discard {tile}",
        "table": "Table: {situation}",
        "honba": "{n} honba",
        "stick": "{n} riichi stick",
        "sticks": "{n} riichi sticks",
        "wall": "{n} tiles left in the wall",
        "seat": "{wind}: {what}",
        "seat_notes": "{wind} ({notes}): {what}",
        "dealer": "dealer",
        "points": "{n} points",
        "backs": "{n} face-down tiles",
        "nothing": "nothing shown",
    },
    "ja": {
        "numbers": _KANJI,
        "suits": {"m": "萬", "p": "筒", "s": "索"},
        "red": "赤{tile}",
        "honors": ("東", "南", "西", "北", "白", "發", "中"),
        "bonus": ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"),
        "single": {"x": "伏せ牌", "j": "ジョーカー", "?": "任意の牌"},
        "sideways": "{tile}（横）",
        "added": "{tile}（加槓）",
        "labels": {"hand": "手牌", "meld": "面子", "called": "副露", "concealed_kan": "暗槓",
                   "winning": "和了牌", "ron": "和了牌（ロン）", "bonus": "花牌",
                   "river": "捨て牌", "tsumogiri": "ツモ切り", "dora": "ドラ表示牌",
                   "ura": "裏ドラ表示牌", "drawn": "ツモ牌", "called_discard": "鳴かれた牌"},
        "group": "{label}：{tiles}",
        "join_groups": "；",
        "join_tiles": " ",
        "join_parts": "、",
        "riichi": "{tile}で立直",
        "placed": "{tile}（{n}打目）",
        "placed_more": "、{n}打目）",
        "problem": "何切る：{situation}",
        "answer": "{tile}切り",
        "table": "卓：{situation}",
        "honba": "{n}本場",
        "stick": "立直棒{n}本",
        "sticks": "立直棒{n}本",
        "wall": "残り{n}枚",
        "seat": "{wind}：{what}",
        "seat_notes": "{wind}（{notes}）：{what}",
        "dealer": "親",
        "points": "{n}点",
        "backs": "伏せ牌{n}枚",
        "nothing": "なし",
    },
    "zh": {
        "numbers": _KANJI,
        "suits": {"m": "万", "p": "筒", "s": "条"},
        "red": "红{tile}",
        "honors": ("东", "南", "西", "北", "白板", "发财", "红中"),
        "bonus": ("梅", "兰", "菊", "竹", "春", "夏", "秋", "冬"),
        "single": {"x": "牌背", "j": "百搭", "?": "任意牌"},
        "sideways": "{tile}（横）",
        "added": "{tile}（加杠）",
        "labels": {"hand": "手牌", "meld": "面子", "called": "副露", "concealed_kan": "暗杠",
                   "winning": "和牌", "ron": "和牌（荣和）", "bonus": "花牌",
                   "river": "牌河", "tsumogiri": "摸切", "dora": "宝牌指示牌",
                   "ura": "里宝牌指示牌", "drawn": "摸牌", "called_discard": "被鸣牌"},
        "group": "{label}：{tiles}",
        "join_groups": "；",
        "join_tiles": " ",
        "join_parts": "，",
        "riichi": "{tile}立直",
        "placed": "{tile}（第{n}张）",
        "placed_more": "，第{n}张）",
        "problem": "何切：{situation}",
        "answer": "打{tile}",
        "table": "牌桌：{situation}",
        "honba": "{n}本场",
        "stick": "立直棒{n}根",
        "sticks": "立直棒{n}根",
        "wall": "牌墙余{n}张",
        "seat": "{wind}：{what}",
        "seat_notes": "{wind}（{notes}）：{what}",
        "dealer": "庄家",
        "points": "{n}点",
        "backs": "{n}张牌背",
        "nothing": "无",
    },
}


def tile_name(t: Tile, lang: str = "en") -> str:
    """The tile's name in `lang` (in English, `Tile.name`)."""
    w = WORDS[lang]
    if t.single:
        return w["single"][t.code]
    if t.suit == "z":
        return w["honors"][t.number - 1]
    if t.bonus:
        return w["bonus"][t.number - 1]
    if t.domino:
        return TIENJIU_BACK[lang] if t.face_down else TIENJIU[t.halves].name(lang)
    name = w["numbers"][t.number - 1] + w["suits"][t.suit]
    return w["red"].format(tile=name) if t.red else name


def tile_word(t: Tile, lang: str = "en") -> str:
    """The name, and how the tile lies: sideways (called), or added on top (an added kan)."""
    name = tile_name(t, lang)
    if t.stacked:
        return WORDS[lang]["added"].format(tile=name)
    return WORDS[lang]["sideways"].format(tile=name) if t.sideways else name


def tiles_text(names, lang: str = "en") -> str:
    return WORDS[lang]["join_tiles"].join(names)


def group_text(label: str, names, lang: str = "en") -> str:
    """``Hand: 1m 2m`` in `lang`: the label (a `WORDS` ``labels`` key) and the tiles' names."""
    w = WORDS[lang]
    return w["group"].format(label=w["labels"][label], tiles=tiles_text(names, lang))


def join_groups(parts, lang: str = "en") -> str:
    return WORDS[lang]["join_groups"].join(parts)
