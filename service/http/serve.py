"""`tiles serve`: run the HTTP service under gunicorn, or Flask's dev server.

    $ tiles serve --host 0.0.0.0 --port 8000 --workers 4 --threads 8
    $ TILES_PORT=9000 TILES_CACHE_BYTES=256MiB tiles serve
    $ tiles serve --dev            # auto-reload and tracebacks, for hacking

Flags win over ``TILES_*`` environment variables, which win over defaults.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["serve"].parse_args(["--port", "9000"])
>>> args.port, args.host
(9000, '127.0.0.1')
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from typing import Any, Callable

from gunicorn.app.base import BaseApplication


def default_workers() -> int:
    """One worker per CPU (rendering is CPU-bound under the GIL), at most 8."""
    return max(1, min(os.cpu_count() or 1, 8))


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    return int(value) if value.strip().isdigit() else default


class Server(BaseApplication):
    """gunicorn, configured from a dict instead of a config file or its own argv.

    ``factory`` builds the WSGI app inside each worker, after the fork.
    """

    def __init__(self, factory: Callable[[], Any], options: dict[str, Any]):
        self.factory = factory
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in OPTIONAL_SETTINGS and key not in self.cfg.settings:
                continue  # a setting this gunicorn version does not have
            self.cfg.set(key, value)

    def load(self):
        return self.factory()


# Newer gunicorn opens a control socket at one fixed path per user, so two
# servers (tests, benchmarks, several sites) would fight over it; we don't use it.
OPTIONAL_SETTINGS = {"control_socket_disable"}


def _child_exit(server, worker) -> None:
    """Drop a dead worker's live gauges from the shared metrics directory."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def bind_address(host: str, port: int) -> str:
    """``host:port``, with brackets for IPv6 (``[::1]:8000``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def gunicorn_options(host: str, port: int, workers: int, threads: int, access_log: bool = False) -> dict:
    return {
        "bind": bind_address(host, port),
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "keepalive": 5,
        "accesslog": "-" if access_log else None,
        "child_exit": _child_exit,
        "proc_name": "tiles",
        "control_socket_disable": True,
    }


def run_gunicorn(factory: Callable[[], Any], options: dict[str, Any]) -> None:
    """Run gunicorn until it is stopped; metrics are summed across workers."""
    own_dir = None
    if options.get("workers", 1) > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Must be set before prometheus_client is imported, i.e. before the
        # app module loads, which happens in the workers.
        own_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="tiles-metrics-")
    try:
        Server(factory, options).run()
    finally:
        if own_dir:
            shutil.rmtree(own_dir, ignore_errors=True)


def cmd_serve(args) -> int:
    from .cache import parse_bytes

    config = {}
    if args.cache_bytes:
        try:
            config["CACHE_BYTES"] = parse_bytes(args.cache_bytes)
        except ValueError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2

    def factory():
        from .app import create_app

        return create_app(config)

    if args.dev:
        factory().run(host=args.host, port=args.port, debug=True, threaded=True)
        return 0
    run_gunicorn(factory, gunicorn_options(args.host, args.port, args.workers, args.threads, args.access_log))
    return 0


def register(sub) -> None:
    """Add ``serve`` to the ``tiles`` subcommands."""
    p = sub.add_parser("serve", help="run the HTTP service (gunicorn; --dev for Flask's dev server)")
    p.add_argument("--host", default=os.environ.get("TILES_HOST", "127.0.0.1"),
                   help="address to listen on (TILES_HOST, default 127.0.0.1; 0.0.0.0 for all)")
    p.add_argument("--port", type=int, default=_env_int("TILES_PORT", 8000), help="TILES_PORT, default 8000")
    p.add_argument("--workers", type=int, default=_env_int("TILES_WORKERS", default_workers()),
                   help="processes (TILES_WORKERS, default one per CPU up to 8)")
    p.add_argument("--threads", type=int, default=_env_int("TILES_THREADS", 4),
                   help="threads per process (TILES_THREADS, default 4)")
    p.add_argument("--cache-bytes", default=None,
                   help="image cache per process, e.g. 256MiB (TILES_CACHE_BYTES, default 64MiB)")
    p.add_argument("--access-log", action="store_true", help="log every request to stdout")
    p.add_argument("--dev", action="store_true", help="Flask's dev server: reloads on change, shows tracebacks")
    p.set_defaults(func=cmd_serve)
