"""`make site`: these docs built by our own MkDocs plugin (mkdocs.yml), then every page opened in Chromium.

The build is `make site`'s command (`mkdocs build --strict`, into a scratch folder): every page's
`<Tiles>` tags, ```` ```tiles ```` fences and ```` ```tiles-scene ```` blocks drawn, the examples
inside code blocks left as code. In Chromium every page is opened in light (the first palette, a
light system) and in dark (Material's palette toggle, a dark system): every image shown must load
(naturalWidth > 0), and each light/dark pair must show the image of the page's palette. The
gallery (docs/gallery.md) must hold every feature; its screenshots go to tests/browser/artifacts/.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_astro import Tags, urls
from test_docusaurus import ARTIFACTS, CHROMIUM, FLAGS, serve
from tests.need import need, need_modules  # skip locally, fail on CI

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
BUILD = ["-m", "mkdocs", "build", "--strict"]  # the Makefile's `site` recipe, after $(BIN)/python
BUILD_TIMEOUT = 900  # seconds; a cold build (every picture drawn) took about 40 s on 2 busy cores
EAGER = "document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })"
SHOWN = """() => [...document.querySelectorAll('img')].filter(i => getComputedStyle(i).display !== 'none'
  && !i.closest('.md-header, .md-footer')).map(i => ({src: i.currentSrc || i.src, cls: i.className,
  n: i.dataset.notation || '', ok: i.complete && i.naturalWidth > 0}))"""
ALL_LOADED = "[...document.images].filter(i => getComputedStyle(i).display !== 'none').every(i => i.complete)"
DECODED = "Promise.all([...document.images].map(i => i.decode().catch(() => null)))"  # painted in a screenshot
# What the gallery must show: a tag or block for each feature, as the page writes it.
FEATURES = {
    "a hand": '<Tiles notation="11222333s22m+-456m+4s"',
    "an inline hand": "inline />",
    "calls": "+-456m+5-55p+77-7s",
    "a concealed kan": "x11xs",
    "an added kan": "5-5=55p",
    "red fives": "340m406p",
    "a river with riichi and tsumogiri": '<Tiles river notation="1m9p*2z3s*5p8s -*4m',
    "dora and ura": 'dora="5z" ura="1s"',
    "bonus tiles": "1234f5678f",
    "jokers": "222mj666pjj88s",
    "the any-tile": "999m?",
    "a tiles fence": "\n```tiles\n",
    "a problem card": "\n```tiles-scene\nproblem:",
    "a table": "\n```tiles-scene height=30\ntable:",
    "light": 'theme="light"',
    "dark": 'theme="dark"',
    "auto": 'format="svg" theme="auto"',
    "SVG": 'format="svg" caption="SVG"',
    "ja": 'lang="ja"',
    "zh": 'lang="zh"',
    "a scene in ja": "\n```tiles-scene lang=ja\n",
}


def mkdocs(out: Path, cache: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess:
    env = {**os.environ, "TILES_CACHE": str(cache), "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    return subprocess.run([sys.executable, *BUILD, "-f", str(config), "-d", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=BUILD_TIMEOUT)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    need_modules("mkdocs", "material")
    root = tmp_path_factory.mktemp("site")
    started = time.monotonic()
    run = mkdocs(root / "site", root / "cache")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    print(f"mkdocs build of docs/: {time.monotonic() - started:.1f} s, cold")
    return root / "site"


def pages(site: Path) -> list[Path]:
    """Every page of the site (`use_directory_urls: false`: docs/notation.md is notation.html)."""
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html")


def test_the_makefile_builds_the_site_as_this_test_does():
    recipe = re.search(r"^site:.*\n\t(.+)$", (ROOT / "Makefile").read_text(), re.M).group(1)
    assert recipe.split() == ["$(BIN)/python", *BUILD]


def test_the_gallery_shows_every_feature():
    text = (ROOT / "docs" / "gallery.md").read_text()
    assert [name for name, source in FEATURES.items() if source not in text] == []


def test_every_page_is_built_and_its_pictures_are_files_of_the_site(site):
    built = {p.relative_to(site).as_posix() for p in pages(site)}
    sources = {p.relative_to(ROOT / "docs").with_suffix(".html").as_posix() for p in (ROOT / "docs").rglob("*.md")
               if "node_modules" not in p.parts}
    want = {s.replace("README.html", "index.html") for s in sources}
    assert want <= built, want - built
    drawn = 0
    for page in pages(site):
        text = page.read_text()
        tags = Tags()
        tags.feed(text)
        for img in tags.imgs:
            if "tiles" not in img.get("class", "").split():
                continue
            drawn += 1
            for url in urls(img):
                assert (page.parent / url).resolve().is_file(), (page, url)
        assert 'class="tiles-error"' not in text, page
    gallery = (site / "gallery.html").read_text()
    assert gallery.count('class="tiles tiles-scene') >= 6  # card, table, the ja card: light and dark each
    assert drawn >= 40
    # the examples inside code blocks stay code
    notation = (site / "notation.html").read_text()
    assert "&lt;Tiles" in notation and "&lt;Tiles" in gallery


def test_a_typo_outside_code_stops_the_build(tmp_path):
    need_modules("mkdocs", "material")
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text('# Hi\n\n```md\n<Tiles notation="12q" />\n```\n\nThen <Tiles notation="12q" />.\n')
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"INHERIT: {ROOT / 'mkdocs.yml'}\ndocs_dir: {docs}\nnav: [index.md]\n")
    run = mkdocs(tmp_path / "site", tmp_path / "cache", config)
    assert run.returncode != 0
    assert f"{docs / 'index.md'}:7:25: 'q' is not a suit letter" in run.stderr, run.stderr[-3000:]
    assert run.stderr.count("is not a suit letter") == 1  # the one in the code block is code


def test_every_page_shows_every_picture_in_light_and_dark(site):
    pytest.importorskip("playwright")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    origin, server = serve(site)
    ARTIFACTS.mkdir(exist_ok=True)
    errors, seen = [], {}
    paths = ["/" + p.relative_to(site).as_posix() for p in pages(site)]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            try:
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport={"width": 1200, "height": 1000}, device_scale_factor=2,
                                                  color_scheme=scheme)
                    page = context.new_page()
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
                    for n, path in enumerate(paths):
                        page.goto(origin + path, wait_until="load")
                        if scheme == "dark" and n == 0:  # the toggle's choice is kept for every later page
                            page.locator('label[for="__palette_1"]').click()
                        want = "slate" if scheme == "dark" else "default"
                        page.wait_for_function(f"document.body.dataset.mdColorScheme === '{want}'")
                        page.evaluate(EAGER)
                        page.wait_for_function(ALL_LOADED, timeout=30000)
                        shown = page.evaluate(SHOWN)
                        seen[scheme, path] = shown
                        if path == "/gallery.html":
                            page.evaluate(DECODED)
                            page.screenshot(path=str(ARTIFACTS / f"site-gallery-{scheme}.png"), full_page=True)
                    context.close()
            finally:
                browser.close()
    finally:
        server.shutdown()
    assert not errors, errors
    for (scheme, path), shown in seen.items():
        assert [i["src"] for i in shown if not i["ok"]] == [], (scheme, path)
        other = "tiles--dark" if scheme == "light" else "tiles--light"
        assert [i["n"] for i in shown if other in i["cls"].split()] == [], (scheme, path)
    gallery = {s: [i for i in seen[s, "/gallery.html"] if "tiles" in i["cls"].split()] for s in ("light", "dark")}
    assert len(gallery["light"]) == len(gallery["dark"]) >= 25
    assert [i["src"] for i in gallery["light"]] != [i["src"] for i in gallery["dark"]]
    assert any(i["src"].endswith(".svg") for i in gallery["light"])
