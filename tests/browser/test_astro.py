"""End to end: a real Astro 5 site whose MDX pages use remark-tiles, built, then opened in Chromium.

The fixture (tests/browser/astro) has a committed package-lock.json; `.ci/run`
installs it with `npm ci`, remark-tiles
as its packed tarball (tests/npm_packs.py). The site lives under `base: "/hands"`, so the plugin is
given `publicPath`, and it asks for `colorMode: "media"`: each tag without a theme
becomes a <picture> whose dark <source> follows prefers-color-scheme. `tiles` comes
from this venv via PATH. Locally the test is skipped until `npm ci` has been run
there; on CI it must run.
"""

from __future__ import annotations

import html.parser
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_component import need  # skip locally, fail on CI
from tests.need import need_site
from test_docusaurus import ALL_SHOWN_LOADED, ARTIFACTS, CHROMIUM, FLAGS, VISIBLE_TILES, serve

SITE = Path(__file__).parent / "astro"
BASE = "/hands/"
BUILD_TIMEOUT = 600  # seconds; a cold build takes about 5 s here


def astro_build(out: Path, src: str = "./src") -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
           "TILES_FIXTURE_SRC": src, "ASTRO_TELEMETRY_DISABLED": "1", "NO_UPDATE_NOTIFIER": "1"}
    return subprocess.run([str(SITE / "node_modules" / ".bin" / "astro"), "build", "--outDir", str(out)],
                          cwd=SITE, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


def installed() -> None:
    need_site(SITE, "astro", "remark-tiles")


class Tags(html.parser.HTMLParser):
    """Every <img> and <source> of a page."""

    def __init__(self):
        super().__init__()
        self.imgs, self.sources = [], []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.imgs.append(dict(attrs))
        elif tag == "source":
            self.sources.append(dict(attrs))


def urls(tag: dict) -> list[str]:
    """The files a tag names (a.svg#2x is a view of the file a.svg)."""
    return [c.split()[0].split("#")[0] for c in tag.get("srcset", "").split(",") if c.strip()] + \
        ([tag["src"]] if "src" in tag else [])


def checked_kind(img: dict) -> str:
    """"png" or "svg", after checking what every remark-tiles <img> carries."""
    assert int(img["width"]) > 0 and int(img["height"]) > 0, img
    assert img["alt"].startswith(("Hand: ", "called meld: ")), img
    assert img["loading"] == "lazy"
    kind = "svg" if img["src"].endswith(".svg") else "png"
    assert len(urls(img)) == (3 if kind == "svg" else 4), img
    if kind == "svg":  # one file: its 1x drawing, and its #2x one for 2x screens
        assert img["srcset"] == f"{img['src']} 1x, {img['src']}#2x 2x", img
    return kind


def build_site(tmp_path_factory) -> Path:
    """The site, built once per session (`astro_site` in conftest.py): served from the returned root."""
    installed()
    root = tmp_path_factory.mktemp("www")
    run = astro_build(root / BASE.strip("/"))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    return root


@pytest.fixture(scope="module")
def www(astro_site):
    return astro_site


def test_static_html_has_every_attribute_and_file(www):
    site = www / BASE.strip("/")
    seen = {"png": 0, "svg": 0, "dark sources": 0}
    for page in (site / "index.html", site / "more" / "index.html"):
        tags = Tags()
        tags.feed(page.read_text())
        imgs = [i for i in tags.imgs if "tiles" in i.get("class", "").split()]
        assert imgs, page
        for img in imgs:
            seen[checked_kind(img)] += 1
        for source in tags.sources:
            assert source["media"] == "(prefers-color-scheme: dark)", source
            seen["dark sources"] += 1
        for tag in imgs + tags.sources:
            for url in urls(tag):
                assert url.startswith(BASE + "tiles/"), url  # the site's base, as publicPath says
                assert (www / url.lstrip("/")).is_file(), url
        assert "<Tiles" not in page.read_text()
    assert seen == {"png": 4, "svg": 1, "dark sources": 4}, seen  # the theme="dark" tag has no <source>
    assert "this is code, not an image" in (site / "index.html").read_text()  # the code block stays code


def test_site_in_chromium_loads_2x_and_follows_the_colour_scheme(www):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    (www / "favicon.ico").write_bytes(b"")  # Chromium asks every origin for one
    origin, server = serve(www)
    ARTIFACTS.mkdir(exist_ok=True)
    shown, requested, errors = {}, {}, []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                for scheme in ("light", "dark"):
                    page = browser.new_page(viewport={"width": 900, "height": 1400}, device_scale_factor=2,
                                            color_scheme=scheme)
                    requested[scheme] = []
                    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.on("request", lambda r, s=scheme: requested[s].append(r.url))
                    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
                    page.goto(origin + BASE, wait_until="networkidle")
                    page.wait_for_function(ALL_SHOWN_LOADED, timeout=20000)
                    shown[scheme] = {i["n"]: i for i in page.evaluate(VISIBLE_TILES)}
                    page.screenshot(path=str(ARTIFACTS / f"astro-{scheme}.png"), full_page=True)
                    page.close()
            finally:
                browser.close()
    finally:
        server.shutdown()

    assert not errors, errors
    light, dark = shown["light"], shown["dark"]
    assert set(light) == set(dark) == {"11222333s22m+-456m+4s", "5-5=55p", "123m456p789s11z", "2z+x11xs+x11xp+2z"}
    for img in [*light.values(), *dark.values()]:
        assert img["complete"] and img["nw"] > 0, img
        if img["src"].endswith(".png"):
            assert img["src"].endswith("@2x.png"), img  # the 2x file at DPR 2
            assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
    for n in ("11222333s22m+-456m+4s", "5-5=55p", "2z+x11xs+x11xp+2z"):
        assert light[n]["src"] != dark[n]["src"], n  # the dark <source> when the reader is dark
    fixed = "123m456p789s11z"
    assert light[fixed]["src"] == dark[fixed]["src"]  # theme="dark": one image in both
    # the browser fetched only the images of the scheme it shows
    for scheme, other in (("light", dark), ("dark", light)):
        fetched = {u.removeprefix(origin) for u in requested[scheme]}
        assert not {i["src"].removeprefix(origin) for n, i in other.items() if n != fixed} & fetched, scheme


def test_a_bad_notation_fails_the_build_naming_file_line_col(tmp_path):
    installed()
    run = astro_build(tmp_path / "out", src="./bad-src")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad-src/pages/bad.mdx:5:40: 'a' is not a suit letter (use m, p, s or z)" in output, output[-4000:]
    assert '  <Tiles caption="typo" notation="123m456a" />\n' + " " * 41 + "^" in output
