"""The faces of the other tables: flowers 1f-4f, seasons 5f-8f, the joker `j`, the any-tile `?`."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import pytest
from PIL import ImageChops
from test_tile_art import DISTINCT, MACHADO, SEEN, SEEN_SHARE, diff

import tile_art
from tile_art import body, bonus, faces, glyphs, outline
from tile_art import sheet as sheet_rows
from tile_art.svg import AUTO, Document, themed_tile
from tile_art.svg_pen import Group, SvgPen
from tile_art.theme import THEME_DATA

NEW = faces.BONUS + ("j", "?")


def blank(theme: str, height: int = 38, scale: int = 2):
    """The tile body with nothing on its face."""
    w, h = tile_art.tile_width(height) * scale, height * scale
    ss = faces.supersample(h)
    return body.new_tile((w * ss, h * ss), THEME_DATA[theme], ss).canvas.reduce(ss)


def test_the_new_codes_are_faces():
    assert NEW == ("1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f", "j", "?")
    assert set(NEW) <= set(tile_art.CODES) and tile_art.CODES[-1] == "x"
    for code in ("0f", "9f", "10f", "1j", "j?", "??", "J"):
        with pytest.raises(ValueError, match=r"1f-8f \(flowers, seasons\), j \(joker\), \? \(any tile\)"):
            faces.check(code, 38, 1, "light")


def test_the_font_has_every_new_character():
    assert glyphs.missing_glyphs(bonus.CHARACTERS + bonus.DIGITS + "JOKER?") == []


@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
@pytest.mark.parametrize("theme", tile_art.THEMES)
def test_every_new_face_is_drawn_in_both_themes(theme, sideways):
    empty = blank(theme)
    for code in NEW:
        img = tile_art.face(code, 38, 2, theme, sideways)
        assert img.mode == "RGBA" and img.size == ((76, 56) if sideways else (56, 76)), code
        if not sideways:
            assert diff(img, empty) > 4 * DISTINCT, code  # a picture, not an empty face


def _simulated(theme: str, sideways: bool, matrix) -> dict:
    """Every face at 38 px x2, its face area as a reader with the deficiency sees it (L)."""
    flat = tuple(v for row in matrix for v in (*row, 0))
    out = {}
    for code in tile_art.CODES:
        img = tile_art.face(code, 38, 2, theme, sideways)
        box = tuple(round(v) for v in body.face_box(img.size, 1, sideways)[3])
        out[code] = img.crop(box).convert("RGB").convert("RGB", flat).convert("L")
    return out


@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
@pytest.mark.parametrize("theme", tile_art.THEMES)
def test_new_faces_differ_from_every_face_without_colour(theme, sideways):
    """The red fives' check (test_tile_art.seen_share) against every other face: under
    protanopia and deuteranopia, at least 3% of the face changes by 40 levels."""
    close = []
    for kind, matrix in MACHADO.items():
        seen = _simulated(theme, sideways, matrix)
        for a in NEW:
            for b in tile_art.CODES:
                if a == b:
                    continue
                changed = ImageChops.difference(seen[a], seen[b]).point(lambda v: 255 * (v > SEEN))
                share = changed.histogram()[255] / (seen[a].width * seen[a].height)
                if share < SEEN_SHARE:
                    close.append((kind, a, b, round(share, 4)))
    assert not close


def _glyphs(nodes) -> list:
    out = []
    for n in nodes:
        if isinstance(n, Group):
            out += _glyphs(n.children)
        elif n.tag == "glyph":
            out.append((n.ref, n.paint))
    return out


@pytest.mark.parametrize("number", range(1, 9))
def test_numeral_and_character_in_the_sets_colour(number):
    """Flowers' numerals red, seasons' blue (as real sets colour the two sets apart)."""
    for theme in THEME_DATA.values():
        pen = SvgPen(128)
        bonus.draw_bonus(pen, theme, number)
        colour = theme.red if number <= 4 else theme.blue
        assert _glyphs(pen.nodes) == [(str((number - 1) % 4 + 1), colour), (bonus.CHARACTERS[number - 1], colour)]


def test_deterministic_same_bytes_twice_and_across_processes():
    here = [hashlib.sha256(faces.draw_face(c, 38, 2, "dark").tobytes()).hexdigest() for c in NEW]
    assert here == [hashlib.sha256(faces.draw_face(c, 38, 2, "dark").tobytes()).hexdigest() for c in NEW]
    script = ("import hashlib, tile_art.faces as f; "
              f"print(' '.join(hashlib.sha256(f.draw_face(c, 38, 2, 'dark').tobytes()).hexdigest() for c in {NEW!r}))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == here


@pytest.mark.parametrize("sideways", [False, True], ids=["upright", "sideways"])
def test_svg_symbols_for_the_new_faces(sideways):
    doc = Document(AUTO, 38, 2)
    refs = [doc.tile(code, sideways) for code in NEW]
    svg = doc.svg(10 * 30, 38, [f'<use href="{r}" width="28" height="38"/>' for r in refs])
    assert svg.count("<symbol") == len(NEW) and len(set(refs)) == len(NEW)
    for char in bonus.CHARACTERS + bonus.DIGITS + "JOKER?":
        assert outline.path_data(char) in svg, char
    for code in NEW:  # light and dark agree in shape: one drawing, dark colours by the media query
        nodes, _ = themed_tile(code, 38, 2, AUTO, sideways)
        assert not any(isinstance(n, Group) and n.cls for n in nodes), code


def test_contact_sheet_has_a_row_of_flowers_seasons_joker_and_any_tile():
    assert sorted(c for row in sheet_rows.ROWS for c in row) == sorted(tile_art.CODES)  # each face once
    sheet = tile_art.contact_sheet(38, "light", 2)
    w, h, gap = 56, 76, 76 // 8
    y = gap + 4 * (h + gap)
    inner = (8, 8, w - 8, h - 8)  # clear of the transparent corners
    for col, code in enumerate(NEW):
        x = gap + col * (w + gap)
        tile = sheet.crop((x, y, x + w, y + h)).crop(inner)
        assert diff(tile, tile_art.face(code, 38, 2).crop(inner)) == 0, code


def _ink_box(draw, fh: float = 128.0, unit: float = 4.0, pad: float = 20.0):
    """Bounds, in face units, of what `draw(pen)` paints on a face 100 x `fh` units."""
    from PIL import Image

    from tile_art.pen import Pen

    canvas = Image.new("RGBA", (round((100 + 2 * pad) * unit), round((fh + 2 * pad) * unit)), (0, 0, 0, 0))
    draw(Pen(canvas, (pad * unit, pad * unit), unit, fh))
    x0, y0, x1, y1 = canvas.getchannel("A").getbbox()
    return x0 / unit - pad, y0 / unit - pad, x1 / unit - pad, y1 / unit - pad


@pytest.mark.parametrize("code", NEW)
def test_content_stays_on_the_face(code):
    """Nothing spills onto the bevel round the face (the face box is 100 x fh units)."""
    for fh in (126.0, 130.0):  # the face heights of the sizes we draw
        x0, y0, x1, y1 = _ink_box(lambda pen: faces._content(pen, THEME_DATA["light"], code), fh)
        assert x0 >= 1 and y0 >= 1 and x1 <= 99 and y1 <= fh - 1, (fh, (x0, y0, x1, y1))


@pytest.mark.parametrize("number", range(1, 9))
def test_pictures_keep_clear_of_the_numeral_and_character(number):
    _, _, picture = bonus.FACES[number]
    numeral, character, scene = bonus.boxes(128.0)
    top = _ink_box(lambda pen: picture(pen.frame(scene), THEME_DATA["light"]))[1]
    assert top >= max(numeral[3], character[3]), top
