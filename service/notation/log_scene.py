"""``log:`` scenes: a moment of a game record, named in YAML and checked field by field.

    log: games/e2.json   # the record, relative to the page (mjlog, tenhou.net/6 or mjai)
    round: 2             # as `tiles log --list` numbers the rounds, or its name: E2, E2-1
    seat: 1              # with turn: just after seat 1's 6th discard (seats 0-3 as in the record)
    turn: 6
    view: 1              # optional: drawn from seat 1, the others' hands face down
    show: card           # optional: table (the default), card or result

The moment is one of ``seat`` with ``turn``, ``step`` (after that many events; 0: as dealt),
``start: true`` or ``result: true``; ``reveal: true`` shows every hand from a ``view``.
``show`` is what is drawn of it, as ``tiles log -o`` draws it: ``table`` the whole table,
``card`` the problem card of the seat to move (``--card``), ``result`` the round's win beside
its score card (``--result``; the moment is then the round's end, so it needs no other).
This module reads the fields only: the file is read, and the moment found in it, by the
front ends that may read files (`service.pictures.log_scenes`); each keeps the `Field`s so a
moment the record does not hold is an error at its field's line and column.

>>> from service.notation.fields import compose
>>> m = read_log(compose("log: a.json\\nround: E2-1\\nseat: 1\\nturn: 6\\nview: 1"))
>>> m.path, m.round, m.seat, m.turn, m.view
('a.json', 'E2-1', 1, 6, 1)
>>> read_log(compose("log: a.json\\nround: 2\\nshow: result")).result
True
>>> read_log(compose("log: a.json\\nround: 1\\nturn: 6"))
Traceback (most recent call last):
...
service.notation.fields.SceneError: 3:7: turn: a turn needs its seat: seat: 0-3 beside turn:
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .fields import Field

KEYS = ("log", "round", "seat", "turn", "step", "start", "result", "view", "reveal", "show")
SHOWS = ("table", "card", "result")  # what a log: scene draws of its moment
MOMENT_KEYS = KEYS[1:]
MAX_STEP = 999  # more events than a round holds (about 70 draws and discards each, calls, dora)
MAX_TURN = 30
_ROUND_NAME = re.compile(r"[ESWN][1-4](-[0-9]{1,2})?")


@dataclass(frozen=True)
class LogMoment:
    """A ``log:`` scene: the record's path as written, the round (its 1-based number, or its name),
    the moment, the view; `fields` the YAML fields by name, for errors at their place."""

    path: str
    round: int | str
    seat: int | None = None
    turn: int | None = None
    step: int | None = None
    start: bool = False
    result: bool = False
    view: int | None = None
    reveal: bool = False
    show: str = "table"
    fields: dict = field(default_factory=dict, compare=False, repr=False)

    def at(self, name: str) -> Field:
        """The field to put an error at: `name`'s, or the ``log`` field's."""
        return self.fields.get(name) or self.fields["log"]


def read_log(root: Field) -> LogMoment:
    """The ``log:`` scene of the root mapping; `SceneError` at the field for a mistake."""
    fields = root.mapping(KEYS, ("log", "round"))
    path = fields["log"].text().strip()
    if not path:
        fields["log"].fail("log names the game record file, like games/e2.json")
    rf = fields["round"]
    text = rf.text().strip()
    if text.isascii() and text.isdigit():
        rnd: int | str = rf.number(1, 99)
    elif _ROUND_NAME.fullmatch(text.upper()):
        rnd = text.upper()
    else:
        rf.fail(f"round is the round's number as tiles log --list numbers it (1, 2...) or its name "
                f"(E2, E2-1), not {text[:20]!r}")
    seat = fields["seat"].number(0, 3) if "seat" in fields else None
    turn = fields["turn"].number(1, MAX_TURN) if "turn" in fields else None
    step = fields["step"].number(0, MAX_STEP) if "step" in fields else None
    start, result, reveal = (_flag(fields[k]) if k in fields else False for k in ("start", "result", "reveal"))
    view = fields["view"].number(0, 3) if "view" in fields else None
    show = _show(fields["show"]) if "show" in fields else "table"
    if show == "result" and not (turn is not None or step is not None or start):
        result = True  # a win's result card: the round's end is its moment
    if turn is not None and seat is None:
        fields["turn"].fail("a turn needs its seat: seat: 0-3 beside turn:")
    if seat is not None and turn is None:
        fields["seat"].fail("a seat needs its turn: turn: 1-30 (just after that seat's T-th discard)")
    chosen = [k for k, on in (("turn", turn is not None), ("step", step is not None), ("start", start),
                              ("result", result)) if on]
    if not chosen:
        root.fail("a log: scene needs its moment: seat: and turn:, step:, start: true or result: true")
    if len(chosen) > 1:
        fields[chosen[1]].fail(f"one moment a scene: {chosen[0]} and {chosen[1]} are both given")
    if show == "result" and not result:
        fields["show"].fail(f"show: result draws the round's end, and {chosen[0]} chooses another moment: "
                            f"drop {chosen[0]}, or show: table or card")
    if show == "card" and result:
        fields["show"].fail("show: card draws the seat to move, and at result: true the round is over: "
                            "give a moment before its end (seat: and turn:, step: or start: true)")
    if show != "table" and view is not None:
        fields["view"].fail(f"view draws the table from a seat; show: {show} draws "
                            + ("the seat to move's own hand" if show == "card" else "the winners' hands")
                            + ": drop view, or show: table")
    if show != "table" and reveal:
        fields["reveal"].fail(f"reveal turns a table's hands face up; show: {show} draws no table: drop reveal")
    if reveal and view is None:
        fields["reveal"].fail("reveal shows the others' hands from a view: give view: 0-3 (without one, "
                              "every hand is shown)")
    return LogMoment(path, rnd, seat, turn, step, start, result, view, reveal, show, fields)


def _show(f: Field) -> str:
    word = f.text().strip().lower()
    if word not in SHOWS:
        f.fail(f"show is table, card (the seat to move's problem card) or result (the round's win and "
               f"its score card), not {f.text().strip()[:20]!r}")
    return word


def _flag(f: Field) -> bool:
    word = f.text().strip().lower()
    if word not in ("true", "false", "yes", "no"):
        f.fail(f"must be true or false, not {f.text()[:20]!r}")
    return word in ("true", "yes")


__all__ = ["KEYS", "SHOWS", "LogMoment", "read_log"]
