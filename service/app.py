"""The HTTP service: notation URLs in, cached images out, never a 500.

Routes (see docs/service.md)::

    GET /<notation>                 PNG, the URL docs components already emit
    GET /tiles/<notation>.png|.webp|.json
    GET /tiles.png|.webp|.json?n=   the notation in the query string
    GET /healthz  /metrics  /       health, Prometheus text, playground

All drawing lives in service.render and service.error_image; this module only
parses, looks up the cache, and sets headers.

>>> client = create_app().test_client()
>>> r = client.get("/0p?scale=2")
>>> r.status_code, r.mimetype, r.headers["Cache-Control"]
(200, 'image/png', 'public, max-age=31536000, immutable')
>>> client.get("/r5p?scale=2", headers={"If-None-Match": r.headers["ETag"]}).status_code
304
"""

from __future__ import annotations

import hashlib
import threading
import time
from importlib import metadata
from typing import Any, Mapping

from cachetools import LRUCache
from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from .cache import DEFAULT_MAX_BYTES, ImageCache, parse_bytes
from .error_image import error_png
from .layout import Layout, layout
from .metrics import Metrics
from .notation import ParseError, parse
from .options import OptionError, RenderOptions
from .render import RENDERER_VERSION, render
from .views import error_json, hand_json

# The biggest bitmap we draw: height x scale and tile count are each bounded,
# but their product is not, so the area is checked before drawing.
MAX_SIDE = 16384
MAX_PIXELS = 16_000_000

IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable"
JSON_CACHE_CONTROL = "public, max-age=86400"
MIMETYPES = {"png": "image/png", "webp": "image/webp"}
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

    # -- keys ------------------------------------------------------------------

    def resolve(self, notation: str, params: Mapping[str, str], fmt: str):
        """Parse and validate; returns (hand, options, key, etag) or raises BadRequest."""
        try:
            hand = parse(notation)
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

    # -- rendering -------------------------------------------------------------

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


def route_of(path: str) -> str:
    """The route label for metrics, from the path alone (no Flask hook per request)."""
    if path.startswith("/tiles/"):
        return "tiles_path"
    if path.startswith("/tiles."):
        return "tiles_query"
    if path in ("/", "/healthz", "/metrics", "/favicon.ico"):
        return path.strip("/").replace(".ico", "") or "playground"
    return "bare"


def counting(wsgi_app, svc: Service):
    """WSGI middleware counting requests by route and status."""
    children: dict[tuple[str, str], Any] = {}
    requests = svc.metrics.requests

    def app(environ, start_response):
        def counted_start(status: str, headers, exc_info=None):
            key = (route_of(environ.get("PATH_INFO", "")), status[:3])
            child = children.get(key)
            if child is None:
                child = children[key] = requests.labels(*key)
            child.inc()
            return start_response(status, headers, exc_info)

        return wsgi_app(environ, counted_start)

    return app


def etag_for(key: str) -> str:
    """A strong ETag (unquoted): a hash of the cache key (version, canonical notation, options)."""
    return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()


def check_size(hand, options: RenderOptions) -> Layout:
    """The hand's layout; refuses bitmaps over MAX_SIDE or MAX_PIXELS before any drawing."""
    lay = layout(hand, options.height, options.gap)
    w, h = lay.width * options.scale, lay.height * options.scale
    if w > MAX_SIDE or h > MAX_SIDE or w * h > MAX_PIXELS:
        raise BadRequest(
            "size",
            f"the image would be {w}x{h} pixels; the limit is {MAX_PIXELS // 1_000_000} megapixels "
            f"and {MAX_SIDE} pixels a side: lower height or scale",
            hand.notation, None, "height",
        )
    return lay


def prefers_image() -> bool:
    """True for `<img>`-style Accept headers (``image/*`` ranked above JSON and HTML)."""
    best_image = best_other = 0.0
    for value, q in request.accept_mimetypes:
        if value.startswith("image/"):
            best_image = max(best_image, q)
        elif value in ("application/json", "text/html"):
            best_other = max(best_other, q)
    return best_image > 0 and best_image > best_other


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask app. Config keys (also from ``TILES_*`` environment variables):

    ``CACHE_BYTES`` image cache size (``67108864``, ``64MiB``, ``512M``; default 64 MiB),
    ``ERROR_MAX_AGE`` seconds a 4xx may be cached (default 60).
    """
    app = Flask(__name__, static_folder=None)
    app.url_map.merge_slashes = False  # '//' is bad notation, not a redirect
    app.config.update(CACHE_BYTES=DEFAULT_MAX_BYTES, ERROR_MAX_AGE=60)
    app.config.from_prefixed_env("TILES")
    app.config.update(config or {})
    svc = Service(parse_bytes(app.config["CACHE_BYTES"]), int(app.config["ERROR_MAX_AGE"]))
    app.extensions["tiles"] = svc
    m = svc.metrics

    def image_response(notation: str, fmt: str) -> Response:
        memo_key = (fmt, notation, request.query_string)
        found = svc.memo_get(memo_key)
        if found is not None:
            key, etag = found
            if matches(etag):
                m.not_modified.inc()
                return not_modified(etag)
            data = svc.cache.get(key)
            if data is not None:
                m.cache_hits.inc()
                return image_ok(data, fmt, etag)
        hand, options, key, etag = svc.resolve(notation, request.args, fmt)
        svc.memo_put(memo_key, (key, etag))
        if matches(etag):
            m.not_modified.inc()
            return not_modified(etag)
        return image_ok(svc.image(hand, options, key), fmt, etag)

    def matches(etag: str) -> bool:
        """If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET)."""
        return "HTTP_IF_NONE_MATCH" in request.environ and request.if_none_match.contains_weak(etag)

    def image_ok(data: bytes, fmt: str, etag: str) -> Response:
        r = Response(data, mimetype=MIMETYPES[fmt])
        r.set_etag(etag)
        r.headers["Cache-Control"] = IMAGE_CACHE_CONTROL
        return r

    def not_modified(etag: str) -> Response:
        r = Response(status=304)
        r.set_etag(etag)
        r.headers["Cache-Control"] = IMAGE_CACHE_CONTROL
        return r

    def json_response(notation: str) -> Response:
        hand, options, _, _ = svc.resolve(notation, request.args, "png")
        etag = etag_for(f"json|{svc.version}|{RENDERER_VERSION}|{notation}|{options.key()}")
        if matches(etag):
            m.not_modified.inc()
            r = Response(status=304)
        else:
            r = jsonify(hand_json(hand, layout(hand, options.height, options.gap), analysis_of(hand)))
        r.set_etag(etag)
        r.headers["Cache-Control"] = JSON_CACHE_CONTROL
        return r

    def analysis_of(hand):
        """The hand analysis when that module is installed; None if it fails."""
        try:
            from .analysis import analyse

            result = analyse(hand)
            result.to_json()  # fail here, not inside hand_json
            return result
        except ImportError as err:
            if err.name == f"{__package__}.analysis":
                return None  # not installed in this build: no analysis, no error
            m.errors.labels("analysis").inc()
            app.logger.exception("analysis module failed to import")
            return None
        except Exception:
            m.errors.labels("analysis").inc()
            app.logger.exception("analysis failed for %r", hand.notation)
            return None

    # -- routes ----------------------------------------------------------------

    @app.get("/")
    def playground():
        import tile_art

        return render_template("playground.html", notation=request.args.get("n", ""),
                               themes=list(tile_art.THEMES), version=svc.version)

    @app.get("/healthz")
    def healthz():
        r = jsonify(status="ok", version=svc.version, renderer=RENDERER_VERSION,
                    cache={"bytes": svc.cache.bytes, "entries": len(svc.cache), "max_bytes": svc.cache.max_bytes})
        r.headers["Cache-Control"] = "no-store"
        return r

    @app.get("/metrics")
    def metrics():
        body, ctype = m.exposition()
        return Response(body, content_type=ctype, headers={"Cache-Control": "no-store"})

    @app.get("/favicon.ico")
    def favicon():
        return image_response("0p", "png")

    def answer(notation: str, fmt: str) -> Response:
        if fmt == "json":
            return json_response(notation)
        if fmt not in MIMETYPES:
            raise unknown_format(fmt, notation)
        return image_response(notation, fmt)

    @app.get("/tiles.<fmt>")
    def by_query(fmt: str):
        return answer(request.args.get("n", ""), fmt)

    @app.get("/tiles/<path:name>")
    def by_path(name: str):
        notation, dot, fmt = name.rpartition(".")
        if not dot:
            raise unknown_format("", name)
        return answer(notation, fmt)

    @app.get("/<path:notation>")
    def bare(notation: str):
        return image_response(notation, "png")

    # -- errors ----------------------------------------------------------------

    def unknown_format(fmt: str, notation: str) -> BadRequest:
        what = f"unknown format '.{fmt[:16]}'" if fmt else "no format"
        return BadRequest("format", f"{what}: end the URL with .png, .webp or .json",
                          notation, None, "format", status=404)

    @app.errorhandler(BadRequest)
    def bad_request(err: BadRequest):
        m.errors.labels(err.kind).inc()
        wants_image = prefers_image() and not request.path.endswith(".json")
        if wants_image:
            r = Response(error_image(err), status=err.status, mimetype="image/png")
        else:
            r = jsonify(err.json())
            r.status_code = err.status
        r.headers["Cache-Control"] = svc.error_cache_control
        r.vary.add("Accept")
        return r

    def error_image(err: BadRequest) -> bytes:
        try:
            height = int(request.args.get("height", "38"))
            scale = int(request.args.get("scale", "1"))
        except ValueError:
            height, scale = 38, 1
        key = f"error|{err.message}|{err.notation}|{err.position}|{height}|{scale}"
        return svc.error_images.get_or_render(key, lambda: error_png(err.message, err.notation, err.position,
                                                              height=height, scale=scale))[0]

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException):
        m.errors.labels(f"http_{err.code}").inc()
        r = jsonify({"error": {"message": err.description, "position": None, "notation": ""}})
        r.status_code = err.code or 500
        r.headers["Cache-Control"] = svc.error_cache_control
        return r

    @app.errorhandler(Exception)
    def internal_error(err: Exception):
        # A bug: logged and counted; the body says nothing about internals.
        app.logger.exception("unhandled error on %s", request.full_path)
        m.errors.labels("internal").inc()
        r = jsonify({"error": {"message": "internal error", "position": None, "notation": ""}})
        r.status_code = 500
        r.headers["Cache-Control"] = "no-store"
        return r

    app.wsgi_app = counting(app.wsgi_app, svc)  # type: ignore[method-assign]
    return app

