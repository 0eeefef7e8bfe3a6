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
>>> status, json.loads(body)["error"]["message"]
('414 URI Too Long', 'the request line (method, URL and HTTP version) is over the limit of 4094 bytes')

Operations (docs/service.md, "Operations"): a request's body must arrive within
``--body-timeout`` seconds of its head (else 408 and the connection closes), and
a client must take each answer within as long; after each request a connection
yields to the others, so a busy keep-alive connection cannot starve them. Past
``--max-requests`` the worker asks the master for a successor (`arbiter.RETIRE_MARK`)
and serves on until the successor serves. On `arbiter.DRAIN_SIGNAL` it answers
``/healthz`` with 503 and serves on, until the master's SIGTERM. Before it serves, it
draws the canary through the app (canary.py); a worker that cannot exits as one whose
code does not load.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import time

import gevent
from gunicorn import util
from gunicorn.http.errors import (
    InvalidResponseHeader,
    InvalidResponseHeaderName,
    LimitRequestHeaders,
    LimitRequestLine,
    NoMoreData,
    ParseException,
)
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from service.notation.views import error_json

from .arbiter import CANARY_MARK, DRAIN_SIGNAL, MISSING_MARK, RETIRE_MARK, WORKER_SIGNALS
from .installed import missing_package
from .memory import TRIM_EVERY, trim

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
        # the limit hit is the request line's (method, URL, version), whatever the URL holds; gunicorn's
        # size is what it had read when it stopped (8192 for a longer line), so it is no length to quote
        limit = f"of {exc.max_size} bytes" if exc.max_size else f"({str(exc.size)[:MAX_ECHO]})"
        message = f"the request line (method, URL and HTTP version) is over the limit {limit}"
    elif isinstance(exc, LimitRequestHeaders):
        status = "431 Request Header Fields Too Large"
        message = f"request headers too large or too many: {str(exc)[:MAX_ECHO]}"
    else:
        status = "400 Bad Request"
        message = f"malformed HTTP request: {str(exc)[:MAX_ECHO]}"
    body = json.dumps(error_json(_Refusal(message)), ensure_ascii=True).encode()
    return status, body


class DeadlineInput:
    """``wsgi.input`` whose reads raise `timeout` (an exception class) past `deadline` (monotonic),
    however slowly the bytes come, and `malformed` (an exception class, given the message) where
    gunicorn finds the body broken: bad chunk framing, or the connection closed before its end.
    After either, `late` is True: the connection closes after the answer.

    >>> from gunicorn.http.errors import InvalidChunkSize
    >>> from werkzeug.exceptions import BadRequest, RequestTimeout
    >>> class Chunked:
    ...     def read(self, size=None):
    ...         raise InvalidChunkSize(b"zz")
    >>> body = DeadlineInput(Chunked(), time.monotonic() + 10, RequestTimeout, BadRequest)
    >>> try:
    ...     body.read()
    ... except BadRequest as err:
    ...     err.description, body.late
    ("malformed request body: Invalid chunk size: b'zz'", True)
    """

    def __init__(self, body, deadline: float, timeout: type[Exception], malformed: type[Exception]):
        self.body, self.deadline, self.timeout, self.malformed, self.late = body, deadline, timeout, malformed, False

    def _within(self, read, *args):
        left = self.deadline - time.monotonic()
        late = self.timeout()
        if left <= 0:
            self.late = True
            raise late
        try:
            with gevent.Timeout(left, late):
                return read(*args)
        except self.timeout:
            self.late = True
            raise
        except (ParseException, NoMoreData) as exc:  # raised by gunicorn's body readers as they read
            self.late = True
            raise self.malformed(f"malformed request body: {str(exc)[:MAX_ECHO]}") from None

    def read(self, size=None):
        return self._within(self.body.read, size)

    def readline(self, size=None):
        return self._within(self.body.readline, size)

    def readlines(self, hint=None):
        return self._within(self.body.readlines, hint)

    def __iter__(self):
        return iter(self.readline, b"")


def with_body_deadline(app, seconds: float):
    """WSGI middleware: the body must arrive within `seconds` of the request head, and be well
    formed (else a JSON 400); if it was late or malformed, the connection is closed after the
    answer (through gunicorn's response, ``start_response.__self__``)."""
    from werkzeug.exceptions import BadRequest, RequestTimeout  # here: the master loads no Flask stack

    class BodyTimeout(RequestTimeout):  # the app answers it as it answers any HTTP error: JSON
        description = f"the request body did not arrive within {seconds:g} s"

    def bounded(environ, start_response):
        body = environ["wsgi.input"] = DeadlineInput(environ["wsgi.input"], time.monotonic() + seconds, BodyTimeout,
                                                     BadRequest)

        def start(status, headers, exc_info=None):
            if body.late and hasattr(getattr(start_response, "__self__", None), "force_close"):
                start_response.__self__.force_close()
            return start_response(status, headers, exc_info)

        return app(environ, start)

    return bounded


class CanaryFailed(Exception):
    """A new worker could not draw its canary: it exits before serving (gunicorn: boot error, exit 3)."""


class TilesWorker(GeventWorker):
    """gunicorn's gevent worker; protocol errors answered in the service's JSON error format."""

    BODY_TIMEOUT = 10.0  # seconds; `serve.py` passes --body-timeout

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.body_timeout = float(getattr(self.app, "tiles", {}).get("body_timeout", self.BODY_TIMEOUT))
        self.retire_at, self.max_requests = self.max_requests, sys.maxsize  # the master replaces us
        self.draining = False
        self.started = False  # in the accept loop: a quick stop may cut requests in flight
        self.trimmed = (time.monotonic(), 0)  # when the heap was last trimmed, and at what request count

    def init_signals(self):
        super().init_signals()
        signal.signal(DRAIN_SIGNAL, self.handle_drain)
        # The master blocked these before the fork (`arbiter.WORKER_SIGNALS`): one sent since
        # is delivered now, to our handlers.
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WORKER_SIGNALS)

    def handle_quit(self, sig, frame):
        if not self.started:  # still loading: nothing in flight, so leave now, before serving
            self.alive = False
            self.log.info("Worker told to stop while loading: exits now (pid: %s)", self.pid)
            for handler in logging.getLogger("gunicorn.error").handlers:
                handler.flush()
            # Not sys.exit: tearing down the interpreter forked from the master (its objects
            # copied page by page) took seconds on a busy machine, past the master's patience.
            os._exit(0)
        super().handle_quit(sig, frame)

    def handle_drain(self, sig, frame):
        self.draining = True
        self._tell_app()

    def _tell_app(self) -> None:
        svc = getattr(getattr(self, "flask", None), "extensions", {}).get("tiles")
        if svc is not None and self.draining:
            svc.draining = True

    def load_wsgi(self):
        try:
            super().load_wsgi()
        except ModuleNotFoundError as err:  # gunicorn's traceback follows; the line first says what is wrong
            if missing := missing_package(err):
                self.log.error("worker %s: a package is missing: %s", self.pid, missing)
                self._mark(MISSING_MARK)
            raise
        self.flask = self.wsgi
        self._tell_app()
        self.wsgi = with_body_deadline(self.wsgi, self.body_timeout)
        self._draw_canary()

    def _draw_canary(self) -> None:
        """Before serving: draw the canary through the app (canary.py). A deploy that imports but
        cannot draw fails here, and the worker exits as one whose code does not load (the master
        gives the reload up; the old workers serve on)."""
        from service.http.canary import problem  # the code on disk, as the app's (serve.fresh_code)

        found = problem(self.wsgi)
        if found is not None:
            self.log.error("Worker cannot draw its canary, so it does not serve (pid: %s): %s", self.pid, found)
            self._mark(CANARY_MARK)
            raise CanaryFailed(found)

    def _mark(self, why: int) -> None:
        """Tell the master why we exit before serving (`arbiter.why_not_booted`): a bit of the heartbeat
        file's mode, which leaves its time (serving or not) alone."""
        try:
            os.fchmod(self.tmp.fileno(), (os.fstat(self.tmp.fileno()).st_mode | why) & 0o7777)
        except OSError:
            pass  # the master then says only that we could not boot

    def run(self):
        if not self.alive:
            return  # told to stop (TERM) while loading
        self.started = True
        self.log.info("Worker serving (pid: %s)", self.pid)
        super().run()

    def notify(self):
        """The heartbeat (every second in the accept loop); also trims the heap now and then,
        if requests came since (`memory.trim`)."""
        super().notify()
        at, count = self.trimmed
        if self.nr != count and time.monotonic() - at >= TRIM_EVERY:
            trim()
            self.trimmed = (time.monotonic(), self.nr)

    def handle(self, listener, client, addr):
        # Every send and receive is bounded (gevent's default is none): a client that does not take
        # its answer is cut off. Longer than the keep-alive wait, which bounds request heads itself.
        client.settimeout(max(self.body_timeout, self.cfg.keepalive + 1))
        AsyncWorker.handle(self, listener, client, addr)

    def handle_request(self, listener_name, req, sock, addr):
        try:
            done = super().handle_request(listener_name, req, sock, addr)
        except TimeoutError:
            self.log.info("client %s did not take its answer within %g s: connection closed",
                          (addr or ("",))[0], self.body_timeout)
            raise StopIteration from None
        finally:
            if self.nr >= self.retire_at:
                self._ask_for_successor()
        gevent.sleep(0)  # let the other connections in before this one's next request
        return done

    def _ask_for_successor(self) -> None:
        mode = os.fstat(self.tmp.fileno()).st_mode
        if not mode & RETIRE_MARK:
            self.log.info("Worker reached max requests (%s): the master starts its successor", self.retire_at)
            os.fchmod(self.tmp.fileno(), (mode | RETIRE_MARK) & 0o7777)

    def handle_error(self, req, client, addr, exc):
        answer = limit_answer(exc)
        if answer is None:
            return super().handle_error(req, client, addr, exc)
        status, body = answer
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        svc = getattr(getattr(self, "flask", None), "extensions", {}).get("tiles")  # the app's Service (app.py)
        if svc is not None:  # counted as the app counts its own answers, under route "refused"
            svc.metrics.requests.labels("refused", status[:3]).inc()
        head = (f"HTTP/1.1 {status}\r\nConnection: close\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n"
                "X-Content-Type-Options: nosniff\r\n\r\n").encode("latin-1")
        try:
            util.write_nonblock(client, head + body)
        except Exception:
            self.log.debug("Failed to send error message.")
