"""End to end: a real Zensical site with ``[project.markdown_extensions.tiles]``, built, then opened in Chromium.

Zensical runs Python-Markdown extensions but not MkDocs plugins, so each picture
is an inline SVG and each page carries one sprite. The fixture
(tests/browser/pysites/zensical) is copied to a temporary folder (Zensical
writes its site and cache beside its config) and built by this venv's Zensical.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_component import need  # skip locally, fail on CI
from test_docusaurus import ARTIFACTS, CHROMIUM, FLAGS, serve
from test_mkdocs import ALTS, BROKEN_USES, INLINE_TILES

SITE = Path(__file__).parent / "pysites" / "zensical"
BUILD_TIMEOUT = 600


def zensical_build(root: Path, config: str = "zensical.toml") -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "zensical"
    need(exe.exists(), "zensical is not installed (pip install -e '.[test]')")
    if not root.exists():
        shutil.copytree(SITE, root)
    return subprocess.run([str(exe), "build", "-f", config], cwd=root, capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT)


def build_site(tmp_path_factory) -> Path:
    """The built site, once per session (`zensical_site` in conftest.py)."""
    root = tmp_path_factory.mktemp("zensical") / "site-src"
    run = zensical_build(root)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return root / "site"


@pytest.fixture(scope="module")
def built(zensical_site):
    return zensical_site


def test_pages_carry_one_sprite_and_no_image_files(built):
    for page in (built / "index.html", built / "more" / "index.html"):
        text = page.read_text()
        assert text.count('aria-hidden="true" focusable="false"') == 1, page  # the sprite
        assert "<Tiles" not in text.replace("&lt;Tiles", "")
    assert "this is code, not an image" in (built / "index.html").read_text()
    assert '<h1 id="hands">Hands' in (built / "index.html").read_text()  # no sprite in the heading or its id
    assert not [f for f in built.rglob("*.png") if f.parent.name != "images"]  # every picture is inline (the theme's favicon aside)
    assert "<img" not in (built / "index.html").read_text().split('class="md-content"')[1]


def test_palette_toggle_switches_the_inline_pictures(built):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    origin, server = serve(built)
    ARTIFACTS.mkdir(exist_ok=True)
    errors, shots, tiles = [], {}, {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1200, "height": 1200})
                page.on("pageerror", lambda e: errors.append(str(e)))
                for path in ("/", "/more/"):
                    page.goto(origin + path, wait_until="networkidle")
                    assert page.evaluate(BROKEN_USES) == [], path
                    tiles[path] = page.evaluate(INLINE_TILES)
                page.goto(origin + "/", wait_until="networkidle")
                hand = page.locator('svg.tiles[data-notation="11222333s22m+-456m+4s"]')
                shots["light"] = hand.screenshot()
                page.screenshot(path=str(ARTIFACTS / "zensical-light.png"))
                page.locator('label[for="__palette_1"]').click()
                page.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
                shots["dark"] = hand.screenshot()
                page.screenshot(path=str(ARTIFACTS / "zensical-dark.png"))
            finally:
                browser.close()
    finally:
        server.shutdown()
    assert not errors, errors
    assert [t["n"] for t in tiles["/"]] == ["11222333s22m+-456m+4s", "14s", "5-5=55p", "2z+x11xs+x11xp+2z",
                                            "123m456p789s11z"]
    assert len(tiles["/more/"]) == 2
    for t in tiles["/"] + tiles["/more/"]:
        assert t["label"].startswith(ALTS) and t["w"] > 0 and t["h"] > 0, t
        assert abs(t["box"] - t["w"]) < 1, t
    assert shots["light"] != shots["dark"]


def test_a_typo_stops_the_build_at_file_line_col(tmp_path):
    run = zensical_build(tmp_path / "site-src", "zensical-bad.toml")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad-docs/bad.md:5:50: 'a' is not a suit letter (use m, p, s or z)" in output, output[-4000:]
    assert "  Text then <Tiles caption=\"typo\" notation=\"123m456a\" /> in a line.\n" + " " * 51 + "^" in output
