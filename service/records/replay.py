"""A round replayed to any moment: hands, melds, rivers, scores, dora, sticks and the wall.

>>> from service.records.model import Round, Event
>>> r = Round(0, 1, 0, 0, 0, [25000] * 4, [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13], "9p")
>>> r.events = [Event("draw", 0, "5z"), Event("discard", 0, "5z", tsumogiri=True)]
>>> state_of(r, 2, "round 1")["seats"][0]["river"]
[{'tile': '5z', 'tsumogiri': True, 'riichi': False, 'called': False}]
"""

from __future__ import annotations

from .model import CALLS, Game, RecordError, Round
from .tiles import kind, order

LIVE_WALL = 70  # 136 tiles, less 14 in the dead wall and 52 dealt


def _digits(tiles) -> str:
    """Tiles of one suit in notation: ``["1m", "0m"]`` -> ``"10m"``."""
    return "".join(t[0] for t in tiles) + tiles[0][1]


def hand_notation(hand: list) -> str:
    """A hand's tiles in our notation, suit by suit; hidden tiles are ``x``.

    >>> hand_notation(["1m", "2m", "0p", "1z", "?"])
    '12m0p1zx'
    """
    out, run = [], []
    for t in sorted(hand, key=order):
        if t == "?":
            continue
        if run and run[-1][1] != t[1]:
            out.append(_digits(run))
            run = []
        run.append(t)
    if run:
        out.append(_digits(run))
    return "".join(out) + "x" * hand.count("?")


def meld_notation(meld: dict, seat: int) -> str:
    """A meld in our notation: the called tile sideways where its source sits, an added kan's
    tile stacked on it, a concealed kan between two backs.

    >>> meld_notation({"type": "pon", "tiles": ["5p", "5p", "5p"], "called": "5p", "from": 2}, 0)
    '5-55p'
    >>> meld_notation({"type": "ankan", "tiles": ["0s", "5s", "5s", "5s"], "called": None, "from": None}, 1)
    'x05xs'
    """
    tiles, called = list(meld["tiles"]), meld.get("called")
    suit = tiles[0][1]
    if meld["type"] == "ankan":
        return f"x{tiles[0][0]}{tiles[1][0]}x{suit}"
    rest = list(tiles)
    if meld["type"] == "kakan":
        rest.remove(meld["added"])
    rest.remove(called)
    digits = [t[0] for t in rest]
    direction = (meld["from"] - seat) % 4  # 3 left, 2 across, 1 right
    mark = "-" + called[0] + ("=" + meld["added"][0] if meld["type"] == "kakan" else "")
    if meld["type"] == "chi":
        place = 0
    elif meld["type"] == "daiminkan":
        place = {3: 0, 2: 1, 1: 3}[direction]
    else:
        place = {3: 0, 2: 1, 1: 2}[direction]
    digits.insert(place, mark)
    return "".join(digits) + suit


def notation(hand: list, melds: list, seat: int) -> str:
    """A seat's hand and melds as one notation, melds after ``+``.

    >>> notation(["1m", "2m", "3m"], [{"type": "chi", "tiles": ["3s", "4s", "5s"], "called": "4s", "from": 3}], 0)
    '123m+-435s'
    """
    return "+".join([hand_notation(hand)] + [meld_notation(m, seat) for m in melds]).lstrip("+")


def _take(hand: list, tile: str, seat: int, what: str, where: str):
    if tile in hand:
        hand.remove(tile)
    elif "?" in hand:
        hand.remove("?")
    else:
        raise RecordError(f"seat {seat} {what} {tile}, which is not in the hand", where)


def _flags(before: list, win, wall: int) -> list:
    """The situational yaku a win's moment tells: riichi, double riichi, ippatsu, rinshan,
    chankan, haitei, houtei (`before`: the round's events before the win).

    >>> from service.records.model import Event, Win
    >>> _flags([Event("discard", 1, "1m", riichi=True), Event("draw", 2, "3m"), Event("discard", 2, "3m")],
    ...        Win(1, 2, "3m"), 60)
    ['riichi', 'double_riichi', 'ippatsu']
    """
    table = [e for e in before if e.kind != "dora"]
    out = []
    declared = next((n for n, e in enumerate(table) if e.kind == "discard" and e.seat == win.seat and e.riichi), None)
    if declared is not None:
        out.append("riichi")
        earlier = table[:declared]
        if not any(e.kind in CALLS for e in earlier) and not any(e.kind == "discard" and e.seat == win.seat
                                                                  for e in earlier):
            out.append("double_riichi")
        after = table[declared + 1:]
        if not any(e.kind in CALLS for e in after) and not any(e.kind == "discard" and e.seat == win.seat
                                                                for e in after):
            out.append("ippatsu")
    last = table[-1] if table else None
    if win.tsumo:
        if len(table) >= 2 and table[-2].kind in ("ankan", "daiminkan", "kakan") and table[-2].seat == win.seat:
            out.append("rinshan")
        elif wall == 0:
            out.append("haitei")
    elif last is not None and last.kind == "kakan":
        out.append("chankan")
    elif wall == 0:
        out.append("houtei")
    return out


TILES = {f"{d}{s}" for s in "mps" for d in range(10)} | {f"{d}z" for d in range(1, 8)} | {"?"}
MAX_POINTS = 10 ** 7  # more than any score of a game


def _int(value, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _points(values) -> bool:
    return isinstance(values, list) and len(values) == 4 and all(_int(v, -MAX_POINTS, MAX_POINTS) for v in values)


def check_round(rnd: Round, where: str) -> None:
    """Every field of the model in range, whatever reader made it: `RecordError` naming the first that is not.

    >>> check_round(Round(0, 1, 0, 0, 7, [25000] * 4, [["1m"] * 13] * 4, "1m"), "round 1")
    Traceback (most recent call last):
    ...
    service.records.model.RecordError: round 1: the dealer is a seat 0-3, not 7
    """
    for name, value, lo, hi in (("round wind", rnd.wind, 0, 3), ("hand number", rnd.number, 1, 4),
                                ("honba", rnd.honba, 0, 999), ("sticks", rnd.sticks, 0, 999),
                                ("dealer", rnd.dealer, 0, 3)):
        if not _int(value, lo, hi):
            article = "a seat" if name == "dealer" else "a number"
            raise RecordError(f"the {name} is {article} {lo}-{hi}, not {str(value)[:20]!r}"
                              if not isinstance(value, int) else f"the {name} is {article} {lo}-{hi}, not {value}",
                              where)
    if not _points(rnd.scores):
        raise RecordError("the scores are four whole numbers", where)
    if not (isinstance(rnd.hands, list) and len(rnd.hands) == 4 and all(
            isinstance(h, list) and all(t in TILES for t in h) for h in rnd.hands)):
        raise RecordError("four hands of tiles", where)
    if rnd.indicator not in TILES:
        raise RecordError(f"{str(rnd.indicator)[:20]!r} is not a dora indicator", where)
    for i, ev in enumerate(rnd.events, 1):
        at = f"{where}, step {i}"
        if ev.kind in ("draw", "discard", *CALLS) and not _int(ev.seat, 0, 3):
            raise RecordError(f"a {ev.kind} by seat {str(ev.seat)[:20]}: seats are 0-3", at)
        if ev.tile is not None and ev.tile not in TILES or any(t not in TILES for t in ev.tiles):
            raise RecordError(f"a {ev.kind} of a tile that is no tile", at)
        if ev.source is not None and not _int(ev.source, 0, 3):
            raise RecordError(f"a {ev.kind} from seat {str(ev.source)[:20]}: seats are 0-3", at)
        if ev.deltas is not None and not _points(ev.deltas):
            raise RecordError("the score changes are four whole numbers", at)
        for w in ev.wins:
            if not (_int(w.seat, 0, 3) and _int(w.source, 0, 3)):
                raise RecordError("a winner and the seat it won from are seats 0-3", at)
            if w.tile is not None and w.tile not in TILES or not isinstance(w.ura, list) or any(
                    t not in TILES for t in w.ura):
                raise RecordError("a win's tile and ura dora indicators are tiles", at)


def _winning_tile(win, last, where: str) -> str:
    """The tile a win names, or when the record names none, the move it wins on: the winner's draw
    for a tsumo, the source's discard (or added kan tile) for a ron."""
    if win.tile is not None:
        return win.tile
    if last is not None and last.tile is not None and last.seat == win.source and (
            last.kind == "draw" if win.tsumo else last.kind in ("discard", "kakan")):
        return last.tile
    raise RecordError(f"seat {win.seat} wins, but on no tile: the last move is no "
                      + ("draw of its own" if win.tsumo else f"discard of seat {win.source}"), where)


def state_of(rnd: Round, steps: int, where: str) -> dict:
    """The table after the first `steps` events of the round (0: as dealt)."""
    check_round(rnd, where)
    hands = [sorted(h, key=order) for h in rnd.hands]
    melds, rivers = [[], [], [], []], [[], [], [], []]
    scores, sticks, dora, wall = list(rnd.scores), rnd.sticks, [rnd.indicator], LIVE_WALL
    riichi, mark_moves, unpaid, last = [False] * 4, [False] * 4, None, None
    result = None
    for i, ev in enumerate(rnd.events[:steps], 1):
        at = f"{where}, step {i}"
        if unpaid is not None and ev.kind != "win":
            scores[unpaid] -= 1000
            sticks += 1
            unpaid = None
        s = ev.seat
        if ev.kind == "draw":
            wall -= 1
            if wall < 0:
                raise RecordError("a draw from an empty wall", at)
            hands[s].append(ev.tile)
        elif ev.kind == "discard":
            _take(hands[s], ev.tile, s, "discards", at)
            sideways = ev.riichi or mark_moves[s]
            mark_moves[s] = False
            rivers[s].append({"tile": ev.tile, "tsumogiri": ev.tsumogiri, "riichi": sideways, "called": False})
            if ev.riichi:
                if riichi[s]:
                    raise RecordError(f"seat {s} declares riichi twice", at)
                riichi[s], unpaid = True, s
        elif ev.kind in ("chi", "pon", "daiminkan"):
            if last is None or last.kind != "discard" or last.seat != ev.source or kind(last.tile) != kind(ev.tile):
                raise RecordError(f"seat {s} calls {ev.tile} ({ev.kind}), not the last discard", at)
            river = rivers[ev.source][-1]
            river["called"] = True
            if river["riichi"]:
                river["riichi"] = False
                mark_moves[ev.source] = True
            tiles = list(ev.tiles)
            tiles.remove(last.tile if last.tile in tiles else ev.tile)
            for t in tiles:
                _take(hands[s], t, s, f"calls with ({ev.kind})", at)
            melds[s].append({"type": ev.kind, "tiles": sorted([*tiles, last.tile], key=order), "called": last.tile,
                             "from": ev.source})
            if ev.kind == "daiminkan":
                pass
        elif ev.kind == "kakan":
            pon = next((m for m in melds[s] if m["type"] == "pon" and kind(m["called"]) == kind(ev.tile)), None)
            if pon is None:
                raise RecordError(f"seat {s} adds {ev.tile} to a pon it does not have", at)
            _take(hands[s], ev.tile, s, "adds to a kan", at)
            pon.update(type="kakan", tiles=sorted([*pon["tiles"], ev.tile], key=order), added=ev.tile)
        elif ev.kind == "ankan":
            if len({kind(t) for t in ev.tiles}) != 1 or len(ev.tiles) != 4:
                raise RecordError(f"seat {s}: a concealed kan of four same tiles", at)
            for t in ev.tiles:
                _take(hands[s], t, s, "makes a concealed kan with", at)
            melds[s].append({"type": "ankan", "tiles": sorted(ev.tiles, key=order), "called": None, "from": None})
        elif ev.kind == "dora":
            if len(dora) >= 5:
                raise RecordError("a sixth dora indicator", at)
            dora.append(ev.tile)
        elif ev.kind in ("win", "draw_end", "abortive"):
            if ev.deltas is not None:
                scores = [a + b for a, b in zip(scores, ev.deltas)]
            if ev.kind == "win":
                sticks = 0
            result = {"kind": {"draw_end": "draw"}.get(ev.kind, ev.kind), "reason": ev.reason or None,
                      "deltas": ev.deltas}
            if ev.kind == "win":
                result["winners"] = [{"seat": w.seat, "from": w.source, "tile": _winning_tile(w, last, at),
                                      "recorded": w.recorded, "ura": w.ura,
                                      "flags": _flags(rnd.events[:i - 1], w, wall)} for w in ev.wins]
        else:
            raise RecordError(f"unknown event {ev.kind!r}", at)
        if ev.kind in ("draw", "discard", *CALLS):
            last = ev
        if ev.kind in ("draw", *CALLS):
            hands[s].sort(key=order)
    seats = [{"hand": h, "melds": m, "river": r, "score": sc, "riichi": ri, "notation": notation(h, m, i)}
             for i, (h, m, r, sc, ri) in enumerate(zip(hands, melds, rivers, scores, riichi))]
    out = {"round": rnd.name, "wind": "ESWN"[rnd.wind % 4], "dealer": rnd.dealer, "honba": rnd.honba,
           "sticks": sticks, "dora": dora, "wall": wall, "step": steps, "steps": len(rnd.events), "seats": seats}
    if result is not None:
        out["result"] = result
    return out


def moment(game: Game, round_number: int, *, step: int | None = None, seat: int | None = None,
           turn: int | None = None, start: bool = False, result: bool = False) -> dict:
    """The state of round `round_number` (1-based) at one moment: after the `step`-th event, just
    after `seat`'s `turn`-th discard, at the `start`, or at the `result` (the round's end).

    >>> moment(Game([], [], "mjai"), 1, start=True)
    Traceback (most recent call last):
    ...
    service.records.model.RecordError: no round 1: the record has 0 (1-0)
    """
    if not 1 <= round_number <= len(game.rounds):
        raise RecordError(f"no round {round_number}: the record has {len(game.rounds)} (1-{len(game.rounds)})")
    rnd = game.rounds[round_number - 1]
    where = f"round {round_number} ({rnd.name})"
    chosen = sum(x is not None and x is not False for x in (step, start, result)) + (seat is not None or turn is not None)
    if chosen != 1:
        raise RecordError("choose one moment: step, seat and turn, start, or result")
    if start:
        steps = 0
    elif result:
        steps = len(rnd.events)
    elif step is not None:
        if not 0 <= step <= len(rnd.events):
            raise RecordError(f"no step {step}: the round has {len(rnd.events)} (0-{len(rnd.events)})", where)
        steps = step
    else:
        if seat is None or turn is None:
            raise RecordError("a turn needs both seat and turn")
        if not 0 <= seat <= 3:
            raise RecordError(f"no seat {seat}: seats are 0-3")
        count, steps = 0, None
        for i, ev in enumerate(rnd.events, 1):
            if ev.kind == "discard" and ev.seat == seat:
                count += 1
                if count == turn:
                    steps = i
                    break
        if steps is None:
            raise RecordError(f"seat {seat} has no discard {turn}: it discards {count} times", where)
    return state_of(rnd, steps, where)


def check(game: Game) -> None:
    """Replay every round to its end: `RecordError` at the first impossible move."""
    for n, rnd in enumerate(game.rounds, 1):
        state_of(rnd, len(rnd.events), f"round {n} ({rnd.name})")
