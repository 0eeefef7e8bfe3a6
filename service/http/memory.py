"""Memory a worker can state and hold: malloc settings and resident size.

A render builds RGBA canvases of up to 3.2 MB and frees them. glibc serves such
blocks from mmap at first, but raises its mmap threshold after each free, so
later canvases come from the heap and the freed space stays in the process.
Fixing the threshold sends every large block back to the kernel when freed; and
a worker `trim`s its heap every `TRIM_EVERY` seconds while it serves.

>>> rss_bytes() > 0
True
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os

MMAP_THRESHOLD = 256 * 1024  # blocks this big or bigger come from mmap and go back on free
TRIM_THRESHOLD = 4 * 1024 * 1024  # free heap top above this goes back to the kernel at once
ARENA_MAX = 2  # gevent workers run one thread; a second arena covers helper threads
TRIM_EVERY = 10.0  # seconds between a serving worker's trims

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8


def _libc():
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        return libc if hasattr(libc, "mallopt") else None
    except OSError:
        return None


_LIBC = _libc()


def tune_malloc() -> bool:
    """Fix glibc's mmap and trim thresholds and cap its arenas; False where there is no glibc."""
    if _LIBC is None:
        return False
    ok = _LIBC.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    ok &= _LIBC.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    ok &= _LIBC.mallopt(_M_ARENA_MAX, ARENA_MAX)
    return bool(ok)


def trim() -> bool:
    """Give the kernel back the free pages inside the heap, not only at its top (glibc's
    ``malloc_trim``): cached images evicted from the middle of the heap leave holes that
    the trim threshold never reaches. A few ms; False where there is no glibc."""
    return _LIBC is not None and hasattr(_LIBC, "malloc_trim") and bool(_LIBC.malloc_trim(0))


def rss_bytes(pid: int | None = None) -> int:
    """Resident set size of a process (this one by default) from /proc; 0 where unknown."""
    try:
        with open(f"/proc/{pid or os.getpid()}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
