"""A game record's win as a result card: pure geometry in CSS pixels, no drawing.

For each winner (two for a double ron, one under the other): a title line (the round, who won
and from whom), the winning hand with the dora strip (and the ura strip after a riichi) at its
left, then two columns: ours, ``tiles score`` of the hand in the round's context (its yaku
and total), and the log's own (its yaku and its han, fu and points). Where the two totals
differ, both lie on a ``differs`` shape (a red-rimmed band) and the log's header says so.

>>> from service.records.scene import WinCard
>>> ours = {"han": 2, "fu": 30, "limit": None, "points": {"ron": 2000},
...         "yaku": [{"name": "Pinfu", "ja": "平和", "zh": "平和", "han": 1}, {"name": "Tanyao", "ja": "断幺九", "zh": "断幺九", "han": 1}]}
>>> w = {"seat": 1, "from": 0, "wind": "S", "from_wind": "E", "notation": "234567p234s67s88p+-5s", "ura": [],
...      "flags": [], "score": ours, "agrees": True,
...      "recorded": {"han": 2, "fu": 30, "points": 2000, "yaku": [["断幺九", 1], ["平和", 1]]}}
>>> lay = result_layout(WinCard("S1", 0, 0, ("1m",), (w,)), 38)
>>> [lab.text for lab in lay.labels][:3], [s.kind for s in lay.shapes]
(['South 1 · South ron from East', 'Dora indicator', 'Ours (tiles score)'], [])
>>> result_alt(WinCard("S1", 0, 0, ("1m",), (w,))).rpartition("; ")[2]
'the log: 2 han 30 fu · 2,000 (agrees)'
"""

from __future__ import annotations

from dataclasses import replace

from service.notation.describe import alt_text
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.notation.scene import WINDS, WORDS
from service.notation.words import WORDS as ALT
from service.records.scene import WinCard
from service.scoring.card_words import total_text, yaku_text
from service.scoring.names import YAKU
from tile_art.font import also_draws

from .dora_layout import label_band, label_size, with_indicators
from .layout import Label, Layout, Shape, layout, tile_width
from .measure import text_width
from .scene_layout import title_size

RESULT = {
    "en": {"ron": "{winner} ron from {source}", "tsumo": "{winner} tsumo", "ours": "Ours (tiles score)",
           "log": "The log", "differs": "The log (differs)", "total": "{han} han {fu} fu · {points}",
           "limit_total": "{han} han · {points}", "agrees": "agrees", "disagrees": "differs",
           "result": "Result"},
    "ja": {"ron": "{winner}が{source}からロン", "tsumo": "{winner}がツモ", "ours": "tiles scoreの点数",
           "log": "牌譜の点数", "differs": "牌譜の点数（不一致）", "total": "{han}翻{fu}符 · {points}",
           "limit_total": "{han}翻 · {points}", "agrees": "一致", "disagrees": "不一致", "result": "和了"},
    "zh": {"ron": "{winner}荣和{source}", "tsumo": "{winner}自摸", "ours": "tiles score的得分",
           "log": "牌谱的得分", "differs": "牌谱的得分（不一致）", "total": "{han}番{fu}符 · {points}",
           "limit_total": "{han}番 · {points}", "agrees": "一致", "disagrees": "不一致", "result": "和牌"},
}
_JA = {ja: names for names in YAKU.values() for ja in (names[1],)}  # the log's Japanese names, to the reader's
also_draws("".join(v for words in RESULT.values() for v in words.values()))


def our_points(score: dict) -> int | None:
    """The hand's points as a log records them (no honba, no sticks): a ron's, or a tsumo's three payments.

    >>> our_points({"points": {"tsumo": {"dealer": 1300, "others": 700}}}), our_points({"error": "no yaku"})
    (2700, None)
    """
    points = score.get("points")
    if not points:
        return None
    if "ron" in points:
        return points["ron"]
    tsumo = points["tsumo"]
    return tsumo["all"] * 3 if "all" in tsumo else tsumo["others"] * 2 + tsumo["dealer"]


def differs(winner: dict) -> bool:
    """Whether our score and the log's differ: `agrees` (han, and fu below mangan) false, or other points."""
    return not winner.get("agrees") or our_points(winner["score"]) != winner["recorded"].get("points")


def _log_lines(recorded: dict, lang: str) -> list[str]:
    i = {"en": 0, "ja": 1, "zh": 2}[lang]
    lines = [f"{_JA.get(name, (name,) * 3)[i]} " + (f"{han} han" if lang == "en" else f"{han}{'翻' if lang == 'ja' else '番'}")
             for name, han in recorded.get("yaku", ())]
    words = RESULT[lang]
    points = recorded.get("points")
    shown = "?" if points is None else f"{points:,}"
    if recorded.get("fu") is None:
        lines.append(words["limit_total"].format(han=recorded.get("han"), points=shown))
    else:
        lines.append(words["total"].format(han=recorded.get("han"), fu=recorded.get("fu"), points=shown))
    return lines


def _title(card: WinCard, w: dict, lang: str) -> str:
    names = WORDS[lang]["winds"]
    rnd = WORDS[lang]["round"].format(wind=names[WINDS.index(card.round[0])], n=card.round[1])
    who = names[WINDS.index(w["wind"])]
    what = (RESULT[lang]["tsumo"].format(winner=who) if w["seat"] == w["from"] else
            RESULT[lang]["ron"].format(winner=who, source=names[WINDS.index(w["from_wind"])]))
    parts = [rnd] + ([WORDS[lang]["honba"].format(n=card.honba)] if card.honba else []) + [what]
    return WORDS[lang]["sep"].join(parts)


def result_layout(card: WinCard, height: int = 38, lang: str = "en") -> Layout:
    """The result card of `card` at upright tiles `height` CSS px tall, labels in `lang`."""
    th, tw = height, tile_width(height)
    small, big = label_size(th), title_size(th)
    band = label_band(small)
    placements, labels, shapes = [], [], []
    y, width, groups = 0, 0, 0
    for w in card.winners:
        labels.append(Label(_title(card, w, lang), 0, y + big, big))
        y += label_band(big)
        ura = "".join(w.get("ura") or ()) if {"riichi", "double_riichi"} & set(w.get("flags", ())) else ""
        options = RenderOptions(height=th, dora="".join(card.dora), ura=ura, lang=lang)
        hand = with_indicators(layout(parse(w["notation"]), th), options, river=False)
        placements += [replace(p, group=p.group + groups, y=p.y + y) for p in hand.placements]
        labels += [replace(lab, y=lab.y + y) for lab in hand.labels]
        groups += 1 + max((p.group for p in hand.placements), default=0)
        width = max(width, hand.width)
        y += hand.height + band // 2
        ours = [yaku_text(x, lang) for x in w["score"].get("yaku", ())] + [total_text(w["score"], lang)]
        log = _log_lines(w["recorded"], lang)
        bad = differs(w)
        heads = (RESULT[lang]["ours"], RESULT[lang]["differs" if bad else "log"])
        left = max(text_width(t, small) for t in (heads[0], *ours))
        column = left + 2 * tw
        pad = small // 3
        for x, head, lines in ((0, heads[0], ours), (column, heads[1], log)):
            labels.append(Label(head, x + pad, y + small, small))
            for n, text in enumerate(lines, 1):
                labels.append(Label(text, x + pad, y + small + n * band, small))
            if bad:  # the total, on a band
                baseline = y + small + len(lines) * band
                shapes.append(Shape("differs", x, baseline - small - small // 6,
                                    round(text_width(lines[-1], small)) + 2 * pad, small + small // 2))
            width = max(width, x + max(text_width(t, small) for t in (head, *lines)) + 2 * pad)
        y += (1 + max(len(ours), len(log))) * band + band
    return Layout(tuple(placements), round(width) + 1, y, th, tuple(labels), tuple(shapes))


def result_alt(card: WinCard, lang: str = "en") -> str:
    """Alt text: each winner's title, hand, our total and the log's, and whether they agree."""
    parts = []
    for w in card.winners:
        words = RESULT[lang]
        verdict = words["disagrees" if differs(w) else "agrees"]
        sep = ": " if lang == "en" else "："
        parts += [f"{words['result']}{sep}{_title(card, w, lang)}", alt_text(parse(w["notation"]), RenderOptions(lang=lang)),
                  f"{words['ours']}{sep}{total_text(w['score'], lang)}",
                  f"{words['log'][0].lower() + words['log'][1:] if lang == 'en' else words['log']}{sep}"
                  f"{_log_lines(w['recorded'], lang)[-1]} ({verdict})"]
    return ALT[lang]["join_groups"].join(parts)
