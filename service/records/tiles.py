"""Tiles of the three formats to our notation's single tiles.

>>> tenhou6_tile(52), mjlog_tile(88), mjai_tile("E")
('0p', '0s', '1z')
"""

from __future__ import annotations

from .model import RecordError

SUITS = "mpsz"
MJAI_HONORS = "ESWNPFC"
RED_IDS = {16: "0m", 52: "0p", 88: "0s"}


def kind(tile: str) -> str:
    """The tile's kind, a red five as a five: ``kind("0p") == "5p"``.

    >>> kind("0p")
    '5p'
    """
    return "5" + tile[1] if tile[0] == "0" else tile


def tenhou6_tile(code, where: str = "") -> str:
    """``11``-``47`` and ``51``-``53`` (red fives) to a tile.

    >>> tenhou6_tile(47)
    '7z'
    """
    if isinstance(code, int) and not isinstance(code, bool):
        if code in (51, 52, 53):
            return "0" + SUITS[code - 51]
        suit, digit = divmod(code, 10)
        if 1 <= suit <= 3 and 1 <= digit <= 9 or suit == 4 and 1 <= digit <= 7:
            return f"{digit}{SUITS[suit - 1]}"
    raise RecordError(f"{code!r} is not a tenhou.net/6 tile (11-47, 51-53)", where)


def mjlog_tile(tid: int, where: str = "") -> str:
    """A tile id 0-135 to a tile (16, 52 and 88 are the red fives).

    >>> mjlog_tile(0), mjlog_tile(135)
    ('1m', '7z')
    """
    if not 0 <= tid <= 135:
        raise RecordError(f"{tid} is not a tile id (0-135)", where)
    if tid in RED_IDS:
        return RED_IDS[tid]
    k = tid // 4
    return f"{k % 9 + 1}{SUITS[k // 9]}"


def mjai_tile(name, where: str = "") -> str:
    """An mjai tile (``5mr`` red, ``E``...``C`` honors, ``?`` hidden) to a tile.

    >>> mjai_tile("5sr"), mjai_tile("P"), mjai_tile("?")
    ('0s', '5z', '?')
    """
    if name == "?":
        return "?"
    if isinstance(name, str):
        if name in MJAI_HONORS and len(name) == 1:
            return f"{MJAI_HONORS.index(name) + 1}z"
        if len(name) == 3 and name[0] == "5" and name[1] in "mps" and name[2] == "r":
            return "0" + name[1]
        if len(name) == 2 and name[0] in "123456789" and name[1] in "mps":
            return name
    raise RecordError(f"{name!r} is not an mjai tile", where)


def _order(tile: str) -> tuple:
    if tile == "?":
        return (9, 0, 0)
    d = int(tile[0])
    return (SUITS.index(tile[1]), 5 if d == 0 else d, 0 if d == 0 else 1)


_ORDER = {t: _order(t) for t in ["?"] + [f"{d}{s}" for s in "mps" for d in range(10)] + [f"{d}z" for d in range(1, 8)]}


def order(tile: str) -> tuple:
    """A sort key: suits m p s z, a red five beside the fives (looked up: a replay sorts hands often).

    >>> sorted(["1z", "0m", "5m", "4m"], key=order)
    ['4m', '0m', '5m', '1z']
    """
    key = _ORDER.get(tile)
    return key if key is not None else _order(tile)
