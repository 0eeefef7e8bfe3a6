"""Write ``suit_tables.bin``: every numbered suit's table, searched once, for `tables` to look up.

Run ``python -m service.analysis.make_suit_file`` after a change to the search in `tables`;
tests/test_suit_file.py fails until the file matches it.

>>> tables, numbers = built(limit=2)
>>> tables[numbers[0]], tables[numbers[1]]  # no tiles; one 1m, kept by a pair or a set
((0, 0, 0, 0, 0, 0, 0, 0, 0, 0), (0, 1, 1, 1, 1, 1, 1, 1, 1, 1))
"""

from __future__ import annotations

import sys
from array import array
from itertools import islice
from pathlib import Path

from . import suit_file
from .tables import searched_suit


def built(limit: int | None = None) -> tuple[list[tuple[int, ...]], array]:
    """The distinct tables in order of first use, and each suit's table number (the first
    ``limit`` suits only, for a quick look)."""
    tables: list[tuple[int, ...]] = []
    number_of: dict[tuple[int, ...], int] = {}
    numbers = array("H")
    for h in islice(suit_file.suits(), limit):
        table = searched_suit(h)
        found = number_of.get(table)
        if found is None:
            found = number_of[table] = len(tables)
            tables.append(table)
        numbers.append(found)
    return tables, numbers


def main() -> None:
    path = Path(suit_file.__file__).with_name(suit_file.FILE_NAME)
    data = suit_file.pack(*built())
    path.write_bytes(data)
    print(f"wrote {path} ({len(data)} bytes, {suit_file.COUNT} suits)", file=sys.stderr)


if __name__ == "__main__":
    main()
