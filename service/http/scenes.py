"""Scenes over HTTP: ``GET /scene.png|.webp|.svg|.pdf|.json?s=<YAML>`` (docs/scenes.md).

The scene's YAML goes in the query, URL-encoded; a flow-style line keeps it short
(``s=problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p}``). Options are
the hands' (``height scale theme bg lang``). The answer is cached like a hand's: the key is
the renderer version, the YAML text and the options; the ETag a hash of it; the hands'
cost ceiling (`service.http.service.check_picture`: every tile's face counted); a bad
field is a 400 (JSON, or the error image for ``<img>``) naming its ``line:col`` and path.

>>> from service.http import create_app
>>> c = create_app().test_client()
>>> c.get("/scene.json?s=problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}").json["width"]
402
>>> c.get("/scene.png?s=problem: {round: E9, seat: S, dora: 3m, hand: 1m+2m}").json["error"]["message"]
"1:18: problem.round: round must be a wind and a hand number 1-4, like E1 or S3, not 'E9'"
"""

from __future__ import annotations

import hashlib

from flask import Response, jsonify, request

from service.drawing.scene import render_scene, scene_json
from service.drawing.version import RENDERER_VERSION
from service.layout.arrange import arrange_scene
from service.notation.grammar import ParseError
from service.notation.options import OptionError, RenderOptions, options_key
from service.notation.scene import SceneError, read_scene

from . import canary
from .routes import JSON_CACHE_CONTROL, MIMETYPES, bp, image_ok, matches, not_modified, service, unknown_format
from .service import BadRequest, check_picture, etag_for, is_large


def _read(fmt: str):
    text = request.args.get("s", "")
    try:
        scene = read_scene(text)
    except SceneError as err:
        raise BadRequest("scene", str(err), "", None, "s") from None
    try:
        options = RenderOptions.from_query(request.args, "svg" if fmt == "json" else fmt)
    except OptionError as err:
        raise BadRequest.from_option(err, "") from None
    try:
        sl = arrange_scene(scene, options)
    except ParseError as err:  # answer: efficiency on a hand with no table (a joker)
        raise BadRequest("scene", f"problem.answer: {err.message}", "", None, "s") from None
    except SceneError as err:  # score: a context that does not fit, or an answer that leaves no score
        raise BadRequest("scene", str(err), "", None, "s") from None
    check_picture(sl.layout, options)  # the hands' ceiling: tile size, area, distinct faces
    return text, scene, options, sl


@bp.get("/scene.<fmt>")
def scene_view(fmt: str) -> Response:
    if fmt not in MIMETYPES and fmt != "json":
        raise unknown_format(fmt, "")
    text, scene, options, sl = _read(fmt)
    if fmt == "json":
        r = jsonify(scene_json(scene, options, sl))
        etag = hashlib.blake2b(r.get_data(), digest_size=12).hexdigest()
        if matches(etag):
            r = Response(status=304)
        r.set_etag(etag)
        r.headers["Cache-Control"] = JSON_CACHE_CONTROL
        return r
    key = f"{RENDERER_VERSION}|scene|{text}|{options_key(options)}"
    etag = etag_for(key)
    if matches(etag):
        service().metrics.not_modified.inc()
        return not_modified(etag, fmt)
    data = service().drawn(key, lambda: render_scene(scene, options, sl), fmt, is_large(sl.layout, options),
                           fresh=canary.asking())
    return image_ok(data, fmt, etag)
