"""<Tiles format="svg">: one file (src, and its #2x drawing in srcSet), and Chromium shows what the live service sends.

The SSR half needs node and the npm packages of tests/browser; the browser half
needs Chromium; both skip locally and fail on CI when missing (see test_component).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from PIL import Image
from test_component import CHROMIUM, FLAGS, HERE, NODE_MODULES, need, npm_ready
from test_svg_chromium import BOUND, error
from werkzeug.serving import make_server

from service.http import create_app
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.render import compose


def ssr(tmp_path: Path, props: list[dict]) -> list[dict]:
    """The <img> attributes <Tiles> renders for each props, through fixtures/ssr.jsx."""
    need(subprocess.run(["which", "node"], capture_output=True).returncode == 0, "node is not installed")
    need(npm_ready(), "npm packages missing: run `npm ci` in tests/browser")
    script = tmp_path / "ssr.js"
    env = {**os.environ, "NODE_PATH": str(NODE_MODULES)}
    subprocess.run([str(NODE_MODULES / ".bin" / "esbuild"), str(HERE / "fixtures" / "ssr.jsx"), "--bundle",
                    "--platform=node", "--jsx=transform", f"--outfile={script}", "--log-level=warning"],
                   check=True, env=env, cwd=HERE)
    run = subprocess.run(["node", str(script)], input=json.dumps(props), capture_output=True, text=True, check=True)
    return [g["attrs"] for g in json.loads(run.stdout)]


def test_svg_option_gives_one_src_the_service_answers(tmp_path):
    props = [{"notation": "11222333s22m+-456m+4s", "format": "svg", "base": "https://t.example/"},
             {"notation": "5-5=55p", "format": "svg", "theme": "auto", "height": 50},
             {"notation": "14s", "format": "svg", "inline": True},
             {"notation": "123m", "format": "png"}]
    got = ssr(tmp_path, props)
    client = create_app().test_client()
    for p, a in zip(props, got):
        if p["format"] == "png":
            assert a["src"].endswith(".png?height=38&scale=1") and "srcSet" in a
            continue
        h = p.get("height", 24 if p.get("inline") else 38)
        query = f"height={h}" + (f"&theme={p['theme']}" if "theme" in p else "")
        assert a["src"] == f"{p.get('base', '').rstrip('/')}/tiles/{quote(p['notation'], safe='')}.svg?{query}"
        assert a["srcSet"] == f"{a['src']} 1x, {a['src']}#2x 2x"  # one file: its #2x is tuned for 2x screens
        view = client.get(f"/tiles/{quote(p['notation'], safe='')}.json?height={h}").get_json()
        assert (int(a["width"]), int(a["height"])) == (view["width"], view["height"])
        r = client.get(a["src"].removeprefix("https://t.example"))
        assert r.status_code == 200 and r.mimetype == "image/svg+xml"


@pytest.fixture(scope="module")
def live():
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}"
    server.shutdown()


def test_chromium_shows_the_served_svg_gzipped_under_its_policy(live):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need(False, "python playwright is not installed")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    notation = "11222333s22m+-456m+4s"
    src = f"{live}/tiles/{quote(notation, safe='')}.svg?scale=2&theme=auto"
    png = compose(parse(notation), RenderOptions(scale=2, theme="dark"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            page = browser.new_page(device_scale_factor=2, viewport={"width": 600, "height": 200},
                                    color_scheme="dark")
            encodings = []
            page.on("response", lambda r: encodings.append(r.headers.get("content-encoding")))
            page.set_content(f'<body style="margin:0"><img src="{src}" style="display:block"></body>')
            page.wait_for_function("document.images[0].complete && document.images[0].naturalWidth > 0")
            size = page.evaluate("[document.images[0].naturalWidth, document.images[0].naturalHeight]")
            shot = page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": 420, "height": 38})
            # opened as a document, the policy applies to it: it must still draw (inline styles allowed)
            page.goto(src.replace("theme=auto", "theme=light"))
            drawn = page.evaluate("[...document.querySelectorAll('use')].length > 0 && "
                                  "getComputedStyle(document.querySelector('circle, path[class]')).fill")
        finally:
            browser.close()
    assert size == [420, 38] and "gzip" in encodings
    assert error(Image.open(io.BytesIO(shot)), png) <= BOUND
    assert drawn and drawn != "rgb(0, 0, 0)", drawn  # the class colours applied, not the default black
