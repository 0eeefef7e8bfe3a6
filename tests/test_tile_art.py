"""Tile art: sizes, distinctness, red fives, themes, determinism, font, cache, errors."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import subprocess
import sys

import pytest
from cachetools import LRUCache
from PIL import Image, ImageChops, ImageStat

import tile_art
from tile_art import body, faces, glyphs, theme

# Distinctness threshold: mean absolute RGB difference (0-255) over the whole tile.
# 2.5 is what a feature covering 2% of the tile (about 21 px of a 28x38 tile, a 4x5
# block) changing by half the full range (128 levels) contributes: 0.02 * 128 = 2.56.
# Anything less is a few antialiased pixels, invisible at a glance. The closest pairs
# today are 2m and 3m (shared 萬, one stroke apart): about 7.1 (dark) to 7.8 (light).
DISTINCT = 2.5


def diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference over the RGB channels, 0-255."""
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def digest(img: Image.Image) -> str:
    return hashlib.sha256(img.tobytes()).hexdigest()


def test_codes_and_themes():
    assert len(tile_art.CODES) == 48 and len(set(tile_art.CODES)) == 48
    assert tile_art.CODES[:10] == ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "0m")
    assert tile_art.CODES[30:37] == ("1z", "2z", "3z", "4z", "5z", "6z", "7z")
    assert tile_art.CODES[37:] == ("1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "j", "?", "x")
    assert {"light", "dark"} <= set(tile_art.THEMES)


def test_tile_width_formula():
    for h in range(faces.MIN_HEIGHT, faces.MAX_HEIGHT + 1):
        w = tile_art.tile_width(h)
        assert isinstance(w, int) and w == round(h * 0.75)


@pytest.mark.parametrize("height,scale", [(16, 1), (38, 1), (38, 2), (61, 3), (256, 1)])
def test_every_face_has_the_same_exact_size(height, scale):
    want = (tile_art.tile_width(height) * scale, height * scale)
    for code in tile_art.CODES:
        img = tile_art.face(code, height, scale)
        assert img.mode == "RGBA" and img.size == want, code


def test_body_fills_box_with_transparent_corners():
    for code in ("1m", "x"):
        img = tile_art.face(code, 64, 2)
        w, h = img.size
        alpha = img.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((w - 1, h - 1)) == 0
        for xy in ((w // 2, 0), (w // 2, h - 1), (0, h // 2), (w - 1, h // 2)):
            assert alpha.getpixel(xy) >= 200, (code, xy)  # edges touch the box


@pytest.mark.parametrize("name", tile_art.THEMES)
def test_every_face_distinct_at_38px(name):
    imgs = {c: tile_art.face(c, 38, 1, name) for c in tile_art.CODES}
    close = [(a, b, round(diff(imgs[a], imgs[b]), 2)) for a, b in itertools.combinations(tile_art.CODES, 2)
             if diff(imgs[a], imgs[b]) <= DISTINCT]
    assert not close


def _red_pixels(img: Image.Image) -> int:
    """Count of opaque, clearly red pixels (R > 150, G and B < 90)."""
    r, g, b, a = (img.getchannel(c) for c in "RGBA")
    tests = (r.point(lambda v: 255 * (v > 150)), g.point(lambda v: 255 * (v < 90)),
             b.point(lambda v: 255 * (v < 90)), a.point(lambda v: 255 * (v > 200)))
    mask = tests[0]
    for t in tests[1:]:
        mask = ImageChops.multiply(mask, t)
    return mask.histogram()[255]


@pytest.mark.parametrize("suit", "mps")
def test_red_fives_are_red_and_differ_from_plain_fives(suit):
    for name in tile_art.THEMES:
        red, plain = tile_art.face(f"0{suit}", 38, 2, name), tile_art.face(f"5{suit}", 38, 2, name)
        assert diff(red, plain) > DISTINCT
        if len(set(theme.get_theme(name).red)) > 1:  # the print theme's red is a grey (tests/test_print_themes.py)
            assert _red_pixels(red) > 1.3 * _red_pixels(plain) + 20


# Machado, Oliveira & Fernandes (2009) colour-vision-deficiency matrices at severity 1.0,
# applied to sRGB values through Image.convert, as the issue that asked for this test does.
MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
}
SEEN = 40      # luminance levels (0-255) by which a pixel must change to count as seen
SEEN_SHARE = 0.03  # share of the face's pixels that must change


def seen_share(a: Image.Image, b: Image.Image, matrix, sideways: bool) -> float:
    """Share of the face's pixels whose luminance, as a reader with the deficiency sees
    it, differs by more than SEEN between `a` and `b`."""
    x0, y0, x1, y1 = (round(v) for v in body.face_box(a.size, 1, sideways)[3])
    flat = tuple(v for row in matrix for v in (*row, 0))

    def seen(img: Image.Image) -> Image.Image:
        return img.crop((x0, y0, x1, y1)).convert("RGB").convert("RGB", flat).convert("L")

    changed = ImageChops.difference(seen(a), seen(b)).point(lambda v: 255 * (v > SEEN))
    return changed.histogram()[255] / ((x1 - x0) * (y1 - y0))


@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
@pytest.mark.parametrize("suit", "mps")
def test_red_fives_survive_colour_blindness(suit, sideways):
    for name in tile_art.THEMES:
        red, plain = (tile_art.face(f"{n}{suit}", 38, 2, name, sideways=sideways) for n in (0, 5))
        for kind, matrix in MACHADO.items():
            share = seen_share(red, plain, matrix, sideways)
            assert share >= SEEN_SHARE, (name, kind, round(share, 4))


def test_colour_alone_is_not_seen_by_the_colour_blindness_check(monkeypatch):
    """The check above does catch a red five told apart by colour only: 5s with every stick
    recoloured red, but no dot, is the same face to a deuteranope."""
    only_red = dataclasses.replace(theme.LIGHT, green=theme.LIGHT.red, green_dark=theme.LIGHT.red_dark)
    monkeypatch.setitem(theme.THEME_DATA, "only-red", only_red)
    recoloured, plain = tile_art.face("5s", 38, 2, "only-red"), tile_art.face("5s", 38, 2)
    assert diff(recoloured, plain) > DISTINCT  # plainly different in colour...
    assert seen_share(recoloured, plain, MACHADO["deuteranopia"], False) < SEEN_SHARE / 3  # ...not without it


def test_back_differs_from_every_face():
    back = tile_art.face("x", 38)
    for code in tile_art.CODES[:-1]:
        assert diff(back, tile_art.face(code, 38)) > 10 * DISTINCT, code


def test_light_and_dark_differ():
    for code in tile_art.CODES:
        assert diff(tile_art.face(code, 38, theme="light"), tile_art.face(code, 38, theme="dark")) > DISTINCT


def test_deterministic_same_bytes_twice_and_across_processes():
    codes = ("1p", "1s", "8s", "0m", "6z", "x")
    here = [digest(faces.draw_face(c, 38, 2, "dark")) for c in codes]
    assert here == [digest(faces.draw_face(c, 38, 2, "dark")) for c in codes]
    assert here == [digest(tile_art.face(c, 38, 2, "dark")) for c in codes]
    script = ("import hashlib, tile_art.faces as f; "
              f"print(' '.join(hashlib.sha256(f.draw_face(c, 38, 2, 'dark').tobytes()).hexdigest() for c in {codes!r}))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == here


def test_sideways_keeps_the_edge_at_the_bottom_and_turns_only_the_content():
    h, s = 64, 2
    for code in ("1m", "7p", "x"):
        up, side = tile_art.face(code, h, s), tile_art.face(code, h, s, sideways=True)
        assert side.size == (h * s, tile_art.tile_width(h) * s)
        alpha = side.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((side.width - 1, side.height - 1)) == 0
        for xy in ((side.width // 2, 0), (side.width // 2, side.height - 1), (0, side.height // 2)):
            assert alpha.getpixel(xy) >= 200, (code, xy)  # fills the box
        # the same depth strip as the upright tile, row for row from the bottom
        for dy in range(1, round(0.09 * h * s)):
            assert side.getpixel((side.width // 2, side.height - dy)) == up.getpixel((up.width // 2, up.height - dy))
    # the content is the upright face's, turned counter-clockwise and scaled to the face height:
    # compared on a coarse grid, each sideways face is nearest its own turned upright face
    _, _, _, (x0, y0, x1, y1) = body.face_box(up.size, 1)
    _, _, _, (sx0, sy0, sx1, sy1) = body.face_box(side.size, 1, sideways=True)
    pad = ((sx1 - sx0) - (y1 - y0) / (x1 - x0) * (sy1 - sy0)) / 2

    def coarse(img: Image.Image) -> Image.Image:
        return img.convert("RGB").resize((12, 9), Image.Resampling.BOX)

    turned = {c: coarse(tile_art.face(c, h, s).crop((x0, y0, x1, y1)).transpose(Image.Transpose.ROTATE_90))
              for c in tile_art.CODES[:-1]}
    for code in tile_art.CODES[:-1]:
        got = coarse(tile_art.face(code, h, s, sideways=True).crop((sx0 + pad, sy0, sx1 - pad, sy1)))
        dist = {c: diff(got, t) for c, t in turned.items()}
        assert min(dist, key=dist.get) == code and dist[code] < 14, (code, dist[code])


def test_font_covers_every_tile_character():
    assert glyphs.missing_glyphs() == []
    assert glyphs.missing_glyphs("\U000F0002") == ["\U000F0002"]  # the check does catch tofu
    for ch in glyphs.CHARACTERS:
        assert glyphs.glyph_mask(ch).getbbox() is not None


def test_missing_font_names_the_pip_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "noto_cjk", None)  # import fails
    glyphs.font_file.cache_clear()
    try:
        with pytest.raises(glyphs.FontMissing, match=r"noto-cjk\[sans-jp-bold\]"):
            glyphs.font_file()
    finally:
        glyphs.font_file.cache_clear()


@pytest.mark.parametrize("kwargs,match", [
    ({"code": "5q"}, "unknown tile code '5q'"),
    ({"code": "0z"}, "unknown tile code"),
    ({"code": ""}, "unknown tile code"),
    ({"theme": "neon"}, "unknown theme 'neon'.*light"),
    ({"height": 15}, "height must be an integer from 16 to 256"),
    ({"height": 257}, "height"),
    ({"height": 38.0}, "height"),
    ({"scale": 0}, "scale must be an integer from 1 to 4"),
    ({"scale": 5}, "scale"),
])
def test_bad_arguments_raise_value_error(kwargs, match):
    args = {"code": "1m", "height": 38, "scale": 1, "theme": "light"} | kwargs
    with pytest.raises(ValueError, match=match):
        tile_art.face(**args)
    if "code" not in kwargs:
        with pytest.raises(ValueError):
            tile_art.contact_sheet(args["height"], args["theme"], args["scale"])


def test_cache_returns_the_same_image_and_is_bounded(monkeypatch):
    assert faces.CACHE.maxsize == faces.CACHE_BYTES
    small = LRUCache(maxsize=200_000, getsizeof=faces._nbytes)
    monkeypatch.setattr(faces, "CACHE", small)
    first = tile_art.face("3p", 38, 2)
    assert tile_art.face("3p", 38, 2) is first
    for code in tile_art.CODES:
        tile_art.face(code, 64, 2)  # 96x128 RGBA = 48 KiB each: only 4 fit
        assert small.currsize <= small.maxsize
    assert len(small) == 4 and ("3p", 38, 2, "light", False) not in small
    assert tile_art.face("3p", 38, 2) is not first  # evicted, drawn again
    assert tile_art.face("3p", 38, 2).tobytes() == first.tobytes()


def test_adding_a_theme_is_adding_data(monkeypatch):
    sepia = dataclasses.replace(theme.LIGHT, back=(90, 60, 30))
    monkeypatch.setitem(theme.THEME_DATA, "sepia", sepia)
    assert diff(tile_art.face("x", 38, theme="sepia"), tile_art.face("x", 38)) > DISTINCT
    # faces show the back colour only in the thin bottom band; above it they are identical
    top = (0, 0, tile_art.tile_width(64), 56)
    assert tile_art.face("1m", 64, theme="sepia").crop(top).tobytes() == tile_art.face("1m", 64).crop(top).tobytes()


def test_contact_sheet_holds_every_face(tmp_path):
    sheet = tile_art.contact_sheet(38, "dark", 2)
    w, h, gap = tile_art.tile_width(38) * 2, 76, 76 // 8
    assert sheet.size == (gap + 10 * (w + gap), gap + 5 * (h + gap))
    # the sheet's second tile is 2m
    tile = sheet.crop((gap * 2 + w, gap, gap * 2 + 2 * w, gap + h))
    assert diff(tile, tile_art.face("2m", 38, 2, "dark")) < 20
    path = tmp_path / "sheet.png"
    from tile_art.sheet import write_sheet
    write_sheet(path, 38, "dark", scale=2)
    with Image.open(path) as png:
        assert png.format == "PNG" and png.size == sheet.size


def test_threads_get_the_same_faces():
    from concurrent.futures import ThreadPoolExecutor

    tile_art.clear_cache()
    with ThreadPoolExecutor(8) as pool:
        got = list(pool.map(lambda c: digest(tile_art.face(c, 41, 2, "dark")), tile_art.CODES * 2))
    want = [digest(faces.draw_face(c, 41, 2, "dark")) for c in tile_art.CODES] * 2
    assert got == want


def _upright_fhs():
    """Face heights in units (face width 100) of every upright tile size we draw."""
    for height in range(faces.MIN_HEIGHT, faces.MAX_HEIGHT + 1):
        for scale in range(1, faces.MAX_SCALE + 1):
            w, h = tile_art.tile_width(height) * scale, height * scale
            ss = faces.supersample(h)
            yield faces.upright_fh((w * ss, h * ss), ss)


def test_no_two_pins_touch_on_any_face_size():
    from tile_art import pins
    heights = list(_upright_fhs())
    assert min(pins.gaps(pins.FH)) >= pins.GAP
    for fh in (min(heights), max(heights)):  # a shorter face shrinks the gaps with everything else
        assert min(pins.gaps(fh)) >= pins.GAP * min(1, fh / pins.FH) - 1e-9, fh
    assert len({r for _, _, r, _ in pins.LAYOUTS[7]}) == 1  # 7p: one size for all seven


def test_bamboo_groups_span_about_80_percent_of_the_face():
    from tile_art import bamboo
    for number in range(3, 10):
        assert 78 <= bamboo.span(number) <= 84, number


def test_8s_is_w_over_m_with_inner_pairs_crossing_in_the_middle():
    from tile_art import bamboo
    sticks = bamboo.LAYOUTS[8]
    upright = [s for s in sticks if s[3] == 0]
    leaning = [s for s in sticks if s[3] != 0]
    assert len(upright) == 4 and {x < 50 for x, *_ in upright} == {True, False}
    assert all(30 <= abs(a) <= 50 for *_, a, _ in leaning)
    for half in (-1, 1):
        pair = [s for s in leaning if (s[1] > 0) == (half > 0)]
        assert len(pair) == 2 and pair[0][3] == -pair[1][3]
        # the two axes cross in the middle column, inside both sticks (not at their ends)
        (x1, y1, l1, a1, _), (x2, y2, _, a2, _) = pair
        t1, t2 = (math.tan(math.radians(a)) for a in (a1, a2))
        y = (x1 - x2 + t1 * y1 - t2 * y2) / (t1 - t2)  # x = xi - ti * (y - yi) on each axis
        x = x1 - t1 * (y - y1)
        assert abs(x - 50) < 0.01 and math.dist((x, y), (x1, y1)) < l1 / 2 - 2 * bamboo.KNOB * bamboo.WIDTHS[8]
        # a W above (the crossing is the top of the pair), an M below (the bottom)
        assert (y < y1) == (half < 0)


class _Recorder:
    """A stand-in Pen that records the colour of every shape drawn."""

    def __init__(self):
        self.fills = []

    def poly(self, points, fill):
        self.fills.append(fill)

    def line(self, points, width, fill):
        self.fills.append(fill)


def test_sticks_that_meet_share_one_outline():
    """Every rind is drawn before any stick's body, so where 8s sticks cross or touch no
    outline runs across another stick."""
    from tile_art import bamboo
    t = theme.LIGHT
    pen = _Recorder()
    sticks = [(x, 64 + y, length, a, t.green, t.green_dark) for x, y, length, a, _ in bamboo.LAYOUTS[8]]
    bamboo.draw_sticks(pen, sticks, bamboo.WIDTHS[8], t.light)
    first_body = pen.fills.index(t.green)
    assert set(pen.fills[:first_body]) == {t.green_dark}
    assert pen.fills[:first_body].count(t.green_dark) == 8 * len(bamboo.bone(10, 50))


def _ink_rows(code: str, name: str = "light") -> tuple[list[bool], int]:
    """Which rows of the face (64 px x2) hold ink, and the face height in px. The outer
    columns, where the face's rounded corners show the edge, are left out."""
    img = tile_art.face(code, 64, 2, name)
    x0, y0, x1, y1 = (round(v) for v in body.face_box(img.size, 1)[3])
    x0, x1 = x0 + round(0.12 * (x1 - x0)), x1 - round(0.12 * (x1 - x0))
    face_img = img.crop((x0, y0, x1, y1)).convert("RGB")
    paper = Image.new("RGB", face_img.size, theme.get_theme(name).body_low)
    inked = ImageChops.difference(face_img, paper).convert("L").point(lambda v: 255 * (v > 60))
    w = face_img.width
    rows = [sum(inked.crop((0, y, w, y + 1)).histogram()[255:]) > 0 for y in range(face_img.height)]
    return rows, face_img.height


@pytest.mark.parametrize("code", [f"{n}m" for n in "1234567890"])
def test_man_numerals_clear_the_bevel_and_the_man_character(code):
    rows, h = _ink_rows(code)
    top = rows.index(True)
    assert top >= 0.04 * h, top  # below the bevel
    runs, run = [], 0  # blank runs between the first and the last inked row
    for inked in rows[top:len(rows) - rows[::-1].index(True)]:
        run = 0 if inked else run + 1
        runs.append(run)
    assert max(runs) >= 0.04 * h  # a clear band between the numeral and 萬


def test_five_man_is_written_with_go_as_on_japanese_tiles():
    assert glyphs.NUMERALS[4] == "伍" and "伍" in glyphs.CHARACTERS


@pytest.mark.parametrize("name", tile_art.THEMES)
def test_face_down_tiles_show_the_ivory_layer_at_the_bottom(name):
    colours = theme.get_theme(name)
    for sideways in (False, True):
        down, up = tile_art.face("x", 64, 2, name, sideways), tile_art.face("1m", 64, 2, name, sideways)
        lw = body.face_box(down.size, 1, sideways)[0]
        bottom = (down.width // 2, down.height - 1 - math.ceil(lw) - 1)
        assert down.getpixel(bottom)[:3] == colours.edge  # the ivory layer, under the back
        assert up.getpixel(bottom)[:3] == colours.back    # the back layer, under the face


def test_dark_theme_tiles_keep_ivory_faces_and_a_rim_lighter_than_the_page():
    def lum(rgb):
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    dark, light = theme.get_theme("dark"), theme.get_theme("light")
    assert lum(dark.outline) >= lum(dark.page) + 20  # the rim shows on the page...
    assert lum(dark.outline) < lum(dark.edge)         # ...without glowing
    assert lum(dark.body) >= 0.9 * lum(light.body)    # ivory, only slightly dimmed
    for ink in ("ink", "red", "green", "blue"):
        assert getattr(dark, ink) == getattr(light, ink)  # full-strength ink


def test_the_bevel_thins_on_small_tiles():
    def bevel(height, scale):
        w, h = tile_art.tile_width(height) * scale, height * scale
        lw, _, _, face_box = body.face_box((w, h), 1)
        return face_box[0] - lw

    assert bevel(38, 2) <= 1.0 < 2.0 <= bevel(128, 1)  # one output px at 76 px, full above 96 px wide
    assert bevel(38, 1) < bevel(38, 2) < bevel(64, 2)


@pytest.mark.parametrize("name", tile_art.THEMES)
def test_the_face_is_flat_ivory_and_shades_only_near_its_lower_edge(name):
    """Glyph edges lie on one ivory (so a hand's palette stays small, issue 12); the lowest
    `SHADE` of the face darkens toward `body_low`, in both pens alike."""
    from tile_art.svg_pen import SvgPen

    colours = theme.get_theme(name)
    size = (100, 134)
    pen = body.new_tile(size, colours, device_px=2.0)
    lw, _, _, (x0, y0, x1, y1) = body.face_box(size, 2.0, rim=colours.rim)
    column = [pen.canvas.getpixel((size[0] // 2, y))[:3] for y in range(math.ceil(y0), math.floor(y1))]
    knee = y1 - body.SHADE * (y1 - y0) - math.ceil(y0)
    assert set(column[:math.floor(knee)]) == {colours.body}
    shaded = column[math.ceil(knee):]
    assert all(a >= b for p, q in zip(shaded, shaded[1:]) for a, b in zip(p, q))  # darker going down
    assert all(abs(a - b) <= 2 for a, b in zip(shaded[-1], colours.body_low))
    svg = SvgPen(fh=size[1])
    face = body.draw_body(svg, size, colours, 2.0)
    (gradient,) = [s.paint for s in svg.nodes if not isinstance(s.paint, tuple)]
    assert (gradient.y0, gradient.y1) == (pytest.approx(face[3] - body.SHADE * (face[3] - face[1])), face[3])


@pytest.mark.parametrize("px", [20, 63, 64, 71, 72, 114, 125, 167, 256])  # each supersampling factor, 4x to 2x
def test_a_face_drawn_the_cheap_way_is_the_face_drawn_plainly(px):
    """`draw_face` paints on an RGB copy of the body, turns a sideways face's own pixels to paint
    its content, and takes the rim from the reduced body (issue 35): the same bytes as painting
    an RGBA canvas, compositing a turned layer and reducing the whole canvas premultiplied."""
    height, scale = (px, 1) if px <= faces.MAX_HEIGHT else (px // 2, 2)
    for name in ("light", "dark"):
        colours = theme.get_theme(name)
        w, h = tile_art.tile_width(height) * scale, height * scale
        ss = faces.supersample(h)
        for code in tile_art.CODES:
            for sideways in ((False, True) if code != "x" else (False,)):
                size = (h * ss, w * ss) if sideways else (w * ss, h * ss)
                pen = body.new_tile(size, colours, device_px=ss, back=code == "x", sideways=sideways)
                faces.paint_face(pen, colours, code, sideways, faces.upright_fh((w * ss, h * ss), ss))
                plain = pen.canvas.reduce(ss)
                assert faces.draw_face(code, height, scale, name, sideways).tobytes() == plain.tobytes(), (code, sideways)
