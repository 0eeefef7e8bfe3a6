"""The playground (`/`, service/templates/playground.*) in headless Chromium, as a new user drives it.

The app runs in this process (werkzeug on a loopback port, as test_component.py serves it);
Chromium is Debian's, through playwright (`launched` from test_svg_chromium.py). The page's
own Content-Security-Policy stays on: waits poll with function predicates, which it allows.
Every wait is for a condition, with generous timeouts: the machine may be loaded.
Screenshots in light and dark go to tests/browser/artifacts/.
"""

from __future__ import annotations

import json
import re
import threading
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
from test_svg_chromium import launched
from werkzeug.serving import WSGIRequestHandler, make_server

from service.pictures.scan import scan_text
from service.pictures.tag_props import read_tag
from service.layout.arrange import arrange
from service.layout.limits import densities, distinct_faces
from service.http import create_app
from service.notation.options import RenderOptions
from service.notation.subject import read
from tests.need import need_modules  # the docs tools of the test extra: skip locally, fail on CI

ARTIFACTS = Path(__file__).parent / "artifacts"
WAIT_MS = 60_000  # for any one condition, on a loaded machine
SNIPPETS = ("MDX", "Markdown", "MyST", "reStructuredText", "HTML", "Image URL")
TENPAI = "11222333s22m+456m"  # waits on 2m, 1s and 4s


class Quiet(WSGIRequestHandler):
    def log_request(self, *args):
        pass


@pytest.fixture(scope="module")
def base():
    server = make_server("127.0.0.1", 0, create_app(), threaded=True, request_handler=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    with launched() as b:
        yield b
        b.close()


@pytest.fixture
def open_page(browser, base):
    """open_page(query="", scheme="light") -> a page of the playground, its errors collected in page.errors."""
    contexts = []

    def open_(query: str = "", scheme: str = "light"):
        ctx = browser.new_context(color_scheme=scheme, viewport={"width": 1100, "height": 900}, device_scale_factor=2)
        ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        ctx.set_default_timeout(WAIT_MS)
        contexts.append(ctx)
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.goto(base + "/" + query)
        settled(page)
        return page

    yield open_
    for ctx in contexts:
        ctx.close()


def settled(page) -> None:
    """Until the page shows what its URL says (a picture or a problem), and every image it asked for has arrived."""
    page.wait_for_function("""() => document.getElementById("playground").dataset.shown === location.search.slice(1)
        && (document.getElementById("image").naturalWidth > 0 || document.getElementById("notation-error").textContent
            || document.getElementById("scene-error").textContent)""")
    # a lazy image below the fold is not asked for until it is scrolled to (the analysis' tiles, under the panels)
    page.wait_for_function("""() => [...document.images].filter((i) => i.getAttribute("src")
            && !(i.loading === "lazy" && i.getBoundingClientRect().top > window.innerHeight))
        .every((i) => i.complete && i.naturalWidth > 0)""")


def picture(page) -> dict:
    return page.evaluate("""() => { const i = document.getElementById("image");
        return {src: i.getAttribute("src"), naturalWidth: i.naturalWidth, width: i.width, height: i.height, alt: i.alt,
                stale: document.getElementById("stage").classList.contains("stale")}; }""")


def wait_picture(page, part: str) -> dict:
    """Until the picture's URL holds `part` and the picture is drawn."""
    page.wait_for_function("""(part) => { const i = document.getElementById("image");
        return (i.getAttribute("src") || "").includes(part) && i.complete && i.naturalWidth > 0; }""", arg=part)
    settled(page)
    return picture(page)


PARAMS = {"Notation": "n", "Dora": "dora", "Scene": "s"}
# a test that types a bad notation, option or scene: the service answers its JSON and its picture
# with 400 (the error and the error image), which Chromium logs as failed loads
SERVICE_SAYS_NO = pytest.mark.page_errors(r"status of 400 \(BAD REQUEST\) \(http://127\.0\.0\.1:\d+/(tiles/|scene\.)")


def retype(page, label: str, text: str) -> None:
    """Clear a field and type into it key by key, as a user does; until the page shows what was typed
    (the picture follows, debounced, and answers to earlier keys are dropped)."""
    field = page.get_by_label(label, exact=True)
    field.fill("")
    field.press_sequentially(text, delay=15)
    page.wait_for_function("""([name, text]) => new URLSearchParams(
        document.getElementById("playground").dataset.shown || "").get(name) === text""", arg=[PARAMS[label], text])
    settled(page)


def service_json(base: str, path: str) -> dict:
    with urllib.request.urlopen(base + path, timeout=30) as r:
        return json.load(r)


def test_a_tenpai_hand_shows_its_waits_drawn(open_page, base):
    page = open_page()
    retype(page, "Notation", TENPAI)
    analysis = page.get_by_role("region", name="Analysis")
    analysis.get_by_text("0 (tenpai)").wait_for()
    shown = wait_picture(page, f"/tiles/{quote(TENPAI, safe='')}.png")
    want = service_json(base, f"/tiles/{quote(TENPAI, safe='')}.json")
    assert want["analysis"]["waits"] == ["2m", "1s", "4s"]
    assert (shown["width"], shown["height"], shown["alt"]) == (want["width"], want["height"], want["description"])
    assert shown["naturalWidth"] == want["width"] * 2  # the picture at Scale 2
    waits = analysis.locator("#waits img")
    assert waits.count() == 3
    drawn = waits.evaluate_all("(imgs) => imgs.map((i) => [i.alt, i.naturalWidth, new URL(i.src).pathname])")
    assert [(alt, path) for alt, _, path in drawn] == [(c, f"/tiles/{c}.svg") for c in ("2m", "1s", "4s")]
    assert all(w > 0 for _, w, _ in drawn)
    assert analysis.get_by_text("no", exact=True).is_visible()  # Complete: no
    assert analysis.get_by_role("link", name="JSON").get_attribute("href").endswith(
        f"/tiles/{quote(TENPAI, safe='')}.json?height=38")
    assert not page.errors


def test_a_complete_hand_shows_its_splits_and_what_its_joker_stands_for(open_page):
    page = open_page("?n=123456789m12p55sj&wild=5z")
    analysis = page.get_by_role("region", name="Analysis")
    analysis.get_by_text("-1 (complete)").wait_for()
    split = analysis.locator("#splits img").first
    assert split.get_attribute("alt") == ("four sets and a pair: pair 5s 5s; run 1m 2m 3m; run 4m 5m 6m; run 7m 8m 9m; "
                                          "run 1p 2p 3p (wild as 3p)")
    # each block a group, drawn as the tiles its wild stands for
    assert "/tiles/55s%2B123m%2B456m%2B789m%2B123p.svg" in split.get_attribute("src")
    assert analysis.get_by_alt_text("wilds as 3p").evaluate("(i) => i.naturalWidth") > 0
    assert analysis.get_by_text("1 concealed tile is wild (jokers and 5z)", exact=False).is_visible()


def test_svg_then_scenes_each_show_their_picture(open_page):
    page = open_page("?n=" + quote(TENPAI, safe=""))
    page.get_by_label("Format", exact=True).select_option("svg")
    wait_picture(page, ".svg?")
    page.get_by_label("Theme", exact=True).select_option("auto")  # offered for SVG only
    shown = wait_picture(page, "theme=auto")
    assert shown["naturalWidth"] > 0 and shown["src"].endswith(".svg?height=38&scale=2&theme=auto")

    page.get_by_label("Problem card or whole table, from YAML").check()
    page.get_by_label("Scene", exact=True).wait_for()
    card = wait_picture(page, "/scene.svg?s=problem")
    assert card["alt"].startswith("Problem: East 1") and card["naturalWidth"] > 0
    page.get_by_role("region", name="Analysis").get_by_text("A scene is not analysed").wait_for()

    page.get_by_role("button", name="Whole table").click()
    table = wait_picture(page, "/scene.svg?s=table")
    assert table["alt"].startswith("Table: ") and table["naturalWidth"] > 0
    assert page.get_by_label("Height", exact=True).input_value() == "30"  # what fits at 2x

    page.get_by_label("Format", exact=True).select_option("png")  # auto is SVG only: back to light
    shown = wait_picture(page, "/scene.png?s=table")
    assert page.get_by_label("Theme", exact=True).input_value() == "light"
    assert shown["naturalWidth"] == shown["width"] * 2
    assert not page.errors


@SERVICE_SAYS_NO
def test_a_scene_error_shows_its_line_and_column_under_the_editor(open_page):
    page = open_page("?mode=scene")
    wait_picture(page, "/scene.png?s=problem")
    good = picture(page)
    editor = page.get_by_label("Scene", exact=True)
    editor.fill(editor.input_value().replace("round: E1", "round: E9"))
    problem = page.locator("#scene-error")
    problem.get_by_text("Line 2, column 10: problem.round:").wait_for()
    assert problem.locator("pre").inner_text() == "  round: E9\n         ^"
    assert editor.get_attribute("aria-invalid") == "true"
    kept = picture(page)
    assert kept["src"] == good["src"] and kept["naturalWidth"] > 0 and kept["stale"]
    problem.get_by_role("button", name="Show in the editor").click()
    assert page.evaluate("() => [document.activeElement.id, document.activeElement.selectionStart]") == [
        "scene", editor.input_value().index("E9")]


def lint_column(notation: str, layout: str = "hand") -> tuple[int, str]:
    """The 1-based column and message `tiles lint` gives for this notation, counted from its first character."""
    river = " river" if layout == "river" else ""
    tag = f'<Tiles{river} notation="{notation}" />'
    [problem] = read_tag(scan_text(tag, "a.mdx")[0]).errors
    return problem.col - tag.index('"') - 1, problem.message


@SERVICE_SAYS_NO
@pytest.mark.parametrize("notation, layout", [("11m22p3a", "hand"), ("123m456", "hand"), ("1m 2a 3s", "river"),
                                              ("-1m 2m -3m", "river")])
def test_an_error_shows_a_caret_at_the_column_tiles_lint_gives(open_page, notation, layout):
    good_notation = "1m9p*2z3s*5p8s" if layout == "river" else TENPAI
    page = open_page("?n=" + quote(good_notation, safe="") + ("&layout=river" if layout == "river" else ""))
    good = picture(page)
    assert good["naturalWidth"] > 0
    retype(page, "Notation", notation)
    col, message = lint_column(notation, layout)
    problem = page.locator("#notation-error")
    problem.get_by_text(f"Column {col}: {message}").wait_for()
    text, caret = problem.locator("pre").inner_text().split("\n")
    assert text == notation and caret == " " * (col - 1) + "^"
    kept = picture(page)  # the last good picture stays, dimmed
    assert kept["src"] == good["src"] and kept["naturalWidth"] > 0 and kept["stale"]
    assert page.get_by_label("Notation", exact=True).get_attribute("aria-invalid") == "true"


@SERVICE_SAYS_NO
def test_a_bad_option_is_named_at_its_control(open_page):
    page = open_page("?n=123m")
    retype(page, "Dora", "3m5x")
    page.locator("#notation-error").get_by_text("Dora: '5' has no suit letter after it").wait_for()
    assert page.get_by_label("Dora", exact=True).get_attribute("aria-invalid") == "true"


def copied(page, label: str) -> str:
    """Press the snippet's Copy button; what the clipboard then holds, which is what its field shows."""
    page.get_by_role("button", name=f"Copy {label}").click()
    page.get_by_text(f"{label} copied").wait_for(state="attached")
    text = page.evaluate("() => navigator.clipboard.readText()")
    assert text == page.get_by_label(label, exact=True).input_value()
    return text


def test_every_snippet_is_copied_and_works_where_it_goes(open_page, base):
    need_modules("markdown", "sphinx")
    import markdown

    from service.docs.sphinx_ext import TilesDirective

    notation = "11222333s22m+-456m+4s"
    page = open_page(f"?n={quote(notation, safe='')}&height=44&dora=3m&ura=4p&lang=ja&theme=dark&scale=3")
    got = {label: copied(page, label) for label in SNIPPETS}

    assert got["MDX"] == f'<Tiles notation="{notation}" height={{44}} theme="dark" dora="3m" ura="4p" lang="ja" />'
    tag = read_tag(scan_text(got["MDX"], "a.mdx")[0])
    assert not tag.problems and tag.request.options == RenderOptions(height=44, theme="dark", dora="3m", ura="4p",
                                                                     lang="ja")
    html = markdown.markdown(got["Markdown"], extensions=["tiles"])  # MkDocs, Zensical: raises on a bad fence
    assert 'aria-label="手牌：一索 一索' in html  # lang=ja: the alt text's language too
    opening, line, end = got["Markdown"].split("\n")  # the fence's words are the tag's props, read alike
    assert opening.startswith("```tiles ") and line == notation and end == "```"
    fence = read_tag(scan_text(f'<Tiles notation="{line}" {opening[len("```tiles "):]} />', "a.md")[0])
    assert not fence.problems and fence.request.options == tag.request.options
    assert got["MyST"] == f"```{{tiles}} {notation}\n:height: 44\n:theme: dark\n:dora: 3m\n:ura: 4p\n:lang: ja\n```"
    rst = got["reStructuredText"].split("\n")
    assert rst[0] == f".. tiles:: {notation}" and all(re.fullmatch(r"   :\w+:.*", line) for line in rst[1:])
    assert {line.split(":")[1] for line in rst[1:]} <= set(TilesDirective.option_spec)
    assert page.locator("#note-rst").inner_text() == ""  # :dora: and :ura: are the directive's too

    path = f"/tiles/{quote(notation, safe='')}.png"
    assert got["Image URL"] == f"{base}{path}?height=44&scale=3&theme=dark&dora=3m&ura=4p&lang=ja"
    with urllib.request.urlopen(got["Image URL"], timeout=30) as r:
        assert r.status == 200 and r.headers["Content-Type"] == "image/png"

    want = service_json(base, f"{path[:-4]}.json?height=44&dora=3m&ura=4p&lang=ja")
    assert f'width="{want["width"]}" height="{want["height"]}"' in got["HTML"]
    src = f"{base}{path}?height=44&amp;scale=1&amp;theme=dark&amp;dora=3m&amp;ura=4p&amp;lang=ja"
    assert got["HTML"].startswith(f'<img src="{src}" srcset="{src} 1x, ')
    # the HTML as a page holds it: the candidate Chromium picks (2x on this screen, or the 3x it holds
    # already), scaled by its density, fills exactly the box
    page.evaluate("(html) => { document.getElementById('stage').innerHTML = html; }", got["HTML"])
    page.wait_for_function("() => { const i = document.querySelector('#stage img'); "
                           "return i.complete && i.naturalWidth > 0; }")
    img = page.evaluate("() => { const i = document.querySelector('#stage img'); "
                        "return [i.naturalWidth, i.naturalHeight, i.currentSrc]; }")
    assert img[:2] == [want["width"], want["height"]] and re.search(r"scale=[23]&", img[2])


def test_the_html_snippet_lists_only_the_densities_the_service_draws(open_page, base):
    notation = "123456789m123456789p12s"  # 20 faces: 3x is over the service's cost ceiling at 38 px (18 at 114 px)
    page = open_page("?n=" + notation)
    html = page.get_by_label("HTML", exact=True).input_value()
    hand = read(notation)
    options = RenderOptions()
    lay = arrange(hand, options)
    want = densities(lay.width, lay.height, options.height, faces=distinct_faces(lay))
    assert want == (1, 2)
    listed = tuple(int(d) for scale, d in re.findall(r"scale=(\d) (\d)x", html) if scale == d)
    assert listed == want
    for d in (1, 2, 3):  # and the service agrees
        try:
            status = urllib.request.urlopen(f"{base}/tiles/{notation}.png?height=38&scale={d}", timeout=30).status
        except urllib.error.HTTPError as err:
            status = err.code
        assert (status == 200) == (d in want), d


def test_a_scenes_html_snippet_lists_only_the_densities_the_service_draws(open_page, base):
    """Issue 42 item 12: it counted one face for a scene and offered 3x, which the service refuses."""
    yaml = "problem: {round: E1, seat: S, dora: 1s2s3s4s, hand: 123456789m1234p+6z}"  # 19 faces
    page = open_page("?mode=scene&s=" + quote(yaml, safe=""))
    html = page.get_by_label("HTML", exact=True).input_value()
    listed = tuple(int(d) for scale, d in re.findall(r"scale=(\d) (\d)x", html) if scale == d)
    assert listed == (1, 2)
    for d in (1, 2, 3):  # and the service agrees
        try:
            status = urllib.request.urlopen(f"{base}/scene.png?s={quote(yaml, safe='')}&scale={d}", timeout=30).status
        except urllib.error.HTTPError as err:
            status = err.code
        assert (status == 200) == (d in listed), d


# Playground states with every option off its default, and the names each asks a snippet for
# ("webp": format=webp, which no tag or block draws)
EVERY_OPTION = [
    ("n=123m&layout=river&row=8&height=44&theme=dark&dora=3m&ura=4p&lang=ja&index=1&wild=5z&bg=1e1e1e&exact=1",
     {"river", "row", "height", "theme", "dora", "ura", "lang", "index", "wild", "bg", "exact"}),
    ("n=123m&format=svg&gap=5&theme=auto&dora=3m&wild=5z", {"format", "gap", "theme", "dora", "wild"}),
    ("n=123m&format=webp&height=30&index=1", {"webp", "height", "index"}),
    ("mode=scene&format=svg&height=30&theme=dark&lang=zh&index=1&bg=fff", {"format", "height", "theme", "lang", "index", "bg"}),
    ("mode=scene&format=webp&exact=1", {"webp", "exact"}),
]
LEFT_OUT_WORDS = {"WebP": "webp", "the background": "bg"}  # the note's words for an option


def snippet_options(text: str) -> set[str]:
    """The option names a snippet carries: a tag's props, a directive's :name: lines, a fence's words."""
    first, *rest = text.split("\n")
    if first.startswith("<Tiles"):
        return set(read_tag(scan_text(text, "a.mdx")[0]).tag.props) - {"notation"}
    if re.match(r"(```\{tiles\}|\.\. tiles::) ", first):  # the directive: its argument is the notation
        return set(re.findall(r"^\s*:(\w+):", "\n".join(rest), re.M))
    words = re.sub(r"^(```\{?tiles(-scene)?\}?|\.\. tiles-scene::)", "", first).split()
    return {word.split("=")[0] for word in words}


@pytest.mark.parametrize("query, asked", EVERY_OPTION)
def test_every_snippet_carries_every_option_its_stack_takes(open_page, query, asked):
    """Issue 42 item 21: MyST and reST said 'Left out (no such prop): dora' though the directive takes
    :dora: and :ura:. Each snippet carries what its stack takes (the tag's props, the directive's
    option_spec, a scene block's options) and its note names the rest."""
    need_modules("sphinx")
    from service.docs.sphinx_ext import TilesDirective
    from service.pictures.scene_blocks import OPTIONS as SCENE_OPTIONS
    from service.pictures.tag_props import KNOWN_PROPS

    page = open_page("?" + query)
    scene = "mode=scene" in query
    takes = {"MDX": KNOWN_PROPS, "Markdown": KNOWN_PROPS, "MyST": set(TilesDirective.option_spec),
             "reStructuredText": set(TilesDirective.option_spec)}
    ids = {"MDX": "mdx", "Markdown": "markdown", "MyST": "myst", "reStructuredText": "rst"}
    for label, stack in takes.items():
        stack = set(SCENE_OPTIONS) if scene else stack
        text = page.get_by_label(label, exact=True).input_value()
        note = page.locator(f"#note-{ids[label]}").inner_text()
        left = re.search(r"Left out \(no such (?:prop|option)\): (.*)\.$", note)
        named = set()
        for item in re.split(r", (?![^(]*\))", left.group(1)) if left else []:
            named.add(next((v for k, v in LEFT_OUT_WORDS.items() if item.startswith(k)), item))
        assert snippet_options(text) == asked & stack, (label, text)
        assert named == asked - stack, (label, note)


def test_scene_snippets_are_blocks_every_tool_reads(open_page):
    need_modules("markdown")
    import markdown

    page = open_page("?mode=scene&lang=ja&height=30")
    got = {label: copied(page, label) for label in ("MDX", "Markdown", "MyST", "reStructuredText", "Image URL")}
    yaml = page.get_by_label("Scene", exact=True).input_value()
    assert got["Markdown"] == got["MDX"] == f"```tiles-scene height=30 lang=ja\n{yaml}\n```"
    assert got["MyST"] == f"```{{tiles-scene}} height=30 lang=ja\n{yaml}\n```"
    assert got["reStructuredText"].startswith(".. tiles-scene:: height=30 lang=ja\n\n   problem:\n     round: E1")
    html = markdown.markdown(got["Markdown"], extensions=["tiles"])
    assert "<svg" in html and "；白切り" in html  # lang=ja: "Discard White" in Japanese
    assert "/scene.png?s=problem%3A%0A" in got["Image URL"] and got["Image URL"].endswith("&height=30&scale=2&lang=ja")


@SERVICE_SAYS_NO
def test_a_reload_or_a_shared_link_restores_notation_options_and_mode(open_page, browser, base):
    page = open_page()
    retype(page, "Notation", "1m9p*2z3s*5p8s -*4m7z")
    page.get_by_label("Layout", exact=True).select_option("river")
    page.get_by_label("River row", exact=True).fill("8")
    page.get_by_label("Format", exact=True).select_option("webp")
    page.get_by_label("Height", exact=True).fill("50")
    page.get_by_label("Scale", exact=True).select_option("1")
    page.get_by_label("Language", exact=True).select_option("zh")
    page.get_by_label("Dora", exact=True).fill("4z")
    page.get_by_label("Background", exact=True).fill("#1e1e1e")
    wait_picture(page, "bg=1e1e1e")
    labels = ("Notation", "Layout", "River row", "Format", "Height", "Scale", "Language", "Dora", "Background")
    state = {label: page.get_by_label(label, exact=True).input_value() for label in labels}
    snippet = page.get_by_label("Image URL", exact=True).input_value()
    assert snippet.endswith(".webp?height=50&scale=1&bg=1e1e1e&layout=river&row=8&dora=4z&lang=zh")
    link = page.url

    page.reload()
    settled(page)
    wait_picture(page, "bg=1e1e1e")
    assert {label: page.get_by_label(label, exact=True).input_value() for label in state} == state
    assert page.get_by_label("Image URL", exact=True).input_value() == snippet

    shared = open_page(link[len(base) + 1:])  # another reader opens the link
    assert shared.get_by_label("Image URL", exact=True).input_value() == snippet

    page.get_by_label("Problem card or whole table, from YAML").check()
    wait_picture(page, "/scene.webp?s=problem")
    page.reload()
    settled(page)
    assert page.get_by_label("Problem card or whole table, from YAML").is_checked()
    assert page.get_by_label("Scene", exact=True).is_visible()
    assert not page.get_by_label("Notation", exact=True).is_visible()
    page.get_by_label("Hand or river, from a notation").check()
    wait_picture(page, "/tiles/")
    assert page.get_by_label("Notation", exact=True).input_value() == state["Notation"]


def test_the_keyboard_alone_drives_it(open_page):
    page = open_page()
    def focused():
        """(the focused element's id, aria-label or text; its outline style)"""
        return page.evaluate("""() => { const e = document.activeElement;
            return [e.id || e.getAttribute("aria-label") || e.textContent, getComputedStyle(e).outlineStyle]; }""")

    assert focused()[0] == "notation"  # autofocus
    page.keyboard.press("Shift+Tab")  # the checked mode radio
    page.keyboard.press("ArrowRight")  # the next: Scene
    wait_picture(page, "/scene.png?s=problem")

    def tab_to(name: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            if focused()[0] == name:
                assert focused()[1] != "none", f"{name} has no focus outline"
                return
        raise AssertionError(f"Tab never reached {name}")

    tab_to("load-table")  # the "Whole table" button
    page.keyboard.press("Enter")
    wait_picture(page, "/scene.png?s=table")
    tab_to("Copy MDX")
    page.keyboard.press("Space")
    page.get_by_text("MDX copied").wait_for(state="attached")
    assert page.evaluate("() => navigator.clipboard.readText()").startswith("```tiles-scene height=30\ntable:")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_in_light_and_dark(open_page, scheme):
    page = open_page(f"?n={quote(TENPAI, safe='')}&dora=3m", scheme)
    page.get_by_role("region", name="Analysis").get_by_text("0 (tenpai)").wait_for()
    settled(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"playground-{scheme}.png"), full_page=True)
    page.get_by_label("Problem card or whole table, from YAML").check()
    wait_picture(page, "/scene.png?s=problem")
    page.screenshot(path=str(ARTIFACTS / f"playground-scene-{scheme}.png"), full_page=True)
    paper = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    ink = page.evaluate("() => getComputedStyle(document.body).color")
    level = lambda rgb: sum(int(v) for v in re.findall(r"\d+", rgb)[:3]) / 3  # noqa: E731
    assert (level(paper) < 60 < 200 < level(ink)) if scheme == "dark" else (level(ink) < 60 < 200 < level(paper))


def test_the_page_needs_nothing_from_elsewhere(base):
    """No external asset: every URL the page names is this service's own (it works offline)."""
    with urllib.request.urlopen(base + "/", timeout=30) as r:
        html = r.read().decode()
    assert not re.findall(r"""(?:src|href)=["']?(?:https?:)?//""", html)
    script = html.split("<script>")[1]
    assert "fetch(" in script and "http://" not in script and "https://" not in script
    # and it ships no other file: style and script are inline, allowed by hash (tests/test_app.py)
    assert not re.findall(r"<(?:link|script) [^>]*(?:href|src)=", html)


@SERVICE_SAYS_NO  # haitei on the ron is refused on purpose, below
def test_the_score_panel_draws_the_card_and_says_the_score_with_every_option(open_page, base):
    """Issue 43: the score options are controls; on, the picture carries the card, the panel its lines,
    and the snippets the props that draw the same card; a bad combination is named at its control."""
    hand = "234789m1234566p+6p"
    page = open_page("?n=" + quote(hand, safe=""))
    page.get_by_label("Score card", exact=True).check()
    page.get_by_label("Riichi", exact=True).check()
    page.get_by_label("Seat wind", exact=True).select_option("S")
    shown = wait_picture(page, "seat=S")
    assert "score=1" in shown["src"] and "riichi=1" in shown["src"]
    want = service_json(base, f"/tiles/{quote(hand, safe='')}.json?height=38&score=1&seat=S&riichi=1")
    assert (shown["width"], shown["height"]) == (want["width"], want["height"])
    assert want["height"] > 38  # the card under the tiles
    panel = page.get_by_role("region", name="Score")
    panel.get_by_text("3 han 20 fu · 700-1,300").wait_for()
    assert panel.get_by_text("Pinfu", exact=True).is_visible()
    mdx = page.locator("#snippet-mdx").input_value()
    assert mdx == f'<Tiles notation="{hand}" score seat="S" riichi />'
    (tag,) = scan_text(mdx)
    assert read_tag(tag).request.options.score == "seat=S&riichi=1"
    assert ":score:" in page.locator("#snippet-rst").input_value()
    page.get_by_label("Haitei", exact=True).check()  # fine on a tsumo; then the win made a ron: a 400
    wait_picture(page, "haitei=1")
    retype(page, "Notation", "234789m1234566p+-6p")
    page.wait_for_function("""() => document.getElementById("notation-error").textContent.includes("haitei")""")
    assert page.locator("#haitei").get_attribute("aria-invalid") == "true"
    page.get_by_label("Score card", exact=True).uncheck()  # no card: the ron draws, the panel hides
    page.wait_for_function("""() => { const i = document.getElementById("image"), src = i.getAttribute("src") || "";
        return src.includes("6p.png") && !src.includes("score=") && i.complete && i.naturalWidth > 0
            && document.getElementById("score-panel").hidden; }""")
    settled(page)
    assert picture(page)["height"] == 38 and not page.errors
