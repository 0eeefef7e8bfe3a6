"""The shipped nginx config (deploy/nginx/tiles.conf), run for real in front of `tiles serve`.

Debian's nginx is started by the test on a loopback port with the shipped file,
changing only the listen address, the upstream port and the cache path (each
substitution must match exactly once, so the test notices the file drifting).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from live_server import HOST, LiveServer, fetch, free_port

ROOT = Path(__file__).resolve().parent.parent
CONF = ROOT / "deploy" / "nginx" / "tiles.conf"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)

if NGINX is None:
    if os.environ.get("CI"):
        pytest.fail("nginx is missing: .ci/run installs Debian's nginx", pytrace=False)
    pytest.skip("nginx is not installed (apt-get install nginx)", allow_module_level=True)


def site_config(listen_port: int, upstream_port: int, cache: Path) -> str:
    text = CONF.read_text()
    for old, new in [("listen 80;", f"listen {HOST}:{listen_port};"), ("listen [::]:80;", ""),
                     ("server 127.0.0.1:8000;", f"server {HOST}:{upstream_port};"),
                     ("/var/cache/nginx/tiles", str(cache))]:
        assert text.count(old) == 1, f"{old!r} should appear once in {CONF}"
        text = text.replace(old, new)
    return text


class Nginx:
    """nginx in the foreground with the shipped site config, all state in `tmp`."""

    def __init__(self, tmp: Path, upstream_port: int):
        self.port = free_port()
        tmp.mkdir(parents=True, exist_ok=True)
        (tmp / "site.conf").write_text(site_config(self.port, upstream_port, tmp / "cache"))
        temp = {name: tmp / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
        user = "user root;" if os.geteuid() == 0 else ""
        (tmp / "nginx.conf").write_text(f"""
{user}
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log warn;
events {{ worker_connections 512; }}
http {{
    access_log off;
    client_body_temp_path {temp['body']};
    proxy_temp_path {temp['proxy']};
    fastcgi_temp_path {temp['fastcgi']};
    uwsgi_temp_path {temp['uwsgi']};
    scgi_temp_path {temp['scgi']};
    include {tmp}/site.conf;
}}
""")
        check = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 20
        while True:
            try:
                with socket.create_connection((HOST, self.port), timeout=1):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {self.proc.stderr.read()}")
                time.sleep(0.05)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGQUIT)  # graceful
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(5)
        self.proc.stderr.close()


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    with LiveServer("--workers", "2") as tiles:
        nginx = Nginx(tmp_path_factory.mktemp("nginx"), tiles.port)
        try:
            yield nginx.port
        finally:
            nginx.stop()


def test_images_pass_through_with_their_headers_and_get_cached(proxied):
    path = "/11222333s22m+-456m+4s?scale=2&height=40"
    status, headers, body = fetch(proxied, path)
    assert status == 200 and body.startswith(b"\x89PNG") and headers["X-Cache-Status"] == "MISS"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["ETag"]
    again = fetch(proxied, path)
    assert again[0] == 200 and again[2] == body and again[1]["X-Cache-Status"] == "HIT"
    assert fetch(proxied, path, {"If-None-Match": headers["ETag"]})[0] == 304


def test_errors_pass_through_in_the_documented_format(proxied):
    status, headers, body = fetch(proxied, "/123a")
    assert status == 400 and json.loads(body)["error"]["position"] == 3
    status, headers, body = fetch(proxied, "/123a", {"Accept": "image/*"})
    assert status == 400 and body.startswith(b"\x89PNG")  # the Accept variant, not the cached JSON
    status, headers, body = fetch(proxied, "/" + "1" * 9000)  # over nginx's own 8k buffers
    assert status == 414 and json.loads(body)["error"]["message"].startswith("request line")
    with socket.create_connection((HOST, proxied), timeout=5) as s:
        s.sendall(b"NOT HTTP AT ALL\r\n\r\n")
        answer = b"".join(iter(lambda: s.recv(65536), b""))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and json.loads(body)["error"]["message"] == "malformed HTTP request"


def test_slow_clients_cost_nginx_not_the_workers(proxied):
    stop = threading.Event()

    def slow():
        with socket.create_connection((HOST, proxied), timeout=5) as s:
            for b in b"GET /123m HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100:
                if stop.wait(0.5):
                    return
                try:
                    s.send(bytes([b]))
                except OSError:
                    return

    threads = [threading.Thread(target=slow, daemon=True) for _ in range(50)]
    for t in threads:
        t.start()
    worst = 0.0
    try:
        for n in range(16):
            start = time.monotonic()
            assert fetch(proxied, f"/{n % 9 + 1}p{n % 9 + 1}s?scale=2", timeout=5)[0] == 200
            worst = max(worst, time.monotonic() - start)
            time.sleep(0.25)
    finally:
        stop.set()
        for t in threads:
            t.join(5)
    assert worst < 1.0, worst


def test_workers_gone_is_a_json_503(tmp_path):
    nginx = Nginx(tmp_path, free_port())  # nothing listens upstream
    try:
        status, headers, body = fetch(nginx.port, "/123m")
        assert status == 503 and headers["Retry-After"] == "1"
        assert json.loads(body)["error"]["message"].startswith("the service is unavailable")
    finally:
        nginx.stop()


def raw(port: int, data: bytes, piece: int = 0) -> bytes:
    """Send `data` (in pieces of `piece` bytes, 5 ms apart, as a client on a real network
    does), then read the answer to its end (a reset raises)."""
    with socket.create_connection((HOST, port), timeout=10) as s:
        for i in range(0, len(data), piece or len(data)):
            s.sendall(data[i:i + (piece or len(data))])
            if piece:
                time.sleep(0.005)
        return b"".join(iter(lambda: s.recv(65536), b""))


def json_error(answer: bytes, status: bytes) -> str:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 " + status), answer[:300]
    assert b"Content-Type: application/json" in head, head
    return json.loads(body)["error"]["message"]


def test_batch_bodies_up_to_the_apps_limit_pass_and_larger_are_a_json_413(proxied):
    tag = json.dumps({"source": '<Tiles notation="123m" />', "themes": ["light"]}).encode()
    near = tag + b" " * (60 * 1024 - len(tag))  # under /batch's 64 KiB: nginx refused it past 1 KiB
    head = b"POST /batch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
    answer = raw(proxied, head + b"Content-Length: %d\r\n\r\n" % len(near) + near)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:300]
    over = tag + b" " * (70 * 1024)
    message = json_error(raw(proxied, head + b"Content-Length: %d\r\n\r\n" % len(over) + over), b"413")
    assert "at most 65536 bytes" in message
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(over[i:i + 8192]), over[i:i + 8192]) for i in range(0, len(over), 8192))
    answer = raw(proxied, head + b"Transfer-Encoding: chunked\r\n\r\n" + chunked + b"0\r\n\r\n")
    assert "at most 65536 bytes" in json_error(answer, b"413")


@pytest.mark.parametrize("size", [9_000, 12_000, 16_000, 24_000, 40_000])
def test_large_heads_are_answered_in_json_never_reset(proxied, size):
    for piece in (0, 0, 4096, 1500):  # the reset came 222 times in 4,000
        line = raw(proxied, b"GET /" + b"1" * size + b" HTTP/1.1\r\nHost: x\r\n\r\n", piece)
        assert json_error(line, b"414").startswith("request line")
        header = raw(proxied, b"GET /1m HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * size + b"\r\n\r\n", piece)
        assert json_error(header, b"431").startswith("request headers")
