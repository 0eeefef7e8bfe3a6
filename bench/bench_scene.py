"""Scenes next to a plain hand: warm render time and bytes, PNG at scale 2 and SVG.

Run by hand: ``.venv/bin/python -m bench scene``. Medians in ms with the faces cached
(as a serving process has them). A hand with a dora strip is drawn exact (labels are
not faces), so the ratio against the same hand without it is the cost of the label and
of leaving the palette picture; a problem card and a whole table are the two scenes.
"""

from __future__ import annotations

from bench.timing import median_ms
from service.drawing.render import render
from service.drawing.scene import render_scene
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.notation.scene import read_scene

HAND = "2345m067p34588s5z+4p"
CARD = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}"
TABLE = """table:
  round: S2
  honba: 1
  riichi_sticks: 1
  dora: 3m7z
  seats:
    E: {hand: 10, melds: "-123m", river: "19m4z*6p-5s2p", score: 31000}
    S: {hand: "2345m067p3488s55z", river: "9p1z*8s7z3p", score: 24000}
    W: {hand: 13, river: "1s9s2z4p6m*2m7s", score: 22000}
    N: {hand: 7, melds: "-777p 5-55s", river: "1z2z3z9m1p", score: 23000}
"""


def main() -> None:
    hand, card, table = parse(HAND), read_scene(CARD), read_scene(TABLE)
    rows = []
    for fmt, scale in (("png", 2), ("svg", 1)):
        plain = RenderOptions(scale=scale, format=fmt)
        dora = RenderOptions(scale=scale, format=fmt, dora="4z1m")
        cases = [("hand", lambda o=plain: render(hand, o)), ("hand + dora strip", lambda o=dora: render(hand, o)),
                 ("problem card", lambda o=plain: render_scene(card, o)),
                 ("whole table", lambda o=plain: render_scene(table, o))]
        base = None
        for name, fn in cases:
            ms = median_ms(fn, repeat=30)
            base = base or ms
            rows.append((fmt, name, ms, ms / base, len(fn())))
    print(f"{'format':6} {'picture':18} {'median ms':>10} {'x hand':>7} {'bytes':>8}")
    for fmt, name, ms, ratio, size in rows:
        print(f"{fmt:6} {name:18} {ms:10.2f} {ratio:7.1f} {size:8d}")


if __name__ == "__main__":
    main()
