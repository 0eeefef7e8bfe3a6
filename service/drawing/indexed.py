"""Faces as colour tables, and hands as palette pictures wherever 256 colours keep the look.

Each face is kept as a colour table, made once when it is drawn (`face_colours`): its
distinct colours, how many pixels have each, and the face as indices into them (2
bytes a pixel, against 4 for RGBA). Exact pictures rebuild RGBA faces from it
(`face_image`).
A picture's palette is fitted to the colours of its faces, weighted by those counts
and by how often each face appears (`service.drawing.palette.fit`), once per set of faces
(cached), and the faces are turned into palette indices then. Adding up the faces'
error histograms gives the picture's error against the exact RGBA picture without
drawing it: the palette is used only when that keeps `QUALITY_BOUND`, else `None`
and the caller draws the exact picture. A render is then an index copy and a P-mode
encode.

>>> from service.notation.grammar import parse
>>> from service.notation.options import RenderOptions
>>> from service.layout.arrange import arrange
>>> opts = RenderOptions(scale=2)
>>> picture = indexed_picture(arrange(parse("123m+-123m"), opts), opts)
>>> img = picture.image()
>>> img.mode, img.size == (arrange(parse("123m+-123m"), opts).width * 2, 76)
('P', True)
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
from PIL import Image

from service.layout.layout import Layout, Placement
from service.layout.limits import MAX_PIXELS
from service.notation.options import RenderOptions
from tile_art.corner import has_index
from tile_art.faces import check, draw_face
from tile_art.lru import ByteLRU, share

from .dimmed import dimmed
from .palette import (
    ENTRIES,
    GIVE_UP,
    L1_ROUNDS,
    L2_ROUNDS,
    QUALITY_BOUND,
    RGBA,
    compiled,
    errors,
    errors_allow,
    fit,
    nearest,
    over,
    premultiply,
    spread,
    unpremultiply,
)

FEWEST, FEWER_TRIES = 64, 2  # see `_fitted`
START_TO_FIT = 0.5  # a fit's errors against its start's, as `_foreseen` reads them
QUANTIZED_MAX_PIXELS = 4 * MAX_PIXELS  # the largest drawn picture `quantized_picture` fits
MAX_COLOURS = 4096  # distinct colours of a picture's faces beyond which it is drawn exact (bounds the fit's cost)
DEFAULT_BYTES = 8 * 1024 * 1024  # picture palettes, per process (`--palette-cache-bytes`)
OVER_KEPT = 4  # backgrounds whose PLTE/tRNS a palette keeps (light, dark, transparent, one more)
OVER_BYTES = 1536  # one background's PLTE (3 B an entry) and tRNS (1 B), with their objects
_NO_START = np.zeros((0, 4), np.int64)

FaceKey = tuple[str, int, int, str, bool, bool, bool]  # code, height, scale, theme, sideways, dimmed, index
# A cached colour table's objects beyond its arrays' data: three array headers, the table,
# its key, the cache's entries (measured with tracemalloc: ~0.9 KB; a face at 1x is ~1 KB).
TABLE_BYTES = 1024


@dataclass(frozen=True, eq=False)
class FaceColours:
    """A face's distinct straight RGBA colours (n, 4), pixels per colour, and the face as
    indices into the colours ((h, w): uint8, 1 byte a pixel, when it has at most 256
    colours, as every face at 1x and about half at 2x and 3x do; else uint16)."""

    colours: np.ndarray
    counts: np.ndarray
    index: np.ndarray

    @property
    def nbytes(self) -> int:
        """What it takes in memory: its arrays' data and `TABLE_BYTES` for the objects round them."""
        return self.colours.nbytes + self.counts.nbytes + self.index.nbytes + TABLE_BYTES


@dataclass(frozen=True, eq=False)
class PicturePalette:
    """The palette of one multiset of faces: straight RGBA entries (entry 0 transparent),
    each face as entry indices ((h, w) uint8), and the error histogram of all their
    pixels (each face counted as often as it appears)."""

    entries: np.ndarray
    faces: dict[FaceKey, np.ndarray]
    errors: np.ndarray
    _over: dict = field(default_factory=dict)

    def over(self, background: RGBA | None) -> tuple[bytes, bytes | None]:
        """(PLTE, tRNS or None) of the entries over `background` (`palette.over`): the last
        `OVER_KEPT` backgrounds are kept (a loop over `bg=` values must not grow it).

        >>> p = PicturePalette(np.zeros((1, 4), np.uint8), {}, np.zeros(1, np.int64))
        >>> for grey in range(100): _ = p.over((grey, grey, grey, 255))
        >>> len(p._over) == OVER_KEPT
        True
        """
        kept = self._over.get(background)
        if kept is None:
            kept = over(self.entries, background)
            while len(self._over) >= OVER_KEPT:
                self._over.pop(next(iter(self._over)), None)
            self._over[background] = kept
        return kept

    @property
    def nbytes(self) -> int:
        """Its arrays, and room for `OVER_KEPT` backgrounds' PLTE and tRNS (counted
        when it is cached: what `over` adds later is already in the bound)."""
        return (self.entries.nbytes + self.errors.nbytes + sum(a.nbytes for a in self.faces.values())
                + OVER_KEPT * OVER_BYTES)


# The faces' share of the tile caches (`--face-cache-bytes`) holds their colour tables.
_COLOURS = ByteLRU(share()[0], getsizeof=lambda fc: fc.nbytes)
_PALETTES = ByteLRU(DEFAULT_BYTES, getsizeof=lambda p: 1 if p is None else p.nbytes)
_LOCK = threading.Lock()


def set_cache_bytes(faces: int | None = None, palettes: int | None = None) -> None:
    """Bound the faces' colour tables and the picture palettes (bytes; None: as they are)."""
    with _LOCK:
        if faces is not None:
            _COLOURS.resize(faces)
        if palettes is not None:
            _PALETTES.resize(palettes)


def cache_bytes() -> dict[str, int]:
    """Bytes held by the colour tables and palettes, and their bounds (for /healthz)."""
    with _LOCK:
        return {"face_colours": _COLOURS.currsize, "face_colours_max": _COLOURS.maxsize,
                "palettes": _PALETTES.currsize, "palettes_max": _PALETTES.maxsize}


def clear_cache(tables: bool = True) -> None:
    """Forget the picture palettes and (`tables`) the faces' colour tables."""
    with _LOCK:
        if tables:
            _COLOURS.clear()
        _PALETTES.clear()


def _keep(cache: ByteLRU, key, value) -> None:
    with _LOCK:
        try:
            cache[key] = value
        except ValueError:  # larger than the whole bound: used once, not kept
            pass


def face_key(p: Placement, options: RenderOptions) -> FaceKey:
    """The face a placement shows; `index` only where the face has a corner index (a joker's or a
    back's face is the same face with it).

    >>> from service.notation.grammar import parse
    >>> from service.layout.arrange import arrange
    >>> opts = RenderOptions(index=True)
    >>> [face_key(p, opts)[-1] for p in arrange(parse("1zj"), opts).placements]
    [True, False]
    """
    code = p.tile.code
    return (code, p.size or options.height, options.scale, options.theme, p.sideways, p.tile.tsumogiri,
            options.index and has_index(code))


def face_image(key: FaceKey) -> Image.Image:
    """The exact RGBA face of `key` (dimmed for a tsumogiri discard), rebuilt from its
    colour table: a new image, the caller's to change."""
    table = face_colours(key)
    rgba = np.take(table.colours.view(np.uint32).ravel(), table.index)  # a pixel a word
    return Image.frombytes("RGBA", table.index.shape[::-1], rgba.tobytes())


def face_colours(key: FaceKey) -> FaceColours:
    """The colour table of face `key`, made once when it is drawn, and cached."""
    with _LOCK:
        hit = _COLOURS.get(key)
    if hit is not None:
        return hit
    code, height, scale, theme, sideways, dim, index = key
    if dim:
        img = dimmed(face_image((code, height, scale, theme, sideways, False, index)))
    else:
        check(code, height, scale, theme)
        img = draw_face(code, height, scale, theme, sideways, index)
    table = colour_table(img)
    _keep(_COLOURS, key, table)
    return table


def colour_table(img: Image.Image, most: int | None = None) -> FaceColours | None:
    """The colour table of an RGBA image (None past `most` colours): its colours in the
    order of their keys (as ``np.unique`` gives them), found by Pillow's colour count and
    looked up by a search of the sorted keys, which costs about half of sorting every pixel
    at 256 px and more.

    >>> t = colour_table(Image.new("RGBA", (3, 2), (9, 8, 7, 255)))
    >>> t.colours.tolist(), t.counts.tolist(), t.index.tolist()
    ([[9, 8, 7, 255]], [6], [[0, 0, 0], [0, 0, 0]])
    """
    found = img.getcolors(most or img.width * img.height)
    if found is None:
        return None
    keys = np.array([colour for _, colour in found], np.uint8).view(np.uint32).ravel()
    keys.sort()
    index = np.searchsorted(keys, np.asarray(img, np.uint8).reshape(-1, 4).view(np.uint32).ravel())
    counts = np.bincount(index, minlength=len(keys)).astype(np.int32)
    return FaceColours(keys.view(np.uint8).reshape(-1, 4), counts,
                       index.astype(np.uint8 if len(keys) <= 256 else np.uint16).reshape(img.height, img.width))


def _fitted(faces: tuple[tuple[FaceKey, int], ...]) -> PicturePalette | None:
    """Fit the palette of `faces` ((key, times) pairs), or None past `MAX_COLOURS` or when
    the fit is given up (`palette.GIVE_UP`).

    Fewer entries make smaller files (fewer distinct indices along anti-aliased edges).
    First one fit at the entries `_foreseen` from the spread's own errors; where that
    misses `QUALITY_BOUND`, one at the more entries `_more` foresees from its errors,
    then 255. Where nothing was foreseen, a fit of 255 entries, and when its pixels keep
    the bound with room to spare, up to `FEWER_TRIES` more fits at the fewer entries
    `_fewer` foresees from its errors; the first that keeps the bound is used
    (`_fit_colours`).
    """
    tables = [face_colours(key) for key, _ in faces]
    keys = np.concatenate([t.colours.view(np.uint32).ravel() for t in tables])
    weights = np.concatenate([t.counts * times for t, (_, times) in zip(tables, faces)])
    colours, counts, points, where = _gathered(keys, weights.astype(np.int64))
    if len(colours) > MAX_COLOURS:
        return None
    best = _fit_sorted(colours, counts, points)
    if best is None:
        return None
    entries, owner, histogram = best
    lut = owner.astype(np.uint8)
    indexed, first = {}, 0
    for (key, _), table in zip(faces, tables):
        indexed[key] = np.take(lut[where[first:first + len(table.colours)]], table.index)  # take: 2x fancy indexing
        first += len(table.colours)
    return PicturePalette(entries, indexed, histogram)


def _gathered(keys: np.ndarray, weights: np.ndarray):
    """The distinct colours of `keys` (straight RGBA as uint32) in the order the fit sees
    them (`_fit_colours`), their summed `weights`, them premultiplied, and each key's
    place among them. Compiled after `use_compiled` (`fit_kernels.gathered`)."""
    kernels = compiled()
    if kernels is not None:
        return kernels.gathered(keys, keys.view(np.uint8).reshape(-1, 4), weights)
    distinct, where = np.unique(keys, return_inverse=True)
    counts = np.rint(np.bincount(where, weights.astype(np.float64), minlength=len(distinct))).astype(np.int64)
    colours = distinct.view(np.uint8).reshape(-1, 4)
    points = premultiply(colours)
    order = np.argsort(points.sum(axis=1), kind="stable")
    place = np.empty_like(order)
    place[order] = np.arange(len(order))
    return colours[order], counts[order], points[order], place[where]


def _fit_colours(colours: np.ndarray, counts: np.ndarray):
    """(entries, each colour's entry, error histogram) of the palette fitted to straight RGBA
    `colours` seen `counts` times, or None when the fit is given up (`_fitted` says how).

    `colours` are distinct, in the order of their keys (as `np.unique` gives them). The fit
    sees them in the order `_gathered` puts them in.
    """
    ordered, counts, points, where = _gathered(np.ascontiguousarray(colours).view(np.uint32).ravel(),
                                               counts.astype(np.int64))
    best = _fit_sorted(ordered, counts, points)
    if best is None:
        return None
    entries, owner, histogram = best
    return entries, owner[where], histogram


def _fit_sorted(colours: np.ndarray, counts: np.ndarray, points: np.ndarray):
    """`_fit_colours` of colours in the order `_gathered` gives (`points`: premultiplied).
    Fitted in order of their channel sums, the compiled nearest-centre search walks its
    way up the centres instead of searching afresh for each colour."""
    seen = colours[:, 3] > 0
    visible, weight = points[seen], counts[seen]  # what the fits see (not the transparent colour)
    start = None
    kernels = compiled()

    def fitted(k: int):
        if kernels is None:
            return _mapped(points, counts, seen, fit(visible, weight, k, GIVE_UP, start))
        first = start
        if first is None:  # at most 255 colours: a fewer-entries fit spreads its own start
            first = spread(visible, weight, k) if k < len(visible) else _NO_START
        given_up, *best = kernels.fitted(points, counts, seen, visible, weight, first, k, GIVE_UP,
                                         L2_ROUNDS, L1_ROUNDS)
        return None if given_up else tuple(best)  # the same, in one compiled call

    if len(visible) > ENTRIES - 1:
        start, owner = spread(visible, weight, ENTRIES - 1, owners=True)
        k = _foreseen(visible, weight, start, owner) if FEWER_TRIES else None
        if k is not None:  # one fit, where it keeps the bound (most new hands; `_foreseen`)
            one = fitted(k)
            if one is not None and errors_allow(one[2]):
                return one
            more = _more(one[2], k) if one is not None else ENTRIES - 1
            if more < ENTRIES - 1:
                two = fitted(more)
                if two is not None and errors_allow(two[2]):
                    return two
            return fitted(ENTRIES - 1)
    best = fitted(ENTRIES - 1)
    if best is None:
        return None
    if errors_allow(best[2]):
        for k in _fewer(best[2], len(best[0]) - 1)[:FEWER_TRIES]:  # entry 0 (transparent) is not fitted
            fewer = fitted(k)
            if fewer is not None and errors_allow(fewer[2]):
                best = fewer
                break
    return best


def _foreseen(points: np.ndarray, counts: np.ndarray, start: np.ndarray, owner: np.ndarray) -> int | None:
    """The entries to fit first, foreseen from the errors of the `start` centres themselves
    (255 of them; `owner`: each point's nearest, from `spread`), or None when those leave
    no room for fewer.

    `_fewer` reads them scaled by `START_TO_FIT` (what a fit makes of a start's errors, as
    the entries go) and its second, less daring guess is taken. It holds for about half
    the new hands at 1x, two thirds at 2x and nearly all at 3x; `_more` follows a miss
    (1.5 / 1.4 / 1.05 fits a hand, where 255 entries first, then the fewer took 2.6 / 2.1
    / 2.7, bytes within 1.5%). Read at 0.55 or 0.6 it holds more often but puts issue
    12's hand over its 6,000 B.
    """
    histogram = errors(points, counts, start, owner)
    scaled = np.bincount(np.rint(np.arange(len(histogram)) * START_TO_FIT).astype(np.int64), histogram,
                         minlength=256)
    fewer = _fewer(np.rint(scaled).astype(np.int64), len(start))
    return fewer[-1] if fewer else None


def _more(histogram: np.ndarray, k: int) -> int:
    """More entries than `k` to fit after a `k`-entry fit with errors `histogram` missed
    `QUALITY_BOUND`: the fewest at which those errors would keep it if they shrank as
    fits' errors do with more entries (`_fewer`'s model), then a quarter of the way on
    to 255 for what the model misses. Over the sample hands and 20 random ones, light
    and dark, 1x-3x: 1.05-1.5 fits a new hand where 255 first, then the fewer took
    1.2-2.1, bytes within 1%.

    >>> _more(np.bincount([0] * 40 + [1] * 60, minlength=256), 150)  # mean 0.6
    191
    """
    lo = _fewest_keeping(histogram, k, k + 1, ENTRIES - 1)
    return lo + (ENTRIES - 1 - lo) // 4


def _fewer(histogram: np.ndarray, k: int) -> list[int]:
    """Fewer entries than `k` to try, fewest first: the fewest (down to `FEWEST`) at which
    the errors of the `k`-entry fit (`histogram`) would just reach `QUALITY_BOUND` if they
    grew as fits' errors do with fewer entries, then halfway from there back to `k`.

    Over the sample hands at 1x-3x a fit of k' < k entries had a mean error of about
    mean_k x (k / k')**1.5 and a 99th percentile of about p99_k x k / k'. Both tests are
    in integers, so every machine foresees the same. One or two fits replace the three
    of a bisection, within 3.4% of its bytes (`bench render`).

    >>> _fewer(np.bincount([0] * 95 + [4] * 5, minlength=256), 255)  # mean 0.2, p99 4
    [139, 197]
    >>> _fewer(np.bincount([0] * 50 + [1] * 50, minlength=256), 100)  # mean 0.5: no room
    []
    """
    lo = _fewest_keeping(histogram, k, FEWEST, k)
    return [j for j in dict.fromkeys((lo, (lo + k) // 2)) if j < k]


def _fewest_keeping(histogram: np.ndarray, k: int, lo: int, hi: int) -> int:
    """The fewest j in [lo, hi] (hi if none) at which the errors of a `k`-entry fit would
    keep `QUALITY_BOUND` if they changed as fits' errors do with j entries (`_fewer`)."""
    n = int(histogram.sum())
    total = int((histogram * np.arange(len(histogram))).sum())  # the mean is total / n
    p99 = max(1, int(np.searchsorted(np.cumsum(histogram), 0.99 * n)))
    bound_mean, bound_p99 = QUALITY_BOUND
    mean_num, mean_den = (bound_mean * 2).as_integer_ratio()  # the bound's mean as a fraction / 2

    def keeps(j: int) -> bool:  # mean_k (k/j)^1.5 <= bound_mean and p99_k k/j <= bound_p99
        return (4 * mean_den * mean_den * total * total * k ** 3 <= mean_num * mean_num * n * n * j ** 3
                and p99 * k <= bound_p99 * j)

    while lo < hi:
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if keeps(mid) else (mid + 1, hi)
    return lo


def _mapped(points: np.ndarray, counts: np.ndarray, seen: np.ndarray, centres: np.ndarray | None):
    """(entries, each colour's entry, error histogram) of `centres`, entry 0 transparent;
    None for no centres."""
    if centres is None:
        return None
    entries = unpremultiply(centres)
    # partly transparent entries first (a short tRNS), then darkest to lightest; 0 is transparent
    r, g, b, a = (entries[:, ch].astype(np.int64) for ch in range(4))
    entries = np.concatenate([np.zeros((1, 4), np.uint8), entries[np.lexsort((b, g, r, r + g + b, a == 255))]])
    entry_pm = premultiply(entries)
    kernels = compiled()
    if kernels is not None:
        owner, used, histogram = kernels.mapped(points, counts, seen, entry_pm)
        return entries[used], owner, histogram
    owner = nearest(points, entry_pm)
    owner[~seen] = 0
    used = np.union1d([0], owner)  # entries some colour is nearest to (and the transparent one)
    entries, entry_pm, owner = entries[used], entry_pm[used], np.searchsorted(used, owner)
    return entries, owner, errors(points, counts, entry_pm, owner)


def picture_palette(faces: tuple[tuple[FaceKey, int], ...]) -> PicturePalette | None:
    """The cached palette of a multiset of faces (sorted (key, times) pairs)."""
    with _LOCK:
        if faces in _PALETTES:
            return _PALETTES[faces]
    palette = _fitted(faces)
    _keep(_PALETTES, faces, palette)
    return palette


@dataclass(frozen=True, eq=False)
class IndexedPicture:
    """A palette picture: entry indices ((h, w) uint8), PLTE bytes (RGB per entry) and
    tRNS bytes (alpha per entry; None when every entry is opaque)."""

    indices: np.ndarray
    palette: bytes
    transparency: bytes | None

    def image(self) -> Image.Image:
        """The picture as a Pillow "P" image."""
        h, w = self.indices.shape
        img = Image.frombytes("P", (w, h), self.indices.tobytes())
        img.putpalette(self.palette)
        if self.transparency is not None:
            img.info["transparency"] = self.transparency
        return img


def indexed_picture(lay: Layout, options: RenderOptions) -> IndexedPicture | None:
    """The palette picture of `lay` on its faces' palette, or None where the palette would
    leave `QUALITY_BOUND` (or the faces have too many colours): draw it exact then."""
    s = options.scale
    keys = [face_key(p, options) for p in lay.placements]
    palette = picture_palette(tuple(sorted(Counter(keys).items())))
    if palette is None:
        return None
    width, height = lay.width * s, lay.height * s
    errors = palette.errors.copy()
    errors[0] += width * height - int(errors.sum())  # the background between tiles is exact
    if not errors_allow(errors):
        return None
    canvas = np.zeros((height, width), np.uint8)
    for p, key in zip(lay.placements, keys):
        face = palette.faces[key]
        x, y = p.x * s, p.y * s
        canvas[y:y + face.shape[0], x:x + face.shape[1]] = face
    return IndexedPicture(canvas, *palette.over(options.background))


def quantized_picture(img: Image.Image) -> IndexedPicture | None:
    """A drawn RGBA picture (a scene: labels and shapes besides its faces) as a palette
    picture fitted to its own pixels, or None where that would leave `QUALITY_BOUND`, or it
    has more than `MAX_COLOURS` colours or `QUANTIZED_MAX_PIXELS` pixels: keep it exact
    then. Not cached: a scene's picture is cached whole.

    >>> img = Image.new("RGBA", (4, 2), (250, 240, 220, 255))
    >>> quantized_picture(img).indices.tolist()
    [[1, 1, 1, 1], [1, 1, 1, 1]]
    """
    if img.width * img.height > QUANTIZED_MAX_PIXELS:
        return None  # only a build draws this large (the service refuses it): the sort would cost seconds and GBs
    table = colour_table(img if img.mode == "RGBA" else img.convert("RGBA"), MAX_COLOURS)
    if table is None:
        return None
    best = _fit_colours(table.colours, table.counts.astype(np.int64))
    if best is None or not errors_allow(best[2]):
        return None
    entries, owner, _ = best
    return IndexedPicture(np.take(owner.astype(np.uint8), table.index), *over(entries, None))
