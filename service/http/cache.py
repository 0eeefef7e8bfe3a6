"""In-process cache of encoded images, bounded in bytes, with single-flight misses.

Many threads may ask for the same uncached image at once (a docs page with
one hand in ten places); only the first renders, the others wait for its bytes.

>>> c = ImageCache(max_bytes=10)
>>> c.get_or_render("k", lambda: b"abc")
(b'abc', 'miss')
>>> c.get_or_render("k", lambda: b"zzz")
(b'abc', 'hit')
>>> c.bytes
3
"""

from __future__ import annotations

import threading
from typing import Callable, Literal

from cachetools import LRUCache

DEFAULT_MAX_BYTES = 64 * 1024 * 1024

Outcome = Literal["hit", "miss", "shared"]


class _Flight:
    """One render in progress; waiters block on `done`."""

    __slots__ = ("done", "value", "error")

    def __init__(self):
        self.done = threading.Event()
        self.value: bytes | None = None
        self.error: BaseException | None = None


class ImageCache:
    """LRU of ``key -> bytes`` whose total size stays under `max_bytes`."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = max_bytes
        self._lru: LRUCache = LRUCache(maxsize=max(max_bytes, 1), getsizeof=len)
        self._lock = threading.Lock()
        self._flights: dict[str, _Flight] = {}

    @property
    def bytes(self) -> int:
        return int(self._lru.currsize)

    def __len__(self) -> int:
        return len(self._lru)

    def get(self, key: str) -> bytes | None:
        with self._lock:
            return self._lru.get(key)

    def get_or_render(self, key: str, render: Callable[[], bytes]) -> tuple[bytes, Outcome]:
        """The cached bytes for `key`, rendering them once if absent.

        Returns the bytes and how they were had: ``hit``, ``miss`` (this call
        rendered) or ``shared`` (waited for another thread's render).
        A render that raises raises in every waiting thread too, and caches nothing.
        """
        with self._lock:
            value = self._lru.get(key)
            if value is not None:
                return value, "hit"
            flight = self._flights.get(key)
            leader = flight is None
            if leader:
                flight = self._flights[key] = _Flight()
        if not leader:
            flight.done.wait()
            if flight.error is not None:
                raise flight.error
            return flight.value, "shared"
        try:
            flight.value = render()
        except BaseException as exc:
            flight.error = exc
            raise
        finally:
            with self._lock:
                if flight.error is None and len(flight.value) <= self.max_bytes:
                    self._lru[key] = flight.value
                del self._flights[key]
            flight.done.set()
        return flight.value, "miss"


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
