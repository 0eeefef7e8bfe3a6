"""Tile indices and prime-product multiset keys (the idea of seed 000).

Each of the 34 tile kinds gets a prime; a multiset of tiles is the product of
its primes. Order does not matter (multiplication commutes), the product
factors back into exactly one multiset, and "does this hand hold that group" is
one divisibility test. The seed warns that 64-bit integers overflow for
mahjong-sized hands; Python integers are unbounded, so that limit goes away
here (a 14-tile hand key can reach about 100 bits; Python does not care).

Per-suit work is keyed by a *shape key*: the same product over the first nine
primes by position in the suit, so 123m and 123p share one memo entry.

>>> key = hand_key(counts_of("123m55z"))
>>> contains(key, hand_key(counts_of("23m")))
True
>>> contains(key, hand_key(counts_of("555z")))
False
"""

from __future__ import annotations

SUITS = "mpsz"
NUM_KINDS = 34
# The first 34 primes, one per tile kind: 1m..9m, 1p..9p, 1s..9s, 1z..7z.
PRIMES = (
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59,
    61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139,
)  # fmt: skip
SHAPE_PRIMES = PRIMES[:9]
# Terminals and honors: 1m 9m 1p 9p 1s 9s 1z..7z.
ORPHAN_ORDER = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# Shape keys of the sets one suit can hold, by lowest position.
TRIPLET_KEYS = tuple(p**3 for p in SHAPE_PRIMES)
PAIR_KEYS = tuple(p**2 for p in SHAPE_PRIMES)
RUN_KEYS = tuple(SHAPE_PRIMES[i] * SHAPE_PRIMES[i + 1] * SHAPE_PRIMES[i + 2] for i in range(7))


def index_of(number: int, suit: str) -> int:
    """0..33 for 1m..7z: ``index_of(1, "p") == 9``."""
    return SUITS.index(suit) * 9 + number - 1


def code_of(index: int) -> str:
    """``code_of(27) == "1z"``."""
    return f"{index % 9 + 1}{SUITS[index // 9]}"


def codes(indices) -> str:
    """Compact code for tiles of one suit: ``codes([3, 4, 5]) == "456m"``."""
    return "".join(str(i % 9 + 1) for i in indices) + SUITS[indices[0] // 9]


def counts_of(text: str) -> list[int]:
    """Count vector from plain codes, for tests and docs: ``counts_of("11m")[0] == 2``."""
    counts = [0] * NUM_KINDS
    digits: list[int] = []
    for c in text:
        if c.isdigit():
            digits.append(int(c) or 5)
        else:
            for d in digits:
                counts[index_of(d, c)] += 1
            digits = []
    return counts


def hand_key(counts) -> int:
    """Prime product of a count vector: ``hand_key(counts_of("12m")) == 6``."""
    key = 1
    for p, c in zip(PRIMES, counts):
        if c:
            key *= p**c
    return key


def shape_key(counts, start: int, size: int) -> int:
    """Shape key of one suit of a count vector: ``shape_key(counts_of("1p"), 9, 9) == 2``."""
    key = 1
    for p, c in zip(SHAPE_PRIMES, counts[start : start + size]):
        if c:
            key *= p**c
    return key


def contains(key: int, group_key: int) -> bool:
    """True when the multiset ``key`` holds the multiset ``group_key``: ``contains(12, 6)``."""
    return key % group_key == 0
