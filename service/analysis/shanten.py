"""Shanten: how many tile swaps from tenpai (-1 complete, 0 tenpai).

Exact definition: the fewest tiles the hand lacks from any complete hand it
could become, minus one, where no kind may exceed four copies counting the
fixed melds. For the standard form this is a max-plus problem split by suit:
for each suit and each (sets, pair) count, the most hand tiles a target of that
many sets can keep. Per-suit tables are memoised by (shape key, cap key).

>>> from .keys import counts_of
>>> shanten(counts_of("123456789m1p2p3s4s"), 4)
1
>>> shanten(counts_of("11223344556677z"), 4)
-1
"""

from __future__ import annotations

from .forms import MEMO_LIMIT, ORPHANS, SUIT_SPANS
from .keys import SHAPE_PRIMES

Table = tuple[int, ...]  # kept tiles at [sets * 2 + pair]; -1 if impossible
NO_TABLE = (-1,) * 10
_memo: dict[tuple[int, int, bool], Table] = {}


def suit_table(h, caps, runs: bool) -> Table:
    """Most tiles of ``h`` kept by s sets + p pairs inside one suit.

    Only sets that keep a tile are placed; a set keeping none can always go to
    an untouched kind, which the final max over fewer sets accounts for.

    >>> suit_table([1, 1, 1, 0, 0, 0, 0, 0, 0], [4] * 9, True)[2]
    3
    """
    key = cap_key = 1
    for p, c, cap in zip(SHAPE_PRIMES, h, caps):
        if c:
            key *= p**c
        if cap < 4:
            cap_key *= p ** (4 - cap)
    memo_key = (key, cap_key, runs)
    found = _memo.get(memo_key)
    if found is None:
        found = _suit_dp(h, caps, runs)
        if len(_memo) > MEMO_LIMIT:
            _memo.clear()
        _memo[memo_key] = found
    return found


def _suit_dp(h, caps, runs: bool) -> Table:
    # State: (runs from i-1, runs from i-2, sets so far, pair so far) -> kept.
    size = len(h)
    states = {(0, 0, 0, 0): 0}
    for i in range(size):
        here, cap = h[i], caps[i]
        near = runs and i < size - 2 and (here or h[i + 1] or h[i + 2])
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (a, b, s, p), kept in states.items():
            for t in (0, 1) if here else (0,):
                for q in (0, 1) if here and not p else (0,):
                    c0 = a + b + 3 * t + 2 * q
                    if c0 > cap or s + t > 4:
                        continue
                    top = min(cap - c0, 4 - s - t) if near else 0
                    for r in range(top + 1):
                        c = c0 + r
                        k = kept + (c if c < here else here)
                        state = (r, a, s + t + r, p + q)
                        if nxt.get(state, -1) < k:
                            nxt[state] = k
        states = nxt
    table = list(NO_TABLE)
    for (a, b, s, p), kept in states.items():
        if not a and not b and kept > table[s * 2 + p]:
            table[s * 2 + p] = kept
    return tuple(table)


def _combine(x: Table, y: Table) -> Table:
    out = list(NO_TABLE)
    for i, vx in enumerate(x):
        if vx < 0:
            continue
        sx, px = divmod(i, 2)
        for j in range(0, 10 - 2 * sx):
            vy = y[j]
            if vy >= 0 and px + (j & 1) <= 1 and vx + vy > out[i + j]:
                out[i + j] = vx + vy
    return tuple(out)


def regular_shanten(counts, sets: int, caps=None) -> int:
    """Standard form: ``sets`` sets plus a pair from the concealed counts."""
    caps = caps or (4,) * 34
    table = None
    for start, size, runs in SUIT_SPANS:
        t = suit_table(counts[start : start + size], caps[start : start + size], runs)
        table = t if table is None else _combine(table, t)
    kept = max(table[s * 2 + p] for s in range(sets + 1) for p in (0, 1))
    return 3 * sets + 1 - kept


def seven_pairs_shanten(counts) -> int:
    """``6 - pairs``, plus the kinds missing when fewer than seven are held."""
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts) -> int:
    """``13 - distinct orphans``, one less with an orphan pair."""
    held = sum(1 for i in ORPHANS if counts[i])
    return 13 - held - (1 if any(counts[i] >= 2 for i in ORPHANS) else 0)


def shanten(counts, sets_needed: int, caps=None) -> int | None:
    """Min over the forms; fragments short of ``sets_needed`` count missing sets as done.

    None when the tile count is a multiple of three (no hand can be one tile
    short or complete then).
    """
    n = sum(counts)
    if n % 3 == 0 or n > 3 * sets_needed + 2:
        return None
    sets = min(sets_needed, n // 3)
    best = regular_shanten(counts, sets, caps)
    if sets == 4:
        best = min(best, seven_pairs_shanten(counts), thirteen_orphans_shanten(counts))
    return best
