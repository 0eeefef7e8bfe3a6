"""A hand with its score card under it, as image bytes (`render_scored`), and the alt text that
says the score (`score_alt`). The card's geometry is `service.layout.score_layout`; the score
comes as data (the JSON of `service.scoring.score`).

>>> from service.notation.grammar import parse
>>> from service.scoring import score
>>> hand = parse("234789m1234566p+6p")
>>> svg = render_scored(hand, RenderOptions(format="svg"), score(hand, riichi=True)).decode()
>>> svg[svg.index("<title>"):svg.index("</title>")].rpartition("; ")[2]
'score: 3 han 20 fu · 1,300 all'
"""

from __future__ import annotations

from typing import Any

from service.layout.arrange import arrange
from service.layout.score_layout import with_score
from service.notation.describe import alt_text
from service.notation.model import Hand
from service.notation.options import RenderOptions
from service.scoring.card_words import total_text, word

from .render import render


def render_scored(hand: Hand, options: RenderOptions, score: dict[str, Any]) -> bytes:
    """Image bytes of ``hand`` and the card of ``score`` (its JSON); an SVG's title says the score."""
    lay = with_score(arrange(hand, options), score, options)
    if options.format == "svg":
        from .svg import render_svg

        return render_svg(hand, options, lay, score_alt(alt_text(hand, options), score, options.lang))
    return render(hand, options, lay)


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
