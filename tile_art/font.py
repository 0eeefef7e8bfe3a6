"""The glyph font: where it is, each character's advance, read without Pillow, and subsets.

Layouts measure labels with `advance`, which reads the font's ``cmap`` (format 12) and
``hmtx`` tables straight from the file, a few bytes a character: no FreeType face, no
fontTools objects (a parsed font is 60-100 MiB, see `tile_art.outline`). It agrees with
FreeType's advance (Pillow's ``getlength``) on every character a label holds: the font's
units are integers at 1000 to the em (tests/test_labels.py).

A subset (`subset`) holds only the glyphs of the characters we draw, a few hundred kB where the
font is 17 MB: FreeType maps a font file once per size opened, and each mapping of this one came to
16 MiB of a worker's resident memory.

>>> advance("D"), advance("表")
(0.714, 1.0)
>>> len(subset("東南西北")) < 64 * 1024
True
"""

from __future__ import annotations

import struct
import threading
from functools import lru_cache
from pathlib import Path

FONT_PACKAGE = "noto-cjk[sans-jp-bold]"
FONT_SPEC = ("sans", "jp", "bold")
_UNICODE_FULL = ((3, 10), (0, 6), (0, 4))  # cmap subtables mapping all of Unicode (format 12)


ALPHABET: set[str] = set()  # the characters `tile_art.glyphs.font_of`'s subset holds (`also_draws`)


def also_draws(chars: str) -> None:
    """Put `chars` in the one subset of the font this process makes (`tile_art.glyphs.font_of`): called
    by the packages that draw text (or name what is drawn: `service.scoring`), as they are imported,
    before anything is drawn; here, without Pillow, so a package that only names can call it. A
    character added after the subset is made is drawn from the whole font (`font_for`), to the same pixels.

    >>> also_draws("立直"); "直" in ALPHABET
    True
    """
    ALPHABET.update(chars)


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


# The child `subset` runs: fontTools cuts the font down to the characters given and writes the
# subset's bytes. Glyphs, hints and layout tables are kept as they are, and the .notdef box with
# its outline, so FreeType draws every character of the subset (and a character it lacks) to the
# same pixels as from the whole font (tests/test_labels.py). A program of its own, importing none of ours.
SUBSET_CHILD = """
import io, sys
from fontTools import subset
from fontTools.ttLib import TTFont

options = subset.Options()
options.notdef_outline = True
options.layout_features = ["*"]
options.name_IDs = ["*"]
font = TTFont(sys.argv[1], lazy=True)
cut = subset.Subsetter(options)
cut.populate(text=sys.stdin.read())
cut.subset(font)
out = io.BytesIO()
font.save(out)
sys.stdout.buffer.write(out.getvalue())
"""
_SUBSET_LOCK = threading.Lock()


def subset_file(chars: str) -> Path:
    """Where the subset of `chars` is kept between processes: the user's cache folder
    (``$XDG_CACHE_HOME/tiles``, else ``~/.cache/tiles``), named for what decides its bytes (the
    font file, fontTools' version, `SUBSET_CHILD` and the characters)."""
    import hashlib
    import os
    from importlib import metadata

    font = font_file()
    stat = font.stat()
    try:
        tools = metadata.version("fonttools")
    except metadata.PackageNotFoundError:
        tools = "none"
    key = hashlib.blake2b(f"{font}\0{stat.st_size}\0{stat.st_mtime_ns}\0{tools}\0{SUBSET_CHILD}\0{chars}".encode(),
                          digest_size=10).hexdigest()
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tiles" / f"font-subset-{key}.otf"


@lru_cache(maxsize=4)
def _subset(chars: str) -> bytes:
    import os
    import subprocess
    import sys

    kept = subset_file(chars)
    try:
        data = kept.read_bytes()
        if data[:4] == b"OTTO":  # written whole (renamed into place), by a process like this one
            return data
    except OSError:
        pass
    path = font_file()
    done = subprocess.run([sys.executable, "-c", SUBSET_CHILD, str(path)], input=chars.encode(),
                          capture_output=True, timeout=300)
    if done.returncode:
        lines = done.stderr.decode(errors="replace").strip().splitlines() or ["no output"]
        raise FontMissing(f"cutting the glyphs we draw from {path.name} failed: {lines[-1]}")
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
        part.write_bytes(done.stdout)
        os.replace(part, kept)
    except OSError:  # no cache folder to write: the next process cuts its own
        pass
    return done.stdout


def subset(chars: str) -> bytes:
    """The font file's bytes cut down to `chars` (an OpenType font of its own), made once per
    set of characters by a child process and kept in the user's cache folder (`subset_file`), so
    a short `tiles render` reads 0.1 MB where cutting costs ~1 s of CPU: fontTools parses the
    whole font to cut it, 60-100 MiB a process would keep (see `tile_art.outline`)."""
    with _SUBSET_LOCK:  # one child for all threads
        return _subset("".join(sorted(set(chars))))
