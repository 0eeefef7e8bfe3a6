"""A recorded win scored by the `mahjong` package alone, not through service.scoring: the checks that
a record's han, fu and points are right (tests/test_records.py, tests/record_games.py).

`calculate` takes a round's end state (service.records' `moment`) or any state of that shape: the
winner's hand (a tsumo's with its winning tile, a ron's without), melds, the dora indicators, the
winds, and the winner's situational flags; Tenhou's rules (open tanyao, red fives, no kiriage).
"""

from __future__ import annotations

from mahjong.constants import EAST
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

SUITS = "mpsz"
TENHOU = OptionalRules(has_open_tanyao=True, has_aka_dora=True, kiriage=False)
MELDS = {"chi": Meld.CHI, "pon": Meld.PON, "daiminkan": Meld.KAN, "kakan": Meld.SHOUMINKAN, "ankan": Meld.KAN}


class Ids:
    """Hands out 136-tile ids: a red five its kind's first id (the package's red one), others the rest."""

    def __init__(self):
        self.used: set[int] = set()

    def __call__(self, tile: str) -> int:
        digit, suit = int(tile[0]), tile[1]
        k = SUITS.index(suit) * 9 + (digit or 5) - 1
        if digit == 0:
            i = 4 * k
        else:
            start = 4 * k + (1 if digit == 5 and suit != "z" else 0)
            i = next(j for j in range(start, 4 * k + 4) if j not in self.used)
        assert i not in self.used, f"a fifth {tile}"
        self.used.add(i)
        return i


def calculate(calculator, state: dict, winner: dict, flags=None):
    """The package's `HandResponse` for `winner` (``seat``, ``from``, ``tile``, ``ura``) in `state`;
    `flags` (default the winner's ``flags``): riichi, double_riichi, ippatsu, rinshan, chankan,
    haitei, houtei."""
    flags = set(winner.get("flags", ()) if flags is None else flags)
    seat = winner["seat"]
    tsumo = seat == winner["from"]
    ids = Ids()
    s = state["seats"][seat]
    hand = list(s["hand"])
    if tsumo:
        hand.remove(winner["tile"])
    tiles = [ids(t) for t in hand]
    win = ids(winner["tile"])
    melds = []
    for m in s["melds"]:
        got = [ids(t) for t in m["tiles"]]
        melds.append(Meld(MELDS[m["type"]], got, opened=m["type"] != "ankan"))
        tiles += got
    tiles.append(win)
    dealer = state["dealer"]
    riichi = bool({"riichi", "double_riichi"} & flags)
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi and "double_riichi" not in flags,
                        is_daburu_riichi="double_riichi" in flags, is_ippatsu="ippatsu" in flags,
                        is_rinshan="rinshan" in flags, is_chankan="chankan" in flags, is_haitei="haitei" in flags,
                        is_houtei="houtei" in flags, player_wind=EAST + (seat - dealer) % 4,
                        round_wind=EAST + "ESWN".index(state["wind"]), options=TENHOU)
    indicator = Ids()  # indicators are ids of their own: a kind's copies are counted in the hands
    return calculator.estimate_hand_value(tiles, win, melds=melds or None,
                                          dora_indicators=[indicator(t) for t in state["dora"]],
                                          ura_dora_indicators=[indicator(t) for t in winner.get("ura") or ()]
                                          if riichi else None, config=config)
