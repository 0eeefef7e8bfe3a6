"""An acceptance table's geometry: a row a discard, best first; pure CSS pixels, no drawing.

Each row: the discarded tile, then "discard 9p · 6 kinds · 20 tiles" (the best rows end
in "· best"), and under it the accepted tiles, drawn small (`small_height`: the placement's
``size``), each followed by how many are left. A hand that must draw is one row, its own
accepts. ``rows``: the first N rows only.

>>> from service.efficiency import efficiency
>>> lay = efficiency_layout(efficiency("123456789m12p355s"), height=40, rows=2)
>>> [lab.text for lab in lay.labels][:3]
['discard 3s · 1 kind · 4 tiles · best', '4', 'discard 1p · 9 kinds · 32 tiles']
>>> efficiency_alt(efficiency("123456789m12p355s"), rows=1)
'Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best).'
>>> efficiency_alt(efficiency("123456789m12p355s"), rows=1, lang="ja")
'受け入れ（聴牌）。三索切り：1種4枚：三筒4枚（最善）。'
"""

from __future__ import annotations

from service.notation.model import Tile
from service.notation.words import tile_name

from .dora_layout import label_band, label_size
from .layout import Label, Layout, Placement, tile_width
from .measure import text_width

def small_height(height: int) -> int:
    """The accepted tiles' height beside a discard ``height`` tall: three quarters, never under 16 px.

    >>> small_height(38), small_height(16)
    (28, 16)
    """
    return max(16, height * 3 // 4)


def _rows(table: dict, rows: int | None) -> list[dict]:
    found = table["discards"] if "discards" in table else [{"tile": None, **table}]
    return found[:rows] if rows else found


def _best(row: dict, first: dict) -> bool:
    return row["tile"] is not None and (row["shanten"], row["tiles"]) == (first["shanten"], first["tiles"])


def _counts(row: dict, sep: str = " · ") -> str:
    kinds = "kind" if row["kinds"] == 1 else "kinds"
    return f"{row['kinds']} {kinds}{sep}{row['tiles']} tiles"


def efficiency_layout(table: dict, height: int = 38, rows: int | None = None) -> Layout:
    """The table (`service.efficiency.efficiency`'s dict) at upright tiles ``height`` CSS px tall."""
    th, tw = height, tile_width(height)
    sh = small_height(th)
    sw = tile_width(sh)
    size = label_size(th)
    gap = max(2, tw // 3)
    placements: list[Placement] = []
    labels: list[Label] = []
    y = width = 0
    shown = _rows(table, rows)
    for n, row in enumerate(shown):
        x = 0
        if row["tile"] is not None:
            placements.append(Placement(Tile.from_code(row["tile"]), n, 0, y, tw, th))
            x = tw + gap
        head = (f"discard {row['tile']} · " if row["tile"] else f"shanten {row['shanten']} · ") + _counts(row)
        if _best(row, shown[0]):
            head += " · best"
        labels.append(Label(head, x, y + size, size))
        width = max(width, x + text_width(head, size))
        ty = y + label_band(size)
        cx = x
        for a in row["accepts"]:
            placements.append(Placement(Tile.from_code(a["tile"]), n, cx, ty, sw, sh, size=sh))
            count = str(a["left"])
            labels.append(Label(count, cx + sw + 2, ty + sh - (sh - size) // 2, size))
            cx += sw + 2 + text_width(count, size) + gap // 2
        width = max(width, cx)
        y += max(th, label_band(size) + sh) + gap
    return Layout(tuple(placements), max(width, 1), max(y - gap, 1), th, tuple(labels))


# The alt text's words: en, ja (牌の受け入れ: "9p切り: 6種20枚"), zh (进张: "打9p: 6种20张"). Tiles are
# named as the rest of a picture's alt text names them (`tile_name`: 三筒 in ja, 三筒 in zh, 3p in en).
# ``pending``: the alt text of a table the `<Tiles>` component asks the service for and cannot read out
# itself (tilesSpec.js carries it), the hand's alt text in the slot.
ALT_WORDS = {
    "en": {"title": "Tile acceptance, {shanten}.", "shanten": ("shanten {n}",) * 3,
           "discard": "Discard {tile}", "draws": "Draws", "counts": ("{k} kind, {n} tiles", "{k} kinds, {n} tiles"),
           "left": "{tile} {n}", "join": " ", "colon": ": ", "best": " (best)", "end": ".", "join_rows": " ",
           "pending": "Tile acceptance table of {hand}"},
    "ja": {"title": "受け入れ（{shanten}）。", "shanten": ("和了形", "聴牌", "{n}向聴"),
           "discard": "{tile}切り", "draws": "有効牌", "counts": ("{k}種{n}枚", "{k}種{n}枚"),
           "left": "{tile}{n}枚", "join": "、", "colon": "：", "best": "（最善）", "end": "。", "join_rows": "",
           "pending": "受け入れ表（{hand}）"},
    "zh": {"title": "进张（{shanten}）。", "shanten": ("和牌", "听牌", "{n}向听"),
           "discard": "打{tile}", "draws": "有效牌", "counts": ("{k}种{n}张", "{k}种{n}张"),
           "left": "{tile}{n}张", "join": "、", "colon": "：", "best": "（最佳）", "end": "。", "join_rows": "",
           "pending": "进张表（{hand}）"},
}


def shanten_words(shanten: int, lang: str = "en") -> str:
    """A shanten number in words: ``shanten 2``, ``2向聴``; tenpai (0) ``聴牌``/``听牌``; -1 a complete hand.

    >>> shanten_words(2, "ja"), shanten_words(0, "zh"), shanten_words(-1, "ja"), shanten_words(-1, "en")
    ('2向聴', '听牌', '和了形', 'shanten -1')
    """
    words = ALT_WORDS[lang]["shanten"]
    return words[min(shanten, 1) + 1].format(n=shanten)


def efficiency_alt(table: dict, rows: int | None = None, lang: str = "en") -> str:
    """The table read out in ``lang`` (en, ja, zh), for the picture's alt text.

    >>> from service.efficiency import efficiency
    >>> efficiency_alt(efficiency("123456789m12p35s"), lang="zh")
    '进张（1向听）。有效牌：6种20张：一筒3张、二筒3张、三筒4张、三条3张、四条4张、五条3张。'
    """
    w = ALT_WORDS[lang]
    shown = _rows(table, rows)
    parts = [w["title"].format(shanten=shanten_words(table["shanten"], lang))]
    for row in shown:
        accepts = w["join"].join(w["left"].format(tile=tile_name(Tile.from_code(a["tile"]), lang), n=a["left"])
                                 for a in row["accepts"])
        head = w["discard"].format(tile=tile_name(Tile.from_code(row["tile"]), lang)) if row["tile"] else w["draws"]
        counts = w["counts"][row["kinds"] != 1].format(k=row["kinds"], n=row["tiles"])
        text = head + w["colon"] + counts + (w["colon"] + accepts if accepts else "")
        parts.append(text + (w["best"] if _best(row, shown[0]) else "") + w["end"])
    return w["join_rows"].join(parts)
