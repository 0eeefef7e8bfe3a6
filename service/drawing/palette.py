"""Palette maths: fit at most 255 colours to weighted RGBA colours, and judge the result.

Colours are compared premultiplied (so an error is the same over any background);
an error is the largest channel difference. `fit` is a weighted k-means started
from a farthest-point spread. All distance arithmetic is on small integers held
exactly in float32/float64, so every machine and process picks the same palette.

>>> pts = premultiply(np.array([[200, 30, 40, 255], [0, 0, 0, 0]], np.uint8))
>>> fit(pts, np.array([10, 5])).tolist()
[[0, 0, 0, 0], [200, 30, 40, 255]]
>>> errors_allow(np.bincount([0] * 98 + [2] * 2), (0.5, 8))
True
"""

from __future__ import annotations

import os

import numpy as np
from threadpoolctl import threadpool_limits

# The products here are tiny (n x 4 by 4 x 256): BLAS threads only add wake-ups and,
# in a server, spin on CPUs other requests need. One thread made a fit 2.5x faster.
threadpool_limits(1, user_api="blas")
_KERNELS = None  # `service.drawing.fit_kernels` while `use_compiled` is on


def compiled_fit_setting(value) -> bool | None:
    """What a ``TILES_COMPILED_FIT`` value says: True (on), False (off) or None (unset or unclear).

    >>> [compiled_fit_setting(v) for v in ("1", "off", 0, None, "")]
    [True, False, False, None, None]
    """
    word = str(value).strip().lower() if value is not None else ""
    return True if word in ("1", "true", "yes", "on") else False if word in ("0", "false", "no", "off") else None


def use_compiled(on: bool = True) -> bool:
    """Run the fit's inner loops compiled (C: `service.drawing.fit_kernels`) from now on,
    or (``on=False``) on numpy; returns whether they are compiled now.

    The palettes are the same to the byte either way; a new hand's first render takes
    about a third to a half of the time compiled (`bench render`). On by default where
    the extension was built, unless ``TILES_COMPILED_FIT=0`` is in the environment.

    >>> use_compiled(False)
    False
    """
    global _KERNELS
    if not on:
        _KERNELS = None
        return False
    if _KERNELS is None:
        from . import fit_kernels

        if not fit_kernels.AVAILABLE:  # built without a C compiler
            return False
        _KERNELS = fit_kernels
    return True


def compiled():
    """`fit_kernels` when `use_compiled` is on, else None."""
    return _KERNELS

ENTRIES = 256          # a PNG palette holds at most 256 colours
QUALITY_BOUND = (0.5, 8)  # (mean, 99th percentile) premultiplied max-channel error, issue 12
# Two k-means rounds on squared error, then one leaning toward the mean absolute error the
# bound measures. A second of those made the same bytes (within 0.4% over the 18 sample
# hands and 60 random ones, light and dark, 1x-3x) at the same fits a hand, for a third
# more time; one round on squared error put issue 12's hand at 6,010 B, over its 6,000.
L2_ROUNDS = 2
L1_ROUNDS = 1
# A fit whose starting centres leave a mean error above this (over the faces' visible
# pixels) is given up: over 156 pictures at each of 1x-3x (the bench's sample hands and
# random 14-tile hands, light and dark), none that ended within the bound had started
# above 0.6, and half of those that did not had.
GIVE_UP = 0.75
RGBA = tuple[int, int, int, int]


def premultiply(rgba: np.ndarray) -> np.ndarray:
    """(n, 4) straight RGBA uint8 to premultiplied int64, rounded.

    >>> premultiply(np.array([[255, 128, 0, 128]], np.uint8)).tolist()
    [[128, 64, 0, 128]]
    """
    px = rgba.astype(np.int64)
    a = px[:, 3:4]
    return np.concatenate([(px[:, :3] * a + 127) // 255, a], axis=1)


def unpremultiply(pm: np.ndarray) -> np.ndarray:
    """(n, 4) premultiplied ints to straight RGBA uint8 (colour 0 where alpha is 0).

    >>> unpremultiply(np.array([[128, 64, 0, 128]])).tolist()
    [[255, 128, 0, 128]]
    """
    a = pm[:, 3:4]
    rgb = np.where(a > 0, (pm[:, :3] * 255 + a // 2) // np.maximum(a, 1), 0)
    return np.concatenate([np.clip(rgb, 0, 255), a], axis=1).astype(np.uint8)


def nearest(points: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Index of the nearest centre (squared distance; ties to the lower index).

    Compiled after `use_compiled` (`fit_kernels.nearest`); this is its numpy twin.

    One product of [p, 1] by [-2c, |c|^2] gives |c|^2 - 2 p.c (|p|^2 is the same for
    every centre). With channels <= 255 every term and partial sum is an integer below
    2**24, so the float32 product is exact whatever BLAS does, and so is the answer.
    """
    if _KERNELS is not None:
        return _KERNELS.nearest(points, centres, _KERNELS.NO_GUESS)
    p = np.empty((len(points), 5), np.float32)
    p[:, :4] = points
    p[:, 4] = 1
    c = centres.astype(np.float32)
    a = np.empty((5, len(c)), np.float32)
    a[:4] = -2 * c.T
    a[4] = (c * c).sum(axis=1)
    return (p @ a).argmin(axis=1)


def spread(points: np.ndarray, counts: np.ndarray, k: int, owners: bool = False):
    """k starting centres: the commonest colour, then again and again the colour with the
    most count x distance to the centres so far (rare but far colours get a say).
    `owners`: also each point's nearest centre, as `nearest` finds it (the compiled
    spread finds it on the way, ties to the earlier centre as there).

    Distances in float32 are exact (integers below 2**24); the scores are float64.
    Compiled after `use_compiled` (`fit_kernels.spread`); this is its numpy twin.

    >>> pts = np.array([[0, 0, 0, 255], [9, 9, 9, 255], [200, 0, 0, 255]])
    >>> centres, owner = spread(pts, np.array([5, 1, 1]), 2, owners=True)
    >>> centres.tolist(), owner.tolist()
    ([[0, 0, 0, 255], [200, 0, 0, 255]], [0, 0, 1])
    """
    if _KERNELS is not None:
        chosen, owner = _KERNELS.spread(points, counts, k)
        centres = points[chosen].astype(np.int64)
        return (centres, owner) if owners else centres
    pts = points.astype(np.float32)
    a = np.empty((len(pts), 6), np.float32)  # [-2p, |p|^2, 1] . [c, 1, |c|^2] = |p - c|^2 in one product
    a[:, :4] = -2 * pts
    a[:, 4] = (pts * pts).sum(axis=1)
    a[:, 5] = 1
    c = np.ones(6, np.float32)
    w2 = counts.astype(np.float64) ** 2  # argmax of count^2 * d^2 = argmax of count * d
    first = int(np.argmax(counts))
    chosen = [first]
    c[:4], c[5] = pts[first], a[first, 4]
    d2 = a @ c
    step, score = np.empty_like(d2), np.empty_like(w2)
    for _ in range(k - 1):
        i = int(np.multiply(w2, d2, out=score).argmax())
        if d2[i] <= 0:
            break  # every colour is a centre already
        chosen.append(i)
        c[:4], c[5] = pts[i], a[i, 4]
        np.matmul(a, c, out=step)
        np.minimum(d2, step, out=d2)
    centres = points[chosen].astype(np.int64)
    return (centres, nearest(points, centres)) if owners else centres


def errors(points: np.ndarray, counts: np.ndarray, centres: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """Pixels per error (a histogram of 256): each point's largest channel difference from
    its centre (`centres[owner]`), counted `counts` times.

    Compiled after `use_compiled` (`fit_kernels.errors`); this is its numpy twin.

    >>> errors(np.array([[0, 0, 0, 255], [3, 0, 0, 255]]), np.array([2, 5]),
    ...        np.array([[0, 0, 0, 255]]), np.array([0, 0]))[:4].tolist()
    [2, 0, 0, 5]
    """
    if _KERNELS is not None:
        return _KERNELS.errors(points, counts, centres, owner)
    error = np.abs(points - centres[owner]).max(axis=1)
    return np.rint(np.bincount(error, counts.astype(np.float64), minlength=256)).astype(np.int64)


def _sum_by(owner: np.ndarray, values: np.ndarray, k: int) -> np.ndarray:
    """Integer sums per owner (bincount adds in float64: exact below 2**53)."""
    return np.rint(np.bincount(owner, values.astype(np.float64), minlength=k)).astype(np.int64)


def pack(points: np.ndarray) -> np.ndarray:
    """Premultiplied colours (n, 4) as one uint32 each, ordered as the rows are (r, g, b, a).

    >>> pack(np.array([[1, 2, 3, 4]])).tolist() == [0x01020304]
    True
    """
    p = points.astype(np.uint32)
    return (p[:, 0] << 24) | (p[:, 1] << 16) | (p[:, 2] << 8) | p[:, 3]


def distinct(points: np.ndarray) -> np.ndarray:
    """The distinct rows of premultiplied `points`, sorted (np.unique(axis=0), ~20x faster)."""
    keys = np.unique(pack(points))
    return np.stack([(keys >> s) & 255 for s in (24, 16, 8, 0)], axis=1).astype(np.int64)


def rounds(points: np.ndarray, counts: np.ndarray, centres: np.ndarray, owner: np.ndarray | None = None,
           l2: int = L2_ROUNDS, l1: int = L1_ROUNDS) -> np.ndarray:
    """`centres` (int64, changed in place and returned) after `l2` k-means rounds on squared
    error and `l1` weighting each point by count / distance; a centre nearest to no point
    stays where it was. `owner`: each point's nearest centre, if known already.

    The sums of a round are one bincount (float64: exact below 2**53).
    """
    if _KERNELS is not None:
        _KERNELS.rounds(points, counts, centres, _KERNELS.NO_GUESS if owner is None else owner, l2, l1)
        return centres
    k = len(centres)
    for round_ in range(l2 + l1):
        if round_ or owner is None:
            owner = nearest(points, centres)
        if round_ < l2:
            weight = counts
        else:  # count / distance, in integers: 64 * count // ceil(distance)
            dist = np.sqrt(((points - centres[owner]) ** 2).sum(axis=1))
            weight = 64 * counts // np.maximum(1, np.ceil(dist).astype(np.int64))
        sums = np.bincount((owner[:, None] * 5 + _CHANNELS).ravel(),
                           np.concatenate([points * weight[:, None], weight[:, None]], axis=1).ravel()
                           .astype(np.float64), minlength=5 * k)
        sums = np.rint(sums).astype(np.int64).reshape(k, 5)
        total = sums[:, 4]
        used = total > 0
        centres[used] = (2 * sums[used, :4] + total[used, None]) // (2 * total[used, None])  # rounded mean
    return centres


_CHANNELS = np.arange(5)


def fit(points: np.ndarray, counts: np.ndarray, k: int = ENTRIES - 1,
        give_up: float | None = None, start: np.ndarray | None = None) -> np.ndarray | None:
    """At most `k` premultiplied centres (int64, sorted, distinct) for `points` seen `counts`
    times each (one may end up nearest to no point: drop it after mapping). Returns the
    points themselves when there are no more than `k`.

    `give_up`: None when the mean error of the starting centres is above it (the rounds
    would not bring it within a bound below it; see `GIVE_UP`), saving the rounds.
    `start`: the centres to start from (its first k), else `spread(points, counts, k)`.
    """
    if len(points) <= k:
        return distinct(points)
    centres = (spread(points, counts, k) if start is None else start)[:k].astype(np.int64)
    owner = None
    if give_up is not None:
        owner = nearest(points, centres)
        error = np.abs(points - centres[owner]).max(axis=1)
        if int((error * counts).sum()) > give_up * int(counts.sum()):
            return None
    return distinct(rounds(points, counts, centres, owner))


def over(entries: np.ndarray, background: RGBA | None) -> tuple[bytes, bytes | None]:
    """(PLTE bytes, tRNS bytes or None) of straight RGBA `entries` (n, 4) laid over `background`.

    None means a transparent background: entries keep their own alpha. An opaque
    background composites every entry over it (the sum `alpha_composite` does), so
    a transparent entry becomes the background itself and no tRNS is needed.

    >>> over(np.array([[0, 0, 0, 0], [255, 0, 0, 128]], np.uint8), (255, 255, 255, 255))
    (b'\\xff\\xff\\xff\\xff\\x7f\\x7f', None)
    """
    e = entries.astype(np.int64)
    if background is not None:
        bg = np.array(background, np.int64)
        a, ba = e[:, 3:4], bg[3]
        out_a = a * 255 + ba * (255 - a)  # alpha, scaled by 255
        rgb = (e[:, :3] * a * 255 + bg[:3] * ba * (255 - a) + out_a // 2) // np.maximum(out_a, 1)
        e = np.concatenate([rgb, (out_a + 127) // 255], axis=1)
    alpha = e[:, 3].astype(np.uint8).tobytes()
    plte = e[:, :3].astype(np.uint8).tobytes()
    return plte, (None if alpha == b"\xff" * len(alpha) else alpha.rstrip(b"\xff"))


def errors_allow(histogram: np.ndarray, bound: tuple[float, int] = QUALITY_BOUND) -> bool:
    """Whether an error `histogram` (pixels per error 0, 1, ...) keeps its mean and its
    99th percentile within `bound` (mean, p99).

    >>> errors_allow(np.bincount([0] * 90 + [9] * 10), (0.5, 8))
    False
    """
    n = int(histogram.sum())
    if n == 0:
        return True
    mean = float((histogram * np.arange(len(histogram))).sum()) / n
    p99 = int(np.searchsorted(np.cumsum(histogram), 0.99 * n))  # the inverted-CDF 99th percentile
    return mean <= bound[0] and p99 <= bound[1]


use_compiled(compiled_fit_setting(os.environ.get("TILES_COMPILED_FIT")) is not False)

__all__ = ["ENTRIES", "QUALITY_BOUND", "use_compiled", "compiled", "compiled_fit_setting", "premultiply", "unpremultiply", "nearest", "spread", "errors", "pack", "distinct",
           "rounds", "fit", "over", "errors_allow"]
