"""Replay benchmark (issue 45): whole rounds as animations, their bytes per format.

Run by hand from the project root: ``.venv/bin/python -m bench.bench_replay [rounds]`` (or ``python -m bench replay``).

The `rounds` longest rounds (default 5) of tests/record_games.py's games for seeds 0-59 (whole
rounds: 60-80 discards and calls, most ending in an exhaustive draw), each drawn at 1x, height 38,
every hand shown, as APNG, GIF and WebP. Target: a whole round under 400 KiB in every format.
Prints, per format, the median and largest size and the median time to encode (each format draws
the frames again: the time to draw them alone is printed apart).
"""

from __future__ import annotations

import statistics
import sys
import time

from service.drawing.animation import FORMATS, Canvas, animate
from service.notation.options import RenderOptions
from service.pictures.replay import replay_frames
from service.records import read_text
from tests import record_games

LIMIT_KIB = 400


def longest_rounds(count: int) -> list[tuple[int, int]]:
    """(seed, round number) of the `count` rounds with the most events."""
    found = []
    for seed in range(60):
        for n, r in enumerate(record_games.game(seed, 4), 1):
            found.append((len(r.events), seed, n))
    return [(seed, n) for _, seed, n in sorted(found, reverse=True)[:count]]


def main(count: int = 5) -> None:
    options = RenderOptions()
    sizes: dict[str, list[int]] = {f: [] for f in FORMATS}
    times: dict[str, list[float]] = {f: [] for f in FORMATS}
    drawing, moves = [], []
    for seed, n in longest_rounds(count):
        game = read_text(record_games.to_tenhou6(record_games.game(seed, 4)))
        frames = replay_frames(game, n)
        moves.append(len(frames))
        canvas = Canvas(frames, options)
        t = time.perf_counter()
        canvas.indexed()
        drawing.append(time.perf_counter() - t)
        for fmt in FORMATS:
            t = time.perf_counter()
            data = animate(frames, options, fmt, canvas)
            times[fmt].append(time.perf_counter() - t)
            sizes[fmt].append(len(data))
    print(f"{count} whole rounds, {min(moves)}-{max(moves)} frames, {canvas.width} px square at 1x; "
          f"drawing the frames (and mapping them to their palette): median {statistics.median(drawing) * 1000:.0f} ms")
    for fmt in FORMATS:
        med, top = statistics.median(sizes[fmt]) / 1024, max(sizes[fmt]) / 1024
        name = "APNG" if fmt == "png" else fmt.upper()
        print(f"{name:<5} median {med:6.0f} KiB  largest {top:6.0f} KiB  ({top / LIMIT_KIB:4.2f}x of {LIMIT_KIB} KiB)"
              f"  drawing and encoding: median {statistics.median(times[fmt]) * 1000:5.0f} ms")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
