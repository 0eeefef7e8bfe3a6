"""Layout geometry and rendered pixels."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import tile_art
from service.layout.layout import default_gap, layout
from service.notation.grammar import parse
from service.notation.options import OptionError, RenderOptions, parse_color
from service.drawing.render import compose, render
from service.notation.views import hand_json

SEED_HANDS = [
    "11222333s22m+-456m+4s",
    "2z+x11xs+x11xp+x11xm+x11xz+2z",
    "5-5=55p",
    "123m+-123m+1-23m+12-3m",
    "111z+-1111z+1-111z+111-1z",
]


def test_tiles_touch_and_groups_stand_apart():
    h = 38
    tw = tile_art.tile_width(h)
    lay = layout(parse("12m+3m"), height=h)
    xs = [p.x for p in lay.placements]
    assert xs == [0, tw, 2 * tw + default_gap(h)]
    assert lay.width == 3 * tw + default_gap(h)
    assert lay.height == h


def test_gap_is_configurable():
    lay = layout(parse("1m+2m"), height=40, gap=0)
    assert lay.width == 2 * tile_art.tile_width(40)


def test_sideways_tile_lies_on_the_baseline():
    h = 38
    lay = layout(parse("-456m"), height=h)
    side, up = lay.placements[0], lay.placements[1]
    assert (side.w, side.h) == (h, tile_art.tile_width(h))
    assert side.w > side.h
    assert side.y + side.h == up.y + up.h == lay.height
    assert up.x == h


def test_stacked_tile_sits_on_the_sideways_tile_and_grows_the_image():
    h = 38
    tw = tile_art.tile_width(h)
    lay = layout(parse("5-5=55p"), height=h)
    a, side, top, b = lay.placements
    assert lay.height == 2 * tw > h
    assert (top.x, top.w, top.h) == (side.x, side.w, side.h)
    assert top.y + top.h == side.y
    assert a.y + a.h == side.y + side.h == b.y + b.h == lay.height
    assert lay.width == 2 * tw + h


def test_json_view_gains_geometry():
    hand = parse("11s+-456m+4s")
    view = hand_json(hand, layout(hand, 38))
    assert view["width"] == layout(hand, 38).width
    assert view["height"] == 38
    t = view["groups"][1]["tiles"][0]
    assert t["w"] == 38 and t["h"] == tile_art.tile_width(38)
    assert view["description"] == "Hand: 1s 1s; called meld: 4m (sideways) 5m 6m; winning tile: 4s"


@pytest.mark.parametrize("notation", SEED_HANDS)
@pytest.mark.parametrize("scale", [1, 2, 3])
def test_image_size_is_layout_size_times_scale(notation, scale):
    hand = parse(notation)
    lay = layout(hand, 38)
    img = Image.open(io.BytesIO(render(hand, RenderOptions(scale=scale))))
    assert img.size == (lay.width * scale, lay.height * scale)


@pytest.mark.parametrize("notation", SEED_HANDS)
@pytest.mark.parametrize("theme", tile_art.THEMES)
def test_every_placement_shows_its_own_face(notation, theme):
    hand = parse(notation)
    opts = RenderOptions(height=40, scale=2, theme=theme)
    lay = layout(hand, 40)
    img = compose(hand, opts)
    for p in lay.placements:
        box = (p.x * 2, p.y * 2, (p.x + p.w) * 2, (p.y + p.h) * 2)
        want = tile_art.face(p.tile.code, 40, 2, theme, sideways=p.tile.sideways)
        assert img.crop(box).tobytes() == want.tobytes(), p


def test_faces_differ_where_tiles_differ():
    """Guards the test above: a wrong face would not match."""
    a = tile_art.face("1m", 40, 2, "light").tobytes()
    assert a != tile_art.face("2m", 40, 2, "light").tobytes()
    assert a != tile_art.face("1m", 40, 2, "light", sideways=True).tobytes()


def test_transparent_background_is_transparent_and_colour_fills():
    hand = parse("1m+2m")
    lay = layout(hand, 38)
    gap_x = lay.placements[1].x - 2  # inside the gap between groups
    clear = compose(hand, RenderOptions())
    assert clear.getpixel((gap_x, 19))[3] == 0
    filled = compose(hand, RenderOptions(background=(30, 30, 30, 255)))
    assert filled.getpixel((gap_x, 19)) == (30, 30, 30, 255)


def test_stacked_kan_space_above_upright_tiles_is_transparent():
    img = compose(parse("5-5=55p"), RenderOptions())
    assert img.getpixel((2, 2))[3] == 0


DRAW_ONCE = """
import sys
from service.drawing.render import render
from service.notation.grammar import parse
from service.notation.options import RenderOptions
for fmt in ("png", "webp", "svg"):
    data = render(parse(sys.argv[1]), RenderOptions(scale=2, format=fmt))
    sys.stdout.buffer.write(b"%d:" % len(data) + data)
"""


def test_output_is_deterministic():
    """The same bytes from two fresh processes, of other hash seeds, as from this one. Twice in
    one warm process compared the caches' answer with itself."""
    hand = "11222333s22m+-456m+4s"
    here = b"".join(b"%d:" % len(d) + d for d in (render(parse(hand), RenderOptions(scale=2, format=fmt))
                                                  for fmt in ("png", "webp", "svg")))
    root = Path(__file__).resolve().parents[1]
    runs = [subprocess.Popen([sys.executable, "-c", DRAW_ONCE, hand], stdout=subprocess.PIPE, cwd=root,
                             env={**os.environ, "PYTHONHASHSEED": seed}) for seed in ("1", "2")]  # side by side
    drawn = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    assert drawn[0] == drawn[1] == here


def test_webp_decodes_to_the_same_picture():
    """The same pixels as the PNG of the same options: exact, or the palette picture."""
    hand = parse("123m+-456p")
    for exact in (True, False):
        opts = RenderOptions(scale=2, format="webp", exact=exact)
        img = Image.open(io.BytesIO(render(hand, opts)))
        png = Image.open(io.BytesIO(render(hand, RenderOptions(scale=2, exact=exact))))
        assert img.format == "WEBP"
        assert img.convert("RGBA").tobytes() == png.convert("RGBA").tobytes()
    assert Image.open(io.BytesIO(render(hand, RenderOptions(scale=2, exact=True)))).convert("RGBA").tobytes() \
        == compose(hand, RenderOptions(scale=2)).tobytes()


def test_png_has_no_timestamp_chunks():
    data = render(parse("1m"))
    assert b"tIME" not in data and b"tEXt" not in data


@pytest.mark.parametrize(
    "kw, param",
    [
        ({"height": 15}, "height"),
        ({"height": 257}, "height"),
        ({"scale": 0}, "scale"),
        ({"scale": 5}, "scale"),
        ({"theme": "neon"}, "theme"),
        ({"gap": -1}, "gap"),
        ({"format": "gif"}, "format"),
        ({"height": True}, "height"),
    ],
)
def test_invalid_options_are_errors_not_clamps(kw, param):
    with pytest.raises(OptionError) as e:
        RenderOptions(**kw)
    assert e.value.param == param


@pytest.mark.parametrize(
    "query, param",
    [
        ({"height": "abc"}, "height"),
        ({"height": "1e3"}, "height"),
        ({"scale": "-1"}, "scale"),
        ({"scale": "99999999999"}, "scale"),
        ({"bg": "red!"}, "bg"),
        ({"bg": "12345"}, "bg"),
    ],
)
def test_invalid_query_options(query, param):
    with pytest.raises(OptionError) as e:
        RenderOptions.from_query(query)
    assert e.value.param == param


def test_query_options_normalise_to_one_key():
    a = RenderOptions.from_query({"height": "038", "bg": "FFF", "junk": "1"})
    b = RenderOptions.from_query({"height": "38", "bg": "#ffffff"})
    assert a == b and a.key() == b.key()
    assert parse_color("transparent") is None


@given(
    st.lists(st.sampled_from(["1m", "-2p", "x", "5-5=5s", "7z", "0p", "+", " "]), min_size=1, max_size=12),
    st.integers(16, 64),
    st.integers(1, 3),
)
@settings(max_examples=60, deadline=None)
def test_any_hand_renders_at_layout_size(words, height, scale):
    text = "".join(words).strip(" +").replace("++", "+")
    try:
        hand = parse(text)
    except ValueError:
        return
    lay = layout(hand, height)
    img = compose(hand, RenderOptions(height=height, scale=scale))
    assert img.size == (lay.width * scale, lay.height * scale)
