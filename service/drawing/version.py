"""RENDERER_VERSION: a short hash of everything that decides an image's bytes.

It is part of every image cache key, image ETag and built file name, and
images are served ``immutable``, so it must change whenever one URL could draw
other bytes or other alt text: every module of the packages that draw or name
tiles (`PACKAGES`: the model and its alt text, this drawing package, the tile art),
found by walking them, so a module added there is covered the day it lands; the Pillow build that rasterises and
encodes (its version and the FreeType, raqm, zlib and libwebp it runs), the
``deflate`` package (its own libdeflate writes our PNGs), fontTools (which reads the SVG's glyph
outlines), and the font the glyphs come from. Nobody has to remember to bump it.

>>> RENDERER_VERSION.startswith(f"{SCHEMA}-") and len(RENDERER_VERSION) == len(SCHEMA) + 11
True
"""

from __future__ import annotations

import hashlib
from importlib import util
from pathlib import Path

SCHEMA = "3"  # bumped by hand only when the shape of keys or file names changes
FONT_HEAD_BYTES = 64 * 1024
PACKAGES = ("service.notation", "service.drawing", "tile_art")  # their code decides bytes and alt text


def drawing_files() -> list[Path]:
    """Every source file of `PACKAGES`, subpackages included, in a stable order.

    >>> names = {f"{f.parent.name}/{f.name}" for f in drawing_files()}
    >>> {"notation/describe.py", "drawing/png.py", "tile_art/faces.py"} <= names
    True
    """
    files = []
    for name in PACKAGES:
        root = Path(util.find_spec(name).origin).parent  # type: ignore[arg-type, union-attr]
        files += sorted(root.rglob("*.py"))
    return files


def _version(dist: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "none"


def pillow_build() -> str:
    """Pillow's version and the libraries it draws and encodes with; fontTools', which
    reads the glyph outlines of the SVG; and deflate's, which compresses our PNGs."""
    import PIL
    from PIL import features

    libs = " ".join(f"{lib} {features.version(lib)}" for lib in ("freetype2", "raqm", "zlib", "webp"))
    return f"pillow {PIL.__version__} {libs} fonttools {_version('fonttools')} deflate {_version('deflate')}"


def font_identity() -> str:
    """The glyph font's name, size and a hash of its head.

    An OpenType file starts with its table directory, which holds a checksum
    of every table, so the first 64 KiB identify the contents without reading
    all 17 MB.
    """
    from tile_art.glyphs import FontMissing, font_file

    try:
        path = font_file()
        with path.open("rb") as f:
            head = f.read(FONT_HEAD_BYTES)
    except (FontMissing, OSError):
        return "no font"  # drawing a glyph fails with its own clear error
    return f"{path.name} {path.stat().st_size} {hashlib.blake2b(head, digest_size=8).hexdigest()}"


def renderer_version() -> str:
    """``SCHEMA-<10 hex digits>``, computed from what is installed now."""
    digest = hashlib.blake2b(digest_size=5)
    for f in drawing_files():
        digest.update(f"{f.parent.name}/{f.name}".encode() + b"\0" + f.read_bytes())
    for part in (pillow_build(), font_identity()):
        digest.update(part.encode() + b"\0")
    return f"{SCHEMA}-{digest.hexdigest()}"


RENDERER_VERSION = renderer_version()
