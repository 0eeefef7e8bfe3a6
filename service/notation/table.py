"""Whole-table scenes: four seats' hands, melds, rivers and scores at one moment, checked.

    table:
      round: S2
      honba: 1
      riichi_sticks: 1
      dora: 3m7z
      wall: 52         # optional: the tiles left to draw
      view: S          # the seat drawn at the bottom
      seats:
        E: {hand: 13, melds: "-123m", river: "19m4z*6p-5s", score: 31000}
        S: {hand: "2345m067p3488s55z", river: "1z9p", score: 24000}

``hand`` is a number of backs (0-14) or tile text; ``melds`` our meld segments; ``river``
our river grammar. mjimage's names are read too where they map one to one: ``discard``
for ``river``, ``front`` for ``view``, ``doras`` (a list) for ``dora``, and
``sticks: {reach, dead}`` for ``riichi_sticks`` and ``honba``.
Checked across the table: at most four copies of a tile (the fifth is the error, at its
field and character), at most `MAX_RIVER` discards in a river, one riichi tile a river.

>>> from service.notation.fields import compose
>>> t = read_table(compose("table: {round: S2, dora: 3m, view: S, seats: {E: {hand: 13, river: 19m-4z}}}").mapping(("table",))["table"])
>>> t.view, t.seats["E"].backs, t.seats["E"].river.riichi, t.riichi_seats()
('S', 13, 2, ['E'])
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .dora import read_indicators
from .fields import WINDS, Field, SceneWarning, read_round, read_score
from .grammar import parse
from .model import Group, Hand, Tile
from .misreads import meld_misreads
from .river import River, parse_river

MAX_RIVER = 24  # more discards than one player makes in a hand (18 draws from the live wall, plus calls)
MAX_BACKS = 14
MAX_STICKS = 99
LIVE_WALL = 70  # tiles to draw once the hands are dealt: 136, less 52 dealt and 14 in the dead wall


@dataclass(frozen=True)
class Seat:
    wind: str
    hand: Hand | None  # face-up tiles, or None for backs
    backs: int
    melds: tuple[Group, ...]
    river: River | None
    score: int | None
    riichi: bool = False  # declared, though no river tile shows it (a game record's riichi tile called, not yet moved on)


@dataclass(frozen=True)
class TableScene:
    round: str
    honba: int
    riichi_sticks: int
    dora: tuple[Tile, ...]
    view: str
    seats: dict[str, Seat]  # E S W N order; a seat not written is empty
    wall: int | None = None  # tiles left to draw from the live wall, when shown
    warnings: tuple[SceneWarning, ...] = field(default=(), compare=False)  # drawn, but maybe not as meant

    def riichi_seats(self) -> list[str]:
        return [w for w, s in self.seats.items() if s.riichi or s.river is not None and s.river.riichi is not None]


def read_table(f: Field) -> TableScene:
    """`f`: the ``table`` field."""
    fields = f.mapping(("round", "honba", "riichi_sticks", "dora", "doras", "view", "front", "sticks", "seats", "wall"),
                       ("round", "seats"))
    for a, b in (("dora", "doras"), ("view", "front")):
        if a in fields and b in fields:
            fields[b].fail(f"{b!r} is mjimage's name for {a!r}; give one of them")
    rnd = read_round(fields["round"])
    honba = fields["honba"].number(0, MAX_STICKS) if "honba" in fields else 0
    sticks = fields["riichi_sticks"].number(0, MAX_STICKS) if "riichi_sticks" in fields else 0
    if "sticks" in fields:  # mjimage: {reach: riichi sticks, dead: honba}
        sub = fields["sticks"].mapping(("reach", "dead"))
        sticks = sub["reach"].number(0, MAX_STICKS) if "reach" in sub else sticks
        honba = sub["dead"].number(0, MAX_STICKS) if "dead" in sub else honba
    dora: tuple[Tile, ...] = ()
    dora_fields: list = []  # (field, its indicators), for the copies check
    if "dora" in fields:
        dora = fields["dora"].tiles(read_indicators)
        dora_fields = [(fields["dora"], dora)]
    elif "doras" in fields:
        dora_fields = [(item, item.tiles(read_indicators)) for item in fields["doras"].items()]
        dora = tuple(t for _, tiles in dora_fields for t in tiles)
        if len(dora) > 5:
            fields["doras"].fail(f"{len(dora)} dora indicators; the dead wall shows at most 5")
    view_field = fields.get("view") or fields.get("front")
    view = "S" if view_field is None else view_field.text().upper()
    if view not in WINDS:
        view_field.fail(f"view must be E, S, W or N (the seat drawn at the bottom), not {view_field.text()!r}")
    seat_fields = fields["seats"].mapping(tuple(WINDS) + tuple(WINDS.lower()))
    _one_name_a_seat(fields["seats"])
    seats, where = {}, []
    for wind in WINDS:
        sf = seat_fields.get(wind) or seat_fields.get(wind.lower())
        seats[wind] = _seat(wind, sf, where) if sf is not None else Seat(wind, None, 0, (), None, None)
    _check_copies(dora_fields, where)
    wall = fields["wall"].number(0, LIVE_WALL) if "wall" in fields else None
    return TableScene(rnd, honba, sticks, dora, view, seats, wall, tuple(f.notes))


def _one_name_a_seat(f: Field) -> None:
    """``E`` and ``e`` name one seat: the second of them is given twice, as ``E`` twice is
    (so neither is dropped unseen).

    >>> from service.notation.fields import compose
    >>> _one_name_a_seat(compose("seats: {E: {hand: 13}, e: {hand: 12}}").mapping(("seats",))["seats"])
    Traceback (most recent call last):
    ...
    service.notation.fields.SceneError: 1:24: seats.e: seat 'E' is given twice (as 'E' and 'e')
    """
    seen: dict[str, str] = {}
    for key, _ in f.node.value:
        wind = key.value.upper()
        if wind in seen:
            f.child(key, f"{f.path}.{key.value}").fail(
                f"seat {wind!r} is given twice (as {seen[wind]!r} and {key.value!r})")
        seen[wind] = key.value


def _seat(wind: str, f: Field, where: list) -> Seat:
    fields = f.mapping(("hand", "melds", "river", "discard", "score"))
    if "river" in fields and "discard" in fields:
        fields["discard"].fail("'discard' is mjimage's name for 'river'; give one of them")
    hand, backs = None, 0
    if "hand" in fields:
        text = fields["hand"].text()
        if text.isascii() and text.isdigit():
            backs = fields["hand"].number(0, MAX_BACKS)
        else:
            hand = fields["hand"].tiles(parse)
            if len(hand.groups) > 1 or hand.groups[0].kind != "hand":
                fields["hand"].fail("a seat's hand is one segment of tiles; its melds go in 'melds'")
            where.append((fields["hand"], hand.tiles))
    melds: tuple[Group, ...] = ()
    if "melds" in fields:
        written = fields["melds"].tiles(parse)
        groups = written.groups
        for w in meld_misreads(written):  # every segment of melds is a meld: a pair or a gap is warned of
            fields["melds"].warn(w.message, w.position)
        melds = tuple(Group("meld", g.tiles) for g in groups)
        where.append((fields["melds"], tuple(t for g in melds for t in g.tiles)))
    river = None
    rf = fields.get("river") or fields.get("discard")
    if rf is not None:
        river = rf.tiles(parse_river)
        if len(river.tiles) > MAX_RIVER:
            rf.fail(f"{len(river.tiles)} discards; a river holds at most {MAX_RIVER} in one hand",
                    _tile_positions(rf.text())[MAX_RIVER])
        where.append((rf, river.tiles))
    score = read_score(fields["score"]) if "score" in fields else None
    return Seat(wind, hand, backs, melds, river, score)


def _tile_positions(text: str) -> list[int]:
    """Where each tile stands in tile text the grammar read: a digit, or a one-letter tile
    (``x`` a back, ``j`` a joker, ``?`` an any-tile), is one tile.

    >>> _tile_positions("1*2m -r5p x j?")
    [0, 2, 7, 10, 12, 13]
    """
    return [i for i, c in enumerate(text) if (c.isascii() and c.isdigit()) or c in "xXjJ?"]


def _check_copies(dora_fields: list, where: list) -> None:
    """The fifth copy of a tile anywhere on the table (the second of a bonus tile) is an error at
    its field and character. Backs, jokers and any-tiles are no copy of a kind."""
    seen: Counter = Counter()
    for field, tiles in dora_fields + where:
        positions = _tile_positions(field.text())
        for n, t in enumerate(tiles):
            if t.single:
                continue
            seen[t.base_kind] += 1
            at = positions[n] if n < len(positions) else None
            if t.bonus and seen[t.base_kind] == 2:
                field.fail(f"a second {t.code} on the table; a set has one of each bonus tile", at)
            if seen[t.base_kind] == 5:
                field.fail(f"a fifth {t.number}{t.suit} on the table; a set has four", at)


__all__ = ["LIVE_WALL", "MAX_RIVER", "Seat", "TableScene", "read_table"]
