"""Scores of winning hands: riichi yaku, han, fu and points from the `mahjong` package.

`score` takes a notation (or a parsed hand) and the options of `tiles score`,
and answers the JSON of docs/scoring.md: a win's score, a tenpai hand's waits
table, or ``{"error": why}``. Bad options raise `OptionError` naming the option.

>>> s = score("234789m1234566p+6p", riichi=True, seat="S")
>>> s["han"], s["fu"], s["points"]
(3, 20, {'tsumo': {'dealer': 1300, 'others': 700}})
>>> score("345m456p789s2z+-123m+-2z")["error"]
'no yaku'
>>> [row["tile"] for row in score("123m456p78s11z+-666z")["waits"]]
['6s', '9s']
"""

from __future__ import annotations

from typing import Any

from service.notation.grammar import parse
from service.notation.model import Hand

from .rules import (CHINESE, OPTIONS, PRESETS, RULES, Context, Rule, context_text, pick, read_bool, read_context,
                    read_score_text, score_text)

__all__ = ["OPTIONS", "PRESETS", "RULES", "Context", "Rule", "context_text", "pick", "read_bool", "read_context",
           "read_score_text", "score", "score_context", "score_text"]


def score(notation: str | Hand, **options: Any) -> dict[str, Any]:
    """The score of ``notation`` under ``options`` (the `tiles score` flags with ``_`` for ``-``)."""
    hand = parse(notation) if isinstance(notation, str) else notation
    return score_context(hand, read_context(options))


def score_context(hand: Hand, ctx: Context) -> dict[str, Any]:
    """`score` for options already read."""
    if ctx.rules == CHINESE:
        from .mcr import score_mcr

        return score_mcr(hand, ctx)
    from .riichi import score_hand

    return score_hand(hand, ctx)
