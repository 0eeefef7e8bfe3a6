"""The score card's geometry under a hand: the yaku with their han, each fu line under the group
it comes from, the total; for a tenpai hand, its waits table, each wait a tile (the waits that
score alike share a row: kokushi's thirteen are one line). It takes the score as data (the JSON
of `service.scoring.score`) and places labels and tiles; `service.drawing.score_card` draws them.

>>> from service.notation.grammar import parse
>>> from service.layout.arrange import arrange
>>> from service.scoring import score
>>> hand, opts = parse("234789m1234566p+6p"), RenderOptions(height=40)
>>> lay = with_score(arrange(hand, opts), score(hand, riichi=True, seat="S"), opts)
>>> [label.text for label in lay.labels]
['Menzen tsumo 1 han', 'Riichi 1 han', 'Pinfu 1 han', 'base 20 fu', '3 han 20 fu · 700-1,300']
>>> lay.height > 40, lay.width >= arrange(hand, opts).width
(True, True)
"""

from __future__ import annotations

from typing import Any

from service.notation.model import Hand, Tile
from service.notation.options import RenderOptions
from service.scoring import read_score_text, score_context
from service.scoring.card_words import fan_text, fu_text, total_text, word, yaku_text

from .dora_layout import label_band, label_size
from .layout import Label, Layout, Placement, tile_width
from .measure import text_width


def card_score(hand: Hand, options: RenderOptions) -> dict[str, Any]:
    """The score a picture's ``score`` option asks of ``hand`` (the JSON of `service.scoring.score`),
    with the picture's own dora and ura indicators; `OptionError` when the context does not fit it.

    >>> from service.notation.grammar import parse
    >>> card_score(parse("234789m1234566p+6p"), RenderOptions(score="seat=S&riichi=1"))["han"]
    3
    """
    return score_context(hand, read_score_text(options.score, options.dora, options.ura))


def with_score(base: Layout, score: dict[str, Any], options: RenderOptions) -> Layout:
    """`base` (a hand's layout) with the card of ``score`` (`service.scoring.score`'s JSON) under it."""
    lang, th = options.lang, options.height
    tw = tile_width(th)
    size = label_size(th)
    band = label_band(size)
    top = base.height + band // 2
    groups = 1 + max((p.group for p in base.placements), default=-1)
    placements: list[Placement] = []
    labels: list[Label] = []
    if "waits" in score:  # the waits that score alike share a row: their tiles, the ron total, the tsumo total
        rows: dict[tuple[str, str], list[str]] = {}
        for row in score["waits"]:
            totals = (f"{word('ron', lang)} {total_text(row['ron'], lang)}",
                      f"{word('tsumo', lang)} {total_text(row['tsumo'], lang)}")
            rows.setdefault(totals, []).append(row["tile"])
        column = max(len(codes) * tw + tw // 3 + text_width(ron, size) for (ron, _), codes in rows.items()) + tw
        y = top
        for (ron, tsumo), codes in rows.items():
            for i, code in enumerate(codes):
                placements.append(Placement(Tile.from_code(code), groups, i * tw, y, tw, th))
            baseline = y + (th + size) // 2 - size // 8
            labels.append(Label(ron, len(codes) * tw + tw // 3, baseline, size))
            labels.append(Label(tsumo, column, baseline, size))
            y += th + tw // 4
        height = y
    else:
        starts: dict[int, int] = {}
        for p in base.placements:
            starts.setdefault(p.group, p.x)
        lines = [(fan_text(f, lang), 0) for f in score.get("fans", ())]
        lines += [(yaku_text(y, lang), 0) for y in score.get("yaku", ())]
        lines += [(fu_text(d, lang), starts.get(d["group"], 0) if d["group"] is not None else 0)
                  for d in score.get("fu_details", ())]
        lines.append((total_text(score, lang), 0))
        labels = [Label(text, x, top + size + i * band, size) for i, (text, x) in enumerate(lines)]
        height = top + len(lines) * band
    width = max([base.width] + [lab.x + text_width(lab.text, lab.size) for lab in labels])
    return Layout(base.placements + tuple(placements), width, height, base.tile_height,
                  base.labels + tuple(labels), base.shapes)
