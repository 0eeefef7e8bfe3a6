"""Per-app state of the HTTP service: the image cache, the parse memo and the metrics.

`Service.resolve` turns a notation and query into a hand, options, cache key and
ETag (or a `BadRequest`); `Service.image` returns cached bytes or renders once.

>>> svc = Service(cache_bytes=1 << 20, error_max_age=60)
>>> hand, options, key, etag = svc.resolve("0p", {"scale": "2"}, "png")
>>> svc.image(hand, options, key)[:4]
b'\\x89PNG'
"""

from __future__ import annotations

import hashlib
import threading
import time
from importlib import metadata
from typing import Any, Mapping

from cachetools import LRUCache

from ..layout import Layout
from ..notation import ParseError
from ..options import OptionError, RenderOptions
from ..render import RENDERER_VERSION, render
from ..subject import arrange, read
from ..views import error_json
from .cache import ImageCache
from .metrics import Metrics

# The biggest bitmap we draw: height x scale and tile count are each bounded,
# but their product is not, so the area is checked before drawing.
MAX_SIDE = 16384
MAX_PIXELS = 16_000_000

ERROR_IMAGE_CACHE_BYTES = 4 * 1024 * 1024  # apart, so junk URLs cannot evict real images
MEMO_MAX_URL = 512


def version() -> str:
    """The installed package version, for /healthz and the JSON ETag."""
    try:
        return metadata.version("tiles")
    except metadata.PackageNotFoundError:
        return "0+unknown"


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
    """The hand's (or river's) layout; refuses bitmaps over MAX_SIDE or MAX_PIXELS before any drawing."""
    lay = arrange(hand, options)
    w, h = lay.width * options.scale, lay.height * options.scale
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        raise BadRequest(
            "size",
            f"the image would be {w}x{h} pixels; the limit is {MAX_PIXELS // 1_000_000} megapixels "
            f"and {MAX_SIDE} pixels a side: lower height or scale",
            hand.notation, None, "height",
        )
    return lay


class Service:
    """Per-app state: the image cache, the parse memo and the metrics."""

    def __init__(self, cache_bytes: int, error_max_age: int):
        self.cache = ImageCache(cache_bytes)
        self.error_images = ImageCache(ERROR_IMAGE_CACHE_BYTES)
        self.metrics = Metrics()
        self.version = version()
        self.error_cache_control = f"public, max-age={error_max_age}"
        # (format, notation, raw query) -> (cache key, etag): lets a repeat URL
        # skip parsing, which costs more than the rest of a cached answer.
        self._memo: LRUCache = LRUCache(maxsize=8192)
        self._memo_lock = threading.Lock()

    def resolve(self, notation: str, params: Mapping[str, str], fmt: str):
        """Parse and validate; returns (hand or river, options, key, etag) or raises BadRequest."""
        try:  # notation errors come first; a bad layout value is reported with the options
            hand = read(notation, params.get("layout") or "hand")
        except ParseError as err:
            raise BadRequest.from_parse(err) from None
        try:
            options = RenderOptions.from_query(params, fmt)
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

    def image(self, hand, options: RenderOptions, key: str) -> bytes:
        """Cached bytes, or checked, timed and counted rendering on a miss."""
        data = self.cache.get(key)
        m = self.metrics
        if data is not None:
            m.cache_hits.inc()
            return data
        lay = check_size(hand, options)

        def draw() -> bytes:
            start = time.perf_counter()
            out = render(hand, options, lay)
            m.render_seconds.labels(options.format).observe(time.perf_counter() - start)
            m.renders.labels(options.format).inc()
            return out

        data, outcome = self.cache.get_or_render(key, draw)
        (m.cache_misses if outcome == "miss" else m.cache_hits).inc()
        m.cache_bytes.set(self.cache.bytes)
        return data
