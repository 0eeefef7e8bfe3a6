"""A moment of a game record as our whole-table scene (`TableScene`, what ``tiles scene`` draws).

Seats keep the record's numbers (0-3); the table names them by wind, the dealer East. From a
player's `view` the other hands lie face down, as that player saw them (`reveal` shows them);
without a view every hand is shown and seat 0 sits at the bottom. Melds turn the called tile
toward the seat it came from, rivers lay the riichi tile sideways, dim the tsumogiri ones and
mark the called ones; the centre shows the dora indicators revealed so far, honba, riichi
sticks and the tiles left in the wall.

>>> from service.records.model import Event, Round
>>> r = Round(0, 1, 0, 0, 0, [25000] * 4, [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13], "9p")
>>> r.events = [Event("draw", 0, "5z"), Event("discard", 0, "5z", tsumogiri=True)]
>>> from service.records.replay import state_of
>>> t = table_scene(state_of(r, 2, "round 1"), view=1)
>>> t.view, t.seats["E"].backs, t.seats["S"].hand.tiles[0].code, t.seats["E"].river.canonical(), t.wall
('S', 13, '2m', '*5z', 69)
"""

from __future__ import annotations

from service.notation.grammar import parse
from service.notation.model import Group, Hand, Tile
from service.notation.river import River
from service.notation.table import Seat, TableScene

from .model import RecordError
from .replay import meld_notation
from .tiles import order

WINDS = "ESWN"


def seat_wind(seat: int, dealer: int) -> str:
    """The wind of record seat `seat` when `dealer` deals: ``seat_wind(2, 1) == "S"``.

    >>> seat_wind(2, 1), seat_wind(0, 1)
    ('S', 'N')
    """
    return WINDS[(seat - dealer) % 4]


def check_view(view, where: str = "--view") -> int | None:
    """A seat 0-3 to draw from (an int, or its digit as text), or None; `RecordError` for anything else.

    >>> check_view("2"), check_view(None)
    (2, None)
    >>> check_view("7")
    Traceback (most recent call last):
    ...
    service.records.model.RecordError: --view: no seat '7': seats are 0-3, as the record numbers them
    """
    if view is None:
        return None
    text = str(view).strip()
    if text not in ("0", "1", "2", "3"):
        raise RecordError(f"no seat {str(view)[:20]!r}: seats are 0-3, as the record numbers them", where)
    return int(text)


def _hand(tiles: list) -> Hand:
    """Face-up tiles in hand order; a tile the record hides (``?``) is a back."""
    return Hand((Group("hand", tuple(Tile.from_code("x" if t == "?" else t) for t in sorted(tiles, key=order))),))


def _melds(melds: list, seat: int) -> tuple[Group, ...]:
    """Each meld as our notation draws it: the called tile sideways on its source's side."""
    return tuple(Group("meld", g.tiles) for m in melds for g in parse(meld_notation(m, seat)).groups)


def _river(river: list) -> River:
    tiles = tuple(Tile.from_code(d["tile"], sideways=d["riichi"], tsumogiri=d["tsumogiri"]) for d in river)
    return River(tiles, called=tuple(n for n, d in enumerate(river) if d["called"]))


def table_scene(state: dict, view: int | None = None, reveal: bool = False) -> TableScene:
    """The table of a `moment` state, drawn from record seat `view` (None: every hand shown, seat 0
    at the bottom); with a view the other hands are backs unless `reveal`."""
    view = check_view(view)
    dealer = state["dealer"]
    seats = {}
    for n, s in enumerate(state["seats"]):
        wind = seat_wind(n, dealer)
        hidden = view is not None and n != view and not reveal
        hand, backs = (None, len(s["hand"])) if hidden or not s["hand"] else (_hand(s["hand"]), 0)
        river = _river(s["river"]) if s["river"] else None
        seats[wind] = Seat(wind, hand, backs, _melds(s["melds"], n), river, s["score"])
    seats = {w: seats[w] for w in WINDS}
    dora = tuple(Tile.from_code(t) for t in state["dora"] if t != "?")
    return TableScene(state["wind"] + state["round"][1], state["honba"], state["sticks"], dora,
                      seat_wind(0 if view is None else view, dealer), seats, state["wall"])


__all__ = ["check_view", "seat_wind", "table_scene"]
