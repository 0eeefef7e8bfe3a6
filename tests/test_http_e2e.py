"""End to end: `tiles serve` runs real gunicorn on a free loopback port; we fetch over HTTP."""

from __future__ import annotations

import http.client
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
from PIL import Image

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def fetch(port: int, path: str, headers: dict | None = None, conn: http.client.HTTPConnection | None = None):
    own = conn is None
    conn = conn or http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read()
    finally:
        if own:
            conn.close()


@pytest.fixture(scope="module")
def server():
    port = free_port()
    env = {**os.environ, "TILES_CACHE_BYTES": "8MiB"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--host", HOST, "--port", str(port),
         "--workers", "2", "--threads", "2"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if fetch(port, "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read().decode() if proc.poll() is not None else ""
                pytest.fail(f"gunicorn did not come up on {port}: {out}")
            time.sleep(0.1)
        yield port
    finally:
        proc.send_signal(signal.SIGTERM)  # gunicorn's graceful stop
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        proc.stdout.close()


def test_png_over_http(server):
    status, headers, body = fetch(server, "/11222333s22m+-456m+4s?scale=2")
    assert status == 200 and headers["Content-Type"] == "image/png"
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    img = Image.open(io.BytesIO(body))
    assert img.format == "PNG" and img.height == 76


def test_webp_and_json_over_http(server):
    status, headers, body = fetch(server, "/tiles/0p%2Br5s.webp")
    assert status == 200 and headers["Content-Type"] == "image/webp"
    status, headers, body = fetch(server, "/tiles.json?n=0p+r5s")
    assert status == 200 and json.loads(body)["canonical"] == "0p+0s"


def test_keep_alive_and_304_over_http(server):
    conn = http.client.HTTPConnection(HOST, server, timeout=10)
    try:
        status, headers, _ = fetch(server, "/123m", conn=conn)
        etag = headers["ETag"]
        for _ in range(5):  # several requests, one connection, either worker
            status, headers, body = fetch(server, "/123m", {"If-None-Match": etag}, conn=conn)
            assert status == 304 and body == b"" and headers["ETag"] == etag
    finally:
        conn.close()


def test_errors_over_http(server):
    status, headers, body = fetch(server, "/123a")
    assert status == 400 and json.loads(body)["error"]["position"] == 3
    status, headers, body = fetch(server, "/123a", {"Accept": "image/avif,image/webp,image/*,*/*;q=0.8"})
    assert status == 400 and body.startswith(b"\x89PNG")
    for path in ["//1m", "/%ff%fe", "/1m%00", "/tiles/%", "/" + "9" * 3000]:
        status, _, body = fetch(server, path)
        assert status in (200, 400, 404), (path, status, body[:200])


def test_metrics_are_summed_over_workers(server):
    for _ in range(6):
        fetch(server, "/5z")
    status, headers, body = fetch(server, "/metrics")
    text = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    line = next(x for x in text.splitlines() if x.startswith('tiles_http_requests_total{route="bare",status="200"}'))
    assert float(line.split()[-1]) >= 6
