"""End to end: a real Docusaurus 3 site built with remark-tiles, then opened in Chromium.

The fixture (tests/browser/docusaurus) is built with create-docusaurus's defaults: `future: {v4: true}`
and @docusaurus/faster (Rspack, and the @swc/html minifier that rewrites inline CSS). It has a
committed package-lock.json;
`.ci/run` installs it with `npm ci`, remark-tiles
as its packed tarball (tests/npm_packs.py). It uses remark-tiles with zero options
under baseUrl /tiles-site/, and `tiles` comes from this venv via PATH. Locally
the test is skipped until `npm ci` has been run there; on CI it must run.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_component import need  # skip locally, fail on CI
from tests.need import need_site

HERE = Path(__file__).parent
SITE = HERE / "docusaurus"
ARTIFACTS = HERE / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
BASE = "/tiles-site/"
BUILD_TIMEOUT = 900  # seconds; a cold build takes 1-3 minutes on 2 cores


def docusaurus_build(out: Path, docs: str = "docs") -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
           "TILES_FIXTURE_DOCS": docs, "NO_UPDATE_NOTIFIER": "1", "DOCUSAURUS_IGNORE_SSG_WARNINGS": "true"}
    return subprocess.run([str(SITE / "node_modules" / ".bin" / "docusaurus"), "build", "--out-dir", str(out)],
                          cwd=SITE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


class Images(html.parser.HTMLParser):
    """Every <img> and <style> text of a page."""

    def __init__(self):
        super().__init__()
        self.imgs, self.styles, self._in_style = [], [], False

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.imgs.append(dict(attrs))
        self._in_style = tag == "style"

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)


def installed() -> None:
    need_site(SITE, "docusaurus", "remark-tiles")


def build_site(tmp_path_factory) -> Path:
    """The site, built once per session (`docusaurus_site` in conftest.py): served from the returned root."""
    installed()
    if os.environ.get("TILES_DOCUSAURUS_WWW"):  # a site built before, to work on the browser checks
        return Path(os.environ["TILES_DOCUSAURUS_WWW"])
    root = tmp_path_factory.mktemp("www")
    run = docusaurus_build(root / BASE.strip("/"))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return root


def build_bad(tmp_path_factory) -> subprocess.CompletedProcess:
    """The build of bad-docs (bad.mdx, and the conformance page's typo variant), which must fail."""
    installed()
    return docusaurus_build(tmp_path_factory.mktemp("bad") / "out", docs="bad-docs")


@pytest.fixture(scope="module")
def www(docusaurus_site):
    return docusaurus_site


def tile_imgs(page: Path) -> tuple[list[dict], list[str]]:
    p = Images()
    p.feed(page.read_text())
    return [i for i in p.imgs if "tiles" in i.get("class", "").split()], p.styles


def test_static_html_has_every_attribute_and_file(www):
    # conformance.html: tests/browser/test_conformance.py
    pages = sorted(p for p in (www / BASE.strip("/")).glob("*.html") if p.stem != "conformance")
    seen = 0
    for page in pages:
        imgs, styles = tile_imgs(page)
        for img in imgs:
            seen += 1
            assert int(img["width"]) > 0 and int(img["height"]) > 0, img
            # alt text names the tiles, group by group (service/notation/describe.py)
            assert img["alt"].startswith(("Hand: ", "River: ", "called meld: ", "meld: ", "concealed kan: ")), img
            assert img["loading"] == "lazy"
            urls = [c.split()[0] for c in img["srcset"].split(",")] + [img["src"]]
            assert len(urls) == 4
            for url in urls:
                assert url.startswith(BASE + "tiles/"), url  # the site's base URL, not /
                assert (www / url.lstrip("/")).is_file(), url
        if any("tiles--dark" in i["class"] for i in imgs):
            # the pair's CSS, as the HTML minifier rewrote it (it joins the two rules into one)
            assert any("[data-theme=dark] .tiles--light" in s and "display:none" in s for s in styles), styles
    assert seen >= 10
    index = (www / BASE.strip("/") / "index.html").read_text()
    assert "&lt;Tiles notation=&quot;this is code, not an image&quot; /&gt;" in index or \
        "this is code, not an image" in index  # the code block stays code
    assert "<Tiles" not in index


def serve(root: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    handler = functools.partial(Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A static host as Docusaurus expects one: /more serves more.html."""

    def translate_path(self, path):
        local = super().translate_path(path)
        return local + ".html" if not os.path.exists(local) and os.path.isfile(local + ".html") else local

    def log_message(self, *args):
        pass


ALL_SHOWN_LOADED = ("[...document.querySelectorAll('img')].filter(i => getComputedStyle(i).display !== 'none')"
                    ".every(i => i.complete && i.naturalWidth > 0)")
VISIBLE_TILES = """() => [...document.querySelectorAll('img.tiles')]
  .filter(i => getComputedStyle(i).display !== 'none')
  .map(i => ({n: i.dataset.notation, cls: i.className, src: i.currentSrc, complete: i.complete, nw: i.naturalWidth,
              nh: i.naturalHeight, w: i.width, h: i.height, attrW: +i.getAttribute('width'),
              attrH: +i.getAttribute('height')}))"""


def test_site_in_chromium_loads_2x_and_switches_colour_mode(www):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    origin, server = serve(www)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1000, "height": 2400}, device_scale_factor=2)
                errors, requested = [], []
                page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("request", lambda r: requested.append(r.url))
                page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
                page.goto(origin + BASE, wait_until="networkidle")
                assert page.evaluate("document.documentElement.dataset.theme") == "light"
                page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                light = page.evaluate(VISIBLE_TILES)
                page.screenshot(path=str(ARTIFACTS / "docusaurus-light.png"), full_page=True)
                dark_files = set(page.evaluate(
                    "[...document.querySelectorAll('img.tiles--dark')].flatMap(i => i.srcset.split(', ')"
                    ".map(c => c.split(' ')[0]))"))
                assert dark_files and not dark_files & {u.removeprefix(origin) for u in requested}, \
                    "a hidden dark image was fetched in light mode"

                page.get_by_role("button", name=re.compile("dark and light mode")).click()
                page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
                page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                dark = page.evaluate(VISIBLE_TILES)
                page.screenshot(path=str(ARTIFACTS / "docusaurus-dark.png"), full_page=True)

                page.goto(origin + BASE + "more", wait_until="networkidle")
                page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                more = page.evaluate(VISIBLE_TILES)
            finally:
                browser.close()
    finally:
        server.shutdown()

    assert not errors, errors
    for shown in (light, dark, more):
        assert len(shown) >= 2
        for img in shown:
            assert img["complete"] and img["src"].endswith("@2x.png"), img  # the 2x file at DPR 2
            # the 2x candidate, scaled by its density, is exactly the size the attributes promised
            assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
            # shown at that size, or narrower with its aspect kept (max-width: 100%)
            assert img["w"] <= img["attrW"] and abs(img["h"] - img["w"] * img["attrH"] / img["attrW"]) < 1, img
    assert all("tiles--dark" not in i["cls"] for i in light if "tiles--light" in i["cls"])
    themed_light = [i for i in light if "tiles--light" in i["cls"]]
    themed_dark = [i for i in dark if "tiles--dark" in i["cls"]]
    assert themed_light and len(themed_dark) == len(themed_light)
    assert not [i for i in dark if "tiles--light" in i["cls"]]
    assert {i["src"] for i in themed_dark}.isdisjoint(i["src"] for i in themed_light)
    # the tag with theme="dark" shows its one image in both modes
    for shown in (light, dark):
        [always] = [i for i in shown if i["n"] == "123m456p789s11z"]
        assert "tiles--" not in always["cls"]


def test_a_bad_notation_fails_the_build_naming_file_line_col(docusaurus_bad):
    run = docusaurus_bad
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad-docs/bad.mdx:9:40: 'a' is not a suit letter (use m, p, s or z)" in output, output[-4000:]
    # Rspack (Docusaurus Faster) frames each line of the message: "        │ " before it
    unframed = re.sub(r"(?m)^ *│ ?", "", output)
    assert '  <Tiles caption="typo" notation="123m456a" />\n' + " " * 41 + "^" in unframed, output[-4000:]
