"""Compiled twins of the palette fit's inner loops (`service.drawing.palette`), via numba.

Each returns exactly what its numpy twin returns: the arithmetic is on integers (or the
same float64 products), ties go to the lower index, so a palette is the same to the
byte with or without them (tests/test_fit_kernels.py). `palette.use_compiled` loads
this module; without numba (the ``fast`` extra) `AVAILABLE` is False, the functions
are plain Python and the palette keeps its numpy twins.
``python -m service.drawing.fit_kernels`` compiles them into numba's cache (`make` does).

>>> import numpy as np
>>> pts = np.array([[0, 0, 0, 255], [250, 250, 250, 255], [10, 0, 0, 255]], np.int64)
>>> nearest(pts, np.array([[0, 0, 0, 255], [255, 255, 255, 255]], np.int64), NO_GUESS).tolist()
[0, 1, 0]
"""

from __future__ import annotations

import numpy as np

try:
    import numba
except ImportError:  # pragma: no cover - a platform without numba wheels
    numba = None

AVAILABLE = numba is not None
NO_GUESS = np.empty(0, np.int64)


def _jit(fn):
    return numba.njit(cache=True, nogil=True)(fn) if AVAILABLE else fn


@_jit
def _d2(points, i, c):
    s = 0
    for ch in range(4):
        d = points[i, ch] - c[ch]
        s += d * d
    return s


@_jit
def nearest(points, centres, guess):
    """Index of the nearest centre of each point (squared distance; ties to the lower index).

    Centres are searched outward, up then down, in the order of their channel sums:
    |p - c|^2 >= (sum p - sum c)^2 / 4, so each way stops once that bound passes the
    best distance found. `guess`: a centre to measure first for each point (its last
    owner), or empty.
    """
    n, k = points.shape[0], centres.shape[0]
    sums = centres[:, 0] + centres[:, 1] + centres[:, 2] + centres[:, 3]
    order = np.argsort(sums, kind="mergesort")
    sorted_sums = sums[order]
    c0, c1, c2, c3 = centres[order, 0], centres[order, 1], centres[order, 2], centres[order, 3]  # in that order
    owner = np.empty(n, np.int64)
    start = 0  # the first sorted sum >= s: walked up while points come in order of sum (the fit's do)
    for i in range(n):
        p0, p1, p2, p3 = points[i, 0], points[i, 1], points[i, 2], points[i, 3]
        s = p0 + p1 + p2 + p3
        if start > 0 and sorted_sums[start - 1] >= s:
            start = np.searchsorted(sorted_sums, s)
        else:
            while start < k and sorted_sums[start] < s:
                start += 1
        best, best_j = np.int64(1) << 40, k  # above any distance; 4 x it fits int64
        if guess.shape[0]:
            best_j = guess[i]
            best = _d2(points, i, centres[best_j])
        m = start
        while m < k:
            gap = sorted_sums[m] - s
            if gap * gap > 4 * best:
                break  # every centre further up is at least this far
            a, b, c, e = p0 - c0[m], p1 - c1[m], p2 - c2[m], p3 - c3[m]
            d = a * a + b * b + c * c + e * e
            if d < best or (d == best and order[m] < best_j):
                best, best_j = d, order[m]
            m += 1
        m = start - 1
        while m >= 0:
            gap = s - sorted_sums[m]
            if gap * gap > 4 * best:
                break
            a, b, c, e = p0 - c0[m], p1 - c1[m], p2 - c2[m], p3 - c3[m]
            d = a * a + b * b + c * c + e * e
            if d < best or (d == best and order[m] < best_j):
                best, best_j = d, order[m]
            m -= 1
        owner[i] = best_j
    return owner


@_jit
def spread(points, counts, k):
    """The rows of `points` chosen by `palette.spread` (commonest first, then again and
    again the most count^2 x distance^2; float64 scores as numpy computes them), and each
    point's nearest pick (its place among them; ties to the earlier). One pass a pick:
    the distances to the newest pick and the next pick's score together, and a point's
    distance is measured only where the newest pick may be nearer than its nearest so
    far (|p - c|^2 >= (sum p - sum c)^2 / 4)."""
    n = points.shape[0]
    x0, x1 = points[:, 0].astype(np.int32), points[:, 1].astype(np.int32)
    x2, x3 = points[:, 2].astype(np.int32), points[:, 3].astype(np.int32)
    total = x0 + x1 + x2 + x3
    w2 = counts.astype(np.float64) ** 2
    first = 0
    for i in range(1, n):
        if counts[i] > counts[first]:
            first = i
    chosen = np.empty(k, np.int64)
    chosen[0] = first
    d2 = np.full(n, np.int32(1) << 29)  # above any distance (at most 4 x 255^2); 4 x it fits int32
    score = np.zeros(n)
    owner = np.zeros(n, np.int64)
    bi = first
    for m in range(1, k + 1):
        c0, c1, c2, c3, cs = x0[bi], x1[bi], x2[bi], x3[bi], total[bi]
        best, nxt = -1.0, 0
        for i in range(n):
            g = total[i] - cs
            if g * g < 4 * d2[i]:  # else the pick is no nearer
                a, b, c, d = x0[i] - c0, x1[i] - c1, x2[i] - c2, x3[i] - c3
                e = a * a + b * b + c * c + d * d
                if e < d2[i]:
                    d2[i] = e
                    owner[i] = m - 1
                    score[i] = w2[i] * np.float64(e)
            if score[i] > best:
                best, nxt = score[i], i
        if m == k or d2[nxt] <= 0:
            return chosen[:m], owner  # k picks, or every colour is a centre already
        chosen[m] = bi = nxt
    return chosen, owner


@_jit
def sums(points, weight, owner, k):
    """Per centre: the weighted channel sums and the total weight (k, 5), in integers."""
    out = np.zeros((k, 5), np.int64)
    for i in range(points.shape[0]):
        o, w = owner[i], weight[i]
        for ch in range(4):
            out[o, ch] += points[i, ch] * w
        out[o, 4] += w
    return out


@_jit
def l1_weights(points, counts, centres, owner):
    """64 * count // ceil(distance to its centre), at least 1 in the divisor (`palette.rounds`)."""
    n = points.shape[0]
    out = np.empty(n, np.int64)
    for i in range(n):
        dist = np.ceil(np.sqrt(np.float64(_d2(points, i, centres[owner[i]]))))
        out[i] = 64 * counts[i] // max(np.int64(1), np.int64(dist))
    return out


@_jit
def rounds(points, counts, centres, owner, l2, l1):
    """`palette.rounds` whole: `centres` changed in place; returns each point's last owner.
    `owner`: each point's nearest centre, or empty (each round starts from the last one's)."""
    k = centres.shape[0]
    for round_ in range(l2 + l1):
        if round_ or owner.shape[0] == 0:
            owner = nearest(points, centres, owner)
        weight = counts if round_ < l2 else l1_weights(points, counts, centres, owner)
        total = sums(points, weight, owner, k)
        for j in range(k):
            t = total[j, 4]
            if t > 0:
                for ch in range(4):
                    centres[j, ch] = (2 * total[j, ch] + t) // (2 * t)  # rounded mean
    return owner


@_jit
def mapped(points, counts, seen, entries):
    """Each colour's entry among the entries some colour is nearest to (and entry 0, the
    transparent one, which unseen colours take), which entries those are, and the error
    histogram (pixels per largest channel difference): `indexed._mapped`'s work."""
    n, k = points.shape[0], entries.shape[0]
    owner = nearest(points, entries, NO_GUESS)
    used = np.zeros(k, np.bool_)
    used[0] = True
    for i in range(n):
        if not seen[i]:
            owner[i] = 0
        used[owner[i]] = True
    new = np.empty(k, np.int64)  # each used entry's place among the used ones
    m = 0
    for j in range(k):
        new[j] = m
        m += used[j]
    histogram = errors(points, counts, entries, owner)
    for i in range(n):
        owner[i] = new[owner[i]]
    return owner, used, histogram


@_jit
def errors(points, counts, centres, owner):
    """Pixels (`counts`) per error, the largest channel difference of each point from its
    centre (`owner`): a histogram of 256."""
    histogram = np.zeros(256, np.int64)
    for i in range(points.shape[0]):
        o = owner[i]
        e = 0
        for ch in range(4):
            d = abs(points[i, ch] - centres[o, ch])
            if d > e:
                e = d
        histogram[e] += counts[i]
    return histogram


@_jit
def gathered(keys, channels, weights):
    """`indexed._gathered`: the distinct colours of `keys` (uint32; `channels`: the same as
    (n, 4) uint8), in order of their premultiplied channel sums, then of the keys; their
    summed `weights`; them premultiplied; and each key's place among them."""
    n = keys.shape[0]
    premultiplied = np.empty((n, 4), np.int64)
    order_key = np.empty(n, np.int64)
    for i in range(n):
        a = np.int64(channels[i, 3])
        premultiplied[i, 3] = a
        total = a
        for ch in range(3):
            premultiplied[i, ch] = (np.int64(channels[i, ch]) * a + 127) // 255
            total += premultiplied[i, ch]
        order_key[i] = (total << 32) | np.int64(keys[i])
    order = np.argsort(order_key)  # equal keys are the same colour: their order does not matter
    m = 0
    for j in range(n):
        m += j == 0 or order_key[order[j]] != order_key[order[j - 1]]
    colours = np.empty((m, 4), np.uint8)
    points = np.empty((m, 4), np.int64)
    counts = np.zeros(m, np.int64)
    where = np.empty(n, np.int64)
    g = -1
    for j in range(n):
        i = order[j]
        if j == 0 or order_key[i] != order_key[order[j - 1]]:
            g += 1
            for ch in range(4):
                colours[g, ch] = channels[i, ch]
                points[g, ch] = premultiplied[i, ch]
        counts[g] += weights[i]
        where[i] = g
    return colours, counts, points, where


@_jit
def distinct(points):
    """The distinct rows of `points`, sorted as `palette.distinct` sorts them (packed r, g, b, a)."""
    keys = np.empty(points.shape[0], np.int64)
    for i in range(points.shape[0]):
        keys[i] = (points[i, 0] << 24) | (points[i, 1] << 16) | (points[i, 2] << 8) | points[i, 3]
    keys = np.unique(keys)
    out = np.empty((keys.shape[0], 4), np.int64)
    for i in range(keys.shape[0]):
        for ch in range(4):
            out[i, ch] = (keys[i] >> (24 - 8 * ch)) & 255
    return out


@_jit
def entries_of(centres):
    """`indexed._mapped`'s palette of premultiplied `centres`: straight RGBA (uint8) with the
    transparent entry first, then partly transparent ones, then darkest to lightest (the
    order its lexsort gives, stable), and the same entries premultiplied."""
    k = centres.shape[0]
    straight = np.empty((k, 4), np.int64)
    for j in range(k):
        a = centres[j, 3]
        straight[j, 3] = a
        for ch in range(3):
            straight[j, ch] = min(255, max(0, (centres[j, ch] * 255 + a // 2) // max(a, 1))) if a > 0 else 0
    key = np.empty(k, np.int64)
    for j in range(k):
        r, g, b = straight[j, 0], straight[j, 1], straight[j, 2]
        key[j] = (np.int64(straight[j, 3] == 255) << 34) | ((r + g + b) << 24) | (r << 16) | (g << 8) | b
    order = np.argsort(key, kind="mergesort")
    entries = np.zeros((k + 1, 4), np.uint8)
    pm = np.zeros((k + 1, 4), np.int64)
    for m in range(k):
        j = order[m]
        a = straight[j, 3]
        for ch in range(4):
            entries[m + 1, ch] = straight[j, ch]
        for ch in range(3):
            pm[m + 1, ch] = (straight[j, ch] * a + 127) // 255
        pm[m + 1, 3] = a
    return entries, pm


@_jit
def fitted(points, counts, seen, visible, weight, start, k, give_up, l2, l1):
    """`palette.fit` of `visible` (seen `weight` times) from `start`, then `indexed._mapped` of
    all `points`: (given up, entries, each colour's entry, error histogram) in one call."""
    if visible.shape[0] <= k:
        centres = distinct(visible)
    else:
        centres = start[:k].copy()
        owner = nearest(visible, centres, NO_GUESS)
        histogram = errors(visible, weight, centres, owner)
        error_sum, total = 0, 0
        for e in range(256):
            error_sum += e * histogram[e]
            total += histogram[e]
        if error_sum > give_up * total:  # the start's mean error (`palette.fit`)
            return True, np.zeros((0, 4), np.uint8), np.zeros(0, np.int64), np.zeros(256, np.int64)
        rounds(visible, weight, centres, owner, l2, l1)
        centres = distinct(centres)
    entries, entry_pm = entries_of(centres)
    owner, used, histogram = mapped(points, counts, seen, entry_pm)
    return False, entries[used], owner, histogram


def warm() -> None:
    """Compile (or load from numba's cache) every kernel for the types the fit uses."""
    p = np.array([[0, 0, 0, 0], [9, 9, 9, 255], [200, 10, 10, 255]], np.int64)
    counts = np.array([3, 2, 1], np.int64)
    spread(p, counts, 2)
    rounds(p, counts, p[:2].copy(), NO_GUESS, 1, 1)
    mapped(p, counts, np.ones(3, np.bool_), p)
    errors(p, counts, p, np.zeros(3, np.int64))
    keys = np.array([7, 3, 7], np.uint32)
    gathered(keys, keys.view(np.uint8).reshape(-1, 4), counts)
    fitted(p, counts, np.ones(3, np.bool_), p, counts, p, 2, 0.75, 1, 1)
    fitted(p, counts, np.ones(3, np.bool_), p, counts, p, 3, 0.75, 1, 1)


if __name__ == "__main__":
    import time

    t0 = time.perf_counter()
    warm()
    print(f"fit kernels {'compiled' if AVAILABLE else 'not compiled (numba is not installed)'} "
          f"in {time.perf_counter() - t0:.1f} s")
