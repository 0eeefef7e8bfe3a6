"""The SVG is the same art as the PNG: rasterized by headless Chromium at 2x, compared with our PNG at scale 2.

The SVG a docs site shows (no ``scale``) is checked on both screens: at 1x against
the 1x PNG, and at 2x, as `a.svg#2x` (what ``srcset="a.svg 1x, a.svg#2x 2x"`` picks),
against the 2x PNG. Chromium ignores resolution media queries inside an SVG shown by
<img> (test_a_resolution_query_is_not_seen_in_an_img), so the page picks the drawing.

Every face in both themes, upright and sideways, with and without corner indices, and a few whole hands. The bound
is on the mean premultiplied channel error (R*A, G*A, B*A and A, 0-255, averaged
over the image): what is left is antialiasing along edges (Chromium's analytic
coverage against our supersampled box filter): about 2 on average, 5.4 on the
worst face (6p, whose small pin details are nearly all edge) when written. Side-by-side pictures (SVG above, PNG below)
go to tests/browser/artifacts/ for looking at.

Setup as for test_component.py: Debian's Chromium driven by Python playwright.
"""

from __future__ import annotations

import contextlib

import base64
import io

import pytest
from PIL import Image, ImageChops, ImageStat
from test_component import ARTIFACTS, CHROMIUM, FLAGS, need

import tile_art
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.render import compose
from service.notation.subject import read
from service.drawing.svg import render_svg
from tile_art.svg import Document

BOUND = 6.0  # mean premultiplied channel error, 0-255, per face and per hand
HEIGHT, SCALE, GAP = 38, 2, 4
HANDS = [  # (notation, options)
    ("11222333s22m+-456m+4s", {}),
    ("5-5=55p", {"theme": "dark"}),  # a stacked tile
    ("2z+x11xs+x11xp+2z", {"background": (255, 255, 255, 255)}),  # backs, on a background
    ("r5p 0s 0m 123m", {"height": 64, "gap": 3, "theme": "dark", "background": (30, 30, 30, 255)}),
    ("1m *2m 34-5p *6s 789p1z*7z", {"layout": "river", "row": 4}),  # riichi sideways, tsumogiri dimmed
    ("0m123p+-456s+-5=55p+1z5z6z7z", {"index": True, "theme": "dark"}),  # corner indices (issue 39)
    ("1m *2m 34-5p *6s 789p1z*7z", {"layout": "river", "row": 4, "index": True}),
]


def premultiplied(img: Image.Image) -> Image.Image:
    img = img.convert("RGBA")
    alpha = img.getchannel("A")
    return Image.merge("RGBA", [ImageChops.multiply(img.getchannel(c), alpha) for c in "RGB"] + [alpha])


def error(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of premultiplied RGBA, over all four channels (0-255)."""
    assert a.size == b.size, (a.size, b.size)
    return sum(ImageStat.Stat(ImageChops.difference(premultiplied(a), premultiplied(b))).mean) / 4


@contextlib.contextmanager
def launched():
    """Debian's Chromium through playwright, headless; `need`s both."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need(False, "python playwright is not installed (pip install -e '.[test]')")
    from pathlib import Path

    need(Path(CHROMIUM).exists(), f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as p:
        yield p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)


@pytest.fixture(scope="module")
def chromium():
    with launched() as browser:
        pages = {d: browser.new_page(device_scale_factor=d, viewport={"width": 2400, "height": 400}) for d in (1, 2)}

        def raster(svg: bytes, width: int, height: int, scheme: str = "light", dpr: int = SCALE,
                   img: str = '<img src="{uri}" style="display:block">') -> Image.Image:
            """The SVG as an <img> (as docs pages show it), screenshot at `dpr` on a clear page.
            `img`: the markup, where {uri} is the SVG's data: URL."""
            page = pages[dpr]
            page.emulate_media(color_scheme=scheme)
            uri = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
            page.set_content(f'<body style="margin:0">{img.format(uri=uri, w=width, h=height)}</body>')
            page.evaluate("document.images[0].decode()")
            shot = page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": width, "height": height})
            return Image.open(io.BytesIO(shot)).convert("RGBA")

        yield raster
        browser.close()


def side_by_side(name: str, svg_img: Image.Image, png_img: Image.Image) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    both = Image.new("RGBA", (svg_img.width, svg_img.height * 2 + 8), (128, 128, 128, 255))
    both.alpha_composite(svg_img, (0, 0))
    both.alpha_composite(png_img, (0, svg_img.height + 8))
    both.save(ARTIFACTS / f"svg-vs-png-{name}.png")


@pytest.mark.parametrize("index", [False, True], ids=["plain", "index"])
@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
def test_every_face_looks_the_same_as_the_png(chromium, theme, sideways, index):
    tw, th = tile_art.tile_width(HEIGHT), HEIGHT
    w, h = (th, tw) if sideways else (tw, th)
    doc = Document((theme,), HEIGHT, SCALE, index)
    png = Image.new("RGBA", (len(tile_art.CODES) * (w + GAP) * SCALE, h * SCALE), (0, 0, 0, 0))
    uses = []
    for i, code in enumerate(tile_art.CODES):
        uses.append(f'<use href="{doc.tile(code, sideways)}" x="{i * (w + GAP)}" y="0" width="{w}" height="{h}"/>')
        png.paste(tile_art.face(code, HEIGHT, SCALE, theme, sideways, index), (i * (w + GAP) * SCALE, 0))
    width = len(tile_art.CODES) * (w + GAP)
    got = chromium(doc.svg(width, h, uses).encode(), width, h)
    side_by_side(f"faces-{theme}-{'sideways' if sideways else 'upright'}{'-index' if index else ''}", got, png)
    errors = {}
    for i, code in enumerate(tile_art.CODES):
        box = (i * (w + GAP) * SCALE, 0, (i * (w + GAP) + w) * SCALE, h * SCALE)
        errors[code] = round(error(got.crop(box), png.crop(box)), 2)
    worst = max(errors, key=errors.get)
    assert errors[worst] <= BOUND, (worst, errors)
    # and the check can tell faces apart: each face is far from its neighbour in CODES
    for i, code in enumerate(tile_art.CODES[:-1]):
        other = tile_art.CODES[i + 1]
        box = (i * (w + GAP) * SCALE, 0, (i * (w + GAP) + w) * SCALE, h * SCALE)
        assert error(got.crop(box), tile_art.face(other, HEIGHT, SCALE, theme, sideways, index)) > BOUND / 2, code


@pytest.mark.parametrize("notation,kw", HANDS, ids=[n for n, _ in HANDS])
def test_hands_look_the_same_as_the_png(chromium, notation, kw):
    hand = read(notation, kw.get("layout", "hand"))
    png = compose(hand, RenderOptions(scale=SCALE, **kw))
    svg = render_svg(hand, RenderOptions(scale=SCALE, format="svg", **kw))
    got = chromium(svg, png.width // SCALE, png.height // SCALE)
    side_by_side("hand-" + "".join(c if c.isalnum() else "_" for c in notation) + ("-index" if kw.get("index") else ""),
                 got, png)
    assert error(got, png) <= BOUND, error(got, png)


def test_auto_follows_the_readers_colour_scheme(chromium):
    hand = parse("11222333s22m+-456m+4s")
    auto = render_svg(hand, RenderOptions(format="svg", theme="auto", scale=SCALE))
    size = (420, 38)
    for scheme in ("light", "dark"):
        fixed = render_svg(hand, RenderOptions(format="svg", theme=scheme, scale=SCALE))
        a, b = chromium(auto, *size, scheme=scheme), chromium(fixed, *size)
        assert ImageChops.difference(a, b).getbbox(alpha_only=False) is None, scheme
    light, dark = chromium(auto, *size, scheme="light"), chromium(auto, *size, scheme="dark")
    assert error(light, dark) > 5  # the query did switch


METRIC_HAND = "19m19p19s1234567z+1m"  # issue 23: 9.5 at 2x when the docs SVG was tuned for 1x only


@pytest.mark.parametrize("theme", ["light", "dark", "auto"])
@pytest.mark.parametrize("notation", [METRIC_HAND, "11222333s22m+-456m+4s", "1m *2m 34-5p *6s 789p1z*7z"])
def test_the_docs_svg_is_right_at_1x_and_at_2x(chromium, notation, theme):
    """Issue 23: one file (no scale) for 1x and 2x screens: `a.svg` tuned for 1x, `a.svg#2x` for 2x."""
    layout = "river" if "*" in notation else "hand"
    kw = {"layout": layout, "row": 4} if layout == "river" else {}
    hand = read(notation, layout)
    svg = render_svg(hand, RenderOptions(format="svg", theme=theme, **kw))
    shown = "light" if theme == "auto" else theme
    errors = {}
    for dpr, img in ((1, '<img src="{uri}" style="display:block">'),
                     (2, '<img src="{uri}#2x" style="display:block">'),
                     (2, '<img src="{uri}" srcset="{uri} 1x, {uri}#2x 2x" width="{w}" height="{h}" style="display:block">')):
        png = compose(hand, RenderOptions(scale=dpr, theme=shown, **kw))
        got = chromium(svg, png.width // dpr, png.height // dpr, dpr=dpr, img=img)
        side_by_side(f"docs-svg-{dpr}x-{theme}-" + "".join(c if c.isalnum() else "_" for c in notation), got, png)
        errors[(dpr, "srcset" in img)] = round(error(got, png), 2)
    assert max(errors.values()) <= BOUND, errors


def test_a_resolution_query_is_not_seen_in_an_img(chromium):
    """Why the page picks the drawing: in an <img>, Chromium's SVG sees 1dppx on a 2x screen.
    When this fails, a `@media (min-resolution: 2dppx)` rule could replace `#2x`."""
    probe = (b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><style>rect{fill:#f00}'
             b'@media (min-resolution:2dppx){rect{fill:#00f}}</style><rect width="4" height="4"/></svg>')
    assert chromium(probe, 4, 4, dpr=2).getpixel((4, 4))[:3] == (255, 0, 0)
