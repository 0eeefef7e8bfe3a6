"""A least-recently-used mapping bounded in bytes whose bound can change: the tile caches.

The face cache and the tile-body cache are process-wide; a server sizes them
once per worker with `tile_art.faces.set_cache_bytes` (``tiles serve --face-cache-bytes``; the
service itself keeps its faces as colour tables in the faces' share, see
service/drawing/indexed.py, so there this face cache stays empty).
Works with ``cachetools.cached``: a value over the bound raises ValueError
and is simply not kept.

>>> c = ByteLRU(10, getsizeof=len)
>>> c["a"], c["b"] = b"12345", b"1234"
>>> _ = c["a"]                  # 'a' is now the most recently used
>>> c["c"] = b"123"             # over 10 bytes: 'b' goes
>>> sorted(c), c.currsize
(['a', 'c'], 8)
>>> c.resize(4); sorted(c)
['c']
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import MutableMapping
from typing import Any, Callable, Hashable


class ByteLRU(MutableMapping):
    """``key -> value`` holding at most `maxsize` bytes as measured by `getsizeof`. Callers lock."""

    def __init__(self, maxsize: int, getsizeof: Callable[[Any], int]):
        self._data: OrderedDict = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        self._getsizeof = getsizeof
        self.maxsize = maxsize
        self.currsize = 0

    def __getitem__(self, key):
        value = self._data[key]
        self._data.move_to_end(key)
        return value

    def __setitem__(self, key, value) -> None:
        size = self._getsizeof(value)
        if size > self.maxsize:
            raise ValueError("value too large")
        if key in self._data:
            del self[key]
        self._data[key] = value
        self._sizes[key] = size
        self.currsize += size
        self._shrink()

    def __delitem__(self, key) -> None:
        del self._data[key]
        self.currsize -= self._sizes.pop(key)

    def __iter__(self):
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key) -> bool:
        return key in self._data

    def get(self, key, default=None):
        return self[key] if key in self._data else default

    def _shrink(self) -> None:
        while self.currsize > self.maxsize:
            key = next(iter(self._data))
            del self[key]

    def resize(self, maxsize: int) -> None:
        """A new bound; the least recently used entries go until the rest fit."""
        self.maxsize = maxsize
        self._shrink()


DEFAULT_BYTES = 32 * 1024 * 1024  # face cache and tile-body cache together, per process
FACE_SHARE = 3 / 4  # of the tile caches' bytes: drawn faces; the rest holds blank tile bodies


def share(total: int = DEFAULT_BYTES) -> tuple[int, int]:
    """(face bytes, body bytes) out of `total`. ``share()`` is the default split."""
    faces = int(total * FACE_SHARE)
    return faces, total - faces
