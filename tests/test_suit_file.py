"""The suit tables made ahead of time (service/analysis/suit_tables.bin) are the search's, every one.

Acceptance tables were as slow as a brute force on a fresh process (0.32 of it, the goal 1/4):
both spent nine tenths of their time searching the same suit tables. Now a numbered suit of at
most 15 tiles is looked up in a file this checks against the search, every suit of it.
"""

from __future__ import annotations

import random
import zlib
from array import array
from importlib import resources

import pytest

from service.analysis import clear_caches, suit_file, tables
from service.analysis.make_suit_file import built
from service.analysis.shanten import shanten
from service.analysis.tables import TABLES, searched_suit, suit_table


def test_every_suit_has_one_entry_in_order():
    assert [suit_file.entry(h) for h in suit_file.suits()] == list(range(suit_file.COUNT))
    assert all(suit_file.has_entry(h) for h in suit_file.suits())


def test_the_file_is_the_searched_tables_of_every_suit():
    """Fails after any change to the search until ``python -m service.analysis.make_suit_file``."""
    shipped_tables, shipped = suit_file.read()
    searched_tables, searched = built()
    if (shipped_tables, shipped) != (searched_tables, searched):
        wrong = next(h for h in suit_file.suits()
                     if shipped_tables[shipped[suit_file.entry(h)]] != searched_tables[searched[suit_file.entry(h)]])
        pytest.fail(f"suit {wrong}: the file says {shipped_tables[shipped[suit_file.entry(wrong)]]}, the search "
                    f"{searched_tables[searched[suit_file.entry(wrong)]]}: run python -m service.analysis.make_suit_file")
    shipped_bytes = resources.files("service.analysis").joinpath(suit_file.FILE_NAME).read_bytes()
    assert suit_file.pack(searched_tables, searched) == shipped_bytes


def test_a_wrong_entry_is_caught():
    """The check above can fail: one table number changed is a different file."""
    shipped_tables, shipped = suit_file.read()
    changed = array("H", shipped)
    changed[12345] = (changed[12345] + 1) % len(shipped_tables)
    assert suit_file.unpack(suit_file.pack(shipped_tables, changed)) != (shipped_tables, shipped)


@pytest.mark.parametrize("data, message", [
    (b"not ours", "not a suit table file"),
    (suit_file.MAGIC + zlib.compress(b"\x01\x00" + bytes(10) + b"\x00\x00" * 7), "cut short"),
])
def test_a_damaged_file_says_so(data, message):
    with pytest.raises(ValueError, match=message):
        suit_file.unpack(data)


def test_suits_past_the_file_are_searched():
    """Over 15 tiles, more than four of a kind (the reader warns, the analysis still answers) and
    melds holding copies of the suit are searched as before; melds elsewhere are looked up."""
    clear_caches()
    for h in [(4, 4, 4, 4, 0, 0, 0, 0, 0), (5, 1, 1, 0, 0, 0, 0, 0, 0), (2, 2, 2, 2, 2, 2, 2, 2, 0)]:
        assert not suit_file.has_entry(h)
        assert TABLES[suit_table(h, None, True)] == searched_suit(h)
    held = (1, 1, 1, 0, 2, 0, 0, 0, 0)
    assert suit_table(held, (4,) * 9, True) == suit_table(held, None, True)  # caps of four are none
    assert TABLES[suit_table(held, (4, 4, 4, 4, 1, 4, 4, 4, 4), True)][3] == 3  # one 5m left: no 55m pair
    assert TABLES[suit_table(held, None, True)][3] == 5


def test_shanten_is_the_same_looked_up_or_searched(monkeypatch):
    """Random hands: shanten from looked-up suits equals shanten from searched suits."""
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(300):
        counts = [0] * 34
        for k in rng.sample(wall, rng.choice((13, 14))):
            counts[k] += 1
        hands.append(counts)
    looked_up = [shanten(c, 4) for c in hands]
    clear_caches()
    monkeypatch.setattr(tables, "_looked_up", tables._islands)
    assert [shanten(c, 4) for c in hands] == looked_up
    clear_caches()
