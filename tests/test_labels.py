"""Labels measured without Pillow (`tile_art.font.advance`) as Pillow measured them.

Layouts place labels by each character's advance. They read it from the font's hmtx, and
before from FreeType (Pillow's ``getlength`` at 1000 px); the two must agree on every
character a label can hold, or a picture's width, a label's place and so its bytes change.
"""

import math
import string

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
