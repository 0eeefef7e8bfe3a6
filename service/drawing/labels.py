"""Labels: short lines of text in the tile font (Noto Sans JP: Latin, kana and kanji alike).

The layout measured each line (`service.layout.measure`: every character's x from the
font's advances); the PNG (FreeType through Pillow) and the SVG (the glyph outlines,
`tile_art.outline`) put each character at that x. Labels take the theme's label colour:
dark ink on a light page, light ink on a dark one.

>>> label_colour("light"), label_colour("dark")
((80, 80, 83), (180, 177, 166))
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from service.layout.layout import Label
from service.layout.measure import label_box, offsets, text_width
from service.layout.table_layout import EXTRA
from service.notation import dora, scene, words
from tile_art.glyphs import also_draws, font_for
from tile_art.outline import path_data, preload, units_per_em
from tile_art.svg_pen import fnum
from tile_art.theme import get_theme

_LOCK = threading.Lock()  # one FreeType face per size, shared by all threads


def _strings(table) -> str:
    """Every character of a table of words (dicts, tuples and strings, nested)."""
    if isinstance(table, str):
        return table
    parts = table.values() if isinstance(table, dict) else table if isinstance(table, (tuple, list)) else ()
    return "".join(_strings(part) for part in parts)


# Every character a label or an error picture draws from the font's subset (`tile_art.glyphs.font_of`):
# ASCII and its full-width forms, the error pictures' marks (an open box, an ellipsis), and the label
# tables' words in every language. A text holding any other draws from the whole font (`font_for`).
TEXT_ALPHABET = "".join(sorted(set(
    "".join(map(chr, range(0x20, 0x7F))) + "".join(map(chr, range(0xFF01, 0xFF5F))) + "\u2423\u2026"
    + _strings(words.WORDS) + _strings(scene.WORDS) + _strings(dora.LABELS) + _strings(EXTRA))))
also_draws(TEXT_ALPHABET)


def text_font(px: int, text: str) -> ImageFont.FreeTypeFont:
    """The tile font at `px` to draw `text` with: from the subset, shared by every size, which holds
    `TEXT_ALPHABET`, when it holds the text.

    >>> text_font(12, "Dora 東").getlength("D") == text_font(12, "漢").getlength("D")
    True
    """
    return font_for(px, text)


def label_colour(theme: str) -> tuple[int, int, int]:
    """The ink of labels: a quarter of the way from the ink (light pages) or the tile face (dark
    pages) toward the page, so text stays quieter than the tiles."""
    t = get_theme(theme)
    dark_page = sum(t.page) < 3 * 128
    ink = t.body if dark_page else t.ink
    return tuple(round(a + (b - a) * 0.25) for a, b in zip(ink, t.page))  # type: ignore[return-value]


def draw_labels(img: Image.Image, labels: tuple[Label, ...], scale: int, theme: str) -> None:
    """Paint `labels` onto the RGBA `img` (coverage as alpha: straight colour, no dark fringe)."""
    if not labels:
        return
    mask = Image.new("L", img.size, 0)
    for lab in labels:
        line = line_mask(lab.text, lab.size, scale)
        if lab.rotation:  # drawn level, turned, then placed at its turned box
            line = line.transpose(_TRANSPOSE[lab.rotation])
            x0, y0, _, _ = label_box(lab)
        else:
            x0, y0 = lab.x, lab.y - lab.size
        mask.paste(line, (round(x0 * scale), round(y0 * scale)), line)
    layer = Image.new("RGBA", img.size, label_colour(theme) + (255,))
    layer.putalpha(mask)
    img.alpha_composite(layer)


_TRANSPOSE = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


@lru_cache(maxsize=256)
def line_mask(text: str, size: int, scale: int) -> Image.Image:
    """The label's coverage ("L"), its left end at 0 and baseline `size` CSS px down; cached, read-only."""
    line = Image.new("L", (text_width(text, size) * scale, round(size * 1.4) * scale), 0)
    draw, font = ImageDraw.Draw(line), text_font(size * scale, text)
    with _LOCK:
        for ch, dx in zip(text, offsets(text, size)):
            draw.text((dx * scale, size * scale), ch, fill=255, font=font, anchor="ls")
    return line


def svg_labels(labels: tuple[Label, ...], cls: str) -> list[str]:
    """One `<g>` of glyph outlines per label, filled by CSS class `cls`."""
    preload("".join(ch for lab in labels for ch in lab.text if not ch.isspace()))  # one child for all
    em = units_per_em()
    out = []
    for lab in labels:
        k = lab.size / em
        paths = [f'<path transform="matrix({fnum(k)} 0 0 {fnum(-k)} {fnum(lab.x + dx)} {lab.y})" d="{path_data(ch)}"/>'
                 for ch, dx in zip(lab.text, offsets(lab.text, lab.size)) if not ch.isspace()]
        turned = f' transform="rotate({lab.rotation} {lab.x} {lab.y})"' if lab.rotation else ""
        out.append(f'<g class="{cls}"{turned}>{"".join(paths)}</g>')
    return out


def svg_label_style(themes: tuple[str, ...], cls: str, dark_query: str) -> str:
    """The `<style>` giving `cls` the label colour of the first theme, and of the last under `dark_query`."""
    hexes = ["#%02x%02x%02x" % label_colour(t) for t in themes]
    dark = f"{dark_query}{{.{cls}{{fill:{hexes[-1]}}}}}" if hexes[-1] != hexes[0] else ""
    return f"<style>.{cls}{{fill:{hexes[0]}}}{dark}</style>"
