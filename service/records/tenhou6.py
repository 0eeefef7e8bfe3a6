"""tenhou.net/6 JSON: one game object, or JSON lines of them, as the exports write.

Each round of ``log`` is ``[[kyoku, honba, sticks], scores, dora, ura, hand, draws, discards (x4),
result]``. Tiles are 11-47 and 51-53 (red fives); 60 in the discards is tsumogiri; a draw
``c…``/``p…``/``m…`` is a call and a discard ``k…``/``a…`` a kan, the letter's place telling the
source seat; ``r…`` declares riichi.

>>> _call("39p3939", 2, "")  # a pon of 9s from across (seat 0)
('pon', '9s', ('9s', '9s', '9s'), 0)
"""

from __future__ import annotations

import json
import re

from .model import Event, Game, RecordError, Round, Win
from .tiles import kind, tenhou6_tile

ABORTIVE = {"九種九牌": "nine terminals", "四風連打": "four winds", "四槓散了": "four kans",
            "四家立直": "four riichi", "三家和了": "triple ron"}
DRAWS = {"流局": "exhaustive", "全員聴牌": "exhaustive", "全員不聴": "exhaustive", "流し満貫": "nagashi mangan"}
CALL_LETTERS = "cpmkar"


def _call(code: str, seat: int, where: str):
    """A call string to ``(kind, called or added tile, tiles, source)``.

    >>> _call("p222222", 1, "")
    ('pon', '2p', ('2p', '2p', '2p'), 0)
    >>> _call("1213c11", 0, "")
    Traceback (most recent call last):
    ...
    service.records.model.RecordError: 'c' is a chi only in first place: '1213c11'
    """
    letters = [(i, c) for i, c in enumerate(code) if not c.isdigit()]
    if len(letters) != 1 or letters[0][1] not in "cpmka":
        raise RecordError(f"{code!r} is not a call (one of c, p, m, k, a and two-digit tiles)", where)
    at, letter = letters[0]
    digits = code[:at] + code[at + 1:]
    if at % 2 or len(digits) % 2:
        raise RecordError(f"{code!r}: the tiles are two digits each", where)
    tiles = tuple(tenhou6_tile(int(digits[i:i + 2]), where) for i in range(0, len(digits), 2))
    place = at // 2
    called = tiles[place] if place < len(tiles) else None
    name, count, places = {"c": ("chi", 3, {0: 3}), "p": ("pon", 3, {0: 3, 1: 2, 2: 1}),
                           "m": ("daiminkan", 4, {0: 3, 1: 2, 3: 1}), "k": ("kakan", 4, {0: 3, 1: 2, 2: 1}),
                           "a": ("ankan", 4, {3: None})}[letter]
    if len(tiles) != count or called is None:
        raise RecordError(f"{code!r}: a {name} has {count} tiles", where)
    if place not in places:
        raise RecordError(f"{letter!r} is a {name} only in {'first' if name == 'chi' else 'another'} place: {code!r}", where)
    if name != "chi" and len({kind(t) for t in tiles}) != 1:
        raise RecordError(f"{code!r}: a {name} is of one kind", where)
    source = None if places[place] is None else (seat + places[place]) % 4
    return name, called, tiles, source


def _recorded(info: list, where: str) -> dict:
    """The log's han, fu, points and yaku of a win's ``[seat, from, pao, "30符1飜1000点", yaku...]``."""
    text = info[3] if len(info) > 3 and isinstance(info[3], str) else ""
    fu = re.search(r"(\d+)符", text)
    pays = re.search(r"(\d+)(?:-(\d+))?点(∀)?$", text)
    if not pays:
        raise RecordError(f"{text!r} is not a tenhou.net/6 score (like 30符1飜1000点)", where)
    first, second, dealer = pays.groups()
    points = int(first) * 3 if dealer else int(first) * 2 + int(second) if second else int(first)
    yaku, han = [], 0
    for y in info[4:]:
        m = re.fullmatch(r"(.+)\((\d+)飜\)|(.+)\(役満\)", str(y))
        if not m:
            raise RecordError(f"{y!r} is not a yaku (like 立直(1飜))", where)
        pair = [m.group(1), int(m.group(2))] if m.group(1) else [m.group(3), 13]
        yaku.append(pair)
        han += pair[1]
    out = {"han": han, "fu": int(fu.group(1)) if fu else None, "points": points, "yaku": yaku}
    if isinstance(info[2], int) and info[2] != info[0] and 0 <= info[2] <= 3:
        out["pao"] = info[2]  # the seat liable for a yakuman (the pao rule)
    return out


def _round(entry, where: str) -> Round:
    if not isinstance(entry, list) or len(entry) not in (14, 17):
        raise RecordError("a round is 17 entries: head, scores, dora, ura, 3 x 4 seats, result", where)
    if len(entry) == 14:
        raise RecordError("three-player (sanma) games are not supported yet", where)
    head, scores, dora = entry[0], entry[1], entry[2]
    if not (isinstance(head, list) and len(head) == 3 and all(isinstance(h, int) for h in head)):
        raise RecordError("the head is [kyoku, honba, sticks]", where)
    if not (isinstance(scores, list) and len(scores) == 4 and isinstance(dora, list) and dora):
        raise RecordError("four scores and at least one dora indicator", where)
    kyoku = head[0]
    hands, draws, discards = [], [], []
    for s in range(4):
        hand, d, x = entry[4 + 3 * s: 7 + 3 * s]
        if not (isinstance(hand, list) and len(hand) == 13 and isinstance(d, list) and isinstance(x, list)):
            raise RecordError(f"seat {s}: a hand of 13 tiles, then draws and discards", where)
        hands.append([tenhou6_tile(t, where) for t in hand])
        draws.append(d)
        discards.append(x)
    indicators = [tenhou6_tile(t, where) for t in dora]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in scores):
        raise RecordError("the scores are four whole numbers", where)
    rnd = Round(kyoku // 4, kyoku % 4 + 1, head[1], head[2], kyoku % 4, list(scores), hands, indicators[0])
    _play(rnd, draws, discards, indicators, where)
    ura = [tenhou6_tile(t, where) for t in entry[3]] if isinstance(entry[3], list) else []
    _result(rnd, entry[16], where, ura)
    return rnd


def _play(rnd: Round, draws, discards, indicators, where):
    """Interleave the seats' draws and discards into events, as the table played them."""
    events, di, dj = rnd.events, [0] * 4, [0] * 4
    drawn, revealed, pending = [None] * 4, [1], [0]
    turn, need_draw = rnd.dealer, True

    def reveal(count):
        for _ in range(count):
            if revealed[0] >= len(indicators):
                raise RecordError("a kan without its dora indicator in the dora list", where)
            events.append(Event("dora", tile=indicators[revealed[0]]))
            revealed[0] += 1

    while True:
        if need_draw:
            if di[turn] >= len(draws[turn]):
                break
            code = draws[turn][di[turn]]
            if isinstance(code, str):
                raise RecordError(f"seat {turn}: a call {code!r} where a draw is", where)
            di[turn] += 1
            drawn[turn] = tenhou6_tile(code, where)
            events.append(Event("draw", turn, drawn[turn]))
        if dj[turn] >= len(discards[turn]):
            break
        code = discards[turn][dj[turn]]
        dj[turn] += 1
        riichi = tsumogiri = False
        if isinstance(code, str) and code[:1] == "r":
            riichi, code = True, code[1:]
            code = int(code) if code.isdigit() else code
        if isinstance(code, str):
            name, tile, tiles, source = _call(code, turn, where)
            if name not in ("kakan", "ankan"):
                raise RecordError(f"seat {turn}: a {name} {code!r} where a discard is", where)
            reveal(pending[0])  # a kan dora still to show comes before the next kan
            events.append(Event(name, turn, tile, tiles, source=source))
            if name == "ankan":
                pending[0] = 0
                reveal(1)
            else:
                pending[0] = 1
            need_draw = True
            continue
        if code == 60:
            if drawn[turn] is None:
                raise RecordError(f"seat {turn}: tsumogiri (60) after a call, with no tile drawn", where)
            tile, tsumogiri = drawn[turn], True
        else:
            tile = tenhou6_tile(code, where)
        events.append(Event("discard", turn, tile, tsumogiri=tsumogiri, riichi=riichi))
        drawn[turn] = None
        reveal(pending[0])
        pending[0] = 0
        caller = None
        for step in (1, 2, 3):
            s = (turn + step) % 4
            nxt = draws[s][di[s]] if di[s] < len(draws[s]) else None
            if isinstance(nxt, str):
                name, called, tiles, source = _call(nxt, s, where)
                if source == turn and kind(called) == kind(tile):
                    if called != tile:
                        raise RecordError(f"seat {s}: the call {nxt!r} names {called}, the discard was {tile}", where)
                    if caller is None or name != "chi":
                        caller = (s, name, called, tiles, source)
        if caller is None:
            turn, need_draw = (turn + 1) % 4, True
            continue
        s, name, called, tiles, source = caller
        di[s] += 1
        events.append(Event(name, s, called, tiles, source=source))
        turn, need_draw = s, name == "daiminkan"
        if name == "daiminkan":
            pending[0] = 1
            if dj[s] < len(discards[s]) and discards[s][dj[s]] == 0:
                dj[s] += 1  # the discards' place of the kan: 0
    for s in range(4):
        if di[s] < len(draws[s]) or dj[s] < len(discards[s]):
            raise RecordError(f"seat {s}: draws or discards left after the round ended "
                              f"(draw {di[s] + 1} of {len(draws[s])}, discard {dj[s] + 1} of {len(discards[s])})", where)


def _result(rnd: Round, result, where: str, ura: list):
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise RecordError("the result is [\"和了\" | \"流局\" | ..., deltas...]", where)
    word, rest = result[0], result[1:]
    # the round's last move: a kan's dora, turned after the discard, is no winning tile
    last = next((e for e in reversed(rnd.events) if e.kind != "dora"), None)
    if word == "和了":
        if len(rest) < 2 or len(rest) % 2:
            raise RecordError("a win is [\"和了\", deltas, [seat, from, pao, points, yaku...], ...]", where)
        wins, deltas = [], [0] * 4
        for d, info in zip(rest[::2], rest[1::2]):
            if not (isinstance(d, list) and len(d) == 4 and all(isinstance(x, int) and not isinstance(x, bool) for x in d)
                    and isinstance(info, list) and len(info) >= 4):
                raise RecordError("a win's deltas are four whole numbers and its info a list", where)
            deltas = [a + b for a, b in zip(deltas, d)]
            seat, source = info[0], info[1]
            if seat not in range(4) or source not in range(4):
                raise RecordError(f"a win's seat and source are 0-3, not {seat!r}, {source!r}", where)
            tile = last.tile if last is not None else None
            wins.append(Win(seat, source, tile, _recorded(info, where), list(ura)))
        rnd.events.append(Event("win", wins[0].seat, wins=wins, deltas=deltas))
    elif word in ABORTIVE:
        if word == "九種九牌" and (last is None or last.kind != "draw"):
            raise RecordError("nine terminals needs a draw", where)
        rnd.events.append(Event("abortive", reason=ABORTIVE[word], deltas=list(rest[0]) if rest else [0] * 4))
    elif word in DRAWS:
        rnd.events.append(Event("draw_end", reason=DRAWS[word], deltas=list(rest[0]) if rest else [0] * 4))
    else:
        raise RecordError(f"unknown result {word!r}", where)


def read_tenhou6(text: str) -> Game:
    """Read a tenhou.net/6 game (or JSON lines of games) into one `Game` of all their rounds."""
    text = text.strip()
    try:
        games = [json.loads(text)]
    except ValueError:
        games = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    games.append(json.loads(line))
                except ValueError as err:
                    raise RecordError(f"not JSON ({err.msg})", f"line {number}") from None
    rounds, names = [], ["", "", "", ""]
    for g, game in enumerate(games, 1):
        if not isinstance(game, dict) or not isinstance(game.get("log"), list):
            raise RecordError("a tenhou.net/6 game is an object with \"log\"", f"game {g}")
        if isinstance(game.get("name"), list):
            if len(game["name"]) == 3:
                raise RecordError("three-player (sanma) games are not supported yet", f"game {g}")
            names = [str(n) for n in game["name"]]
        for entry in game["log"]:
            rounds.append(_round(entry, f"round {len(rounds) + 1}"))
    if not rounds:
        raise RecordError("no rounds in the log")
    return Game(rounds, names, "tenhou6")
