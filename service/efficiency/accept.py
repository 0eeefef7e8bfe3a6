"""Tile acceptance on count vectors: which draws lower the shanten, each suit looked up.

A hand one tile short (3n+1 tiles) accepts a kind when drawing it lowers the
shanten. Nothing here asks a shanten function 34 times: each suit's table
comes from the analysis's memo (`service.analysis.tables`), the other suits'
tables are combined once per suit, and a draw is one more suit table and one
combine, both dictionary lookups once seen. Seven pairs and thirteen orphans
move by one tile, so their counts are updated, not recounted.

>>> from service.analysis.keys import counts_of
>>> s, gains = draws(counts_of("123456789m12p35s"), 4)
>>> s, [code_of(t) for t in gains]
(1, ['1p', '2p', '3p', '3s', '4s', '5s'])
"""

from __future__ import annotations

from service.analysis.forms import ORPHANS, SUIT_SPANS
from service.analysis.keys import code_of
from service.analysis.tables import TABLES, combine, suit_table

_ORPHAN = frozenset(ORPHANS)


def suit_ids(counts, caps) -> list[int]:
    """The table id of each of the four suits of ``counts``.

    >>> from service.analysis.keys import counts_of
    >>> suit_ids(counts_of("1m"), None)[1:]
    [0, 0, 0]
    """
    return [suit_table(counts[a : a + size], caps and caps[a : a + size], runs) for a, size, runs in SUIT_SPANS]


def draws(counts, sets: int, caps=None, other_forms: bool = True) -> tuple[int, list[int]]:
    """Shanten of a hand one tile short, and the kinds whose draw lowers it (in tile order).

    ``counts``: the concealed tiles (3 * ``sets`` + 1 of them); ``caps``: the most
    copies a kind may reach counting the melds (None: four each). A kind already
    at its cap cannot be drawn and is never listed. ``other_forms``: seven pairs
    and thirteen orphans count too (only without melds, ``sets == 4``).
    """
    counts = list(counts)
    ids = suit_ids(counts, caps)
    whole = ids[0]
    for i in ids[1:]:
        whole = combine(whole, i)
    slot, base = sets * 2 + 1, 3 * sets + 1
    now = base - TABLES[whole][slot]
    forms = other_forms and sets == 4
    if forms:
        pairs = sum(c >= 2 for c in counts)
        kinds = sum(c >= 1 for c in counts)
        seven = 6 - pairs + max(0, 7 - kinds)
        held = sum(counts[i] >= 1 for i in ORPHANS)
        orphan_pair = any(counts[i] >= 2 for i in ORPHANS)
        thirteen = 13 - held - orphan_pair
        now = min(now, seven, thirteen)
    gains = []
    for k, (a, size, runs) in enumerate(SUIT_SPANS):
        rest = 0
        for j, i in enumerate(ids):
            if j != k:
                rest = combine(rest, i)
        h = counts[a : a + size]
        cap = caps[a : a + size] if caps else None
        for p in range(size):
            c = h[p]
            if c >= (cap[p] if cap else 4):
                continue
            h[p] = c + 1
            s = base - TABLES[combine(rest, suit_table(h, cap, runs))][slot]
            h[p] = c
            if forms and s >= now:
                t = a + p
                s = min(s, 6 - pairs - (c == 1) + max(0, 7 - kinds - (c == 0)))
                if t in _ORPHAN:
                    s = min(s, 13 - held - (c == 0) - (orphan_pair or c == 1))
            if s < now:
                gains.append(a + p)
    return now, gains
