"""Real `tiles serve` (gunicorn) on a free loopback port, and a bounded load generator.

Used by the end-to-end and operations tests and by bench/bench_soak.py.
Everything talks to 127.0.0.1 only; every loop is bounded in count and time.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def fetch(port: int, path: str, headers: dict | None = None, conn: http.client.HTTPConnection | None = None,
          timeout: float = 10):
    """(status, headers, body) of one GET, on `conn` if given (keep-alive) or a new connection."""
    own = conn is None
    conn = conn or http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        if own:
            conn.close()


def children(pid: int) -> list[int]:
    """Live child processes of `pid` (gunicorn's workers, for its master)."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


class LiveServer:
    """`python -m service.cli serve` with `args`; `.port`, `.pid` (the master), `.workers()`."""

    def __init__(self, *args: str, env: dict | None = None, start_timeout: float = 60, code: Path | None = None):
        """`code`: a folder holding a copy of `service` and `tile_art` to run instead (`python -m`)."""
        self.port = free_port()
        full_env = {**os.environ, "TILES_DRAIN": "0.5", **(env or {})}  # tests stop many servers: short drain
        full_env.pop("PROMETHEUS_MULTIPROC_DIR", None)
        # The installed `tiles` command, as operators run it (gunicorn's USR2 upgrade
        # re-executes the same argv, which `python -m` would not survive).
        tiles = Path(sys.executable).with_name("tiles")
        cmd = [str(tiles)] if tiles.exists() and code is None else [sys.executable, "-m", "service.cli"]
        self.proc = subprocess.Popen(
            [*cmd, "serve", "--host", HOST, "--port", str(self.port), *args],
            cwd=code or ROOT, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self.log: list[str] = []
        self._reader = threading.Thread(target=self._read_log, daemon=True)
        self._reader.start()
        self.wait_ready(start_timeout)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def _read_log(self) -> None:
        for line in self.proc.stdout:
            self.log.append(line.decode(errors="replace").rstrip())

    def serving(self) -> set[int]:
        """The pids that have logged "Worker serving" (they loaded the app and accept)."""
        return {int(line.rsplit(":", 1)[1].strip(" )")) for line in list(self.log) if "Worker serving (pid:" in line}

    def wait_ready(self, timeout: float, workers: int | None = None) -> None:
        """Until /healthz answers (and, if given, the master has `workers` live workers, every one serving)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                if fetch(self.port, "/healthz", timeout=5)[0] == 200 and (
                        workers is None or (len(self.workers()) == workers
                                            and set(self.workers()) <= self.serving())):
                    return
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server on {self.port} not ready (exit {self.proc.poll()}):\n"
                                   + "\n".join(self.log[-30:]))
            time.sleep(0.1)

    def workers(self) -> list[int]:
        return children(self.pid)

    def signal(self, sig: int) -> None:
        os.kill(self.pid, sig)

    def stop(self) -> int | None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # gunicorn's graceful stop
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.pid, signal.SIGKILL)
                self.proc.wait(5)
        self._reader.join(5)
        return self.proc.returncode

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


@dataclass
class LoadResult:
    ok: int = 0
    failures: list[str] = field(default_factory=list)
    retried: int = 0
    slowest: float = 0.0


def _load_client(port: int, paths: list[str], stop: threading.Event, deadline: float, result: LoadResult,
                 lock: threading.Lock, seed: int) -> None:
    """GETs over one keep-alive connection until `stop` or `deadline`.

    Like browsers and HTTP libraries (RFC 9112 section 9.3.1), a request on a
    reused connection that the server closed before sending any byte of an
    answer is retried once on a new connection: a server may close an idle
    keep-alive connection at any moment. Anything else is a failure.
    """
    conn, reused, n = None, False, seed  # a request that waits (workers loading) is not a failure: 30 s timeout
    while not stop.is_set() and time.monotonic() < deadline:
        path = paths[n % len(paths)]
        n += 1
        for attempt in (0, 1):
            if conn is None:
                conn, reused = http.client.HTTPConnection(HOST, port, timeout=30), False
            start = time.monotonic()
            try:
                conn.request("GET", path)
                r = conn.getresponse()
                body = r.read()
                took = time.monotonic() - start
                with lock:
                    result.slowest = max(result.slowest, took)
                    if r.status == 200 and body:
                        result.ok += 1
                    else:
                        result.failures.append(f"{path}: {r.status}")
                if r.will_close:
                    conn.close()
                    conn = None
                else:
                    reused = True
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
                conn.close()
                conn = None
                if reused and attempt == 0:
                    with lock:
                        result.retried += 1
                    continue
                with lock:
                    result.failures.append(f"{path}: {exc!r}")
                break
            except (OSError, http.client.HTTPException) as exc:  # e.g. IncompleteRead: a worker died mid-answer
                conn.close()
                conn = None
                with lock:
                    result.failures.append(f"{path}: {exc!r}")
                break
    if conn is not None:
        conn.close()


class Load:
    """`clients` threads GETting `paths` over keep-alive connections, for at most `seconds`."""

    def __init__(self, port: int, paths: list[str], clients: int = 4, seconds: float = 30):
        self.result = LoadResult()
        self._stop = threading.Event()
        lock = threading.Lock()
        deadline = time.monotonic() + seconds
        self._threads = [threading.Thread(target=_load_client, daemon=True,
                                          args=(port, paths, self._stop, deadline, self.result, lock, k * 7))
                         for k in range(clients)]

    def __enter__(self) -> LoadResult:
        for t in self._threads:
            t.start()
        return self.result

    def __exit__(self, *exc) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(30)
