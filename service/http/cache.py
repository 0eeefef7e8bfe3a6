"""In-process cache of encoded images, bounded in bytes, with single-flight misses.

Many requests may ask for the same uncached image at once (a docs page with
one hand in ten places); only the first renders, the others wait for its bytes.

>>> c = ImageCache(max_bytes=64 * 1024)
>>> c.get_or_render("k", lambda: b"abc")
(b'abc', 'miss')
>>> c.get_or_render("k", lambda: b"zzz")
(b'abc', 'hit')
>>> c.bytes   # what the entry takes in memory: its 3 bytes, its key and ENTRY_BYTES
404

The bytes are split so that no kind of traffic can push the docs' own images
out: large images (``large=True``) live in their own eighth of the budget, and
the rest is a segmented LRU, where a new entry waits on probation (a quarter
of the rest) until a second request promotes it, so a flood of one-off URLs
(every ``bg`` colour of one hand, say) only churns probation. A second request
counts even after the entry left probation, within the last few thousand.
"""

from __future__ import annotations

import threading
from typing import Callable, Literal

from cachetools import LRUCache

DEFAULT_MAX_BYTES = 64 * 1024 * 1024
LARGE_SHARE = 8        # large images get 1/8 of the bytes, apart from the rest
PROBATION_SHARE = 4    # new entries: 1/4 of the rest, until a second request promotes them
GHOST_BYTES = 8192     # one remembered key (a hash) of a dropped probation entry per 8 KiB
# What an entry costs beyond its bytes and its key's characters, and what a ghost costs: the
# LRUs' dict and order entries, the str and bytes headers (measured with tracemalloc: a full
# cache holds its bound in memory, not its bound plus ~0.5 KB an image; tests/test_memory_bound.py).
ENTRY_BYTES = 400
GHOST_ENTRY_BYTES = 256
WAIT_SECONDS = 10.0    # the longest a request waits for another's render of the same key

Outcome = Literal["hit", "miss", "shared"]


class RenderTimeout(Exception):
    """A render of the same key by another request took longer than the wait allows."""


class _Flight:
    """One render in progress; waiters block on `done`."""

    __slots__ = ("done", "value", "error")

    def __init__(self):
        self.done = threading.Event()
        self.value: bytes | None = None
        self.error: BaseException | None = None


def cost(key: str, value: bytes) -> int:
    """The memory an entry takes: its bytes, its key and `ENTRY_BYTES`.

    >>> cost("k", b"abc")
    404
    """
    return len(value) + len(key) + ENTRY_BYTES


class _Charged(LRUCache):
    """An LRU bounded in what its entries take in memory (`cost`), not their bytes alone."""

    _key_len = 0

    def __setitem__(self, key, value):
        self._key_len = len(key)  # `getsizeof` sees the value only
        super().__setitem__(key, value)

    def getsizeof(self, value):
        return len(value) + self._key_len + ENTRY_BYTES


class _Protected(_Charged):
    """The protected segment: what it evicts goes back to probation, not away."""

    def __init__(self, maxsize: int, demote: Callable[[str, bytes], None]):
        super().__init__(maxsize=maxsize)
        self._demote = demote

    def popitem(self):
        key, value = super().popitem()
        self._demote(key, value)
        return key, value


class _Probation(_Charged):
    """The probation segment: what it evicts is remembered by key hash alone (a ghost)."""

    def __init__(self, maxsize: int, ghosts: LRUCache):
        super().__init__(maxsize=maxsize)
        self._ghosts = ghosts

    def popitem(self):
        key, value = super().popitem()
        self._ghosts[hash(key)] = True
        return key, value


class SegmentedLRU:
    """A byte-bounded, scan-resistant LRU (SLRU with ghosts). Not thread-safe: callers lock.

    A second request promotes an entry from probation to protected, whether it
    is still on probation or was dropped from it recently (its key's hash is
    kept as a ghost, one per GHOST_BYTES of budget), so images asked for again
    only after many others still get in.

    >>> s = SegmentedLRU(6500)  # 4096 for 16 ghosts; probation holds 601 bytes: one entry of 461
    >>> s.put("a", b"x" * 60); s.put("b", b"y" * 60)   # so 'a' goes
    >>> s.get("a"), len(s.get("b"))                      # the second request promotes 'b'
    (None, 60)
    >>> for n in range(10): s.put(f"junk{n}", b"z" * 50)
    >>> len(s.get("b"))                                  # one-off entries never reach it
    60
    >>> s.put("a", b"x" * 60); "a" in s._protected       # 'a' again: a ghost, promoted
    True
    """

    def __init__(self, max_bytes: int):
        self.max_bytes = max_bytes
        ghosts = max(max_bytes // GHOST_BYTES, 16)
        entries = max(max_bytes - ghosts * GHOST_ENTRY_BYTES, 2)  # the ghosts' memory is in the bound too
        probation = entries // PROBATION_SHARE
        self._ghosts: LRUCache = LRUCache(maxsize=ghosts)
        self._probation = _Probation(max(probation, 1), self._ghosts)
        self._protected = _Protected(max(entries - probation, 1), self._to_probation)

    def _to_probation(self, key: str, value: bytes) -> None:
        if cost(key, value) <= self._probation.maxsize:
            self._probation[key] = value

    def get(self, key: str) -> bytes | None:
        value = self._protected.get(key)
        if value is None:
            value = self._probation.pop(key, None)
            if value is not None:
                self._protected[key] = value  # promoted: asked for twice
        return value

    def put(self, key: str, value: bytes) -> None:
        if key in self._protected:
            return
        if self._ghosts.pop(hash(key), None) and cost(key, value) <= self._protected.maxsize:
            self._protected[key] = value  # seen before, dropped from probation: asked for twice
        else:
            self._to_probation(key, value)

    @property
    def bytes(self) -> int:
        return int(self._probation.currsize + self._protected.currsize)

    def __len__(self) -> int:
        return len(self._probation) + len(self._protected)

    def keys(self) -> list[str]:
        return [*self._probation.keys(), *self._protected.keys()]


class ImageCache:
    """``key -> bytes`` whose total size stays under `max_bytes`; thread- and greenlet-safe.

    `wait` bounds how long a request waits on another's render of the same key
    (`RenderTimeout` after it), so no key can hang its waiters.
    """

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES, wait: float = WAIT_SECONDS):
        self.max_bytes = max_bytes
        self.wait = wait
        large = max_bytes // LARGE_SHARE
        self._large: LRUCache = _Charged(maxsize=max(large, 1))
        self._normal = SegmentedLRU(max_bytes - large)
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}

    @property
    def bytes(self) -> int:
        return self._normal.bytes + int(self._large.currsize)

    def __len__(self) -> int:
        return len(self._normal) + len(self._large)

    def keys(self) -> list[str]:
        """Every cached key (for tests and debugging; it does not count as a request)."""
        with self._lock:
            return [*self._normal.keys(), *self._large.keys()]

    def get(self, key: str) -> bytes | None:
        with self._lock:
            value = self._normal.get(key)
            return value if value is not None else self._large.get(key)

    def _store(self, key: str, value: bytes, large: bool) -> None:
        if large:
            if cost(key, value) <= self._large.maxsize:
                self._large[key] = value
        else:
            self._normal.put(key, value)

    def get_or_render(self, key: str, render: Callable[[], bytes], large: bool = False) -> tuple[bytes, Outcome]:
        """The cached bytes for `key`, rendering them once if absent.

        Returns the bytes and how they were had: ``hit``, ``miss`` (this call
        rendered) or ``shared`` (waited for another request's render).
        A render that raises raises in every waiting request too, and caches
        nothing; whatever happens, waiters are released and the key is freed.
        """
        with self._lock:
            value = self._normal.get(key)
            if value is None:
                value = self._large.get(key)
            if value is not None:
                return value, "hit"
            flight = self._flights.get(key)
            leader = flight is None
            if leader:
                flight = self._flights[key] = _Flight()
        if not leader:
            if not flight.done.wait(self.wait):
                raise RenderTimeout(f"waited {self.wait:g} s for a render of the same image")
            if flight.error is not None:
                raise flight.error
            return flight.value, "shared"
        try:
            value = render()
            if not isinstance(value, bytes):
                raise TypeError(f"render returned {type(value).__name__}, not bytes")
            flight.value = value
        except BaseException as exc:
            flight.error = exc
            raise
        finally:
            try:
                with self._lock:
                    del self._flights[key]
                    if flight.error is None:
                        self._store(key, flight.value, large)
            finally:
                flight.done.set()  # waiters go free even if storing failed
        return value, "miss"


_UNITS = {"": 1, "b": 1, "k": 1000, "kb": 1000, "kib": 1024, "m": 1000**2, "mb": 1000**2,
          "mib": 1024**2, "g": 1000**3, "gb": 1000**3, "gib": 1024**3}


def parse_bytes(value: int | str) -> int:
    """A byte count from config: ``67108864``, ``"64MiB"``, ``"512M"``, ``"1 GiB"``.

    >>> parse_bytes("64MiB"), parse_bytes(1000), parse_bytes("2k")
    (67108864, 1000, 2000)
    """
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    text = str(value).strip().lower().replace(" ", "")
    digits = text.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = text[len(digits):]
    if not digits.isdigit() or unit not in _UNITS:
        raise ValueError(f"cache size must be a byte count like 67108864, 64MiB or 512M, not {value!r}")
    return int(digits) * _UNITS[unit]
