"""mjai JSON lines: ``start_kyoku``, ``tsumo``, ``dahai``, calls, ``dora``, ``reach``, ``hora``, ``ryukyoku``.

>>> read_mjai('{"type":"start_game","names":["a","b","c","d"]}')
Traceback (most recent call last):
...
service.records.model.RecordError: no start_kyoku: not an mjai game
"""

from __future__ import annotations

import json

from .model import Event, Game, RecordError, Round, Win
from .tiles import mjai_tile

SKIP = ("start_game", "end_kyoku", "end_game", "reach_accepted", "none")
ABORTIVE = {"kyushukyuhai": "nine terminals", "sufonrenta": "four winds", "suukaikan": "four kans",
            "suuchariichi": "four riichi", "sanchaho": "triple ron"}


def _seat(value, where):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RecordError(f"{value!r} is not a seat (0-3)", where)
    return value


def _tiles(values, count, where):
    if not isinstance(values, list) or count is not None and len(values) != count:
        raise RecordError(f"expected a list of {count} tiles" if count else "expected a list of tiles", where)
    return tuple(mjai_tile(v, where) for v in values)


def read_mjai(text: str) -> Game:
    """Read mjai JSON lines into a `Game`; `RecordError` names the line of anything wrong.

    >>> read_mjai('{"type":"dahai","actor":0,"pai":"1m"}')
    Traceback (most recent call last):
    ...
    service.records.model.RecordError: line 1: 'dahai' before any start_kyoku
    """
    rounds, names, current, reach = [], ["", "", "", ""], None, set()
    for number, line in enumerate(text.splitlines(), 1):
        where = f"line {number}"
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except ValueError as err:
            raise RecordError(f"not JSON ({err.msg})", where) from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise RecordError("an mjai event is an object with a \"type\"", where)
        kind = ev["type"]
        try:
            if kind == "start_game":
                names = [str(n) for n in ev.get("names", names)]
                if len(names) == 3:
                    raise RecordError("three-player (sanma) games are not supported yet", where)
                continue
            if kind in SKIP:
                continue
            if kind == "start_kyoku":
                tehais = ev["tehais"]
                if not isinstance(tehais, list) or len(tehais) != 4:
                    raise RecordError("three-player (sanma) games are not supported yet"
                                      if isinstance(tehais, list) and len(tehais) == 3 else "tehais: four hands", where)
                wind = "ESWN".index(ev["bakaze"]) if ev["bakaze"] in ("E", "S", "W", "N") else None
                if wind is None:
                    raise RecordError(f"bakaze {ev['bakaze']!r} is not E, S, W or N", where)
                if not (isinstance(ev["scores"], list) and len(ev["scores"]) == 4):
                    raise RecordError("scores: four numbers", where)
                kyoku = ev["kyoku"]
                if kyoku not in (1, 2, 3, 4):
                    raise RecordError(f"kyoku {kyoku!r} is not 1-4", where)
                current = Round(wind, kyoku, ev.get("honba", 0), ev.get("kyotaku", 0),
                                _seat(ev["oya"], where), list(ev["scores"]),
                                [list(_tiles(h, 13, where)) for h in tehais], mjai_tile(ev["dora_marker"], where))
                rounds.append(current)
                reach = set()
                continue
            if current is None:
                raise RecordError(f"{kind!r} before any start_kyoku", where)
            events = current.events
            if current.result is not None and kind not in ("hora",):
                raise RecordError(f"{kind!r} after the round ended", where)
            if kind == "tsumo":
                events.append(Event("draw", _seat(ev["actor"], where), mjai_tile(ev["pai"], where)))
            elif kind == "dahai":
                actor, tile = _seat(ev["actor"], where), mjai_tile(ev["pai"], where)
                last = events[-1] if events else None
                drew = last is not None and last.kind == "draw" and last.seat == actor and last.tile == tile
                events.append(Event("discard", actor, tile, riichi=actor in reach,
                                    tsumogiri=bool(ev["tsumogiri"]) if "tsumogiri" in ev else drew))
                reach.discard(actor)
            elif kind == "reach":
                reach.add(_seat(ev["actor"], where))
            elif kind in ("chi", "pon", "daiminkan"):
                called = mjai_tile(ev["pai"], where)
                consumed = _tiles(ev["consumed"], {"chi": 2, "pon": 2, "daiminkan": 3}[kind], where)
                events.append(Event(kind, _seat(ev["actor"], where), called, (called, *consumed),
                                    source=_seat(ev["target"], where)))
            elif kind == "kakan":
                added = mjai_tile(ev["pai"], where)
                events.append(Event("kakan", _seat(ev["actor"], where), added,
                                    (*_tiles(ev["consumed"], 3, where), added)))
            elif kind == "ankan":
                tiles = _tiles(ev["consumed"], 4, where)
                events.append(Event("ankan", _seat(ev["actor"], where), tiles[0], tiles))
            elif kind == "dora":
                events.append(Event("dora", tile=mjai_tile(ev["dora_marker"], where)))
            elif kind == "hora":
                actor, target = _seat(ev["actor"], where), _seat(ev["target"], where)
                recorded = {"han": ev.get("fan"), "fu": ev.get("fu"), "points": ev.get("hora_points"),
                            "yaku": [list(y) for y in ev.get("yakus", [])]}
                ura = [mjai_tile(t, where) for t in ev.get("uradora_markers") or []]
                win = Win(actor, target, mjai_tile(ev["pai"], where) if "pai" in ev else None, recorded, ura)
                last = events[-1] if events else None
                if last is not None and last.kind == "win":
                    last.wins.append(win)
                    if ev.get("deltas"):
                        last.deltas = [a + b for a, b in zip(last.deltas or [0] * 4, ev["deltas"])]
                else:
                    events.append(Event("win", actor, wins=[win], deltas=list(ev.get("deltas") or [0] * 4)))
            elif kind == "ryukyoku":
                reason = ev.get("reason", "fanpai")
                deltas = list(ev.get("deltas") or [0] * 4)
                if reason in ABORTIVE:
                    events.append(Event("abortive", reason=ABORTIVE[reason], deltas=deltas))
                else:
                    tenpai = ev.get("tenpais")
                    events.append(Event("draw_end", reason="nagashi mangan" if reason == "nagashimangan" else "exhaustive",
                                        deltas=deltas, tenpai=list(tenpai) if tenpai else None))
            else:
                raise RecordError(f"unknown mjai event {kind!r}", where)
        except KeyError as err:
            raise RecordError(f"{kind!r} without {err.args[0]!r}", where) from None
        except (TypeError, ValueError) as err:
            if isinstance(err, RecordError):
                raise
            raise RecordError(f"{kind!r}: a field of the wrong type", where) from None
    if not rounds:
        raise RecordError("no start_kyoku: not an mjai game")
    return Game(rounds, names, "mjai")
