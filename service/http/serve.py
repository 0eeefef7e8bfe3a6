"""`tiles serve`: run the HTTP service under gunicorn, or Flask's dev server.

    $ tiles serve --host 0.0.0.0 --port 8000 --workers 4
    $ TILES_PORT=9000 TILES_CACHE_BYTES=256MiB tiles serve
    $ tiles serve --dev            # auto-reload and tracebacks, for hacking

Flags win over ``TILES_*`` environment variables, which win over defaults.
The process model (docs/service.md, "Operations"): gevent workers (slow
clients hold a greenlet, not the worker), recycled after ``--max-requests``
with jitter, metrics summed over workers in a directory that only the master
that made it removes, when it really exits.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["serve"].parse_args(["--port", "9000"])
>>> args.port, args.host, args.keepalive
(9000, '127.0.0.1', 5)
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import shutil
import sys
import tempfile
from typing import Any, Callable, Iterator

from gunicorn.app.base import BaseApplication

WORKER_CLASS = "service.http.worker.TilesWorker"
DEFAULT_CONNECTIONS = 1000   # per worker, each one greenlet
DEFAULT_KEEPALIVE = 5        # seconds: an idle keep-alive connection, and the most a request head may take
DEFAULT_MAX_REQUESTS = 20000  # then the worker is replaced; jitter spreads the workers' turns
JITTER_SHARE = 10            # jitter: up to a tenth of max_requests more
GRACEFUL_TIMEOUT = 20        # seconds a stopping worker may finish what it has in flight
DEFAULT_DRAIN = 5            # seconds TERM keeps serving, /healthz 503, before the workers stop
DEFAULT_BODY_TIMEOUT = 10    # seconds a request body may take to arrive, and an answer to be taken
DEFAULT_BOOT_TIMEOUT = 60    # seconds a new worker has to load the app and start serving


def default_workers() -> int:
    """One worker per CPU (rendering is CPU-bound under the GIL), at most 8."""
    return max(1, min(os.cpu_count() or 1, 8))


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip().isdigit() else default


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, ""))
    except ValueError:
        return default


class Server(BaseApplication):
    """gunicorn, configured from a dict instead of a config file or its own argv.

    ``factory`` builds the WSGI app inside each worker, after the fork; ``tiles``
    holds our own settings, read by `arbiter.TilesArbiter` and `worker.TilesWorker`
    (``drain``, ``body_timeout``, ``boot_timeout``).
    """

    def __init__(self, factory: Callable[[], Any], options: dict[str, Any], tiles: dict[str, float] | None = None):
        self.factory = factory
        self.options = options
        self.tiles = tiles or {}
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in OPTIONAL_SETTINGS and key not in self.cfg.settings:
                continue  # a setting this gunicorn version does not have
            self.cfg.set(key, value)

    def load(self):
        return self.factory()

    def run(self) -> None:
        """gunicorn's run, under our master (`arbiter.TilesArbiter`)."""
        from .arbiter import TilesArbiter

        try:
            TilesArbiter(self).run()
        except RuntimeError as err:
            print(f"\nError: {err}\n", file=sys.stderr)
            sys.exit(1)


OWN_PACKAGES = ("service", "tile_art")


def fresh_code() -> None:
    """Forget the copies of our own modules a worker inherits from the master, which
    imported some to start (the CLI, notation, layout, ...): the app then imports the
    code on disk now, so after a deploy a HUP runs the new code throughout, not new
    routes over old notation. The worker class and this module stay the master's.
    Only for a freshly forked worker (gunicorn's post_fork): a process that goes on
    using the modules it has would end up with two copies of each.
    """
    for name in [m for m in sys.modules if m.partition(".")[0] in OWN_PACKAGES]:
        del sys.modules[name]


# Newer gunicorn opens a control socket at one fixed path per user, so two
# servers (tests, benchmarks, several sites) would fight over it; we don't use it.
OPTIONAL_SETTINGS = {"control_socket_disable"}


def _post_fork(server, worker) -> None:
    """In each new worker, before the app loads: our modules from disk (`fresh_code`), and
    malloc settings that hold memory down."""
    fresh_code()
    from .memory import tune_malloc

    tune_malloc()


def _child_exit(server, worker) -> None:
    """Drop a dead worker's live gauges from the shared metrics directory."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def bind_address(host: str, port: int) -> str:
    """``host:port``, with brackets for IPv6 (``[::1]:8000``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def gunicorn_options(host: str, port: int, workers: int, connections: int = DEFAULT_CONNECTIONS,
                     keepalive: int = DEFAULT_KEEPALIVE, max_requests: int = DEFAULT_MAX_REQUESTS,
                     access_log: bool = False) -> dict:
    """gunicorn settings for `tiles serve` (``max_requests=0`` never recycles).

    >>> o = gunicorn_options("127.0.0.1", 8000, 2)
    >>> o["worker_class"], o["max_requests"], o["max_requests_jitter"], o["keepalive"]
    ('service.http.worker.TilesWorker', 20000, 2000, 5)
    """
    return {
        "bind": bind_address(host, port),
        "workers": workers,
        "worker_class": WORKER_CLASS,
        "worker_connections": connections,
        "keepalive": keepalive,
        "max_requests": max_requests,
        "max_requests_jitter": max_requests // JITTER_SHARE,
        "graceful_timeout": GRACEFUL_TIMEOUT,
        "accesslog": "-" if access_log else None,
        "post_fork": _post_fork,
        "child_exit": _child_exit,
        "proc_name": "tiles",
        "control_socket_disable": True,
    }


MADE_MARK = "TILES_METRICS_DIR_MADE"  # names the directory when a tiles master made it


@contextlib.contextmanager
def metrics_dir() -> Iterator[str]:
    """A Prometheus multiprocess directory for the workers, unless the caller set one.

    Workers come and go (reload, recycling, crashes) and forked workers leave
    this block too (gunicorn exits them by raising SystemExit), so only a master
    removes the directory, when it exits, and only if it was made by tiles and
    no other master still uses it: after ``kill -USR2`` the new master inherits
    it, and each master holds a shared lock on it while running.
    """
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not path:
        path = os.environ["PROMETHEUS_MULTIPROC_DIR"] = os.environ[MADE_MARK] = tempfile.mkdtemp(
            prefix="tiles-metrics-")
    ours = os.environ.get(MADE_MARK) == path
    if "prometheus_client.values" in sys.modules:
        # Imported before the variable was set, it chose in-process values;
        # choose again, or each worker would count for itself alone.
        from prometheus_client import values

        values.ValueClass = values.get_value_class()
    master = os.getpid()
    lock = open(os.path.join(path, "masters.lock"), "a")  # not inherited across exec (PEP 446)
    fcntl.flock(lock, fcntl.LOCK_SH)
    try:
        yield path
    finally:
        if os.getpid() == master:
            if ours:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    shutil.rmtree(path, ignore_errors=True)
                    for name in ("PROMETHEUS_MULTIPROC_DIR", MADE_MARK):
                        os.environ.pop(name, None)
                except BlockingIOError:
                    pass  # another master (USR2) carries on with it
            lock.close()


def run_gunicorn(factory: Callable[[], Any], options: dict[str, Any], tiles: dict[str, float] | None = None) -> None:
    """Run gunicorn until it is stopped; metrics are summed across workers."""
    with metrics_dir():
        Server(factory, options, tiles).run()


def cmd_serve(args) -> int:
    # The master's own modules, loaded now: a broken one is reported by `cli.main` in one line
    # (gunicorn would load the worker class by name, and print a traceback).
    from . import arbiter, worker  # noqa: F401
    from .cache import parse_bytes

    config = {}
    for flag, key in (("cache_bytes", "CACHE_BYTES"), ("face_cache_bytes", "FACE_CACHE_BYTES"),
                      ("palette_cache_bytes", "PALETTE_CACHE_BYTES")):
        if getattr(args, flag):
            try:
                config[key] = parse_bytes(getattr(args, flag))
            except ValueError as err:
                print(f"error: --{flag.replace('_', '-')}: {err}", file=sys.stderr)
                return 2
    for flag, least in (("workers", 1), ("connections", 1), ("drain", 0), ("body_timeout", 1), ("boot_timeout", 1)):
        if getattr(args, flag) < least:
            print(f"error: --{flag.replace('_', '-')} must be at least {least}", file=sys.stderr)
            return 2
    if args.threads is not None:
        print("note: --threads is ignored: workers are gevent (see --connections)", file=sys.stderr)

    def factory():
        from .app import create_app

        return create_app(config)

    if args.dev:
        factory().run(host=args.host, port=args.port, debug=True, threaded=True)
        return 0
    run_gunicorn(factory, gunicorn_options(args.host, args.port, args.workers, args.connections,
                                           args.keepalive, args.max_requests, args.access_log),
                 {"drain": args.drain, "body_timeout": args.body_timeout, "boot_timeout": args.boot_timeout})
    return 0


def register(sub) -> None:
    """Add ``serve`` to the ``tiles`` subcommands."""
    p = sub.add_parser("serve", help="run the HTTP service (gunicorn; --dev for Flask's dev server)")
    p.add_argument("--host", default=os.environ.get("TILES_HOST", "127.0.0.1"),
                   help="address to listen on (TILES_HOST, default 127.0.0.1; 0.0.0.0 for all)")
    p.add_argument("--port", type=int, default=_env_int("TILES_PORT", 8000), help="TILES_PORT, default 8000")
    p.add_argument("--workers", type=int, default=_env_int("TILES_WORKERS", default_workers()),
                   help="processes (TILES_WORKERS, default one per CPU up to 8)")
    p.add_argument("--connections", type=int, default=_env_int("TILES_CONNECTIONS", DEFAULT_CONNECTIONS),
                   help=f"connections each worker holds at once (TILES_CONNECTIONS, default {DEFAULT_CONNECTIONS})")
    p.add_argument("--keepalive", type=int, default=_env_int("TILES_KEEPALIVE", DEFAULT_KEEPALIVE),
                   help="seconds an idle connection stays open, and the most a request's headers may take "
                        f"(TILES_KEEPALIVE, default {DEFAULT_KEEPALIVE})")
    p.add_argument("--max-requests", type=int, default=_env_int("TILES_MAX_REQUESTS", DEFAULT_MAX_REQUESTS),
                   help="replace a worker after this many requests, plus up to a tenth more at random; "
                        f"0 never (TILES_MAX_REQUESTS, default {DEFAULT_MAX_REQUESTS})")
    p.add_argument("--drain", type=float, default=_env_float("TILES_DRAIN", DEFAULT_DRAIN),
                   help="on TERM, seconds the workers go on serving while /healthz answers 503, then stop "
                        f"(TILES_DRAIN, default {DEFAULT_DRAIN}; 0 stops at once)")
    p.add_argument("--body-timeout", type=float, default=_env_float("TILES_BODY_TIMEOUT", DEFAULT_BODY_TIMEOUT),
                   help="seconds a request body may take to arrive (else 408), and a client to take an answer "
                        f"(TILES_BODY_TIMEOUT, default {DEFAULT_BODY_TIMEOUT})")
    p.add_argument("--boot-timeout", type=float, default=_env_float("TILES_BOOT_TIMEOUT", DEFAULT_BOOT_TIMEOUT),
                   help="seconds a new worker has to start serving, else it is stopped and the old ones serve on "
                        f"(TILES_BOOT_TIMEOUT, default {DEFAULT_BOOT_TIMEOUT})")
    p.add_argument("--cache-bytes", default=None,
                   help="image cache per worker, e.g. 256MiB (TILES_CACHE_BYTES, default 64MiB)")
    p.add_argument("--face-cache-bytes", default=None,
                   help="drawn tile faces per worker (TILES_FACE_CACHE_BYTES, default 32MiB)")
    p.add_argument("--palette-cache-bytes", default=None,
                   help="picture palettes per worker (TILES_PALETTE_CACHE_BYTES, default 8MiB)")
    p.add_argument("--access-log", action="store_true", help="log every request to stdout")
    p.add_argument("--dev", action="store_true", help="Flask's dev server: reloads on change, shows tracebacks")
    p.add_argument("--threads", type=int, default=None, help=argparse.SUPPRESS)  # older setups: ignored
    p.set_defaults(func=cmd_serve)
