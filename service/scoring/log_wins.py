"""Our score of a recorded win (service.records), beside the log's own: ``score`` and ``agrees``.

>>> state = {"wind": "E", "dealer": 0, "honba": 0, "sticks": 0, "dora": ["1m"],
...          "seats": [{"hand": [], "melds": []}] * 4}
>>> winner = {"seat": 1, "from": 0, "notation": "234567p234s67s88p+-5s", "ura": [], "flags": [],
...           "recorded": {"han": 2, "fu": 30, "points": 2000}}
>>> answer = score_win(state, winner)
>>> answer["han"], answer["fu"], agrees(answer, winner["recorded"])
(2, 30, True)
"""

from __future__ import annotations

from service.notation.grammar import ParseError, parse
from service.notation.options import OptionError

from . import score_context
from .rules import read_context


def score_win(state: dict, winner: dict) -> dict:
    """``tiles score``'s JSON for the winner's hand, in the round's context: the prevalent and seat
    winds, the dora and ura indicators, honba and sticks, and the flags the moment tells."""
    flags = set(winner.get("flags", ()))
    if "double_riichi" in flags:
        flags.discard("riichi")
    options = {"rules": "tenhou", "round": state["wind"], "seat": "ESWN"[(winner["seat"] - state["dealer"]) % 4],
               "dora": "".join(state["dora"]), "ura": "".join(winner.get("ura") or []) if "riichi" in winner.get("flags", ())
               or "double_riichi" in flags else "", "honba": state["honba"], "sticks": state["sticks"]}
    options.update({name: True for name in flags})
    try:
        return score_context(parse(winner["notation"]), read_context(options))
    except ParseError as err:
        return {"error": f"{err.message} (at position {err.position})"}
    except OptionError as err:  # a context the scorer refuses (honba past 99): no score, a reason
        return {"error": err.message}


def agrees(answer: dict, recorded: dict) -> bool:
    """Whether our score is the log's: the same han, and the same fu below mangan.

    >>> agrees({"han": 3, "fu": 40}, {"han": 3, "fu": 40}), agrees({"han": 6, "fu": 40}, {"han": 6, "fu": 30})
    (True, True)
    """
    if "error" in answer and "han" not in answer:
        return False
    han = answer.get("han")
    if han != recorded.get("han"):
        return False
    return han is not None and (han >= 5 or recorded.get("fu") in (None, answer.get("fu")))


def judge(state: dict, winner: dict) -> tuple[dict, bool]:
    """``(score, agrees)`` of a recorded win: what ``tiles log --list --json`` adds to each winner."""
    answer = score_win(state, winner)
    return answer, agrees(answer, winner["recorded"])
