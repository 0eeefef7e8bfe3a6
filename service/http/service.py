"""Per-app state of the HTTP service: the image cache, the parse memo and the metrics.

`Service.resolve` turns a notation and query into a hand, options, cache key and
ETag (or a `BadRequest`); `Service.image` returns cached bytes or renders once.

>>> svc = Service(cache_bytes=1 << 20, error_max_age=60)
>>> hand, options, key, etag = svc.resolve("0p", {"scale": "2"}, "png")
>>> svc.image(hand, options, key, check_size(hand, options))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import replace
from typing import Any, Mapping

from cachetools import LRUCache

from service.drawing.render import render
from service.drawing.version import RENDERER_VERSION
from service.layout.arrange import arrange
from service.layout.layout import Layout
from service.layout.limits import MAX_PIXELS, MAX_SIDE, MAX_TILE_PX, distinct_faces, fits, max_faces
from service.pictures.release import TILES_VERSION
from service.notation.grammar import ParseError
from service.notation.options import VECTOR_FORMATS, OptionError, RenderOptions, parse_dialect
from service.notation.subject import read
from service.notation.views import error_json
from service.scoring import score_text

from . import canary
from .cache import ImageCache
from .metrics import Metrics
from .vector import pack

# The cost ceiling (MAX_PIXELS, MAX_SIDE, MAX_TILE_PX, max_faces) is service/layout/limits.py's.
LARGE_PIXELS = 250_000   # images over this live in the image cache's own large share

ERROR_CACHE_SHARE = 16   # error pictures: 1/16 of the image cache's bytes, apart from it
MEMO_ENTRY_BYTES = 8192  # parse memo: one URL per 8 KiB of image cache (8192 at 64 MiB)
MEMO_MAX_URL = 512
CANARY_EVERY = 1.0       # seconds: /healthz draws the canary at most this often, and says the last result between


def version() -> str:
    """The package's version (service/VERSION), for /healthz and the JSON ETag."""
    return TILES_VERSION


class BadRequest(Exception):
    """Any 4xx we answer ourselves: a ParseError or OptionError, reshaped."""

    def __init__(self, kind: str, message: str, notation: str = "", position: int | None = None,
                 param: str | None = None, status: int = 400):
        super().__init__(message)
        self.kind, self.message, self.notation = kind, message, notation
        self.position, self.param, self.status = position, param, status

    @classmethod
    def from_parse(cls, err: ParseError) -> BadRequest:
        return cls("notation", err.message, err.notation, err.position)

    @classmethod
    def from_option(cls, err: OptionError, notation: str) -> BadRequest:
        """The option's 400; with the option's own tile text (``visible``) when the error is placed in it."""
        if err.text is not None:
            return cls("option", err.message, err.text, err.position, err.param)
        return cls("option", err.message, notation, None, err.param)

    def json(self) -> dict[str, Any]:
        body = error_json(self)  # duck-typed: message, position, notation
        if self.param:
            body["error"]["param"] = self.param
        return body


def etag_for(key: str) -> str:
    """A strong ETag (unquoted): a hash of the cache key (version, canonical notation, options)."""
    return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()


def check_size(hand, options: RenderOptions) -> Layout:
    """The hand's (or river's) layout, or BadRequest past the cost ceiling (`check_picture`).

    >>> from service.notation.grammar import parse
    >>> check_size(parse("123m"), RenderOptions(height=200, scale=3))
    Traceback (most recent call last):
    ...
    service.http.service.BadRequest: tiles would be 600 pixels tall (height 200 x scale 3); the limit is 512: lower height or scale
    """
    lay = laid_out(hand, options)
    check_picture(lay, options, hand.notation)
    return lay


def laid_out(hand, options: RenderOptions) -> Layout:
    """`arrange`, its refusals as BadRequest: a score's context that does not fit the hand (riichi
    with called melds), or a hand with no acceptance table (``layout=efficiency``: not 3n+1 or 3n+2
    tiles, jokers) at its position.

    >>> from service.notation.grammar import parse
    >>> laid_out(parse("123m"), RenderOptions(layout="efficiency"))
    Traceback (most recent call last):
    ...
    service.http.service.BadRequest: 3 concealed tiles with 0 melds: a table needs 13 (to draw) or 14 (to discard)
    """
    try:
        return arrange(hand, options)
    except OptionError as err:
        raise BadRequest.from_option(err, hand.notation) from None
    except ParseError as err:
        raise BadRequest.from_parse(err) from None


def check_picture(lay: Layout, options: RenderOptions, notation: str = "") -> None:
    """Refuse a laid-out picture (a hand's, a river's or a scene's) with tiles over MAX_TILE_PX,
    a bitmap over MAX_SIDE or MAX_PIXELS, or more distinct faces than `max_faces` at its tile
    size (drawing them is what a new size costs; every face of a layout is drawn at its tile
    height, a table seat's turned tiles too). Each says what to lower.

    >>> from service.notation.scene import read_scene
    >>> from service.drawing.scene import arrange_scene
    >>> card = read_scene("problem: {round: E1, seat: S, dora: 1s2s3s4s, hand: 123456789m1234p+6z}")
    >>> options = RenderOptions(scale=3)
    >>> check_picture(arrange_scene(card, options).layout, options)
    Traceback (most recent call last):
    ...
    service.http.service.BadRequest: the image shows 19 different faces, each drawn first at a size not seen before; at 114 pixels a tile the limit is 18: lower height or scale, or use fewer different tiles
    """
    tile_px = options.height * options.scale
    if tile_px > MAX_TILE_PX:
        raise BadRequest(
            "size",
            f"tiles would be {tile_px} pixels tall (height {options.height} x scale {options.scale}); "
            f"the limit is {MAX_TILE_PX}: lower height or scale",
            notation, None, "height",
        )
    w, h = lay.width * options.scale, lay.height * options.scale
    if not fits(lay.width, lay.height, options.height, options.scale):  # faces: below, with their own message
        raise BadRequest(
            "size",
            f"the image would be {w}x{h} pixels; the limit is {MAX_PIXELS:,} pixels "
            f"and {MAX_SIDE} a side: lower height or scale, or use fewer tiles",
            notation, None, "height",
        )
    faces = distinct_faces(lay) if options.format not in VECTOR_FORMATS else 1  # an SVG's or PDF's tiles are vectors
    most = max_faces(tile_px, options.index)  # a corner index is one more glyph a face
    if faces > most:
        with_index = " with corner indices" if options.index else ""
        raise BadRequest(
            "size",
            f"the image shows {faces} different faces, each drawn first at a size not seen before; at "
            f"{tile_px} pixels a tile{with_index} the limit is {most}: lower height or scale, or use "
            "fewer different tiles",
            notation, None, "height",
        )


def is_large(lay: Layout, options: RenderOptions) -> bool:
    """Over LARGE_PIXELS: cached in the image cache's large share, apart from docs-size images."""
    return lay.width * lay.height * options.scale**2 > LARGE_PIXELS


class Service:
    """Per-app state: the image cache, the parse memo and the metrics."""

    def __init__(self, cache_bytes: int, error_max_age: int):
        self.cache = ImageCache(cache_bytes)
        self.error_images = ImageCache(max(cache_bytes // ERROR_CACHE_SHARE, 64 * 1024))
        self.metrics = Metrics()
        self.draining = False  # the server is stopping: /healthz says 503 (set by worker.TilesWorker)
        self.version = version()
        self.error_cache_control = f"public, max-age={error_max_age}"
        # (format, notation, raw query) -> (cache key, etag): lets a repeat URL
        # skip parsing, which costs more than the rest of a cached answer.
        self._memo: LRUCache = LRUCache(maxsize=max(cache_bytes // MEMO_ENTRY_BYTES, 64))
        self._memo_lock = threading.Lock()
        self._canary: tuple[float, str | None] = (-CANARY_EVERY, None)  # (when drawn, monotonic; its problem)

    def canary_problem(self, wsgi_app) -> str | None:
        """What is wrong with the canary drawn by `wsgi_app` (canary.py), or None; drawn again once
        `CANARY_EVERY` has passed since the last time, so a flood of health checks costs no more."""
        at, found = self._canary
        if time.monotonic() - at >= CANARY_EVERY:
            found = canary.problem(wsgi_app)
            self._canary = (time.monotonic(), found)
        return found

    def resolve(self, notation: str, params: Mapping[str, str], fmt: str):
        """Parse and validate; returns (hand or river, options, key, etag) or raises BadRequest."""
        try:  # the dialect first: without it the notation cannot be read
            dialect = parse_dialect(params["dialect"]) if params.get("dialect") else None
        except OptionError as err:
            raise BadRequest.from_option(err, notation) from None
        try:  # notation errors come next; a bad layout value is reported with the options
            hand = read(notation, params.get("layout") or "hand", dialect)
        except ParseError as err:
            raise BadRequest.from_parse(err) from None
        try:
            options = RenderOptions.from_query(params, fmt)
            if "score" in params:  # the score card's context (service.scoring), a part of the key
                options = replace(options, score=score_text(params))
        except OptionError as err:
            raise BadRequest.from_option(err, notation) from None
        key = f"{RENDERER_VERSION}|{hand.canonical()}|{options.key()}"
        return hand, options, key, etag_for(key)

    def memo_get(self, memo_key):
        with self._memo_lock:
            return self._memo.get(memo_key)

    def memo_put(self, memo_key, value) -> None:
        if len(memo_key[1]) + len(memo_key[2]) <= MEMO_MAX_URL:
            with self._memo_lock:
                self._memo[memo_key] = value

    def image(self, hand, options: RenderOptions, key: str, lay: Layout, fresh: bool = False) -> bytes:
        """Cached bytes, or timed and counted rendering on a miss (`lay` from `check_size`; SVG: gzipped)."""
        return self.drawn(key, lambda: render(hand, options, lay), options.format, is_large(lay, options), fresh)

    def timed(self, draw, fmt: str):
        """`draw`, timed in tiles_render_seconds and counted in tiles_renders_total under `fmt`."""
        m = self.metrics

        def timed() -> bytes:
            start = time.perf_counter()
            out = draw()
            m.render_seconds.labels(fmt).observe(time.perf_counter() - start)
            m.renders.labels(fmt).inc()
            return out

        return timed

    def drawn(self, key: str, draw, fmt: str, large: bool = False, fresh: bool = False) -> bytes:
        """The image cache's bytes for `key`, or ``draw()``'s (SVG: gzipped), timed and counted:
        every picture the service draws, a hand's or a scene's, is counted in the same metrics.
        ``fresh``: draw it even if cached, and leave the cache alone (the canary, canary.py).

        >>> svc = Service(cache_bytes=1 << 20, error_max_age=60)
        >>> svc.drawn("k", lambda: b"abc", "png"), svc.drawn("k", lambda: b"zzz", "png")
        (b'abc', b'abc')
        >>> svc.metrics.registry.get_sample_value("tiles_renders_total", {"format": "png"})
        1.0
        """
        m = self.metrics
        timed = self.timed((lambda: pack(draw())) if fmt == "svg" else draw, fmt)  # SVG is cached gzipped (vector.py)
        if fresh:
            return timed()
        data = self.cache.get(key)
        if data is not None:
            m.cache_hits.inc()
            return data
        data, outcome = self.cache.get_or_render(key, timed, large=large)
        (m.cache_misses if outcome == "miss" else m.cache_hits).inc()
        m.cache_bytes.set(self.cache.bytes)
        return data
