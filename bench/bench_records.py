"""Game record benchmark: a whole hanchan read, one moment replayed, and a moment drawn.

Run by hand from the project root: ``.venv/bin/python -m bench.bench_records [repeat]`` (or ``python -m bench records``).

Times, as medians over ``repeat`` calls: an eight-round game of tests/record_games.py (its wins
real ones) read from each format (parsing and the replay of every round to its end that
`read_text` does), and the state of its longest round at its last step. Target: a full hanchan
read under 100 ms. Then a moment drawn as ``tiles log -o`` draws it (the replay to that moment,
its table scene, the PNG) against the same table written as scene YAML and drawn as ``tiles
scene`` draws it (read, check, PNG): a moment draws at a scene's cost, a ratio near 1.
"""

from __future__ import annotations

import sys

from bench.timing import median_ms
from service.drawing.scene import render_scene
from service.notation.options import RenderOptions
from service.notation.scene import read_scene
from service.records import moment, read_text
from service.records.replay import hand_notation, meld_notation
from service.records.scene import seat_wind, table_scene
from tests import record_games

READ_MS = 100.0
MOMENT_MS = 10.0


def scene_yaml(state: dict, view: int) -> str:
    """The table of `state` from seat `view` as scene YAML (what a writer would type for it; a called
    discard left out of its river, as YAML cannot mark it and the copies check counts it in the meld)."""
    lines = ["table:", f"  round: {state['wind']}{state['round'][1]}", f"  honba: {state['honba']}",
             f"  riichi_sticks: {state['sticks']}", f"  dora: {''.join(state['dora'])}", f"  wall: {state['wall']}",
             f"  view: {seat_wind(view, state['dealer'])}", "  seats:"]
    for n, s in enumerate(state["seats"]):
        hand = hand_notation(s["hand"]) if n == view else str(len(s["hand"]))
        melds = " ".join(meld_notation(m, n) for m in s["melds"])
        river = "".join(("*" if r["tsumogiri"] else "") + ("-" if r["riichi"] else "") + r["tile"]
                        for r in s["river"] if not r["called"])  # YAML has no called mark: in the meld only
        lines.append(f"    {seat_wind(n, state['dealer'])}: {{hand: \"{hand}\", melds: \"{melds}\", "
                     f"river: \"{river}\", score: {s['score']}}}")
    return "\n".join(lines) + "\n"


def main(repeat: int = 50) -> None:
    rounds = record_games.game(2026, rounds=8, real=True)
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
    # a moment with no called discard (the YAML cannot mark one), so both draw the same picture
    plain = [i for i, r in enumerate(game.rounds, 1) if not any(e.kind in ("chi", "pon", "daiminkan") for e in r.events)]
    n = max(plain, key=lambda i: len(game.rounds[i - 1].events), default=longest)
    step = max(k for k, e in enumerate(game.rounds[n - 1].events, 1) if e.kind == "discard")
    options = RenderOptions()
    text = scene_yaml(moment(game, n, step=step), 0)
    same = render_scene(table_scene(moment(game, n, step=step), view=0), options) == \
        render_scene(read_scene(text), options)
    drawn = median_ms(lambda: render_scene(table_scene(moment(game, n, step=step), view=0), options), repeat)
    yaml = median_ms(lambda: render_scene(read_scene(text), options), repeat)
    print(f"{'a moment drawn (PNG)':<24} {drawn:8.3f} ms   the same table from scene YAML {yaml:.3f} ms: "
          f"{drawn / yaml:4.2f}x ({'the same' if same else 'NOT the same'} picture; round {n}, step {step})")

if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
