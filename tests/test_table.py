"""Whole-table scenes: reading and checks (field:line:col), the turned layout, pictures and JSON."""

import io
import xml.dom.minidom

import pytest
from PIL import Image

from service.drawing.scene import arrange_scene, render_scene, scene_json
from service.notation.options import RenderOptions
from service.notation.scene import SceneError, read_scene

TABLE = """\
table:
  round: S2
  honba: 1
  riichi_sticks: 1
  dora: 3m7z
  view: S
  seats:
    E: {hand: 10, melds: "-123m", river: "19m4z*6p-5s2p", score: 31000}
    S: {hand: "2345m067p3488s55z", river: "9p1z*8s7z3p", score: 24000}
    W: {hand: 13, river: "1s9s2z4p6m*2m7s", score: 22000}
    N: {hand: 7, melds: "-777p 5-55s", river: "1z2z3z9m1p", score: 23000}
"""


def error_of(text: str) -> SceneError:
    with pytest.raises(SceneError) as e:
        read_scene(text)
    return e.value


def test_table_reads_every_seat():
    t = read_scene(TABLE)
    assert (t.round, t.honba, t.riichi_sticks, t.view) == ("S2", 1, 1, "S")
    assert [x.code for x in t.dora] == ["3m", "7z"]
    assert t.seats["E"].backs == 10 and t.seats["E"].melds[0].tiles[0].sideways
    assert t.seats["S"].hand.tiles[4].code == "0p" and t.riichi_seats() == ["E"]


def test_mjimage_names_are_aliases():
    text = ("table: {round: E1, doras: [3m, 7z], front: W, sticks: {reach: 2, dead: 3},"
            " seats: {E: {discard: 19m, score: 25000}}}")
    t = read_scene(text)
    assert [x.code for x in t.dora] == ["3m", "7z"] and t.view == "W"
    assert (t.riichi_sticks, t.honba) == (2, 3) and t.seats["E"].river.canonical() == "19m"
    assert "give one of them" in str(error_of("table: {round: E1, view: S, front: S, seats: {}}"))


def test_a_fifth_copy_across_the_table_is_an_error_at_its_character():
    err = error_of(TABLE.replace("1s9s2z4p6m*2m7s", "1s9s2z4p6m*2m7p"))
    assert (err.field, err.line, err.col) == ("table.seats.N.melds", 11, 29)  # the third 7 of -777p
    assert err.message == "a fifth 7p on the table; a set has four"


def test_a_river_longer_than_a_game_allows():
    river = "123456789m123456789p1234567s"
    err = error_of(f"table: {{round: E1, seats: {{W: {{river: {river}}}}}}}")
    assert err.field == "table.seats.W.river" and err.message == "25 discards; a river holds at most 24 in one hand"
    assert err.col == len("table: {round: E1, seats: {W: {river: ") + river.index("7s") + 1  # the 25th tile


@pytest.mark.parametrize("river", ["j" * 25, "?" * 25, "12m" + "j?" * 11 + "4m", "j" * 21 + " *j *? -j j"])
def test_a_river_of_jokers_or_any_tiles_longer_than_a_game_allows(river):
    """Every tile the river grammar reads counts toward the 24, and the caret lands on the 25th."""
    head = "table: {round: E1, seats: {W: {river: '"
    err = error_of(f"{head}{river}'}}}}}}")
    assert err.field == "table.seats.W.river" and err.message == "25 discards; a river holds at most 24 in one hand"
    tiles = [i for i, c in enumerate(river) if c.isdigit() or c in "j?"]
    assert err.col == len(head) + tiles[24] + 1


def test_jokers_and_any_tiles_are_no_copies_of_a_kind():
    t = read_scene("table: {round: E1, seats: {E: {hand: 'jjjjjj????'}, S: {river: 'jjjj????'}, W: {melds: -jjj}}}")
    assert [x.code for x in t.seats["E"].hand.tiles] == list("jjjjjj????")
    head = "table: {round: E1, seats: {E: {hand: "
    err = error_of(head + "j11111m2m}}}")
    assert err.message == "a fifth 1m on the table; a set has four"
    assert err.col == len(head) + len("j1111") + 1  # the fifth 1, not the 2 after it
    err = error_of(head + "'x?j1m1m', melds: '-1mj1m'}, S: {river: 'j?1m'}}}")
    assert (err.field, err.message) == ("table.seats.S.river", "a fifth 1m on the table; a set has four")
    assert err.col == len(head + "'x?j1m1m', melds: '-1mj1m'}, S: {river: 'j?") + 1


def test_a_second_bonus_tile_on_the_table_is_an_error_at_it():
    head = "table: {round: E1, seats: {E: {hand: 123m1f}, S: {hand: 2s"
    err = error_of(head + "1f}}}")
    assert (err.field, err.message) == ("table.seats.S.hand", "a second 1f on the table; a set has one of each bonus tile")
    assert err.col == len(head) + 1


def test_a_fifth_copy_among_the_doras_of_a_list_points_at_its_item():
    err = error_of("table: {round: E1, doras: [1m, 1m1m, 1m1m], seats: {}}")
    assert (err.field, err.line, err.col) == ("table.doras[2]", 1, 40) and "fifth 1m" in err.message


def test_two_riichi_marks_in_one_river():
    err = error_of(TABLE.replace("19m4z*6p-5s2p", "19m4z*6p-5s-2p"))
    assert err.field == "table.seats.E.river" and err.message.startswith("a river has one riichi tile")
    line = TABLE.splitlines()[7].replace("-5s2p", "-5s-2p")
    assert (err.line, err.col) == (8, line.index("-2p") + 1)


def test_unknown_seat_and_bad_view():
    assert error_of("table: {round: E1, seats: {X: {hand: 13}}}").field == "table.seats.X"
    assert error_of("table: {round: E1, view: Q, seats: {}}").field == "table.view"


@pytest.mark.parametrize("second", ["e", "E"])
def test_a_seat_named_in_both_cases_is_given_twice(second):
    """``E`` and ``e`` are one seat: the second is an error at its name, as ``E`` twice is, not dropped."""
    head = "table: {round: E1, seats: {E: {hand: 13}, "
    err = error_of(head + second + ": {hand: 12}}}")
    assert (err.field, err.line, err.col) == (f"table.seats.{second}", 1, len(head) + 1)
    assert "given twice" in err.message
    assert "given twice" in error_of("table: {round: E1, seats: {n: {hand: 13}, N: {hand: 1}}}").message


@pytest.mark.parametrize("text, field", [
    ("problem: {round: E1, seat: S, dora: ３m, hand: 123456789m1234z+5z}", "problem.dora"),
    ("table: {round: E1, dora: ３m, seats: {}}", "table.dora"),
])
def test_a_bad_indicator_is_named_once(text, field):
    """The field's path names the dora: the message does not name it again (``problem.dora: dora: ...``)."""
    err = error_of(text)
    assert (err.field, err.message) == (field, "'３' is not part of the tile notation")
    assert str(err).count("dora") == 1


def test_each_seat_is_turned_toward_its_player():
    sl = arrange_scene(read_scene(TABLE), RenderOptions())
    turns = {(t.seat, t.role): t.rotation % 90 == 0 and t.placement.rotation for t in sl.tiles if t.role == "hand"}
    # view S at the bottom: W on its right (270), N across (180), E on its left (90)
    assert turns == {("S", "hand"): 0, ("W", "hand"): 270, ("N", "hand"): 180, ("E", "hand"): 90}
    lay = sl.layout
    centre = lay.width / 2, lay.height / 2

    def mean(seat, role):
        ps = [t.placement for t in sl.tiles if t.seat == seat and t.role == role]
        return sum(p.x + p.w / 2 for p in ps) / len(ps), sum(p.y + p.h / 2 for p in ps) / len(ps)

    sx, sy = mean("S", "hand")
    assert sy > centre[1] and abs(sx - centre[0]) < 40  # bottom
    assert mean("W", "hand")[0] > centre[0] + 100 and mean("E", "hand")[0] < centre[0] - 100
    assert mean("N", "hand")[1] < centre[1] - 100
    for seat in "ESWN":  # the river between the centre and the hand
        (hx, hy), (rx, ry) = mean(seat, "hand"), mean(seat, "river")
        assert abs(rx - centre[0]) + abs(ry - centre[1]) < abs(hx - centre[0]) + abs(hy - centre[1])
    sticks = [s for s in lay.shapes if s.kind == "stick"]
    assert len(sticks) == 1 and sticks[0].h > sticks[0].w  # East (left) declared: its stick stands upright
    texts = [lab.text for lab in lay.labels]
    assert "East (dealer) 31000" in texts and "South 2" in texts and "1 honba · 1 riichi stick" in texts
    boxes = [(t.placement.x, t.placement.y, t.placement.x + t.placement.w, t.placement.y + t.placement.h)
             for t in sl.tiles]
    for i, a in enumerate(boxes):  # nothing drawn on top of anything else
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_png_and_json_agree(theme):
    t = read_scene(TABLE)
    opts = RenderOptions(scale=2, theme=theme)
    view = scene_json(t, opts)
    img = Image.open(io.BytesIO(render_scene(t, opts)))
    assert img.size == (view["width"] * 2, view["height"] * 2)
    assert {x["rotation"] for x in view["tiles"]} == {0, 90, 180, 270}
    assert sum(1 for x in view["tiles"] if x["role"] == "river") == 6 + 5 + 7 + 5
    assert view["alt"].startswith("Table: South 2, 1 honba, 1 riichi stick; dora indicator: 3m Red; "
                                  "East (dealer, 31000 points): Hand: 10 face-down tiles")


def test_svg_turns_the_seats():
    svg = render_scene(read_scene(TABLE), RenderOptions(format="svg", theme="auto")).decode()
    doc = xml.dom.minidom.parseString(svg)
    turned = [u.getAttribute("transform") for u in doc.getElementsByTagName("use") if u.getAttribute("transform")]
    assert {t.split("rotate(")[1].rstrip(")") for t in turned if "rotate(" in t} == {"90", "180", "270"}
    assert "prefers-color-scheme:dark" in svg


# -- HTTP: GET /scene.<fmt>?s=<YAML> ----------------------------------------------------------------

def test_http_scene_png_svg_json_with_etags(client):
    from urllib.parse import quote

    q = "s=" + quote(TABLE) + "&scale=2&height=30&theme=dark"  # a table at 2x fits the limits from height 30 down
    png = client.get("/scene.png?" + q)
    assert png.status_code == 200 and png.mimetype == "image/png"
    assert "immutable" in png.headers["Cache-Control"]
    view = client.get("/scene.json?" + q).json
    assert Image.open(io.BytesIO(png.data)).size == (view["width"] * 2, view["height"] * 2)
    again = client.get("/scene.png?" + q, headers={"If-None-Match": png.headers["ETag"]})
    assert again.status_code == 304
    svg = client.get("/scene.svg?s=" + quote(TABLE) + "&theme=auto")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_http_scene_in_another_language_is_another_image(client):
    """lang changes a scene's labels, so it is in the cache key and the ETag (it was not: a hand's
    key names lang only with dora strips, and the English picture was served for lang=ja)."""
    from urllib.parse import quote

    q = "/scene.svg?s=" + quote(TABLE)
    en, ja = client.get(q), client.get(q + "&lang=ja")
    assert en.status_code == ja.status_code == 200
    assert en.headers["ETag"] != ja.headers["ETag"] and en.data != ja.data


def test_http_scene_errors_are_400_with_the_field_or_an_error_image(client):
    from urllib.parse import quote

    bad = "s=" + quote(TABLE.replace("19m4z*6p-5s2p", "19m4z*6p-5s-2p"))
    r = client.get("/scene.png?" + bad)
    assert r.status_code == 400 and r.json["error"]["message"].startswith("8:54: table.seats.E.river: a river has")
    img = client.get("/scene.png?" + bad, headers={"Accept": "image/png"})
    assert img.status_code == 400 and img.mimetype == "image/png"
    assert client.get("/scene.png?s=" + quote(TABLE) + "&height=256&scale=4").status_code == 400  # over the limits
    assert client.get("/scene.gif?s=x").status_code == 404
    assert client.get("/scene.png").status_code == 400  # no scene
