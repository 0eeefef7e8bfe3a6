"""The value of a problem card's answer (``score:`` in a scene): the score card drawn under the card.

The card's own fields give the context: its round the prevalent wind, its seat the seat wind,
its dora the indicators, its honba the counters; ``score:`` may add the rest (``riichi``,
``ura``, ``rules``, ...). A hand that is a win with its drawn tile gets its tsumo score; else
the hand after discarding the answer, tenpai, gets its waits table. Every mistake is a
`SceneError` at its field.

>>> from service.notation.scene import read_scene
>>> card = read_scene("problem: {round: E1, seat: S, dora: 1m, hand: 234789m13p789s5s5z+5s, answer: 5z, "
...                   "score: {riichi: true}}")
>>> [row["tile"] for row in problem_score(card)["waits"]]
['2p']
>>> problem_score(read_scene("problem: {round: E1, seat: S, dora: 1m, hand: 234789m13p789s5s5z+5s, answer: 5z, "
...                             "score: {riichi: maybe}}"))
Traceback (most recent call last):
...
service.notation.fields.SceneError: 1:98: problem.score.riichi: riichi must be on or off (1 or 0, true or false, yes or no), not 'maybe'
"""

from __future__ import annotations

from typing import Any

from service.analysis import analyse
from service.notation.fields import SceneError
from service.notation.model import Group, Hand
from service.notation.options import OptionError
from service.notation.scene import ProblemCard

from . import score_context
from .rules import CHINESE, Context, read_context


def problem_context(card: ProblemCard) -> Context:
    """The `Context` of the card's ``score:``, its winds, dora and honba from the card; `SceneError` at the
    option that is wrong."""
    assert card.score is not None
    given = {name: value for name, value, _, _ in card.score.options}
    own: dict[str, Any] = {"round": card.round[0], "seat": card.seat}
    if str(given.get("rules", "")).strip().lower() != CHINESE:  # Chinese Official has no dora nor honba
        own.update(dora="".join(t.code for t in card.dora), honba=card.honba)
    try:
        return read_context({**given, **own})
    except OptionError as err:
        raise _at(card, err.param, err.message) from None


def problem_score(card: ProblemCard) -> dict[str, Any]:
    """The JSON of `service.scoring.score` for the card's answer: a win's score (the drawn tile won it)
    or the waits table of the hand after the answer; `SceneError` when there is neither."""
    assert card.score is not None and card.answer is not None
    ctx = problem_context(card)
    melds = card.melds
    bonus = tuple(g for g in card.hand.groups if g.kind == "bonus") if ctx.rules == CHINESE else ()
    concealed = card.concealed
    won = Hand((Group("hand", concealed),) + melds + bonus + (Group("winning", (card.drawn,)),))
    if analyse(won).complete:
        hand = won
    else:
        after = list(concealed) + [card.drawn]
        del after[len(concealed) if card.answer_index is None else card.answer_index]
        hand = Hand((Group("hand", tuple(after)),) + melds + bonus)
    try:
        out = score_context(hand, ctx)
    except OptionError as err:
        raise _at(card, err.param, err.message) from None
    if "waits" not in out and "han" not in out and "fan" not in out:
        raise _at(card, None, f"after discarding {card.answer.code}, {out['error']}: no score to draw "
                              "(leave score out, or give the answer that keeps the hand tenpai)")
    return out


def _at(card: ProblemCard, param: str | None, message: str) -> SceneError:
    """The error at the ``score:`` option ``param`` (where written), else at the ``score`` field."""
    assert card.score is not None
    for name, _, line, col in card.score.options:
        if name == param:
            return SceneError(message, f"problem.score.{name}", line, col)
    return SceneError(message, "problem.score", card.score.line, card.score.col)
