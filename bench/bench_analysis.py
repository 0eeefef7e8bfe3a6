"""Analysis benchmark: hands analysed per second, against two baselines.

Run by hand: ``.venv/bin/python -m bench analysis [hands per round]``.

Each round draws fresh random hands (13 and 14 tiles from a 136-tile wall, or
near-complete hands built from sets) and times, on the same hands:

- ours: ``analyse(hand)`` on the parsed model: splits, waits, shanten.
- mahjong: the PyPI package doing the same jobs on ready 34-count arrays:
  ``Shanten.calculate_shanten``, ``Agari.is_agari`` (34 times for waits on 13
  tiles), ``HandDivider.divide_hand`` for the splits of complete hands.
- seed: the plain backtracking of seed 004 (no memo), complete + waits only;
  it has no shanten, so ours does strictly more work in that ratio.

"cold" rounds clear our memos first (not the numbered suits' tables made ahead
of time: data, read once a process); "steady" rounds keep them: new hands, but
shapes seen in earlier rounds are memoised, as in a long-running service. Prints
medians over rounds and the ratios. Rates are per second of this process's CPU
time (``time.process_time``), steadier than wall time on a loaded machine.

Then wilds (issue 25): the same hands analysed as drawn and with three of their
tiles turned into jokers, steady and cold; the ratio (target at most ~5x) is
what three jokers cost over none.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.shanten import Shanten

from service.analysis import analyse, clear_caches
from service.notation.model import JOKER, Group, Hand, Tile
from tests.sample_hands import hand_of, near_complete, wall_hand

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
ROUNDS = 5


# -- the seed's plain backtracking (seed 004 pseudocode), no memoisation ------------


def seed_can_win(tiles: list[int]) -> bool:
    """canWin: take each possible pair, then sets from the lowest tile."""
    if seven_pairs(tiles) or thirteen_orphans(tiles):
        return True
    for i in range(34):
        if tiles[i] >= 2:
            tiles[i] -= 2
            ok = seed_can_form_melds(tiles)
            tiles[i] += 2
            if ok:
                return True
    return False


def seed_can_form_melds(tiles: list[int]) -> bool:
    """canFormMelds: the first tile left is in a triplet or starts a run."""
    i = next((k for k in range(34) if tiles[k]), -1)
    if i < 0:
        return True
    if tiles[i] >= 3:
        tiles[i] -= 3
        ok = seed_can_form_melds(tiles)
        tiles[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and tiles[i + 1] and tiles[i + 2]:
        for k in (i, i + 1, i + 2):
            tiles[k] -= 1
        ok = seed_can_form_melds(tiles)
        for k in (i, i + 1, i + 2):
            tiles[k] += 1
        if ok:
            return True
    return False


def seven_pairs(tiles) -> bool:
    return sum(tiles) == 14 and sum(1 for c in tiles if c == 2) == 7


def thirteen_orphans(tiles) -> bool:
    return sum(tiles) == 14 and all(tiles[i] for i in ORPHANS) and sum(tiles[i] for i in ORPHANS) == 14


def seed_job(c: list[int]):
    if sum(c) == 14:
        return seed_can_win(c)
    return [t for t in range(34) if c[t] < 4 and _with(c, t, seed_can_win)]


def _with(c, t, fn):
    c[t] += 1
    try:
        return fn(c)
    finally:
        c[t] -= 1


# -- the mahjong package doing the same jobs ----------------------------------------


def mahjong_job(c: list[int]):
    sh = Shanten.calculate_shanten(c)
    if sum(c) == 14:
        return sh, HandDivider.divide_hand(c) if Agari.is_agari(c) else []
    return sh, [t for t in range(34) if c[t] < 4 and _with(c, t, Agari.is_agari)]


# -- hands ---------------------------------------------------------------------------


def rate(fn, items) -> float:
    """Items a second of this process's CPU time: the shared machine's load moves wall time a lot."""
    t0 = time.process_time()
    for x in items:
        fn(x)
    return len(items) / (time.process_time() - t0)


def run(kind: str, make, n: int) -> None:
    rng = random.Random(7)
    rates: dict[str, list[float]] = {"cold": [], "steady": [], "mahjong": [], "seed": []}
    for r in range(2 * ROUNDS):
        counts = [make(rng, 13 + k % 2) for k in range(n)]
        hands = [hand_of(c) for c in counts]
        if r < ROUNDS:
            clear_caches()  # cold: every table computed afresh
        rates["cold" if r < ROUNDS else "steady"].append(rate(analyse, hands))
        rates["mahjong"].append(rate(mahjong_job, counts))
        rates["seed"].append(rate(seed_job, counts))
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"{kind} hands, {n} per round, medians of {ROUNDS} rounds (hands/s):")
    for label in ("cold", "steady"):
        ours = med[label]
        vs = f"{ours / med['mahjong']:.2f}x mahjong, {ours / med['seed']:.2f}x seed"
        print(f"  ours {label:>6} {ours:9.0f}   ({vs})")
    print(f"  mahjong     {med['mahjong']:9.0f}")
    print(f"  seed        {med['seed']:9.0f}   (complete + waits only)")


def with_jokers(rng: random.Random, c: list[int], k: int) -> Hand:
    """The hand of ``c`` with ``k`` of its tiles, picked at random, turned into jokers."""
    tiles = [i for i, n in enumerate(c) for _ in range(n)]
    for i in rng.sample(tiles, k):
        tiles.remove(i)
    plain = hand_of([tiles.count(i) for i in range(34)]).groups[0].tiles
    return Hand((Group("hand", plain + (Tile(JOKER),) * k),))


def run_wilds(kind: str, make, n: int, jokers: int = 3) -> None:
    rng = random.Random(11)
    rates: dict[str, list[float]] = {"none": [], "jokers": [], "none cold": [], "jokers cold": []}
    for r in range(2 * ROUNDS):
        counts = [make(rng, 13 + k % 2) for k in range(n)]
        plain = [hand_of(c) for c in counts]
        wild = [with_jokers(rng, c, jokers) for c in counts]
        cold = " cold" if r < ROUNDS else ""
        for label, hands in (("none", plain), ("jokers", wild)):
            if cold:
                clear_caches()
            rates[label + cold].append(rate(analyse, hands))
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"{kind} hands with {jokers} jokers, {n} per round, medians of {ROUNDS} rounds (hands/s):")
    for cold in ("", " cold"):
        none, wild = med["none" + cold], med["jokers" + cold]
        print(f"  {'steady' if not cold else 'cold':>6}: none {none:9.0f}   {jokers} jokers {wild:9.0f}"
              f"   cost ratio {none / wild:.2f}x")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    run("random wall", wall_hand, n)
    run("near-complete", near_complete, n)
    run_wilds("random wall", wall_hand, n)
    run_wilds("near-complete", near_complete, n)


if __name__ == "__main__":
    main()
