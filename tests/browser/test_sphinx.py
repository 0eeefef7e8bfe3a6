"""End to end: a real Sphinx site with Furo and MyST using ``extensions = ["service.sphinx"]``, then Chromium.

The fixture (tests/browser/pysites/sphinx) has reStructuredText and MyST pages;
this venv's Sphinx builds it in a subprocess with two parallel readers. Images
must be files in ``_images`` with alt text and size, Furo's theme switch must
switch them, a rebuild must draw nothing, and a typo must fail the build at its
file:line:col. tags.md is written as for MDX sites and MkDocs (`<Tiles>` tags,
```` ```tiles ```` and ```` ```tiles-scene ```` fences, no directive): its pictures
must be the directive's.
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


def build_site(tmp_path_factory) -> Path:
    """The built site, once per session (`sphinx_site` in conftest.py)."""
    installed()
    out = tmp_path_factory.mktemp("sphinx") / "html"
    run = sphinx_build("src", out)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "WARNING" not in run.stderr, run.stderr[-4000:]  # no "Pygments lexer name 'tiles' is not known"
    return out


def build_bad(tmp_path_factory) -> subprocess.CompletedProcess:
    """The build of bad/ (typos in MyST and rST pages, the conformance page's typo variants), which must fail."""
    installed()
    return sphinx_build("bad", tmp_path_factory.mktemp("sphinx-bad") / "html")


@pytest.fixture(scope="module")
def built(sphinx_site):
    return sphinx_site


def tile_imgs(page: Path) -> dict[str, list[dict]]:
    """The tiles <img>s of a page by notation (a scene's by its alt text)."""
    tags = Tags()
    tags.feed(page.read_text())
    out: dict[str, list[dict]] = {}
    for img in tags.imgs:
        if "tiles" in img.get("class", "").split():
            out.setdefault(img.get("data-notation") or img["alt"], []).append(img)
    return out


def test_myst_tags_and_fences_are_drawn_as_the_directive_draws_them(built):
    """Issue 37 item 2: in a MyST page, <Tiles> tags (block, inline, in a blockquote) and ```tiles /
    ```tiles-scene fences are pictures, the same <img>s as the directive's and the role's."""
    tags, index, more = (tile_imgs(built / f"{p}.html") for p in ("tags", "index", "more"))
    html = (built / "tags.html").read_text()
    assert "<Tiles" not in html.replace("&lt;Tiles notation=&quot;this is code", "")
    assert index["11222333s22m+-456m+4s"] == tags["11222333s22m+-456m+4s"]  # .. tiles:: with its caption
    assert index["14s"] == tags["14s"]  # :tiles:`14s`
    assert more["1m9p*2z3s-5p8s"] == tags["1m9p*2z3s-5p8s"]  # ```{tiles} with :river: and :caption:
    assert more["19m19p19s1234567z+1m"] == tags["19m19p19s1234567z+1m"]
    assert [i["class"] for i in tags["5-5=55p"]] == ["tiles tiles--inline tiles--light", "tiles tiles--inline tiles--dark"]
    assert tags["5-5=55p"][0]["title"] == "An added kan"
    assert [i["class"] for i in tags["123m456p789s11z"]] == ["tiles"]  # theme="dark": one picture
    for caption in ("Tsumo on 4s", "Two calls", "Riichi on 5p"):
        assert f"<figcaption>{caption}</figcaption>" in html
    [scene] = [k for k in tags if k.startswith("何切る：東1局")]  # lang=ja: its alt text in Japanese
    assert [i["class"] for i in tags[scene]] == ["tiles tiles-scene tiles--light", "tiles tiles-scene tiles--dark"]
    assert sorted(tags) == sorted(["11222333s22m+-456m+4s", "14s", "5-5=55p", "123m456p789s11z", "2z+x11xs+x11xp+2z",
                                   "19m19p19s1234567z+1m", "1m9p*2z3s-5p8s", scene])
    for img in (i for imgs in tags.values() for i in imgs):
        for url in urls(img):
            assert (built / url).is_file(), url
    assert "this is code, not an image" in html and "123m, a fence shown as code" in html  # code stays code


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
                for path in ("/index.html", "/more.html", "/tags.html"):
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
    for path, pairs in (("/index.html", 2), ("/more.html", 3), ("/tags.html", 7)):
        light, dark = shown[path, "auto"], shown[path, "dark"]
        assert len(light) == len(dark) >= 3
        for img in light + dark:
            assert img["complete"] and img["src"].endswith("@2x.png"), img
            assert (img["nw"], img["nh"]) == (img["attrW"], img["attrH"]), img
        assert all("tiles--dark" not in i["cls"] for i in light) and all("tiles--light" not in i["cls"] for i in dark)
        assert sum(a["src"] != b["src"] for a, b in zip(light, dark)) == pairs


def test_a_typo_fails_the_build_at_file_line_col(sphinx_bad):
    run = sphinx_bad
    output = run.stdout + run.stderr
    assert run.returncode != 0
    assert "bad/bad.md:5:19: 'a' is not a suit letter (use m, p, s or z)\n" in output, output[-4000:]
    assert "  ```{tiles} 123m456a\n" + " " * 20 + "^" in output
    # issue 37 item 2: MyST's <Tiles> tags (inline, and a block over two lines) and ```tiles fences
    assert "bad/tags.md:3:28: 'q' is not a suit letter (use m, p, s or z)\n" in output, output[-4000:]
    assert "  Wait on <Tiles notation=\"14q\" inline />.\n" + " " * 29 + "^" in output
    assert "bad/tags.md:6:20: 'a' is not a suit letter (use m, p, s or z)\n" in output
    assert "bad/tags.md:10:8: '6' has no suit letter after it (add m, p, s or z)\n" in output
    assert "Traceback" not in output


def test_a_typo_fails_a_build_with_warnings_as_errors(tmp_path):
    """sphinx-build -W: the same messages, and the build fails."""
    installed()
    run = sphinx_build("bad", tmp_path / "html", "-W")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    for where in ("bad/bad.md:5:19: ", "bad/tags.md:3:28: ", "bad/tags.md:6:20: ", "bad/tags.md:10:8: "):
        assert where in output, output[-4000:]
    assert "Traceback" not in output


def test_tiles_on_error_warn_builds_and_shows_the_error(tmp_path):
    installed()
    run = sphinx_build("bad", tmp_path / "html", "-D", "tiles_on_error=warn")
    assert run.returncode == 0, run.stderr[-4000:]
    assert "WARNING: bad/bad.md:5:19: 'a' is not a suit letter" in run.stderr, run.stderr[-4000:]
    assert 'tiles-error' in (tmp_path / "html" / "bad.html").read_text()
