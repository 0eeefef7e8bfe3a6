"""The ``'`` and ``"`` marks after a digit, as the LaTeX packages and riichi.wiki write them.

Both tools read digits, each perhaps followed by a mark that turns that one tile (``3'm``), until
the suit letter comes; `put_mark` keeps the mark beside the tile it turns, for the suit letter to apply.

>>> from service.notation.dialect_writing import Piece, Writer
>>> w, waiting = Writer("3'\\"m"), [(Piece(0, "3"), "")]
>>> put_mark(w, waiting, "'", 1); waiting[0][0].mark_at, waiting[0][1]
(1, "'")
>>> put_mark(w, waiting, '"', 2)
Traceback (most recent call last):
...
service.notation.grammar.ParseError: '"' marks the tile right before it, once: write it after a digit, like 3"m (at position 2)
"""

from __future__ import annotations

from .dialect_writing import Piece, Writer

MARKS = "'\""


def put_mark(w: Writer, waiting: list[tuple[Piece, str]], mark: str, at: int) -> None:
    """Give the last tile of ``waiting`` (tiles still without their suit letter, each with its mark
    or ``""``) the ``mark`` written at ``at``; a `ParseError` when no tile waits or it has one."""
    if not waiting or waiting[-1][1]:
        w.fail(f"'{mark}' marks the tile right before it, once: write it after a digit, like 3{mark}m", at)
    piece, _ = waiting[-1]
    piece.mark_at = at
    waiting[-1] = (piece, mark)
