"""The SVG routes: gzip from the cache, headers that let the document only draw, same URL same bytes."""

from __future__ import annotations

import gzip
from urllib.parse import quote

from service.http import create_app
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.svg import render_svg

HAND = "11222333s22m+-456m+4s"
CSP = "default-src 'none'; style-src 'unsafe-inline'"
CHROME_IMG = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"


def test_svg_by_path_and_by_query_gzipped_when_accepted(client):
    want = render_svg(parse(HAND), RenderOptions(format="svg", theme="auto"))
    for url in (f"/tiles/{quote(HAND, safe='')}.svg?theme=auto", f"/tiles.svg?n={quote(HAND)}&theme=auto"):
        r = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
        assert r.status_code == 200 and r.mimetype == "image/svg+xml"
        assert r.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(r.data) == want
        assert len(r.data) < len(want) / 3
        plain = client.get(url)  # no Accept-Encoding: the SVG itself
        assert "Content-Encoding" not in plain.headers and plain.data == want
        for resp in (r, plain):
            assert "Accept-Encoding" in resp.headers["Vary"]
            assert resp.headers["Content-Security-Policy"] == CSP
            assert resp.headers.getlist("X-Content-Type-Options") == ["nosniff"]  # once
            assert resp.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert resp.headers["ETag"] == r.headers["ETag"] and resp.headers["ETag"].startswith('W/"')


def test_svg_is_cached_compressed(app, client):
    client.get("/tiles/123m.svg")
    cache = app.extensions["tiles"].cache
    (key,) = [k for k in cache.keys() if k.endswith("-svg")]
    assert cache.get(key)[:2] == b"\x1f\x8b"  # the gzip magic
    assert gzip.decompress(cache.get(key)) == client.get("/tiles/123m.svg").data


def test_same_url_same_bytes_across_apps(client):
    url = f"/tiles/{quote('5-5=55p', safe='')}.svg?height=50&theme=dark&bg=1e1e1e"
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    again = create_app().test_client().get(url, headers={"Accept-Encoding": "gzip"})
    assert first.data == again.data and first.headers["ETag"] == again.headers["ETag"]


def test_not_modified_keeps_vary_and_policy(client):
    r = client.get("/tiles/1z.svg", headers={"Accept-Encoding": "gzip"})
    for enc in ("gzip", "identity"):
        again = client.get("/tiles/1z.svg", headers={"If-None-Match": r.headers["ETag"], "Accept-Encoding": enc})
        assert again.status_code == 304 and again.data == b""
        assert "Accept-Encoding" in again.headers["Vary"] and again.headers["Content-Security-Policy"] == CSP
        assert again.headers.getlist("X-Content-Type-Options") == ["nosniff"]


def test_head_and_other_formats_unchanged(client):
    assert client.head("/tiles/1m.svg").status_code == 200
    png = client.get("/tiles/1m.png")
    # a PNG gets the service's locked policy (service/http/headers.py), not the SVG's inline styles
    assert png.mimetype == "image/png" and png.headers["Content-Security-Policy"] != CSP
    assert "style-src" not in png.headers["Content-Security-Policy"]


def test_svg_errors_are_clear(client):
    r = client.get("/tiles/123a.svg")
    assert r.status_code == 400 and r.json["error"]["position"] == 3
    assert client.get("/tiles/123a.svg", headers={"Accept": CHROME_IMG}).mimetype == "image/png"  # the error picture
    r = client.get("/tiles/1m.png?theme=auto")
    assert r.status_code == 400 and r.json["error"]["param"] == "theme" and "SVG only" in r.json["error"]["message"]
    r = client.get("/tiles/1m.gif")
    assert r.status_code == 404 and ".svg" in r.json["error"]["message"]


def test_the_json_view_takes_the_themes_the_images_take(client):
    """A page that builds its .svg and .json URLs from one query (theme=auto) gets both;
    the JSON says nothing of colours, so its body is the same for every theme."""
    bodies = {t: client.get(f"/tiles/123m.json?theme={t}") for t in ("auto", "light", "dark")}
    assert all(r.status_code == 200 for r in bodies.values())
    assert bodies["auto"].json == bodies["light"].json == bodies["dark"].json
    r = client.get("/tiles/123m.json?theme=sepia")
    assert r.status_code == 400 and r.json["error"]["param"] == "theme"
    r = client.get("/tiles/123m.json?theme=auto&scale=9")
    assert r.status_code == 400 and r.json["error"]["param"] == "scale"


WORKER_SVG_RSS = r"""
import json
from service.http import create_app
from service.http.memory import rss_bytes, tune_malloc

tune_malloc()  # as in a worker
client = create_app().test_client()
client.get("/tiles/123m.png?scale=2")  # the PNG path loaded and warm
before = rss_bytes()
for n in range(1, 10):
    assert client.get(f"/tiles/{n}m{n}p{n}s1234567z.svg?height={30 + n}").status_code == 200
print(json.dumps({"grown": rss_bytes() - before}))
"""


def test_svg_keeps_only_its_glyphs_not_the_font():
    """The first SVG read the font with fontTools in the worker: +66 MiB held for good."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", WORKER_SVG_RSS], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    grown = json.loads(done.stdout)["grown"]
    assert grown < 12 * 2**20, f"{grown / 2**20:.1f} MiB"
