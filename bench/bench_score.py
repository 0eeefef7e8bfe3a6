"""Score benchmark (issue 43): one score, and the waits tables of the widest waits.

Run by hand: ``.venv/bin/python bench/bench_score.py [repeat]``.

Times, as medians over ``repeat`` calls (after a warm-up, so the analysis's memos
are warm as in a running service):

- a score: ``score("234789m1234566p+6p", riichi=True, dora="5p")``, parse, analysis and
  the mahjong package included; and the same from a parsed hand (what the JSON view does);
- the 13-sided wait table of kokushi ``19m19p19s1234567z``: 13 waits, each scored on ron
  and on tsumo (26 scores);
- the 9-sided table of junsei chuuren ``1112345678999m``;
- the package's own ``estimate_hand_value`` for the first hand, the floor of a score;
- a renhou under ``rules="wrc"`` (its context checks and the package's 5-han yaku);
- with PyMahjongGB, a Chinese Official knitted tenpai hand's waits table (``147m258p369s1234z``:
  the knitted waits found by trying each tile on the six straights, then 6 fan counts);
- a problem card's ``score: {riichi: true}`` (the waits table of the hand after its answer).

Targets: a score under 1 ms, a 13-sided wait table under 20 ms. Prints the medians and the
ratio of each to its target.
"""

from __future__ import annotations

import sys

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

from bench.timing import median_ms
from service.notation.grammar import parse
from service.scoring import read_context, score, score_context

SCORE_MS, TABLE_MS = 1.0, 20.0


def main(repeat: int = 200) -> None:
    hand = parse("234789m1234566p+6p")
    ctx = read_context({"riichi": True, "dora": "5p"})
    tiles = TilesConverter.string_to_136_array(man="234789", pin="12345666")
    win = tiles[-1]

    def package():
        config = HandConfig(is_tsumo=True, is_riichi=True, options=OptionalRules(has_open_tanyao=True,
                                                                                   has_aka_dora=True))
        HandCalculator.estimate_hand_value(tiles, win, config=config, dora_indicators=[52])

    rows = [
        ("score, from the notation", median_ms(lambda: score("234789m1234566p+6p", riichi=True, dora="5p"), repeat),
         SCORE_MS),
        ("score, from a parsed hand", median_ms(lambda: score_context(hand, ctx), repeat), SCORE_MS),
        ("the package alone", median_ms(package, repeat), SCORE_MS),
        ("13-sided wait table (kokushi)", median_ms(lambda: score("19m19p19s1234567z"), repeat // 4), TABLE_MS),
        ("9-sided wait table (chuuren)", median_ms(lambda: score("1112345678999m"), repeat // 4), TABLE_MS),
    ]
    rows.append(("renhou (rules=wrc)", median_ms(lambda: score("234789m13p789s55s+-2p", rules="wrc", seat="S",
                                                                renhou=True), repeat), SCORE_MS))
    try:
        import MahjongGB  # noqa: F401 - the extra mahjong-tiles[mcr]
    except ImportError:
        print("(no PyMahjongGB: the knitted waits table is not timed)")
    else:
        rows.append(("knitted waits table (mcr)", median_ms(lambda: score("147m258p369s1234z", rules="mcr"),
                                                            repeat // 4), TABLE_MS))
    from service.notation.scene import read_scene
    from service.scoring.scene_score import problem_score

    card = read_scene("problem: {round: E2, seat: S, dora: 1m, hand: 234789m13p789s5s5z+5s, answer: 5z, "
                      "score: {riichi: true}}")
    rows.append(("problem card's score", median_ms(lambda: problem_score(card), repeat), TABLE_MS))
    for name, ms, target in rows:
        print(f"{name:<32} {ms:8.3f} ms   {ms / target:5.2f}x of the {target:g} ms target")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
