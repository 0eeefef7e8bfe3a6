"""`tiles lint --check-wins` judges a hand's tiles, not how they are written: the same 14 tiles with
and without a ``+`` before the last one (there, the winning tile) get the same judgement."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.analysis.keys import code_of
from service.docs.lint import check_tag
from service.pictures.scan import scan_text
from tests.sample_hands import near_complete, wall_hand

CLAIMS = ('caption="Tsumo"', 'expect="win"', 'expect="tenpai"')


def judged(notation: str, claim: str, wild: str = "") -> list[str]:
    wild_prop = f' wild="{wild}"' if wild else ""
    tag = scan_text(f'<Tiles notation="{notation}" {claim}{wild_prop} />')[0]
    return [p.message for p in check_tag(tag, check_wins=True)]


@st.composite
def hands(draw) -> list[str]:
    """14 tiles as codes: complete or a swap or two away (or drawn from a wall), maybe with a joker."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    counts = near_complete(rng, 14) if draw(st.booleans()) else wall_hand(rng, 14)
    tiles = [code_of(i) for i, n in enumerate(counts) for _ in range(n)]
    if draw(st.booleans()):  # the winning tile any of them, not only the last kind
        rng.shuffle(tiles)
    if draw(st.integers(0, 3)) == 0:
        tiles[draw(st.integers(0, 13))] = "j"
    return tiles


@settings(max_examples=400, deadline=None)
@given(hands(), st.sampled_from(CLAIMS), st.sampled_from(["", "5z", "1m"]))
def test_a_plus_before_the_winning_tile_changes_no_judgement(tiles, claim, wild):
    plain = "".join(tiles)
    won = "".join(tiles[:-1]) + "+" + tiles[-1]
    assert judged(won, claim, wild) == judged(plain, claim, wild)


def test_tenpai_is_no_claim_for_a_hand_that_shows_its_winning_tile():
    """Nine gates and its winning tile is a complete hand with or without the '+': not tenpai."""
    for notation in ("1112345678999m5m", "1112345678999m+5m", "1112345678999m +5m"):
        assert judged(notation, 'expect="tenpai"') == ['expect="tenpai", but the hand is already complete']
    assert judged("123456789m1122p+3p", 'expect="tenpai"') == judged("123456789m1122p3p", 'expect="tenpai"') == \
        ['expect="tenpai", but the hand is not tenpai (shanten 0)']
    assert judged("1112345678999m", 'expect="tenpai"') == []
