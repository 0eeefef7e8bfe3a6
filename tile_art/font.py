"""The glyph font: where it is, and each character's advance, read without Pillow.

Layouts measure labels with `advance`, which reads the font's ``cmap`` (format 12) and
``hmtx`` tables straight from the file, a few bytes a character: no FreeType face, no
fontTools objects (a parsed font is 60-100 MiB, see `tile_art.outline`). It agrees with
FreeType's advance (Pillow's ``getlength``) on every character a label holds: the font's
units are integers at 1000 to the em (tests/test_labels.py).

>>> advance("D"), advance("表")
(0.714, 1.0)
"""

from __future__ import annotations

import struct
from functools import lru_cache
from pathlib import Path

FONT_PACKAGE = "noto-cjk[sans-jp-bold]"
FONT_SPEC = ("sans", "jp", "bold")
_UNICODE_FULL = ((3, 10), (0, 6), (0, 4))  # cmap subtables mapping all of Unicode (format 12)


class FontMissing(RuntimeError):
    """The CJK font package is not installed."""


@lru_cache(maxsize=1)
def font_file() -> Path:
    """Path of the installed font file; FontMissing naming the pip package otherwise."""
    hint = f"tile_art needs the CJK font package: pip install '{FONT_PACKAGE}'"
    try:
        import noto_cjk
        path = Path(noto_cjk.font_path(*FONT_SPEC))
    except Exception as exc:  # ImportError or noto_cjk.FontNotInstalled
        raise FontMissing(f"{hint} ({exc})") from None
    if not path.is_file():
        raise FontMissing(f"{hint} (no file at {path})")
    return path


def _read(f, offset: int, fmt: str) -> tuple:
    f.seek(offset)
    return struct.unpack(fmt, f.read(struct.calcsize(fmt)))


@lru_cache(maxsize=1)
def _tables(path: Path) -> tuple[int, int, int, int, int]:
    """(units per em, offset of the cmap's format 12 groups, their count, offset of hmtx,
    its long metrics' count) of the font at `path`."""
    with path.open("rb") as f:
        (count,) = _read(f, 4, ">H")
        tables = {}
        for i in range(count):
            tag, _, offset, _ = _read(f, 12 + 16 * i, ">4sIII")
            tables[tag] = offset
        (upem,) = _read(f, tables[b"head"] + 18, ">H")
        (metrics,) = _read(f, tables[b"hhea"] + 34, ">H")
        cmap = tables[b"cmap"]
        (n,) = _read(f, cmap + 2, ">H")
        subtables = dict(((p, e), off) for p, e, off in (_read(f, cmap + 4 + 8 * i, ">HHI") for i in range(n)))
        for pe in _UNICODE_FULL:
            if pe in subtables and _read(f, cmap + subtables[pe], ">H")[0] == 12:
                (groups,) = _read(f, cmap + subtables[pe] + 12, ">I")
                return upem, cmap + subtables[pe] + 16, groups, tables[b"hmtx"], metrics
    raise FontMissing(f"{path.name} has no format 12 cmap: not the font '{FONT_PACKAGE}' installs")


def _glyph(f, groups: int, count: int, code: int) -> int:
    """The glyph id of code point `code`: a binary search of the sorted groups; 0 (.notdef) if none."""
    lo, hi = 0, count
    while lo < hi:
        mid = (lo + hi) // 2
        start, end, glyph = _read(f, groups + 12 * mid, ">III")
        if code < start:
            hi = mid
        elif code > end:
            lo = mid + 1
        else:
            return glyph + code - start
    return 0


@lru_cache(maxsize=1024)
def advance(char: str) -> float:
    """The character's advance width, in ems (a character the font lacks: its .notdef's)."""
    path = font_file()
    upem, groups, count, hmtx, metrics = _tables(path)
    with path.open("rb") as f:
        glyph = _glyph(f, groups, count, ord(char))
        (width,) = _read(f, hmtx + 4 * min(glyph, metrics - 1), ">H")  # past the long metrics: the last one's
    return width / upem
