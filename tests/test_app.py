"""The HTTP service through Flask's test client: routes, headers, errors, cache, limits."""

from __future__ import annotations

import io
import json
import threading
import time
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

import service.http.service as app_module
from service.http import create_app
from service.http.service import MAX_PIXELS, MAX_SIDE
from service.http.cache import ImageCache, parse_bytes
from service.layout.layout import layout
from service.notation.grammar import parse
from service.drawing.render import RENDERER_VERSION

PNG = b"\x89PNG\r\n\x1a\n"
HAND = "11222333s22m+-456m+4s"
# Accept headers browsers send for <img>, and for a page they navigate to.
CHROME_IMG = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
FIREFOX_IMG = "image/avif,image/webp,*/*"
SAFARI_IMG = "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5"
CHROME_PAGE = ("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,"
               "image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7")


def svc(app):
    return app.extensions["tiles"]


def counter(app, name: str, **labels) -> float:
    value = svc(app).metrics.registry.get_sample_value(name, labels or None)
    return value or 0.0


def image_size(data: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(data)).size


# -- routes --------------------------------------------------------------------


def test_bare_path_serves_png_at_layout_size_times_scale(client):
    r = client.get(f"/{HAND}?height=40&scale=2")
    assert r.status_code == 200
    assert r.mimetype == "image/png" and r.data.startswith(PNG)
    lay = layout(parse(HAND), 40)
    assert image_size(r.data) == (lay.width * 2, lay.height * 2)


@pytest.mark.parametrize("fmt, mimetype", [("png", "image/png"), ("webp", "image/webp"),
                                          ("svg", "image/svg+xml"), ("json", "application/json")])
def test_bare_path_takes_a_format_suffix_as_tiles_does(client, fmt, mimetype):
    """Issue 42 Operations 6: /<notation>.png?scale=2 was a 400 ("'.' is not part of the tile notation")."""
    r = client.get(f"/{HAND}.{fmt}?scale=2")
    same = client.get(f"/tiles/{HAND}.{fmt}?scale=2")
    assert r.status_code == same.status_code == 200, r.get_data(as_text=True)
    assert r.mimetype == mimetype and r.data == same.data and r.headers["ETag"] == same.headers["ETag"]


def test_bare_path_leaves_any_other_dot_to_the_notation(client):
    r = client.get("/123m.4p")
    assert r.status_code == 400 and r.json["error"]["position"] == 4, r.json


@pytest.mark.parametrize("path", ["/11m+22m", "/11m%2022m", "/11m%2B22m", "/11m%20%2022m", "/tiles/11m+22m.png",
                                  "/tiles.png?n=11m+22m", "/tiles.png?n=11m%2B22m", "/tiles.png?n=11m%2022m"])
def test_plus_and_space_are_the_same_separator(client, path):
    want = client.get("/11m+22m")
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["ETag"] == want.headers["ETag"]
    assert r.data == want.data


def test_encode_uri_shape_from_docs_components(client):
    # encodeURI leaves '+' and '=' alone and escapes spaces: both reach the parser intact.
    r = client.get("/" + quote("5-5=55p 123m", safe="+=-"))
    assert r.status_code == 200 and r.data.startswith(PNG)


def test_webp_route(client):
    r = client.get("/tiles/123m.webp")
    assert r.status_code == 200 and r.mimetype == "image/webp"
    assert r.data[:4] == b"RIFF" and r.data[8:12] == b"WEBP"
    assert Image.open(io.BytesIO(r.data)).format == "WEBP"


def test_png_and_webp_are_different_entries(app, client):
    a = client.get("/tiles/123m.png")
    b = client.get("/tiles/123m.webp")
    assert a.headers["ETag"] != b.headers["ETag"]
    assert len(svc(app).cache) == 2


def test_json_route_has_layout_description_and_canonical(client):
    r = client.get(f"/tiles/{HAND}.json?height=40")
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    lay = layout(parse(HAND), 40)
    assert body["canonical"] == HAND
    assert (body["width"], body["height"]) == (lay.width, lay.height)
    assert body["description"].startswith("Hand: 1s 1s")
    assert body["groups"][1]["tiles"][0]["sideways"] is True
    assert r.headers["Cache-Control"].startswith("public")
    assert "ETag" in r.headers


def test_json_by_query(client):
    r = client.get("/tiles.json?n=r5p+0s")
    assert r.status_code == 200
    assert r.get_json()["canonical"] == "0p+0s"


def test_json_includes_analysis_when_available(client):
    pytest.importorskip("service.analysis")
    body = client.get("/tiles/123m456p789s11z.json").get_json()
    assert "analysis" in body


def test_wild_query_reaches_the_analysis_and_is_checked_on_every_route(client):
    """Issue 25: wild=5z makes every 5z a wild; a bad value is a 400 naming the parameter."""
    body = client.get("/tiles/123456789m12p555z.json?wild=5z").get_json()
    assert body["analysis"]["complete"] and body["analysis"]["wilds"] == 3
    assert not client.get("/tiles/123456789m12p555z.json").get_json()["analysis"]["complete"]
    assert client.get("/tiles.json?n=123456789m12p55sj").get_json()["analysis"]["complete"]  # a joker
    same = [client.get(u).headers["ETag"] for u in ("/tiles/1m.png", "/tiles/1m.png?wild=5z")]
    assert same[0] == same[1]  # the picture (and its cache entry) ignores the wild kind
    for url in ("/tiles/1m.json?wild=j", "/tiles/1m.png?wild=8z", "/tiles/1m.svg?wild=x"):
        r = client.get(url, headers={"Accept": "application/json"})
        assert r.status_code == 400, url
        assert "wild must be one tile kind like 5z" in r.get_data(as_text=True), url


def test_analysis_failure_never_breaks_json(app, client, monkeypatch, caplog):
    """Caught once at the edge: logged with its traceback, counted, answered generically."""
    from service.analysis import result

    def boom(reading):
        raise RuntimeError("analysis bug in /srv/tiles/service/analysis/forms.py")

    monkeypatch.setattr(result, "_analyse", boom)
    r = client.get("/tiles/123m.json")
    assert r.status_code == 200
    assert r.get_json()["analysis"]["warnings"] == ["internal error: this hand could not be analysed"]
    assert "forms.py" not in r.get_data(as_text=True) and "RuntimeError" not in r.get_data(as_text=True)
    assert counter(app, "tiles_errors_total", kind="analysis") == 1
    [record] = [rec for rec in caplog.records if rec.name == "tiles.analysis"]
    assert record.exc_info[0] is RuntimeError


def test_query_form_webp(client):
    r = client.get("/tiles.webp?n=123m")
    assert r.status_code == 200 and r.mimetype == "image/webp"


def test_options_change_the_image(client):
    base = client.get("/123m")
    tall = client.get("/123m?height=76")
    dark = client.get("/123m?theme=dark")
    filled = client.get("/123m?bg=ffffff")
    lay = layout(parse("123m"), 76)
    assert image_size(tall.data) == (lay.width, lay.height) != image_size(base.data)
    assert len({base.data, tall.data, dark.data, filled.data}) == 4
    assert Image.open(io.BytesIO(filled.data)).convert("RGBA").getpixel((0, 0))[3] == 255


def test_unknown_options_are_ignored(client):
    a = client.get("/123m?scale=2")
    b = client.get("/123m?scale=2&utm_source=docs&foo=")
    assert b.status_code == 200 and a.headers["ETag"] == b.headers["ETag"]


def test_red_five_spellings_share_one_cache_entry(app, client):
    a = client.get("/r5p")
    b = client.get("/0p")
    c = client.get("/R5P")
    assert a.headers["ETag"] == b.headers["ETag"] == c.headers["ETag"]
    assert a.data == b.data == c.data
    assert len(svc(app).cache) == 1
    assert counter(app, "tiles_renders_total", format="png") == 1
    assert counter(app, "tiles_cache_hits_total") == 2


def test_healthz(client):
    r = client.get("/healthz")
    body = r.get_json()
    assert r.status_code == 200 and body["status"] == "ok"
    assert body["version"] and body["renderer"] == RENDERER_VERSION
    assert r.headers["Cache-Control"] == "no-store"


def test_healthz_is_503_when_the_canary_cannot_be_drawn(app, client, monkeypatch):
    """Issue 42 Operations 1: a process that cannot draw said "ok". /healthz draws the canary (a hand,
    a scene, a JSON view) through the app, past the image cache: a cached picture does not hide it."""
    from service.http import canary

    monkeypatch.setattr(app_module, "CANARY_EVERY", 0.0)  # no result held between checks
    assert client.get(f"/tiles/{quote(canary.HAND)}.png?height=38").status_code == 200  # now cached
    assert client.get("/healthz").get_json()["canary"] is None

    def broken(*args, **kwargs):
        raise RuntimeError("a deploy that imports but cannot draw")

    drawing = app_module.render
    monkeypatch.setattr(app_module, "render", broken)
    r = client.get("/healthz")
    body = r.get_json()
    assert r.status_code == 503 and body["status"] == "failing", body
    assert body["canary"].startswith(f"GET /tiles/{canary.HAND}.png?height=38 answered 500")
    assert client.get(f"/tiles/{quote(canary.HAND)}.png?height=38").status_code == 200  # its cached copy stays
    monkeypatch.setattr(app_module, "render", drawing)
    assert client.get("/healthz").get_json()["status"] == "ok"


def test_the_canary_asks_for_each_kind_of_picture_and_is_counted_apart(app):
    """The canary's three asks reach the hand, scene and JSON views, and are counted as route="canary"."""
    from service.http import canary

    assert canary.problem(app.wsgi_app) is None
    assert [ask[0].rpartition(".")[2] for ask in canary.ASKS] == ["png", "png", "json"]
    assert canary.ASKS[1][0] == "/scene.png"
    assert counter(app, "tiles_http_requests_total", route="canary", status="200") == 3
    assert counter(app, "tiles_renders_total", format="png") == 2
    assert len(svc(app).cache) == 0  # passed by: the canary is drawn again on every check


def test_scenes_and_error_pictures_are_counted_as_every_render(app, client):
    """Issue 42 Operations 5: scene requests were counted as route="bare", their renders, hits and misses
    nowhere, and tiles_cache_bytes was set by hands' renders alone."""
    scene = quote("problem: {round: E1, seat: S, dora: 3m, hand: 123m456p789s1122z+1z}")
    assert client.get(f"/scene.png?s={scene}").status_code == 200
    assert client.get(f"/scene.svg?s={scene}").status_code == 200
    assert client.get(f"/scene.png?s={scene}").status_code == 200
    assert client.get("/scene.json?s=x").status_code == 400
    assert counter(app, "tiles_http_requests_total", route="scene", status="200") == 3
    assert counter(app, "tiles_http_requests_total", route="scene", status="400") == 1
    assert counter(app, "tiles_http_requests_total", route="bare", status="200") == 0
    assert counter(app, "tiles_renders_total", format="png") == 1
    assert counter(app, "tiles_renders_total", format="svg") == 1
    assert counter(app, "tiles_render_seconds_count", format="png") == 1
    assert counter(app, "tiles_cache_misses_total") == 2 and counter(app, "tiles_cache_hits_total") == 1
    assert counter(app, "tiles_cache_bytes") == svc(app).cache.bytes > 0
    for _ in range(2):  # one error picture drawn, then taken from its own cache
        assert client.get("/123q", headers={"Accept": CHROME_IMG}).mimetype == "image/png"
    assert counter(app, "tiles_renders_total", format="error") == 1


def test_metrics_exposition(app, client):
    client.get("/123m")
    client.get("/123m")
    client.get("/123a")
    r = client.get("/metrics")
    assert r.status_code == 200 and r.mimetype == "text/plain"
    text = r.get_data(as_text=True)
    for name in ("tiles_http_requests_total", "tiles_renders_total", "tiles_cache_hits_total",
                 "tiles_cache_misses_total", "tiles_cache_bytes", "tiles_render_seconds_bucket",
                 "tiles_errors_total"):
        assert name in text
    assert 'tiles_http_requests_total{route="bare",status="200"} 2.0' in text
    assert 'tiles_errors_total{kind="notation"} 1.0' in text
    assert counter(app, "tiles_cache_bytes") == svc(app).cache.bytes > 0
    assert counter(app, "tiles_render_seconds_count", format="png") == 1


def test_playground(client):
    r = client.get("/")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and r.mimetype == "text/html"
    assert 'id="notation"' in html and "<Tiles" in html.replace("&lt;", "<")
    assert "navigator.clipboard" in html and "encodeURI" in html
    assert "<option>dark</option>" in html


def test_playground_has_a_labelled_control_for_every_option_of_the_url_api(client):
    """Every query parameter `RenderOptions.from_query` reads (an option that lands later too), and the
    format, is a control of the playground with a visible label (tests/browser/test_playground.py drives them)."""
    import re

    from service.notation.options import RenderOptions

    read = set()

    class Recording(dict):
        def get(self, key, default=None):
            read.add(key)
            return default

        def __getitem__(self, key):
            read.add(key)
            raise KeyError(key)

    RenderOptions.from_query(Recording())
    assert {"height", "scale", "theme", "bg", "layout", "row", "dora", "ura", "lang", "wild"} <= read
    html = client.get("/").get_data(as_text=True)
    labelled = set(re.findall(r'<label for="([\w-]+)">', html))
    assert read | {"format", "notation", "scene"} <= labelled, sorted(read - labelled)


def test_playground_policy_allows_its_own_inline_code_only(client):
    import base64
    import hashlib
    import re

    r = client.get("/?n=1m")
    html = r.get_data(as_text=True)
    csp = dict(part.strip().split(" ", 1) for part in r.headers["Content-Security-Policy"].split(";"))
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        blocks = re.findall(rf"<{tag}>(.*?)</{tag}>", html, re.S)
        assert len(blocks) == 1 and "style=" not in html
        digest = base64.b64encode(hashlib.sha256(blocks[0].encode()).digest()).decode()
        assert csp[directive] == f"'sha256-{digest}'"
    assert csp["default-src"] == "'none'" and csp["frame-ancestors"] == "'none'"
    assert csp["img-src"] == "'self'" and csp["connect-src"] == "'self'"
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["Cache-Control"] == "public, max-age=300"
    assert r.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize("path, headers", [
    ("/123m", {}), ("/tiles/123m.webp", {}), ("/tiles/1m.json", {}), ("/123a", {}),
    ("/123a", {"Accept": "image/*"}), ("/tiles/1m.gif", {}), ("/healthz", {}), ("/metrics", {}),
    ("/1m?scale=9", {}),
])
def test_every_answer_says_nosniff_and_allows_no_code(client, path, headers):
    r = client.get(path, headers=headers)
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    r304 = client.get("/123m", headers={"If-None-Match": "*"})
    assert r304.status_code == 304 and r304.headers["X-Content-Type-Options"] == "nosniff"


def test_playground_prefill_is_escaped(client):
    html = client.get('/?n="><script>alert(1)</script>').get_data(as_text=True)
    assert "<script>alert(1)" not in html
    assert "&#34;&gt;&lt;script&gt;" in html


def test_favicon_is_a_tile(client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.data.startswith(PNG)


def test_head_request(client):
    r = client.head("/123m")
    assert r.status_code == 200 and r.data == b"" and r.headers["ETag"]


# -- caching headers -----------------------------------------------------------


def test_image_headers(client):
    r = client.get("/123m")
    assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    etag = r.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert "Vary" not in r.headers


def test_etag_is_stable_across_apps_and_hosts():
    a = create_app().test_client().get("/r5p+123m?scale=2&theme=dark")
    b = create_app().test_client().get("/0p%20123m?theme=dark&scale=2")
    assert a.headers["ETag"] == b.headers["ETag"]


@pytest.mark.parametrize("form", ["{}", "W/{}", '"other", {}', "*"])
def test_if_none_match_answers_304_before_any_rendering(form):
    etag = create_app().test_client().get("/123m+-456p").headers["ETag"]
    fresh = create_app()  # another worker: nothing cached, nothing rendered
    r = fresh.test_client().get("/123m+-456p", headers={"If-None-Match": form.format(etag)})
    assert r.status_code == 304 and r.data == b""
    assert r.headers["ETag"] == etag
    assert r.headers["Cache-Control"].startswith("public")
    assert counter(fresh, "tiles_renders_total", format="png") == 0
    assert len(svc(fresh).cache) == 0
    assert counter(fresh, "tiles_not_modified_total") == 1


@pytest.mark.parametrize("query", ["height=256&scale=4", "scale=9", "bg=nope"])
@pytest.mark.parametrize("repeat", [False, True])
def test_a_url_we_refuse_is_400_even_with_if_none_match(app, client, query, repeat):
    from service.http.service import etag_for

    path = "/" + "123456789m" * 2 + "?" + query
    if repeat:  # a second request must not find the refused URL in the parse memo
        assert client.get(path).status_code == 400
    key = f"{app_module.RENDERER_VERSION}|123456789m123456789m|h256-s4-light-bgnone-gauto-png"
    for tag in ["*", f'"{etag_for(key)}"']:
        r = client.get(path, headers={"If-None-Match": tag})
        assert r.status_code == 400, (tag, r.status_code)
        assert "immutable" not in r.headers["Cache-Control"]
    assert counter(app, "tiles_not_modified_total") == 0


def test_if_none_match_on_repeat_url_uses_the_memo(client):
    etag = client.get("/123m").headers["ETag"]
    r = client.get("/123m", headers={"If-None-Match": etag})
    assert r.status_code == 304


def test_stale_etag_gets_the_image(client):
    r = client.get("/123m", headers={"If-None-Match": '"not-this-one"'})
    assert r.status_code == 200 and r.data.startswith(PNG)


def test_json_etag_and_304(client):
    r = client.get("/tiles/123m.json")
    again = client.get("/tiles/123m.json", headers={"If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304


def test_json_etag_changes_with_what_the_json_says(tmp_path):
    """A copy of the code with other alt text, or another analysis message, must not
    get a 304 for the JSON the old code served (the ETag used to hash versions only)."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    for package in ("service", "tile_art"):
        shutil.copytree(root / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    script = ("from service.http import create_app\n"
              "c = create_app().test_client()\n"
              "print(' '.join(c.get(u).headers['ETag'] for u in ('/tiles/123m.json', '/tiles/11111m.json')))")

    def etags() -> list[str]:
        run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                             check=True, env={"PYTHONPATH": str(tmp_path), "PATH": "", "TILES_COMPILED_FIT": "0"})
        return run.stdout.split()

    def edit(path: str, old: str, new: str) -> None:
        f = tmp_path / path
        text = f.read_text()
        assert old in text, (path, old)
        f.write_text(text.replace(old, new))

    plain, odd = etags()
    edit("service/notation/words.py", '"hand": "Hand"', '"hand": "Concealed hand"')
    described = etags()
    assert described[0] != plain and described[1] != odd
    edit("service/analysis/reading.py", "a set has four", "a set holds four")
    analysed = etags()
    assert analysed[0] == described[0] and analysed[1] != described[1]  # only 11111m has that warning


def test_error_headers_are_short_lived_and_vary_on_accept(client):
    r = client.get("/123a")
    assert r.headers["Cache-Control"] == "public, max-age=60"
    assert "Accept" in r.headers["Vary"]


def test_error_max_age_is_configurable():
    r = create_app({"ERROR_MAX_AGE": 5}).test_client().get("/123a")
    assert r.headers["Cache-Control"] == "public, max-age=5"


# -- errors --------------------------------------------------------------------


@pytest.mark.parametrize(
    "notation, position",
    [("123a", 3), ("123", 0), ("+1m", 0), ("1m++2m", 3), ("r6m", 1), ("8z", 0), ("1m-", 2), ("x=1m", 1),
     ("1m/2m", 2)],
)
def test_bad_notation_is_400_json_with_position(client, notation, position):
    r = client.get("/" + quote(notation, safe="+=-"))
    assert r.status_code == 400 and r.mimetype == "application/json"
    err = r.get_json()["error"]
    assert err["position"] == position
    assert err["notation"] == notation
    assert err["message"]


def test_empty_notation(client):
    r = client.get("/tiles/.png")
    assert r.status_code == 400
    assert r.get_json()["error"]["message"].startswith("empty notation")
    assert client.get("/tiles.png").status_code == 400  # no ?n= at all


@pytest.mark.parametrize("accept", [CHROME_IMG, FIREFOX_IMG, SAFARI_IMG, "image/*", "image/png"])
def test_img_requests_get_a_png_of_the_error(client, accept):
    r = client.get("/123a", headers={"Accept": accept})
    assert r.status_code == 400
    assert r.mimetype == "image/png" and r.data.startswith(PNG)
    w, h = image_size(r.data)
    assert 50 < w < 2000 and 20 < h < 400


@pytest.mark.parametrize("accept", [None, "*/*", "application/json", CHROME_PAGE, "image/*;q=0.5, application/json"])
def test_other_requests_get_json_errors(client, accept):
    headers = {"Accept": accept} if accept else {}
    r = client.get("/123a", headers=headers)
    assert r.status_code == 400 and r.mimetype == "application/json"


def test_json_route_errors_are_json_even_for_images(client):
    r = client.get("/tiles/123a.json", headers={"Accept": "image/*"})
    assert r.status_code == 400 and r.mimetype == "application/json"


def test_error_image_for_an_option_error(client):
    r = client.get("/123m?scale=9", headers={"Accept": "image/*"})
    assert r.status_code == 400 and r.data.startswith(PNG)


@pytest.mark.parametrize(
    "query, param",
    [("height=9999", "height"), ("height=10", "height"), ("height=abc", "height"), ("height=-5", "height"),
     ("scale=0", "scale"), ("scale=5", "scale"), ("scale=1.5", "scale"), ("theme=neon", "theme"),
     ("bg=zzz", "bg"), ("bg=%23ff", "bg"), ("gap=999", "gap"), ("height=" + "9" * 5000, "height")],
)
def test_bad_options_are_400_naming_the_param(app, client, query, param):
    r = client.get(f"/123m?{query}")
    assert r.status_code == 400
    err = r.get_json()["error"]
    assert err["param"] == param and err["position"] is None and err["notation"] == "123m"
    assert counter(app, "tiles_errors_total", kind="option") == 1


def test_notation_error_is_reported_before_option_error(client):
    err = client.get("/123a?scale=9").get_json()["error"]
    assert err["position"] == 3


def test_too_long_notation(client):
    r = client.get("/" + "1m" * 129)
    assert r.status_code == 400
    err = r.get_json()["error"]
    assert "256" in err["message"] and err["position"] == 256


def test_too_many_tiles(client):
    r = client.get("/" + "1" * 65 + "m")
    assert r.status_code == 400
    assert "64" in r.get_json()["error"]["message"]


def test_absurd_size_is_refused_before_drawing(app, client, monkeypatch):
    def no_drawing(*a, **k):
        raise AssertionError("rendered")

    monkeypatch.setattr(app_module, "render", no_drawing)
    r = client.get("/" + "1234567891234567m" * 4 + "?height=128&scale=4")
    assert r.status_code == 400
    err = r.get_json()["error"]
    assert "800,000 pixels" in err["message"] and err["param"] == "height"
    r = client.get("/1m?height=256&scale=4")
    assert r.status_code == 400
    assert "1024 pixels tall" in r.get_json()["error"]["message"]
    assert counter(app, "tiles_errors_total", kind="size") == 2


def test_the_cost_ceiling_admits_what_docs_use(client):
    # The <Tiles> component asks for 1x, 2x and 3x; a hand at the default height, a
    # long one of few kinds, and a short one at 128 px must fit at 3x; every kind at 1x.
    assert client.get("/11222333s22m+-456m+4s?scale=3").status_code == 200
    assert client.get("/" + "123m456p789s" * 5 + "?scale=3").status_code == 200
    assert client.get("/123m+1m?height=128&scale=3").status_code == 200
    assert client.get("/" + "1234567890m1234567890p1234567890s1234567z?scale=1").status_code == 200


def test_the_ceiling_counts_the_faces_a_new_size_draws(app, client, monkeypatch):
    """Every face of a size never seen is drawn first (~3-4 ms each at 2x and 3x): 64
    distinct faces cost ~3x the ceiling's budget; refused, before any drawing."""
    river = "1234567890m1234567890p1234567890s1234567z" + "".join(f"*{n}{s}" for s in "mps" for n in "123456789")
    monkeypatch.setattr(app_module, "render", lambda *a, **k: pytest.fail("rendered"))
    r = client.get(f"/tiles/{quote(river, safe='')}.png?layout=river&scale=2")
    assert r.status_code == 400
    err = r.get_json()["error"]
    assert err["message"].startswith("the image shows 64 different faces") and err["param"] == "height"
    assert "at 76 pixels a tile the limit is 21" in err["message"]
    assert client.get("/" + "123456789m123456789p1s?scale=3").status_code == 400  # 19 faces at 114 px: 18


def test_docs_images_keep_their_densities_under_the_ceiling(client):
    """The ceiling leaves what docs pages show at every density: a 14-tile hand of 14 kinds
    at 3x, an 18-discard river of 18 faces at 2x, every riichi kind at 1x."""
    assert client.get("/" + quote("19m19p19s1234567z+1m", safe="") + "?scale=3").status_code == 200
    river = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p6p*7p*8p*9p"
    assert client.get(f"/tiles/{quote(river, safe='')}.png?layout=river&scale=2").status_code == 200
    every_kind = "1234567890m1234567890p1234567890s1234567z"  # 37 faces
    assert client.get(f"/tiles/{every_kind}.png?scale=1").status_code == 200


@pytest.mark.parametrize("path", ["/tiles/123m.gif", "/tiles/123m", "/tiles.gif?n=1m"])
def test_unknown_format_is_404(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert ".png, .webp, .svg, .pdf or .json" in r.get_json()["error"]["message"]


def test_wrong_method_is_405_json(client):
    r = client.post("/123m")
    assert r.status_code == 405 and "error" in r.get_json()


def test_double_slash_is_bad_notation_not_a_redirect(client):
    r = client.get("/11m//22m")
    assert r.status_code == 400 and r.get_json()["error"]["position"] == 3


def test_a_bug_is_a_json_500_and_counted(app, client, monkeypatch):
    def broken(hand, options):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(app_module, "render", broken)
    r = client.get("/123m")
    assert r.status_code == 500
    assert r.get_json()["error"]["message"] == "internal error"
    assert b"secret" not in r.data
    assert counter(app, "tiles_errors_total", kind="internal") == 1
    assert len(svc(app).cache) == 0


# -- the cache -----------------------------------------------------------------


def test_cache_is_bounded_in_bytes():
    c = ImageCache(max_bytes=16_000)  # large share 2000; 16 ghosts 4096; probation 2476, protected 7428
    for n in range(40):  # each entry costs its 50 bytes, its key and ENTRY_BYTES (400)
        c.get_or_render(f"k{n}", lambda: b"x" * 50)
        c.get(f"k{n}" if n % 2 else "k0")  # some are asked for twice: promoted
        assert c.bytes <= 16_000
    assert c.get_or_render("big", lambda: b"x" * 16_001) == (b"x" * 16_001, "miss")
    assert c.get("big") is None and c.bytes <= 16_000
    assert c.get_or_render("huge", lambda: b"x" * 1601, large=True)[1] == "miss" and c.get("huge") is None


def test_large_images_cannot_evict_normal_ones():
    c = ImageCache(max_bytes=80_000)
    for n in range(10):
        c.get_or_render(f"docs{n}", lambda: b"d" * 100)
    for n in range(200):  # a flood of big images: they only churn their own share
        c.get_or_render(f"large{n}", lambda: b"L" * 400, large=True)
    assert all(c.get(f"docs{n}") == b"d" * 100 for n in range(10))
    assert c.get("large199") == b"L" * 400 and c.get("large0") is None


def test_one_off_urls_cannot_flush_images_asked_for_twice():
    c = ImageCache(max_bytes=80_000)
    for n in range(10):
        c.get_or_render(f"docs{n}", lambda: b"d" * 100)
        c.get(f"docs{n}")  # a second request: promoted out of probation
    for n in range(500):  # every bg colour of one hand, each asked once
        c.get_or_render(f"bg{n}", lambda: b"j" * 100)
    assert all(c.get(f"docs{n}") == b"d" * 100 for n in range(10))
    assert c.bytes <= 80_000


def test_images_asked_for_again_after_many_others_still_get_in():
    c = ImageCache(max_bytes=800_000)  # probation holds 31 of these; 85 ghosts remembered
    keys = [f"page{n}" for n in range(80)]
    for _ in range(2):  # a docs site visited twice: each image's second request comes 80 later
        for k in keys:
            c.get(k) or c.get_or_render(k, lambda: b"p" * 5000)
    assert sum(c.get(k) is not None for k in keys) >= 75


def race(c: ImageCache, render, expected: type[BaseException] = (), n: int = 4):
    """``n`` threads ask `c` for one key whose render waits on a gate, then the gate opens.

    Returns the threads (joined, or given up on) and what each one got: the
    ``(bytes, outcome)`` pair, or the ``expected`` error it raised."""
    gate = threading.Event()

    def gated():
        gate.wait(5)
        return render()

    got = []

    def ask():
        try:
            got.append(c.get_or_render("k", gated))
        except expected as e:
            got.append(e)

    threads = [threading.Thread(target=ask) for _ in range(n)]
    for t in threads:
        t.start()
    time.sleep(0.1)
    gate.set()
    for t in threads:
        t.join(6)
    return threads, got


def test_cache_single_flight():
    c = ImageCache()
    calls = []

    def slow():
        calls.append(1)
        return b"img"

    _, results = race(c, slow, n=8)
    assert len(calls) == 1
    assert sorted(o for _, o in results) == ["miss"] + ["shared"] * 7
    assert all(v == b"img" for v, _ in results)


def test_cache_render_error_reaches_every_waiter_and_caches_nothing():
    c = ImageCache()

    def failing():
        raise RuntimeError("nope")

    _, errors = race(c, failing, RuntimeError)
    assert len(errors) == 4 and len(c) == 0


@pytest.mark.parametrize("outcome", [None, "not bytes", 12])
def test_cache_a_bad_render_result_frees_the_key_and_its_waiters(outcome):
    c = ImageCache(wait=5)
    threads, errors = race(c, lambda: outcome, TypeError)
    assert not any(t.is_alive() for t in threads)
    assert len(errors) == 4 and len(c) == 0
    assert c.get_or_render("k", lambda: b"ok") == (b"ok", "miss")  # the key is not blocked


def test_cache_a_failure_while_storing_still_releases_waiters(monkeypatch):
    c = ImageCache(wait=5)

    def store_fails(key, value, large):
        raise MemoryError("no room")

    monkeypatch.setattr(c, "_store", store_fails)
    threads, got = race(c, lambda: b"img", MemoryError, n=3)
    assert not any(t.is_alive() for t in threads)
    assert len(got) == 3 and c._flights == {}


def test_cache_waiters_give_up_after_the_wait():
    from service.http.cache import RenderTimeout

    c = ImageCache(wait=0.2)
    gate = threading.Event()
    leader = threading.Thread(target=lambda: c.get_or_render("k", lambda: gate.wait(5) and b"img"))
    leader.start()
    time.sleep(0.05)
    start = time.monotonic()
    with pytest.raises(RenderTimeout):
        c.get_or_render("k", lambda: b"never")
    assert time.monotonic() - start < 2
    gate.set()
    leader.join(5)
    assert c.get("k") == b"img"


def test_a_stuck_render_is_a_503_for_its_waiters(app, monkeypatch):
    svc(app).cache.wait = 0.2
    gate = threading.Event()
    real = app_module.render

    def stuck(hand, options, lay=None):
        gate.wait(5)
        return real(hand, options, lay)

    monkeypatch.setattr(app_module, "render", stuck)
    first = threading.Thread(target=lambda: app.test_client().get("/147m"))
    first.start()
    time.sleep(0.05)
    r = app.test_client().get("/147m")
    gate.set()
    first.join(5)
    assert r.status_code == 503 and r.headers["Retry-After"] == "1"
    assert r.headers["Cache-Control"] == "no-store"
    assert counter(app, "tiles_errors_total", kind="timeout") == 1


def test_concurrent_requests_for_one_image_render_once(app, monkeypatch):
    calls = []
    real = app_module.render

    def slow_render(hand, options, lay=None):
        calls.append(1)
        time.sleep(0.2)
        return real(hand, options, lay)

    monkeypatch.setattr(app_module, "render", slow_render)
    statuses = []

    def fetch():
        statuses.append(app.test_client().get("/123m456p?scale=3").status_code)

    threads = [threading.Thread(target=fetch) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert statuses == [200] * 6
    assert len(calls) == 1
    assert counter(app, "tiles_cache_misses_total") == 1
    assert counter(app, "tiles_cache_hits_total") == 5


def test_cache_size_from_config_and_env(monkeypatch):
    assert svc(create_app()).cache.max_bytes == 64 * 1024 * 1024
    assert svc(create_app({"CACHE_BYTES": "1MiB"})).cache.max_bytes == 1024 * 1024
    monkeypatch.setenv("TILES_CACHE_BYTES", "3000000")
    assert svc(create_app()).cache.max_bytes == 3_000_000
    monkeypatch.setenv("TILES_CACHE_BYTES", "2MiB")
    assert svc(create_app()).cache.max_bytes == 2 * 1024 * 1024


def test_small_cache_evicts_but_still_serves():
    app = create_app({"CACHE_BYTES": 4000})
    client = app.test_client()
    for n in range(1, 10):
        assert client.get(f"/{n}m{n}p{n}s").status_code == 200
    assert svc(app).cache.bytes <= 4000


def test_bad_cache_size_is_refused():
    with pytest.raises(ValueError, match="byte count"):
        create_app({"CACHE_BYTES": "lots"})
    assert parse_bytes("1 GiB") == 1024**3


def test_cache_key_includes_renderer_version(app, client, monkeypatch):
    etag = client.get("/123m").headers["ETag"]
    monkeypatch.setattr(app_module, "RENDERER_VERSION", "next")
    assert create_app().test_client().get("/123m").headers["ETag"] != etag


# -- no input is a 500 ---------------------------------------------------------

ALPHABET = st.sampled_from(list("0123456789mpszrRxX-=+ /%?#&.MPSZ\t\n") + ["\u00e9", "\u4e00", "\x00", "\ufffd"])


def assert_sane(r) -> None:
    assert r.status_code in (200, 304, 400, 404, 405), (r.status_code, r.data[:200])
    if r.status_code == 200 and r.mimetype.startswith("image/"):
        w, h = image_size(r.data)
        assert w <= MAX_SIDE and h <= MAX_SIDE and w * h <= MAX_PIXELS
    elif r.status_code >= 400 and r.mimetype == "application/json":
        err = r.get_json()["error"]
        assert err["message"]


SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SLOW
@given(st.binary(max_size=300))
def test_random_bytes_as_url_path(client, raw):
    assert_sane(client.get("/" + quote(raw, safe="")))
    assert_sane(client.get("/tiles/" + quote(raw, safe="") + ".png"))
    # A leading '//' would read as a host name to the test client (tested over HTTP in e2e).
    assert_sane(client.get("/" + quote(raw, safe="/+?=&%").lstrip("/")))


@SLOW
@given(st.text(max_size=120))
def test_random_text_in_query(client, text):
    assert_sane(client.get("/tiles.json", query_string={"n": text}))
    assert_sane(client.get("/tiles.png", query_string={"n": text}, headers={"Accept": "image/*"}))


@SLOW
@given(st.text(ALPHABET, max_size=80), st.sampled_from(["png", "webp", "json"]))
def test_notation_like_text(client, text, fmt):
    assert_sane(client.get(f"/tiles/{quote(text, safe='+=-')}.{fmt}"))


@SLOW
@given(
    st.integers(1, 70),
    st.dictionaries(
        st.sampled_from(["height", "scale", "theme", "bg", "gap", "n", "x"]),
        st.one_of(st.integers(-5, 99999).map(str), st.text(max_size=12)),
        max_size=5,
    ),
    st.sampled_from([None, "image/*", "*/*"]),
)
def test_random_options_and_big_hands(client, tiles, params, accept):
    notation = "1" * min(tiles, 9) + "m" + ("+" + "2" * min(tiles - 9, 9) + "p" if tiles > 9 else "")
    headers = {"Accept": accept} if accept else {}
    assert_sane(client.get("/" + notation, query_string=params, headers=headers))


@pytest.mark.parametrize("height, scale", [(256, 4), (256, 1), (16, 4), (200, 3)])
def test_largest_hands_stay_under_the_pixel_limit(client, height, scale):
    for notation in ["1-1=11m" * 16, "1234567891234567m" * 4, "x" * 64]:
        assert_sane(client.get(f"/{notation}?height={height}&scale={scale}"))


def test_error_bodies_are_json_serialisable_for_every_kind(client):
    for path in ["/123a", "/123m?scale=9", "/tiles/1m.gif", "/" + "1m" * 200]:
        assert "error" in json.loads(client.get(path).data)


# -- tiles serve ---------------------------------------------------------------


def serve_args(argv):
    from service.cli import _parse_args, build_parser

    return _parse_args(build_parser(), ["serve", *argv])


def test_serve_flags_and_env(monkeypatch):
    from service.http import serve

    args = serve_args([])
    assert (args.host, args.port, args.connections, args.dev) == ("127.0.0.1", 8000, 1000, False)
    assert (args.keepalive, args.max_requests) == (5, 20000)
    assert args.workers == serve.default_workers() >= 1
    monkeypatch.setenv("TILES_HOST", "0.0.0.0")
    monkeypatch.setenv("TILES_PORT", "9123")
    monkeypatch.setenv("TILES_WORKERS", "3")
    monkeypatch.setenv("TILES_CONNECTIONS", "64")
    monkeypatch.setenv("TILES_KEEPALIVE", "3")
    monkeypatch.setenv("TILES_MAX_REQUESTS", "0")
    args = serve_args([])
    assert (args.host, args.port, args.workers, args.connections) == ("0.0.0.0", 9123, 3, 64)
    assert (args.keepalive, args.max_requests) == (3, 0)
    args = serve_args(["--port", "7000", "--workers", "1"])  # flags win over the environment
    assert (args.port, args.workers) == (7000, 1)


def test_serve_runs_gunicorn_with_our_options(monkeypatch):
    from service.http import serve

    seen = {}
    monkeypatch.setattr(serve, "run_gunicorn",
                        lambda factory, options, tiles: seen.update(factory=factory, tiles=tiles, **options))
    args = serve_args(["--host", "::1", "--port", "8123", "--workers", "2", "--connections", "50",
                       "--max-requests", "500", "--cache-bytes", "5MiB", "--face-cache-bytes", "8MiB",
                       "--drain", "1.5", "--body-timeout", "4"])
    assert args.func(args) == 0
    assert seen["tiles"] == {"drain": 1.5, "body_timeout": 4.0, "boot_timeout": 60.0}
    assert seen["bind"] == "[::1]:8123"
    assert (seen["workers"], seen["worker_connections"], seen["worker_class"]) == (2, 50, serve.WORKER_CLASS)
    assert (seen["max_requests"], seen["max_requests_jitter"], seen["keepalive"]) == (500, 50, 5)
    assert svc(seen["factory"]()).cache.max_bytes == 5 * 1024 * 1024
    import tile_art

    assert tile_art.faces.CACHE.maxsize + tile_art.body.BLANKS.maxsize == 8 * 1024 * 1024
    create_app()  # back to the default for the tests that follow


def test_metrics_dir_is_removed_only_by_the_master_that_made_it(monkeypatch, tmp_path):
    import fcntl
    import os

    from prometheus_client import values

    from service.http.serve import MADE_MARK, metrics_dir

    # metrics_dir sets both variables and chooses prometheus' value class, in this process: all of it
    # goes back after the test (a directory left in the environment made later apps count into it)
    monkeypatch.setattr(os, "environ", dict(os.environ))
    monkeypatch.setattr(values, "ValueClass", values.ValueClass)
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)
    monkeypatch.delenv(MADE_MARK, raising=False)
    block = metrics_dir()
    path = block.__enter__()
    pid = os.fork()
    if pid == 0:  # a worker: gunicorn ends it with SystemExit, which leaves the block in the worker too
        try:
            block.__exit__(SystemExit, SystemExit(0), None)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    assert os.path.isdir(path)  # the next worker still finds it
    block.__exit__(None, None, None)
    assert not os.path.exists(path)  # the master, leaving for real

    with metrics_dir() as path:  # another master (a USR2 upgrade) holds it too
        other = open(os.path.join(path, "masters.lock"))
        fcntl.flock(other, fcntl.LOCK_SH)
    assert os.path.isdir(path)
    other.close()

    given = tmp_path / "mine"
    given.mkdir()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(given))
    monkeypatch.delenv(MADE_MARK, raising=False)
    with metrics_dir() as path:
        assert path == str(given)
    assert given.is_dir()  # the operator's directory: never removed


def test_workers_fix_mallocs_thresholds():
    import platform

    from service.http import memory, serve

    if platform.libc_ver()[0] != "glibc":
        pytest.skip("malloc settings are glibc's")
    assert memory.tune_malloc() is True
    assert serve.gunicorn_options("127.0.0.1", 8000, 1)["post_fork"] is serve._post_fork
    assert memory.rss_bytes() > 10 * 1024 * 1024


def test_serve_refuses_a_bad_cache_size(capsys):
    args = serve_args(["--cache-bytes", "huge"])
    assert args.func(args) == 2
    assert "byte count" in capsys.readouterr().err


def test_gunicorn_server_loads_every_option():
    from service.http.serve import Server, gunicorn_options

    s = Server(create_app, gunicorn_options("127.0.0.1", 8000, 2, 64))
    assert s.cfg.workers == 2 and s.cfg.worker_connections == 64 and s.cfg.bind == ["127.0.0.1:8000"]
    assert s.cfg.max_requests == 20000 and s.cfg.max_requests_jitter == 2000
    assert s.cfg.worker_class.__name__ == "TilesWorker"
    assert s.load().name == "service"


def test_error_image_is_small_whatever_the_input(client):
    worst = "W" * 200 + "\x00\u4e00\U0001f004" * 20
    r = client.get("/" + quote(worst), headers={"Accept": "image/*"}, query_string={"height": "256", "scale": "4"})
    assert r.status_code == 400
    w, h = image_size(r.data)
    assert w <= 6400 and h <= 400


def test_importing_serve_leaves_prometheus_unloaded():
    # serve must set PROMETHEUS_MULTIPROC_DIR before prometheus_client loads,
    # or each worker counts alone and /metrics shows one worker's share.
    import subprocess
    import sys

    code = "import sys, service.cli as c; c.build_parser(); print('prometheus_client' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_error_image_css_size_is_the_same_at_every_scale_and_follows_the_theme(client):
    """Issue 11 item 5: one CSS size at 1x/2x/3x (was 289x84, 289.5x85.5, 289.7x86); dark pages get a dark box."""
    from PIL import Image

    sizes = []
    for scale in (1, 2, 3, 4):
        r = client.get("/tiles/123a.png", headers={"Accept": "image/*"}, query_string={"scale": scale})
        w, h = image_size(r.data)
        sizes.append((w / scale, h / scale))
    assert len(set(sizes)) == 1, sizes
    corners = {}
    for theme in ("light", "dark", "sepia"):  # an unknown theme draws light
        r = client.get("/tiles/123a.png", headers={"Accept": "image/*"}, query_string={"theme": theme})
        with Image.open(io.BytesIO(r.data)) as im:
            corners[theme] = im.convert("L").getpixel((6, 6))  # paper, inside the frame
    assert corners["dark"] < 80 < corners["light"] == corners["sepia"]
