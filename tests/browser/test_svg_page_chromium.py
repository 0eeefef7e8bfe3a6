"""A page's inline hands (service/drawing/svg_page.py: one sprite, hands of `<use>`s) look like the PNG and the standalone SVG.

All the hands share one page and one sprite, as the `tiles` Markdown extension
writes them; each is screenshot at 2x and compared with our PNG under the bound
test_svg_chromium.py uses. Theme ``auto`` must follow the reader's scheme
(``media``) or the page's own switch (Material's ``data-md-color-scheme``, Furo's
``data-theme``) and then equal the standalone SVG of that theme, pixel for pixel
(on this 2x screen, its ``#2x`` drawing). Hands with no scale are checked at 1x and 2x.
"""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image, ImageChops
from test_svg_chromium import BOUND, HANDS, SCALE, error, launched, side_by_side

from service.docs.color_mode import MODES, in_dark
from service.notation.options import RenderOptions
from service.drawing.render import compose
from service.notation.subject import read
from service.drawing.svg import render_svg
from service.drawing.svg_page import PageSprite

AUTO_HAND = "11222333s22m+-456m+4s"


@pytest.fixture(scope="module")
def browser():
    with launched() as browser:
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def page(browser):
    return browser.new_page(device_scale_factor=SCALE, viewport={"width": 1400, "height": 900})


def shot(page, selector: str) -> Image.Image:
    return Image.open(io.BytesIO(page.locator(selector).screenshot(omit_background=True))).convert("RGBA")


def test_every_hand_of_one_page_looks_the_same_as_the_png(page):
    sprite = PageSprite()
    parts = []
    for i, (notation, kw) in enumerate(HANDS):
        hand = read(notation, kw.get("layout", "hand"))
        parts.append(sprite.hand(hand, RenderOptions(format="svg", scale=SCALE, **kw), f' id="h{i}" style="display:block"'))
    page.emulate_media(color_scheme="light")
    page.set_content('<body style="margin:0">' + sprite.finish("".join(parts)) + "</body>")
    for i, (notation, kw) in enumerate(HANDS):
        png = compose(read(notation, kw.get("layout", "hand")), RenderOptions(scale=SCALE, **kw))
        got = shot(page, f"#h{i}")
        side_by_side("page-" + "".join(c if c.isalnum() else "_" for c in notation), got, png)
        assert error(got, png) <= BOUND, (notation, error(got, png))


@pytest.mark.parametrize("mode,dark_page", [
    ("media", None),
    ("material", "document.body.dataset.mdColorScheme = 'slate'"),
    ("furo", "document.body.dataset.theme = 'dark'"),
])
def test_auto_follows_the_page_and_equals_the_standalone_svg(page, mode, dark_page):
    hand = read(AUTO_HAND)
    sprite = PageSprite(None if mode == "media" else (lambda b: in_dark(MODES[mode], b)))
    html = sprite.finish(sprite.hand(hand, RenderOptions(format="svg", theme="auto"), ' id="h" style="display:block"'))
    got = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme if dark_page is None else "light")
        page.set_content('<body style="margin:0">' + html + "</body>")
        if scheme == "dark" and dark_page:
            page.evaluate(dark_page)
        got[scheme] = shot(page, "#h")
        alone = render_svg(hand, RenderOptions(format="svg", theme=scheme))
        uri = "data:image/svg+xml;base64," + base64.b64encode(alone).decode()
        page.emulate_media(color_scheme="light")
        page.set_content(f'<body style="margin:0"><img id="h" src="{uri}#2x" style="display:block"></body>')
        page.evaluate("document.images[0].decode()")
        want = shot(page, "#h")
        assert ImageChops.difference(got[scheme], want).getbbox(alpha_only=False) is None, (mode, scheme)
    assert error(got["light"], got["dark"]) > 5  # it did switch


@pytest.fixture(scope="module")
def pages(browser):
    """A page at device scale 1 and one at 2 (a retina screen)."""
    return {d: browser.new_page(device_scale_factor=d, viewport={"width": 1400, "height": 900}) for d in (1, 2)}


DENSITY_HANDS = [  # (notation, options): a page's hands with no scale, as the Markdown extension writes them
    ("19m19p19s1234567z+1m", {}),  # every kind of face (test_svg_chromium.METRIC_HAND)
    ("11222333s22m+-456m+4s", {}),
    ("1m *2m 34-5p *6s 789p1z*7z", {"layout": "river", "row": 4}),  # riichi sideways, tsumogiri dimmed
]


@pytest.mark.parametrize("theme,scheme", [("light", "light"), ("dark", "light"), ("auto", "light"), ("auto", "dark")])
def test_a_page_is_right_at_1x_and_at_2x(pages, theme, scheme):
    """One page for every screen: the sprite's 1x drawing at device scale 1, its 2x one at 2
    (chosen by a resolution query, which inline SVG honours), each against the PNG of that scale."""
    sprite = PageSprite()
    parts = []
    for i, (notation, kw) in enumerate(DENSITY_HANDS):
        hand = read(notation, kw.get("layout", "hand"))
        parts.append(sprite.hand(hand, RenderOptions(format="svg", theme=theme, **kw), f' id="h{i}" style="display:block"'))
    html = '<body style="margin:0">' + sprite.finish("".join(parts)) + "</body>"
    shown = scheme if theme == "auto" else theme
    errors = {}
    for dpr, page in pages.items():
        page.emulate_media(color_scheme=scheme)
        page.set_content(html)
        for i, (notation, kw) in enumerate(DENSITY_HANDS):
            png = compose(read(notation, kw.get("layout", "hand")), RenderOptions(scale=dpr, theme=shown, **kw))
            got = shot(page, f"#h{i}")
            side_by_side(f"page-{dpr}x-{theme}-{scheme}-" + "".join(c if c.isalnum() else "_" for c in notation), got, png)
            errors[(dpr, notation)] = round(error(got, png), 2)
    assert max(errors.values()) <= BOUND, errors
