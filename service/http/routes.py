"""The routes, as module-level views on one Blueprint (see docs/service.md)::

    GET /<notation>[.png|.webp|.svg|.pdf|.json]   PNG, the URL docs components already emit
    GET /tiles/<notation>.png|.webp|.svg|.pdf|.json
    GET /tiles.png|.webp|.svg|.pdf|.json?n=   the notation in the query string
    GET /scene.png|.webp|.svg|.pdf|.json?s=   a scene in YAML (service/http/scenes.py)
    GET /healthz  /metrics  /       health, Prometheus text, playground
    GET|POST /batch                 remark-tiles without a local CLI (see batch_view)

All drawing lives in service.drawing.render and the error image; views only parse,
look up the cache and set headers.

>>> from service.http import create_app
>>> create_app().test_client().get("/tiles/1m.json").json["canonical"]
'1m'
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re

from flask import Blueprint, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

import tile_art.faces
from service.analysis import analyse_safely, memo
from service.drawing import indexed
from service.drawing.error_image import PALETTES, error_png
from service.drawing.palette import compiled
from service.drawing.version import RENDERER_VERSION
from service.layout.arrange import picture_json
from service.notation.subject import layout_of
from service.pictures.batch import Batch

from . import canary, ukeire, vector
from .cache import RenderTimeout
from .headers import playground_headers
from .memory import rss_bytes
from .service import BadRequest, Service, check_size, laid_out

IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable"
JSON_CACHE_CONTROL = "public, max-age=86400"
MAX_BATCH_BODY = 64 * 1024  # one tag's source, its path and a few settings
MAX_BATCH_DEPTH = 16  # objects and lists within each other in a body (a request needs 2)
MIMETYPES = {"png": "image/png", "webp": "image/webp", "svg": vector.MIMETYPE, "pdf": "application/pdf"}
FORMATS = (*MIMETYPES, "json")  # what may end an image URL's path

bp = Blueprint("tiles", __name__)


def service() -> Service:
    """This app's state (cache, memo, metrics)."""
    return current_app.extensions["tiles"]


# -- images and JSON -----------------------------------------------------------


def image_response(notation: str, fmt: str) -> Response:
    svc = service()
    m = svc.metrics
    memo_key = (fmt, notation, request.query_string)
    fresh = canary.asking()  # draws, whatever is cached
    found = None if fresh else svc.memo_get(memo_key)
    if found is not None:
        key, etag = found
        if matches(etag):
            m.not_modified.inc()
            return not_modified(etag, fmt)
        data = svc.cache.get(key)
        if data is not None:
            m.cache_hits.inc()
            return image_ok(data, fmt, etag)
    hand, options, key, etag = svc.resolve(notation, request.args, fmt)
    lay = check_size(hand, options)  # before any 304: a URL we refuse is a 400 whatever the client holds
    svc.memo_put(memo_key, (key, etag))  # only URLs that passed every check
    if matches(etag):
        m.not_modified.inc()
        return not_modified(etag, fmt)
    return image_ok(svc.image(hand, options, key, lay, fresh), fmt, etag)


def matches(etag: str) -> bool:
    """If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET)."""
    return "HTTP_IF_NONE_MATCH" in request.environ and request.if_none_match.contains_weak(etag)


def image_ok(data: bytes, fmt: str, etag: str) -> Response:
    if fmt == "svg":  # cached gzipped; encoding, CSP and Vary in vector.py
        return vector.svg_ok(data, etag, IMAGE_CACHE_CONTROL)
    r = Response(data, mimetype=MIMETYPES[fmt])
    r.set_etag(etag)
    r.headers["Cache-Control"] = IMAGE_CACHE_CONTROL
    return r


def not_modified(etag: str, fmt: str = "png") -> Response:
    if fmt == "svg":
        return vector.svg_not_modified(etag, IMAGE_CACHE_CONTROL)
    r = Response(status=304)
    r.set_etag(etag)
    r.headers["Cache-Control"] = IMAGE_CACHE_CONTROL
    return r


def json_response(notation: str) -> Response:
    """The JSON view; its ETag hashes the body itself, so any change to what it says
    (parser, alt text, analysis, layout) changes the tag: no 304 for stale JSON."""
    svc = service()
    memo_key = ("json", notation, request.query_string)  # this process's code made that body
    found = svc.memo_get(memo_key)
    if found is not None and matches(found[1]):
        r = Response(status=304)
        etag = found[1]
    else:
        # read as the SVG's options: the JSON says nothing of colours, so it takes
        # every theme an image does, `auto` too, and validates the rest alike
        hand, options, _, _ = svc.resolve(notation, request.args, "svg")
        # a river is no hand to analyse
        analysis = analysis_of(hand, options.wild) if layout_of(hand) == "hand" else None
        scored = score_of(hand, options, notation) if "score" in request.args else None  # first: a 400 for its context
        view = picture_json(hand, laid_out(hand, options), analysis, options)  # with the card's size, as the image's
        if scored is not None:
            view["score"] = scored
        if ukeire.wanted(request.args):
            view["efficiency"] = ukeire.table_of(hand, request.args)
        r = jsonify(view)
        etag = hashlib.blake2b(r.get_data(), digest_size=12).hexdigest()
        svc.memo_put(memo_key, (None, etag))
        if matches(etag):
            r = Response(status=304)
    if r.status_code == 304:
        svc.metrics.not_modified.inc()
    r.set_etag(etag)
    r.headers["Cache-Control"] = JSON_CACHE_CONTROL
    return r


def analysis_of(hand, wild: str | None = None):
    """The hand analysis (``wild``: the query's ``wild=5z``); a bug in it is caught here, once:
    logged with its traceback, counted in tiles_errors_total{kind="analysis"}, answered with a
    generic warning."""
    return analyse_safely(hand, service().metrics.errors.labels("analysis").inc, wild)


def score_of(hand, options, notation: str):
    """The query's score (``score=1&round=E&seat=S&riichi=1``, the indicators the picture's own ``dora``/``ura``),
    None for ``score=0``; a bad value is a 400 naming it, a bug in the scoring a logged, counted error."""
    from service.notation.options import OptionError
    from service.scoring import pick, read_bool, read_context, score_context

    try:
        if not read_bool("score", request.args["score"]):
            return None
        if layout_of(hand) != "hand":
            raise OptionError("score is for hands; a river has no score", "score")
        ctx = read_context({**pick(request.args), "dora": options.dora, "ura": options.ura})
    except OptionError as err:
        raise BadRequest.from_option(err, notation) from None
    try:
        return score_context(hand, ctx)
    except OptionError as err:  # the context does not fit this hand (riichi with called melds, ...)
        raise BadRequest.from_option(err, notation) from None
    except Exception:  # noqa: BLE001 - a bug in the scoring is no 500 for the view
        logging.getLogger("tiles.scoring").exception("scoring failed for %r", notation)
        service().metrics.errors.labels("score").inc()
        return {"error": "internal error: this hand could not be scored"}


def answer(notation: str, fmt: str) -> Response:
    if fmt == "json":
        return json_response(notation)
    if fmt not in MIMETYPES:
        raise unknown_format(fmt, notation)
    return image_response(notation, fmt)


def unknown_format(fmt: str, notation: str) -> BadRequest:
    what = f"unknown format '.{fmt[:16]}'" if fmt else "no format"
    return BadRequest("format", f"{what}: end the URL with .png, .webp, .svg, .pdf or .json",
                      notation, None, "format", status=404)


# -- routes --------------------------------------------------------------------


@bp.get("/")
def playground():
    """The front page (service/templates/playground.*): its script restores the rest of the state from the query."""
    page = render_template("playground.html", notation=request.args.get("n", ""), settings=playground_settings(),
                           version=service().version)
    return Response(page, mimetype="text/html", headers=playground_headers())


def playground_settings() -> dict:
    """What the playground's controls and script need to know of the service, once per app: the
    options' bounds and names, and the cost ceiling the `<Tiles>` component honours (as
    service/pictures/spec.py gives it), so the HTML snippet lists only the densities the service draws.

    >>> from service.http import create_app
    >>> with create_app().app_context():
    ...     s = playground_settings()
    >>> s["themes"], s["densities"], s["maxFaces"][38 - s["minHeight"]]
    (['light', 'dark', 'print', 'contrast'], [1, 2, 3], 37)
    """
    found = current_app.extensions.get("tiles_playground_settings")
    if found is None:
        import tile_art
        from service.pictures.jobs import SCALES
        from service.layout.limits import MAX_PIXELS, MAX_SIDE, MAX_TILE_PX, max_faces
        from service.drawing.svg import svg_srcset
        from service.notation import options as o
        from service.notation.dialects import DIALECTS
        from service.notation.dora import LANGS
        from service.notation.model import BONUS_NAMES, HONOR_NAMES

        found = current_app.extensions["tiles_playground_settings"] = {
            "minHeight": o.MIN_HEIGHT, "maxHeight": o.MAX_HEIGHT, "minScale": o.MIN_SCALE, "maxScale": o.MAX_SCALE,
            "minRow": o.MIN_ROW, "maxRow": o.MAX_ROW, "defaultRow": o.DEFAULT_ROW, "maxGap": o.MAX_GAP,
            "defaultHeight": o.RenderOptions().height, "themes": list(tile_art.THEMES), "langs": list(LANGS),
            "dialects": list(DIALECTS),
            "densities": list(SCALES), "maxPixels": MAX_PIXELS, "maxSide": MAX_SIDE, "maxTilePx": MAX_TILE_PX,
            "maxFaces": [max_faces(px) for px in range(o.MIN_HEIGHT, MAX_TILE_PX + 1)],
            "maxFacesIndex": [max_faces(px, index=True) for px in range(o.MIN_HEIGHT, MAX_TILE_PX + 1)],
            "svgSrcSet": svg_srcset("{src}"), "honorNames": list(HONOR_NAMES), "bonusNames": list(BONUS_NAMES),
        }
    return found


@bp.get("/healthz")
def healthz():
    """"ok", or 503: "draining" (the server stops) or "failing" (the canary, canary.py, cannot be drawn)."""
    svc = service()
    cache = svc.cache
    failing = svc.canary_problem(current_app.wsgi_app)
    status = "draining" if svc.draining else "failing" if failing else "ok"
    r = jsonify(status=status, canary=failing, version=svc.version, renderer=RENDERER_VERSION,
                pid=os.getpid(), cache={"bytes": cache.bytes, "entries": len(cache), "max_bytes": cache.max_bytes},
                memory={"rss": rss_bytes(), **tile_art.faces.cache_bytes(), **indexed.cache_bytes(),
                        "analysis": memo.held(), "analysis_max": memo.BUDGET_BYTES},
                compiled_fit=compiled() is not None)
    r.status_code = 200 if status == "ok" else 503  # a balancer should send elsewhere
    r.headers["Cache-Control"] = "no-store"
    return r


@bp.get("/metrics")
def metrics():
    body, ctype = service().metrics.exposition()
    return Response(body, content_type=ctype, headers={"Cache-Control": "no-store"})


@bp.get("/batch")
def batch_hello():
    """Who answers POST /batch: versions, protocol and the markup spec (the first line of `tiles batch`)."""
    return batch_json(Batch(None).hello(), 200)


@bp.post("/batch")
def batch_view():
    """One `tiles batch` request over HTTP, for remark-tiles' ``service`` option.

    The body is a `tiles batch` request (tag source, a scene block's YAML and fence options, or a tiles
    fence's line and info string; path, line, column, themes, the site's lang) plus
    ``publicPath`` and ``errorImages``; the tag is read by the reader lint and the CLI
    use. 200 with the answer; 422 with ``errors`` (line, column, message) for a tag
    that cannot be drawn; 400 for a body that is no request. Nothing is drawn here:
    each image lists the URLs of its files (``fetch``), drawn on GET like any other.
    """
    body = json_body(MAX_BATCH_BODY)
    problem = batch_body_problem(body)
    if problem:
        raise BadRequest("batch", problem)
    batch = Batch(None, body.get("publicPath", ""), error_images=bool(body.get("errorImages")), fetch=True)
    answer = batch.answer({k: body[k] for k in ("id", "path", "line", "column", "source", "scene", "themes", "format", "tag",
                                          "prefix", "meta", "metaLine", "metaColumn", "columns", "fenceLine", "info",
                                          "infoLine", "infoColumn", "lang", "index") if k in body})
    if answer.get("fatal"):
        raise BadRequest("batch", answer["fatal"])
    return batch_json(answer, 200 if answer["ok"] else 422)


def json_body(limit: int):
    """The request's JSON body (None if it is not JSON), reading at most `limit` + 1 bytes:
    a longer body is a 413 whether it says its length or comes chunked."""
    too_big = BadRequest("batch", f"a batch request is at most {limit} bytes", status=413)
    if (request.content_length or 0) > limit:
        raise too_big
    if not request.is_json:
        return None
    if request.content_length is None and "wsgi.input_terminated" in request.environ:
        stream = request.environ["wsgi.input"]  # chunked: the server ends it; we read limit + 1 at most
    else:
        stream = request.stream  # as long as Content-Length says (empty without one)
    data = b""
    while len(data) <= limit:  # a read may return less than asked (a raw stream)
        chunk = stream.read(limit + 1 - len(data))
        if not chunk:
            break
        data += chunk
    if len(data) > limit:
        raise too_big
    deep = too_deep(data, MAX_BATCH_DEPTH)
    if deep is not None:  # json.loads would raise RecursionError past a few hundred
        raise BadRequest("batch", f"the body nests objects and lists more than {MAX_BATCH_DEPTH} deep (byte "
                                  f"{deep}); a batch request is one object of strings, numbers and lists")
    try:  # strictly: json.loads(bytes) lets a UTF-8-encoded surrogate through ("surrogatepass")
        text = data.decode(json.detect_encoding(data))
    except UnicodeDecodeError as err:
        raise BadRequest("batch", f"the body is not UTF-8 (byte {err.start})") from None
    try:
        body = json.loads(text)
    except ValueError:
        return None
    if _LONE_SURROGATE.search(text) and not _encodes(body):  # "\ud800" is JSON, but no text to answer with
        raise BadRequest("batch", "the body holds a lone surrogate (a \\ud800-\\udfff escape not in a pair), "
                                  "which is no character")
    return body


_LONE_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # any surrogate escape: `_encodes` tells a pair from one alone


def _encodes(body) -> bool:
    """Whether every string in `body` is text that UTF-8 can carry (no lone surrogate).

    >>> _encodes(json.loads(r'{"a": ["\\ud83c\\udc04"]}')), _encodes(json.loads(r'{"a": ["\\ud800"]}'))
    (True, False)
    """
    try:
        json.dumps(body, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return False
    return True


# A JSON string (skipped whole, brackets and all) or one bracket: what `too_deep` reads.
_NESTING = re.compile(rb'"(?:[^"\\]|\\.)*+"|[\[\]{}]', re.DOTALL)


def too_deep(data: bytes, most: int) -> int | None:
    """The offset of the first ``[`` or ``{`` nested more than `most` deep in JSON text, or None.
    One pass, outside strings; the text need not be valid JSON.

    >>> too_deep(b'{"a": [1, "[[["]}', 2), too_deep(b'{"a": [[1]]}', 2)
    (None, 7)
    """
    if data.count(b"[") + data.count(b"{") <= most:
        return None  # a request as sent (a few brackets): no scan
    depth = 0
    for m in _NESTING.finditer(data):
        c = m.group()
        if c in (b"[", b"{"):
            depth += 1
            if depth > most:
                return m.start()
        elif c in (b"]", b"}"):
            depth -= 1
    return None


def batch_json(body, status: int) -> Response:
    """JSON in the order Python wrote it, as `tiles batch` prints it: jsonify sorts keys,
    and the spec's style objects become inline CSS whose order the markup shows."""
    return Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json",
                    headers={"Cache-Control": "no-store"})


def batch_body_problem(body) -> str | None:
    """What is wrong with a POST /batch body, or None.

    >>> batch_body_problem({"source": "<Tiles notation='1m' />", "themes": ["sepia"]})
    "themes must be a list of theme names (light, dark, print, contrast), not ['sepia']"
    """
    import tile_art

    if not isinstance(body, dict):
        return "the body must be a JSON object (a `tiles batch` request)"
    if not any(isinstance(body.get(k), str) for k in ("source", "scene", "fenceLine")):
        return ("the request has no 'source' string (the <Tiles> tag as written) nor 'scene' (a tiles-scene block's "
                "YAML) nor 'fenceLine' (a line of a tiles fence)")
    if not isinstance(body.get("meta", ""), str):
        return "meta must be a string (the options in a tiles-scene block's fence)"
    if not isinstance(body.get("info", ""), str):
        return "info must be a string (the info string of a tiles fence)"
    for name in ("line", "column", "metaLine", "metaColumn", "infoLine", "infoColumn"):
        if name in body and (not isinstance(body[name], int) or isinstance(body[name], bool) or body[name] < 1):
            return f"{name} must be a whole number from 1"
    columns = body.get("columns", [])
    if not isinstance(columns, list) or any(not isinstance(c, int) or isinstance(c, bool) or c < 1 for c in columns):
        return "columns must be a list of whole numbers from 1 (where each line of a scene's YAML starts)"
    themes = body.get("themes", [])
    if not isinstance(themes, list) or not all(isinstance(t, str) and t in tile_art.THEMES for t in themes):
        return f"themes must be a list of theme names ({', '.join(tile_art.THEMES)}), not {themes!r}"
    if not isinstance(body.get("publicPath", ""), str):
        return "publicPath must be a string"
    return None


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
    """PNG; a format suffix is taken as ``/tiles/<notation>.png`` takes it (``/123m.webp``).
    Only a format's name is: anything else after a dot is the notation's, and its error says so."""
    head, dot, fmt = notation.rpartition(".")
    if dot and fmt in FORMATS:
        return answer(head, fmt)
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
    theme = request.args.get("theme", "light")
    theme = theme if theme in PALETTES else "light"
    key = f"error|{err.message}|{err.notation}|{err.position}|{height}|{scale}|{theme}"
    draw = lambda: error_png(err.message, err.notation, err.position, height=height, scale=scale,  # noqa: E731
                             theme=theme)
    svc = service()
    return svc.error_images.get_or_render(key, svc.timed(draw, "error"))[0]  # counted as format "error"


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
