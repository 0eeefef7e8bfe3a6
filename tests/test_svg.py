"""SVG output: one pen interface, safe and well-formed XML, deterministic bytes, size, themes.

Pixels are compared with the PNG in real Chromium by tests/browser/test_svg_chromium.py.
"""

from __future__ import annotations

import gzip
import inspect
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import tile_art
from service.layout.layout import layout
from service.notation.grammar import parse
from service.notation.options import OptionError, RenderOptions
from service.drawing.svg import render_svg
from tile_art import outline, svg
from tile_art.glyphs import CHARACTERS
from tile_art.pen import Pen
from tile_art.svg_pen import Group, Shape, SvgPen, poly_path

NS = "{http://www.w3.org/2000/svg}"
HAND = "11222333s22m+-456m+4s"
HANDS = [HAND, "2z+x11xs+x11xp+x11xm+x11xz+2z", "5-5=55p", "r5p 0s 0m", "123456789m1234567z"]
MAX_GZIP = 8000  # the 14-tile hand, gzipped (issue 14)

# What our SVG may contain. Anything else (script, foreignObject, image, a, iframe,
# animation, fonts...) fails `unsafe`.
ELEMENTS = {"svg", "title", "style", "defs", "symbol", "g", "use", "path", "circle", "ellipse", "rect",
            "linearGradient", "stop", "filter", "feColorMatrix"}
ATTRIBUTES = {"width", "height", "viewBox", "id", "class", "href", "x", "y", "transform", "d", "cx", "cy", "r",
              "rx", "ry", "fill", "fill-opacity", "stroke-width", "stroke-linejoin", "gradientUnits", "x1", "y1",
              "x2", "y2", "offset", "filter", "color-interpolation-filters", "values"}


def unsafe(data: bytes) -> list[str]:
    """Everything in `data` that a safe, self-contained SVG must not have; [] if none.

    Parses as XML (ParseError if not well-formed) and checks elements, attributes,
    references (only to ids in this document) and the stylesheet.
    """
    root = ET.fromstring(data)
    problems = []
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        tag = el.tag.replace(NS, "")
        if not el.tag.startswith(NS) or tag not in ELEMENTS:
            problems.append(f"element {el.tag}")
        for name, value in el.attrib.items():
            if name.lower().startswith("on") or name not in ATTRIBUTES:
                problems.append(f"attribute {name}={value!r} on {tag}")
            for ref in re.findall(r"url\(([^)]*)\)", value) + ([value] if name == "href" else []):
                if not ref.startswith("#") or ref[1:] not in ids:
                    problems.append(f"reference {ref!r} in {name}")
            if re.search(r"javascript:|data:|https?:|//", value) and name != "d":
                problems.append(f"external {name}={value!r}")
    for style in root.iter(f"{NS}style"):
        css = style.text or ""
        if re.search(r"@import|url\(|expression|javascript|\\", css, re.I):
            problems.append(f"style {css[:80]!r}")
    if re.search(rb"<!DOCTYPE|<!ENTITY|<\?xml-stylesheet", data):
        problems.append("doctype or entity")
    return problems


def svg_of(notation: str, **kw) -> bytes:
    return render_svg(parse(notation), RenderOptions(format="svg", **kw))


def placed(root, scale: int = 1) -> list:
    """The tiles' `<use>`s of the drawing tuned for `scale`: the top level of a one-density
    SVG, else the 1x group or the `#2x` one."""
    groups = [g for g in root if g.tag == f"{NS}g"]
    if not groups:
        return [u for u in root if u.tag == f"{NS}use"]
    hi, lo = groups
    assert hi.get("id") == "2x" and lo.get("class")
    return [u for u in (hi if scale == 2 else lo) if u.tag == f"{NS}use"]


def test_the_vector_pen_has_every_method_of_the_pillow_pen():
    """Drawing code may call any public Pen method; the SVG backend must mirror each one."""
    pillow_only = {"px"}  # pixel coordinates: meaningless in vectors, not for drawing code
    for name, member in inspect.getmembers(Pen):
        if name.startswith("_") or name in pillow_only:
            continue
        assert hasattr(SvgPen, name), f"SvgPen lacks Pen.{name}: add it to tile_art/svg_pen.py"
        if callable(member):
            want = list(inspect.signature(member).parameters)
            got = list(inspect.signature(getattr(SvgPen, name)).parameters)
            assert got == want, (name, got, want)


@pytest.mark.parametrize("notation", HANDS)
@pytest.mark.parametrize("theme", ["light", "dark", "auto"])
def test_svg_is_well_formed_and_safe(notation, theme):
    for bg in (None, "1e1e1e80"):
        data = svg_of(notation, theme=theme, **({"background": (30, 30, 30, 128)} if bg else {}))
        assert unsafe(data) == [], notation


def test_rivers_riichi_sideways_and_tsumogiri_dimmed():
    from service.layout.arrange import arrange
    from service.notation.subject import read

    opts = RenderOptions(format="svg", layout="river", row=4, theme="auto")
    river = read("1m *2m 34-5p *6s 789p", "river")
    data = render_svg(river, opts)
    assert unsafe(data) == []
    root = ET.fromstring(data)
    lay = arrange(river, opts)
    for scale in (1, 2):
        uses = placed(root, scale)
        assert [(int(u.get("x")), int(u.get("y")), int(u.get("width")), int(u.get("height"))) for u in uses] == \
            [(p.x, p.y, p.w, p.h) for p in lay.placements]
        dimmed = [bool(u.get("filter")) for u in uses]
        assert dimmed == [p.tile.tsumogiri for p in lay.placements] and sum(dimmed) == 2
    assert len(list(root.iter(f"{NS}filter"))) == 1
    assert "filter" not in svg_of(HAND).decode()  # only when a tile is dimmed


def test_the_safety_check_can_fail():
    good = svg_of("1m")
    assert unsafe(good) == []
    bad = [
        good.replace(b"<defs>", b"<defs><script>alert(1)</script>"),
        good.replace(b"<defs>", b'<defs><foreignObject width="9"/>'),
        good.replace(b"<defs>", b'<defs><image href="x.png"/>'),
        good.replace(b"<svg ", b'<svg onload="alert(1)" ', 1),
        good.replace(b'href="#', b'href="https://evil.example/a.svg#', 1),
        good.replace(b"<style>", b"<style>@import url(https://evil.example/a.css);"),
        good.replace(b'fill="url(#', b'fill="url(https://evil.example/#', 1),
    ]
    for data in bad:
        assert unsafe(data), data[:200]
    with pytest.raises(ET.ParseError):
        unsafe(good.replace(b"</defs>", b""))


def test_size_matches_the_layout_and_every_tile_is_placed():
    for notation in HANDS:
        hand = parse(notation)
        lay = layout(hand, 41, 7)
        root = ET.fromstring(render_svg(hand, RenderOptions(height=41, gap=7, format="svg")))
        assert (root.get("width"), root.get("height")) == (str(lay.width), str(lay.height))
        assert root.get("viewBox") == f"0 0 {lay.width} {lay.height}"
        symbols = {s.get("id"): s for s in root.iter(f"{NS}symbol")}
        distinct = {(p.tile.code, p.sideways) for p in lay.placements}
        assert len(symbols) == 2 * len(distinct)  # each distinct face once per density (1x, 2x)
        for scale in (1, 2):
            uses = placed(root, scale)
            assert [(int(u.get("x")), int(u.get("y")), int(u.get("width")), int(u.get("height"))) for u in uses] == \
                [(p.x, p.y, p.w, p.h) for p in lay.placements]
            for u, p in zip(uses, lay.placements):
                w, h = symbols[u.get("href")[1:]].get("viewBox").split()[2:]
                assert (int(w), int(h)) == (p.w * scale, p.h * scale)  # device px at that density


def test_each_glyph_and_shared_group_is_written_once():
    data = svg_of("1111m2222m3333m")  # three man faces share 萬
    root = ET.fromstring(data)
    paths_in_defs = [p for p in root.find(f"{NS}defs") if p.tag == f"{NS}path"]
    assert len(paths_in_defs) == 4  # 一 二 三 萬
    assert data.count(outline.path_data("萬").encode()) == 1
    # the body is one <g> used by all three symbols; the sideways 4m reuses the upright content
    # 4m-4m: the face content, upright in one symbol and turned in the other; 1m2m3m: the body
    for notation, uses in (("4m-4m", 2), ("1m2m3m", 3)):
        data = svg_of(notation, scale=2)  # one density
        (gid,) = re.findall(rb'<g id="([^"]+)">', data)
        assert data.count(b'href="#' + gid + b'"') == uses
    # 1x and 2x drawings: a body each (their hairlines differ), each face's content once for both
    data = svg_of("1m2m3m")
    shared = [g for g in re.findall(rb'<g id="([^"]+)">', data) if g != b"2x"]
    assert sorted(data.count(b'href="#' + g + b'"') for g in shared) == [2, 2, 2, 3, 3]
    assert len(svg_of(HAND)) < 1.4 * len(svg_of(HAND, scale=2))


def test_deterministic_same_bytes_twice_and_across_processes():
    here = [svg_of(n, theme=t) for n in HANDS[:3] for t in ("light", "auto")]
    assert here == [svg_of(n, theme=t) for n in HANDS[:3] for t in ("light", "auto")]
    script = ("import sys, hashlib; from service.notation.grammar import parse; from service.notation.options import RenderOptions; "
              "from service.drawing.svg import render_svg; "
              f"print(' '.join(hashlib.sha256(render_svg(parse(n), RenderOptions(format='svg', theme=t))).hexdigest() "
              f"for n in {HANDS[:3]!r} for t in ('light', 'auto')))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    import hashlib

    assert out.split() == [hashlib.sha256(d).hexdigest() for d in here]


def test_fourteen_tile_hand_fits_the_byte_budget():
    for theme in ("light", "dark", "auto"):
        data = svg_of(HAND, theme=theme)
        packed = gzip.compress(data, 6, mtime=0)
        assert len(packed) <= MAX_GZIP, (theme, len(data), len(packed))


def test_auto_is_light_with_dark_colours_under_the_media_query():
    light, dark, auto = (svg_of(HAND, theme=t).decode() for t in ("light", "dark", "auto"))
    assert "prefers-color-scheme" not in light and "prefers-color-scheme" not in dark
    normal, _, media = auto.partition("@media (prefers-color-scheme:dark){")
    colours = lambda text: re.findall(r"#[0-9a-f]{3,8}\b", text)  # noqa: E731
    style = lambda text: text.split("<style>")[1].split("</style>")[0]  # noqa: E731
    assert set(colours(style(normal))) == set(colours(style(light)))
    assert set(colours(media)) <= set(colours(style(dark))) and len(colours(media)) > 5
    # same shapes: with the styles removed, light and dark documents differ only in their scope hash
    strip = lambda text: re.sub(r"k[0-9a-f]{6}", "K", re.sub(r"<style>.*</style>", "", text))  # noqa: E731
    assert strip(light) == strip(dark)


def test_themes_that_draw_different_shapes_get_one_group_each(monkeypatch):
    real = svg.tile_nodes

    def skewed(code, height, scale, theme, sideways, content_scale=None, index=False):
        nodes, size = real(code, height, scale, theme, sideways, content_scale, index)
        if theme == "dark":
            nodes += (Shape("circle", 'cx="1" cy="1" r="1"', (0, 0, 0)),)
        return nodes, size

    with pytest.raises(svg.ThemeShapesDiffer):
        svg.merge([real("1m", 38, 1, "light", False)[0], skewed("1m", 38, 1, "dark", False)[0]])
    monkeypatch.setattr(svg, "tile_nodes", skewed)
    svg.themed_tile.cache_clear()
    try:
        data = svg_of("1m", theme="auto")
    finally:
        svg.themed_tile.cache_clear()
    assert unsafe(data) == []
    text = data.decode()
    scope = re.search(r'class="(k[0-9a-f]{6})m0"', text).group(1)
    assert f'class="{scope}m1"' in text and f".{scope}m1{{display:none}}" in text
    assert f".{scope}m0{{display:none}}" in text.split("prefers-color-scheme:dark")[1]


def test_background_and_gap_as_for_png():
    root = ET.fromstring(svg_of("12m+3m", background=(255, 255, 255, 255), gap=0))
    rect = next(el for el in root if el.tag == f"{NS}rect")
    assert (rect.get("fill"), rect.get("width")) == ("#fff", root.get("width"))
    assert root.get("width") == str(3 * tile_art.tile_width(38))
    assert all(el.tag != f"{NS}rect" for el in ET.fromstring(svg_of("12m")))  # transparent: no rect
    half = ET.fromstring(svg_of("1m", background=(0, 0, 0, 128)))
    assert next(el for el in half if el.tag == f"{NS}rect").get("fill-opacity") == ".502"


def test_scale_tunes_the_hairline_only():
    """The symbol's viewBox is the tile in device px at `scale`; the document's size stays CSS px.
    Without a scale (1) the SVG holds both the 1x and the 2x drawing, `#2x` showing the second."""
    one, two = ET.fromstring(svg_of("1m", scale=1)), ET.fromstring(svg_of("1m", scale=2))
    assert one.get("width") == two.get("width") == "28"
    assert [s.get("viewBox") for s in one.iter(f"{NS}symbol")] == ["0 0 56 76", "0 0 28 38"]
    assert [s.get("viewBox") for s in two.iter(f"{NS}symbol")] == ["0 0 56 76"]
    style = next(one.iter(f"{NS}style")).text
    assert '[id="2x"]:target{display:inline}' in style and "2x" not in next(two.iter(f"{NS}style")).text


def test_options_for_svg():
    assert RenderOptions.from_query({"theme": "auto"}, "svg").key().endswith("-auto-bgnone-gauto-svg")
    with pytest.raises(OptionError, match="theme auto is for SVG only"):
        RenderOptions.from_query({"theme": "auto"}, "png")
    with pytest.raises(OptionError, match="format must be png, webp, svg or pdf"):
        RenderOptions(format="gif")


def test_glyph_outlines_and_rasters_come_from_the_same_font():
    """fontTools' outline bounds agree with the FreeType ink bounds that place both (to 0.5% em)."""
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from tile_art import glyphs

    font = TTFont(str(glyphs.font_file()), lazy=True)
    glyph_set, cmap, upem = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm
    assert upem == outline.units_per_em()
    for ch in CHARACTERS:
        pen = BoundsPen(glyph_set)
        glyph_set[cmap[ord(ch)]].draw(pen)
        got = [v / upem for v in pen.bounds]
        want = outline.ink_bounds(ch)
        assert max(abs(a - b) for a, b in zip(got, want)) < 0.005, (ch, got, want)
        assert outline.path_data(ch).startswith("M")


def test_poly_paths_read_the_same_wherever_the_shape_is():
    shape = [(0.0, 0.0), (3.33, 0.1), (3.05, 7.77), (0.01, 5.5)]
    a = poly_path([(x + 12.34, y + 5.67) for x, y in shape])
    b = poly_path([(x + 61.9, y + 101.06) for x, y in shape])
    assert a.split("l")[1] == b.split("l")[1]
    assert a.startswith("M12.3 5.7l") and a.endswith("z")


def test_the_pen_records_groups_for_turned_content():
    pen = SvgPen(fh=75)
    pen.turned(130, lambda p: p.circle(50, 65, 10, (1, 2, 3)))
    (group,) = pen.nodes
    assert isinstance(group, Group) and group.transform.startswith("matrix(0 -")
    assert group.children[0].geom == 'cx="50" cy="65" r="10"'


def test_cli_writes_svg_by_file_name(tmp_path, capsys):
    from service.cli import main

    out = tmp_path / "hand.svg"
    assert main(["render", HAND, "-o", str(out), "--theme", "auto", "--height", "50"]) == 0
    assert out.read_bytes() == svg_of(HAND, theme="auto", height=50)
    assert main(["render", "-456m", "-o", "-", "--format", "svg"]) == 0
    assert capsys.readouterr().out.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="')
    assert main(["render", HAND, "-o", str(tmp_path / "hand.png"), "--theme", "auto"]) == 2
    assert "theme auto is for SVG only" in capsys.readouterr().err


def test_a_label_of_new_characters_reads_their_outlines_in_one_child(monkeypatch):
    """Each outline read costs a child process loading the font (~1 s): a label's new
    characters are read together, and the faces' own glyphs (bonus tiles, JOKER) with the rest."""
    import subprocess

    from service.drawing.labels import svg_labels
    from service.layout.layout import Label
    from tile_art import glyphs, outline

    assert set("梅蘭菊竹春夏秋冬1234JOKER?") <= set(glyphs.CHARACTERS)
    monkeypatch.setattr(outline, "_PATHS", {})
    monkeypatch.setattr(outline, "_UPEM", [])
    outline.path_data.cache_clear()
    runs = []
    real = subprocess.run
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: runs.append(a[0][-1]) or real(*a, **k))
    svg_labels((Label("ドラ表示", 0, 10, 10), Label("宝牌指示牌 Dora", 0, 30, 10)), "lab")
    assert len(runs) == 1 and set("ドラ表示宝牌指Dor") <= set(runs[0])
    outline.path_data("梅")
    assert len(runs) == 1
