"""SVG answers: kept gzipped in the image cache, sent gzipped to clients that take it,
with a Content-Security-Policy that lets the document do nothing but draw.

The SVG we write has no scripts, links or external references (tests/test_svg.py
checks); the policy holds even if one slipped in, and ``nosniff`` (which every
answer carries, see headers.py) stops a browser from reading the bytes as anything
but ``image/svg+xml``.

>>> unpacked = gzip.decompress(pack(b"<svg/>"))
>>> unpacked, pack(b"<svg/>") == pack(b"<svg/>")
(b'<svg/>', True)
"""

from __future__ import annotations

import gzip

from flask import Response, request

MIMETYPE = "image/svg+xml"
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"
GZIP_LEVEL = 9  # a hand is tens of kB of text: level 9 costs well under a millisecond more than 6


def pack(svg: bytes) -> bytes:
    """The cached form of an SVG: gzip with no timestamp, so the same SVG packs to the same bytes."""
    return gzip.compress(svg, GZIP_LEVEL, mtime=0)


def _headers(r: Response, etag: str) -> Response:
    # one weak ETag for both encodings: the same image, compressed or not (RFC 9110 8.8.1)
    r.set_etag(etag, weak=True)
    r.vary.add("Accept-Encoding")
    r.headers["Content-Security-Policy"] = SVG_CSP  # nosniff: added to every answer (headers.py)
    return r


def svg_ok(packed: bytes, etag: str, cache_control: str) -> Response:
    """200 with the gzipped bytes if the client accepts gzip, else the SVG itself."""
    if request.accept_encodings["gzip"] > 0:
        r = Response(packed, mimetype=MIMETYPE)
        r.headers["Content-Encoding"] = "gzip"
    else:
        r = Response(gzip.decompress(packed), mimetype=MIMETYPE)
    r.headers["Cache-Control"] = cache_control
    return _headers(r, etag)


def svg_not_modified(etag: str, cache_control: str) -> Response:
    r = Response(status=304)
    r.headers["Cache-Control"] = cache_control
    return _headers(r, etag)
