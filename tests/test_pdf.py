"""PDF output: vector paths only (no raster image, no font), the SVG's page size and geometry,
small, deterministic; through the CLI, `service.render`, scenes and the URL API.

Pages are read and rasterised by poppler (poppler-utils: pdfinfo, pdfimages, pdftoppm), a reader
that is not ours; each raster is compared with our PNG of the same picture at 2x.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import zlib
from dataclasses import replace
from io import BytesIO
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from service import RenderOptions, render
from service.drawing.pdf import render_pdf
from service.drawing.pdf_paths import anchored_ops, matrix_of, path_ops
from service.drawing.scene import render_scene
from service.drawing.svg import render_svg
from service.layout.arrange import arrange
from service.notation.grammar import parse
from service.notation.options import OptionError
from service.notation.scene import read_scene
from service.notation.subject import read
from tests.need import need

ROOT = Path(__file__).resolve().parents[1]
HAND = "123m067p789s1234z+5z"  # 14 tiles: characters, a red five, sticks, the bird-free 7s, winds, a white
TABLE = (ROOT / "examples" / "table.yaml").read_text(encoding="utf-8")
MAX_BYTES = 40_000  # the 14-tile hand (issue: "well under 100 KB"); it is ~18 KB
MEAN_DIFFERENCE = 8.0  # per channel (0-255) between poppler's raster and our PNG at 2x; measured 1-7


def poppler() -> None:
    need(shutil.which("pdftoppm") is not None and shutil.which("pdfimages") is not None,
         "poppler-utils is not installed (apt-get install poppler-utils)")


def streams(data: bytes) -> list[bytes]:
    """Every stream's decompressed content."""
    return [zlib.decompress(m.group(1)) for m in re.finditer(rb"stream\n(.*?)\nendstream", data, re.S)]


def page_size(data: bytes, tmp_path: Path) -> tuple[float, float]:
    path = tmp_path / "page.pdf"
    path.write_bytes(data)
    run = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    assert run.stderr == ""  # poppler reads the file without a syntax error or a repaired xref
    out = run.stdout
    w, h = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", out).groups()
    return float(w), float(h)


def rasterised(data: bytes, tmp_path: Path, dpi: int = 192) -> Image.Image:
    """Poppler's picture of the page on white, at `dpi` (192: 2 px to the CSS px)."""
    path = tmp_path / "page.pdf"
    path.write_bytes(data)
    run = subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(path), str(tmp_path / "page")],
                         capture_output=True, text=True, check=True)
    assert run.stderr == "", run.stderr
    return Image.open(tmp_path / "page.png").convert("RGB")


def on_white(png: bytes) -> Image.Image:
    img = Image.open(BytesIO(png)).convert("RGBA")
    white = Image.new("RGBA", img.size, "white")
    white.alpha_composite(img)
    return white.convert("RGB")


def difference(a: Image.Image, b: Image.Image) -> float:
    assert a.size == b.size
    return float(np.abs(np.asarray(a, float) - np.asarray(b, float)).mean())


def test_cli_writes_pdf_by_file_name_and_by_format(tmp_path, capsysbinary):
    from service.cli import main

    out = tmp_path / "hand.pdf"
    assert main(["render", "123m", "-o", str(out)]) == 0
    assert out.read_bytes() == render(parse("123m"), RenderOptions(format="pdf"))
    assert out.read_bytes().startswith(b"%PDF-1.4")
    assert main(["render", "123m", "-o", "-", "--format", "pdf"]) == 0
    assert capsysbinary.readouterr().out == render(parse("123m"), RenderOptions(format="pdf"))


def test_a_bad_option_is_a_clean_error(tmp_path, capsys):
    from service.cli import main

    assert main(["render", "123m", "-o", str(tmp_path / "hand.pdf"), "--theme", "auto"]) == 2
    err = capsys.readouterr().err
    assert "theme auto is for SVG only" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    with pytest.raises(OptionError, match="format must be png, webp, svg or pdf, not 'ps'"):
        RenderOptions(format="ps")
    with pytest.raises(OptionError, match="theme must be one of"):
        RenderOptions(format="pdf", theme="sepia")


def test_no_raster_image_and_no_font_inside(tmp_path):
    poppler()
    data = render(parse(HAND), RenderOptions(format="pdf", dora="1m", score="on"))
    (tmp_path / "hand.pdf").write_bytes(data)
    listed = subprocess.run(["pdfimages", "-list", str(tmp_path / "hand.pdf")], capture_output=True, text=True,
                            check=True).stdout.splitlines()
    assert len(listed) == 2, listed  # the header and its rule: no image
    everything = data + b"".join(streams(data))
    assert b"/Image" not in everything and b"/Font" not in everything and b" Tf" not in everything
    assert b" Do " in b"".join(streams(data))  # forms: faces and glyph outlines


@pytest.mark.parametrize("notation, options", [
    ("123m", {}),
    (HAND, {"height": 50, "index": True}),
    ("123m*4p-5s6z7z1s2s3s4s", {"layout": "river"}),
    ("234m456p45678s+3s", {"dora": "1m", "ura": "2p", "score": "on"}),
])
def test_page_size_is_the_svg_size_at_three_quarters_of_a_point(notation, options, tmp_path):
    poppler()
    o = RenderOptions(format="pdf", **options)
    subject = read(notation, o.layout)
    svg = render_svg(subject, replace(o, format="svg")).decode()
    w, h = (float(v) for v in re.match(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg).groups())
    assert page_size(render(subject, o), tmp_path) == (w * 0.75, h * 0.75)


@pytest.mark.parametrize("kind, text, options", [
    ("hand", HAND, {}),
    ("hand", "123m*4p-5s6z7z1s2s3s4s", {"layout": "river"}),  # a riichi tile turned, tsumogiri dimmed
    ("hand", "234m456p45678s+3s", {"dora": "1m", "ura": "2p", "score": "on"}),  # strips and a score card
    ("hand", "1234567m23456p5s", {"layout": "efficiency"}),
    ("hand", "123m456p", {"theme": "dark", "background": (13, 17, 23, 255)}),
    ("hand", "12345m+5-55p", {"index": True, "height": 60, "background": (255, 255, 255, 128)}),
    ("scene", TABLE, {}),  # turned seats, sticks, the centre panel, turned labels
])
def test_geometry_matches_our_png_at_the_same_size(kind, text, options, tmp_path):
    poppler()
    o = RenderOptions(format="pdf", **options)
    png_options = replace(o, format="png", scale=2, exact=True)
    if kind == "scene":
        scene = read_scene(text)
        pdf, png = render_scene(scene, o), render_scene(scene, png_options)
    else:
        subject = read(text, o.layout)
        pdf, png = render(subject, o), render(subject, png_options)
    assert difference(rasterised(pdf, tmp_path), on_white(png)) < MEAN_DIFFERENCE


def test_the_geometry_comparison_can_fail(tmp_path):
    """Another hand's PDF, and a PDF missing its labels, are far from the PNG."""
    poppler()
    png = on_white(render(parse("123m456p789s1234z"), RenderOptions(scale=2, exact=True)))
    other = render_pdf(parse("987s654p321m4321z"), RenderOptions(format="pdf"))
    assert difference(rasterised(other, tmp_path), png) > 3 * MEAN_DIFFERENCE
    card = RenderOptions(format="pdf", layout="efficiency")
    subject = parse("1234567m23456p5s")
    lay = arrange(subject, card)
    bare = render_pdf(subject, card, replace(lay, labels=()))
    png = on_white(render(subject, replace(card, format="png", scale=2, exact=True)))
    assert difference(rasterised(bare, tmp_path), png) > difference(rasterised(render(subject, card), tmp_path), png) + 2


def test_a_fourteen_tile_hand_is_small_and_each_face_is_one_form():
    data = render(parse(HAND), RenderOptions(format="pdf"))
    assert len(data) < MAX_BYTES
    page = streams(data)[-1].decode()
    assert page.count(" Do ") == 14
    assert len(set(re.findall(r"/(T\d+) Do", page))) == 14  # 14 different faces here
    twice = render(parse("1m1m1m1m"), RenderOptions(format="pdf"))
    assert twice.count(b"/BBox [0 0 56 76]") == 1 and streams(twice)[-1].count(b"/T0 Do") == 4


def test_deterministic_same_bytes_twice_and_across_processes():
    import sys

    data = render(parse(HAND), RenderOptions(format="pdf", lang="ja"))
    assert data == render(parse(HAND), RenderOptions(format="pdf", lang="ja"))
    code = ("import sys; from service import render, parse, RenderOptions; "
            f"sys.stdout.buffer.write(render(parse({HAND!r}), RenderOptions(format='pdf', lang='ja')))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, check=True, cwd=ROOT).stdout == data
    assert b"/CreationDate" not in data and b"/ID" not in data


def test_the_alt_text_is_the_title_in_the_options_language(tmp_path):
    poppler()
    data = render(parse("1z"), RenderOptions(format="pdf", lang="ja"))
    (tmp_path / "t.pdf").write_bytes(data)
    info = subprocess.run(["pdfinfo", str(tmp_path / "t.pdf")], capture_output=True, text=True, check=True).stdout
    assert "Title:           手牌：東" in info
    assert b"/Lang (ja)" in data
    assert RenderOptions(format="pdf", lang="ja").key() != RenderOptions(format="pdf").key()


def test_scale_tunes_the_hairlines_not_the_page():
    one, three = (render(parse("5p"), RenderOptions(format="pdf", scale=s)) for s in (1, 3))
    assert re.search(rb"/MediaBox \[[^]]*\]", one).group() == re.search(rb"/MediaBox \[[^]]*\]", three).group()
    assert one != three
    assert one == render(parse("5p"), RenderOptions(format="pdf", scale=2))  # 1 draws the 2x tuning


def test_http_pdf_for_hands_and_scenes():
    from service.http import create_app

    client = create_app().test_client()
    r = client.get("/123m.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    assert r.data == render(parse("123m"), RenderOptions(format="pdf"))
    assert r.headers["ETag"] and client.get("/123m.pdf", headers={"If-None-Match": r.headers["ETag"]}).status_code == 304
    r = client.get("/tiles.pdf?n=123m&height=50&theme=dark")
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    r = client.get("/scene.pdf", query_string={"s": "problem: {round: E1, seat: S, dora: 3m, hand: 123m456p789s1234z+5z}"})
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    r = client.get("/123m.pdf?theme=auto")
    assert r.status_code == 400 and "theme auto is for SVG only" in r.json["error"]["message"]
    r = client.get("/123m.pdf?height=9000")
    assert r.status_code == 400 and r.json["error"]["param"] == "height"


def test_cli_scene_writes_pdf(tmp_path):
    from service.cli import main

    out = tmp_path / "table.pdf"
    assert main(["scene", str(ROOT / "examples" / "table.yaml"), "-o", str(out)]) == 0
    assert out.read_bytes() == render_scene(read_scene(TABLE), RenderOptions(format="pdf"))


def test_paths_read_back_the_svg_geometry():
    assert path_ops("M1 2l3 0 0 4zm10 10l1 1") == "1 2 m 4 2 l 4 6 l h 11 12 m 12 13 l"
    assert path_ops("M0 0c1 1 2 2 3 3 1 0 2 0 3 0") == "0 0 m 1 1 2 2 3 3 c 4 3 5 3 6 3 c"
    assert anchored_ops("path", {"d": "M5 5l1 0"}) == ((5.0, 5.0), "0 0 m 1 0 l")
    assert anchored_ops("path", {"d": "M50 50l1 0"})[1] == "0 0 m 1 0 l"  # the same pip anywhere: the same text
    a, b, c, d, e, f = matrix_of("rotate(90 10 0)")
    assert (round(a, 9), round(b, 9), round(c, 9), round(d, 9), round(e, 9), round(f, 9)) == (0, 1, -1, 0, 10, -10)


EVERY_FACE = "1234567890m1234567890p1234567890s1234567z12345678fj?x"
SIDEWAYS = "".join(f"-{code}" for code in ("1m", "0m", "1p", "0p", "5p", "9p", "1s", "0s", "9s", "1z", "5z", "6z", "7z"))
DOMINOES = "11d 12d 13d 14d 15d 16d 22d 23d 24d 25d 26d 33d 34d 35d 36d 44d 45d 46d 55d 56d 66d xd"


@pytest.mark.parametrize("theme", ["light", "dark", "print", "contrast"])
@pytest.mark.parametrize("notation", [EVERY_FACE, SIDEWAYS, DOMINOES], ids=["faces", "sideways", "dominoes"])
def test_every_face_in_every_theme_matches_our_png(notation, theme, tmp_path):
    """Every shape the pen draws (gradients, rings, strokes, glyphs, turned content) reads back."""
    poppler()
    o = RenderOptions(format="pdf", theme=theme, background=(255, 255, 255, 255))
    subject = read(notation, o.layout)
    png = render(subject, replace(o, format="png", scale=2, exact=True))
    assert difference(rasterised(render(subject, o), tmp_path), on_white(png)) < MEAN_DIFFERENCE
