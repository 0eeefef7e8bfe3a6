"""Glyph geometry shared by both pens: ink bounds, placement in a box, outlines.

One font file (`glyphs.font_file()`) feeds both backends. The Pillow pen fills a
FreeType rendering of the glyph (its `master`); the SVG pen fills the glyph's
outline read with fontTools (`path_data`, in a child process, so a worker keeps
the few outlines it draws and not the parsed font). Both put the glyph where `placement`
says, from the same ink bounds, so a character is placed once for both.

Bounds and placements are in ems (the font size), y up from the baseline.

>>> x0, y0, x1, y1 = ink_bounds("中")
>>> 0 < x0 < x1 < 1 and y0 < 0 < y1
True
>>> sx, sy, tx, ty = placement("中", (10, 20, 90, 120))
>>> round(ty - sy * (y0 + y1) / 2, 6)   # the ink's middle lands on the box's middle
70.0
>>> path_data("一")[:1], units_per_em()
('M', 1000)
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from . import glyphs
from .svg_numbers import num

Bounds = tuple[float, float, float, float]
MARGIN = glyphs.RENDER_PX // 4  # clear pixels round the master, for resampling at any size
_TT_LOCK = threading.Lock()


@lru_cache(maxsize=64)
def master(char: str) -> tuple[Image.Image, int, int, Bounds]:
    """(mask, ax, ay, ink bounds): the glyph rendered by FreeType, `glyphs.RENDER_PX` px to the em.

    The point (fx, fy) ems from the glyph origin is at mask pixel (ax + RENDER_PX*fx,
    ay - RENDER_PX*fy). Ink bounds (ems) are measured on this rendering. Read-only.
    """
    font, em = glyphs._font(char), glyphs.RENDER_PX
    with glyphs._FONT_LOCK:  # one FreeType face shared by all threads
        left, top, right, bottom = font.getbbox(char, anchor="ls")
        ax, ay = MARGIN - left, MARGIN - top
        im = Image.new("L", (right - left + 2 * MARGIN, bottom - top + 2 * MARGIN), 0)
        ImageDraw.Draw(im).text((ax, ay), char, fill=255, font=font, anchor="ls")
    box = im.getbbox()
    if box is None:
        raise glyphs.FontMissing(f"glyph {char!r} is empty in {glyphs.font_file().name}; "
                                 f"reinstall '{glyphs.FONT_PACKAGE}'")
    bx0, by0, bx1, by1 = box
    return im, ax, ay, ((bx0 - ax) / em, (ay - by1) / em, (bx1 - ax) / em, (ay - by0) / em)


def ink_bounds(char: str) -> Bounds:
    """(x0, y0, x1, y1) of the glyph's ink, in ems."""
    return master(char)[3]


@lru_cache(maxsize=16)
def extent(chars: str) -> tuple[float, float]:
    """Largest ink width and height over `chars` (ems), to draw them at one size."""
    boxes = [ink_bounds(ch) for ch in chars]
    return max(b[2] - b[0] for b in boxes), max(b[3] - b[1] for b in boxes)


def placement(char: str, box: tuple[float, float, float, float], stretch: float = 1.0,
              fit: str | None = None) -> tuple[float, float, float, float]:
    """(sx, sy, tx, ty): the point (fx, fy) ems goes to (tx + sx*fx, ty - sy*fy) in pen units.

    The ink is centred in `box`, `stretch` times wider than tall, and as large as fits;
    with `fit`, as large as the largest ink among those characters fits, so they share a size.
    """
    x0, y0, x1, y1 = ink_bounds(char)
    fw, fh = extent(fit) if fit else (x1 - x0, y1 - y0)
    k = min((box[2] - box[0]) / (fw * stretch), (box[3] - box[1]) / fh)
    sx, sy = k * stretch, k
    return sx, sy, (box[0] + box[2]) / 2 - sx * (x0 + x1) / 2, (box[1] + box[3]) / 2 + sy * (y0 + y1) / 2


# -- outlines (fontTools), for the SVG pen ---------------------------------------------------

# The child `_outlines` runs: fontTools reads the font and prints each glyph as flat segments,
# JSON {char: [[op, [x, y, ...]], ...]} and units per em ("m", "l", "c": BasePen has broken
# curves into cubic Beziers, "z"). A program of its own, importing none of ours: a worker
# started before a deploy draws with the code it loaded, not the code on disk now.
CHILD = """
import json, sys
from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont

class Flat(BasePen):
    def __init__(self, glyph_set):
        super().__init__(glyph_set)
        self.ops = []
    def _moveTo(self, p): self.ops.append(["m", [*p]])
    def _lineTo(self, p): self.ops.append(["l", [*p]])
    def _curveToOne(self, p1, p2, p3): self.ops.append(["c", [*p1, *p2, *p3]])
    def _closePath(self): self.ops.append(["z", []])

font = TTFont(sys.argv[1], lazy=True)
cmap = (font["cmap"].getcmap(3, 10) or font["cmap"].getcmap(3, 1)).cmap
glyph_set, out = font.getGlyphSet(), {}
for char in sys.argv[2]:
    if ord(char) not in cmap:
        sys.exit(f"the font has no glyph for {char!r}")
    pen = Flat(glyph_set)
    glyph_set[cmap[ord(char)]].draw(pen)
    out[char] = pen.ops
json.dump([out, font["head"].unitsPerEm], sys.stdout)
"""

_PATHS: dict[str, str] = {}  # char -> path data, read so far in this process
_UPEM: list[int] = []


def _outlines(chars: str = glyphs.CHARACTERS) -> tuple[dict[str, str], int]:
    """Path data of `chars` and units per em, read by a child process (`CHILD`): fontTools
    parses the whole font (a cmap and a CFF charset of 65,535 glyphs), 60-100 MiB of Python
    objects, most of which a process keeps after use (+66 MiB per worker when read here);
    this process keeps a few kB of strings. Every character not read yet is read in the
    same child, so a label of twenty new characters costs one child, not twenty.

    >>> _outlines("一")[0]["一"] == path_data("一")
    True
    """
    import json
    import subprocess
    import sys

    with _TT_LOCK:
        missing = "".join(sorted(set(chars) - set(_PATHS)))
        if missing or not _UPEM:
            wanted = "".join(sorted(set(missing) | set(glyphs.CHARACTERS) - set(_PATHS)))
            font = glyphs.font_file()
            done = subprocess.run([sys.executable, "-c", CHILD, str(font), wanted], capture_output=True,
                                  text=True, timeout=300)
            if done.returncode:
                lines = done.stderr.strip().splitlines() or ["no output"]
                raise glyphs.FontMissing(f"reading glyph outlines from {font.name} failed: {lines[-1]}")
            segments, upem = json.loads(done.stdout)
            _PATHS.update((char, relative_path(ops)) for char, ops in segments.items())
            _UPEM[:] = [upem]
        return {c: _PATHS[c] for c in chars}, _UPEM[0]


def preload(chars: str) -> None:
    """Read the outlines of `chars` now, in one child process (see `_outlines`)."""
    _outlines(chars)


def units_per_em() -> int:
    """Font units to the em, from the font's header."""
    return _outlines("")[1]


def _join(values) -> str:
    """Numbers for path data to 0.1 unit, separated by a space unless a minus sign separates them."""
    return " ".join(num(v, 1) for v in values).replace(" -", "-")


@lru_cache(maxsize=64)
def path_data(char: str) -> str:
    """The glyph's outline as SVG path data in font units (y up), with relative commands.

    Nonzero winding, like the font. Relative steps are taken between rounded points,
    so rounding never accumulates along a contour.
    """
    return _PATHS[char] if char in _PATHS else _outlines(char)[0][char]


def relative_path(segments) -> str:
    """SVG path data of a glyph's flat segments (`CHILD`'s [op, coordinates]): relative
    commands, each point relative to the rounded current point, as SVG's relative commands
    mean, so copies of a contour anywhere read the same.

    >>> relative_path([["m", [10, 20]], ["l", [30.04, 20]], ["c", [30, 25, 25, 30, 20, 30]], ["z", []]])
    'M10 20l20 0c0 5-5 10-10 10z'
    """
    parts: list[str] = []
    at = start = (0.0, 0.0)
    last = ""
    for cmd, flat in segments:
        if cmd == "z":
            parts.append("z")
            last, at = "z", start
            continue
        x, y = at
        steps = [(round(px - x, 1), round(py - y, 1)) for px, py in zip(flat[::2], flat[1::2])]
        text = _join(v for s in steps for v in s)
        parts.append((("" if text.startswith("-") else " ") if cmd == last else cmd) + text)
        last = cmd
        at = (round(x + steps[-1][0], 1), round(y + steps[-1][1], 1))
        if cmd == "m":
            start = at
    d = "".join(parts)
    return "M" + d[1:] if d.startswith("m") else d
