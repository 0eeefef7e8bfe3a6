"""RENDERER_VERSION: a short hash of everything that decides an image's bytes.

It is part of every image cache key, image ETag and built file name, and
images are served ``immutable``, so it must change whenever one URL could draw
other bytes or other alt text: every source file of the packages that draw or name
tiles (`PACKAGES`: the model and its alt text, this drawing package, the tile art),
the Python and the palette fit's C (`_fit.c`) and any data file alike, found by walking
them, so a file added there is covered the day it lands (only what a build, an
interpreter or an editor leaves beside them is not: `is_source`); the Pillow build that rasterises and
encodes (its version and the FreeType, raqm, zlib and libwebp it runs), the
``deflate`` package (its own libdeflate writes our PNGs), fontTools (which reads the SVG's glyph
outlines), numpy (the palette fit), and the font the glyphs come from. Nobody has to remember to bump it.

Whether the compiled fit is loaded is not part of it: the palettes are the same bytes
either way (tests/test_fit_kernels.py), so a process on numpy and one compiled share
every key; its C source is part of it, as the Python twins are.

`PACKAGES` holds the layout too (`service.layout`): where a tile or a label goes decides
bytes; and the scoring (`service.scoring`, with the `mahjong` and PyMahjongGB it asks): a score
card's lines are its numbers and names. Keys follow the same rule: `options_key` (a scene's
cache key and file name) sits beside `RenderOptions.key` in service.notation.options and is hashed with it. Editing a key
there re-keys every cache and file, which costs a redraw and never serves stale bytes;
kept out of the hash in service.docs, it made the HTTP layer import the docs tools.

>>> RENDERER_VERSION.startswith(f"{SCHEMA}-") and len(RENDERER_VERSION) == len(SCHEMA) + 11
True
"""

from __future__ import annotations

import hashlib
from importlib import util
from pathlib import Path

SCHEMA = "3"  # bumped by hand only when the shape of keys or file names changes
FONT_HEAD_BYTES = 64 * 1024
# The packages whose files decide bytes and alt text, one a line: a package added is one line.
PACKAGES = (
    "service.notation",
    "service.scoring",  # a score card's numbers and words (its geometry is service.layout's)
    "service.layout",
    "service.drawing",
    "tile_art",
)
# What a build or an interpreter makes from the sources (the compiled fit among them), and
# what an editor or a desktop leaves beside them: never hashed.
BUILT = (".pyc", ".pyo", ".so", ".pyd", ".dll", ".dylib", ".o", ".obj", "~")
BUILT_DIRS = ("__pycache__",)


def is_source(relative: Path) -> bool:
    """Whether a file (its path within a package) is a source: not built from one, not hidden.

    >>> [is_source(Path(p)) for p in ("png.py", "_fit.c", "data/x.json", "_fit.cpython-311-x86_64-linux-gnu.so",
    ...                               "__pycache__/png.cpython-311.pyc", ".DS_Store")]
    [True, True, True, False, False, False]
    """
    return not (relative.name.endswith(BUILT) or any(part in BUILT_DIRS or part.startswith(".")
                                                    for part in relative.parts))


def drawing_files(packages: tuple[str, ...] = PACKAGES) -> list[Path]:
    """Every source file of `packages` (`is_source`: Python, C, data), subpackages included,
    in a stable order.

    >>> names = {f"{f.parent.name}/{f.name}" for f in drawing_files()}
    >>> {"notation/describe.py", "drawing/png.py", "drawing/_fit.c", "tile_art/faces.py"} <= names
    True
    >>> any(f.suffix == ".so" for f in drawing_files())
    False
    """
    files = []
    for name in packages:
        for root in map(Path, util.find_spec(name).submodule_search_locations):  # type: ignore[union-attr]
            files += sorted(f for f in root.rglob("*") if f.is_file() and is_source(f.relative_to(root)))
    return files


def _version(dist: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "none"


def pillow_build() -> str:
    """Pillow's version and the libraries it draws and encodes with; fontTools', which
    reads the glyph outlines of the SVG; deflate's, which compresses our PNGs; numpy's,
    whose arithmetic fits every palette (all of it without the compiled fit, and the rest of
    it around the C kernels); and the scoring libraries', which count a score card's han, fu and fan."""
    import PIL
    from PIL import features

    libs = " ".join(f"{lib} {features.version(lib)}" for lib in ("freetype2", "raqm", "zlib", "webp"))
    scoring = f"mahjong {_version('mahjong')} PyMahjongGB {_version('PyMahjongGB')}"
    return (f"pillow {PIL.__version__} {libs} fonttools {_version('fonttools')} deflate {_version('deflate')}"
            f" numpy {_version('numpy')} {scoring}")


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


def renderer_version(packages: tuple[str, ...] = PACKAGES) -> str:
    """``SCHEMA-<10 hex digits>``, computed from what is installed now."""
    digest = hashlib.blake2b(digest_size=5)
    for f in drawing_files(packages):
        digest.update(f"{f.parent.name}/{f.name}".encode() + b"\0" + f.read_bytes())
    for part in (pillow_build(), font_identity()):
        digest.update(part.encode() + b"\0")
    return f"{SCHEMA}-{digest.hexdigest()}"


RENDERER_VERSION = renderer_version()
