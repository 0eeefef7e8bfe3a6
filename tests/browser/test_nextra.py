"""End to end: a real Nextra 4 site whose MDX pages use remark-tiles, built, then opened in Chromium.

The fixture (tests/browser/nextra) has a committed package-lock.json; `.ci/run`
installs it with `npm ci`, remark-tiles
as its packed tarball (tests/npm_packs.py). It is nextra-theme-docs on Next.js 16, pages in content/,
built with `next build --webpack` (Turbopack refuses a remark plugin given as a
function). It is a static export (`output: "export"`, `next build`
writes out/) under `basePath: "/hands"`, so the plugin is given `publicPath`, and it
asks for `colorMode: "class"`: each tag without a theme gets a light and a dark image,
switched by the `dark` class that Nextra's theme (next-themes) puts on <html>. `tiles`
comes from this venv via PATH. Locally the test is skipped until `npm ci` has been
run there; on CI it must run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_astro import Tags, checked_kind, urls
from test_component import need  # skip locally, fail on CI
from tests.need import need_site
from test_docusaurus import ALL_SHOWN_LOADED, ARTIFACTS, CHROMIUM, FLAGS, VISIBLE_TILES, serve

SITE = Path(__file__).parent / "nextra"
BASE = "/hands/"
BUILD_TIMEOUT = 600  # seconds; a cold build takes 1-1.5 minutes on 2 cores
NOTATIONS = {"11222333s22m+-456m+4s", "5-5=55p", "123m456p789s11z", "2z+x11xs+x11xp+2z"}
FIXED = "123m456p789s11z"  # theme="dark": one image whatever the mode


def next_build(bad: bool = False) -> subprocess.CompletedProcess:
    """`next build --webpack` in the fixture; with `bad`, TILES_FIXTURE_BAD adds the page with a bad notation."""
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
           "NEXT_TELEMETRY_DISABLED": "1", "NO_UPDATE_NOTIFIER": "1"}
    env.pop("TILES_FIXTURE_BAD", None)
    if bad:
        env["TILES_FIXTURE_BAD"] = "1"
    return subprocess.run([str(SITE / "node_modules" / ".bin" / "next"), "build", "--webpack"],
                          cwd=SITE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def installed() -> None:
    need_site(SITE, "next", "remark-tiles")


def build_site(tmp_path_factory) -> Path:
    """The site, built once per session (`nextra_site` in conftest.py): served from the returned root."""
    installed()
    for generated in ("out", "public/tiles"):  # so every file checked below was written by this build
        shutil.rmtree(SITE / generated, ignore_errors=True)
    run = next_build()
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    root = tmp_path_factory.mktemp("www")
    shutil.copytree(SITE / "out", root / BASE.strip("/"))  # served under the basePath, as a host would
    return root


def build_bad(tmp_path_factory) -> subprocess.CompletedProcess:
    """The build with app/bad (bad.mdx, and the conformance page's typo variant), which must fail."""
    installed()
    return next_build(bad=True)


@pytest.fixture(scope="module")
def www(nextra_site):
    return nextra_site


def test_static_html_has_every_attribute_and_file(www):
    site = www / BASE.strip("/")
    seen = {"png": 0, "svg": 0, "light": 0, "dark": 0}
    for page in (site / "index.html", site / "more" / "index.html"):
        text = page.read_text()
        tags = Tags()
        tags.feed(text)
        imgs = [i for i in tags.imgs if "tiles" in i.get("class", "").split()]
        assert imgs, page
        assert not tags.sources, tags.sources  # class mode: a pair of <img>, no <picture>
        for img in imgs:
            seen[checked_kind(img)] += 1
            for theme in ("light", "dark"):
                seen[theme] += f"tiles--{theme}" in img["class"].split()
            for url in urls(img):
                assert url.startswith(BASE + "tiles/"), url  # the basePath, as publicPath says
                assert (www / url.lstrip("/")).is_file(), url
        # the CSS that hides the other mode's image follows Nextra's html.dark
        assert ".dark .tiles--light{display:none!important}" in text
        assert ":root:not(.dark) .tiles--dark{display:none!important}" in text
        assert "<Tiles" not in text
    # 4 tags with a light and a dark image each, and the theme="dark" tag with one
    assert seen == {"png": 7, "svg": 2, "light": 4, "dark": 4}, seen
    index = (site / "index.html").read_text()
    assert "this is code, not an image" in index  # the code block stays code
    assert not (site / "bad").exists()  # the bad page is only built when asked for


def shown_in(browser, origin: str, scheme: str, stored: str | None, shot: str, errors: list) -> tuple[dict, set, str]:
    """The page as a reader sees it with this system scheme and this choice in Nextra's theme switch."""
    page = browser.new_page(viewport={"width": 1000, "height": 1400}, device_scale_factor=2, color_scheme=scheme)
    requested = []
    if stored:  # what the theme switch stores (next-themes' "theme" key), set before any page script runs
        page.add_init_script(f"localStorage.setItem('theme', {stored!r})")
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requested.append(r.url.removeprefix(origin)))
    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
    page.goto(origin + BASE, wait_until="networkidle")
    page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
    html_class = page.evaluate("document.documentElement.className")
    shown = {i["n"]: i for i in page.evaluate(VISIBLE_TILES)}
    page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
    page.close()
    return shown, set(requested), html_class


def test_site_in_chromium_loads_2x_and_follows_nextras_theme(www):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    (www / "favicon.ico").write_bytes(b"")  # Chromium asks every origin for one
    origin, server = serve(www)
    ARTIFACTS.mkdir(exist_ok=True)
    errors, seen = [], {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                # the theme's default is "system": the reader's OS setting decides
                seen["light"] = shown_in(browser, origin, "light", None, "nextra-light.png", errors)
                seen["dark"] = shown_in(browser, origin, "dark", None, "nextra-dark.png", errors)
                # "Dark" chosen in the theme switch on a light system: the class decides, not the media query
                seen["chosen"] = shown_in(browser, origin, "light", "dark", "nextra-chosen-dark.png", errors)
            finally:
                browser.close()
    finally:
        server.shutdown()

    assert not errors, errors
    (light, light_requests, light_class), (dark, dark_requests, dark_class), (chosen, _, chosen_class) = \
        seen["light"], seen["dark"], seen["chosen"]
    assert "dark" not in light_class.split() and "dark" in dark_class.split() and "dark" in chosen_class.split()
    assert set(light) == set(dark) == set(chosen) == NOTATIONS
    for img in [*light.values(), *dark.values(), *chosen.values()]:
        assert img["complete"] and img["nw"] > 0, img
        if img["src"].endswith(".png"):
            assert img["src"].endswith("@2x.png"), img  # the 2x file at DPR 2
            assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
    for n in NOTATIONS - {FIXED}:
        assert "tiles--light" in light[n]["cls"] and "tiles--dark" in dark[n]["cls"], n
        assert light[n]["src"] != dark[n]["src"] == chosen[n]["src"], n
    assert light[FIXED]["src"] == dark[FIXED]["src"] == chosen[FIXED]["src"]
    # the browser fetched only the images of the mode it shows (a hidden lazy image is not loaded)
    for requests, other in ((light_requests, dark), (dark_requests, light)):
        assert not {i["src"].removeprefix(origin) for n, i in other.items() if n != FIXED} & requests


def test_a_bad_notation_fails_the_build_naming_file_line_col(nextra_bad):
    run = nextra_bad
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "app/bad/bad.mdx:5:40: 'a' is not a suit letter (use m, p, s or z)" in output, output[-4000:]
    assert '  <Tiles caption="typo" notation="123m456a" />\n' + " " * 41 + "^" in output
