"""The canary: a hand's picture, a scene's and a JSON view, asked of the app as a client asks.

A deploy can import and still fail at run time (a `render` that raises, a font gone): every
picture is then a 500, cached ones too, since new workers start with empty caches. So a new
worker draws the canary before it serves (`worker.TilesWorker`): if it cannot, it exits as
a worker whose code does not load does, and the reload is given up while the old workers
serve on (`arbiter.TilesArbiter`). ``/healthz`` asks the same (at most once a second; 503
``"status": "failing"`` when it fails). The canary goes through the whole app: routing, the
parser, layout, drawing, encoding, the headers; only the image cache is passed by, so it
draws every time, and its requests are counted as ``route="canary"``.

>>> from service.http import create_app
>>> print(problem(create_app().wsgi_app))
None
"""

from __future__ import annotations

from flask import request

KEY = "tiles.canary"  # in a WSGI environ: the canary asks (a client cannot set it: headers are HTTP_*)
HAND = "123m456p789s1122z+1z"  # a winning hand: thirteen tiles and the drawn one
SCENE = "problem: {round: E1, seat: S, dora: 3m, hand: " + HAND + "}"
# (path, query, the content type and first bytes a good answer has)
ASKS = (
    ("/tiles/" + HAND + ".png", "height=38", "image/png", b"\x89PNG\r\n\x1a\n"),
    ("/scene.png", {"s": SCENE}, "image/png", b"\x89PNG\r\n\x1a\n"),
    ("/tiles/" + HAND + ".json", "", "application/json", b"{"),
)
MAX_ECHO = 200  # bytes of a bad answer quoted in the problem


def asking() -> bool:
    """True while the canary's request is answered (the image cache is passed by)."""
    return bool(request.environ.get(KEY))


def problem(wsgi_app) -> str | None:
    """What is wrong with the canary's answers from `wsgi_app`, or None when all three are right.

    >>> def broken(environ, start_response):
    ...     start_response("500 INTERNAL SERVER ERROR", [("Content-Type", "application/json")])
    ...     return [b'{"error": {"message": "internal error"}}']
    >>> print(problem(broken).partition(".png?height=38 answered ")[2])
    500 INTERNAL SERVER ERROR application/json: b'{"error": {"message": "internal error"}}'
    """
    from werkzeug.test import EnvironBuilder, run_wsgi_app  # here: the master loads no Flask stack

    for path, query, mimetype, start in ASKS:
        builder = EnvironBuilder(path=path, query_string=query)  # no Accept: errors in JSON
        environ = builder.get_environ()
        environ[KEY] = True
        where = f"GET {path}?{environ['QUERY_STRING']}" if environ["QUERY_STRING"] else f"GET {path}"
        try:
            body_iter, status, headers = run_wsgi_app(wsgi_app, environ, buffered=True)
            body = b"".join(body_iter)
        except Exception as err:  # the app lets nothing out; a broken deploy might
            return f"{where} raised {type(err).__name__}: {err}"[:MAX_ECHO * 2]
        finally:
            builder.close()
        got = headers.get("Content-Type", "").partition(";")[0]
        if not status.startswith("200 ") or got != mimetype or not body.startswith(start):
            return f"{where} answered {status} {got}: {body[:MAX_ECHO]!r}"
    return None
