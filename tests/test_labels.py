"""Labels measured without Pillow (`tile_art.font.advance`) as Pillow measured them.

Layouts place labels by each character's advance. They read it from the font's hmtx, and
before from FreeType (Pillow's ``getlength`` at 1000 px); the two must agree on every
character a label can hold, or a picture's width, a label's place and so its bytes change.
"""

import math
import os
import string
import subprocess
import sys

import pytest
from PIL import ImageFont

from service.layout.arrange import arrange, arrange_scene
from service.layout.measure import offsets, text_width
from service.layout.table_layout import EXTRA
from service.notation.dora import LABELS, LANGS
from service.notation.options import RenderOptions
from service.notation.scene import WORDS, read_scene
from service.notation.subject import read
from tile_art.font import advance, font_file

MEASURE_PX = 1000  # the size Pillow measured advances at


def literal(template: str) -> str:
    """The text of a label template without its ``{fields}``."""
    return "".join(text for text, *_ in string.Formatter().parse(template))


def words(value) -> list[str]:
    return [w for v in value for w in words(v)] if isinstance(value, (tuple, list)) else [value]


def vocabulary() -> str:
    """Every character a label can hold: the words of every language, and what fills their
    fields: digits (round, honba, turn, sticks, scores) and a score's minus sign."""
    chars = set("0123456789-")
    for lang in LANGS:
        for table in (LABELS[lang], WORDS[lang], EXTRA[lang]):
            for value in table.values():
                chars |= {ch for w in words(value) for ch in literal(w)}
    return "".join(sorted(chars))


@pytest.fixture(scope="module")
def pillow():
    return ImageFont.truetype(str(font_file()), MEASURE_PX)


def pillow_width(font, text: str, size: int) -> int:
    return math.ceil(sum(font.getlength(ch) / MEASURE_PX for ch in text) * size)


def test_every_label_character_has_pillows_advance(pillow):
    chars = vocabulary()
    assert {"D", "ド", "裏", "宝", "庄", "・", "·", "(", "7", "-", " "} <= set(chars)
    wrong = {ch: (advance(ch), pillow.getlength(ch) / MEASURE_PX) for ch in chars
             if advance(ch) != pillow.getlength(ch) / MEASURE_PX}
    assert not wrong, wrong


SCENES = [
    "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}",
    "problem: {round: N4, honba: 99, seat: E, turn: 30, dora: 1z2z3z4z5z, hand: 123m456p78s55z+-999s+9s, "
    "scores: [25000, -1200, 0, -9999999]}",
    "table: {round: W3, honba: 12, riichi_sticks: 1, dora: 3m, view: N, seats: {E: {hand: 13, score: -9999999}, "
    "S: {hand: 13, river: 19m-4z, score: 1234567}, W: {hand: 13}, N: {hand: 13, score: 0}}}",
    "table: {round: S2, riichi_sticks: 99, view: E, seats: {E: {hand: 13}}}",
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_a_layout_draws_is_measured_as_before(pillow, lang):
    """Each label of hands, rivers, problem cards and tables: its characters in the vocabulary,
    its width and each character's x what Pillow's advances give."""
    labels = []
    for height in (16, 38, 100):
        o = RenderOptions(height=height, dora="3m", ura="4z", lang=lang)
        labels += arrange(read("123m"), o).labels + arrange(read("1m-2m", "river"), o).labels
        labels += tuple(lab for text in SCENES for lab in arrange_scene(read_scene(text), o).layout.labels)
    assert len({lab.text for lab in labels}) >= 10
    for lab in labels:
        assert set(lab.text) <= set(vocabulary()), lab.text
        assert text_width(lab.text, lab.size) == pillow_width(pillow, lab.text, lab.size), lab
        x, xs = 0.0, []
        for ch in lab.text:
            xs.append(x)
            x += pillow.getlength(ch) / MEASURE_PX * lab.size
        assert offsets(lab.text, lab.size) == xs, lab


MAPS_PROBE = """
import sys
from service import RenderOptions, render
from service.drawing.error_image import error_png
from service.drawing.scene import render_scene
from service.notation.scene import read_scene
from tile_art.glyphs import font_file

for height in range(16, 100, 7):
    for scale in (1, 2, 3):
        render("123m", RenderOptions(height=height, scale=scale, dora="3m", ura="4z", lang="ja"))
render_scene(read_scene(sys.argv[1]), RenderOptions(lang="zh", scale=2))
for height in (20, 38, 64):
    for scale in (1, 2, 3, 4):
        error_png("'a' is not a suit letter", "123a", 3, height=height, scale=scale)
error_png("'漢' is not part of the tile notation", "12漢3m", 2)  # outside the subset: the whole font, let go
with open("/proc/self/maps") as maps:
    print(sum(str(font_file()) in line for line in maps))
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="reads /proc/self/maps (Linux)")
def test_the_font_file_is_not_mapped_once_per_size():
    """Issue 42 item 2: every label size and error picture size opened the 17 MB font file,
    and FreeType maps it whole each time: 8 sizes cost a worker 130 MiB of resident memory. Now
    one subset of the characters we draw serves every size; a text holding others opens the file
    for that one drawing. A process that drew labels and error pictures at many sizes keeps no
    mapping of the file."""
    run = subprocess.run([sys.executable, "-c", MAPS_PROBE, SCENES[2]], capture_output=True, text=True,
                         timeout=300, check=True)
    assert run.stdout.split()[-1] == "0", run.stdout


def test_the_subset_draws_what_the_whole_font_draws():
    """Every character the subset holds, alone and in an error picture's lines, has the same pixels,
    box and advance from the subset as from the whole font: no picture's bytes change."""
    from PIL import Image, ImageChops, ImageDraw

    from service.drawing.labels import TEXT_ALPHABET
    from tile_art.glyphs import CHARACTERS, _NOT_IN_FONT, _subset_alphabet, font_of

    held = _subset_alphabet()
    assert set(vocabulary()) | set(TEXT_ALPHABET) | set(CHARACTERS) <= set(held)
    lines = ["'a' is not a suit letter", "123m456p789s", "１２３ｍ", "ドラ表示牌 裏ドラ", "东1局 · 供托2"]
    for px in (13, 48, 400):
        whole, cut = ImageFont.truetype(str(font_file()), px), font_of(px)
        for text in [*held, _NOT_IN_FONT, *lines]:
            drawn = []
            for font in (whole, cut):
                im = Image.new("L", (px * (len(text) + 1), px * 2), 0)
                ImageDraw.Draw(im).text((px // 2, px * 3 // 2), text, fill=255, font=font, anchor="ls")
                drawn.append((im, font.getbbox(text, anchor="ls"), font.getlength(text)))
            (a, box_a, len_a), (b, box_b, len_b) = drawn
            assert (box_a, len_a) == (box_b, len_b) and ImageChops.difference(a, b).getbbox() is None, (px, text)


def test_the_subset_is_cut_once_and_kept(tmp_path):
    """Cutting the subset costs a child ~1 s of CPU: a `tiles render` paid it on every run (0.5 s
    of CPU became 1.5-1.9). It is kept in the user's cache folder, and the next process reads it
    without a child."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    draw = "from service import RenderOptions, render\nrender('123m', RenderOptions(dora='1z', lang='ja'))\n"
    subprocess.run([sys.executable, "-c", draw], env=env, check=True, timeout=300)
    [kept] = (tmp_path / "tiles").glob("font-subset-*.otf")
    assert kept.read_bytes()[:4] == b"OTTO"
    no_child = "import subprocess\ndef cut(*a, **k):\n    raise SystemExit('cut again')\nsubprocess.run = cut\n"
    again = subprocess.run([sys.executable, "-c", no_child + draw], env=env, capture_output=True, text=True,
                           timeout=300)
    assert again.returncode == 0, again.stderr[-500:]
