"""The cost ceiling (service/layout/limits.py, `check_picture` in service/http/service.py) over
hands, rivers and scenes: one ceiling for every picture drawn on request, monotonic in height and
scale, and roomy enough for a called hand at 3x (issue 35 items 12-14)."""

from __future__ import annotations

import io
import sys
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from service.layout.arrange import arrange
from service.layout.limits import MAX_FACE_MS, MAX_TILE_PX, distinct_faces, drawing_ms, max_faces
from service.drawing.scene import arrange_scene
from service.http.service import BadRequest, check_picture
from service.notation.grammar import parse
from service.notation.options import MAX_HEIGHT, MAX_SCALE, MIN_HEIGHT, RenderOptions
from service.notation.river import parse_river
from service.notation.scene import ProblemCard, read_scene
from service.notation.table import TableScene
from tests.test_notation import notations

CALLED = "123456789m1234p5z+-6z66z"  # 14 tiles with a call: 16 different faces
KINDS = [f"{n}{s}" for s in "mps" for n in "123456789"] + [f"{n}z" for n in "1234567"]
# A problem card of 19 different faces: 14 in the hand, 4 dora indicators and a back.
CARD19 = "problem: {round: E1, seat: S, dora: 1s2s3s4s, hand: 123456789m1234p+6z}"


def laid_out(subject, options: RenderOptions):
    """The layout the service checks: of a Hand or River, or of a scene (read_scene's)."""
    if isinstance(subject, (ProblemCard, TableScene)):
        return arrange_scene(subject, options).layout
    return arrange(subject, options)


def accepted(subject, height: int, scale: int, **extra) -> bool:
    """Whether the service draws `subject` (a Hand, a River or a scene) at this size."""
    options = RenderOptions(height=height, scale=scale, **extra)
    try:
        check_picture(laid_out(subject, options), options)
    except BadRequest:
        return False
    return True


# -- item 13: lowering height or scale never refuses what was drawn --------------------------------

def test_max_faces_never_grows_with_the_tile_size_at_any_scale():
    """It rose where supersampling steps down (71 -> 72 px: 16 -> 19 faces; 99 -> 100: 15 -> 19;
    124 -> 125: 13 -> 18), so a smaller image could be refused where a larger one was drawn."""
    most = [max_faces(px) for px in range(0, MAX_TILE_PX + 1)]
    assert all(a >= b for a, b in zip(most, most[1:])), [(px, most[px - 1], most[px]) for px in
                                                         range(1, MAX_TILE_PX + 1) if most[px] > most[px - 1]]
    for scale in range(1, 5):
        for height in range(1, MAX_TILE_PX // scale + 1):
            assert max_faces(height * scale) <= max_faces((height - 1) * scale)
            assert max_faces(height * scale) <= max_faces(height * (scale - 1))
    for px in range(1, MAX_TILE_PX + 1):  # what it admits is within the budget at every size up to it
        assert all(drawing_ms(max_faces(px), p) <= MAX_FACE_MS for p in range(1, px + 1)), px
    assert max_faces(MAX_TILE_PX + 1) == 0


@pytest.mark.parametrize("notation, larger, smaller", [
    (CALLED, (50, 2), (49, 2)),  # drawn at 100 px a tile, refused at 98 ("lower height or scale")
    ("123456789m123456789p1s", (25, 4), (25, 3)),  # drawn at 100 px, refused at 75
    ("123456789m123456789p1s", (31, 4), (41, 3)),
])
def test_the_issue_hands_are_drawn_at_every_smaller_size(notation, larger, smaller):
    hand = parse(notation)
    assert accepted(hand, *larger) <= accepted(hand, *smaller)
    for height in range(16, larger[0] + 1):
        for scale in range(1, larger[1] + 1):
            assert accepted(hand, height, scale) or not accepted(hand, *larger), (height, scale)


def downward_closed(subject, height: int, scale: int, **extra) -> None:
    """If the service draws `subject` at (height, scale), it draws it at every smaller height
    and scale; if it refuses it, it refuses it at every larger one (the same rule seen from the
    other side, so a refused draw checks it too). A layout depends on the height alone: one a
    height, checked at each scale."""
    drawn = accepted(subject, height, scale, **extra)
    heights = range(MIN_HEIGHT, height + 1) if drawn else range(height, MAX_HEIGHT + 1)
    scales = range(1, scale + 1) if drawn else range(scale, MAX_SCALE + 1)
    for h in heights:
        lay = laid_out(subject, RenderOptions(height=h, **extra))
        for s in scales:
            options = RenderOptions(height=h, scale=s, **extra)
            try:
                check_picture(lay, options)
            except BadRequest as err:
                if drawn:
                    raise AssertionError(f"drawn at height {height} x{scale}, refused at {h} x{s}: {err}") from None
            else:
                if not drawn:
                    raise AssertionError(f"refused at height {height} x{scale}, drawn at {h} x{s}")


def test_a_refused_draw_checks_the_ceiling_too(monkeypatch):
    """downward_closed returned at once for a draw the service refused (a quarter of them): a
    ceiling that drew a picture again at a larger size passed wherever the draws were refused."""
    def ceiling(lay, options):  # refuses 60-99 px a tile, draws the rest: not downward closed
        if 60 <= options.height * options.scale < 100:
            raise BadRequest("size", "too large", "", None, "height")

    monkeypatch.setattr(sys.modules[__name__], "check_picture", ceiling)
    downward_closed(parse("123m"), 40, 1)  # drawn, and so is everything below
    with pytest.raises(AssertionError, match="refused at height 30 x2, drawn at 30 x4"):
        downward_closed(parse("123m"), 30, 2)


SIZES = (st.integers(16, 256), st.integers(1, 4))
FACES = [f"{n}{s}" for s in "mps" for n in "1234567890"] + [f"{n}z" for n in "1234567"]
# hands of many different faces, where the ceiling's steps are: some lying (called), some face down
many_faces = st.lists(st.tuples(st.sampled_from(["", "", "", "-"]), st.sampled_from(FACES + ["x"])),
                      min_size=8, max_size=40).map(
    lambda tiles: "+".join("".join(m + c if c != "x" else c for m, c in tiles[i:i + 6]) for i in range(0, len(tiles), 6)))


@given(st.one_of(notations, many_faces), *SIZES, st.sampled_from(["", "3m", "1z2z3z4z"]), st.sampled_from(["png", "webp"]))
@settings(max_examples=100, deadline=None)
def test_a_hand_drawn_at_a_size_is_drawn_at_every_smaller_one(notation, height, scale, dora, fmt):
    downward_closed(parse(notation), height, scale, dora=dora, format=fmt)


river_tiles = st.lists(st.tuples(st.sampled_from(["", "", "*"]), st.sampled_from(KINDS)), min_size=1, max_size=24)


@given(river_tiles, *SIZES)
@settings(max_examples=60, deadline=None)
def test_a_river_drawn_at_a_size_is_drawn_at_every_smaller_one(tiles, height, scale):
    river = parse_river("".join(mark + code for mark, code in tiles))
    downward_closed(river, height, scale, layout="river")


@st.composite
def scenes(draw):
    """A problem card or a whole table (YAML), at most four copies of a tile."""
    wall = draw(st.permutations([k for k in KINDS for _ in range(4)]))
    dora = "".join(wall[:draw(st.integers(1, 5))])
    wall = wall[5:]
    if draw(st.booleans()):
        hand = "".join(wall[:13]) + "+" + wall[13]
        return f"problem: {{round: E1, seat: S, dora: {dora}, hand: {hand}}}"
    lines, at = ["table:", "  round: S2", f"  dora: {dora}", "  seats:"], 0
    for wind in "ESWN":
        n, m = draw(st.integers(1, 14)), draw(st.integers(0, 24))
        hand, river = wall[at:at + n], wall[at + n:at + n + m]
        at += n + m
        marks = draw(st.lists(st.sampled_from(["", "*"]), min_size=m, max_size=m))
        seat = f'hand: "{"".join(hand)}"' + (f', river: "{"".join(a + b for a, b in zip(marks, river))}"' if m else "")
        lines.append(f"    {wind}: {{{seat}}}")
    return "\n".join(lines) + "\n"


@given(scenes(), *SIZES, st.sampled_from(["png", "webp"]))
@settings(max_examples=40, deadline=None)
def test_a_scene_drawn_at_a_size_is_drawn_at_every_smaller_one(text, height, scale, fmt):
    downward_closed(read_scene(text), height, scale, format=fmt)


# -- item 14: a called hand at the docs' size on a phone ------------------------------------------

def test_a_called_hand_of_16_faces_is_drawn_at_3x(client):
    """At 38 px and 3x (114 px a tile) the ceiling took 15 faces: a 14-tile hand with a call got 2x."""
    assert max_faces(38 * 3) >= 18
    r = client.get(f"/tiles/{quote(CALLED, safe='')}.png?scale=3")
    assert r.status_code == 200
    with Image.open(io.BytesIO(r.data)) as img:
        assert img.height == 114


mahjong_hands = st.permutations([k for k in KINDS for _ in range(4)]).flatmap(
    lambda wall: st.integers(0, 4).map(
        lambda kans: "".join(wall[4 * kans:4 * kans + 14 - 3 * kans]) + "".join(
            f"+-{wall[4 * i][0] * 4}{wall[4 * i][1]}" for i in range(kans))))


@given(mahjong_hands)
@settings(max_examples=150, deadline=None)
def test_every_hand_of_up_to_18_faces_is_drawn_at_38_px_3x(notation):
    hand = parse(notation)
    if distinct_faces(arrange(hand, RenderOptions())) <= 18:
        assert accepted(hand, 38, 3), notation


# -- item 12: scenes under the hands' ceiling ------------------------------------------------------

def test_a_scene_over_the_face_limit_is_refused_as_a_hand_is(client, monkeypatch):
    """Scenes skipped the distinct-face limit: a card with more faces than a hand URL may show
    was drawn in full at a size never seen. Now the same 400, saying what to lower."""
    import service.http.scenes as scenes_module

    faces = distinct_faces(arrange_scene(read_scene(CARD19), RenderOptions()).layout)
    assert faces == 19 > max_faces(114)
    monkeypatch.setattr(scenes_module, "render_scene", lambda *a, **k: pytest.fail("drawn"))
    r = client.get(f"/scene.png?s={quote(CARD19)}&scale=3")
    assert r.status_code == 400
    err = r.get_json()["error"]
    assert err["message"] == ("the image shows 19 different faces, each drawn first at a size not seen before; "
                              "at 114 pixels a tile the limit is 18: lower height or scale, or use fewer "
                              "different tiles")
    assert err["param"] == "height"
    assert client.get(f"/scene.webp?s={quote(CARD19)}&scale=3").status_code == 400
    monkeypatch.undo()
    assert client.get(f"/scene.png?s={quote(CARD19)}&scale=2").status_code == 200
    assert client.get(f"/scene.svg?s={quote(CARD19)}&scale=3").status_code == 200  # vectors: no faces drawn
    assert client.get(f"/scene.json?s={quote(CARD19)}&scale=3").status_code == 200


def test_a_scene_with_tiles_over_512_px_says_so(client):
    r = client.get(f"/scene.png?s={quote(CARD19)}&height=200&scale=3")
    assert r.status_code == 400
    assert r.get_json()["error"]["message"].startswith("tiles would be 600 pixels tall (height 200 x scale 3)")


def test_post_batch_offers_a_scene_only_at_the_densities_the_service_draws(client):
    r = client.post("/batch", json={"id": 1, "path": "p.mdx", "line": 1, "column": 1, "scene": CARD19,
                                    "themes": ["light"]})
    assert r.status_code == 200
    [image] = r.json["images"]
    assert list(image["fetch"]) == ["1x", "2x"]  # 3x shows more faces than 114 px a tile allows
    assert all(client.get("/" + url).status_code == 200 for url in image["fetch"].values())
    assert client.get("/" + image["fetch"]["2x"].replace("scale=2", "scale=3")).status_code == 400


def test_every_face_of_a_scene_is_drawn_at_its_tile_height():
    """The faces counted are the faces drawn: a scene's tiles all share the options' height (a
    turned seat's are the same faces, turned), so one size each."""
    from tests.test_table import TABLE

    for text in (TABLE, CARD19):
        lay = arrange_scene(read_scene(text), RenderOptions(height=30)).layout
        assert lay.tile_height == 30
        assert all(max(p.w, p.h) == 30 for p in lay.placements)  # upright, lying or turned
