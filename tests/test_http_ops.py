"""Operations on a real `tiles serve` under load, on loopback: reloads, worker exits,
recycling, slow clients. Each test starts its own server; every loop is bounded."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from live_server import HOST, ROOT, Load, LiveServer, children, fetch, free_port

# Cached images, new renders, JSON and errors: what a docs site's traffic looks like.
PATHS = ["/11222333s22m+-456m+4s?scale=2", "/123m456p789s11z", "/tiles/5-5=55p.webp", "/tiles/1m2m3m.json",
         "/2z+x11xs+x11xp+x11xm+2z?scale=3"] + [f"/{n}{s}{n}{s}{n + 1}{s}?scale=2" for n in range(1, 9) for s in "mps"]
WORKERS = 2


def metrics_dir_of(live: LiveServer) -> str:
    """The workers' Prometheus directory: the master holds a lock file open in it."""
    fds = (os.readlink(f"/proc/{live.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{live.pid}/fd"))
    return next(os.path.dirname(path) for path in fds if path.endswith("/masters.lock"))


def requests_counted(port: int) -> float:
    text = fetch(port, "/metrics")[2].decode()
    return sum(float(line.split()[-1]) for line in text.splitlines()
               if line.startswith("tiles_http_requests_total{") and 'route="metrics"' not in line)


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


def test_reload_under_load_fails_no_request():
    with LiveServer("--workers", str(WORKERS)) as live:
        live.wait_ready(30, workers=WORKERS)
        metrics_dir = metrics_dir_of(live)
        first = set(live.workers())
        with Load(live.port, PATHS, clients=4, seconds=40) as result:
            time.sleep(1.5)
            for _ in range(2):  # two reloads, the second while the first one's workers settle
                live.signal(signal.SIGHUP)
                time.sleep(2.5)
            assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 20)
            time.sleep(1)
        # No request fails: the old workers serve until the new ones do.
        assert result.failures == [] and result.ok > 20, (result, live.log[-20:])
        assert live.proc.poll() is None and os.path.isdir(metrics_dir)
        # every request answered is counted, by workers alive and gone
        assert requests_counted(live.port) >= result.ok
    assert not os.path.exists(metrics_dir)  # the master removed it when it exited


def description(port: int, n: int) -> str:
    return json.loads(fetch(port, f"/tiles/123m.json?n={n}")[2])["description"]


def copy_of_the_code(folder) -> None:
    for package in ("service", "tile_art"):
        shutil.copytree(ROOT / package, folder / package, ignore=shutil.ignore_patterns("__pycache__"))


def test_reload_runs_the_code_on_disk_now(tmp_path):
    """A deploy, then HUP: the new workers run the new code, also in the modules the master
    imported to start (describe.py among them), not the master's old copies."""
    copy_of_the_code(tmp_path)
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        assert description(live.port, 0) == "Hand: 1m 2m 3m"
        first = set(live.workers())
        source = tmp_path / "service" / "notation" / "describe.py"
        source.write_text(source.read_text().replace('return "Hand"\n', 'return "New hand"\n', 1))
        live.signal(signal.SIGHUP)
        assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 20)
        live.wait_ready(30)
        assert {description(live.port, n) for n in range(1, 9)} == {"New hand: 1m 2m 3m"}, live.log[-20:]


def logged(live: LiveServer, text: str, seconds: float) -> bool:
    return wait_for(lambda: any(text in line for line in live.log), seconds)


def test_reload_retires_the_old_workers_only_once_the_new_ones_serve():
    with LiveServer("--workers", str(WORKERS)) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        live.signal(signal.SIGHUP)
        assert logged(live, f"reload: {WORKERS} new workers serving", 30), live.log[-20:]
        assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 30)
        log = list(live.log)
        serving = next(i for i, line in enumerate(log) if "new workers serving" in line)
        for pid in first:  # each old worker exits after the new ones serve, not before
            assert min(i for i, line in enumerate(log) if f"Worker exiting (pid: {pid})" in line) > serving


def test_a_broken_deploy_then_hup_keeps_the_old_workers_serving(tmp_path):
    """The new workers cannot load the code: the reload is given up, the old workers serve
    on, no request fails; once the deploy is fixed, HUP brings the new code in."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "notation" / "describe.py"
    good = source.read_text()
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        with Load(live.port, PATHS, clients=2, seconds=60) as result:
            time.sleep(0.5)
            source.write_text("raise ImportError('a broken deploy')\n")
            live.signal(signal.SIGHUP)
            assert logged(live, "reload given up: a new worker could not boot", 30), live.log[-20:]
            time.sleep(1)
            assert live.proc.poll() is None and set(live.workers()) == first, live.log[-20:]
            assert description(live.port, 0) == "Hand: 1m 2m 3m"
            source.write_text(good.replace('return "Hand"\n', 'return "New hand"\n', 1))
            live.signal(signal.SIGHUP)
            assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 30)
            assert {description(live.port, n) for n in range(1, 9)} == {"New hand: 1m 2m 3m"}
        assert result.failures == [] and result.ok > 20, (result, live.log[-20:])


def test_a_worker_that_cannot_boot_does_not_stop_the_others(tmp_path):
    """A broken deploy on disk, then a worker dies: its replacement cannot boot, the other
    worker serves on, and a replacement is tried again until the code loads."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "notation" / "describe.py"
    good = source.read_text()
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        victim, survivor = live.workers()
        source.write_text("raise ImportError('a broken deploy')\n")
        os.kill(victim, signal.SIGKILL)
        assert logged(live, "a replacement worker will be tried in", 30), live.log[-20:]
        assert live.proc.poll() is None and survivor in live.workers()
        assert all(fetch(live.port, "/123m")[0] == 200 for _ in range(5))
        source.write_text(good)
        assert wait_for(lambda: len(live.workers()) == WORKERS, 30), live.log[-20:]
        live.wait_ready(30, workers=WORKERS)


def test_code_that_cannot_load_stops_the_server_at_start(tmp_path):
    """Nobody serves yet: fail fast, as gunicorn does (exit 3, "Worker failed to boot")."""
    copy_of_the_code(tmp_path)
    (tmp_path / "service" / "http" / "routes.py").write_text("raise ImportError('a broken deploy')\n")  # workers only
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", HOST, "--port",
                             str(free_port()), "--workers", "1"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
    assert proc.returncode == 3 and b"Worker failed to boot" in out, out[-2000:]


def test_upgrade_with_usr2_fails_no_request():
    # gunicorn's upgrade without a pause: USR2 starts a new master (new code) with
    # its own workers beside the old ones; then TERM stops the old master and its
    # workers gracefully. The new master keeps the metrics directory.
    with LiveServer("--workers", "1") as live:
        live.wait_ready(30, workers=1)
        metrics_dir = metrics_dir_of(live)
        new_master = None
        try:
            with Load(live.port, PATHS, clients=3, seconds=60) as result:
                time.sleep(1)
                old_worker = live.workers()[0]
                live.signal(signal.SIGUSR2)
                assert wait_for(lambda: len(live.workers()) == 2, 30)
                new_master = next(p for p in live.workers() if p != old_worker)
                assert wait_for(lambda: len(children(new_master)) == 1, 30)
                live.wait_ready(30)
                time.sleep(1)
                live.stop()  # TERM: the old master and its workers go gracefully; the new ones serve on
                done = result.ok
                assert wait_for(lambda: result.ok > done + 5, 20)
            assert result.failures == [], (result, live.log[-20:])
            assert os.path.isdir(metrics_dir)  # in use by the new master: kept
            assert requests_counted(live.port) >= result.ok
        finally:
            if new_master:
                os.kill(new_master, signal.SIGTERM)
                wait_for(lambda: not os.path.exists(f"/proc/{new_master}"), 30)
    assert wait_for(lambda: not os.path.exists(metrics_dir), 10)  # the last master removed it


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_worker_that_exits_is_replaced(sig):
    clients = 4
    with LiveServer("--workers", str(WORKERS)) as live:
        live.wait_ready(30, workers=WORKERS)
        victim = live.workers()[0]
        with Load(live.port, PATHS, clients=clients, seconds=30) as result:
            time.sleep(1.5)
            os.kill(victim, sig)
            assert wait_for(lambda: len(live.workers()) == WORKERS and victim not in live.workers(), 20)
            time.sleep(1.5)
            before = result.ok
            time.sleep(1)
            assert result.ok > before  # still answering
        # A stopped worker finishes what it has; a killed one loses only what was in
        # flight on it: at most one request per client connection.
        lost = len(result.failures)
        assert (lost == 0) if sig == signal.SIGTERM else (lost <= clients), (result.failures, live.log[-20:])
        assert live.proc.poll() is None
        assert fetch(live.port, "/healthz")[0] == 200


def test_workers_are_recycled_without_failures_or_lost_counts():
    with LiveServer("--workers", str(WORKERS), "--max-requests", "40") as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        with Load(live.port, PATHS, clients=3, seconds=60) as result:
            # every worker is replaced at least once (a recycled worker closes its
            # connections, so the clients spread over the workers as they go)
            assert wait_for(lambda: result.ok >= 200 and not first & set(live.workers()), 50), live.log[-10:]
        assert result.failures == [], result.failures
        assert "Autorestarting worker" in "\n".join(live.log)
        assert requests_counted(live.port) >= result.ok


class SlowClient(threading.Thread):
    """Sends a request head one byte a second, reconnecting whenever the server hangs up."""

    HEAD = b"GET /123m HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 4000 + b"\r\n\r\n"

    def __init__(self, port: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.stop, self.dropped = port, stop, 0

    def run(self) -> None:
        sock, sent = None, 0
        while not self.stop.is_set():
            try:
                if sock is None:
                    sock, sent = socket.create_connection((HOST, self.port), timeout=5), 0
                sock.send(self.HEAD[sent:sent + 1])
                sent += 1
            except OSError:
                self.dropped += 1
                sock.close()
                sock = None
            self.stop.wait(1.0)
        if sock is not None:
            sock.close()


@pytest.mark.slow
def test_fifty_slow_clients_cannot_starve_the_rest():
    with LiveServer("--workers", str(WORKERS)) as live:
        live.wait_ready(30, workers=WORKERS)
        stop = threading.Event()
        slow = [SlowClient(live.port, stop) for _ in range(50)]
        for c in slow:
            c.start()
        worst, probes = 0.0, 0
        try:
            deadline = time.monotonic() + 20
            n = 0
            while time.monotonic() < deadline:
                for path in ("/healthz", f"/{n % 9 + 1}m{n % 7 + 1}z?scale=2"):  # health and new renders
                    start = time.monotonic()
                    status = fetch(live.port, path, timeout=5)[0]
                    worst = max(worst, time.monotonic() - start)
                    assert status == 200
                    probes += 1
                n += 1
                time.sleep(0.25)
        finally:
            stop.set()
            for c in slow:
                c.join(5)
        assert probes >= 40 and worst < 1.0, (probes, worst)
        # the server cut each slow request head off after the keepalive time (5 s)
        assert sum(c.dropped for c in slow) >= 50
