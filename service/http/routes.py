"""The routes, as module-level views on one Blueprint (see docs/service.md)::

    GET /<notation>                 PNG, the URL docs components already emit
    GET /tiles/<notation>.png|.webp|.json
    GET /tiles.png|.webp|.json?n=   the notation in the query string
    GET /healthz  /metrics  /       health, Prometheus text, playground

All drawing lives in service.render and the error image; views only parse,
look up the cache and set headers.

>>> from service.http import create_app
>>> create_app().test_client().get("/tiles/1m.json").json["canonical"]
'1m'
"""

from __future__ import annotations

import os

import tile_art.lru
from flask import Blueprint, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..layout import layout
from ..render import RENDERER_VERSION
from ..views import hand_json
from .cache import RenderTimeout
from .error_image import error_png
from .headers import playground_headers
from .memory import rss_bytes
from .service import BadRequest, Service, check_size, etag_for

IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable"
JSON_CACHE_CONTROL = "public, max-age=86400"
MIMETYPES = {"png": "image/png", "webp": "image/webp"}

bp = Blueprint("tiles", __name__)


def service() -> Service:
    """This app's state (cache, memo, metrics)."""
    return current_app.extensions["tiles"]


# -- images and JSON -----------------------------------------------------------


def image_response(notation: str, fmt: str) -> Response:
    svc = service()
    m = svc.metrics
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
    lay = check_size(hand, options)  # before any 304: a URL we refuse is a 400 whatever the client holds
    svc.memo_put(memo_key, (key, etag))  # only URLs that passed every check
    if matches(etag):
        m.not_modified.inc()
        return not_modified(etag)
    return image_ok(svc.image(hand, options, key, lay), fmt, etag)


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
    svc = service()
    hand, options, _, _ = svc.resolve(notation, request.args, "png")
    etag = etag_for(f"json|{svc.version}|{RENDERER_VERSION}|{notation}|{options.key()}")
    if matches(etag):
        svc.metrics.not_modified.inc()
        r = Response(status=304)
    else:
        r = jsonify(hand_json(hand, layout(hand, options.height, options.gap), analysis_of(hand)))
    r.set_etag(etag)
    r.headers["Cache-Control"] = JSON_CACHE_CONTROL
    return r


def analysis_of(hand):
    """The hand analysis when that module is installed; None if it fails."""
    m = service().metrics
    try:
        from ..analysis import analyse

        result = analyse(hand)
        result.to_json()  # fail here, not inside hand_json
        return result
    except ImportError as err:
        if err.name == "service.analysis":
            return None  # not installed in this build: no analysis, no error
        m.errors.labels("analysis").inc()
        current_app.logger.exception("analysis module failed to import")
        return None
    except Exception:
        m.errors.labels("analysis").inc()
        current_app.logger.exception("analysis failed for %r", hand.notation)
        return None


def answer(notation: str, fmt: str) -> Response:
    if fmt == "json":
        return json_response(notation)
    if fmt not in MIMETYPES:
        raise unknown_format(fmt, notation)
    return image_response(notation, fmt)


def unknown_format(fmt: str, notation: str) -> BadRequest:
    what = f"unknown format '.{fmt[:16]}'" if fmt else "no format"
    return BadRequest("format", f"{what}: end the URL with .png, .webp or .json",
                      notation, None, "format", status=404)


# -- routes --------------------------------------------------------------------


@bp.get("/")
def playground():
    import tile_art

    page = render_template("playground.html", notation=request.args.get("n", ""),
                           themes=list(tile_art.THEMES), version=service().version)
    return Response(page, mimetype="text/html", headers=playground_headers())


@bp.get("/healthz")
def healthz():
    svc = service()
    cache = svc.cache
    r = jsonify(status="ok", version=svc.version, renderer=RENDERER_VERSION, pid=os.getpid(),
                cache={"bytes": cache.bytes, "entries": len(cache), "max_bytes": cache.max_bytes},
                memory={"rss": rss_bytes(), **tile_art.lru.cache_bytes()})
    r.headers["Cache-Control"] = "no-store"
    return r


@bp.get("/metrics")
def metrics():
    body, ctype = service().metrics.exposition()
    return Response(body, content_type=ctype, headers={"Cache-Control": "no-store"})


@bp.get("/favicon.ico")
def favicon():
    return image_response("0p", "png")


@bp.get("/tiles.<fmt>")
def by_query(fmt: str):
    return answer(request.args.get("n", ""), fmt)


@bp.get("/tiles/<path:name>")
def by_path(name: str):
    notation, dot, fmt = name.rpartition(".")
    if not dot:
        raise unknown_format("", name)
    return answer(notation, fmt)


@bp.get("/<path:notation>")
def bare(notation: str):
    return image_response(notation, "png")


# -- errors --------------------------------------------------------------------


def prefers_image() -> bool:
    """True for `<img>`-style Accept headers (``image/*`` ranked above JSON and HTML)."""
    best_image = best_other = 0.0
    for value, q in request.accept_mimetypes:
        if value.startswith("image/"):
            best_image = max(best_image, q)
        elif value in ("application/json", "text/html"):
            best_other = max(best_other, q)
    return best_image > 0 and best_image > best_other


@bp.app_errorhandler(BadRequest)
def bad_request(err: BadRequest):
    svc = service()
    svc.metrics.errors.labels(err.kind).inc()
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
    draw = lambda: error_png(err.message, err.notation, err.position, height=height, scale=scale)  # noqa: E731
    return service().error_images.get_or_render(key, draw)[0]


@bp.app_errorhandler(RenderTimeout)
def render_timeout(err: RenderTimeout):
    # Another request's render of this image is stuck or very slow: say so, don't hang.
    current_app.logger.warning("%s on %s", err, request.full_path)
    service().metrics.errors.labels("timeout").inc()
    r = jsonify({"error": {"message": "busy: try again", "position": None, "notation": ""}})
    r.status_code = 503
    r.headers["Retry-After"] = "1"
    r.headers["Cache-Control"] = "no-store"
    return r


@bp.app_errorhandler(HTTPException)
def http_error(err: HTTPException):
    svc = service()
    svc.metrics.errors.labels(f"http_{err.code}").inc()
    r = jsonify({"error": {"message": err.description, "position": None, "notation": ""}})
    r.status_code = err.code or 500
    r.headers["Cache-Control"] = svc.error_cache_control
    return r


@bp.app_errorhandler(Exception)
def internal_error(err: Exception):
    # A bug: logged and counted; the body says nothing about internals.
    current_app.logger.exception("unhandled error on %s", request.full_path)
    service().metrics.errors.labels("internal").inc()
    r = jsonify({"error": {"message": "internal error", "position": None, "notation": ""}})
    r.status_code = 500
    r.headers["Cache-Control"] = "no-store"
    return r
