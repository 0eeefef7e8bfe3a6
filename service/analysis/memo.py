"""One memory budget for every analysis memo.

Each memo is a plain dict made here with what one entry costs (its key, its value and its dict
slot, measured with tracemalloc: tests/test_memory_bound.py). Before a memo grows, `make_room`
adds up what they all hold and, past `BUDGET_BYTES`, clears the largest until they fit: a client
walking through rare shapes on purpose costs recomputation, never memory past the budget, and
the small memos that every hand uses stay warm. Clearing is always safe: a memo holds nothing
that is not computed again on a miss.

>>> m = memo(100)
>>> m["111m"] = 3
>>> held() >= 100
True
>>> m.clear()
"""

from __future__ import annotations

BUDGET_BYTES = 16 * 2**20  # what the analysis memos hold together, at most (docs/service.md, "Memory")

_MEMOS: list[tuple[dict, int]] = []  # (memo, bytes an entry)


def memo(entry_bytes: int) -> dict:
    """A new memo whose entries are charged ``entry_bytes`` each."""
    found: dict = {}
    _MEMOS.append((found, entry_bytes))
    return found


def held() -> int:
    """What the memos hold together, in bytes as charged."""
    return sum(len(found) * size for found, size in _MEMOS)


CHECK_EVERY = 16  # make_room adds the memos up once in so many calls (it cost an eighth of a cold table)
_calls = [0]


def make_room() -> None:
    """Clear the largest memos until together they hold no more than their budget: call it
    before a memo grows. It adds them up once in `CHECK_EVERY` calls, so they may pass the
    budget by what that many calls add (a few KiB: most calls add one entry or a few)."""
    _calls[0] += 1
    if _calls[0] < CHECK_EVERY:
        return
    _calls[0] = 0
    total = held()
    while total > BUDGET_BYTES:
        largest, size = max(_MEMOS, key=lambda m: len(m[0]) * m[1])
        total -= len(largest) * size
        largest.clear()


def clear() -> None:
    """Forget every memoised entry."""
    for found, _ in _MEMOS:
        found.clear()
