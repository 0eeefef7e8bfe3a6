"""The score card under a picture: the yaku with their han, each fu line under the group it comes
from, the total; for a tenpai hand, its waits table, each wait drawn as a tile (the waits that
score alike in one row: kokushi's thirteen are one line). `with_score` is the geometry (labels
under the hand's layout), `render_scored` the bytes, `score_alt` the alt text.

It sits beside the CLI, outside the packages the renderer version hashes
(`service.drawing.version.PACKAGES`), on purpose for now: a card is drawn on demand by
`tiles render --score` and cached nowhere, so a change here can serve no stale bytes, and the
version (every cache key and docs file name) stays the same. A cache of cards (a URL option,
`tiles build`) must first move this module, and `service.scoring`, under that hash.

>>> from service.notation.grammar import parse
>>> from service.scoring import score
>>> hand, opts = parse("234789m1234566p+6p"), RenderOptions(height=40)
>>> lay = with_score(arrange(hand, opts), score(hand, riichi=True, seat="S"), opts)
>>> [label.text for label in lay.labels]
['Menzen tsumo 1 han', 'Riichi 1 han', 'Pinfu 1 han', 'base 20 fu', '3 han 20 fu · 700-1,300']
>>> lay.height > 40, lay.width >= arrange(hand, opts).width
(True, True)
>>> svg = render_scored(hand, RenderOptions(format="svg"), score(hand, riichi=True)).decode()
>>> svg[svg.index("<title>"):svg.index("</title>")].rpartition("; ")[2]
'score: 3 han 20 fu · 1,300 all'
"""

from __future__ import annotations

from typing import Any

from service.drawing.render import render
from service.layout.arrange import arrange
from service.layout.dora_layout import label_band, label_size
from service.layout.layout import Label, Layout, Placement, tile_width
from service.layout.measure import text_width
from service.notation.describe import alt_text
from service.notation.model import Hand, Tile
from service.notation.options import RenderOptions
from service.scoring.card_words import fan_text, fu_text, total_text, word, yaku_text


def render_scored(hand: Hand, options: RenderOptions, score: dict[str, Any]) -> bytes:
    """Image bytes of ``hand`` and the card of ``score`` (its JSON); an SVG's title says the score."""
    lay = with_score(arrange(hand, options), score, options)
    if options.format == "svg":
        from service.drawing.svg import render_svg

        return render_svg(hand, options, lay, score_alt(alt_text(hand, options), score, options.lang))
    return render(hand, options, lay)


def with_score(base: Layout, score: dict[str, Any], options: RenderOptions) -> Layout:
    """`base` (a hand's layout) with the card of ``score`` (`service.scoring.score`'s JSON) under it."""
    lang, th = options.lang, options.height
    tw = tile_width(th)
    size = label_size(th)
    band = label_band(size)
    top = base.height + band // 2
    groups = 1 + max((p.group for p in base.placements), default=-1)
    lines: list[tuple[str, int]] = []  # text, x
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
        starts = {}
        for p in base.placements:
            starts.setdefault(p.group, p.x)
        lines += [(fan_text(f, lang), 0) for f in score.get("fans", ())]
        lines += [(yaku_text(y, lang), 0) for y in score.get("yaku", ())]
        lines += [(fu_text(d, lang), starts.get(d["group"], 0) if d["group"] is not None else 0)
                  for d in score.get("fu_details", ())]
        lines.append((total_text(score, lang), 0))
        labels = [Label(text, x, top + size + i * band, size) for i, (text, x) in enumerate(lines)]
        height = top + len(lines) * band
    width = max([base.width] + [lab.x + text_width(lab.text, lab.size) for lab in labels])
    return Layout(base.placements + tuple(placements), width, height, base.tile_height,
                  base.labels + tuple(labels), base.shapes)


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
