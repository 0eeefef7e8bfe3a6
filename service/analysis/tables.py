"""Per-suit shanten tables: the most hand tiles s sets and p pairs can keep.

A table has ten slots, ``[sets * 2 + pair]`` for at most four sets and one pair.
A numbered suit of at most 15 tiles is looked up: its table was searched ahead
of time (`suit_file`). Other tables are searched: suits are cut into islands that
cannot share a set, and honors depend on their sorted counts alone. Tables are
memoised on the suit's counts tuple (plus the caps when melds hold copies), and
since distinct tables are few (a few thousand), each gets a small id: combining,
shifting and maxing ids are dictionary lookups.

>>> run = suit_table([1, 1, 1, 0, 0, 0, 0, 0, 0], None, True)  # 123m
>>> pair = suit_table([2, 0, 0, 0, 0, 0, 0], None, False)  # 11z
>>> TABLES[combine(run, pair)][1 * 2 + 1]  # one set and the pair keep all five
5
"""

from __future__ import annotations

import threading

from . import suit_file
from .memo import make_room, memo

# Kept tiles at [sets * 2 + pair], for at most that many sets and pairs.
Table = tuple[int, ...]
NO_TABLE = (-99,) * 10
EMPTY_TABLE = (0,) * 10
TABLES: list[Table] = [EMPTY_TABLE]
_ids: dict[Table, int] = {EMPTY_TABLE: 0}
_memo: dict[tuple, int] = memo(170)  # counts (or counts, caps; or sorted honor counts) -> id
_island_memo: dict[tuple[int, ...], int] = memo(180)  # island counts with room each side -> id
_combined: dict[tuple[int, int], int] = memo(100)  # (id, id) -> id
_INTERN_LOCK = threading.Lock()


def clear() -> None:
    """Forget every memoised table (for cold-start benchmarks; not while others analyse)."""
    global _file_ids
    with _INTERN_LOCK:
        for memo in (_memo, _island_memo, _combined, _ids, _moves_memo, _rest_memo, _shift_memo, _best_memo):
            memo.clear()
        del TABLES[1:]
        _ids[EMPTY_TABLE] = 0
        _file_ids = []  # the ids are given again; the file's tables stay read


def suit_table(h, caps, runs: bool) -> int:
    """Id of the table of most tiles of ``h`` kept by s sets + p pairs in one suit.

    Only sets that keep a tile are placed; a set keeping none can always go to
    an untouched kind, so each slot holds the best for *at most* s sets, p pairs.

    ``caps``: most copies the target may hold per kind; None for four each.
    Memoised on the counts tuple (plus the caps tuple when given): a table
    needs no divisibility test, and the slice of a count tuple is its own key.

    >>> TABLES[suit_table([1, 1, 1, 0, 0, 0, 0, 0, 0], None, True)]
    (0, 1, 3, 3, 3, 3, 3, 3, 3, 3)
    """
    h = tuple(h)
    if caps is not None and min(caps) == 4:
        caps = None  # melds elsewhere hold no copy of this suit
    memo_key = h if caps is None else (h, tuple(caps))
    found = _memo.get(memo_key)
    if found is None:
        make_room()
        if caps is not None:
            found = _intern(_suit_dp(h, caps, runs))
        elif runs:
            found = _looked_up(h) if suit_file.has_entry(h) else _islands(h)
        else:
            found = _honors(h)
        _memo[memo_key] = found
    return found


_file: tuple[list[Table], object] | None = None  # the file's tables and each suit's table number
_file_ids: list[int] = []  # the id of each of the file's tables (made again after `clear`)


def _looked_up(h: tuple[int, ...]) -> int:
    """Id of a numbered suit's table, read from the tables searched ahead of time.

    >>> TABLES[_looked_up((0, 0, 0, 0, 2, 2, 2, 0, 0))]
    (0, 2, 3, 4, 6, 6, 6, 6, 6, 6)
    """
    global _file, _file_ids
    if _file is None:
        with _INTERN_LOCK:
            if _file is None:
                _file = suit_file.read()
    tables, numbers = _file
    ids = _file_ids
    if not ids:
        ids = [_intern(table) for table in tables]
        _file_ids = ids
    return ids[numbers[suit_file.entry(h)]]


def searched_suit(h) -> Table:
    """The table of a numbered suit (nine counts) found by search, never looked up.

    >>> searched_suit((1, 1, 1, 0, 0, 0, 0, 0, 0))
    (0, 1, 3, 3, 3, 3, 3, 3, 3, 3)
    """
    make_room()
    return TABLES[_islands(tuple(h))]


def _honors(h: tuple[int, ...]) -> int:
    """Honors make no runs, so only how many kinds hold 1, 2, 3 or 4 matters.

    >>> TABLES[_honors((2, 0, 0, 3, 0, 0, 1))]
    (0, 2, 3, 5, 5, 6, 6, 6, 6, 6)
    """
    shape = tuple(sorted(h))
    found = _memo.get(shape)
    if found is None:
        found = 0
        for c in shape:
            if c:
                one = _island_memo.get((c,))
                if one is None:
                    one = _island_memo[(c,)] = _intern(_suit_dp((c,), (4,), False))
                found = combine(found, one)
        _memo[shape] = found
    return found


def _islands(h: tuple[int, ...]) -> int:
    """Combine the tables of tile islands split by two or more empty kinds.

    No set keeps tiles of two islands, and a kind between them only meets
    runs, at most four, so with no fixed melds the islands are independent.
    Islands are small and repeat across hands, so each is memoised on its own,
    keyed by its counts with up to two empty kinds of room each side.
    """
    table = 0
    size, i = len(h), 0
    while i < size:
        if not h[i]:
            i += 1
            continue
        j = i
        while j + 1 < size and (h[j + 1] or (j + 2 < size and h[j + 2])):
            j += 1  # stop at two empty kinds in a row (or the suit's end)
        padded = h[max(i - 2, 0) : j + 3]
        found = _island_memo.get(padded)
        if found is None:
            # An island read backwards (9 to 1) has the same table.
            mirror = padded[::-1]
            found = _island_memo.get(mirror)
            if found is None:
                # Walk with the empty kinds last: every island shares those tails.
                walk = padded if i - max(i - 2, 0) < min(j + 3, size) - j - 1 else mirror
                found = _island_memo[mirror] = _intern(_suit_dp(walk, (4,) * len(walk), True))
            _island_memo[padded] = found
        table = combine(table, found) if table else found
        i = j + 1
    return table


def _intern(table: Table) -> int:
    """Distinct tables are few: each gets a small id, so combining is a lookup.

    Threaded workers share the tables: the lock gives each table one id, and
    the table is in TABLES before its id is published.
    """
    found = _ids.get(table)
    if found is None:
        with _INTERN_LOCK:
            found = _ids.get(table)
            if found is None:
                TABLES.append(table)
                found = _ids[table] = len(TABLES) - 1
    return found


def _suit_dp(h, caps, runs: bool) -> Table:
    """Best kept tiles per (sets, pair) slot for one suit; see `suit_table`.

    Walks the kinds from the left; ``rest(i, a, b)`` is the table of kinds i..
    given ``a`` and ``b`` runs started one and two kinds before. It is memoised
    on the suffix's counts and caps, so islands with the same tail share it.

    >>> _suit_dp([1, 1, 1], [4, 4, 4], True)
    (0, 1, 3, 3, 3, 3, 3, 3, 3, 3)
    """
    size = len(h)
    h = list(h) + [0, 0]
    # A suffix's code: its counts and caps (0..4; the reader warns past four) as
    # base-5 digits after a lead digit (1 honors, 2 suits); times 25, plus
    # a * 5 + b, it keys the memo.
    codes = [25 * (2 if runs else 1)] * (size + 1)
    for i in range(size - 1, -1, -1):
        codes[i] = ((codes[i + 1] * 5 + h[i]) * 5 + caps[i]) * 25
    memo, shifts, get_best, get_moves = _rest_memo, _shift_memo, _best_memo.get, _moves_memo.get
    if 25 not in memo:  # past the last kind: no table unless no run is pending
        memo.update({end + k: -1 if k else 0 for end in (25, 50) for k in range(25)})

    def rest(i: int, a: int, b: int) -> int:
        if i == size:  # the same past the last kind when another thread's make_room cleared the memo
            return -1 if a or b else 0
        found = -1
        after = codes[i + 1] + a  # the next kind sees (r, a)
        here = (h[i], caps[i], a, b, h[i + 1], h[i + 2], runs and i < size - 2)
        moves = get_moves(here)
        for shift, r, gain in _moves(*here) if moves is None else moves:
            sub = memo.get(after + 5 * r)
            if sub is None:
                sub = rest(i + 1, r, a)
            if sub < 0:
                continue
            t = shifts.get((sub, shift, gain))
            if t is None:
                t = _shifted(sub, shift, gain)
            if found < 0 or found == t:
                found = t
            else:
                best = get_best((found, t) if found < t else (t, found))
                found = best if best is not None else _best(found, t)
        memo[codes[i] + 5 * a + b] = found
        return found

    top = memo.get(codes[0])
    return TABLES[rest(0, 0, 0) if top is None else top]


_rest_memo: dict[int, int] = memo(100)  # suffix code * 25 + a * 5 + b -> id (-1: none)
_shift_memo: dict[tuple[int, int, int], int] = memo(110)  # (id, slot shift, gain) -> id
_best_memo: dict[tuple[int, int], int] = memo(100)  # (id, id) -> id of the slot-wise max


def _shifted(x: int, shift: int, gain: int) -> int:
    """Table ``x`` moved up ``shift`` slots with ``gain`` kept tiles added.

    An odd shift places the pair, so only slots without one move.
    """
    key = (x, shift, gain)
    found = _shift_memo.get(key)
    if found is None:
        src = TABLES[x]
        table = list(NO_TABLE)
        for slot in range(shift, 10):
            if not (shift & 1 and (slot - shift) & 1):
                table[slot] = src[slot - shift] + gain
        found = _shift_memo[key] = _intern(_padded(table))
    return found


def _best(x: int, y: int) -> int:
    """Slot-wise max of two tables."""
    key = (x, y) if x < y else (y, x)
    found = _best_memo.get(key)
    if found is None:
        found = _best_memo[key] = _intern(tuple(map(max, TABLES[x], TABLES[y])))
    return found


def _padded(table: list[int]) -> Table:
    """Fewer sets or no pair can always be padded by sets keeping nothing."""
    for i in range(2, 10):
        table[i] = max(table[i], table[i - 2])
    for i in range(1, 10, 2):
        table[i] = max(table[i], table[i - 1])
    return tuple(table)


_moves_memo: dict[tuple, list[tuple[int, int, int]]] = memo(440)


def _moves(here: int, cap: int, a: int, b: int, next1: int, next2: int, runs: bool) -> list:
    """(slot shift, new runs, tiles kept) for each useful choice at one kind.

    The shift is twice the sets started plus one for the pair.

    Only choices where every block keeps a tile no other block covers: an
    optimum never needs more (drop a block that keeps nothing, slots are "at
    most"). With ``c`` copies targeted here, a triplet needs ``c - 3 < here``,
    the pair ``c - 2 < here``, and runs need ``c <= here`` or room at the next
    two kinds, which already carry ``a`` runs and will carry ``r``.
    """
    key = (here, cap, a, b, next1, next2, runs)
    found = _moves_memo.get(key)
    if found is None:
        found = []
        some = (0, 1) if here else (0,)
        for t in some:
            for q in some:
                for r in range(5 if runs else 1):
                    c = a + b + 3 * t + 2 * q + r
                    if c > cap:
                        break
                    if (t and c - 3 >= here) or (q and c - 2 >= here):
                        continue
                    if r and c > here and a + r > next1 and r > next2:
                        continue
                    found.append((2 * (t + r) + q, r, min(c, here)))
        _moves_memo[key] = found
    return found


# For each combined slot, the (i, j) slots of two tables that add up to it.
_SOURCES = tuple(
    tuple((i, k - i) for i in range(k + 1) if i % 2 + (k - i) % 2 == k % 2 and i // 2 + (k - i) // 2 == k // 2)
    for k in range(10)
)  # fmt: skip


def _together(x: Table, y: Table) -> Table:
    """Two suits' tables as one: each slot the best of its `_SOURCES`, written out (a fresh
    hand's tables are mostly new pairs, and this is most of their cost).

    >>> import random
    >>> pairs = [[random.randrange(15) for _ in range(10)] for _ in range(2000)]
    >>> all(_together(a, b) == tuple(max(a[i] + b[j] for i, j in src) for src in _SOURCES)
    ...     for a, b in zip(pairs, pairs[1:]))
    True
    """
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = x
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = y
    return (
        a0 + b0,
        max(a1 + b0, a0 + b1),
        max(a2 + b0, a0 + b2),
        max(a3 + b0, a2 + b1, a1 + b2, a0 + b3),
        max(a4 + b0, a2 + b2, a0 + b4),
        max(a5 + b0, a4 + b1, a3 + b2, a2 + b3, a1 + b4, a0 + b5),
        max(a6 + b0, a4 + b2, a2 + b4, a0 + b6),
        max(a7 + b0, a6 + b1, a5 + b2, a4 + b3, a3 + b4, a2 + b5, a1 + b6, a0 + b7),
        max(a8 + b0, a6 + b2, a4 + b4, a2 + b6, a0 + b8),
        max(a9 + b0, a8 + b1, a7 + b2, a6 + b3, a5 + b4, a4 + b5, a3 + b6, a2 + b7, a1 + b8, a0 + b9),
    )


def combine(x: int, y: int) -> int:
    """The table of two suits together: best split of the sets and the pair."""
    key = (x, y) if x < y else (y, x)
    found = _combined.get(key)
    if found is None:
        found = _combined[key] = _intern(_together(TABLES[x], TABLES[y]))
    return found
