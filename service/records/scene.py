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

from dataclasses import dataclass

from service.notation.grammar import parse
from service.notation.model import Group, Hand, Tile
from service.notation.river import River
from service.notation.scene import ProblemCard
from service.notation.table import Seat, TableScene

from .model import Game, RecordError
from .replay import meld_notation, moment, notation
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


def hidden(seat: int, view: int | None, reveal: bool = False) -> bool:
    """Whether seat `seat`'s concealed hand is hidden from `view` (None: every hand is shown).

    >>> hidden(2, 1), hidden(1, 1), hidden(2, None), hidden(2, 1, reveal=True)
    (True, False, False, False)
    """
    return view is not None and seat != view and not reveal


def seen_from(state: dict, view: int | None, reveal: bool = False) -> dict:
    """The `moment` state as seat `view` saw it, what ``tiles log --view`` prints and draws: each
    other seat's concealed tiles are ``?`` (as a player's own mjai log hides them), its melds,
    river and score shown; `reveal` (or no view) leaves every hand as it is.

    >>> s = {"seats": [{"hand": ["1m", "2m"], "melds": [], "notation": "12m"}] * 4}
    >>> [seat["notation"] for seat in seen_from(s, 1)["seats"]], seen_from(s, 1)["seats"][0]["hand"]
    (['xx', '12m', 'xx', 'xx'], ['?', '?'])
    """
    view = check_view(view)
    seats = [dict(s, hand=["?"] * len(s["hand"]), notation=notation(["?"] * len(s["hand"]), s["melds"], n))
             if hidden(n, view, reveal) else s for n, s in enumerate(state["seats"])]
    return dict(state, seats=seats)


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
        hand, backs = (None, len(s["hand"])) if hidden(n, view, reveal) or not s["hand"] else (_hand(s["hand"]), 0)
        river = _river(s["river"]) if s["river"] else None
        seats[wind] = Seat(wind, hand, backs, _melds(s["melds"], n), river, s["score"], bool(s.get("riichi")))
    seats = {w: seats[w] for w in WINDS}
    dora = tuple(Tile.from_code(t) for t in state["dora"] if t != "?")
    return TableScene(state["wind"] + state["round"][1], state["honba"], state["sticks"], dora,
                      seat_wind(0 if view is None else view, dealer), seats, state["wall"])


def problem_card(game: Game, round_number: int, state: dict) -> ProblemCard:
    """The "what would you discard?" card of the seat to move after `state` (a `moment` of round
    `round_number`): the moment just after that seat's next draw, its real draw the drawn tile.

    >>> from service.records.model import Event, Round
    >>> r = Round(0, 1, 0, 0, 0, [25000] * 4, [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13], "9p")
    >>> r.events = [Event("draw", 0, "5z"), Event("discard", 0, "5z", tsumogiri=True), Event("draw", 1, "6z")]
    >>> card = problem_card(Game([r], [], "mjai"), 1, moment(Game([r], [], "mjai"), 1, step=1))
    >>> card.seat, card.turn, card.drawn.code, len(card.concealed), card.scores
    ('S', 1, '6z', 13, (25000, 25000, 25000, 25000))
    """
    rnd = game.rounds[round_number - 1]
    step = state["step"]
    at = next((i for i, ev in enumerate(rnd.events[step:], step + 1) if ev.kind == "draw"), None)
    if at is None:
        raise RecordError(f"no seat draws after step {step}: the round ends there, so there is no card to draw",
                          f"round {round_number} ({rnd.name})")
    drew = rnd.events[at - 1]
    after = moment(game, round_number, step=at)
    seat = after["seats"][drew.seat]
    if drew.tile == "?" or "?" in seat["hand"]:
        raise RecordError(f"the record hides seat {drew.seat}'s tiles (a player's view): no card for that seat",
                          f"round {round_number} ({rnd.name}), step {at}")
    hand = list(seat["hand"])
    hand.remove(drew.tile)
    body = Hand(_hand(hand).groups + _melds(seat["melds"], drew.seat))
    turn = 1 + sum(ev.kind == "discard" and ev.seat == drew.seat for ev in rnd.events[:at])
    dealer = after["dealer"]
    scores = tuple(after["seats"][(dealer + k) % 4]["score"] for k in range(4))  # East South West North
    dora = tuple(Tile.from_code(t) for t in after["dora"] if t != "?")
    return ProblemCard(after["wind"] + after["round"][1], after["honba"], seat_wind(drew.seat, dealer), turn, dora,
                       body, Tile.from_code(drew.tile), None, None, scores)


@dataclass(frozen=True)
class WinCard:
    """A round's win as ``tiles log --result -o`` draws it: each winner's hand with our score and
    the log's side by side. `winners` are ``tiles log --list --json``'s (``seat``, ``from``,
    ``notation``, ``recorded``, ``ura``, ``flags``, ``score``, ``agrees``), each with its ``wind``
    and its source's ``from_wind``."""

    round: str  # "E1"
    honba: int
    sticks: int
    dora: tuple[str, ...]
    winners: tuple[dict, ...]


def win_card(state: dict, winners: list) -> WinCard:
    """The `WinCard` of a round's end `state` and its judged `winners` (`command.rounds`' shape)."""
    dealer = state["dealer"]
    shown = tuple(dict(w, wind=seat_wind(w["seat"], dealer), from_wind=seat_wind(w["from"], dealer)) for w in winners)
    return WinCard(state["wind"] + state["round"][1], state["honba"], state["sticks"],
                   tuple(t for t in state["dora"] if t != "?"), shown)


__all__ = ["WinCard", "check_view", "hidden", "problem_card", "seat_wind", "seen_from", "table_scene", "win_card"]
