"""A hand's picture with its score card under it (`service.layout.score_card`), in any format.

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
from service.layout.score_card import score_alt, with_score
from service.notation.describe import alt_text
from service.notation.model import Hand
from service.notation.options import RenderOptions

from .render import render


def render_scored(hand: Hand, options: RenderOptions, score: dict[str, Any]) -> bytes:
    """Image bytes of ``hand`` and the card of ``score`` (its JSON); an SVG's title says the score."""
    lay = with_score(arrange(hand, options), score, options)
    if options.format == "svg":
        from .svg import render_svg

        return render_svg(hand, options, lay, score_alt(alt_text(hand, options), score, options.lang))
    return render(hand, options, lay)
