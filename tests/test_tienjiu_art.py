"""Tienjiu faces (issue 46): a domino's shape, pips as on real sets, every face distinct, every format."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

import tile_art
from service.notation.grammar import parse
from tile_art.proportions import width_of

KINDS = tile_art.TIENJIU[:-1]


def diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean) / 3


def red_pixels(img: Image.Image) -> int:
    """Pixels a pip's red paints (strong red, little green or blue)."""
    return sum(1 for r, g, b, a in img.getdata() if a and r > 150 and g < 90 and b < 90)


def test_a_domino_is_taller_and_narrower_than_a_mahjong_tile():
    for h in (16, 38, 64, 256):
        w = tile_art.face("12d", h).size[0]
        assert w == width_of("12d", h) < tile_art.tile_width(h) and w / h < 0.5
    assert tile_art.face("66d", 38, 2, sideways=True).size == (76, 2 * width_of("66d", 38))
    assert len(KINDS) == 21 and tile_art.TIENJIU[-1] == "xd"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_tienjiu_face_and_the_back_is_distinct(theme):
    imgs = {c: tile_art.face(c, 48, 1, theme) for c in tile_art.TIENJIU}
    close = [(a, b, round(diff(imgs[a], imgs[b]), 2)) for a, b in itertools.combinations(imgs, 2)
             if diff(imgs[a], imgs[b]) < 2.5]
    assert not close
    assert tile_art.face("xd", 48, 1, theme).tobytes() != tile_art.face("x", 48, 1, theme).resize(
        tile_art.face("xd", 48).size).tobytes()


def test_ones_and_fours_are_red_and_heaven_is_half_red():
    reds = {c: red_pixels(tile_art.face(c, 64, 1)) for c in KINDS}
    for code, n in reds.items():
        halves = {int(code[0]), int(code[1])}
        assert (n > 0) == bool(halves & {1, 4} or code == "66d"), (code, n)
    # Heaven: three of each six red, so about as much red as the 4-4's eight red pips less two
    assert 0.4 < reds["66d"] / reds["44d"] < 1.0
    assert tile_art.face("66d", 64).tobytes() != tile_art.face("66d", 64, theme="dark").tobytes()


def test_the_corner_index_shows_both_halves():
    from tile_art import corner

    assert corner.INDEX["46d"] == "46" and corner.has_index("12d") and not corner.has_index("xd")
    assert tile_art.face("46d", 64, index=True).tobytes() != tile_art.face("46d", 64).tobytes()


@pytest.mark.parametrize("fmt", ["png", "webp", "svg"])
def test_a_tienjiu_hand_draws_in_every_format(fmt):
    from service.drawing.render import render
    from service.notation.options import RenderOptions

    hand = parse("6612d+-45d")
    data = render(hand, RenderOptions(format=fmt, theme="dark", index=True))
    assert data[:4] in (b"\x89PNG", b"RIFF") or data.lstrip().startswith(b"<svg")
    if fmt == "svg":
        assert data.count(b"<use") >= 3


def test_the_layout_gives_a_tienjiu_tile_its_own_width():
    from service.layout.layout import layout

    lay = layout(parse("12d+-66d+1m"), 38)
    up, side, mahjong = lay.placements
    assert (up.w, up.h) == (width_of("12d", 38), 38) and (side.w, side.h) == (38, width_of("12d", 38))
    assert mahjong.w == tile_art.tile_width(38) and side.y == 38 - side.h


def test_the_tienjiu_contact_sheet_holds_every_face(tmp_path):
    from tile_art.sheet import TIENJIU_ROWS, contact_sheet

    assert sorted(c for row in TIENJIU_ROWS for c in row) == sorted(tile_art.TIENJIU)
    for theme in ("light", "dark"):
        sheet = contact_sheet(40, theme, 2, tiles="tienjiu")
        assert sheet.size[0] > sheet.size[1]


def test_tiles_sheet_set_tienjiu_writes_the_sheet(tmp_path):
    from service.cli import main

    out = tmp_path / "sheet.png"
    assert main(["sheet", "--set", "tienjiu", "--height", "32", "--theme", "dark", "-o", str(out)]) == 0
    with Image.open(out) as img:
        assert img.size == tile_art.contact_sheet(32, "dark", tiles="tienjiu").size


def test_the_service_draws_tienjiu_tiles_and_answers_a_bad_pair_with_a_400(client):
    for fmt in ("png", "webp", "svg"):
        r = client.get(f"/tiles/6612d.{fmt}?theme=dark&index=1")
        assert r.status_code == 200 and r.content_type.startswith("image/")
    r = client.get("/tiles/77d.png")
    assert r.status_code == 400 and r.get_json()["error"]["position"] == 0
    view = client.get("/tiles/666645d.json?lang=zh").get_json()
    assert view["key"] == 68231 and view["description"] == "天九牌：天牌 天牌 杂九 4-5"
