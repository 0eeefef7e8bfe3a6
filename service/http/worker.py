"""The gunicorn worker `tiles serve` runs: gevent, answering gunicorn's own refusals as JSON.

Why gevent: a gthread worker gives each connection a thread while it reads the
request head, with no time limit, so a few dozen clients sending a byte a
second stop it from answering anyone. A gevent worker reads every connection
in its own greenlet, holds up to ``--connections`` at once, and gunicorn bounds
the time to read each request head by ``--keepalive`` seconds.

Requests gunicorn refuses before the app sees them (request line over 4094
bytes, too many or too large headers, bytes that are not HTTP) get the
documented JSON error body instead of gunicorn's HTML page, and are counted in
``tiles_http_requests_total{route="refused"}``:

>>> status, body = limit_answer(LimitRequestLine(5000, 4094))
>>> status, json.loads(body)["error"]["message"][:40]
('414 URI Too Long', 'the request line is 5000 bytes; the limi')
"""

from __future__ import annotations

import json

from gunicorn import util
from gunicorn.http.errors import (
    InvalidResponseHeader,
    InvalidResponseHeaderName,
    LimitRequestHeaders,
    LimitRequestLine,
    ParseException,
)
from gunicorn.workers.ggevent import GeventWorker

from service.notation.views import error_json

MAX_ECHO = 100  # characters of gunicorn's own message kept in ours


class _Refusal:
    """The shape `error_json` reads (message, position, notation)."""

    def __init__(self, message: str):
        self.message, self.position, self.notation = message, None, ""


def limit_answer(exc: BaseException) -> tuple[str, bytes] | None:
    """(status line, JSON body) for a request gunicorn refused, or None for anything else."""
    if isinstance(exc, (InvalidResponseHeader, InvalidResponseHeaderName)) or not isinstance(exc, ParseException):
        return None  # the app's fault or not a parse error: gunicorn's own handling (500)
    if isinstance(exc, LimitRequestLine):
        status = "414 URI Too Long"
        limit = f"; the limit is {exc.max_size}" if exc.max_size else " or more, over the limit"
        message = f"the request line is {exc.size} bytes{limit} (a notation is at most 256 characters)"
    elif isinstance(exc, LimitRequestHeaders):
        status = "431 Request Header Fields Too Large"
        message = f"request headers too large or too many: {str(exc)[:MAX_ECHO]}"
    else:
        status = "400 Bad Request"
        message = f"malformed HTTP request: {str(exc)[:MAX_ECHO]}"
    body = json.dumps(error_json(_Refusal(message)), ensure_ascii=True).encode()
    return status, body


class TilesWorker(GeventWorker):
    """gunicorn's gevent worker; protocol errors answered in the service's JSON error format."""

    def handle_error(self, req, client, addr, exc):
        answer = limit_answer(exc)
        if answer is None:
            return super().handle_error(req, client, addr, exc)
        status, body = answer
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        svc = getattr(self.wsgi, "extensions", {}).get("tiles")  # the app's Service (service/http/app.py)
        if svc is not None:  # counted as the app counts its own answers, under route "refused"
            svc.metrics.requests.labels("refused", status[:3]).inc()
        head = (f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n"
                "X-Content-Type-Options: nosniff\r\n\r\n").encode("latin-1")
        try:
            util.write_nonblock(client, head + body)
        except Exception:
            self.log.debug("Failed to send error message.")
