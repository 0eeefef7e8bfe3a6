"""The print themes: `print` (greys only, for a black-and-white laser printer) and `contrast`
(high-contrast outlines), in every format and through every way a theme is named."""

from __future__ import annotations

import io
import re
import zlib

import numpy as np
import pytest
from PIL import Image

import tile_art
from service import RenderOptions, parse, render
from service.notation.options import FORMATS
from tile_art import bamboo, body, characters, marks, pins, theme

PRINT_THEMES = ("print", "contrast")
SEEN = 40  # grey levels (0-255) by which a pixel must change to count as seen on paper
SEEN_SHARE = 0.08  # share of the face that must change so (print: 12-23%; light printed in greys: 4% for p, s)


def grey(png: bytes) -> np.ndarray:
    """The picture as a printer's greys, on white paper."""
    img = Image.open(io.BytesIO(png)).convert("RGBA")
    paper = Image.new("RGBA", img.size, "white")
    paper.alpha_composite(img)
    return np.asarray(paper.convert("L"), dtype=float)


def test_the_print_themes_are_themes():
    assert set(PRINT_THEMES) <= set(tile_art.THEMES)
    for name in PRINT_THEMES:
        assert RenderOptions(theme=name).theme == name


def changed_share(theme_name: str, suit: str) -> float:
    """Share of the face whose grey changes by more than SEEN between the red five and the plain one."""
    red, plain = (grey(render(parse(f"{n}{suit}"), RenderOptions(theme=theme_name, scale=2))) for n in (0, 5))
    return float((np.abs(red - plain) > SEEN).mean())


@pytest.mark.parametrize("suit", "mps")
def test_red_and_plain_fives_differ_in_greyscale(suit):
    assert changed_share("print", suit) >= SEEN_SHARE


@pytest.mark.parametrize("suit", "ps")
def test_the_greyscale_check_can_fail(suit):
    """The light theme printed in greys: its red five's pips and sticks turn into the plain five's
    greys (red and green are luma 85 and 81), and its dots are one more of them."""
    assert changed_share("light", suit) < SEEN_SHARE


@pytest.mark.parametrize("suit, dots", [("m", characters.RED_DOTS), ("p", pins.RED_DOTS), ("s", bamboo.RED_DOTS)])
def test_the_red_five_carries_black_dots_on_paper(suit, dots):
    """A mark, not a shade: where the red five has a dot the plain five has its white face."""
    for n, ink in ((0, (0, 0, 0)), (5, None)):
        img = tile_art.face(f"{n}{suit}", 38, 2, "print")
        x0, y0, x1, y1 = body.face_box(img.size, 1)[3]
        unit = (x1 - x0) / 100
        k = (y1 - y0) / unit / marks.FH
        for x, dy, _ in dots:
            pixel = img.getpixel((round(x0 + x * unit), round((y0 + y1) / 2 + dy * k * unit)))[:3]
            assert pixel == ink if ink else min(pixel) > 240, (n, suit, pixel)


def test_print_is_greys_only_in_every_format():
    hand = parse("123m0p5p789s1z6z7z+5z")
    for fmt in FORMATS:
        data = render(hand, RenderOptions(theme="print", format=fmt, dora="1m", score="on"))
        if fmt in ("png", "webp"):
            rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
            assert (rgb[..., 0] == rgb[..., 1]).all() and (rgb[..., 1] == rgb[..., 2]).all()
        elif fmt == "svg":
            colours = set(re.findall(r"#([0-9a-f]{6}|[0-9a-f]{3})\b", data.decode()))
            assert colours and all(len({c[i:i + len(c) // 3] for i in range(0, len(c), len(c) // 3)}) == 1
                                   for c in colours), colours
        else:
            content = b"".join(zlib.decompress(m) for m in re.findall(rb"stream\n(.*?)\nendstream", data, re.S))
            ops = re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b", content)
            assert ops and all(r == g == b for r, g, b in ops)


@pytest.mark.parametrize("name", PRINT_THEMES)
def test_the_themes_draw_in_every_format(name):
    hand = parse("123m0p5p+5-55s")
    for fmt in FORMATS:
        data = render(hand, RenderOptions(theme=name, format=fmt))
        assert data[:4] in (b"\x89PNG", b"RIFF", b"<svg", b"%PDF"), (name, fmt)
    light, other = (render(hand, RenderOptions(theme=t, format="svg")) for t in ("light", name))
    assert light != other


def test_contrast_has_a_black_rim_twice_as_wide():
    light, contrast = (body.face_box((56, 76), 2.0, rim=theme.get_theme(t).rim)[0] for t in ("light", "contrast"))
    assert contrast == pytest.approx(2 * light)
    edge = {t: [max(tile_art.face("1z", 38, 2, t).getpixel((x, 38))[:3]) for x in range(3)] for t in ("light", "contrast")}
    assert edge["contrast"][0] == 0 and edge["contrast"][1] < 64  # two device px of black at 2x
    assert edge["light"][0] > 64 and edge["light"][1] > 128, edge


def test_a_theme_is_named_the_same_way_everywhere():
    from service.http import create_app
    from service.pictures.tag_props import tag_options

    client = create_app().test_client()
    for name in PRINT_THEMES:
        assert client.get(f"/123m.png?theme={name}").status_code == 200
        assert client.get(f"/123m.pdf?theme={name}").status_code == 200
    r = client.get("/123m.png?theme=sepia")
    assert r.status_code == 400 and "print" in r.json["error"]["message"] and "contrast" in r.json["error"]["message"]
    from service.pictures.scan import scan_text

    assert tag_options(scan_text('<Tiles notation="123m" theme="print" />', "a.mdx")[0]).theme == "print"
