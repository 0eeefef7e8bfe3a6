"""The numbered suits' tables, made ahead of time: where each suit's entry is, and the file.

Every suit of nine kinds holding at most ``LIMIT`` tiles (so every suit of a 14-tile hand
and the tile it draws) has an entry. A suit's entry is found by adding two small lookups,
one for its kinds 1-4 and one for 5-9: the suits are stored by their 5-9 counts, and for
each of those by their 1-4 counts ordered by how many tiles they hold, so the entries a
5-9 part allows come first and no entry is stored for a suit over the limit.

>>> entry((0, 0, 0, 0, 0, 0, 0, 0, 0)), entry((1, 0, 0, 0, 0, 0, 0, 0, 0))
(0, 1)
>>> COUNT == sum(1 for h in itertools.product(range(5), repeat=9) if sum(h) <= LIMIT)
True

The file (``suit_tables.bin``, written by `service.analysis.make_suit_file` and checked
against the search, every suit, by tests/test_suit_file.py) holds, zlib-compressed, the
distinct tables (ten kept-tile counts each) and a table number for every entry.
"""

from __future__ import annotations

import itertools
import sys
import zlib
from array import array
from pathlib import Path

LIMIT = 15  # most tiles of one suit with an entry: a 14-tile hand in one suit, and its draw
MAGIC = b"tiles suit tables 1\n"
FILE_NAME = "suit_tables.bin"


def _in_code_order(kinds: int) -> list[tuple[int, ...]]:
    """Every counts tuple of ``kinds`` kinds, at the index of its base-5 code (first kind lowest)."""
    return [counts[::-1] for counts in itertools.product(range(5), repeat=kinds)]


_LOW, _HIGH = _in_code_order(4), _in_code_order(5)
_LOW_TILES, _HIGH_TILES = list(map(sum, _LOW)), list(map(sum, _HIGH))
# The 1-4 parts ordered by tiles held (then code): a part's place in that order, and how
# many parts hold at most m tiles.
_LOW_ORDER = sorted(range(625), key=lambda code: (_LOW_TILES[code], code))
_LOW_PLACE = [0] * 625
for _place, _code in enumerate(_LOW_ORDER):
    _LOW_PLACE[_code] = _place
_LOW_UP_TO = list(itertools.accumulate(_LOW_TILES.count(m) for m in range(17)))


def _allowed(high_code: int) -> int:
    """How many 1-4 parts a 5-9 part leaves room for."""
    room = LIMIT - _HIGH_TILES[high_code]
    return _LOW_UP_TO[min(room, 16)] if room >= 0 else 0


_HIGH_START = list(itertools.accumulate((_allowed(code) for code in range(3125)), initial=0))
COUNT = _HIGH_START.pop()


def has_entry(h) -> bool:
    """Whether suit ``h`` is in the file: nine kinds, four copies each at most, ``LIMIT`` tiles.

    >>> has_entry((4, 4, 4, 3, 0, 0, 0, 0, 0)), has_entry((5, 0, 0, 0, 0, 0, 0, 0, 0))
    (True, False)
    """
    return len(h) == 9 and sum(h) <= LIMIT and max(h) <= 4


def entry(h) -> int:
    """Where suit ``h`` (one that `has_entry`) is in the file's order.

    >>> entry((1, 1, 1, 0, 0, 0, 0, 0, 0)) < COUNT
    True
    """
    return (_HIGH_START[h[4] + 5 * h[5] + 25 * h[6] + 125 * h[7] + 625 * h[8]]
            + _LOW_PLACE[h[0] + 5 * h[1] + 25 * h[2] + 125 * h[3]])  # fmt: skip


def suits() -> itertools.chain:
    """Every suit with an entry, in the file's order.

    >>> next(iter(suits()))
    (0, 0, 0, 0, 0, 0, 0, 0, 0)
    """
    return itertools.chain.from_iterable(
        ((*_LOW[low], *high) for low in _LOW_ORDER[: _allowed(code)]) for code, high in enumerate(_HIGH)
    )


def pack(tables: list[tuple[int, ...]], numbers: array) -> bytes:
    """The file's bytes: the distinct tables, then each entry's table number."""
    assert len(numbers) == COUNT and numbers.typecode == "H" and len(tables) < 2**16
    flat = bytes(v for table in tables for v in table)
    little = array("H", numbers)
    if sys.byteorder == "big":
        little.byteswap()
    body = len(tables).to_bytes(2, "little") + flat + little.tobytes()
    return MAGIC + zlib.compress(body, 9)


def unpack(data: bytes) -> tuple[list[tuple[int, ...]], array]:
    """The distinct tables and each entry's table number, from the file's bytes.

    >>> tables, numbers = unpack(pack([(0,) * 10], array("H", [0]) * COUNT))
    >>> tables, len(numbers) == COUNT
    ([(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)], True)
    """
    if not data.startswith(MAGIC):
        raise ValueError(f"{FILE_NAME} is not a suit table file of this version")
    body = zlib.decompress(data[len(MAGIC) :])
    count = int.from_bytes(body[:2], "little")
    flat = body[2 : 2 + 10 * count]
    tables = [tuple(flat[i : i + 10]) for i in range(0, len(flat), 10)]
    numbers = array("H")
    numbers.frombytes(body[2 + 10 * count :])
    if sys.byteorder == "big":
        numbers.byteswap()
    if len(tables) != count or len(numbers) != COUNT:
        raise ValueError(f"{FILE_NAME} is cut short or does not match this version's suits")
    return tables, numbers


def read() -> tuple[list[tuple[int, ...]], array]:
    """The tables shipped with the package (`unpack` of ``suit_tables.bin``)."""
    return unpack(Path(__file__).with_name(FILE_NAME).read_bytes())
