"""A score card's lines in the reader's language (``en``, ``ja``, ``zh``): yaku, fu, the total.

>>> s = {"han": 4, "fu": 20, "limit": None, "points": {"tsumo": {"dealer": 2600, "others": 1300}}}
>>> total_text(s, "en"), total_text(s, "ja"), total_text(s, "zh")
('4 han 20 fu · 1,300-2,600', '4翻20符 · 1,300-2,600', '4番20符 · 1,300-2,600')
>>> total_text({"han": 5, "fu": 30, "limit": "mangan", "points": {"ron": 8000}}, "ja")
'満貫 · 8,000'
>>> total_text({"han": 3, "fu": 30, "limit": None, "points": {"tsumo": {"all": 2000}}}, "ja")
'3翻30符 · 2,000オール'
>>> fu_text({"fu": 2, "reason": "closed wait", "group": 2}, "ja")
'嵌張待ち 2符'
>>> from service.notation.grammar import parse
>>> picture_alt(parse("234789m1234566p+6p"), RenderOptions(score="riichi=1")).rpartition("; ")[2]
'score: 3 han 20 fu · 1,300 all'
"""

from __future__ import annotations

from typing import Any

from service.notation.describe import alt_text
from service.notation.model import Hand
from service.notation.options import RenderOptions
from service.notation.subject import Subject
from tile_art.font import also_draws

from .names import FU_REASONS, YAKU

LIMITS = {
    "mangan": ("Mangan", "満貫", "满贯"), "haneman": ("Haneman", "跳満", "跳满"), "baiman": ("Baiman", "倍満", "倍满"),
    "sanbaiman": ("Sanbaiman", "三倍満", "三倍满"), "yakuman": ("Yakuman", "役満", "役满"),
    "double yakuman": ("Double yakuman", "ダブル役満", "双倍役满"),
    "triple yakuman": ("Triple yakuman", "トリプル役満", "三倍役满"),
}
# Each fu reason (the JSON's English) in Japanese and Chinese.
_FU = {
    "base": ("副底", "底符"), "concealed_ron": ("門前加符", "门前荣和"), "seven_pairs": ("七対子", "七对子"),
    "penchan": ("辺張待ち", "边张听牌"), "kanchan": ("嵌張待ち", "嵌张听牌"), "pair_wait": ("単騎待ち", "单骑听牌"),
    "valued_pair": ("役牌の雀頭", "役牌雀头"), "double_valued_pair": ("連風牌の雀頭", "连风牌雀头"),
    "tsumo": ("ツモ", "自摸"), "hand_without_fu": ("喰い平和形", "副露平和形"),
    "closed_pon": ("中張牌の暗刻", "中张牌暗刻"), "open_pon": ("中張牌の明刻", "中张牌明刻"),
    "closed_terminal_pon": ("幺九牌の暗刻", "幺九牌暗刻"), "open_terminal_pon": ("幺九牌の明刻", "幺九牌明刻"),
    "ron_pon": ("ロンで明刻の中張牌", "荣和成刻的中张牌"), "ron_terminal_pon": ("ロンで明刻の幺九牌", "荣和成刻的幺九牌"),
    "closed_kan": ("中張牌の暗槓", "中张牌暗杠"), "open_kan": ("中張牌の明槓", "中张牌明杠"),
    "closed_terminal_kan": ("幺九牌の暗槓", "幺九牌暗杠"), "open_terminal_kan": ("幺九牌の明槓", "幺九牌明杠"),
}
FU_WORDS = {FU_REASONS[key]: words for key, words in _FU.items()}
WORDS = {  # en, ja, zh
    "ron": ("Ron", "ロン", "荣和"), "tsumo": ("Tsumo", "ツモ", "自摸"), "no yaku": ("No yaku", "役なし", "无役"),
    "score": ("score", "点数", "得分"), "waits": ("waits", "待ち", "听牌"), "fan": ("fan", "番", "番"),
}
_LANG = {"en": 0, "ja": 1, "zh": 2}
# Every character a score card writes, in the three languages: the names (yaku, limits, fu lines, words)
# and what the lines put round them. In the font's subset, so a card draws from it, not the whole font.
CARD_ALPHABET = "".join(sorted(set(
    "".join(w for names in (*YAKU.values(), *LIMITS.values(), *_FU.values(), *WORDS.values()) for w in names)
    + "".join(FU_REASONS.values()) + "0123456789 ,-·×" + "翻符番オール每家")))
also_draws(CARD_ALPHABET)


def word(key: str, lang: str) -> str:
    return WORDS[key][_LANG[lang]]


def points_text(points: dict[str, Any], lang: str) -> str:
    """``7,700``; ``2,600 all`` (``2,600オール``, ``每家2,600``); ``1,300-2,600`` (the others', then the dealer's)."""
    if "ron" in points:
        return f"{points['ron']:,}"
    tsumo = points["tsumo"]
    if "all" in tsumo:
        return (f"{tsumo['all']:,} all", f"{tsumo['all']:,}オール", f"每家{tsumo['all']:,}")[_LANG[lang]]
    return f"{tsumo['others']:,}-{tsumo['dealer']:,}"


def total_text(score: dict[str, Any], lang: str) -> str:
    """The card's last line: ``4 han 20 fu · 1,300-2,600``, ``Mangan · 8,000``, ``No yaku``, or the error."""
    if "fan" in score:
        text = f"{score['fan']} fan" if lang == "en" else f"{score['fan']}番"
        return text if "error" not in score else f"{text} · {score['error']}"
    if score.get("error") == "no yaku":
        return word("no yaku", lang)
    if "han" not in score:
        return score["error"]
    if score["limit"]:
        value = LIMITS.get(score["limit"], (score["limit"],) * 3)[_LANG[lang]]
    else:
        value = (f"{score['han']} han {score['fu']} fu", f"{score['han']}翻{score['fu']}符",
                 f"{score['han']}番{score['fu']}符")[_LANG[lang]]
    return f"{value} · {points_text(score['points'], lang)}"


def yaku_text(yaku: dict[str, Any], lang: str) -> str:
    """``Riichi 1 han``, ``立直 1翻``, ``立直 1番``."""
    name = yaku["name"] if lang == "en" else yaku[lang]
    return (f"{name} {yaku['han']} han", f"{name} {yaku['han']}翻", f"{name} {yaku['han']}番")[_LANG[lang]]


def fan_text(fan: dict[str, Any], lang: str) -> str:
    """``Mixed Straight 8 fan``, ``花龙 8番`` (``×2`` when it counts twice)."""
    name = fan["name"] if lang == "en" else fan["zh"]
    times = f" ×{fan['count']}" if fan["count"] > 1 else ""
    return f"{name} {fan['fan']} fan{times}" if lang == "en" else f"{name} {fan['fan']}番{times}"


def fu_text(line: dict[str, Any], lang: str) -> str:
    """``closed wait 2 fu``, ``嵌張待ち 2符``."""
    if lang == "en":
        return f"{line['reason']} {line['fu']} fu"
    words = FU_WORDS.get(line["reason"], (line["reason"],) * 2)
    return f"{words[_LANG[lang] - 1]} {line['fu']}符"


def picture_alt(subject: Subject, options: RenderOptions) -> str:
    """A picture's alt text (an SVG's title, a page's ``alt``): `alt_text`, and with the ``score``
    option the score after it (`score_alt`)."""
    alt = alt_text(subject, options)
    if not options.score or not isinstance(subject, Hand):
        return alt
    from . import read_score_text, score_context

    return score_alt(alt, score_context(subject, read_score_text(options.score, options.dora, options.ura)),
                     options.lang)


def score_alt(alt: str, score: dict[str, Any], lang: str) -> str:
    """The picture's alt text ``alt`` with the score after it: ``...; score: 3 han 20 fu · 700-1,300``.

    >>> score_alt("Hand: 1m", {"han": 1, "fu": 30, "limit": None, "points": {"ron": 1000}}, "ja")
    'Hand: 1m；点数：1翻30符 · 1,000'
    """
    from service.notation.words import join_groups

    if "waits" in score:
        rows = [f"{r['tile']} {word('ron', lang)} {total_text(r['ron'], lang)}, "
                f"{word('tsumo', lang)} {total_text(r['tsumo'], lang)}" for r in score["waits"]]
        text = f"{word('waits', lang)}{'：' if lang != 'en' else ': '}{' / '.join(rows)}"
    else:
        text = f"{word('score', lang)}{'：' if lang != 'en' else ': '}{total_text(score, lang)}"
    return join_groups([alt, text], lang)
