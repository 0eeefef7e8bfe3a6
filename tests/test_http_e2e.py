"""End to end: `tiles serve` runs real gunicorn on a free loopback port; we fetch over HTTP."""

from __future__ import annotations

import http.client
import io
import json
import socket

import pytest
from PIL import Image

from live_server import HOST, LiveServer, fetch


@pytest.fixture(scope="module")
def server():
    with LiveServer("--workers", "2", env={"TILES_CACHE_BYTES": "8MiB"}) as live:
        yield live.port


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


def bare_200s(port: int) -> float:
    status, headers, body = fetch(port, "/metrics")
    assert status == 200 and headers["Content-Type"].startswith("text/plain")
    line = next(x for x in body.decode().splitlines()
                if x.startswith('tiles_http_requests_total{route="bare",status="200"}'))
    return float(line.split()[-1])


def refused(port: int, status: str) -> float:
    body = fetch(port, "/metrics")[2].decode()
    prefix = f'tiles_http_requests_total{{route="refused",status="{status}"}}'
    return sum(float(x.split()[-1]) for x in body.splitlines() if x.startswith(prefix))


def test_gunicorns_refusals_are_counted(server):
    before = refused(server, "414"), refused(server, "400")
    for _ in range(3):
        raw_exchange(server, b"GET /" + b"1" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    raw_exchange(server, b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n")
    assert (refused(server, "414") - before[0], refused(server, "400") - before[1]) == (3, 1)


def test_metrics_are_summed_over_workers(server):
    before = bare_200s(server)
    for _ in range(12):
        fetch(server, "/5z")  # a new connection each: both workers take some
    # whichever worker answers /metrics reports every worker's count
    assert {bare_200s(server) - before for _ in range(6)} == {12}


def test_304_only_after_validation_over_http(server):
    too_big = "/" + "123456789m" * 2 + "?height=256&scale=4"
    for _ in range(2):  # the second time the URL has been seen
        status, headers, body = fetch(server, too_big, {"If-None-Match": "*"})
        assert status == 400 and "immutable" not in headers["Cache-Control"]
        assert json.loads(body)["error"]["param"] == "height"
    assert fetch(server, "/123m", {"If-None-Match": "*"})[0] == 304


def test_every_answer_says_nosniff_over_http(server):
    for path, headers in [("/123m", {}), ("/123m", {"If-None-Match": "*"}), ("/123a", {}),
                          ("/123a", {"Accept": "image/*"}), ("/tiles/1m.json", {}), ("/healthz", {})]:
        status, got, _ = fetch(server, path, headers)
        assert got["X-Content-Type-Options"] == "nosniff", (path, status)
        assert got["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    status, got, _ = fetch(server, "/")
    assert "frame-ancestors 'none'" in got["Content-Security-Policy"] and "script-src 'sha256-" in got[
        "Content-Security-Policy"]
    assert got["Cache-Control"] == "public, max-age=300" and got["X-Content-Type-Options"] == "nosniff"


def raw_exchange(port: int, data: bytes) -> bytes:
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("request_bytes, status", [
    (b"GET /" + b"1" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"414"),
    (b"GET /1m HTTP/1.1\r\n" + b"".join(b"X-%d: y\r\n" % i for i in range(150)) + b"\r\n", b"431"),
    (b"GET /1m HTTP/1.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n", b"431"),
    (b"GET /\xff\xfe1m HTTP/1.1\r\nHost: x\r\n\r\n", b"400"),
    (b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\r\n\r\n", b"400"),  # TLS to a plain port
])
def test_gunicorns_own_refusals_are_json(server, request_bytes, status):
    answer = raw_exchange(server, request_bytes)
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 " + status), answer[:200]
    assert b"Content-Type: application/json" in head and b"X-Content-Type-Options: nosniff" in head
    error = json.loads(body)["error"]
    assert error["message"] and error["position"] is None and error["notation"] == ""


@pytest.mark.parametrize("url", ["/" + "1m" * 2500, "/tiles/1m.png?dora=" + "1m" * 2500, "/1m?x=" + "a" * 5000])
def test_a_414_names_the_limit_the_url_hit(server, url):
    """It named the notation's limit (256 characters) for a short notation with a long query.
    (Past 8192 bytes gunicorn stops reading, and closing on the unread rest resets the connection:
    test_a_414_quotes_no_length_gunicorn_did_not_measure has that case.)"""
    answer = raw_exchange(server, f"GET {url} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 414"), answer[:200]
    assert json.loads(body)["error"]["message"] == \
        "the request line (method, URL and HTTP version) is over the limit of 4094 bytes"


def test_a_414_quotes_no_length_gunicorn_did_not_measure():
    """gunicorn gives what it had read (8192 bytes) for a longer line: it was quoted as its length."""
    from gunicorn.http.errors import LimitRequestLine

    from service.http.worker import limit_answer

    status, body = limit_answer(LimitRequestLine(8192, 4094))
    assert status == "414 URI Too Long" and "8192" not in body.decode() and "4094 bytes" in body.decode()


def test_a_chunked_batch_body_over_the_limit_is_413_json(server):
    tag = json.dumps({"source": '<Tiles notation="123m" />', "themes": ["light"]}).encode()
    padded = tag + b" " * (100 * 1024)  # valid JSON, 100 KiB: was read whole and answered 200
    conn = http.client.HTTPConnection(HOST, server, timeout=30)
    conn.request("POST", "/batch", body=(padded[i:i + 8192] for i in range(0, len(padded), 8192)),
                 headers={"Content-Type": "application/json"}, encode_chunked=True)
    r = conn.getresponse()
    assert r.status == 413 and r.getheader("Content-Type") == "application/json"
    assert json.loads(r.read())["error"]["message"] == "a batch request is at most 65536 bytes"
    conn.request("POST", "/batch", body=iter([tag]), headers={"Content-Type": "application/json"},
                 encode_chunked=True)  # the same connection, a small chunked body: answered
    assert conn.getresponse().status == 200
    conn.close()


def test_workers_fit_compiled_by_default(server):
    """The compiled fit is a small C extension (no load time, no memory to speak of): every
    worker runs it from its first request (`TILES_COMPILED_FIT=0` would keep numpy)."""
    pytest.importorskip("service.drawing._fit")
    check_compiled_workers(server)


def check_compiled_workers(server: int) -> None:
    import time

    seen, deadline = set(), time.monotonic() + 60
    while time.monotonic() < deadline:
        status, _, body = fetch(server, "/healthz")  # each connection may reach either worker
        health = json.loads(body)
        assert status == 200 and isinstance(health["compiled_fit"], bool)
        assert health["compiled_fit"] is True
        seen.add(health["pid"])
        if len(seen) == 2:
            break
    assert len(seen) == 2, "both workers answered"
    from service.drawing import palette
    from service.drawing.render import render
    from service.notation.grammar import parse
    from service.notation.options import RenderOptions

    was = palette.compiled() is not None
    palette.use_compiled(False)
    try:
        for hand in ("13579m2468p1357s+7z", "2468m13579p2468s+1z"):  # new sets of faces: fitted by the kernels
            served = fetch(server, f"/{hand}?scale=2")[2]
            assert served == render(parse(hand), RenderOptions(scale=2))  # this process: numpy
            assert Image.open(io.BytesIO(served)).mode == "P"
    finally:
        palette.use_compiled(was)
