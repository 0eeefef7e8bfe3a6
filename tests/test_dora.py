"""Dora indicators on any hand: options, strips, labels, JSON, alt text, CLI, HTTP and <Tiles dora>."""

import io
import json
from urllib.parse import quote

import numpy as np
import pytest
from PIL import Image

from service.cli import main
from service.pictures.scan import scan_text
from service.pictures.tag_props import read_tag
from service.layout.arrange import arrange
from service.drawing.render import render
from service.notation.dora import dora_of, held, read_indicators
from service.notation.grammar import parse
from service.notation.model import Tile
from service.notation.options import OptionError, RenderOptions
from service.notation.views import hand_json


@pytest.mark.parametrize("indicator, dora", [("1m", "2m"), ("9p", "1p"), ("0s", "6s"), ("4z", "1z"), ("3z", "4z"),
                                             ("7z", "5z"), ("5z", "6z")])
def test_dora_follows_the_indicator(indicator, dora):
    assert dora_of(Tile.from_code(indicator)).code == dora


def test_held_counts_dora_in_melds_and_the_winning_tile_and_red_fives():
    hand = parse("11m234p+-333s+1z")  # indicator 9m: 1m twice; 2s: three 3s; 4z: the winning 1z
    got = held(hand, read_indicators("9m2s4z"))
    assert got == {"indicators": ["9m", "2s", "4z"], "tiles": ["1m", "3s", "1z"], "count": 6, "red_fives": 0}
    assert held(parse("50m"), read_indicators("4m"))["count"] == 3  # 5m, and 0m: a 5m (dora) and red


@pytest.mark.parametrize("text, where", [("3mx", 2), ("3m+4m", 2), ("-3m", 0), ("3a", 1), ("123456m", 7)])
def test_bad_indicators_are_option_errors_at_their_position(text, where):
    with pytest.raises(OptionError) as e:
        RenderOptions(dora=text)
    assert e.value.param == "dora" and e.value.position == where


def test_lang_is_checked_and_keys_name_strips_only_when_drawn():
    with pytest.raises(OptionError, match="lang must be one of en, ja, zh"):
        RenderOptions(lang="fr")
    assert RenderOptions(lang="ja").key() == RenderOptions().key()  # no strip, no label, same picture
    assert RenderOptions(dora="R5P").key().endswith("-dora0p-en")
    assert RenderOptions(dora="0p") == RenderOptions(dora="r5p")


def test_strip_is_five_slots_apart_from_the_hand_under_a_label():
    opts = RenderOptions(dora="4z1m")
    lay = arrange(parse("123m"), opts)
    hand, strip = lay.placements[:3], lay.placements[3:]
    assert [p.tile.code for p in strip] == ["4z", "1m", "x", "x", "x"]
    assert max(p.x + p.w for p in strip) < min(p.x for p in hand)  # apart, on the left
    assert {p.y + p.h for p in lay.placements} == {lay.height}  # one baseline
    (label,) = lay.labels
    assert label.text == "Dora indicator" and label.y <= min(p.y for p in strip)
    ja = arrange(parse("123m"), RenderOptions(dora="3m", ura="5p", lang="ja")).labels
    assert [lab.text for lab in ja] == ["ドラ表示", "裏ドラ表示"]


def test_json_has_dora_groups_and_with_analysis_what_the_hand_holds():
    opts = RenderOptions(dora="4z1m", ura="9s")
    hand = parse("2345m067p34588s5z+4p")
    from service.analysis import analyse

    view = hand_json(hand, arrange(hand, opts), analyse(hand), opts)
    dora, ura = view["groups"][-2:]
    assert dora["kind"] == "dora" and ura["kind"] == "ura"
    assert [t["code"] for t in dora["tiles"] if not t["face_down"]] == ["4z", "1m"]
    assert all("x" in t for t in dora["tiles"])
    assert view["dora"] == {"indicators": ["4z", "1m"], "tiles": ["1z", "2m"], "count": 2, "red_fives": 1}
    assert view["ura"]["tiles"] == ["1s"] and view["ura"]["count"] == 1
    assert view["description"].endswith("; dora indicator: North 1m; ura dora indicator: 9s")


def _opaque(data: bytes, theme: str) -> np.ndarray:
    img = Image.open(io.BytesIO(data)).convert("RGBA")
    page = Image.new("RGBA", img.size, (255, 255, 255, 255) if theme == "light" else (13, 17, 23, 255))
    page.alpha_composite(img)
    return np.asarray(page.convert("RGB"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_png_draws_the_label_above_the_strip(theme):
    opts = RenderOptions(dora="3m", scale=2, theme=theme)
    lay = arrange(parse("123m"), opts)
    px = _opaque(render(parse("123m"), opts), theme)
    assert px.shape[:2] == (lay.height * 2, lay.width * 2)
    band = px[: min(p.y for p in lay.placements) * 2]  # above the tiles: only the label's ink
    page = px[-1, -1] if theme == "light" else np.array([13, 17, 23])
    inked = np.abs(band.astype(int) - page).sum(axis=2) > 60
    assert inked[:, : lay.placements[3].w * 5 * 2].any()  # over the strip
    assert not inked[:, lay.placements[0].x * 2:].any()  # not over the hand


def test_svg_has_the_label_and_the_alt_text():
    svg = render(parse("123m"), RenderOptions(format="svg", theme="auto", dora="4z")).decode()
    assert "<title>Hand: 1m 2m 3m; dora indicator: North</title>" in svg
    assert "prefers-color-scheme:dark" in svg and svg.count("<path transform=") == len("Doraindicator")


def test_cli_dora_flags(capsys, tmp_path):
    assert main(["parse", "123m", "--dora", "3m", "--lang", "zh"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["groups"][-1]["kind"] == "dora" and out["dora"]["tiles"] == ["4m"]
    assert main(["render", "123m", "--dora", "3mx", "-o", str(tmp_path / "a.png")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "error: dora indicators lie face up: no 'x'"
    assert err[2].index("^") == err[1].index("3mx") + 2


def test_http_dora_query(client):
    r = client.get("/tiles/123m.json?dora=3m&ura=1z&lang=ja")
    assert r.status_code == 200
    assert [g["kind"] for g in r.json["groups"]][-2:] == ["dora", "ura"]
    png = client.get("/tiles/123m.png?dora=3m")
    assert png.status_code == 200 and png.headers["ETag"] != client.get("/tiles/123m.png").headers["ETag"]
    bad = client.get("/tiles/123m.png?dora=3q")
    assert bad.status_code == 400 and bad.json["error"]["param"] == "dora"
    # a joker, any-tile or bonus tile points at no dora: refused (the JSON view's analysis was a 500)
    for text in ("j", "1m?", "1m1f", "123m5f"):
        r = client.get(f"/tiles/123m.json?ura={quote(text)}")
        assert r.status_code == 400 and r.json["error"]["param"] == "ura", text
        assert "no jokers, any-tiles or bonus tiles" in r.json["error"]["message"]


def test_tiles_tag_dora_prop_and_its_error_position():
    read = read_tag(scan_text('<Tiles notation="123m" dora="4z1m" lang="ja" />', "a.mdx")[0])
    assert read.problems == [] and read.request.options.dora == "4z1m"
    bad = read_tag(scan_text('<Tiles notation="123m" dora="4z1q" />', "a.mdx")[0])
    assert [str(p) for p in bad.problems] == ["a.mdx:1:33: dora: 'q' is not a suit letter (use m, p, s or z)"]


def test_sphinx_directive_dora_and_ura_options(tmp_path):
    """``.. tiles::`` takes the tag's ``dora`` and ``ura`` (issue 37: the rST twin of the conformance
    page); a bad one fails the build at its character on the option's line."""
    pytest.importorskip("sphinx")
    import re

    from tests.test_docs_scenes import build_sphinx_rst

    def build(rst: str):
        return build_sphinx_rst(tmp_path, rst, 'tiles_theme = "light"\n')

    run = build("Hands\n=====\n\n.. tiles:: 234m567p22s\n   :dora: 3m\n   :ura: 4z\n   :lang: ja\n")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    [alt] = re.findall(r'<img [^>]*alt="([^"]+)"', html)
    assert alt.endswith("ドラ表示牌：三萬；裏ドラ表示牌：北"), alt
    run = build("Hands\n=====\n\n.. tiles:: 234m567p22s\n   :caption: A typo\n   :dora:  4z1q\n")
    assert run.returncode != 0
    assert "index.rst:6:15: dora: 'q' is not a suit letter (use m, p, s or z)\n     :dora:  4z1q\n" \
           + " " * 16 + "^" in run.stderr, run.stderr
