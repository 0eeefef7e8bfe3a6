"""Complete hands: every split into sets and a pair, seven pairs, thirteen orphans.

The standard form is solved suit by suit (a set never spans two suits). Each
suit's decompositions are memoised by its prime shape key (see `keys`), and
sets are taken out by divisibility: ``key % RUN_KEYS[i] == 0`` means the suit
holds that run. Waits look each suit up by its counts tuple first (`suit_fit`).

>>> from .keys import counts_of
>>> for pair, sets in standard_splits(counts_of("11122233344m"), 3):
...     print(pair, sets)
0 ((0, 'run'), (1, 'run'), (1, 'run'))
3 ((0, 'run'), (0, 'run'), (0, 'run'))
3 ((0, 'triplet'), (1, 'triplet'), (2, 'triplet'))
>>> is_complete(counts_of("119m19p19s1234567z"), 4)
True
"""

from __future__ import annotations

from itertools import product

from .keys import ORPHAN_ORDER, PAIR_KEYS, RUN_KEYS, SHAPE_PRIMES, TRIPLET_KEYS, shape_key
from .memo import make_room, memo

# (start index, size, runs allowed) of the four suits.
SUIT_SPANS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
ORPHANS = ORPHAN_ORDER

SetList = tuple[tuple[int, str], ...]  # (position in suit, "run" | "triplet")
# memo(bytes an entry): measured with tracemalloc, rounded up (memo.py)
_sets_memo: dict[tuple[int, bool], tuple[SetList, ...]] = memo(200)  # (shape key, runs)
_has_memo: dict[tuple[int, bool], bool] = memo(150)  # (shape key, runs)
_fit_memo: dict[tuple[int, int, bool], int | None] = memo(170)  # (shape key, rest, runs)
_suit_memo: dict[tuple[int, ...], list] = memo(340)  # suit counts -> [fit, want, waits]


def clear() -> None:
    """Forget the memoised splits, fits and waits (for cold-start benchmarks)."""
    for memo in (_sets_memo, _has_memo, _fit_memo, _suit_memo):
        memo.clear()


def suit_sets(key: int, runs: bool) -> tuple[SetList, ...]:
    """Every way one suit's shape key splits into sets only (no pair).

    >>> suit_sets(2**3 * 3**3 * 5**3, True)  # 111222333
    (((0, 'run'), (0, 'run'), (0, 'run')), ((0, 'triplet'), (1, 'triplet'), (2, 'triplet')))
    """
    if key == 1:
        return ((),)
    memo_key = (key, runs)
    found = _sets_memo.get(memo_key)
    if found is not None:
        return found
    pos = 0
    while key % SHAPE_PRIMES[pos]:
        pos += 1
    out: set[SetList] = set()
    if key % TRIPLET_KEYS[pos] == 0:
        out.update(((pos, "triplet"),) + rest for rest in suit_sets(key // TRIPLET_KEYS[pos], runs))
    if runs and pos < 7 and key % RUN_KEYS[pos] == 0:
        out.update(((pos, "run"),) + rest for rest in suit_sets(key // RUN_KEYS[pos], runs))
    # A run and a triplet at the lowest tile can reach the same multiset twice.
    found = tuple(sorted({tuple(sorted(s)) for s in out}))
    make_room()
    _sets_memo[memo_key] = found
    return found


def has_sets(key: int, runs: bool) -> bool:
    """Whether one suit's shape key splits into sets: `suit_sets` without listing them.

    >>> has_sets(2 * 3 * 5 * 7**3, True), has_sets(2 * 3 * 7, True)  # 123444m, 124m
    (True, False)
    """
    if key == 1:
        return True
    memo_key = (key, runs)
    found = _has_memo.get(memo_key)
    if found is None:
        make_room()
        pos = 0
        while key % SHAPE_PRIMES[pos]:
            pos += 1
        found = _has_memo[memo_key] = (key % TRIPLET_KEYS[pos] == 0 and has_sets(key // TRIPLET_KEYS[pos], runs)) or (
            runs and pos < 7 and key % RUN_KEYS[pos] == 0 and has_sets(key // RUN_KEYS[pos], runs)
        )
    return found


def suit_pair_sets(key: int, runs: bool) -> list[tuple[int, SetList]]:
    """Every (pair position, sets) split of one suit that holds the pair."""
    return [
        (pos, sets)
        for pos, pk in enumerate(PAIR_KEYS)
        if key % pk == 0
        for sets in suit_sets(key // pk, runs)
    ]


def suit_keys(counts) -> list[int]:
    """The four suits' shape keys."""
    keys = []
    for start, size, _ in SUIT_SPANS:
        key = 1
        for p, c in zip(SHAPE_PRIMES, counts[start : start + size]):
            if c:
                key *= p**c
        keys.append(key)
    return keys


def standard_splits(counts, sets_needed: int) -> list[tuple[int, tuple[tuple[int, str], ...]]]:
    """Every (pair index, sets as (index, kind)) split of the concealed counts."""
    sizes = [sum(counts[s : s + n]) for s, n, _ in SUIT_SPANS]
    rests = [n % 3 for n in sizes]
    if sum(sizes) != 3 * sets_needed + 2 or rests.count(2) != 1 or 1 in rests:
        return []
    per_suit = []
    for (start, size, runs), key, rest in zip(SUIT_SPANS, suit_keys(counts), rests):
        if rest == 2:
            per_suit.append([(start + p, _shift(s, start)) for p, s in suit_pair_sets(key, runs)])
        else:
            per_suit.append([(None, _shift(s, start)) for s in suit_sets(key, runs)])
    out = []
    for choice in product(*per_suit):
        pair = next(p for p, _ in choice if p is not None)
        out.append((pair, tuple(s for _, sets in choice for s in sets)))
    return out


def _shift(sets: SetList, start: int) -> tuple[tuple[int, str], ...]:
    return tuple((start + pos, kind) for pos, kind in sets)


def is_seven_pairs(counts) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    return sum(counts) == 14 and sum(1 for c in counts if c == 2) == 7


def is_thirteen_orphans(counts) -> bool:
    """One of each terminal and honor, one of them twice."""
    return sum(counts) == 14 and all(counts[i] for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14


def is_complete(counts, sets_needed: int) -> bool:
    """Any form; seven pairs and thirteen orphans only with no fixed sets."""
    if sets_needed == 4 and (is_seven_pairs(counts) or is_thirteen_orphans(counts)):
        return True
    return bool(standard_splits(counts, sets_needed))


def waits(counts, sets_needed: int, visible) -> list[int]:
    """Tile indices that complete a hand one tile short, skipping tiles all four shown.

    >>> from .keys import counts_of
    >>> waits(counts_of("1112345678999m"), 4, counts_of("1112345678999m"))
    [0, 1, 2, 3, 4, 5, 6, 7, 8]
    """
    counts = tuple(counts)
    if sum(counts) != 3 * sets_needed + 1:
        return []
    info = []
    for start, size, runs in SUIT_SPANS:
        h = counts[start : start + size]
        found = _suit_memo.get(h)
        info.append(suit_fit(h, runs) if found is None else found)
    fits = [entry[0] for entry in info]
    out = []
    for suit, (start, size, runs) in enumerate(SUIT_SPANS):
        others = fits[:suit] + fits[suit + 1 :]
        if None in others or others.count(2) > 1:
            continue
        entry = info[suit]
        if entry[1] == (0 if 2 in others else 2):  # what this suit must become
            if entry[2] is None:
                entry[2] = suit_waits(counts[start : start + size], runs, entry[1])
            out += [start + pos for pos in entry[2] if visible[start + pos] < 4]
    if sets_needed == 4:
        special = _special_waits(counts, visible)
        if special:
            out = sorted(set(out) | set(special))
    return out


def suit_fit(h: tuple[int, ...], runs: bool) -> list:
    """[fit, want, waits] for one suit's counts, memoised on the counts tuple.

    ``fit``: 0 if the suit splits into sets, 2 into sets and the pair, else None.
    ``want``: what one more tile must make it (0 or 2; None if no tile can).
    ``waits``: None until `waits` needs them (then `suit_waits`).

    >>> suit_fit((3, 1, 0, 0, 0, 0, 0, 0, 0), True)[:2]  # 1112m
    [None, 2]
    """
    make_room()
    rest = sum(h) % 3
    want = 0 if rest == 2 else 2 if rest == 1 else None
    entry = _suit_memo[h] = [_fit(shape_key(h, 0, len(h)), rest, runs), want, None if want is not None else ()]
    return entry


def suit_waits(h: tuple[int, ...], runs: bool, want: int) -> tuple[int, ...]:
    """Positions whose tile makes one suit's counts fit ``want`` (see `_fit`).

    Only tiles held or, with runs, up to two kinds from a held one can help:
    every block holding the new tile holds another hand tile within two kinds.

    >>> suit_waits((3, 1, 0, 0, 0, 0, 0, 0, 0), True, 2)  # 1112m: 2m or 3m
    (1, 2)
    """
    key = shape_key(h, 0, len(h))
    reach = 2 if runs else 0
    held = [pos for pos, c in enumerate(h) if c]
    return tuple(
        pos
        for pos in range(len(h))
        if any(abs(pos - k) <= reach for k in held) and _fit(key * SHAPE_PRIMES[pos], want, runs) == want
    )


def _fit(key: int, rest: int, runs: bool) -> int | None:
    """``rest`` is the suit's size mod 3: 0 must be sets, 2 sets and the pair.

    Memoised on (shape key, rest, runs).
    """
    memo_key = (key, rest, runs)
    if memo_key in _fit_memo:
        return _fit_memo[memo_key]
    make_room()
    found = None
    if rest == 0:
        found = 0 if has_sets(key, runs) else None
    elif rest == 2 and any(key % pk == 0 and has_sets(key // pk, runs) for pk in PAIR_KEYS):
        found = 2
    _fit_memo[memo_key] = found
    return found


def _special_waits(counts, visible) -> list[int]:
    """Waits for seven pairs or thirteen orphans."""
    kinds = len(counts) - counts.count(0)
    if kinds == 7 and counts.count(1) == 1:  # six pairs and a single
        found = [counts.index(1)]
    elif kinds >= 12 and sum(counts[i] for i in ORPHANS) == 13:  # orphans only
        missing = [i for i in ORPHANS if not counts[i]]
        found = missing if len(missing) == 1 else list(ORPHANS) if kinds == 13 else []
    else:
        found = []
    return [i for i in found if visible[i] < 4]
