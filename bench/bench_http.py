"""HTTP throughput: cached images and uncached renders against the framework floor.

Starts two gunicorn servers with the same setup on loopback ports: ours, and a
plain Flask app whose one route returns a constant byte string of the same
size as a cached image (the floor: what Flask and gunicorn cost by themselves).
Keep-alive clients in a few processes hammer each for a few seconds, in
alternating rounds; medians of the rounds are printed, with ratios.

    python bench/bench_http.py                 # defaults: 1 worker, 5 rounds of 2 s
    python bench/bench_http.py --workers 2 --rounds 7 --seconds 3

Both servers run `tiles serve`'s gunicorn settings (gevent workers).

Target: cached throughput at least 80% of the floor.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

HOST = "127.0.0.1"
HAND = "11222333s22m+-456m+4s"
CACHED_PATHS = [f"/{HAND}?scale=2", "/123m456p789s11z+-5-55s?scale=2", "/2z+x11xs+x11xp+x11xm+x11xz+2z?scale=2"]
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


# -- servers -------------------------------------------------------------------


def floor_app(size: int):
    from flask import Flask, Response

    app = Flask("floor")
    body = b"\x89PNG" + b"\0" * max(0, size - 4)

    @app.get("/<path:anything>")
    def constant(anything):
        return Response(body, mimetype="image/png")

    return app


def serve(kind: str, port: int, workers: int, size: int) -> None:
    """Run one server until SIGTERM (in a child process of the benchmark)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from service.http.serve import gunicorn_options, run_gunicorn

    if kind == "floor":
        def factory():
            return floor_app(size)
    else:
        def factory():
            from service.http import create_app

            return create_app()
    options = gunicorn_options(HOST, port, workers)
    options["loglevel"] = "warning"
    run_gunicorn(factory, options)


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start(kind: str, args, size: int = 0) -> tuple[subprocess.Popen, int]:
    port = free_port()
    cmd = [sys.executable, __file__, "--serve", kind, "--port", str(port), "--workers", str(args.workers),
           "--size", str(size)]
    proc = subprocess.Popen(cmd, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            get(port, "/healthz")
            return proc, port
        except OSError:
            time.sleep(0.1)
    stop(proc)
    raise SystemExit(f"{kind} server did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("GET", path)
        return conn.getresponse().read()
    finally:
        conn.close()


# -- load ----------------------------------------------------------------------


def random_hand(rng: random.Random) -> str:
    """A 14-tile hand with one called meld: a new one nearly every call."""
    tiles = sorted(rng.choice(TILES) for _ in range(11))
    meld = rng.choice(["123", "456", "789", "111", "555"]) + rng.choice("mps")
    return "".join(tiles) + f"+-{meld}+" + rng.choice(TILES)


def _client(port: int, paths, seconds: float, seed: int, out: list) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    n, errors = 0, 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        path = f"/{random_hand(rng)}{paths}" if isinstance(paths, str) else paths[n % len(paths)]
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        n += 1
        errors += r.status != 200
    conn.close()
    out.append((n, errors))


def _process(port: int, paths, seconds: float, threads: int, seed: int, queue) -> None:
    out: list = []
    ts = [threading.Thread(target=_client, args=(port, paths, seconds, seed * 100 + i, out)) for i in range(threads)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    queue.put((sum(n for n, _ in out), sum(e for _, e in out)))


def load(port: int, paths, seconds: float, procs: int, conns: int, seed: int) -> float:
    """Requests per second over `procs` x `conns` keep-alive connections; `paths` a query
    string (``"?scale=2"``) renders a new hand every request with it."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    ps = [ctx.Process(target=_process, args=(port, paths, seconds, conns, seed * 1000 + k, queue))
          for k in range(procs)]
    start_t = time.perf_counter()
    for p in ps:
        p.start()
    results = [queue.get(timeout=seconds + 60) for _ in ps]
    for p in ps:
        p.join()
    elapsed = time.perf_counter() - start_t
    total, errors = sum(n for n, _ in results), sum(e for _, e in results)
    if errors:
        print(f"  warning: {errors} non-200 answers", file=sys.stderr)
    return total / max(elapsed, seconds)


def wsgi_rate(app, path: str, seconds: float) -> float:
    """Requests per second calling the WSGI app directly: no sockets, no gunicorn."""
    from werkzeug.test import EnvironBuilder

    path, _, query = path.partition("?")
    environ = EnvironBuilder(path=path, query_string=query).get_environ()

    def start_response(status, headers, exc_info=None):
        pass

    n = 0
    deadline = time.perf_counter() + seconds
    t0 = time.perf_counter()
    while time.perf_counter() < deadline:
        for _ in range(100):
            b"".join(app(dict(environ), start_response))
        n += 100
    return n / (time.perf_counter() - t0)


def in_process(args) -> None:
    """The same comparison without the network: how much our code adds per cached answer."""
    from service.http import create_app

    tiles = create_app()
    client = tiles.test_client()
    size = len(client.get(CACHED_PATHS[0]).data)
    floor = floor_app(size)
    f, c = [], []
    for _ in range(args.rounds):
        f.append(wsgi_rate(floor, CACHED_PATHS[0], args.seconds / 2))
        c.append(wsgi_rate(tiles, CACHED_PATHS[0], args.seconds / 2))
    mf, mc = statistics.median(f), statistics.median(c)
    print(f"in-process WSGI, one thread: floor {mf:,.0f}/s ({1e6 / mf:.0f} us), cached {mc:,.0f}/s "
          f"({1e6 / mc:.0f} us) = {mc / mf:.0%} of floor")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--clients", type=int, default=2, help="load generator processes")
    ap.add_argument("--conns", type=int, default=4, help="keep-alive connections per client process")
    ap.add_argument("--serve", choices=("floor", "tiles"), help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, default=0, help=argparse.SUPPRESS)
    args, _ = ap.parse_known_args(argv)  # `python -m bench http` passes its own words
    if args.serve:
        serve(args.serve, args.port, args.workers, args.size)
        return

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    in_process(args)
    tiles, tport = start("tiles", args)
    try:
        size = len(get(tport, CACHED_PATHS[0]))
        for p in CACHED_PATHS:
            get(tport, p)  # warm the cache
        floor, fport = start("floor", args, size)
    except BaseException:
        stop(tiles)
        raise
    print(f"gunicorn gevent, {args.workers} worker(s); load: {args.clients} processes x "
          f"{args.conns} keep-alive connections; {args.rounds} rounds of {args.seconds:g} s; "
          f"{os.cpu_count()} CPUs shared by server and load")
    rates: dict[str, list[float]] = {"floor": [], "cached": [], "uncached": [], "uncached_exact": []}
    try:
        for r in range(args.rounds):
            rates["floor"].append(load(fport, CACHED_PATHS, args.seconds, args.clients, args.conns, r))
            rates["cached"].append(load(tport, CACHED_PATHS, args.seconds, args.clients, args.conns, r))
            rates["uncached"].append(load(tport, "?scale=2", args.seconds, args.clients, args.conns, 1000 + r))
            rates["uncached_exact"].append(load(tport, "?scale=2&exact=1", args.seconds, args.clients, args.conns,
                                                2000 + r))
            print(f"  round {r + 1}: " + ", ".join(f"{k} {v[-1]:,.0f}/s" for k, v in rates.items()), flush=True)
    finally:
        stop(floor)
        stop(tiles)
    med = {k: statistics.median(v) for k, v in rates.items()}
    print(f"floor (constant {size} B):  median {med['floor']:>8,.0f} req/s")
    print(f"cached image:              median {med['cached']:>8,.0f} req/s  "
          f"= {med['cached'] / med['floor']:.0%} of floor (target >= 80%)")
    print(f"uncached render:           median {med['uncached']:>8,.0f} req/s  "
          f"= {med['uncached'] / med['floor']:.1%} of floor, {1000 / med['uncached'] * args.workers:.2f} ms/render/worker")
    print(f"uncached, exact=1 (before): median {med['uncached_exact']:>7,.0f} req/s  "
          f"= {med['uncached_exact'] / med['floor']:.1%} of floor; palette / exact "
          f"{med['uncached'] / med['uncached_exact']:.2f}x")


if __name__ == "__main__":
    main()
