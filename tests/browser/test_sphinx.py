"""End to end: a real Sphinx site with Furo and MyST using ``extensions = ["service.sphinx"]``, then Chromium.

The fixture (tests/browser/pysites/sphinx) has reStructuredText and MyST pages;
this venv's Sphinx builds it in a subprocess with two parallel readers. Images
must be files in ``_images`` with alt text and size, Furo's theme switch must
switch them, a rebuild must draw nothing, and a typo must fail the build at its
file:line:col.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from test_astro import Tags, urls
from tests.need import need, need_modules  # skip locally, fail on CI
from test_docusaurus import ALL_SHOWN_LOADED, ARTIFACTS, CHROMIUM, FLAGS, VISIBLE_TILES, serve

SITE = Path(__file__).parent / "pysites" / "sphinx"
BUILD_TIMEOUT = 600
ALTS = ("Hand: ", "called meld: ", "River: ")


def sphinx_build(src: str, out: Path, *more: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-j", "2", *more, src, str(out)],
                          cwd=SITE, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def installed() -> None:
    need_modules("sphinx", "furo", "myst_parser")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    installed()
    out = tmp_path_factory.mktemp("sphinx") / "html"
    run = sphinx_build("src", out)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return out


def test_every_image_is_a_file_in_images_with_alt_and_size(built):
    seen = {"light": 0, "dark": 0, "alone": 0}
    for page in (built / "index.html", built / "more.html"):
        tags = Tags()
        tags.feed(page.read_text())
        imgs = [i for i in tags.imgs if "tiles" in i.get("class", "").split()]
        assert imgs, page
        for img in imgs:
            assert int(img["width"]) > 0 and int(img["height"]) > 0, img
            assert img["alt"].startswith(ALTS), img
            assert img["loading"] == "lazy" and len(urls(img)) == 4, img
            for url in urls(img):
                assert url.startswith("_images/") and (built / url).is_file(), url
            theme = [c for c in img["class"].split() if c in ("tiles--light", "tiles--dark")]
            seen[theme[0].removeprefix("tiles--") if theme else "alone"] += 1
    assert seen == {"light": 5, "dark": 5, "alone": 1}, seen
    assert "tiles--light{display:none" in (built / "_static" / "tiles.css").read_text()
    assert "this is code, not an image" in (built / "index.html").read_text()  # a code block stays code


def test_a_rebuild_draws_nothing(built):
    before = {f.name: f.stat().st_mtime_ns for f in (built / "_images").iterdir()}
    (SITE / "src" / "more.md").touch()  # read and written again
    run = sphinx_build("src", built)
    assert run.returncode == 0, run.stderr[-4000:]
    assert {f.name: f.stat().st_mtime_ns for f in (built / "_images").iterdir()} == before


def test_furo_theme_switch_switches_the_pictures(built):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    origin, server = serve(built)
    ARTIFACTS.mkdir(exist_ok=True)
    errors, shown = [], {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                page = browser.new_page(viewport={"width": 1200, "height": 1000}, device_scale_factor=2,
                                        color_scheme="light")
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("response", lambda r: r.status >= 400 and not r.url.endswith("favicon.ico")
                        and errors.append(f"{r.status} {r.url}"))
                for path in ("/index.html", "/more.html"):
                    page.goto(origin + path, wait_until="networkidle")
                    page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                    shown[path, "auto"] = page.evaluate(VISIBLE_TILES)
                    page.screenshot(path=str(ARTIFACTS / f"sphinx-{path[1:].replace('.html', '')}-light.png"))
                    for _ in range(3):  # Furo's switch cycles auto, dark, light
                        if page.evaluate("document.body.dataset.theme") == "dark":
                            break
                        page.locator(".theme-toggle:visible").first.click()
                    assert page.evaluate("document.body.dataset.theme") == "dark"
                    page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                    shown[path, "dark"] = page.evaluate(VISIBLE_TILES)
                    page.screenshot(path=str(ARTIFACTS / f"sphinx-{path[1:].replace('.html', '')}-dark.png"))
                    page.evaluate("localStorage.clear()")
            finally:
                browser.close()
    finally:
        server.shutdown()
    assert not errors, errors
    for path in ("/index.html", "/more.html"):
        light, dark = shown[path, "auto"], shown[path, "dark"]
        assert len(light) == len(dark) >= 3
        for img in light + dark:
            assert img["complete"] and img["src"].endswith("@2x.png"), img
            assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
        assert all("tiles--dark" not in i["cls"] for i in light) and all("tiles--light" not in i["cls"] for i in dark)
        assert sum(a["src"] != b["src"] for a, b in zip(light, dark)) == (2 if path == "/index.html" else 3)


def test_a_typo_fails_the_build_at_file_line_col(tmp_path):
    installed()
    run = sphinx_build("bad", tmp_path / "html")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad/bad.md:5:19: 'a' is not a suit letter (use m, p, s or z)\n" in output, output[-4000:]
    assert "  ```{tiles} 123m456a\n" + " " * 20 + "^" in output
    assert "Traceback" not in output


def test_tiles_on_error_warn_builds_and_shows_the_error(tmp_path):
    installed()
    run = sphinx_build("bad", tmp_path / "html", "-D", "tiles_on_error=warn")
    assert run.returncode == 0, run.stderr[-4000:]
    assert "WARNING: bad/bad.md:5:19: 'a' is not a suit letter" in run.stderr, run.stderr[-4000:]
    assert 'tiles-error' in (tmp_path / "html" / "bad.html").read_text()
