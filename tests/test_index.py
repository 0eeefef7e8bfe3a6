"""Issue 39 item 1: ``index`` puts a corner index on every face (tile_art/corner.py), on every
surface that draws tiles; and (item 3) every key, ETag and file name changes with it where the
bytes do."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from PIL import Image, ImageChops, ImageStat

import tile_art
from service.drawing.render import render
from service.notation.grammar import parse
from service.notation.options import OptionError, RenderOptions
from service.pictures.jobs import image_id, manifest_key
from tile_art import corner
from tile_art.body import face_box
from tile_art.faces import upright_fh
from tile_art.pen import turn_matrix
from tile_art.theme import get_theme

INDEXED = [c for c in tile_art.CODES if corner.has_index(c)]
PLAIN = [c for c in tile_art.CODES if not corner.has_index(c)]


# -- the faces -------------------------------------------------------------------------------------


def test_which_faces_have_an_index_and_what_it_reads():
    assert PLAIN == ["j", "?", "x"]
    assert [corner.INDEX[c] for c in ("1m", "9p", "0s", "0m")] == ["1", "9", "5", "5"]
    assert [corner.INDEX[f"{n}z"] for n in range(1, 8)] == list("ESWNBFC")
    assert [corner.INDEX[f"{n}f"] for n in range(1, 9)] == list("12341234")
    from tile_art.glyphs import CHARACTERS, missing_glyphs

    assert set(corner.CHARACTERS) <= set(CHARACTERS) and missing_glyphs(corner.CHARACTERS) == []


def test_the_index_never_covers_the_art():
    """The index stands above the art's box, and on a flower or season clear of its character and
    picture (tile_art/bonus.py's boxes), on every face height a tile has (about 120 to 131 units)."""
    from tile_art.bonus import boxes

    for fh in (118.0, 124.0, 128.0, 131.0):
        art = corner.art_box(fh)
        assert abs((art[2] - art[0]) / 100 - (art[3] - art[1]) / fh) < 1e-9  # the art keeps its shape
        _, character, picture = boxes(fh)
        for code in INDEXED:
            x0, y0, x1, y1 = corner.index_box(code, fh)
            assert 0 < y0 and 0 < x0 and y1 < art[1], (code, fh)
            assert x1 < character[0] and y1 < picture[1], (code, fh)


def _upright(img: Image.Image, sideways: bool) -> Image.Image:
    """A face turned so its content stands upright (a sideways face's content is turned 90°
    counter-clockwise: turned back clockwise)."""
    return img.transpose(Image.Transpose.ROTATE_270) if sideways else img


def _mean(img: Image.Image) -> float:
    return sum(ImageStat.Stat(img.convert("RGB")).mean) / 3


def _ink_near(img: Image.Image, colour: tuple[int, int, int], within: int = 70) -> int:
    """Pixels of `img` within `within` (largest channel difference) of `colour`."""
    pixels = np.asarray(img.convert("RGB"), np.int16)
    return int((np.abs(pixels - np.array(colour, np.int16)).max(axis=2) <= within).sum())


@pytest.mark.parametrize("height,scale", [(38, 2), (64, 1), (24, 1)])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_face_shows_its_index_in_the_corner_and_the_others_are_the_same(height, scale, theme):
    """A pixel test: the corner where the index stands changes with index on every face that has
    one, and holds the index's ink; a joker, an any-tile and a back are the same pixels."""
    colours = get_theme(theme)
    for sideways in (False, True):
        for code in tile_art.CODES:
            on, off = (tile_art.face(code, height, scale, theme, sideways, index=i) for i in (True, False))
            if code in PLAIN:
                assert on.tobytes() == off.tobytes(), (code, sideways)
                continue
            up_on, up_off = _upright(on, sideways), _upright(off, sideways)
            box = _corner_box(up_on, height, scale, sideways)
            changed = _mean(ImageChops.difference(up_on.crop(box), up_off.crop(box)))
            assert changed > 8, (code, sideways, changed)
            if height * scale >= 64:  # the index's own ink (a 1x 24 px index is 4 px: antialiased through)
                ink = _ink_near(up_on.crop(box), corner.index_colour(colours, code))
                assert ink >= (height * scale) // 6, (code, sideways, ink)


def _corner_box(up: Image.Image, height: int, scale: int, sideways: bool) -> tuple[int, int, int, int]:
    """The index's corner on a face turned upright (`_upright`): the left third of the content, as
    tall as the index band and a little more, in pixels."""
    w, h = tile_art.tile_width(height) * scale, height * scale
    content_fh = upright_fh((w, h), 1)
    x0, y0, x1, y1 = face_box((w, h), 1)[3]
    u = (x1 - x0) / 100  # pixels a content unit
    if sideways:  # turned back clockwise: where `turn_matrix` put the content's top-left corner
        fx0, fy0, fx1, fy1 = face_box((h, w), 1, sideways=True)[3]
        uw = (fx1 - fx0) / 100
        _, b, _, _, e, f = turn_matrix((fy1 - fy0) / uw, content_fh)
        k = -b
        x0, y0, u = up.width - (fy0 + f * uw), fx0 + e * uw, k * uw
    band = corner.BAND * content_fh / corner.FH * u
    return int(x0), int(y0), int(x0 + 36 * u) + 1, int(y0 + band + 3 * u) + 1


def test_the_art_keeps_its_look_shrunk_below_the_band():
    """What identifies the face is all there: the art drawn with the index is the art drawn alone,
    scaled into the box below the band (compared at a size where both are large)."""
    from tile_art.faces import draw_face

    for code in ("9p", "8s", "7z", "5z", "9m"):
        off = draw_face(code, 128, 2, "light")
        on = draw_face(code, 128, 2, "light", index=True)
        w, h = off.size
        x0, y0, x1, y1 = face_box((w, h), 1)[3]
        u = (x1 - x0) / 100
        ax0, ay0, ax1, ay1 = corner.art_box(upright_fh((w, h), 1))
        art = on.crop((round(x0 + ax0 * u), round(y0 + ay0 * u), round(x0 + ax1 * u), round(y0 + ay1 * u)))
        whole = off.crop((round(x0), round(y0), round(x1), round(y1))).resize(art.size, Image.Resampling.BOX)
        assert _mean(ImageChops.difference(art, whole)) < 12, code


# -- options, keys and bytes -------------------------------------------------------------------------


def test_the_option_and_its_key():
    assert RenderOptions.from_query({"index": "1"}).index is True
    assert RenderOptions.from_query({"index": "0"}) == RenderOptions() == RenderOptions.from_query({"index": ""})
    assert RenderOptions(index=True).key() == "h38-s1-light-bgnone-gauto-png-index"
    assert RenderOptions().key() == "h38-s1-light-bgnone-gauto-png"  # keys without it stay as they were
    assert RenderOptions(format="svg", lang="ja", exact=True, index=True).key() == \
        "h38-s1-light-bgnone-gauto-svg-exact-index-ja"
    with pytest.raises(OptionError, match=r"index must be 1 or 0 \(true or false\), not 'x'"):
        RenderOptions.from_query({"index": "x"})
    with pytest.raises(OptionError, match="index must be true or false"):
        RenderOptions(index="1")


@pytest.mark.parametrize("fmt", ["png", "webp", "svg"])
@pytest.mark.parametrize("notation,layout", [("0m123p+-456s+-5=55p+x77xz+-1z", "hand"),
                                             ("1m*2z3s-*0p5z6z7z", "river"), ("jx?", "hand")])
def test_bytes_and_file_names_change_with_index(fmt, notation, layout):
    from service.notation.subject import read

    subject = read(notation, layout)
    plain, indexed = (RenderOptions(format=fmt, layout=layout, index=i, theme="dark") for i in (False, True))
    a, b = render(subject, plain), render(subject, indexed)
    if notation == "jx?":  # no face here has an index: the same picture (under another key)
        assert a == b
    else:
        assert a != b
    assert image_id(subject, plain) != image_id(subject, indexed)


def test_the_palette_picture_and_the_exact_one_agree_with_index():
    from service.drawing.render import compose
    from service.drawing.indexed import face_key, indexed_picture
    from service.layout.arrange import arrange

    hand = parse("0m123p+-456s+-5=55p+x77xz+-1z")
    opts = RenderOptions(scale=2, index=True)
    lay = arrange(hand, opts)
    assert {face_key(p, opts)[-1] for p in lay.placements} == {True, False}  # the backs have none
    picture = indexed_picture(lay, opts)
    exact = compose(hand, opts, lay)
    assert picture is not None
    err = _mean(ImageChops.difference(picture.image().convert("RGBA"), exact))
    assert err < 1.0
    assert exact.tobytes() != compose(hand, RenderOptions(scale=2), lay).tobytes()


def test_the_svg_draws_each_index_glyph_once():
    svg = render(parse("123456789m1234567z"), RenderOptions(format="svg", index=True)).decode()
    plain = render(parse("123456789m1234567z"), RenderOptions(format="svg")).decode()
    from tile_art.outline import path_data

    for char in "123456789ESWNBFC":
        assert svg.count(f'd="{path_data(char)}"') == 1, char
    assert f'd="{path_data("E")}"' not in plain


# -- the cost ceiling --------------------------------------------------------------------------------


def test_the_ceiling_with_index_is_monotonic_and_never_above_the_plain_one():
    """A corner index is one more glyph a face (`limits.index_ms`): an image with them may show
    fewer faces, never more; lowering height or scale never refuses what was drawn; and what it
    admits is within the budget at every size up to it."""
    from service.layout.limits import MAX_FACE_MS, MAX_TILE_PX, drawing_ms, max_faces

    most = [max_faces(px, index=True) for px in range(MAX_TILE_PX + 1)]
    assert all(a >= b for a, b in zip(most, most[1:]))
    assert all(m <= max_faces(px) for px, m in enumerate(most))
    for px in range(1, MAX_TILE_PX + 1, 7):
        assert all(drawing_ms(most[px], p, index=True) <= MAX_FACE_MS for p in range(1, px + 1)), px
    # a 14-tile hand with a call and its 16 faces still draws at 3x at docs size
    assert max_faces(38 * 3, index=True) >= 16 and max_faces(38 * 2, index=True) >= 18


def test_the_service_refuses_past_the_ceiling_with_index_and_says_so():
    from service.http.service import BadRequest, check_size

    hand = parse("123456789m1234567z")  # 16 faces
    check_size(hand, RenderOptions(scale=3, index=True))
    wide = parse("123456789m123456789p")  # 18 faces: drawn plain at 3x, not with indices
    check_size(wide, RenderOptions(scale=3))
    with pytest.raises(BadRequest, match="at 114 pixels a tile with corner indices the limit is 16"):
        check_size(wide, RenderOptions(scale=3, index=True))


# -- surfaces ---------------------------------------------------------------------------------------


@pytest.fixture
def client():
    from service.http import create_app

    return create_app().test_client()


def test_http_index_changes_bytes_and_etag(client):
    for fmt in ("png", "webp", "svg"):
        off, on = client.get(f"/tiles/1z5z0p.{fmt}?scale=2"), client.get(f"/tiles/1z5z0p.{fmt}?scale=2&index=1")
        assert on.status_code == off.status_code == 200
        assert on.data != off.data and on.headers["ETag"] != off.headers["ETag"], fmt
        assert client.get(f"/tiles/1z5z0p.{fmt}?scale=2&index=0").headers["ETag"] == off.headers["ETag"]
        assert client.get(f"/tiles/1z5z0p.{fmt}?scale=2&index=1", headers={"If-None-Match": off.headers["ETag"]}
                          ).status_code == 200
    bad = client.get("/tiles/1z.png?index=maybe")
    assert bad.status_code == 400 and bad.json["error"]["param"] == "index"
    scene = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}"
    views = [client.get("/scene.png", query_string={"s": scene, **q}) for q in ({}, {"index": "1"})]
    assert views[0].data != views[1].data and views[0].headers["ETag"] != views[1].headers["ETag"]


def test_cli_render_sheet_and_scene(tmp_path):
    from service.cli import main

    for args in (["render", "1z-23m"], ["sheet", "--height", "38"]):
        files = []
        for extra in ([], ["--index"]):
            out = tmp_path / f"{args[0]}{len(extra)}.png"
            assert main([*args, *extra, "-o", str(out)]) == 0
            files.append(out.read_bytes())
        assert files[0] != files[1], args
    scene = tmp_path / "card.yaml"
    scene.write_text("problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n")
    outs = []
    for extra in ([], ["--index"]):
        out = tmp_path / f"scene{len(extra)}.svg"
        assert main(["scene", str(scene), *extra, "-o", str(out)]) == 0
        outs.append(out.read_text())
    assert outs[0] != outs[1]


def test_the_contact_sheet_with_index():
    plain, indexed = tile_art.contact_sheet(38, "dark", 2), tile_art.contact_sheet(38, "dark", 2, index=True)
    assert plain.size == indexed.size and plain.tobytes() != indexed.tobytes()


def test_tag_prop_site_default_and_manifest_keys():
    from service.pictures.scan import scan_text
    from service.pictures.tag_props import read_tag

    def options(source, site=False):
        read = read_tag(scan_text(source, "a.mdx")[0], default_index=site)
        return read.request.options if read.request else [str(p) for p in read.problems]

    assert options('<Tiles notation="1m" index />').index is True
    assert options('<Tiles notation="1m" index={true} />').index is True
    assert options('<Tiles notation="1m" />', site=True).index is True
    assert options('<Tiles notation="1m" index={false} />', site=True).index is False
    assert options('<Tiles notation="1m" index="1" />') == ["a.mdx:1:1: index takes no value: write index, or index={false}"]
    assert manifest_key("1m", RenderOptions(index=True)) == "1m?index=1"
    assert manifest_key("1m-2m", RenderOptions(layout="river", index=True, lang="ja")) == "1m-2m?layout=river&lang=ja&index=1"


def test_fence_options():
    from service.pictures.pages import fence_tags
    from service.pictures.scene_blocks import read_options, scene_blocks, scene_key
    from service.pictures.tag_props import read_tag

    [tag] = fence_tags("```tiles index\n1z2z\n```\n")
    assert read_tag(tag).request.options.index is True
    text = "```tiles-scene index\nproblem: {round: E1}\n```\n```tiles-scene index=0 lang=ja\nproblem: {round: E1}\n```\n"
    one, two = (read_options(b)[0] for b in scene_blocks(text))
    assert one.render("light", "png").index is True and two.render("light", "png", index=True).index is False
    assert scene_key("problem: {round: E1}", one.render("light", "png")) == "scene:problem: {round: E1}?index=1"
    bad = scene_blocks("```tiles-scene index=maybe\nproblem: {round: E1}\n```\n", "a.md")[0]
    assert str(read_options(bad)[1]) == ("a.md:1:22: tiles-scene index=maybe: index must be 1 or 0 (true or false), "
                                         "not 'maybe'")


def test_tiles_batch_and_post_batch_take_the_sites_index(client):
    from service.pictures.batch import Batch

    server = Batch(out=None)
    assert "index" in server.hello()["siteOptions"]
    tag = {"id": 1, "path": "a.mdx", "source": '<Tiles notation="1z" />', "themes": ["light"]}
    plain, site = server.answer(tag), server.answer({**tag, "index": True})
    assert plain["images"][0]["src"] != site["images"][0]["src"]
    own = server.answer({**tag, "index": True, "source": '<Tiles notation="1z" index={false} />'})
    assert own["images"][0]["src"] == plain["images"][0]["src"]
    assert server.answer({**tag, "index": "yes"})["fatal"] == "index must be true or false, not 'yes'"
    scene = {"id": 2, "scene": "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n", "themes": ["light"]}
    assert server.answer(scene)["images"][0]["src"] != server.answer({**scene, "index": True})["images"][0]["src"]
    fetched = client.post("/batch", json={"source": '<Tiles notation="1z" />', "path": "a.mdx", "index": True}).json
    assert "index=1" in fetched["images"][0]["fetch"]["1x"]
    assert client.get(fetched["images"][0]["fetch"]["2x"]).status_code == 200


PAGE = """# Hands

<Tiles notation="11s+-456m+4s" />

<Tiles notation="19p" index={false} />

```tiles river
1m*2m-3m
```

```tiles-scene
problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}
```
"""


def test_tiles_build_with_index(tmp_path):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(PAGE, encoding="utf-8")
    manifests = {}
    for name, extra in (("plain", []), ("index", ["--index"])):
        out = tmp_path / name
        assert main(["build", str(docs), "--out", str(out), "--jobs", "1", *extra]) == 0
        manifests[name] = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["images"]
    assert set(manifests["index"]) == {"11s+-456m+4s?index=1", "19p", "1m*2m-3m?layout=river&index=1",
                                       f"scene:{PAGE.split(chr(10))[-3]}?index=1"}
    assert manifests["index"]["19p"] == manifests["plain"]["19p"]  # the tag's own index={false}
    assert manifests["index"]["11s+-456m+4s?index=1"]["1x"] != manifests["plain"]["11s+-456m+4s"]["1x"]
    assert manifests["index"]["11s+-456m+4s?index=1"]["alt"] == manifests["plain"]["11s+-456m+4s"]["alt"]


def _uses_index_glyph(html: str) -> bool:
    from tile_art.outline import path_data

    return f'd="{path_data("E")}"' in html  # 1z's index: in the page's sprite


def test_markdown_extension_with_a_site_index():
    import markdown

    from service.docs.markdown_ext import TilesExtension

    page = '<Tiles notation="1z" />\n'
    assert not _uses_index_glyph(markdown.markdown(page, extensions=["tiles"]))
    assert _uses_index_glyph(markdown.markdown(page, extensions=[TilesExtension(index=True)]))
    assert _uses_index_glyph(markdown.markdown('<Tiles notation="1z" index />\n', extensions=["tiles"]))
    assert not _uses_index_glyph(markdown.markdown('<Tiles notation="1z" index={false} />\n',
                                                   extensions=[TilesExtension(index=True)]))
    scene = "```tiles-scene{}\nproblem: {{round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}}\n```\n"
    plain, off, on = (markdown.markdown(scene.format(o), extensions=["tiles"]) for o in ("", " index=0", " index"))
    assert plain == off != on  # (the scene's labels draw E too: the pictures differ, not the glyphs used)


def test_mkdocs_site_index(tmp_path):
    pytest.importorskip("mkdocs")
    from tests.test_docs_scenes import build_mkdocs

    names = {}
    for setting in ("index: false", "index: true"):
        run = build_mkdocs(tmp_path, PAGE, setting, "theme: light")
        assert run.returncode == 0, run.stderr
        html = (tmp_path / "site" / "problems" / "index.html").read_text(encoding="utf-8")
        names[setting] = re.findall(r'<img [^>]*src="[^"]*?([0-9a-f]{16})\.png"', html)
    plain, indexed = names["index: false"], names["index: true"]
    assert len(plain) == len(indexed) == 4
    assert [a == b for a, b in zip(plain, indexed)] == [False, True, False, False]  # 19p: index={false}


def test_sphinx_tiles_index_and_the_index_option(tmp_path):
    pytest.importorskip("sphinx")
    from tests.test_docs_scenes import build_sphinx_rst
    rst = ("Hands\n=====\n\n.. tiles:: 1z\n\n.. tiles:: 2z\n   :index: false\n\n.. tiles:: 3z\n   :index:\n\n"
           ".. tiles-scene:: index=0\n\n   problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}\n")
    names = {}
    for conf in ("", "tiles_index = True\n"):
        run = build_sphinx_rst(tmp_path, rst, 'tiles_theme = "light"\n' + conf)
        assert run.returncode == 0, run.stderr
        html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
        names[conf] = re.findall(r'<img [^>]*src="[^"]*?([0-9a-f]{16})\.png"', html)
    plain, site = names[""], names["tiles_index = True\n"]
    assert [a == b for a, b in zip(plain, site)] == [False, True, True, True]
    run = build_sphinx_rst(tmp_path, ".. tiles:: 1z\n   :index: maybe\n", 'tiles_theme = "light"\n')
    assert "index" in run.stderr and "give it alone, or true or false" in run.stderr
