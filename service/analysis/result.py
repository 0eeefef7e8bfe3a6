"""`analyse(hand) -> Analysis`: the public entry point.

>>> from service.notation.grammar import parse
>>> a = analyse(parse("11222333s22456m+4s"))
>>> a.complete, a.waits, a.shanten
(True, ('2m', '1s', '4s'), -1)
>>> a.to_json()["splits"][0]["pair"]
'22m'
>>> a = analyse(parse("123456789m12p53sj+1f"), wild="3s")  # the 3s and the joker are wilds
>>> a.complete, a.to_json()["bonus"], a.to_json()["splits"][0]["wilds"]
(True, ['1f'], ['3p', '5s'])
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from service.notation.model import Hand, Tile

from . import forms, wilds
from .keys import ORPHAN_ORDER, code_of, index_of
from .paigow import TienjiuReading, read_tienjiu
from .parts import Block, Split
from .reading import Reading, read
from .shanten import shanten as shanten_of


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the hand is: complete or not, its splits, waits and shanten.

    ``waits``: with a winning tile, what the hand waited on before it; with
    none, what completes the concealed tiles (empty unless one tile short).
    ``shanten`` is for the concealed tiles, winning tile included, with the
    fixed sets counted; None unless they are a hand or one tile short of one.
    ``warnings``: why the hand was not analysed; empty when it was.
    ``wilds``: how many concealed tiles were wilds; ``bonus``: the bonus tiles
    set aside (both in the JSON only when there are some). ``splits_cut``: with
    many wilds, only the first `wilds.MAX_SPLITS` splits are listed (JSON
    ``"splits_truncated": true``).
    """

    complete: bool
    splits: tuple[Split, ...]
    waits: tuple[str, ...]
    shanten: int | None
    warnings: tuple[str, ...] = ()
    wilds: int = 0
    bonus: tuple[str, ...] = ()
    splits_cut: bool = False
    tienjiu: TienjiuReading | None = None  # a hand of Tienjiu tiles only: its key, combinations, Pai Gow

    def to_json(self) -> dict[str, Any]:
        out = {
            "complete": self.complete,
            "splits": [s.to_json() for s in self.splits],
            "waits": list(self.waits),
            "shanten": self.shanten,
            "warnings": list(self.warnings),
        }
        if self.wilds:
            out["wilds"] = self.wilds
        if self.bonus:
            out["bonus"] = list(self.bonus)
        if self.splits_cut:
            out["splits_truncated"] = True
        if self.tienjiu is not None:
            out["tienjiu"] = self.tienjiu.to_json()
        return out


def analyse(hand: Hand, wild: str | None = None) -> Analysis:
    """Analyse a parsed hand. A hand it cannot read gets warnings; only a bug raises
    (the HTTP, CLI and lint edges catch that once, with `analyse_safely`).

    ``wild``: a tile code (``"5z"``); every concealed tile of that kind is a wild,
    as every joker is. A hand of Tienjiu tiles only is no mahjong hand: it gets a warning
    saying so and its Tienjiu reading (`service.analysis.paigow`)."""
    tiles = hand.tiles
    if tiles and all(t.domino for t in tiles):
        shown = [t.halves for t in tiles if not t.face_down]  # backs (xd) say nothing of the hand
        return Analysis(False, (), (), None, (TIENJIU_ONLY,), tienjiu=read_tienjiu(shown))
    reading = read(hand, None if wild is None else wild_index(wild))
    if reading.warnings:
        return Analysis(False, (), (), None, reading.warnings, bonus=reading.bonus)
    return _analyse(reading)


def wild_index(code: str) -> int:
    """The kind index of a ``wild`` tile code: ``wild_index("0p") == wild_index("5p") == 13``."""
    t = Tile.from_code(code)
    return index_of(t.number, t.suit)


TIENJIU_ONLY = "Tienjiu tiles (Chinese dominoes) are no mahjong hand: see tienjiu for what they make"
# What the public sees when the analysis has a bug: nothing of its internals.
FAILED = Analysis(False, (), (), None, ("internal error: this hand could not be analysed",))
_log = logging.getLogger("tiles.analysis")


def analyse_safely(hand: Hand, on_failure: Callable[[], object] | None = None, wild: str | None = None) -> Analysis:
    """For the edges: `analyse`, or on a bug log it with its traceback, call
    ``on_failure`` (the service counts it there) and answer `FAILED`.

    >>> from service.notation.grammar import parse
    >>> analyse_safely(parse("11222333s22m+-456m+4s")).complete
    True
    """
    try:
        return analyse(hand) if wild is None else analyse(hand, wild)
    except Exception:
        _log.exception("analysis failed for %r", hand.notation)
        if on_failure is not None:
            on_failure()
        return FAILED


def _analyse(r: Reading) -> Analysis:
    need = r.sets_needed
    caps = tuple(4 - m for m in r.melded) if r.fixed else None
    if r.wilds or r.wild is not None:  # with wild=X, drawing an X draws a wild even when none is held
        return _analyse_wild(r, need, caps)
    shanten = shanten_of(r.concealed, need, caps)
    # Complete exactly when shanten is -1 (no kind exceeds four copies: warnings check that).
    splits = _splits(r.concealed, need, r.fixed) if shanten == -1 else []
    if r.winning is None and shanten != 0:
        waits = []  # one tile short and not tenpai, or not one tile short
    else:
        before, shown = list(r.concealed), list(r.visible)
        if r.winning is not None:
            before[r.winning] -= 1
            shown[r.winning] -= 1
        waits = forms.waits(before, need, shown)
    return Analysis(bool(splits), tuple(splits), tuple(code_of(i) for i in waits), shanten, bonus=r.bonus)


def _analyse_wild(r: Reading, need: int, caps) -> Analysis:
    """`_analyse` with wilds: the same answers, from `wilds` instead of `forms`."""
    shanten = shanten_of(r.concealed, need, caps, r.wilds)
    splits = []
    if shanten == -1 and r.wilds:
        splits = wilds.splits(r.concealed, need, r.wilds, caps, r.fixed)
    elif shanten == -1:  # wild=X with no X held
        splits = _splits(r.concealed, need, r.fixed)
    cut = len(splits) > wilds.MAX_SPLITS
    splits = splits[: wilds.MAX_SPLITS]
    before, shown, held = list(r.concealed), list(r.visible), r.wilds
    if r.winning is not None:
        before[r.winning] -= 1
        shown[r.winning] -= 1
    elif r.winning_wild:
        held -= 1
        if r.winning_wild > 1:  # a tile of the wild kind, shown as itself
            shown[r.wild] -= 1
    waits = []
    if r.winning is not None or r.winning_wild or shanten == 0:
        waits = wilds.waits(before, need, held, caps, shown, r.wild)
    return Analysis(bool(splits), tuple(splits), tuple(code_of(i) for i in waits), shanten, (), r.wilds, r.bonus, cut)


def _splits(counts, need: int, fixed: tuple[Block, ...]) -> list[Split]:
    out = []
    for pair, sets in forms.standard_splits(counts, need):
        out.append(Split("standard", _PAIRS[pair], tuple(map(_SETS.__getitem__, sets)) + fixed))
    if need == 4 and forms.is_seven_pairs(counts):
        pairs = tuple(Block("pair", (i, i)) for i, c in enumerate(counts) if c)
        out.append(Split("seven_pairs", pairs=pairs))
    if need == 4 and forms.is_thirteen_orphans(counts):
        pair = next(i for i in ORPHAN_ORDER if counts[i] == 2)
        singles = tuple(i for i in ORPHAN_ORDER if i != pair)
        out.append(Split("thirteen_orphans", Block("pair", (pair, pair)), singles=singles))
    return out


# Blocks are immutable, so every concealed set and pair is built once, at import.
_PAIRS = tuple(Block("pair", (i, i)) for i in range(34))
_SETS = {(i, "triplet"): Block("triplet", (i, i, i)) for i in range(34)}
_SETS.update({(i, "run"): Block("run", (i, i + 1, i + 2)) for i in range(27) if i % 9 < 7})
