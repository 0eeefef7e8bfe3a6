"""End to end: a real VitePress site whose Markdown pages use markdown-it-tiles, built, then opened in Chromium.

The fixture (tests/browser/vitepress) has a committed package-lock.json; `.ci/run`
installs it with `npm ci`. It uses the plugin with zero options (`md.use(tiles)` in
`markdown.config`) under `base: "/hands/"`: files go to pages/public/tiles, Vite writes
their URLs under the base, and each picture without a theme is a light/dark pair that
VitePress's `.dark` class on <html> switches. `tiles` comes from this venv via PATH.
Locally the test is skipped until `npm ci` has been run there; on CI it must run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_astro import Tags, urls
from test_component import need  # skip locally, fail on CI
from test_docusaurus import ALL_SHOWN_LOADED, ARTIFACTS, CHROMIUM, FLAGS, VISIBLE_TILES, serve

from service.pictures.jobs import file_name, image_id
from tests.need import need_site
from service.notation.options import RenderOptions
from service.notation.subject import read

pytestmark = pytest.mark.slow  # a real site build: about 30 s on 2 busy cores
SITE = Path(__file__).parent / "vitepress"
BASE = "/hands/"
BUILD_TIMEOUT = 600  # seconds
ALTS = ("Hand: ", "called meld: ", "River: ", "Problem: ", "何切る：")  # a lang=ja scene speaks Japanese
PAIRS = {"index": 6, "more": 3}  # pictures drawn light and dark per page (theme="dark": one)


def vitepress_build(out: Path, src: str = "pages") -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
           "TILES_FIXTURE_SRC": src, "NO_UPDATE_NOTIFIER": "1"}
    return subprocess.run([str(SITE / "node_modules" / ".bin" / "vitepress"), "build", ".", "--outDir", str(out)],
                          cwd=SITE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def installed() -> None:
    need_site(SITE, "vitepress", "markdown-it-tiles")


def build_site(tmp_path_factory) -> Path:
    """The site, built once per session (`vitepress_site` in conftest.py): served from the returned root."""
    installed()
    root = tmp_path_factory.mktemp("www")
    run = vitepress_build(root / BASE.strip("/"))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return root


@pytest.fixture(scope="module")
def www(vitepress_site):
    return vitepress_site


def tile_imgs(page: Path) -> list[dict]:
    tags = Tags()
    tags.feed(page.read_text())
    return [i for i in tags.imgs if "tiles" in i.get("class", "").split()]


def test_static_html_has_every_attribute_and_file(www):
    site = www / BASE.strip("/")
    notations = {}
    for name in PAIRS:
        page = site / f"{name}.html"
        imgs = tile_imgs(page)
        for img in imgs:
            assert int(img["width"]) > 0 and int(img["height"]) > 0, img
            assert img["alt"].startswith(ALTS), img
            assert img["loading"] == "lazy", img
            assert len(urls(img)) == (3 if img["src"].endswith(".svg") else 4), img
            for url in urls(img):
                assert url.startswith(BASE + "tiles/"), url  # Vite wrote the site's base
                assert (www / url.lstrip("/")).is_file(), url
            notations.setdefault(name, []).append(img.get("data-notation", "scene"))
        themed = [i for i in imgs if "tiles--dark" in i["class"]]
        assert len(themed) == PAIRS[name] == len([i for i in imgs if "tiles--light" in i["class"]])
        html = page.read_text()
        assert "<Tiles" not in html.replace("&lt;Tiles notation=&quot;this is code", "")
    assert sorted(set(notations["index"])) == sorted(["11222333s22m+-456m+4s", "14s", "5-5=55p", "123m456p789s11z",
                                                      "2z+x11xs+x11xp+2z", "19m19p19s1234567z+1m", "1m9p*2z3s-5p8s"])
    assert sorted(set(notations["more"])) == ["13579m2468p1357s+7z", "23m", "scene"]
    index = (site / "index.html").read_text()
    assert "<figcaption>Tsumo on 4s</figcaption>" in index and "<figcaption>Two calls</figcaption>" in index
    assert "this is code, not an image" in index  # the code block stays code
    # the files `tiles build`, Sphinx and MkDocs name for the same hand
    hand = "11222333s22m+-456m+4s"
    light = file_name(image_id(read(hand), RenderOptions()), 1)
    assert [i["src"] for i in tile_imgs(site / "index.html") if i.get("data-notation") == hand][0] == BASE + "tiles/" + light
    css = "".join(p.read_text() for p in (site / "assets").glob("*.css"))
    assert ".dark .tiles--light{display:none!important}" in css  # the pair's CSS, hoisted into the page's style


def test_site_in_chromium_loads_every_image_and_follows_the_dark_class(www):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    (www / "favicon.ico").write_bytes(b"")
    origin, server = serve(www)
    ARTIFACTS.mkdir(exist_ok=True)
    shown, errors, requested, before_switch = {}, [], [], 0
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                for scheme in ("light", "dark"):
                    page = browser.new_page(viewport={"width": 1280, "height": 1600}, device_scale_factor=2,
                                            color_scheme=scheme)
                    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
                    page.on("request", lambda r, s=scheme: s == "light" and requested.append(r.url))
                    for name in PAIRS:
                        page.goto(f"{origin}{BASE}{name}.html", wait_until="networkidle")
                        page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                        dark = page.evaluate("document.documentElement.classList.contains('dark')")
                        assert dark == (scheme == "dark"), (name, scheme)  # VitePress follows the system at first
                        shown[name, scheme] = page.evaluate(VISIBLE_TILES)
                        page.screenshot(path=str(ARTIFACTS / f"vitepress-{name}-{scheme}.png"), full_page=True)
                    if scheme == "light":  # VitePress's own switch puts .dark on <html>
                        before_switch = len(requested)
                        page.locator(".VPNavBar .VPSwitchAppearance").first.click()
                        page.wait_for_function("document.documentElement.classList.contains('dark')")
                        page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                        shown["more", "switched"] = page.evaluate(VISIBLE_TILES)
                        page.screenshot(path=str(ARTIFACTS / "vitepress-more-switched.png"), full_page=True)
                    page.close()
            finally:
                browser.close()
    finally:
        server.shutdown()

    assert not errors, errors
    for name, pairs in PAIRS.items():
        light, dark = shown[name, "light"], shown[name, "dark"]
        assert len(light) == len(dark) >= 3
        for img in light + dark:
            assert img["complete"] and img["nw"] > 0, img
            if img["src"].endswith(".png"):
                assert img["src"].endswith("@2x.png"), img  # the 2x file at DPR 2
                assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
        assert all("tiles--dark" not in i["cls"] for i in light) and all("tiles--light" not in i["cls"] for i in dark)
        assert sum(a["src"] != b["src"] for a, b in zip(light, dark)) == pairs
    assert [i["src"] for i in shown["more", "switched"]] == [i["src"] for i in shown["more", "dark"]]
    # the hidden image of a pair is not fetched (lazy and display:none)
    dark_only = {i["src"] for n in PAIRS for i in shown[n, "dark"]} - {i["src"] for n in PAIRS for i in shown[n, "light"]}
    assert dark_only and not dark_only & set(requested[:before_switch])


def test_a_typo_fails_the_build_naming_file_line_col(tmp_path):
    installed()
    run = vitepress_build(tmp_path / "out", src="bad-pages")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    # below its front matter, which VitePress takes off before markdown-it reads the page
    assert "bad-pages/bad.md:7:28: 'q' is not a suit letter (use m, p, s or z)\n" in output, output[-4000:]
    assert "  Wait on <Tiles notation=\"14q\" inline />.\n" + " " * 29 + "^" in output
    assert "bad-pages/bad.md:10:20: 'a' is not a suit letter (use m, p, s or z)\n" in output
    assert "bad-pages/bad.md:14:8: '6' has no suit letter after it (add m, p, s or z)\n" in output
