"""A game record in one model, whatever its format: rounds of events.

Tiles are our notation's single tiles: ``1m``-``9m``, ``0m`` for a red five, ``1z``-``7z``
for East, South, West, North, White, Green, Red, and ``?`` for a tile the record hides.

>>> Event("discard", 0, tile="5m", tsumogiri=True).kind
'discard'
"""

from __future__ import annotations

from dataclasses import dataclass, field

CALLS = ("chi", "pon", "daiminkan", "kakan", "ankan")
WINDS = "ESWN"


class RecordError(ValueError):
    """A record that cannot be read or replayed: what is wrong and where.

    >>> str(RecordError("a discard not in the hand", "round 1, step 5"))
    'round 1, step 5: a discard not in the hand'
    """

    def __init__(self, message: str, where: str = ""):
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.where = where


@dataclass
class Event:
    """One thing that happens in a round.

    `kind` is ``draw``, ``discard`` (`riichi` when it declares), a call (`CALLS`: `tiles` the meld's
    tiles, `tile` the called or added one, `source` the seat it came from), ``dora`` (`tile` the new
    indicator), or the round's end: ``win`` (`wins`), ``draw_end`` (exhaustive) or ``abortive``
    (`reason`). Ends carry the score changes in `deltas`.

    >>> Event("pon", 2, tile="5p", tiles=("5p", "5p", "0p"), source=1).source
    1
    """

    kind: str
    seat: int = -1
    tile: str | None = None
    tiles: tuple = ()
    source: int | None = None
    tsumogiri: bool = False
    riichi: bool = False
    wins: list = field(default_factory=list)
    deltas: list | None = None
    reason: str = ""
    tenpai: list | None = None


@dataclass
class Win:
    """One winner of a round: `seat`, `source` (the seat that dealt in, or `seat` for tsumo), and
    `recorded`: the log's own ``han``, ``fu``, ``points`` and ``yaku`` ([name, han] pairs), and the
    `ura` dora indicators the log shows.

    >>> Win(0, 0, "3m", {"han": 1}).tsumo
    True
    """

    seat: int
    source: int
    tile: str | None = None
    recorded: dict = field(default_factory=dict)
    ura: list = field(default_factory=list)

    @property
    def tsumo(self) -> bool:
        return self.seat == self.source


@dataclass
class Round:
    """One round (kyoku): `wind` 0-3 (East...), `number` 1-4, `honba`, `sticks`, `dealer`, the
    `scores` at the start, the four `hands` dealt, the first dora `indicator` and the `events`.

    >>> Round(0, 1, 1, 0, 0, [25000] * 4, [[]] * 4, "1m").name
    'E1-1'
    """

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: list
    hands: list
    indicator: str
    events: list = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{WINDS[self.wind % 4]}{self.number}" + (f"-{self.honba}" if self.honba else "")

    @property
    def result(self) -> Event | None:
        last = self.events[-1] if self.events else None
        return last if last is not None and last.kind in ("win", "draw_end", "abortive") else None


@dataclass
class Game:
    """A whole record: its `rounds` in file order, the players' `names` and the `format` read.

    >>> Game([], ["a", "b", "c", "d"], "mjai").format
    'mjai'
    """

    rounds: list
    names: list
    format: str
