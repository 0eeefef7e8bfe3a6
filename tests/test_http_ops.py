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
        # no bytecode (the tests rewrite sources); the fit's C extension (a .so) comes along
        shutil.copytree(ROOT / package, folder / package, ignore=shutil.ignore_patterns("*.pyc"))


# A deploy that changes what the service writes: the English word for a hand (service/notation/words.py).
NEW_HAND = ('"labels": {"hand": "Hand",', '"labels": {"hand": "New hand",')


def test_reload_runs_the_code_on_disk_now(tmp_path):
    """A deploy, then HUP: the new workers run the new code, also in the modules the master
    imported to start (words.py among them), not the master's old copies."""
    copy_of_the_code(tmp_path)
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        assert description(live.port, 0) == "Hand: 1m 2m 3m"
        first = set(live.workers())
        source = tmp_path / "service" / "notation" / "words.py"
        source.write_text(source.read_text().replace(NEW_HAND[0], NEW_HAND[1], 1))
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
    source = tmp_path / "service" / "notation" / "words.py"
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
            source.write_text(good.replace(NEW_HAND[0], NEW_HAND[1], 1))
            live.signal(signal.SIGHUP)
            assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 30)
            assert {description(live.port, n) for n in range(1, 9)} == {"New hand: 1m 2m 3m"}
        assert result.failures == [] and result.ok > 20, (result, live.log[-20:])


# A deploy that imports but cannot draw (issue 42, Operations 1): render() raises at run time, `when` it is true.
RENDER_DOC = '    """Encoded image bytes of ``hand`` in ``options.format`` (pass ``lay`` if already laid out)."""\n'


def cannot_draw(source, when: str = "True") -> None:
    text = source.read_text()
    assert RENDER_DOC in text
    source.write_text(text.replace(RENDER_DOC, RENDER_DOC + f"    if {when}:\n"
                                   "        raise RuntimeError('a deploy that imports but cannot draw')\n", 1))


@pytest.mark.slow
def test_a_deploy_that_cannot_draw_then_hup_keeps_the_old_workers_serving(tmp_path):
    """Issue 42 Operations 1: after a deploy whose render() raised, HUP gave 7,129 of 17,950 requests a
    500 (cached pictures too: new workers start empty). Each new worker draws its canary before it
    serves: it cannot, so the reload is given up and the old workers answer everything, new pictures
    too; once the deploy is fixed, HUP brings it in."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "drawing" / "render.py"
    good = source.read_text()
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        with Load(live.port, PATHS, clients=2, seconds=90) as result:
            time.sleep(0.5)
            cannot_draw(source)
            live.signal(signal.SIGHUP)
            assert wait_for(lambda: any("reload given up" in line or "new workers serving" in line
                                        for line in live.log), 60), live.log[-20:]
            assert logged(live, "reload given up: a new worker cannot draw its canary; the old workers go on "
                          "serving", 1), live.log[-20:]
            assert logged(live, "Worker cannot draw its canary, so it does not serve", 1)
            # the master says what happened, not that the code might not load (issue 42)
            assert logged(live, "cannot draw its canary: the code on disk loads but does not draw", 1)
            assert not any("does the code on disk load?" in line for line in live.log), live.log[-20:]
            assert wait_for(lambda: set(live.workers()) == first, 60), live.log[-20:]  # the new ones are gone
            assert live.proc.poll() is None
            news = [fetch(live.port, f"/tiles/{n}m{n}p{n}s.png?height=41", timeout=30)[0] for n in range(1, 10)]
            assert news == [200] * 9  # never drawn before: the old workers draw them
            source.write_text(good)
            live.signal(signal.SIGHUP)
            assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 60)
        assert result.failures == [] and result.ok > 20, (result, live.log[-20:])


@pytest.mark.slow
def test_healthz_is_not_ok_in_a_worker_that_cannot_draw(tmp_path):
    """/healthz draws the canary too: a worker that serves but can no longer draw (here: once a file
    appears) answers 503 "failing", and "ok" again once it draws."""
    copy_of_the_code(tmp_path)
    gone = tmp_path / "font-gone"
    cannot_draw(tmp_path / "service" / "drawing" / "render.py", f"__import__('os').path.exists({str(gone)!r})")
    with LiveServer("--workers", "1", code=tmp_path) as live:
        live.wait_ready(30, workers=1)
        assert json.loads(fetch(live.port, "/healthz")[2])["status"] == "ok"
        gone.touch()
        assert wait_for(lambda: fetch(live.port, "/healthz")[0] == 503, 30), live.log[-20:]
        body = json.loads(fetch(live.port, "/healthz")[2])
        assert body["status"] == "failing" and " answered 500 " in body["canary"], body
        gone.unlink()
        assert wait_for(lambda: fetch(live.port, "/healthz")[0] == 200, 30), live.log[-20:]


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


def test_a_broken_deploy_does_not_break_the_old_workers_svg(tmp_path):
    """Issue 35 #16: glyph outlines are read in a child process. It ran `python -m
    tile_art.outline`, the code on disk: broken by a deploy, every SVG needing a character
    not read yet was a 500. The old workers draw with the code they loaded, SVG included."""
    copy_of_the_code(tmp_path)
    with LiveServer("--workers", "1", code=tmp_path) as live:
        live.wait_ready(30, workers=1)
        (tmp_path / "tile_art" / "outline.py").write_text("def broken(:\n")  # a syntax error
        (tmp_path / "tile_art" / "svg_numbers.py").write_text("raise ImportError('a broken deploy')\n")
        scenes = [f"problem:%20{{round:%20{r},%20seat:%20{seat},%20turn:%20{turn},%20dora:%203m,%20"
                  "hand:%202345m067p34588s5z%2B4p}" for r, seat, turn in (("E1", "S", 7), ("S3", "W", 12))]
        paths = ([f"/scene.svg?s={s}&lang={lang}" for s in scenes for lang in ("ja", "zh")]
                 + ["/tiles/123m.svg?dora=3m&ura=4z&lang=ja", "/tiles/1z2z3z5z6z7z.svg", "/tiles/1234f.svg?theme=auto"])
        answers = {path: fetch(live.port, path, timeout=60) for path in paths}
        assert {p: a[0] for p, a in answers.items()} == dict.fromkeys(paths, 200), live.log[-20:]
        assert all(b"<path" in body for _, _, body in answers.values())


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


def test_a_worker_missing_a_package_names_it(tmp_path):
    """Issue 42: a package only the workers import (Flask: the master never loads the app) left out
    of the install was a traceback and "does the code on disk load?"; the worker says which one."""
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['flask'] = None  # not installed\n")
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(ROOT)])
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", "serve", "--host", HOST, "--port",
                             str(free_port()), "--workers", "1"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
    assert proc.returncode == 3, out[-2000:]
    assert b"a package is missing: `flask` is not installed (imported by " in out, out[-2000:]
    assert b"service/http/app.py:" in out, out[-2000:]
    # the master's line says so too, not that our code might not load (issue 42)
    assert b"lacks a package: the install left it out (the worker's line names it) and no worker serves" in out, \
        out[-2000:]
    assert b"does the code on disk load?" not in out, out[-2000:]


def test_the_master_stops_with_exit_code_3_when_no_worker_can_boot(tmp_path):
    """Issue 35 #17: both workers die while the code on disk does not load. Nobody serves, so the
    master stops, with exit code 3 and a line saying why. A replacement that failed while it was
    stopping raised out of gunicorn's halt: exit 1 and a traceback instead."""
    copy_of_the_code(tmp_path)
    tries = tmp_path / "tries"
    tries.mkdir()
    # Of the replacements started together, every second one fails 2 s later: while the master stops.
    broken = ("import os, tempfile, time\n"
              f"n = len(os.listdir({str(tries)!r}))\n"
              f"tempfile.mkstemp(dir={str(tries)!r})\n"
              "time.sleep(2 if n % 2 else 0)\n"
              "raise ImportError('a broken deploy')\n")
    live = LiveServer("--workers", str(WORKERS), code=tmp_path)
    try:
        live.wait_ready(30, workers=WORKERS)
        (tmp_path / "service" / "notation" / "describe.py").write_text(broken)
        for pid in live.workers():
            os.kill(pid, signal.SIGKILL)
        live.proc.wait(60)
    finally:
        live.stop()
    assert live.proc.returncode == 3, live.log[-30:]
    assert any("could not boot (does the code on disk load?) and no worker serves: the master stops, exit code 3"
               in line for line in live.log), live.log[-30:]
    assert not any("HaltServer" in line for line in live.log), live.log[-30:]


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


# --- issue 23: bounds on workers, recycling, drain, slow bodies, fairness, HUPs ---

HANGING_IMPORT = "import signal\nwhile True:\n    signal.pause()\n"  # stuck in its imports, deaf to SIGQUIT


def test_a_new_worker_that_hangs_while_booting_is_killed_and_the_count_kept(tmp_path):
    """Issue 23 #1: the reload's new worker hangs in its imports (deaf to SIGQUIT); once the
    reload is given up it is killed within a bound. When the old worker then exits, the master
    starts a replacement instead of managing nothing; one that hangs too is killed after
    --boot-timeout and another tried, until the code loads."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "notation" / "describe.py"
    good = source.read_text()
    with LiveServer("--workers", "1", "--boot-timeout", "3", code=tmp_path) as live:
        live.wait_ready(30, workers=1)
        (old,) = live.workers()
        source.write_text(HANGING_IMPORT)
        live.signal(signal.SIGHUP)
        assert logged(live, "reload given up: the new workers did not serve within 3 s", 30), live.log[-20:]
        assert wait_for(lambda: live.workers() == [old], 15), live.log[-20:]  # the hung one: SIGKILL
        assert fetch(live.port, "/123m")[0] == 200
        os.kill(old, signal.SIGTERM)
        assert wait_for(lambda: len(live.workers()) == 1 and old not in live.workers(), 30), live.log[-20:]
        assert logged(live, "did not serve within 3 s of starting", 30), live.log[-20:]
        source.write_text(good)
        live.wait_ready(40, workers=1)
        assert fetch(live.port, "/123m")[0] == 200


def test_workers_are_recycled_only_once_their_successor_serves(tmp_path):
    """Issue 23 #3: a worker past --max-requests leaves only once its successor serves; while
    the code on disk cannot load, the old workers serve on and the log says why. Once it
    loads, every worker is recycled, no request fails and none goes uncounted."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "notation" / "describe.py"
    good = source.read_text()
    with LiveServer("--workers", str(WORKERS), "--max-requests", "20", code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        source.write_text("raise ImportError('a broken deploy')\n")
        with Load(live.port, PATHS, clients=3, seconds=60) as result:
            assert logged(live, "is due for recycling but stays: its successor could not boot", 30), live.log[-20:]
            done = result.ok
            assert wait_for(lambda: result.ok >= done + 30, 20)
            assert live.proc.poll() is None and first <= set(live.workers()), live.log[-20:]
            source.write_text(good)
            assert wait_for(lambda: not first & set(live.workers()), 40), live.log[-20:]
            done = result.ok
            assert wait_for(lambda: result.ok > done + 20, 20)
        assert result.failures == [], (result.failures[:5], live.log[-20:])
        assert live.proc.poll() is None
        assert "reached max requests" in "\n".join(live.log) and "recycling: worker" in "\n".join(live.log)
        assert requests_counted(live.port) >= result.ok


def slow_body(port: int, gap: float, seconds: float) -> tuple[bytes, float]:
    """POST /batch announcing 60,000 bytes, sent a byte every `gap` s: (what came back, when it ended)."""
    start = time.monotonic()
    with socket.create_connection((HOST, port), timeout=seconds) as sock:
        sock.sendall(b"POST /batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 60000\r\n\r\n{")
        answer = b""
        while time.monotonic() - start < seconds:
            try:
                sock.sendall(b" ")
            except OSError:
                break
            sock.settimeout(gap)
            try:
                chunk = sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                break
            if not chunk:
                break
            answer += chunk
        return answer, time.monotonic() - start


def test_slow_bodies_and_clients_that_do_not_read_are_cut_off():
    """Issue 23 #4: the header limit used to be the only one. A body now has --body-timeout (408,
    connection closed), even with every connection slot taken by slow bodies; and an answer
    the client never reads holds its connection only as long."""
    slots = 20
    with LiveServer("--workers", "1", "--connections", str(slots), "--body-timeout", "2") as live:
        live.wait_ready(30, workers=1)
        answer, took = slow_body(live.port, 0.25, 15)
        assert answer.startswith(b"HTTP/1.1 408") and b'"error"' in answer, answer[:300]
        assert b"Connection: close" in answer and took < 8, took

        results: list = []
        threads = [threading.Thread(target=lambda: results.append(slow_body(live.port, 0.5, 20)), daemon=True)
                   for _ in range(slots * 2)]
        for t in threads:
            t.start()
        time.sleep(1)
        start = time.monotonic()
        assert fetch(live.port, "/healthz", timeout=15)[0] == 200
        waited = time.monotonic() - start
        for t in threads:
            t.join(25)
        assert len(results) == slots * 2 and all(a.startswith(b"HTTP/1.1 408") for a, _ in results), \
            [a[:20] for a, _ in results]
        assert waited < 10, waited

        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((HOST, live.port))
        path = "/tiles/11122233344455m.png?height=128&scale=2&exact=1"  # 24 KB, asked for 200 times
        size = len(fetch(live.port, path)[2]) * 200
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode() * 200)
        assert logged(live, "did not take its answer within 2 s", 15), live.log[-10:]
        got = b""
        sock.settimeout(5)
        while chunk := sock.recv(65536):
            got += chunk
        sock.close()
        assert len(got) < size
        assert fetch(live.port, "/healthz")[0] == 200


def raw_answer(port: int, request: bytes, end: bool = False) -> bytes:
    """What the server sends back to `request` until it closes (or 30 s); `end`: half-close after it."""
    answer = b""
    with socket.create_connection((HOST, port), timeout=30) as sock:
        sock.sendall(request)
        if end:
            sock.shutdown(socket.SHUT_WR)
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize("body, end", [
    (b"zz\r\n", False),                                     # a chunk size that is no number
    (b'5\r\n{"a":1}XX\r\n0\r\n\r\n', False),               # a chunk longer than it said
    (b'5;\x00\r\n{"a":\r\n0\r\n\r\n', False),               # a bad chunk extension
    (b'50\r\n{"so', True),                                  # the body ends before its chunk does
])
def test_malformed_chunked_bodies_are_a_400(batch_server, body, end):
    """Issue 35 #18: gunicorn's InvalidChunkSize and its kin, raised while the app reads the body,
    were a 500 (an internal error). They are the client's: a JSON 400, and the connection closes."""
    head = (b"POST /batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    answer = raw_answer(batch_server.port, head + body, end)
    status, _, rest = answer.partition(b"\r\n")
    headers, _, payload = rest.partition(b"\r\n\r\n")
    assert status == b"HTTP/1.1 400 BAD REQUEST" and b"Connection: close" in headers, answer[:500]
    assert json.loads(payload)["error"]["message"].startswith("malformed request body: "), payload
    assert not any("unhandled error" in line for line in batch_server.log), batch_server.log[-20:]


@pytest.fixture(scope="module")
def batch_server():
    with LiveServer("--workers", "1") as live:
        live.wait_ready(30, workers=1)
        yield live


def test_term_drains_before_the_workers_stop():
    """Issue 23 #7: TERM 0.3 s after 8 new renders reset some of them (13 of 24 in 3 tries with
    --drain 0, as before); now the workers serve on for --drain seconds while /healthz says 503."""
    with LiveServer("--workers", str(WORKERS), env={"TILES_DRAIN": "3"}) as live:
        live.wait_ready(30, workers=WORKERS)
        renders: list = []

        def render(i: int) -> None:
            try:
                path = f"/tiles/{i + 1}{(i + 3) % 9 + 1}m{i % 9 + 1}7p5s.png?height=96&scale=3"  # new renders
                renders.append(fetch(live.port, path, timeout=20)[0])
            except OSError as exc:
                renders.append(repr(exc))

        threads = [threading.Thread(target=render, args=(i,), daemon=True) for i in range(8)]
        for t in threads:
            t.start()
        time.sleep(0.3)
        live.signal(signal.SIGTERM)
        assert logged(live, "draining for 3 s", 10)
        start, answers = time.monotonic(), []
        while time.monotonic() - start < 1.5:
            health = fetch(live.port, "/healthz", timeout=5)
            answers.append((health[0], json.loads(health[2])["status"], fetch(live.port, "/1m2m3m4m", timeout=5)[0]))
            time.sleep(0.1)
        for t in threads:
            t.join(20)
        assert renders == [200] * 8, renders
        assert set(answers) == {(503, "draining", 200)}, answers
        assert live.proc.wait(30) == 0


def pipelined(port: int, path: str, count: int) -> tuple[float, threading.Thread]:
    """`count` GETs of `path` on one connection, sent at once; the thread reads every answer."""
    sock = socket.create_connection((HOST, port), timeout=30)
    request = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    done: list[float] = []

    def read() -> None:
        seen, buf = 0, b""
        while seen < count:
            chunk = sock.recv(1 << 20)
            if not chunk:
                break
            buf = buf[-20:] + chunk
            seen += chunk.count(b"HTTP/1.1 200")
        done.append(time.monotonic())
        sock.close()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    start = time.monotonic()
    sock.sendall(request * count)
    reader.done = done  # type: ignore[attr-defined]
    return start, reader


def test_a_busy_keep_alive_connection_lets_the_others_in():
    """Issue 23 #8: one connection with 3,000 cached requests queued does not keep a newcomer waiting
    until they are all answered: each connection yields after each request."""
    with LiveServer("--workers", "1") as live:
        live.wait_ready(30, workers=1)
        fetch(live.port, "/123m")  # cached from now on
        start, busy = pipelined(live.port, "/123m", 3000)
        time.sleep(0.05)
        asked = time.monotonic()
        assert fetch(live.port, "/123m", timeout=30)[0] == 200
        answered = time.monotonic()
        busy.join(60)
        busy_took = busy.done[0] - start
        assert answered - asked < busy_took / 4, (answered - asked, busy_took)


def test_a_second_hup_during_a_reload_wins(tmp_path):
    """Issue 23 #9: deploy v1, HUP, deploy v2, HUP while v1's workers still load: v2 serves."""
    copy_of_the_code(tmp_path)
    source = tmp_path / "service" / "notation" / "words.py"
    good = source.read_text()
    with LiveServer("--workers", str(WORKERS), code=tmp_path) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        slow = good.replace("from __future__ import annotations\n",  # a slow import, still valid Python
                            "from __future__ import annotations\n\nimport time\n\ntime.sleep(3)\n", 1)
        assert slow != good
        source.write_text(slow.replace(NEW_HAND[0], NEW_HAND[0].replace("Hand", "V1 hand"), 1))
        live.signal(signal.SIGHUP)
        time.sleep(1)
        source.write_text(good.replace(NEW_HAND[0], NEW_HAND[0].replace("Hand", "V2 hand"), 1))
        live.signal(signal.SIGHUP)
        assert logged(live, "reload: restarted for the code on disk now", 10), live.log[-20:]
        assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 40), \
            live.log[-20:]
        live.wait_ready(30, workers=WORKERS)
        assert {description(live.port, n) for n in range(1, 9)} == {"V2 hand: 1m 2m 3m"}, live.log[-20:]


def test_hups_in_quick_succession_fail_no_request():
    """Issue 35 #15: each HUP stops the previous HUP's new workers, some of them forked a moment
    before (0.05 s, 0.2 s). Their quick-stop signal reached the master's handlers, inherited by
    the fork, so they served on and were killed 5 s later with requests in flight."""
    from service.http.arbiter import TilesArbiter

    with LiveServer("--workers", str(WORKERS)) as live:
        live.wait_ready(30, workers=WORKERS)
        first = set(live.workers())
        with Load(live.port, PATHS, clients=4, seconds=90) as result:
            time.sleep(1)
            for gap in (0.05, 0.2, 0):
                live.signal(signal.SIGHUP)
                time.sleep(gap)
            assert logged(live, f"reload: {WORKERS} new workers serving", 40), live.log[-20:]
            assert wait_for(lambda: len(live.workers()) == WORKERS and not first & set(live.workers()), 40)
            time.sleep(TilesArbiter.QUIT_GRACE + 1)  # when a worker that missed its QUIT would be killed
        # A worker killed before it served loses nothing (on a busy machine, reaching the point
        # where it takes signals can outlast the master's patience); one that served must not be.
        served = live.serving()
        killed = [line for line in live.log if "still there: SIGKILL" in line
                  and int(line.split("worker ")[1].split()[0]) in served]
        assert result.failures == [] and not killed and result.ok > 20, (result, killed, live.log[-20:])


@pytest.mark.parametrize("how", [["--workers", "0"], ["--workers", "-1"], []])
def test_no_workers_is_refused(how):
    """Issue 23 #18: a master with no worker serves nobody; say so and exit 2."""
    env = {**os.environ, "TILES_WORKERS": "0"}
    proc = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--port", str(free_port()), *how],
                          cwd=ROOT, env=env, capture_output=True, timeout=60)
    assert proc.returncode == 2 and b"--workers must be at least 1" in proc.stderr, proc.stderr[-500:]


def test_giving_a_reload_up_stops_a_new_worker_that_serves_gracefully():
    """Issue 23 #1: when one new worker fails, another may already serve requests: SIGTERM it
    (finish what you have), SIGQUIT only the one still starting; both get a kill deadline."""
    from service.http.arbiter import TilesArbiter

    class Config:
        graceful_timeout = 20

    arbiter = TilesArbiter.__new__(TilesArbiter)  # the master's bookkeeping only: no fork, no socket
    sent: list = []
    arbiter.cfg, arbiter.log = Config(), type("Log", (), {"error": lambda *a: None})()
    arbiter.WORKERS = {101: object(), 102: object()}
    arbiter.fresh, arbiter.stale, arbiter.leaving = {101, 102}, {7}, {}
    arbiter.serving = lambda pid: pid == 101
    arbiter.kill_worker = lambda pid, sig: sent.append((pid, sig))
    arbiter._give_up_reload("a new worker could not boot")
    assert sorted(sent) == [(101, signal.SIGTERM), (102, signal.SIGQUIT)]
    assert set(arbiter.leaving) == {101, 102} and not arbiter.fresh


def test_the_master_loads_no_flask_stack():
    """The master imports serve, arbiter and the worker class; the app's stack is for workers only."""
    code = ("import sys, service.http.serve, service.http.arbiter, service.http.worker\n"
            "print(' '.join(m for m in ('flask', 'werkzeug', 'PIL', 'prometheus_client') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.split() == [], run.stdout
