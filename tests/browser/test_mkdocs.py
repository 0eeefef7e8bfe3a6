"""End to end: a real Material for MkDocs site using `plugins: [search, blog, tiles]`, built, then opened in Chromium.

The fixture (tests/browser/pysites/mkdocs) is built by this venv's MkDocs in a
subprocess, as a docs team runs it: PNG files (the default), then the same
pages with ``format: inline`` (one SVG sprite per page; Material's blog shows a
post's excerpt, converted apart from the post). In Chromium, Material's
palette toggle must switch the pictures. A page with a typo stops the build at
its file:line:col.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_astro import Tags, urls
from tests.need import need, need_modules  # skip locally, fail on CI
from test_docusaurus import ALL_SHOWN_LOADED, ARTIFACTS, CHROMIUM, FLAGS, VISIBLE_TILES, serve

SITE = Path(__file__).parent / "pysites" / "mkdocs"
BUILD_TIMEOUT = 600  # seconds; a cold build takes about 5 s here
ALTS = ("Hand: ", "called meld: ", "River: ")
# Every <use> of the page's inline pictures points at an element of the page.
BROKEN_USES = """() => [...document.querySelectorAll('svg.tiles use')]
  .map(u => u.getAttribute('href')).filter(h => !document.getElementById(h.slice(1)))"""
INLINE_TILES = """() => [...document.querySelectorAll('svg.tiles')].map(s => ({
  n: s.dataset.notation, label: s.getAttribute('aria-label'), w: +s.getAttribute('width'),
  h: +s.getAttribute('height'), box: s.getBoundingClientRect().width}))"""


def mkdocs_build(out: Path, cache: Path, docs: str = "docs", fmt: str = "png", on_error: str = "fail",
                 strict: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "TILES_DOCS": docs, "TILES_FORMAT": fmt, "TILES_CACHE": str(cache), "TILES_ON_ERROR": on_error,
           "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), "-f",
                           "mkdocs.yml", "-d", str(out)],
                          cwd=SITE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def installed() -> None:
    need_modules("mkdocs", "material")


def build_site(tmp_path_factory) -> Path:
    """The site (``site/``) and its cache (``cache/``), built once per session (`mkdocs_site` in conftest.py)."""
    installed()
    root = tmp_path_factory.mktemp("mkdocs")
    run = mkdocs_build(root / "site", root / "cache")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return root


@pytest.fixture(scope="module")
def built(mkdocs_site):
    return mkdocs_site


def test_every_image_is_a_file_of_the_site_with_alt_and_size(built):
    site = built / "site"
    seen = {"light": 0, "dark": 0, "alone": 0}
    for page in (site / "index.html", site / "more" / "index.html"):
        tags = Tags()
        text = page.read_text()
        tags.feed(text)
        imgs = [i for i in tags.imgs if "tiles" in i.get("class", "").split()]
        assert imgs, page
        for img in imgs:
            assert int(img["width"]) > 0 and int(img["height"]) > 0, img
            assert img["alt"].startswith(ALTS), img
            assert img["loading"] == "lazy"
            assert len(urls(img)) == 4, img  # 1x, 2x, 3x and src
            for url in urls(img):
                assert (page.parent / url).resolve().is_file(), url
                assert (page.parent / url).resolve().parent == site / "tiles", url
            theme = [c for c in img["class"].split() if c.startswith("tiles--") and c != "tiles--inline"
                     and c != "tiles--river"]
            seen[theme[0].removeprefix("tiles--") if theme else "alone"] += 1
        assert "<Tiles" not in text.replace("&lt;Tiles", "")
    assert seen == {"light": 6, "dark": 6, "alone": 1}, seen  # theme="dark": one image
    assert "this is code, not an image" in (site / "index.html").read_text()  # the code block stays code
    assert '<h1 id="hands">Hands' in (site / "index.html").read_text()  # no CSS in the heading, its id or the toc
    assert (site / "index.html").read_text().count(".tiles--light{display:none") == 1  # in our <style> only


def test_a_rebuild_draws_nothing_and_leaves_no_unused_file(built, tmp_path):
    cache = built / "cache"
    before = {f.name: f.stat().st_mtime_ns for f in cache.iterdir()}
    stale = cache / ("0" * 16 + "@2x.png")  # a file of an image no page uses any more
    stale.write_bytes(b"old")
    keep = cache / "notes.txt"  # not one of ours: never touched
    keep.write_text("mine")
    run = mkdocs_build(tmp_path / "site", cache)
    assert run.returncode == 0, run.stderr[-4000:]
    after = {f.name: f.stat().st_mtime_ns for f in cache.iterdir()}
    assert not stale.exists() and keep.exists()
    after.pop("notes.txt")
    assert after == before  # the same files, none drawn again
    assert sorted(f.name for f in (tmp_path / "site" / "tiles").iterdir()) == sorted(before)


def test_material_palette_toggle_switches_the_pictures(built):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    origin, server = serve(built / "site")
    ARTIFACTS.mkdir(exist_ok=True)
    errors = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1100, "height": 1400}, device_scale_factor=2)
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("response", lambda r: r.status >= 400 and not r.url.endswith("favicon.ico")
                        and errors.append(f"{r.status} {r.url}"))
                page.goto(origin + "/", wait_until="networkidle")
                page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                light = page.evaluate(VISIBLE_TILES)
                page.screenshot(path=str(ARTIFACTS / "mkdocs-light.png"), full_page=True)
                page.locator('label[for="__palette_1"]').click()
                page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
                page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                dark = page.evaluate(VISIBLE_TILES)
                page.screenshot(path=str(ARTIFACTS / "mkdocs-dark.png"), full_page=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
    assert not errors, errors
    assert len(light) == len(dark) == 5
    for img in light + dark:
        assert img["complete"] and img["src"].endswith("@2x.png"), img
        assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
    assert all("tiles--dark" not in i["cls"] for i in light) and all("tiles--light" not in i["cls"] for i in dark)
    by_light, by_dark = {i["n"]: i["src"] for i in light}, {i["n"]: i["src"] for i in dark}
    assert by_light["123m456p789s11z"] == by_dark["123m456p789s11z"]  # theme="dark" in both
    assert sum(by_light[n] != by_dark[n] for n in by_light) == 4


def test_inline_svg_pages_show_every_tile_in_both_palettes(tmp_path):
    installed()
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    run = mkdocs_build(tmp_path / "site", tmp_path / "cache", fmt="inline")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert not (tmp_path / "site" / "tiles").exists()
    origin, server = serve(tmp_path / "site")
    shots, errors = {}, []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1100, "height": 1400})
                page.on("pageerror", lambda e: errors.append(str(e)))
                # the blog's index shows the post's excerpt: a render of its own, with its own sprite
                for path, count in (("/", 5), ("/more/", 2), ("/blog/", 1), ("/blog/2026/11/30/reading-waits/", 2)):
                    page.goto(origin + path, wait_until="networkidle")
                    assert page.evaluate(BROKEN_USES) == [], path
                    shown = page.evaluate(INLINE_TILES)
                    assert len(shown) == count, (path, shown)
                    for t in shown:
                        assert t["label"].startswith(ALTS) and t["w"] > 0 and t["h"] > 0, t
                        assert abs(t["box"] - t["w"]) < 1, t  # drawn at its own size
                    if path.startswith("/blog/"):
                        page.screenshot(path=str(ARTIFACTS / f"mkdocs-inline-{path.strip('/').replace('/', '-')}.png"))
                page.goto(origin + "/", wait_until="networkidle")
                hand = page.locator('svg.tiles[data-notation="11222333s22m+-456m+4s"]')
                shots["light"] = hand.screenshot()
                page.screenshot(path=str(ARTIFACTS / "mkdocs-inline-light.png"), full_page=True)
                page.locator('label[for="__palette_1"]').click()
                page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
                shots["dark"] = hand.screenshot()
                page.screenshot(path=str(ARTIFACTS / "mkdocs-inline-dark.png"), full_page=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
    assert not errors, errors
    assert shots["light"] != shots["dark"]


def test_a_typo_stops_the_build_at_file_line_col(tmp_path):
    installed()
    run = mkdocs_build(tmp_path / "site", tmp_path / "cache", docs="bad-docs")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad-docs/bad.md:5:50: 'a' is not a suit letter (use m, p, s or z)" in output, output[-4000:]
    assert "  Text then <Tiles caption=\"typo\" notation=\"123m456a\" /> in a line.\n" + " " * 51 + "^" in output
    assert "Traceback" not in output


def test_on_error_warn_builds_and_shows_the_error_in_the_page(tmp_path):
    installed()
    run = mkdocs_build(tmp_path / "site", tmp_path / "cache", docs="bad-docs", on_error="warn", strict=False)
    assert run.returncode == 0, run.stderr[-4000:]
    assert "WARNING -  bad-docs/bad.md:5:50: 'a' is not a suit letter" in run.stderr, run.stderr[-4000:]
    page = (tmp_path / "site" / "bad" / "index.html").read_text()
    assert 'class="tiles-error"' in page and "bad-docs/bad.md:5:50:" in page
    strict = mkdocs_build(tmp_path / "strict", tmp_path / "cache", docs="bad-docs", on_error="warn")
    assert strict.returncode != 0  # --strict counts it, as any MkDocs warning
