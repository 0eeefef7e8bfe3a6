/* The palette fit's inner loops in C: `service.drawing.fit_kernels` wraps them.
 *
 * Each does what its numpy twin in palette.py / indexed.py does, to the byte: distances
 * are integers, scores the same float64 products (one multiply, nothing to contract),
 * ties go to the lower index and every sort is stable. Arrays come in as C-contiguous
 * buffers (int64 unless said); the wrapper allocates the outputs. No numpy headers:
 * building needs only a C compiler and Python's.
 *
 * The wrappers (at the end) refuse a call before any work unless every buffer is of its
 * type, aligned, large enough for the sizes given (checked without overflow), outputs
 * overlap nothing, and the values are as the kernels assume: channels 0-255, weights
 * >= 0 and at most MAX_WEIGHT in all, indices below their bound. Where the kernels follow
 * an index they check it again, so no value (even one changed by another thread while
 * the GIL is released) makes them read or write out of bounds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int64_t i64;

/* Scratch in parts: `room` adds count x size bytes, `scratch` allocates them all, or gives
 * NULL (no memory) where the sum overflowed. */
typedef struct {
    size_t bytes;
    int over;
} room_t;

static void room(room_t *r, size_t count, size_t size)
{
    if (size && count > (SIZE_MAX - r->bytes) / size)
        r->over = 1;
    else
        r->bytes += count * size;
}

static void *scratch(room_t r)
{
    return r.over ? NULL : malloc(r.bytes ? r.bytes : 1);
}

/* One block of `count` (at least one) x `size` bytes, zeroed; NULL where that overflows. */
#define ALLOC(count, size) calloc((size_t)(count) ? (size_t)(count) : 1, (size))

/* A stable argsort of non-negative keys: order[j] = the j-th index. An LSD radix sort,
 * a byte a pass, passes where every key has the same byte skipped. */
static int argsort(const i64 *keys, i64 n, i64 *order)
{
    uint64_t *tmp = ALLOC(n, 2 * sizeof(uint64_t) + sizeof(i64));
    if (!tmp)
        return -1;
    uint64_t *ka = tmp, *kb = tmp + n, any = 0;
    i64 *ia = order, *ib = (i64 *)(tmp + 2 * n);
    for (i64 i = 0; i < n; i++) {
        ka[i] = (uint64_t)keys[i], ia[i] = i;
        any |= ka[i];
    }
    for (int shift = 0; shift < 64 && (any >> shift); shift += 8) {
        i64 count[256] = {0};
        for (i64 i = 0; i < n; i++)
            count[(ka[i] >> shift) & 255]++;
        if (count[(ka[0] >> shift) & 255] == n)
            continue; /* one byte for all: nothing moves */
        for (i64 b = 0, at = 0; b < 256; b++) {
            i64 c = count[b];
            count[b] = at;
            at += c;
        }
        for (i64 i = 0; i < n; i++) {
            i64 to = count[(ka[i] >> shift) & 255]++;
            kb[to] = ka[i], ib[to] = ia[i];
        }
        uint64_t *k = ka;
        ka = kb, kb = k;
        i64 *x = ia;
        ia = ib, ib = x;
    }
    if (ia != order)
        memcpy(order, ia, (size_t)n * sizeof(i64));
    free(tmp);
    return 0;
}

/* `v` where it is an index below k, else 0: where a kernel follows an index it reads. */
static inline i64 below(i64 v, i64 k)
{
    return v >= 0 && v < k ? v : 0;
}

static inline i64 d2(const i64 *p, const i64 *c)
{
    i64 s = 0;
    for (int ch = 0; ch < 4; ch++) {
        i64 d = p[ch] - c[ch];
        s += d * d;
    }
    return s;
}

/* Nearest centre of each point (squared distance, ties to the lower index). Centres are
 * searched outward from the point's channel sum, up then down, in the order of their sums:
 * |p - c|^2 >= (sum p - sum c)^2 / 4 stops each way. `guess` (or NULL): a centre to
 * measure first for each point; it may be `owner` itself. k >= 1 where n > 0. */
static int nearest(const i64 *pts, i64 n, const i64 *cen, i64 k, const i64 *guess, i64 *owner)
{
    i64 *sums = ALLOC(k, 7 * sizeof(i64));
    if (!sums)
        return -1;
    i64 *order = sums + k, *ss = sums + 2 * k, *sc = sums + 3 * k; /* sc: sorted centres (k, 4) */
    for (i64 j = 0; j < k; j++)
        sums[j] = cen[4 * j] + cen[4 * j + 1] + cen[4 * j + 2] + cen[4 * j + 3];
    if (argsort(sums, k, order)) {
        free(sums);
        return -1;
    }
    for (i64 m = 0; m < k; m++) {
        ss[m] = sums[order[m]];
        memcpy(sc + 4 * m, cen + 4 * order[m], 4 * sizeof(i64));
    }
    i64 start = 0; /* the first sorted sum >= s, walked up while points come in order of sum */
    for (i64 i = 0; i < n; i++) {
        const i64 *p = pts + 4 * i;
        i64 s = p[0] + p[1] + p[2] + p[3];
        if (start > 0 && ss[start - 1] >= s) {
            i64 lo = 0, hi = k; /* binary search: the first sum >= s */
            while (lo < hi) {
                i64 mid = (lo + hi) / 2;
                if (ss[mid] < s)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            start = lo;
        } else {
            while (start < k && ss[start] < s)
                start++;
        }
        i64 best = (i64)1 << 40, best_j = k; /* above any distance of channels 0-255 */
        if (guess) {
            best_j = below(guess[i], k);
            best = d2(p, cen + 4 * best_j);
        }
        for (i64 m = start; m < k; m++) {
            i64 gap = ss[m] - s;
            if (gap * gap > 4 * best)
                break; /* every centre further up is at least this far */
            i64 d = d2(p, sc + 4 * m);
            if (d < best || (d == best && order[m] < best_j))
                best = d, best_j = order[m];
        }
        for (i64 m = start - 1; m >= 0; m--) {
            i64 gap = s - ss[m];
            if (gap * gap > 4 * best)
                break;
            i64 d = d2(p, sc + 4 * m);
            if (d < best || (d == best && order[m] < best_j))
                best = d, best_j = order[m];
        }
        owner[i] = best_j < k ? best_j : 0; /* none nearer than 2^40: channels past 0-255 */
    }
    free(sums);
    return 0;
}

/* The farthest-point spread: the commonest point, then again and again the one with the
 * most count^2 x distance^2 to the picks so far (float64, ties to the lower index). Writes
 * the picks' rows to `chosen` and each point's nearest pick (its place, ties to the earlier)
 * to `owner`; returns the number of picks (fewer than k once every point is a pick).
 *
 * A point's distance is measured only where the newest pick may be nearer than its nearest
 * so far: |p - c|^2 >= (sum p - sum c)^2 / 4. Points go in blocks of BLOCK, each with the
 * range of its sums, its largest distance and its best score: a block no point of which
 * can come nearer is skipped whole (the fit's points come in order of sum, so most are,
 * after the first picks), and the next pick is the best of the blocks' bests. */
#define BLOCK 32

static i64 spread(const i64 *pts, const i64 *counts, i64 n, i64 k, i64 *chosen, i64 *owner)
{
    if (n == 0 || k <= 0)
        return 0;
    i64 nb = (n + BLOCK - 1) / BLOCK;
    /* channels, sums and distances as int32 side by side */
    room_t r = {0, 0};
    room(&r, (size_t)n, 6 * sizeof(int32_t) + 2 * sizeof(double));
    room(&r, (size_t)nb, 3 * sizeof(int32_t) + sizeof(double) + sizeof(i64));
    int32_t *x = scratch(r);
    if (!x)
        return -1;
    int32_t *x0 = x, *x1 = x + n, *x2 = x + 2 * n, *x3 = x + 3 * n, *tot = x + 4 * n, *dist = x + 5 * n;
    double *w2 = (double *)(x + 6 * n), *score = w2 + n, *block_best = score + n; /* 6n int32: aligned */
    i64 *block_next = (i64 *)(block_best + nb);
    int32_t *block_far = (int32_t *)(block_next + nb), *block_lo = block_far + nb, *block_hi = block_lo + nb;
    i64 first = 0;
    for (i64 i = 0; i < n; i++) {
        const i64 *p = pts + 4 * i;
        x0[i] = (int32_t)p[0], x1[i] = (int32_t)p[1], x2[i] = (int32_t)p[2], x3[i] = (int32_t)p[3];
        tot[i] = x0[i] + x1[i] + x2[i] + x3[i];
        double w = (double)counts[i];
        w2[i] = w * w;
        dist[i] = (int32_t)1 << 20; /* above any distance (at most 4 x 255^2 < 2^18) and any gap^2 / 4 */
        score[i] = 0.0;
        owner[i] = 0;
        if (counts[i] > counts[first])
            first = i;
    }
    for (i64 blk = 0; blk < nb; blk++) {
        i64 end = (blk + 1) * BLOCK < n ? (blk + 1) * BLOCK : n;
        block_lo[blk] = block_hi[blk] = tot[blk * BLOCK];
        for (i64 i = blk * BLOCK; i < end; i++) {
            block_lo[blk] = tot[i] < block_lo[blk] ? tot[i] : block_lo[blk];
            block_hi[blk] = tot[i] > block_hi[blk] ? tot[i] : block_hi[blk];
        }
        block_far[blk] = (int32_t)1 << 20;
    }
    chosen[0] = first;
    i64 bi = first, m;
    for (m = 1; m <= k; m++) {
        const int32_t c0 = x0[bi], c1 = x1[bi], c2 = x2[bi], c3 = x3[bi], cs = tot[bi];
        for (i64 blk = 0; blk < nb; blk++) {
            int32_t gap = cs < block_lo[blk] ? block_lo[blk] - cs : cs > block_hi[blk] ? cs - block_hi[blk] : 0;
            if (gap * gap >= 4 * block_far[blk])
                continue; /* no point of it can come nearer */
            i64 end = (blk + 1) * BLOCK < n ? (blk + 1) * BLOCK : n, next = blk * BLOCK;
            double best = -1.0;
            int32_t far = 0;
            for (i64 i = blk * BLOCK; i < end; i++) {
                int32_t g = tot[i] - cs;
                if (g * g < 4 * dist[i]) { /* else the pick is no nearer */
                    int32_t a = x0[i] - c0, b = x1[i] - c1, c = x2[i] - c2, d = x3[i] - c3;
                    int32_t e = a * a + b * b + c * c + d * d;
                    if (e < dist[i]) {
                        dist[i] = e;
                        owner[i] = m - 1;
                        score[i] = w2[i] * (double)e;
                    }
                }
                far = dist[i] > far ? dist[i] : far;
                if (score[i] > best)
                    best = score[i], next = i;
            }
            block_best[blk] = best, block_next[blk] = next, block_far[blk] = far;
        }
        double best = -1.0;
        i64 next = 0;
        for (i64 blk = 0; blk < nb; blk++)
            if (block_best[blk] > best)
                best = block_best[blk], next = block_next[blk];
        if (m == k || dist[next] <= 0)
            break; /* k picks, or every point is a pick already */
        chosen[m] = bi = next;
    }
    free(x);
    return m;
}

/* Pixels (`counts`) per error, the largest channel difference of each point from its
 * centre (`owner`: below k): a histogram of 256. */
static void errors(const i64 *pts, const i64 *counts, i64 n, const i64 *cen, i64 k, const i64 *owner, i64 *hist)
{
    memset(hist, 0, 256 * sizeof(i64));
    for (i64 i = 0; i < n; i++) {
        const i64 *p = pts + 4 * i, *c = cen + 4 * below(owner[i], k);
        i64 e = 0;
        for (int ch = 0; ch < 4; ch++) {
            i64 d = p[ch] - c[ch];
            d = d < 0 ? -d : d;
            if (d > e)
                e = d;
        }
        hist[e >= 0 && e <= 255 ? e : 255] += counts[i];
    }
}

/* `palette.rounds`: l2 k-means rounds on squared error, then l1 weighting each point by
 * 64 * count // ceil(distance); `cen` changed in place, `owner` (each point's nearest
 * centre, or with has_owner 0 nothing yet) left as the last round's. k >= 1 where n > 0. */
static int rounds(const i64 *pts, const i64 *counts, i64 n, i64 *cen, i64 k, i64 *owner, int has_owner,
                  i64 l2, i64 l1)
{
    room_t need = {0, 0};
    room(&need, (size_t)k, 5 * sizeof(i64));
    room(&need, (size_t)n, sizeof(i64));
    i64 *tmp = scratch(need);
    if (!tmp)
        return -1;
    i64 *total = tmp, *weight = tmp + 5 * k;
    for (i64 r = 0; r < l2 + l1; r++) {
        if (r || !has_owner) {
            if (nearest(pts, n, cen, k, has_owner || r ? owner : NULL, owner)) {
                free(tmp);
                return -1;
            }
        }
        for (i64 i = 0; i < n; i++) {
            if (r < l2) {
                weight[i] = counts[i];
            } else {
                i64 dist = (i64)ceil(sqrt((double)d2(pts + 4 * i, cen + 4 * below(owner[i], k))));
                weight[i] = 64 * counts[i] / (dist > 1 ? dist : 1);
            }
        }
        memset(total, 0, (size_t)(5 * k) * sizeof(i64));
        for (i64 i = 0; i < n; i++) {
            i64 *t = total + 5 * below(owner[i], k), w = weight[i];
            for (int ch = 0; ch < 4; ch++)
                t[ch] += pts[4 * i + ch] * w;
            t[4] += w;
        }
        for (i64 j = 0; j < k; j++) {
            i64 t = total[5 * j + 4];
            if (t > 0)
                for (int ch = 0; ch < 4; ch++)
                    cen[4 * j + ch] = (2 * total[5 * j + ch] + t) / (2 * t); /* rounded mean */
        }
    }
    free(tmp);
    return 0;
}

/* The distinct rows of `pts` (channels 0-255), sorted as packed r, g, b, a; returns how many. */
static i64 distinct(const i64 *pts, i64 n, i64 *out)
{
    i64 *keys = ALLOC(n, 2 * sizeof(i64));
    if (!keys)
        return -1;
    i64 *order = keys + n;
    for (i64 i = 0; i < n; i++) {
        const i64 *p = pts + 4 * i;
        keys[i] = (p[0] << 24) | (p[1] << 16) | (p[2] << 8) | p[3];
    }
    if (argsort(keys, n, order)) {
        free(keys);
        return -1;
    }
    i64 m = 0;
    for (i64 j = 0; j < n; j++) {
        i64 key = keys[order[j]];
        if (j && key == keys[order[j - 1]])
            continue;
        for (int ch = 0; ch < 4; ch++)
            out[4 * m + ch] = (key >> (24 - 8 * ch)) & 255;
        m++;
    }
    free(keys);
    return m;
}

/* `indexed._mapped`'s palette of premultiplied centres: straight RGBA with the transparent
 * entry first, then partly transparent ones, then darkest to lightest (stable), and the
 * same entries premultiplied: (k + 1) rows each. */
static int entries_of(const i64 *cen, i64 k, uint8_t *entries, i64 *pm)
{
    i64 *tmp = ALLOC(k, 6 * sizeof(i64));
    if (!tmp)
        return -1;
    i64 *straight = tmp, *key = tmp + 4 * k, *order = tmp + 5 * k;
    for (i64 j = 0; j < k; j++) {
        i64 a = cen[4 * j + 3];
        straight[4 * j + 3] = a;
        for (int ch = 0; ch < 3; ch++) {
            i64 v = a > 0 ? (cen[4 * j + ch] * 255 + a / 2) / a : 0;
            straight[4 * j + ch] = v < 0 ? 0 : v > 255 ? 255 : v;
        }
        i64 r = straight[4 * j], g = straight[4 * j + 1], b = straight[4 * j + 2];
        key[j] = ((i64)(a == 255) << 34) | ((r + g + b) << 24) | (r << 16) | (g << 8) | b;
    }
    if (argsort(key, k, order)) {
        free(tmp);
        return -1;
    }
    memset(entries, 0, 4);
    memset(pm, 0, 4 * sizeof(i64));
    for (i64 m = 0; m < k; m++) {
        const i64 *s = straight + 4 * order[m];
        for (int ch = 0; ch < 4; ch++)
            entries[4 * (m + 1) + ch] = (uint8_t)s[ch];
        for (int ch = 0; ch < 3; ch++)
            pm[4 * (m + 1) + ch] = (s[ch] * s[3] + 127) / 255;
        pm[4 * (m + 1) + 3] = s[3];
    }
    free(tmp);
    return 0;
}

/* `indexed._mapped`: each point's nearest entry (entry 0, the transparent one, for unseen
 * points), then only the entries some point took (and entry 0) kept: `used` marks them and
 * `owner` becomes each point's place among them. The error histogram is of the mapping. */
static int mapped(const i64 *pts, const i64 *counts, const uint8_t *seen, i64 n, const i64 *pm, i64 k,
                  i64 *owner, uint8_t *used, i64 *hist)
{
    if (nearest(pts, n, pm, k, NULL, owner))
        return -1;
    memset(used, 0, (size_t)k);
    used[0] = 1;
    for (i64 i = 0; i < n; i++) {
        i64 o = seen[i] ? below(owner[i], k) : 0;
        owner[i] = o;
        used[o] = 1;
    }
    errors(pts, counts, n, pm, k, owner, hist);
    i64 *place = ALLOC(k, sizeof(i64));
    if (!place)
        return -1;
    for (i64 j = 0, m = 0; j < k; j++) {
        place[j] = m;
        m += used[j];
    }
    for (i64 i = 0; i < n; i++)
        owner[i] = place[below(owner[i], k)];
    free(place);
    return 0;
}

/* `indexed._gathered`: the distinct colours of `keys` (uint32; `channels`: the same bytes,
 * r g b a), in order of their premultiplied channel sums, then of the keys; their summed
 * weights; them premultiplied; each key's place among them. Returns how many. */
static i64 gathered(const uint32_t *keys, const uint8_t *channels, const i64 *weights, i64 n, uint8_t *colours,
                    i64 *counts, i64 *points, i64 *where)
{
    i64 *tmp = ALLOC(n, 2 * sizeof(i64));
    if (!tmp)
        return -1;
    i64 *key = tmp, *order = tmp + n;
    for (i64 i = 0; i < n; i++) {
        const uint8_t *c = channels + 4 * i;
        i64 a = c[3], total = a;
        for (int ch = 0; ch < 3; ch++)
            total += ((i64)c[ch] * a + 127) / 255;
        key[i] = (total << 32) | (i64)keys[i];
    }
    if (argsort(key, n, order)) {
        free(tmp);
        return -1;
    }
    i64 g = -1;
    for (i64 j = 0; j < n; j++) {
        i64 i = order[j];
        if (j == 0 || key[i] != key[order[j - 1]]) {
            const uint8_t *c = channels + 4 * i;
            g++;
            memcpy(colours + 4 * g, c, 4);
            for (int ch = 0; ch < 3; ch++)
                points[4 * g + ch] = ((i64)c[ch] * c[3] + 127) / 255;
            points[4 * g + 3] = c[3];
            counts[g] = 0;
        }
        counts[g] += weights[i];
        where[i] = g;
    }
    free(tmp);
    return g + 1;
}

/* `palette.fit` of `visible` (seen `weight` times) from `start[:k]` (`ns` rows: fewer than k
 * where the spread ran out of distinct points), then `indexed._mapped` of all points, in one
 * call. Returns the entries kept (written to `entries`, uint8), or 0 when the start's mean
 * error is above give_up (the fit is given up), or -1 (no memory). */
static i64 fitted(const i64 *pts, const i64 *counts, const uint8_t *seen, i64 n, const i64 *visible,
                  const i64 *weight, i64 nv, const i64 *start, i64 ns, i64 k, double give_up, i64 l2, i64 l1,
                  uint8_t *entries_out, i64 *owner, i64 *hist)
{
    i64 m = nv <= k ? nv : ns < k ? ns : k; /* the most centres there can be */
    /* centres (m), each visible point's owner, the distinct centres and their entries (m + 1) */
    room_t r = {0, 0};
    room(&r, (size_t)m + 1, 12 * sizeof(i64) + 5);
    room(&r, (size_t)nv, sizeof(i64));
    i64 *tmp = scratch(r);
    if (!tmp)
        return -1;
    i64 *centres = tmp, *vowner = centres + 4 * (m + 1), *fitted_c = vowner + nv, *pm = fitted_c + 4 * (m + 1);
    uint8_t *entries = (uint8_t *)(pm + 4 * (m + 1)), *used = entries + 4 * (m + 1);
    i64 kc, result = -1;
    if (nv <= k) {
        kc = distinct(visible, nv, fitted_c);
    } else {
        memcpy(centres, start, (size_t)(4 * m) * sizeof(i64));
        if (nearest(visible, nv, centres, m, NULL, vowner))
            goto done;
        errors(visible, weight, nv, centres, m, vowner, hist);
        i64 error_sum = 0, total = 0;
        for (int e = 0; e < 256; e++)
            error_sum += e * hist[e], total += hist[e];
        if ((double)error_sum > give_up * (double)total) { /* the start's mean error (`palette.fit`) */
            result = 0;
            goto done;
        }
        if (rounds(visible, weight, nv, centres, m, vowner, 1, l2, l1))
            goto done;
        kc = distinct(centres, m, fitted_c);
    }
    if (kc < 0 || entries_of(fitted_c, kc, entries, pm) || mapped(pts, counts, seen, n, pm, kc + 1, owner, used, hist))
        goto done;
    result = 0;
    for (i64 j = 0; j <= kc; j++)
        if (used[j])
            memcpy(entries_out + 4 * result++, entries + 4 * j, 4);
done:
    free(tmp);
    return result;
}

/* ---- Python wrappers: arguments checked, the GIL released while the kernels work ---- */

#define MAX_WEIGHT ((i64)1 << 40) /* a call's weights in all: sums of 64 x 255 x weight stay below 2^55 */
#define MAX_ROUNDS 64             /* rounds of each kind (a fit makes 2 and 1) */

/* What a buffer holds: its format codes (after an optional byte-order mark), item size and
 * alignment. */
enum { I64, U32, U8, FLAG };
static const struct {
    const char *codes, *name;
    Py_ssize_t size;
    size_t align;
} TYPES[] = {
    [I64] = {"lq", "int64", 8, _Alignof(int64_t)},
    [U32] = {"IL", "uint32", 4, _Alignof(uint32_t)},
    [U8] = {"B", "uint8", 1, 1},
    [FLAG] = {"?", "bool", 1, 1},
};

/* A wrapper's buffer arguments (name, type, written or not) and the views taken of them. */
typedef struct {
    const char *name;
    int type, out;
} param_t;

#define MAX_BUFFERS 9
typedef struct {
    const param_t *params;
    int count;
    Py_buffer view[MAX_BUFFERS];
} buffers_t;

#define BUF(bs, i, type) ((type *)(bs).view[i].buf)

static int refuse(const char *message)
{
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

/* A size argument (a count of rows): not negative. */
static int size_ok(Py_ssize_t v, const char *name)
{
    if (v >= 0)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s: %zd is negative", name, v);
    return -1;
}

static int native_order(char mark)
{
    return mark == '@' || mark == '=' || mark == (PY_LITTLE_ENDIAN ? '<' : '>') || (!PY_LITTLE_ENDIAN && mark == '!');
}

static int overlap(const Py_buffer *a, const Py_buffer *b)
{
    uintptr_t x = (uintptr_t)a->buf, y = (uintptr_t)b->buf;
    return a->len > 0 && b->len > 0 && x < y + (uintptr_t)b->len && y < x + (uintptr_t)a->len;
}

/* Take `objs` as the buffers `bs` names: each C-contiguous (an output writable) and of its
 * type, format and item size (else TypeError), aligned for it and no output overlapping
 * another buffer (else ValueError). The caller releases them (`release`) either way. */
static int take(buffers_t *bs, PyObject *const *objs)
{
    for (int i = 0; i < bs->count; i++) {
        const param_t *p = bs->params + i;
        Py_buffer *b = bs->view + i;
        if (PyObject_GetBuffer(objs[i], b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (p->out ? PyBUF_WRITABLE : 0))) {
            if (!PyErr_ExceptionMatches(PyExc_MemoryError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "%s: not a C-contiguous%s buffer", p->name, p->out ? " writable" : "");
            }
            return -1;
        }
        const char *format = b->format ? b->format : "B", *code = format;
        if (*code && strchr("@=<>!", *code))
            code += native_order(*code) ? 1 : 0;
        if (!(*code && !code[1] && strchr(TYPES[p->type].codes, *code) && b->itemsize == TYPES[p->type].size)) {
            PyErr_Format(PyExc_TypeError, "%s: needs %s items, got format '%s' (%zd bytes an item)", p->name,
                         TYPES[p->type].name, format, b->itemsize);
            return -1;
        }
        if (b->len > 0 && (uintptr_t)b->buf % TYPES[p->type].align) {
            PyErr_Format(PyExc_ValueError, "%s: not aligned for %s", p->name, TYPES[p->type].name);
            return -1;
        }
    }
    for (int i = 0; i < bs->count; i++)
        for (int j = 0; j < bs->count; j++)
            if (i != j && bs->params[i].out && overlap(bs->view + i, bs->view + j)) {
                PyErr_Format(PyExc_ValueError, "%s: overlaps %s", bs->params[i].name, bs->params[j].name);
                return -1;
            }
    return 0;
}

/* Whether buffer i holds `rows` (+ `extra`) rows of `per` items: compared with the rows it
 * holds, never multiplied (no overflow). Else ValueError. */
static int holds(buffers_t *bs, int i, Py_ssize_t rows, Py_ssize_t extra, Py_ssize_t per)
{
    const Py_buffer *b = bs->view + i;
    Py_ssize_t room = b->len / b->itemsize / per;
    if (rows >= 0 && room >= extra && rows <= room - extra)
        return 0;
    PyErr_Format(PyExc_ValueError, "%s: %zd bytes hold %zd rows of %zd, need %zd%s", bs->params[i].name, b->len, room,
                 per, rows, extra ? " + 1" : "");
    return -1;
}

/* Whether the first `items` values of int64 buffer i are within [lo, hi]. Else ValueError. */
static int within(buffers_t *bs, int i, Py_ssize_t items, i64 lo, i64 hi)
{
    const i64 *v = BUF(*bs, i, i64);
    for (Py_ssize_t j = 0; j < items; j++)
        if (v[j] < lo || v[j] > hi) {
            PyErr_Format(PyExc_ValueError, "%s: %lld is not within %lld-%lld", bs->params[i].name, (long long)v[j],
                         (long long)lo, (long long)hi);
            return -1;
        }
    return 0;
}

/* Channels of `rows` points (4 each): 0-255. */
static int channels(buffers_t *bs, int i, Py_ssize_t rows)
{
    return within(bs, i, 4 * rows, 0, 255);
}

/* Indices below k (none where k is 0). */
static int indices(buffers_t *bs, int i, Py_ssize_t items, Py_ssize_t k)
{
    if (items > 0 && k < 1) {
        PyErr_Format(PyExc_ValueError, "%s: nothing to point at", bs->params[i].name);
        return -1;
    }
    return within(bs, i, items, 0, k - 1);
}

/* Weights (pixel counts): each >= 0, MAX_WEIGHT at most in all. */
static int weights(buffers_t *bs, int i, Py_ssize_t items)
{
    const i64 *v = BUF(*bs, i, i64);
    i64 total = 0;
    for (Py_ssize_t j = 0; j < items; j++) {
        if (v[j] < 0 || v[j] > MAX_WEIGHT - total) {
            PyErr_Format(PyExc_ValueError, "%s: weights must be >= 0 and %lld at most in all", bs->params[i].name,
                         (long long)MAX_WEIGHT);
            return -1;
        }
        total += v[j];
    }
    return 0;
}

static int rounds_ok(Py_ssize_t l2, Py_ssize_t l1)
{
    if (l2 >= 0 && l1 >= 0 && l2 <= MAX_ROUNDS && l1 <= MAX_ROUNDS)
        return 0;
    PyErr_Format(PyExc_ValueError, "rounds: l2 %zd and l1 %zd, each 0-%d", l2, l1, MAX_ROUNDS);
    return -1;
}

static void release(buffers_t *bs)
{
    for (int i = 0; i < bs->count; i++)
        PyBuffer_Release(bs->view + i);
}

/* A wrapper's way out on an error (set already): its buffers released. */
static PyObject *fail(buffers_t *bs)
{
    release(bs);
    return NULL;
}

/* A wrapper's way out after the work: its buffers released, then MemoryError where
 * `result` is negative, else `result` (`count`) or None. */
static PyObject *finish(buffers_t *bs, i64 result, int count)
{
    release(bs);
    if (result < 0)
        return PyErr_NoMemory();
    return count ? PyLong_FromSsize_t((Py_ssize_t)result) : Py_NewRef(Py_None);
}

#define BUFFERS(params) {params, (int)(sizeof(params) / sizeof(params[0])), {{0}}}

/* nearest(points, centres, guess, owner, n, k, has_guess) */
static PyObject *py_nearest(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"centres", I64, 0}, {"guess", I64, 0}, {"owner", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[4];
    Py_ssize_t n, k;
    int has_guess, rc;
    if (!PyArg_ParseTuple(args, "OOOOnnp", &o[0], &o[1], &o[2], &o[3], &n, &k, &has_guess))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || size_ok(k, "k") || (n > 0 && k < 1 && refuse("nearest: no centres")) ||
        holds(&bs, 0, n, 0, 4) || holds(&bs, 1, k, 0, 4) || holds(&bs, 3, n, 0, 1) ||
        (has_guess && (holds(&bs, 2, n, 0, 1) || indices(&bs, 2, n, k))) || channels(&bs, 0, n) || channels(&bs, 1, k))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    rc = nearest(BUF(bs, 0, i64), n, BUF(bs, 1, i64), k, has_guess ? BUF(bs, 2, i64) : NULL, BUF(bs, 3, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, rc, 0);
}

/* spread(points, counts, chosen, owner, n, k) -> picks (at most k and n: `chosen` holds that many) */
static PyObject *py_spread(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"counts", I64, 0}, {"chosen", I64, 1}, {"owner", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[4];
    Py_ssize_t n, k, m;
    if (!PyArg_ParseTuple(args, "OOOOnn", &o[0], &o[1], &o[2], &o[3], &n, &k))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || size_ok(k, "k") || holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 1) ||
        holds(&bs, 2, k < n ? k : n, 0, 1) || holds(&bs, 3, n, 0, 1) || channels(&bs, 0, n) || weights(&bs, 1, n))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    m = spread(BUF(bs, 0, i64), BUF(bs, 1, i64), n, k, BUF(bs, 2, i64), BUF(bs, 3, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, m, 1);
}

/* errors(points, counts, centres, owner, histogram, n, k) */
static PyObject *py_errors(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"counts", I64, 0}, {"centres", I64, 0}, {"owner", I64, 0},
                                     {"histogram", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[5];
    Py_ssize_t n, k;
    if (!PyArg_ParseTuple(args, "OOOOOnn", &o[0], &o[1], &o[2], &o[3], &o[4], &n, &k))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || size_ok(k, "k") || holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 1) ||
        holds(&bs, 2, k, 0, 4) || holds(&bs, 3, n, 0, 1) || holds(&bs, 4, 256, 0, 1) || channels(&bs, 0, n) ||
        weights(&bs, 1, n) || channels(&bs, 2, k) || indices(&bs, 3, n, k))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    errors(BUF(bs, 0, i64), BUF(bs, 1, i64), n, BUF(bs, 2, i64), k, BUF(bs, 3, i64), BUF(bs, 4, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, 0, 0);
}

/* rounds(points, counts, centres, owner, n, k, has_owner, l2, l1) */
static PyObject *py_rounds(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"counts", I64, 0}, {"centres", I64, 1}, {"owner", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[4];
    Py_ssize_t n, k, l2, l1;
    int has_owner, rc;
    if (!PyArg_ParseTuple(args, "OOOOnnpnn", &o[0], &o[1], &o[2], &o[3], &n, &k, &has_owner, &l2, &l1))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || size_ok(k, "k") || (n > 0 && k < 1 && refuse("rounds: no centres")) ||
        rounds_ok(l2, l1) || holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 1) || holds(&bs, 2, k, 0, 4) ||
        holds(&bs, 3, n, 0, 1) || channels(&bs, 0, n) || weights(&bs, 1, n) || channels(&bs, 2, k) ||
        (has_owner && indices(&bs, 3, n, k)))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    rc = rounds(BUF(bs, 0, i64), BUF(bs, 1, i64), n, BUF(bs, 2, i64), k, BUF(bs, 3, i64), has_owner, l2, l1);
    Py_END_ALLOW_THREADS
    return finish(&bs, rc, 0);
}

/* distinct(points, out, n) -> rows */
static PyObject *py_distinct(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"out", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[2];
    Py_ssize_t n, m;
    if (!PyArg_ParseTuple(args, "OOn", &o[0], &o[1], &n))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 4) || channels(&bs, 0, n))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    m = distinct(BUF(bs, 0, i64), n, BUF(bs, 1, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, m, 1);
}

/* entries_of(centres, entries, pm, k) */
static PyObject *py_entries_of(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"centres", I64, 0}, {"entries", U8, 1}, {"pm", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[3];
    Py_ssize_t k;
    int rc;
    if (!PyArg_ParseTuple(args, "OOOn", &o[0], &o[1], &o[2], &k))
        return NULL;
    if (take(&bs, o) || size_ok(k, "k") || holds(&bs, 0, k, 0, 4) || holds(&bs, 1, k, 1, 4) || holds(&bs, 2, k, 1, 4) ||
        channels(&bs, 0, k))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    rc = entries_of(BUF(bs, 0, i64), k, BUF(bs, 1, uint8_t), BUF(bs, 2, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, rc, 0);
}

/* mapped(points, counts, seen, pm, owner, used, histogram, n, k) */
static PyObject *py_mapped(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"counts", I64, 0}, {"seen", FLAG, 0}, {"entries", I64, 0},
                                     {"owner", I64, 1},  {"used", FLAG, 1},  {"histogram", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[7];
    Py_ssize_t n, k;
    int rc;
    if (!PyArg_ParseTuple(args, "OOOOOOOnn", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &n, &k))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || size_ok(k, "k") || (k < 1 && refuse("mapped: no entries")) ||
        holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 1) || holds(&bs, 2, n, 0, 1) || holds(&bs, 3, k, 0, 4) ||
        holds(&bs, 4, n, 0, 1) || holds(&bs, 5, k, 0, 1) || holds(&bs, 6, 256, 0, 1) || channels(&bs, 0, n) ||
        weights(&bs, 1, n) || channels(&bs, 3, k))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    rc = mapped(BUF(bs, 0, i64), BUF(bs, 1, i64), BUF(bs, 2, uint8_t), n, BUF(bs, 3, i64), k, BUF(bs, 4, i64),
                BUF(bs, 5, uint8_t), BUF(bs, 6, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, rc, 0);
}

/* gathered(keys, channels, weights, colours, counts, points, where, n) -> distinct */
static PyObject *py_gathered(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"keys", U32, 0},    {"channels", U8, 0}, {"weights", I64, 0},
                                     {"colours", U8, 1},  {"counts", I64, 1},  {"points", I64, 1},
                                     {"where", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[7];
    Py_ssize_t n, m;
    if (!PyArg_ParseTuple(args, "OOOOOOOn", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &n))
        return NULL;
    if (take(&bs, o) || size_ok(n, "n") || holds(&bs, 0, n, 0, 1) || holds(&bs, 1, n, 0, 4) || holds(&bs, 2, n, 0, 1) ||
        holds(&bs, 3, n, 0, 4) || holds(&bs, 4, n, 0, 1) || holds(&bs, 5, n, 0, 4) || holds(&bs, 6, n, 0, 1) ||
        weights(&bs, 2, n))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    m = gathered(BUF(bs, 0, uint32_t), BUF(bs, 1, uint8_t), BUF(bs, 2, i64), n, BUF(bs, 3, uint8_t), BUF(bs, 4, i64),
                 BUF(bs, 5, i64), BUF(bs, 6, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, m, 1);
}

/* fitted(points, counts, seen, visible, weight, start, entries, owner, histogram, n, nv, ns, k, give_up, l2, l1)
 * -> entries kept, 0 when given up */
static PyObject *py_fitted(PyObject *self, PyObject *args)
{
    static const param_t params[] = {{"points", I64, 0}, {"counts", I64, 0},  {"seen", FLAG, 0},
                                     {"visible", I64, 0}, {"weight", I64, 0}, {"start", I64, 0},
                                     {"entries", U8, 1},  {"owner", I64, 1},  {"histogram", I64, 1}};
    buffers_t bs = BUFFERS(params);
    PyObject *o[9];
    Py_ssize_t n, nv, ns, k, l2, l1, m;
    double give_up;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOnnnndnn", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7], &o[8], &n,
                          &nv, &ns, &k, &give_up, &l2, &l1))
        return NULL;
    Py_ssize_t fits = ns < k ? ns : k, most = nv <= k ? nv : fits; /* the start's rows used; the most centres */
    if (take(&bs, o) || size_ok(n, "n") || size_ok(nv, "nv") || size_ok(ns, "ns") ||
        (k < 1 && refuse("fitted: k must be at least 1")) || (nv > k && ns < 1 && refuse("fitted: no start")) ||
        rounds_ok(l2, l1) || holds(&bs, 0, n, 0, 4) || holds(&bs, 1, n, 0, 1) || holds(&bs, 2, n, 0, 1) ||
        holds(&bs, 3, nv, 0, 4) || holds(&bs, 4, nv, 0, 1) || (nv > k && holds(&bs, 5, fits, 0, 4)) ||
        holds(&bs, 6, most, 1, 4) || holds(&bs, 7, n, 0, 1) || holds(&bs, 8, 256, 0, 1) || channels(&bs, 0, n) ||
        weights(&bs, 1, n) || channels(&bs, 3, nv) || weights(&bs, 4, nv) || (nv > k && channels(&bs, 5, fits)))
        return fail(&bs);
    Py_BEGIN_ALLOW_THREADS
    m = fitted(BUF(bs, 0, i64), BUF(bs, 1, i64), BUF(bs, 2, uint8_t), n, BUF(bs, 3, i64), BUF(bs, 4, i64), nv,
               BUF(bs, 5, i64), ns, k, give_up, l2, l1, BUF(bs, 6, uint8_t), BUF(bs, 7, i64), BUF(bs, 8, i64));
    Py_END_ALLOW_THREADS
    return finish(&bs, m, 1);
}

static PyMethodDef methods[] = {
    {"nearest", py_nearest, METH_VARARGS, "nearest(points, centres, guess, owner, n, k, has_guess)"},
    {"spread", py_spread, METH_VARARGS, "spread(points, counts, chosen, owner, n, k) -> picks"},
    {"errors", py_errors, METH_VARARGS, "errors(points, counts, centres, owner, histogram, n, k)"},
    {"rounds", py_rounds, METH_VARARGS, "rounds(points, counts, centres, owner, n, k, has_owner, l2, l1)"},
    {"distinct", py_distinct, METH_VARARGS, "distinct(points, out, n) -> rows"},
    {"entries_of", py_entries_of, METH_VARARGS, "entries_of(centres, entries, pm, k)"},
    {"mapped", py_mapped, METH_VARARGS, "mapped(points, counts, seen, pm, owner, used, histogram, n, k)"},
    {"gathered", py_gathered, METH_VARARGS, "gathered(keys, channels, weights, colours, counts, points, where, n)"},
    {"fitted", py_fitted, METH_VARARGS,
     "fitted(points, counts, seen, visible, weight, start, entries, owner, histogram, n, nv, ns, k, give_up, l2, l1)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_fit",
    .m_doc = "The palette fit's inner loops in C (see fit_kernels.py).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__fit(void)
{
    return PyModule_Create(&module);
}
