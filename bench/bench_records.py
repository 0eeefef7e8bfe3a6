"""Game record benchmark (issue 45): a whole hanchan read, and one moment replayed.

Run by hand from the project root: ``.venv/bin/python -m bench.bench_records [repeat]`` (or ``python -m bench records``).

Times, as medians over ``repeat`` calls: an eight-round game of tests/record_games.py read from
each format (parsing and the replay of every round to its end that `read_text` does), and the
state of its longest round at its last step. Target: a full hanchan read under 100 ms. Prints
the medians and the ratio of each to its target.
"""

from __future__ import annotations

import sys

from bench.timing import median_ms
from service.records import moment, read_text
from tests import record_games

READ_MS = 100.0
MOMENT_MS = 10.0


def main(repeat: int = 50) -> None:
    rounds = record_games.game(2026, rounds=8)
    texts = {"mjai": record_games.to_mjai(rounds), "tenhou.net/6": record_games.to_tenhou6(rounds),
             "mjlog": record_games.to_mjlog(rounds)}
    events = sum(len(r.events) for r in rounds)
    print(f"a hanchan of 8 rounds, {events} events")
    for name, text in texts.items():
        ms = median_ms(lambda: read_text(text), repeat)
        print(f"{'read ' + name:<24} {ms:8.3f} ms   {ms / READ_MS:5.2f}x of the {READ_MS:g} ms target")
    game = read_text(texts["mjlog"])
    longest = max(range(len(game.rounds)), key=lambda i: len(game.rounds[i].events)) + 1
    ms = median_ms(lambda: moment(game, longest, result=True), repeat)
    print(f"{'a moment (last step)':<24} {ms:8.3f} ms   {ms / MOMENT_MS:5.2f}x of the {MOMENT_MS:g} ms target")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
