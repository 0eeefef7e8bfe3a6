"""Random hands shared by the analysis tests and bench: concealed hands as 34-count vectors,
and notations of ever new shapes.

>>> import random
>>> sum(near_complete(random.Random(1), 13))
13
"""

from __future__ import annotations

import random

from service.analysis.keys import code_of
from service.notation.model import Group, Hand, Tile

WALL = [i for i in range(34) for _ in range(4)]


def counts(tiles) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t] += 1
    return out


def hand_of(c) -> Hand:
    """A concealed hand (one segment) from a 34-count vector."""
    tiles = tuple(Tile.from_code(code_of(i)) for i, n in enumerate(c) for _ in range(n))
    return Hand((Group("hand", tiles),))


def wall_hand(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles drawn from a full 136-tile wall."""
    return counts(rng.sample(WALL, size))


def near_complete(rng: random.Random, size: int) -> list[int]:
    """Four random sets and a pair, then 0-3 tiles swapped, then cut to ``size``."""
    while True:
        tiles = []
        for _ in range(4):
            if rng.random() < 0.55:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        if max(tiles.count(i) for i in set(tiles)) <= 4:
            break
    rng.shuffle(tiles)
    for _ in range(rng.choice((0, 0, 1, 1, 2, 3))):
        tiles.pop()
        tiles.append(rng.choice([i for i in range(34) if tiles.count(i) < 4]))
    rng.shuffle(tiles)
    return counts(tiles[:size])


# Hands the palette tests and bench/bench_render.py measure: a called meld, concealed
# kans, an added kan, sideways tiles, honors only, and one of every suit.
SEEDS = ["11222333s22m+-456m+4s", "2z+x11xs+x11xp+x11xm+x11xz+2z", "5-5=55p", "123m+-123m+1-23m+12-3m",
         "111z+-1111z+1-111z+111-1z", "13579m2468p1357s+7z"]


def sample_hands(n: int) -> list[str]:
    """`SEEDS` plus `n` random near-complete 14-tile hands (fixed seed), as notation.

    >>> sample_hands(2)[:6] == SEEDS and len(sample_hands(2))
    8
    """
    rng = random.Random(12)
    return SEEDS + [hand_of(near_complete(rng, 14)).canonical() for _ in range(n)]


def shape_hands(seed: int):
    """(notation, wild kind or None) of hands of ever new shapes, for the analysis memos: one suit
    (what they key on), mixed suits, jokers, a wild kind.

    >>> next(shape_hands(1))[0].count("j") <= 3
    True
    """
    rng = random.Random(seed)
    while True:
        suits = rng.choice(["m", "p", "s", "mp", "mpsz"])
        tiles: dict[str, int] = {}
        size = rng.choice((13, 14)) - (jokers := rng.choice((0, 0, 1, 2, 3)))
        while sum(tiles.values()) < size:
            suit = rng.choice(suits)
            tile = f"{rng.randrange(1, 8 if suit == 'z' else 10)}{suit}"
            if tiles.get(tile, 0) < 4:
                tiles[tile] = tiles.get(tile, 0) + 1
        yield "".join(t * n for t, n in sorted(tiles.items())) + "j" * jokers, rng.choice((None, None, "5z", "2m"))
