"""Shanten: how many tile swaps from tenpai (-1 complete, 0 tenpai).

Exact definition: the fewest tiles the hand lacks from any complete hand it
could become, minus one, where no kind may exceed four copies counting the
fixed melds. For the standard form this is a max-plus problem split by suit:
for each suit and each (sets, pair) count, the most hand tiles a target of that
many sets can keep (see `tables`).

>>> from .keys import counts_of
>>> shanten(counts_of("123456789m1p2p3s4s"), 4)
1
>>> shanten(counts_of("11223344556677z"), 4)
-1

With ``wilds`` (tiles that stand for any kind) the same tables answer: a wild
fills one slot of the target the real tiles leave empty, so every form's count
drops by one per wild (never below -1: a hand holds at most its own tiles).

>>> shanten(counts_of("123456789m12p3s"), 4, wilds=2)  # 3p and 3s stand in
-1
"""

from __future__ import annotations

from operator import itemgetter

from .forms import ORPHANS, SUIT_SPANS
from .tables import TABLES, _memo, combine, suit_table

_SLICES = tuple((start, start + size, runs) for start, size, runs in SUIT_SPANS)


def regular_shanten(counts, sets: int, caps=None) -> int:
    """Standard form: ``sets`` sets plus a pair from the concealed counts."""
    counts = tuple(counts)
    table = 0  # EMPTY_TABLE; an empty suit's table is it too and is skipped
    for start, end, runs in _SLICES:
        h = counts[start:end]
        found = _memo.get(h) if caps is None else None  # suit_table's memo, inlined
        if found is None:
            found = suit_table(h, caps and caps[start:end], runs)
        if found:
            table = combine(table, found) if table else found
    return 3 * sets + 1 - TABLES[table][sets * 2 + 1]


def seven_pairs_shanten(counts) -> int:
    """``6 - pairs``, plus the kinds missing when fewer than seven are held."""
    pairs = sum(map((1).__lt__, counts))  # kinds held twice or more
    kinds = len(counts) - counts.count(0)
    return 6 - pairs + max(0, 7 - kinds)


_orphans_of = itemgetter(*ORPHANS)


def thirteen_orphans_shanten(counts) -> int:
    """``13 - distinct orphans``, one less with an orphan pair."""
    held = _orphans_of(counts)
    return held.count(0) - (1 if max(held) >= 2 else 0)


def shanten(counts, sets_needed: int, caps=None, wilds: int = 0) -> int | None:
    """Min over the forms, for a hand one tile short of ``sets_needed`` sets + pair, or complete.

    ``counts`` are the real tiles; ``wilds`` more tiles stand for any kind.
    None for any other tile count (a fragment, or a multiple of three).
    """
    n = sum(counts) + wilds
    if n not in (3 * sets_needed + 1, 3 * sets_needed + 2):
        return None
    best = regular_shanten(counts, sets_needed, caps)
    if sets_needed == 4:
        best = min(best, seven_pairs_shanten(counts), thirteen_orphans_shanten(counts))
    return best - wilds
