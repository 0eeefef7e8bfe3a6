"""The <Tiles> component in real headless Chromium against the live service.

Setup: React, react-dom and esbuild come from npm into tests/browser/node_modules
(`npm ci`, gitignored); Chromium is Debian's /usr/bin/chromium, driven by the
Python `playwright` package with that executable (no browser download).
Missing pieces skip the test locally and fail it when CI=true.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from werkzeug.serving import make_server

from service.layout.arrange import arrange
from service.layout.limits import distinct_faces, fits
from service.notation.subject import read
from tests.need import need  # the other browser tests import it from here
from tests import npm_packs
from service.http import create_app
from service.docs.build import build
from service.pictures.jobs import Job
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
NODE_MODULES = HERE / "node_modules"
ARTIFACTS = HERE / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

# (id, props, how it is mounted). Base comes from globalThis.TILES_BASE unless set.
CASES = [
    ("plain", {"notation": "123m456p789s11z"}, {}),
    ("caption", {"notation": "11222333s22m+-456m+4s", "caption": "Tsumo on 4s"}, {}),
    ("kan", {"notation": "5-5=55p", "height": 50, "caption": "Added kan"}, {"base_prop": True}),
    ("concealed", {"notation": "2z+x11xs+x11xp+x11xm+x11xz+2z", "theme": "dark"}, {"provider": True}),
    ("inline", {"notation": "r5p067s", "inline": True}, {"inline": True}),
    ("manifest", {"notation": "122334sr5677p+567p+7p", "caption": "From the manifest"}, {"manifest": True}),
    ("invalid", {"notation": "123a"}, {}),
    ("river", {"notation": "1m9p*2z3s*5p8s -*4m7z*1s6p*0s2m 3p*3p9s1z", "river": True, "row": 5,
               "caption": "Riichi on 4m; dimmed tiles are tsumogiri"}, {}),
    ("dora", {"notation": "11222333s22m+-456m+4s", "dora": "3m", "ura": "4p", "lang": "ja",
              "caption": "Dora and ura dora indicators"}, {}),
    ("index", {"notation": "0m123p+-456s+-5=55p+1z5z6z7z", "index": True, "caption": "Corner indices"}, {}),
]


URI_COMPONENT_SAFE = "!*'()"


def river_query(props) -> str:
    """The layout options a case adds to its service URLs (as Tiles.js writes them)."""
    if not props.get("river"):
        return ""
    row = props.get("row", 6)
    return "&layout=river" + (f"&row={row}" if row != 6 else "")


INDICATOR_PROPS = ("dora", "ura", "lang")


def indicator_query(props, canonical: bool = True) -> str:
    """The dora/ura/lang a case adds to its service URLs: canonical, and lang beside a strip or when
    not en (as Tiles.js writes them); with canonical=False, the props as written (for the JSON view)."""
    given = {k: props[k] for k in INDICATOR_PROPS if props.get(k)}
    if not canonical:
        return "".join(f"&{k}={quote(v, safe='')}" for k, v in given.items())
    o = RenderOptions.from_query(given)
    strips = [(k, getattr(o, k)) for k in ("dora", "ura") if getattr(o, k)]
    lang = [("lang", o.lang)] if strips or o.lang != "en" else []
    return "".join(f"&{k}={quote(v, safe=URI_COMPONENT_SAFE)}" for k, v in strips + lang) + index_query(props)


def index_query(props) -> str:
    """The corner indices a case adds to its service URLs (as Tiles.js writes them)."""
    return "&index=1" if props.get("index") is True else ""


@functools.cache
def npm_ready() -> bool:
    """React and esbuild installed, and the component as its packed tarball holds it now."""
    if not shutil.which("npm"):
        return False
    if not ((NODE_MODULES / ".bin" / "esbuild").exists() and (NODE_MODULES / "react-dom").exists()):
        npm_packs.pack("mahjong-tiles")  # package.json names the tarball: it must be there for npm ci
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HERE, check=False)
    if not (NODE_MODULES / ".bin" / "esbuild").exists():
        return False
    npm_packs.installed(HERE, "mahjong-tiles")
    return True


def bundle(out: Path) -> None:
    """page.jsx + mahjong-tiles + React into one script, resolving them from our node_modules."""
    env = {**os.environ, "NODE_PATH": str(NODE_MODULES)}
    subprocess.run(
        [str(NODE_MODULES / ".bin" / "esbuild"), str(HERE / "fixtures" / "page.jsx"), "--bundle",
         "--format=iife", "--jsx=transform", "--define:process.env.NODE_ENV=\"production\"",
         f"--outfile={out}", "--log-level=warning"],
        check=True, env=env, cwd=HERE,
    )


def serve(server) -> str:
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return f"http://{host}:{port}"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """(service URL, page URL, expected values per case); both servers on loopback."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        need(False, "python playwright is not installed (pip install -e '.[test]')")
    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    need(shutil.which("node") is not None, "node is not installed")
    need(npm_ready(), "npm packages missing: run `npm ci` in tests/browser")

    app = create_app()
    service = make_server("127.0.0.1", 0, app, threaded=True)
    base = serve(service)

    static = tmp_path_factory.mktemp("site")
    bundle(static / "bundle.js")
    manifest_case = next(p for i, p, how in CASES if how.get("manifest"))
    build([Job(manifest_case["notation"], parse(manifest_case["notation"]), RenderOptions())],
          static / "static", public_path="/static/")

    page_cases = []
    for cid, props, how in CASES:
        c = {"id": cid, "props": dict(props), "inline": how.get("inline", False), "manifest": how.get("manifest", False)}
        if how.get("base_prop"):
            c["props"]["base"] = base
        if how.get("provider"):
            c["provider"] = {"base": base}
        page_cases.append(c)
    settings = {"cases": page_cases, "manifestUrl": "/static/manifest.json"}
    # the site-wide default: a wrong base, so only cases that set their own can use a prop
    html = (HERE / "fixtures" / "index.html").read_text().replace(
        "/*SETTINGS*/",
        f"globalThis.TILES_BASE = {json.dumps(base)}; globalThis.TILES_PAGE = {json.dumps(settings)};",
    )
    (static / "index.html").write_text(html)
    handler = functools.partial(QuietHandler, directory=str(static))
    pages = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    page_url = serve(pages) + "/index.html"

    client = app.test_client()
    expected = {}
    for cid, props, _ in CASES:
        h = props.get("height", 24 if props.get("inline") else 38)
        r = client.get(f"/tiles/{quote(props['notation'], safe='')}.json?height={h}{river_query(props)}"
                       f"{indicator_query(props, canonical=False)}")
        expected[cid] = r.get_json() if r.status_code == 200 else None
    yield base, page_url, expected
    service.shutdown()
    pages.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.mark.page_errors(r"status of 400 .*/tiles/123a\.png")  # the invalid case: the service's error image
def test_component_in_chromium(site):
    from playwright.sync_api import sync_playwright

    base, page_url, expected = site
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 900, "height": 1400}, device_scale_factor=2)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(page_url)
            page.wait_for_selector("img.tiles")
            assert page.locator("img.tiles").count() == len(CASES)
            # lazy images load when near the viewport: bring each one in
            page.evaluate("document.querySelectorAll('img.tiles').forEach(i => i.scrollIntoView())")
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_function("[...document.images].every(i => i.complete)", timeout=20000)
            info = page.evaluate(
                """() => [...document.querySelectorAll('.case')].map(c => {
                    const img = c.querySelector('img');
                    const fig = c.querySelector('figcaption');
                    return {id: c.id, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight,
                            width: img.getAttribute('width'), height: img.getAttribute('height'),
                            clientWidth: img.clientWidth, alt: img.alt, loading: img.loading,
                            src: img.getAttribute('src'), currentSrc: img.currentSrc,
                            caption: fig ? fig.textContent : null,
                            parent: img.parentElement.tagName, display: getComputedStyle(img).display};
                })"""
            )
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "component.png"), full_page=True)
        finally:
            browser.close()

    assert not errors, errors
    by_id = {i["id"]: i for i in info}
    for cid, props, how in CASES:
        got, want = by_id[cid], expected[cid]
        assert got["naturalWidth"] > 0, f"{cid}: image did not load"
        assert got["loading"] == "lazy"
        assert got["caption"] == props.get("caption") if not props.get("inline") else got["caption"] is None
        if want is None:  # invalid notation: the service's error image, alt says so
            assert got["alt"] == f"Invalid tile notation: {props['notation']}"
            assert got["width"] is None
            continue
        assert (int(got["width"]), int(got["height"])) == (want["width"], want["height"]), cid
        assert got["alt"] == want["description"], cid
        # the 2x candidate, scaled by its density, fills exactly the box
        assert (got["naturalWidth"], got["naturalHeight"]) == (want["width"], want["height"]), cid
        assert got["clientWidth"] == want["width"], cid
        if how.get("manifest"):
            assert got["src"].startswith("/static/") and got["currentSrc"].endswith("@2x.png"), got
        else:
            assert got["src"].startswith(f"{base}/tiles/") and "scale=2" in got["currentSrc"], got
        if how.get("inline"):
            assert got["parent"] == "P" and got["display"] == "inline-block"
        if props.get("dora"):
            # lang="ja": the labels and the alt text in Japanese
            assert got["alt"].endswith("；ドラ表示牌：三萬；裏ドラ表示牌：四筒") and "dora=3m&ura=4p&lang=ja" in got["src"]
        if props.get("river"):
            assert want["layout"] == "river" and got["alt"].startswith("River: ") and "layout=river" in got["src"]
        assert ("&index=1" in got["src"]) == bool(props.get("index")), cid


def test_component_attributes_match_the_service_for_many_notations(tmp_path):
    """Server-side render of <Tiles> (no browser): width, height, alt, URLs, figure, manifest."""
    notations = [
        "1m", "123m456p789s11z", "11222333s22m+-456m+4s", "2z+x11xs+x11xp+x11xm+x11xz+2z", "5-5=55p",
        "r5p 0s 0m", "-555=5p+1-1=11z", "xxxx", "11111m", "1+2m", "  12s  ", "R5P", "1m2m3m+4p",
    ]
    props = [{"notation": n, "height": h, "base": "https://t.example/"} for n in notations for h in (16, 38, 41, 64)]
    rivers = ["1m", "123456m*-7p8p", "1m9p*2z3s*5p8s -*4m7z*1s6p*0s2m 3p*3p9s1z", "12x", "*8z", "1m+2m"]
    props += [{"notation": n, "river": True, "row": r, "height": h, "base": "https://t.example"}
              for n in rivers for r in (4, 6, 10) for h in (16, 38)]
    props += [{"notation": "123m", "river": True, "row": 3}, {"notation": "*1m"}]
    # large enough that 3x (or 2x) would pass the service's cost ceiling: left out of srcSet
    props += [{"notation": "123456789m12345p", "height": h, "base": "https://t.example"} for h in (100, 128, 200)]
    # dora strips (issue 29): labels in every language, canonical indicators, faces that cost 3x
    props += [{"notation": n, "height": h, "base": "https://t.example", **ind}
              for n in ("123m", "11222333s22m+-456m+4s", "123456789m")
              for h in (16, 24, 38, 100)
              for ind in ({"dora": "3m"}, {"dora": "4Z1m", "ura": "r5p", "lang": "ja"}, {"ura": "9s", "lang": "zh"},
                          {"dora": "1z", "lang": "en"}, {"lang": "ja"})]
    # 13 faces draw at 3x; the strips' 1z-6z and back make 20, past the ceiling at 3x (checked below)
    props += [{"notation": "123456789m1234p", "base": "https://t.example", **ind}
              for ind in ({}, {"dora": "1z2z3z4z", "ura": "5z6z"})]
    props += [{"notation": "1m9p*2z3s*5p8s", "river": True, "dora": "3m", "ura": "7z", "lang": "zh", "height": h}
              for h in (16, 38)]
    # corner indices (issue 39): a tag's own, the provider's (`site`), and a tag's index={false} against it
    props += [{"notation": n, "height": h, "base": "https://t.example", "index": True, **ind}
              for n in ("1z5z0p", "1m9p*2z3s*5p8s") for h in (16, 38)
              for ind in ({}, {"dora": "3m", "lang": "ja"}, {"river": True})]
    # 17 faces: 3x plain, not with indices (each face one glyph more: service/layout/limits.py)
    props += [{"notation": "123456789m12345678p", "base": "https://t.example", **ind} for ind in ({}, {"index": True})]
    props += [{"notation": "123m", "dora": "3mx"}, {"notation": "123m", "ura": "1m+2m"},
              {"notation": "123m", "dora": "3m", "lang": "fr"}, {"notation": "12a", "dora": "x"}]
    props += [{"notation": "1m", "caption": "A & <b>", "theme": "dark", "base": ""},
              {"notation": "14s", "inline": True, "caption": "waits"},
              {"notation": "123a"}, {"notation": "1m", "height": 9}]
    manifest_dir = tmp_path / "static"
    build([Job("5-5=55p", parse("5-5=55p"), RenderOptions(height=50))], manifest_dir, public_path="/s/")
    manifest = json.loads((manifest_dir / "manifest.json").read_text())
    props += [{"notation": "5-5=55p", "height": 50, "manifest": manifest},
              {"notation": "5-5=55p", "manifest": manifest, "base": "https://t.example"}]  # not in it
    got = ssr(props, tmp_path)

    client = create_app().test_client()
    for p, g in zip(props, got):
        a = g["attrs"]
        assert a["loading"] == "lazy" and a["data-notation"] == p["notation"]
        h = p.get("height", 24 if p.get("inline") else 38)
        r = client.get(f"/tiles/{quote(p['notation'], safe='')}.json?height={h}{river_query(p)}"
                       f"{indicator_query(p, canonical=False)}")
        if r.status_code != 200:
            assert "width" not in a and a["alt"].startswith("Invalid "), (p, a)
            # the service's error image says why: the bad option reaches it as written
            if r.get_json()["error"].get("param") in INDICATOR_PROPS:
                param = r.get_json()["error"]["param"]
                assert a["alt"].startswith(f"Invalid {param} ") and f"{param}={quote(p[param], safe=URI_COMPONENT_SAFE)}" in a["src"], (p, a)
                assert client.get(a["src"][len(p.get("base", "")):]).status_code == 400
            continue
        view = r.get_json()
        assert (int(a["width"]), int(a["height"]), a["alt"]) == (view["width"], view["height"], view["description"]), p
        if p.get("manifest") and p.get("height") == 50:
            e = manifest["images"]["5-5=55p?height=50"]
            assert a["src"] == e["1x"] and a["srcSet"] == f"{e['1x']} 1x, {e['2x']} 2x, {e['3x']} 3x"
        else:
            base = p.get("base", "").rstrip("/")
            q = (f"height={h}&scale=1" + (f"&theme={p['theme']}" if p.get("theme") else "") + river_query(p)
                 + indicator_query(p))
            # encodeURIComponent leaves !*'() as they are (the '*' of tsumogiri, say)
            assert a["src"] == f"{base}/tiles/{quote(p['notation'], safe=URI_COMPONENT_SAFE)}.png?{q}", a["src"]
            # every density offered is one the service draws, and no other fits its ceiling
            candidates = [c.rsplit(" ", 1) for c in a["srcSet"].split(", ")]
            opts = RenderOptions.from_query({"height": str(h), "layout": "river" if p.get("river") else "hand",
                                             "row": str(p.get("row", 6)),
                                             **{k: p[k] for k in INDICATOR_PROPS if p.get(k)}})
            lay = arrange(read(p["notation"], opts.layout), opts)
            faces = distinct_faces(lay)
            drawn = [d for d in (1, 2, 3) if fits(view["width"], view["height"], h, d, faces, p.get("index") is True)]
            for url, density in candidates:  # none fits: 1x alone, whose error image says why
                status = 200 if int(density[:-1]) in drawn else 400
                assert f"scale={density[:-1]}" in url and client.get(url[len(base):]).status_code == status, (p, density)
            assert [int(d[:-1]) for _, d in candidates] == (drawn or [1]), p
            if p["notation"] == "123456789m12345678p":
                assert drawn == ([1, 2] if p.get("index") else [1, 2, 3]), p
            if p["notation"] == "123456789m1234p":
                assert drawn == ([1, 2] if p.get("dora") else [1, 2, 3]), p
        assert g["figure"] == bool(p.get("caption") and not p.get("inline"))
        if g["figure"]:
            assert g["caption"] == p["caption"]
        if p.get("inline") and p.get("caption"):
            assert a["title"] == p["caption"]


def ssr(cases, tmp_path) -> list:
    need(shutil.which("node") is not None, "node is not installed")
    need(npm_ready(), "npm packages missing: run `npm ci` in tests/browser")
    script = tmp_path / "ssr.js"
    env = {**os.environ, "NODE_PATH": str(NODE_MODULES)}
    subprocess.run(
        [str(NODE_MODULES / ".bin" / "esbuild"), str(HERE / "fixtures" / "ssr.jsx"), "--bundle",
         "--platform=node", "--jsx=transform", f"--outfile={script}", "--log-level=warning"],
        check=True, env=env, cwd=HERE,
    )
    run = subprocess.run(["node", str(script)], input=json.dumps(cases), capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_component_manifest_path_follows_the_site(tmp_path):
    """Issue 11 items 1-3 and 6 on the component path: inline and theme keys, misses fail the
    server render, bare manifest names sit under the site's assets URL, colour modes."""
    from service.docs.build import collect

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="14s" inline />\n<Tiles notation="123m" />\n')
    out = tmp_path / "static"
    build(collect([docs], ("light", "dark"))[0], out)  # bare file names: no public path
    manifest = json.loads((out / "manifest.json").read_text())
    site = {"manifest": manifest, "assets": "/docs/tiles/"}
    got = ssr([
        {"props": {"notation": "14s", "inline": True}, "provider": site},
        {"props": {"notation": "123m"}, "provider": {**site, "theme": "dark"}},
        {"props": {"notation": "123m"}, "provider": {**site, "colorMode": "data-theme"}},
        {"props": {"notation": "123m", "caption": "c"}, "provider": {**site, "colorMode": "media"}},
        {"props": {"notation": "999m"}, "provider": site},  # not built
        {"props": {"notation": "123a"}, "provider": site},  # invalid
        {"props": {"notation": "999m"}, "provider": {**site, "base": "https://t.example"}},  # live fallback
    ], tmp_path)
    images = manifest["images"]
    inline, dark, themed, media, miss, bad, live = got
    assert inline["attrs"]["src"] == "/docs/tiles/" + images["14s?height=24"]["1x"]
    assert (inline["attrs"]["width"], inline["attrs"]["height"]) == ("36", "24")
    assert dark["attrs"]["src"] == "/docs/tiles/" + images["123m?theme=dark"]["1x"]
    assert [i["class"] for i in themed["imgs"]] == ["tiles tiles--light", "tiles tiles--dark"]
    assert themed["html"].startswith('<style>[data-theme=dark] .tiles--light{display:none!important}')
    assert themed["imgs"][1]["src"].endswith(images["123m?theme=dark"]["1x"])
    assert len(media["imgs"]) == 1 and "<picture><source media=\"(prefers-color-scheme: dark)\"" in media["html"]
    assert media["figure"] and images["123m?theme=dark"]["2x"] in media["html"]
    assert 'the manifest has no image "999m"' in miss["error"] and "Run `tiles build` again" in miss["error"]
    assert "`tiles lint` says where" in bad["error"]
    assert live["attrs"]["src"].startswith("https://t.example/tiles/999m.png")


def test_component_takes_svg_from_the_manifest(tmp_path):
    """A tag with format="svg" gets the SVG `tiles build` drew (one file: src, and #2x in srcSet); a site-wide
    format="svg" falls back to the manifest's PNG for tags that did not ask; a miss names the key."""
    from service.docs.build import collect

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="123m" format="svg" />\n<Tiles notation="456s" />\n'
                                '<Tiles notation="5z" format="svg" theme="auto" />\n')
    out = tmp_path / "static"
    build(collect([docs], ("light", "dark"))[0], out)
    images = json.loads((out / "manifest.json").read_text())["images"]
    site = {"manifest": images, "assets": "/t/"}
    svg, fallback, auto, media, miss = ssr([
        {"props": {"notation": "123m", "format": "svg"}, "provider": site},
        {"props": {"notation": "456s"}, "provider": {**site, "format": "svg"}},  # built as PNG only
        {"props": {"notation": "5z", "format": "svg", "theme": "auto"}, "provider": site},
        {"props": {"notation": "123m", "format": "svg"}, "provider": {**site, "colorMode": "media"}},
        {"props": {"notation": "456p", "format": "svg"}, "provider": site},
    ], tmp_path)
    assert svg["attrs"]["src"] == "/t/" + images["123m?format=svg"]["1x"]
    assert svg["attrs"]["srcSet"] == f"{svg['attrs']['src']} 1x, {svg['attrs']['src']}#2x 2x"
    assert (svg["attrs"]["width"], svg["attrs"]["height"]) == ("84", "38")
    assert fallback["attrs"]["src"] == "/t/" + images["456s"]["1x"] and fallback["attrs"]["srcSet"].endswith("3x")
    assert auto["attrs"]["src"] == "/t/" + images["5z?theme=auto&format=svg"]["1x"]
    dark_svg = images["123m?theme=dark&format=svg"]["1x"]
    assert f'<source media="(prefers-color-scheme: dark)" srcSet="/t/{dark_svg} 1x, /t/{dark_svg}#2x 2x"' in media["html"]
    assert 'the manifest has no image "456p?format=svg"' in miss["error"]


def test_component_finds_dora_strips_in_the_manifest(tmp_path):
    """Issue 29: a tag with dora/ura/lang is looked up under the key `tiles build` writes (the
    indicators canonical, lang not when en), whatever their spelling; a
    miss names that key, and a bad indicator says the tag is invalid."""
    from service.docs.build import collect

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="123m" dora="4Z1m" lang="ja" />\n'
                                '<Tiles notation="5-5=55p" dora="r5p" ura="3s" lang="en" />\n'
                                '<Tiles river notation="1m9p*2z3s-5p8s" dora="7z" lang="zh" row={4} />\n')
    out = tmp_path / "static"
    build(collect([docs])[0], out)
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert set(images) == {"123m?dora=4z1m&lang=ja", "5-5=55p?dora=0p&ura=3s",
                           "1m9p*2z3s-5p8s?layout=river&row=4&dora=7z&lang=zh"}
    site = {"manifest": images, "assets": "/t/"}
    got = ssr([
        {"props": {"notation": "123m", "dora": "4z1m", "lang": "ja"}, "provider": site},  # another spelling
        {"props": {"notation": "5-5=55p", "dora": "0p", "ura": "3S"}, "provider": site},  # lang en: the default
        {"props": {"notation": "1m9p*2z3s-5p8s", "river": True, "row": 4, "dora": "7z", "lang": "zh"},
         "provider": site},
        {"props": {"notation": "123m", "dora": "4z1m"}, "provider": site},  # built with lang ja only
        {"props": {"notation": "123m", "dora": "4z1mx"}, "provider": site},
    ], tmp_path)
    for g, key in zip(got, ["123m?dora=4z1m&lang=ja", "5-5=55p?dora=0p&ura=3s",
                            "1m9p*2z3s-5p8s?layout=river&row=4&dora=7z&lang=zh"]):
        e = images[key]
        assert g["attrs"]["src"] == "/t/" + e["1x"], key
        assert (int(g["attrs"]["width"]), int(g["attrs"]["height"]), g["attrs"]["alt"]) == (
            e["width"], e["height"], e["alt"]), key
    assert images["123m?dora=4z1m&lang=ja"]["alt"] == "手牌：一萬 二萬 三萬；ドラ表示牌：北 一萬"
    assert 'the manifest has no image "123m?dora=4z1m"' in got[3]["error"] and "Run `tiles build`" in got[3]["error"]
    assert "`tiles lint` says where" in got[4]["error"]
    # and without the manifest, the JS layout gives the same numbers before the image arrives
    live = ssr([{"notation": "123m", "dora": "4Z1m", "lang": "ja", "base": "https://t.example"}], tmp_path)[0]
    e = images["123m?dora=4z1m&lang=ja"]
    assert (int(live["attrs"]["width"]), int(live["attrs"]["height"]), live["attrs"]["alt"]) == (
        e["width"], e["height"], e["alt"])
    assert live["attrs"]["src"] == "https://t.example/tiles/123m.png?height=38&scale=1&dora=4z1m&lang=ja"


def test_component_alt_text_in_the_tags_or_the_sites_lang(tmp_path):
    """Issue 39: <TilesProvider lang> is every tag's language, a tag's own lang wins; the alt text the
    layouts write is the service's, and a manifest `tiles build --lang` wrote is found under its keys."""
    from service.docs.build import collect

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="11s+-456m+x22xz+4s" />\n<Tiles notation="1m*2m-3m" river lang="zh" />\n')
    out = tmp_path / "static"
    build(collect([docs], lang="ja")[0], out)
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert set(images) == {"11s+-456m+x22xz+4s?lang=ja", "1m*2m-3m?layout=river&lang=zh"}
    hand, river = images["11s+-456m+x22xz+4s?lang=ja"], images["1m*2m-3m?layout=river&lang=zh"]
    client = create_app().test_client()
    service = [client.get("/tiles/11s%2B-456m%2Bx22xz%2B4s.json?lang=ja").get_json()["description"],
               client.get("/tiles/1m*2m-3m.json?layout=river&lang=zh").get_json()["description"]]
    assert service == [hand["alt"], river["alt"]] == [
        "手牌：一索 一索；副露：四萬（横） 五萬 六萬；暗槓：伏せ牌 南 南 伏せ牌；和了牌：四索", "牌河：一万 二万，三万立直；摸切：二万"]
    live = {"base": "https://t.example", "lang": "ja"}
    got = ssr([
        {"props": {"notation": "11s+-456m+x22xz+4s"}, "provider": {"manifest": images, "assets": "/t/", "lang": "ja"}},
        {"props": {"notation": "1m*2m-3m", "river": True, "lang": "zh"}, "provider": {"manifest": images, "lang": "ja"}},
        {"props": {"notation": "11s+-456m+x22xz+4s"}, "provider": live},
        {"props": {"notation": "1m*2m-3m", "river": True, "lang": "zh"}, "provider": live},
        {"props": {"notation": "1m", "lang": ""}, "provider": live},  # an empty prop is no prop
        {"props": {"notation": "1m", "base": "https://t.example"}},  # no provider: English
        {"props": {"notation": "1m"}, "provider": {"base": "https://t.example", "lang": "fr"}},
    ], tmp_path)
    assert [g["attrs"]["alt"] for g in got[:4]] == [hand["alt"], river["alt"]] * 2
    assert got[0]["attrs"]["src"] == "/t/" + hand["1x"]
    assert got[2]["attrs"]["src"] == "https://t.example/tiles/11s%2B-456m%2Bx22xz%2B4s.png?height=38&scale=1&lang=ja"
    assert got[3]["attrs"]["src"] == "https://t.example/tiles/1m*2m-3m.png?height=38&scale=1&layout=river&lang=zh"
    assert got[4]["attrs"]["alt"] == "手牌：一萬" and got[5]["attrs"]["alt"] == "Hand: 1m"
    assert got[6]["attrs"]["alt"] == "Invalid lang fr: 1m" and got[6]["attrs"]["src"].endswith("&lang=fr")


def test_component_corner_indices_from_the_tag_or_the_provider(tmp_path):
    """Issue 39: <Tiles index> and <TilesProvider index> ask for the faces with corner indices:
    `&index=1` in the service's URL, and the manifest key `tiles build --index` writes; a tag's
    index={false} wins over the provider's."""
    from service.docs.build import collect

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.mdx").write_text('<Tiles notation="1z5z0p" />\n<Tiles notation="1m*2m-3m" river index={false} />\n')
    out = tmp_path / "static"
    build(collect([docs], index=True)[0], out)
    images = json.loads((out / "manifest.json").read_text())["images"]
    assert set(images) == {"1z5z0p?index=1", "1m*2m-3m?layout=river"}
    live = {"base": "https://t.example", "index": True}
    got = ssr([
        {"props": {"notation": "1z5z0p"}, "provider": {"manifest": images, "assets": "/t/", "index": True}},
        {"props": {"notation": "1m*2m-3m", "river": True, "index": False}, "provider": {"manifest": images, "index": True}},
        {"props": {"notation": "1z5z0p"}, "provider": live},
        {"props": {"notation": "1z5z0p", "index": False}, "provider": live},
        {"props": {"notation": "1z5z0p", "index": True, "base": "https://t.example"}},
        {"props": {"notation": "1z5z0p"}, "provider": {"manifest": images}},  # built with index only
    ], tmp_path)
    assert got[0]["attrs"]["src"] == "/t/" + images["1z5z0p?index=1"]["1x"]
    assert got[1]["attrs"]["src"] == images["1m*2m-3m?layout=river"]["1x"]
    assert got[2]["attrs"]["src"] == got[4]["attrs"]["src"] == "https://t.example/tiles/1z5z0p.png?height=38&scale=1&index=1"
    assert got[3]["attrs"]["src"] == "https://t.example/tiles/1z5z0p.png?height=38&scale=1"
    assert 'the manifest has no image "1z5z0p"' in got[5]["error"]
    client = create_app().test_client()
    assert client.get(got[2]["attrs"]["src"][len("https://t.example"):]).data == \
        (out / images["1z5z0p?index=1"]["1x"]).read_bytes()
