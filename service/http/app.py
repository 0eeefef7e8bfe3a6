"""The HTTP app factory: config, per-app state, the routes, request counting.

Routes live in `service.http.routes` as module-level views; state lives in
`service.http.service.Service`, one per app, at ``app.extensions["tiles"]``.

>>> client = create_app().test_client()
>>> r = client.get("/0p?scale=2")
>>> r.status_code, r.mimetype, r.headers["Cache-Control"]
(200, 'image/png', 'public, max-age=31536000, immutable')
>>> client.get("/r5p?scale=2", headers={"If-None-Match": r.headers["ETag"]}).status_code
304
"""

from __future__ import annotations

from typing import Any, Mapping

from flask import Flask

import tile_art.faces
import tile_art.lru
from service.drawing import indexed
from service.drawing.palette import compiled_fit_setting, use_compiled

from .cache import DEFAULT_MAX_BYTES, parse_bytes
from .canary import KEY as CANARY_KEY
from .headers import with_defaults
from .routes import MAX_BATCH_BODY, bp
from . import scenes  # noqa: F401,E402  (adds GET /scene.<fmt> to bp)
from .service import Service


def route_of(path: str) -> str:
    """The route label for metrics, from the path alone (no Flask hook per request).

    >>> route_of("/tiles/1m.png"), route_of("/1m"), route_of("/"), route_of("/scene.png")
    ('tiles_path', 'bare', 'playground', 'scene')
    """
    if path.startswith("/tiles/"):
        return "tiles_path"
    if path.startswith("/tiles."):
        return "tiles_query"
    if path.startswith("/scene."):
        return "scene"
    if path in ("/", "/healthz", "/metrics", "/favicon.ico", "/batch"):
        return path.strip("/").replace(".ico", "") or "playground"
    return "bare"


def edge(wsgi_app, svc: Service):
    """WSGI middleware: counts requests by route and status, adds the headers every answer carries."""
    children: dict[tuple[str, str], Any] = {}
    requests = svc.metrics.requests

    def app(environ, start_response):
        def counted_start(status: str, headers, exc_info=None):
            key = ("canary" if environ.get(CANARY_KEY) else route_of(environ.get("PATH_INFO", "")), status[:3])
            child = children.get(key)
            if child is None:
                child = children[key] = requests.labels(*key)
            child.inc()
            return start_response(status, with_defaults(headers), exc_info)

        return wsgi_app(environ, counted_start)

    return app


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask app. Config keys (also from ``TILES_*`` environment variables):

    ``CACHE_BYTES`` image cache size (``67108864``, ``64MiB``, ``512M``; default 64 MiB),
    ``FACE_CACHE_BYTES`` drawn tile faces and bodies (default 32 MiB; process-wide,
    so the last app made in a process sets it), ``PALETTE_CACHE_BYTES`` picture palettes
    (default 8 MiB; process-wide), ``ERROR_MAX_AGE`` seconds a 4xx
    may be cached (default 60), ``COMPILED_FIT`` fit new palettes with the compiled C
    kernels where they were built (default on; ``0``: on numpy, the same bytes in about
    twice the CPU).
    docs/service.md lists every cache and its bound.
    """
    app = Flask("service", static_folder=None, template_folder="templates")
    app.url_map.merge_slashes = False  # '//' is bad notation, not a redirect
    app.config.update(CACHE_BYTES=DEFAULT_MAX_BYTES, FACE_CACHE_BYTES=tile_art.lru.DEFAULT_BYTES,
                      PALETTE_CACHE_BYTES=indexed.DEFAULT_BYTES, ERROR_MAX_AGE=60,
                      MAX_CONTENT_LENGTH=MAX_BATCH_BODY, COMPILED_FIT=True)  # every body, chunked too, is read through this bound
    app.config.from_prefixed_env("TILES")
    app.config.update(config or {})
    svc = Service(parse_bytes(app.config["CACHE_BYTES"]), int(app.config["ERROR_MAX_AGE"]))
    face_bytes = parse_bytes(app.config["FACE_CACHE_BYTES"])
    tile_art.faces.set_cache_bytes(face_bytes)  # tile bodies (the RGBA face cache stays empty here)
    indexed.set_cache_bytes(faces=tile_art.lru.share(face_bytes)[0],  # the faces, as colour tables
                            palettes=parse_bytes(app.config["PALETTE_CACHE_BYTES"]))
    use_compiled(compiled_fit_setting(app.config["COMPILED_FIT"]) is not False)
    app.extensions["tiles"] = svc
    app.register_blueprint(bp)
    app.wsgi_app = edge(app.wsgi_app, svc)  # type: ignore[method-assign]
    return app
