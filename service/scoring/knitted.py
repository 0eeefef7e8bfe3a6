"""The waits of Chinese Official's knitted hands, which the standard analysis does not know.

A *knitted straight* (组合龙) is 147 in one suit, 258 in another and 369 in the
third (six ways to deal the suits). Two winning shapes are made of it:

- **Knitted Straight**: the nine knitted tiles, one set (a chow or pung, which
  may be melded) and a pair;
- **Honors and Knitted Tiles** (全不靠): fourteen different tiles, all of them
  honors or tiles of one knitted straight (no meld).

`knitted_waits` tries each tile on each of the six straights, so a tenpai
hand's waits table under ``rules=mcr`` has these waits beside the standard ones.

>>> from service.analysis.keys import counts_of
>>> knitted_waits(counts_of("147m258p369s1234z"), 0)  # honors and knitted: three tiles missing
('5z', '6z', '7z')
>>> knitted_waits(counts_of("123m147m258p36s55z"), 0)  # a knitted straight, short its 9s
('9s',)
>>> knitted_waits(counts_of("147m258p369s5z"), 1)  # the straight and a meld: the pair's tile
('5z',)
"""

from __future__ import annotations

from itertools import permutations

from service.analysis.keys import NUM_KINDS, code_of, index_of

HONORS = tuple(range(27, 34))
# The six knitted straights: the kind indices of 147 of one suit, 258 of the next, 369 of the last.
STRAIGHTS: tuple[frozenset[int], ...] = tuple(
    frozenset(index_of(n, suit) for start, suit in zip((1, 2, 3), order) for n in (start, start + 3, start + 6))
    for order in permutations("mps"))
_HONORS_AND = tuple(k | frozenset(HONORS) for k in STRAIGHTS)


def knitted_waits(counts: list[int], melds: int, seen: list[int] | None = None) -> tuple[str, ...]:
    """The tiles (codes, in tile order) that make ``counts`` (the concealed tiles, by kind) with ``melds``
    called sets a Knitted Straight or an Honors and Knitted Tiles hand; a tile whose four are all ``seen``
    (the hand's and its melds' tiles by kind; ``counts`` when None) is no wait."""
    seen = counts if seen is None else seen
    out = []
    for kind in range(NUM_KINDS):
        if seen[kind] >= 4:
            continue
        after = list(counts)
        after[kind] += 1
        if _knitted_straight(after, melds) or _honors_and_knitted(after, melds):
            out.append(code_of(kind))
    return tuple(out)


def _honors_and_knitted(counts: list[int], melds: int) -> bool:
    held = [k for k in range(NUM_KINDS) if counts[k]]
    if melds or len(held) != 14 or any(counts[k] > 1 for k in held):
        return False
    return any(all(k in allowed for k in held) for allowed in _HONORS_AND)


def _knitted_straight(counts: list[int], melds: int) -> bool:
    if melds > 1 or sum(counts) != 14 - 3 * melds:
        return False
    for straight in STRAIGHTS:
        if all(counts[k] for k in straight):
            rest = list(counts)
            for k in straight:
                rest[k] -= 1
            if _pair_and_sets(rest, 1 - melds):
                return True
    return False


def _pair_and_sets(rest: list[int], sets: int) -> bool:
    """``rest`` is one pair and ``sets`` sets (0 or 1)."""
    for pair in range(NUM_KINDS):
        if rest[pair] >= 2:
            left = list(rest)
            left[pair] -= 2
            if not sets and not any(left):
                return True
            if sets and _one_set(left):
                return True
    return False


def _one_set(left: list[int]) -> bool:
    held = [k for k in range(NUM_KINDS) if left[k]]
    if len(held) == 1:
        return left[held[0]] == 3
    if len(held) != 3 or any(left[k] != 1 for k in held):
        return False
    a, b, c = held
    return c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2

