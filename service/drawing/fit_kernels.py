"""Compiled twins of the palette fit's inner loops (`service.drawing.palette`), in C.

`_fit.c` is built with the package (a C compiler and Python's headers; `pip install`
does it). Each function here returns exactly what its numpy twin returns: the arithmetic
is on integers (or the same float64 products), ties go to the lower index, so a palette
is the same to the byte with or without them (tests/test_fit_kernels.py). Where the
extension could not be built `AVAILABLE` is False and the palette keeps its numpy twins.

>>> pts = np.array([[0, 0, 0, 255], [250, 250, 250, 255], [10, 0, 0, 255]], np.int64)
>>> nearest(pts, np.array([[0, 0, 0, 255], [255, 255, 255, 255]], np.int64), NO_GUESS).tolist()
[0, 1, 0]
"""

from __future__ import annotations

import numpy as np

try:
    from . import _fit
except ImportError:  # built without a C compiler: numpy does the work
    _fit = None

AVAILABLE = _fit is not None
NO_GUESS = np.empty(0, np.int64)
_EMPTY_ENTRIES = np.zeros((0, 4), np.uint8)


def _rows(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a, np.int64)


def nearest(points: np.ndarray, centres: np.ndarray, guess: np.ndarray = NO_GUESS) -> np.ndarray:
    """Index of the nearest centre of each point (squared distance; ties to the lower index).
    `guess`: a centre to measure first for each point (its last owner), or empty."""
    points, centres = _rows(points), _rows(centres)
    owner = np.empty(len(points), np.int64)
    _fit.nearest(points, centres, _rows(guess), owner, len(points), len(centres), len(guess) > 0)
    return owner


def spread(points: np.ndarray, counts: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows of `points` that `palette.spread` picks, and each point's nearest pick
    (its place among them; ties to the earlier)."""
    points = _rows(points)
    chosen, owner = np.empty(min(max(k, 0), len(points)), np.int64), np.empty(len(points), np.int64)
    m = _fit.spread(points, _rows(counts), chosen, owner, len(points), k)
    return chosen[:m], owner


def errors(points, counts, centres, owner) -> np.ndarray:
    """Pixels (`counts`) per error, the largest channel difference of each point from its
    centre (`centres[owner]`): a histogram of 256."""
    histogram = np.empty(256, np.int64)
    centres = _rows(centres)
    _fit.errors(_rows(points), _rows(counts), centres, _rows(owner), histogram, len(points), len(centres))
    return histogram


def rounds(points, counts, centres: np.ndarray, owner: np.ndarray, l2: int, l1: int) -> np.ndarray:
    """`palette.rounds` whole: `centres` changed in place; returns each
    point's last owner. `owner`: each point's nearest centre, or empty."""
    work = _rows(centres)
    last = _rows(owner).copy() if len(owner) else np.empty(len(points), np.int64)
    _fit.rounds(_rows(points), _rows(counts), work, last, len(points), len(work), len(owner) > 0, l2, l1)
    if work is not centres:
        centres[...] = work
    return last


def distinct(points: np.ndarray) -> np.ndarray:
    """The distinct rows of `points`, sorted as `palette.distinct` sorts them (packed r, g, b, a)."""
    out = np.empty((len(points), 4), np.int64)
    return out[:_fit.distinct(_rows(points), out, len(points))]


def entries_of(centres: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`indexed._mapped`'s palette of premultiplied `centres`: straight RGBA (uint8) with the
    transparent entry first, then partly transparent ones, then darkest to lightest (the
    order its lexsort gives, stable), and the same entries premultiplied."""
    k = len(centres)
    entries, pm = np.empty((k + 1, 4), np.uint8), np.empty((k + 1, 4), np.int64)
    _fit.entries_of(_rows(centres), entries, pm, k)
    return entries, pm


def mapped(points, counts, seen, entries) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each colour's entry among the entries some colour is nearest to (and entry 0, the
    transparent one, which unseen colours take), which entries those are, and the error
    histogram (pixels per largest channel difference): `indexed._mapped`'s work."""
    entries = _rows(entries)
    owner, used, histogram = np.empty(len(points), np.int64), np.empty(len(entries), np.bool_), np.empty(256, np.int64)
    _fit.mapped(_rows(points), _rows(counts), np.ascontiguousarray(seen, np.bool_), entries, owner, used, histogram,
                len(points), len(entries))
    return owner, used, histogram


def gathered(keys: np.ndarray, channels: np.ndarray, weights: np.ndarray):
    """`indexed._gathered`: the distinct colours of `keys` (uint32; `channels`: the same as
    (n, 4) uint8), in order of their premultiplied channel sums, then of the keys; their
    summed `weights`; them premultiplied; and each key's place among them."""
    n = len(keys)
    colours, counts = np.empty((n, 4), np.uint8), np.empty(n, np.int64)
    points, where = np.empty((n, 4), np.int64), np.empty(n, np.int64)
    m = _fit.gathered(np.ascontiguousarray(keys, np.uint32), np.ascontiguousarray(channels, np.uint8),
                      _rows(weights), colours, counts, points, where, n)
    return colours[:m], counts[:m], points[:m], where


def fitted(points, counts, seen, visible, weight, start, k: int, give_up: float, l2: int, l1: int):
    """`palette.fit` of `visible` (seen `weight` times) from `start[:k]`, then `indexed._mapped` of
    all `points`: (given up, entries, each colour's entry, error histogram) in one call.
    `start` may hold fewer than `k` rows (a spread that ran out of distinct colours)."""
    entries = np.empty((k + 1, 4), np.uint8)
    owner, histogram = np.empty(len(points), np.int64), np.empty(256, np.int64)
    m = _fit.fitted(_rows(points), _rows(counts), np.ascontiguousarray(seen, np.bool_), _rows(visible),
                    _rows(weight), _rows(start), entries, owner, histogram, len(points), len(visible), len(start),
                    k, give_up, l2, l1)
    if m == 0:
        return True, _EMPTY_ENTRIES, NO_GUESS, histogram
    return False, entries[:m], owner, histogram
