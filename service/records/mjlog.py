"""Tenhou mjlog XML (``<mjloggm>``): INIT, T/U/V/W draws, D/E/F/G discards, N calls, REACH, DORA, AGARI, RYUUKYOKU.

Tiles are ids 0-135 (kind = id // 4; 16, 52 and 88 are the red fives); a discard is tsumogiri
when its id is the tile just drawn; a call's ``m`` packs its kind, tiles and source seat in bits.

>>> meld(0x7E07, 0)  # a chi: 4p, red 5p (id 52), 6p; the five called from the left (seat 3)
('chi', '0p', ('4p', '0p', '6p'), 3)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from .model import Event, Game, RecordError, Round, Win
from .tiles import mjlog_tile

YAKU = ("menzen tsumo", "riichi", "ippatsu", "chankan", "rinshan kaihou", "haitei", "houtei", "pinfu",
        "tanyao", "iipeikou", "seat wind east", "seat wind south", "seat wind west", "seat wind north",
        "round wind east", "round wind south", "round wind west", "round wind north", "haku", "hatsu",
        "chun", "double riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku doujun", "sanshoku doukou",
        "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu",
        "chinitsu", "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou tanki", "tsuuiisou",
        "ryuuiisou", "chinroutou", "chuuren poutou", "junsei chuuren poutou", "kokushi musou",
        "kokushi musou 13", "daisuushii", "shousuushii", "suukantsu", "dora", "ura dora", "aka dora")
ABORTIVE = {"yao9": "nine terminals", "kaze4": "four winds", "reach4": "four riichi", "ron3": "triple ron",
            "kan4": "four kans"}
DRAW = re.compile(r"([TUVW])(\d+)$")
DISCARD = re.compile(r"([DEFG])(\d+)$")
SKIP = ("SHUFFLE", "UN", "TAIKYOKU", "BYE")


def meld(m: int, who: int, where: str = "") -> tuple:
    """Decode a call's ``m`` bits: ``(kind, called or added tile, tiles, source seat)``.

    >>> meld(0x7E07, 0)[0]
    'chi'
    """
    rel = m & 3
    source = (who + rel) % 4
    if m & 0x4:  # chi: base and called place in bits 10-15, the three copies in bits 3-8
        t, called = divmod(m >> 10, 3)
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        tiles = tuple(mjlog_tile(i, where) for i in ids)
        return "chi", tiles[called], tiles, source
    if m & 0x18:  # pon (0x8) or added kan (0x10): kind and called place in bits 9-15, the fourth copy in 5-6
        t, called = divmod(m >> 9, 3)
        if t > 33:
            raise RecordError(f"meld {m}: no tile kind {t}", where)
        unused = (m >> 5) & 3
        ids = [t * 4 + i for i in range(4) if i != unused]
        tiles = tuple(mjlog_tile(i, where) for i in ids)
        if m & 0x8:
            return "pon", tiles[called], tiles, source
        added = mjlog_tile(t * 4 + unused, where)
        return "kakan", added, (*tiles, added), source
    if m & 0x20:
        raise RecordError("a north tile set aside (nuki): three-player (sanma) games are not supported yet", where)
    hai = m >> 8  # a kan: the called copy's id in bits 8-15
    if hai > 135:
        raise RecordError(f"meld {m}: no tile id {hai}", where)
    base = hai // 4 * 4
    tiles = tuple(mjlog_tile(base + i, where) for i in range(4))
    if rel == 0:
        return "ankan", mjlog_tile(hai, where), tiles, None
    return "daiminkan", mjlog_tile(hai, where), tiles, source


def _ints(node, name: str, where: str, count: int | None = None) -> list:
    value = node.get(name)
    if value is None:
        raise RecordError(f"<{node.tag}> without {name}=", where)
    try:
        out = [int(v) for v in value.split(",")] if value else []
    except ValueError:
        raise RecordError(f"<{node.tag} {name}={value!r}>: numbers split by commas", where) from None
    if count is not None and len(out) != count:
        raise RecordError(f"<{node.tag} {name}=...>: {count} numbers, not {len(out)}", where)
    return out


def _seat(node, name: str, where: str) -> int:
    (value,) = _ints(node, name, where, 1)
    if not 0 <= value <= 3:
        raise RecordError(f"<{node.tag} {name}={value}>: a seat is 0-3", where)
    return value


def _win(node, where: str) -> tuple:
    who, source = _seat(node, "who", where), _seat(node, "fromWho", where)
    fu, points, _limit = (_ints(node, "ten", where) + [0, 0, 0])[:3]
    pairs = _ints(node, "yaku", where) if node.get("yaku") is not None else []
    yaku = [[YAKU[i] if 0 <= i < len(YAKU) else f"yaku {i}", h] for i, h in zip(pairs[::2], pairs[1::2])]
    yakuman = _ints(node, "yakuman", where) if node.get("yakuman") is not None else []
    yaku += [[YAKU[i] if 0 <= i < len(YAKU) else f"yaku {i}", 13] for i in yakuman]
    sc = _ints(node, "sc", where) if node.get("sc") is not None else [0] * 8
    machi = _ints(node, "machi", where, 1)[0] if node.get("machi") is not None else None
    recorded = {"han": sum(h for _, h in yaku), "fu": fu, "points": points, "yaku": yaku}
    if node.get("paoWho") is not None:
        recorded["pao"] = _seat(node, "paoWho", where)  # the seat liable for a yakuman (the pao rule)
    ura = [mjlog_tile(i, where) for i in _ints(node, "doraHaiUra", where)] if node.get("doraHaiUra") else []
    win = Win(who, source, mjlog_tile(machi, where) if machi is not None else None, recorded, ura)
    return win, [d * 100 for d in sc[1::2]]


def read_mjlog(text: str) -> Game:
    """Read an mjlog into a `Game`; `RecordError` names the tag (by its place) of anything wrong."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as err:
        line, col = err.position
        raise RecordError(f"not well-formed XML ({str(err).split(':')[0]})", f"line {line}, column {col + 1}") from None
    if root.tag != "mjloggm":
        raise RecordError(f"<{root.tag}> is not <mjloggm>")
    rounds, names, current = [], ["", "", "", ""], None
    drawn, reach = [None] * 4, set()
    for number, node in enumerate(root, 1):
        tag, where = node.tag, f"tag {number} <{node.tag}>"
        if tag == "GO":
            if (_ints(node, "type", where, 1)[0] if node.get("type") else 0) & 0x10:
                raise RecordError("three-player (sanma) games are not supported yet", where)
            continue
        if tag == "UN" and node.get("n0") is not None:
            from urllib.parse import unquote

            names = [unquote(node.get(f"n{i}", "")) for i in range(4)]
            if not names[3] and len(rounds) == 0 and node.get("n3") is None:
                raise RecordError("three-player (sanma) games are not supported yet", where)
            continue
        if tag in SKIP:
            continue
        if tag == "INIT":
            seed = _ints(node, "seed", where, 6)
            hands = []
            for s in range(4):
                ids = _ints(node, f"hai{s}", where)
                if s == 3 and not ids:
                    raise RecordError("three-player (sanma) games are not supported yet", where)
                if len(ids) != 13:
                    raise RecordError(f"hai{s}: 13 tiles, not {len(ids)}", where)
                hands.append([mjlog_tile(i, where) for i in ids])
            ten = _ints(node, "ten", where, 4)
            current = Round(seed[0] // 4, seed[0] % 4 + 1, seed[1], seed[2], _seat(node, "oya", where),
                            [t * 100 for t in ten], hands, mjlog_tile(seed[5], where))
            rounds.append(current)
            drawn, reach = [None] * 4, set()
            continue
        known = tag in ("N", "REACH", "DORA", "AGARI", "RYUUKYOKU") or DRAW.match(tag) or DISCARD.match(tag)
        if not known:
            raise RecordError("an unknown tag", where)
        if current is None:
            raise RecordError("before any <INIT>", where)
        events = current.events
        if current.result is not None and tag not in ("AGARI", "RYUUKYOKU"):
            if tag in ("DORA",) or DRAW.match(tag) or DISCARD.match(tag) or tag in ("N", "REACH"):
                raise RecordError("after the round ended", where)
        d, x = DRAW.match(tag), DISCARD.match(tag)
        if d:
            seat, tid = "TUVW".index(d.group(1)), int(d.group(2))
            drawn[seat] = tid
            events.append(Event("draw", seat, mjlog_tile(tid, where)))
        elif x:
            seat, tid = "DEFG".index(x.group(1)), int(x.group(2))
            events.append(Event("discard", seat, mjlog_tile(tid, where), tsumogiri=tid == drawn[seat],
                                riichi=seat in reach))
            reach.discard(seat)
            drawn[seat] = None
        elif tag == "N":
            who = _seat(node, "who", where)
            name, tile, tiles, source = meld(_ints(node, "m", where, 1)[0], who, where)
            events.append(Event(name, who, tile, tiles, source=source))
            drawn[who] = None
        elif tag == "REACH":
            if node.get("step", "1") == "1":
                reach.add(_seat(node, "who", where))
        elif tag == "DORA":
            events.append(Event("dora", tile=mjlog_tile(_ints(node, "hai", where, 1)[0], where)))
        elif tag == "AGARI":
            win, deltas = _win(node, where)
            last = events[-1] if events else None
            if last is not None and last.kind == "win":
                last.wins.append(win)
                last.deltas = [a + b for a, b in zip(last.deltas, deltas)]
            else:
                events.append(Event("win", win.seat, wins=[win], deltas=deltas))
        elif tag == "RYUUKYOKU":
            sc = _ints(node, "sc", where) if node.get("sc") is not None else [0] * 8
            deltas, kind = [v * 100 for v in sc[1::2]], node.get("type")
            if kind in ABORTIVE:
                events.append(Event("abortive", reason=ABORTIVE[kind], deltas=deltas))
            elif kind in (None, "nm"):
                events.append(Event("draw_end", reason="nagashi mangan" if kind == "nm" else "exhaustive", deltas=deltas))
            else:
                raise RecordError(f"unknown draw type {kind!r}", where)
        else:
            raise RecordError("an unknown tag", where)
    if not rounds:
        raise RecordError("no <INIT>: not an mjlog game")
    return Game(rounds, names, "mjlog")
