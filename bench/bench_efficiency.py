"""Efficiency benchmark: 14-tile acceptance tables, ours against a brute force.

Run by hand: ``.venv/bin/python bench/bench_efficiency.py [hands per round]`` (or
``python -m bench efficiency``).

Each round draws fresh 14-tile hands for each side (half near-complete, half from the wall)
and times, on the same hands, the whole table (every discard, what each accepts,
tiles left):

- ours: ``efficiency(notation)``, the notation parsed and read included.
- brute (analysis): on ready 34-count arrays, discard each kind, draw each of
  the 34, and ask the analysis's ``shanten()`` before and after (the same memoised
  suit tables ours uses: what is measured is the work saved, not the tables).
- brute (mahjong): the same loop (on the brute force's hands) asking the `mahjong` package's
  ``Shanten.calculate_shanten``.

"steady" keeps the analysis's memos across rounds, as a running service does;
"cold" clears them before each round. Neither clears the numbered suits' tables made
ahead of time (``suit_tables.bin``, data both sides look up): reading them, once a
process, is timed on its own first. Prints per-table medians over rounds and the
ratios (goal: ours at most 1/4 of the brute force). Times are CPU time of this
process (``time.process_time``), steadier than wall time on a loaded machine.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from mahjong.shanten import Shanten

from service.analysis import clear_caches, suit_file
from service.analysis.keys import code_of
from service.analysis.shanten import shanten
from service.efficiency import efficiency
from tests.sample_hands import near_complete, wall_hand

ROUNDS = 5


def brute_force(c: list[int], shanten_of) -> list[tuple]:
    """(discard, shanten, accepted kinds, tiles) for each kind held, the slow way."""
    rows = []
    for d in range(34):
        if not c[d]:
            continue
        c[d] -= 1
        now = shanten_of(c)
        kinds = tiles = 0
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                if shanten_of(c) < now:
                    kinds += 1
                    tiles += 4 - c[t] + 1
                c[t] -= 1
        c[d] += 1
        rows.append((d, now, kinds, tiles))
    return rows


def analysis_shanten(c) -> int:
    return shanten(c, 4)


def mahjong_shanten(c) -> int:
    return Shanten.calculate_shanten(c)


def hands(rng: random.Random, n: int) -> list[list[int]]:
    return [near_complete(rng, 14) if i % 2 else wall_hand(rng, 14) for i in range(n)]


def spelled(c) -> str:
    return "".join(code_of(i) for i, k in enumerate(c) for _ in range(k))


def per_table_us(fn, items) -> float:
    """CPU time a table (this process only: the shared machine's load moves wall time a lot)."""
    t0 = time.process_time()
    for x in items:
        fn(x)
    return (time.process_time() - t0) / len(items) * 1e6


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(44)
    reads = []
    for _ in range(ROUNDS):
        t0 = time.process_time()
        suit_file.read()
        reads.append((time.process_time() - t0) * 1e3)
    print(f"suit tables made ahead of time: read in {statistics.median(reads):.1f} ms, once a process")
    for mode in ("steady", "cold"):
        times = {"ours": [], "brute (analysis)": [], "brute (mahjong)": []}
        for _ in range(ROUNDS):
            # Each side gets its own fresh hands of the same kind: on shared hands the second to
            # run would find the suit tables the first computed.
            notations = [spelled(c) for c in hands(rng, n)]
            batch = hands(rng, n)
            if mode == "cold":
                clear_caches()
            times["ours"].append(per_table_us(efficiency, notations))
            if mode == "cold":
                clear_caches()
            times["brute (analysis)"].append(per_table_us(lambda c: brute_force(list(c), analysis_shanten), batch))
            times["brute (mahjong)"].append(per_table_us(lambda c: brute_force(list(c), mahjong_shanten), batch))
        med = {k: statistics.median(v) for k, v in times.items()}
        print(f"14-tile tables, {mode}, median of {ROUNDS} rounds of {n} hands (µs a table):")
        for name, us in med.items():
            ratio = "" if name == "ours" else f"   ours is {med['ours'] / us:.3f} of it ({us / med['ours']:.1f}x faster)"
            print(f"  {name:17} {us:9.0f}{ratio}")


if __name__ == "__main__":
    main()
