"""RENDERER_VERSION: a short hash of everything that decides an image's bytes.

It is part of every image cache key, image ETag and built file name, and
images are served ``immutable``, so it must change whenever one URL could draw
other bytes or other alt text: every source a picture is drawn from (below), the Python
and the palette fit's C (`_fit.c`) and any data file alike, found by walking them, so a
file added there is covered the day it lands (only what a build, an interpreter or an
editor leaves beside them is not: `is_source`); the Pillow build that rasterises and
encodes (its version and the FreeType, raqm, zlib and libwebp it runs), the
``deflate`` package (its own libdeflate writes our PNGs), fontTools (which reads the SVG's glyph
outlines), numpy (the palette fit), and the font the glyphs come from. Nobody has to remember to bump it.

Whether the compiled fit is loaded is not part of it: the palettes are the same bytes
either way (tests/test_fit_kernels.py), so a process on numpy and one compiled share
every key; its C source is part of it, as the Python twins are.

The files are found by what a picture is drawn from, not by a list of them: every module of the
`ROOTS` (the model and its words, the layout, this drawing package, the tile art) and every module of
ours they import, at any depth and inside functions too, read from the sources (`picture_modules`);
so the analysis, the acceptance tables and the scoring are hashed because the layout imports them,
and a front end no picture imports (a package's ``command.py``, the records' scoring of a log) is not:
editing one re-keys no image. Beside the modules, every data or C file of a package they are in.
Keys follow the same rule: `options_key` (a scene's cache key and file name) sits beside
`RenderOptions.key` in service.notation.options and is hashed with it. Editing a key there re-keys
every cache and file, which costs a redraw and never serves stale bytes.

>>> RENDERER_VERSION.startswith(f"{SCHEMA}-") and len(RENDERER_VERSION) == len(SCHEMA) + 11
True
"""

from __future__ import annotations

import ast
import hashlib
from importlib import util
from pathlib import Path

SCHEMA = "3"  # bumped by hand only when the shape of keys or file names changes
FONT_HEAD_BYTES = 64 * 1024
# Where a picture is drawn from, one package a line: every module of these, and what they import.
ROOTS = (
    "service.notation",
    "service.layout",
    "service.drawing",
    "tile_art",
)
OURS = ("service", "tile_art")  # the top packages whose imports are followed
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


def _module_file(name: str, tops: dict[str, Path]) -> Path | None:
    """The source of module `name` under one of `tops` (top package -> its folder), or None."""
    top, *rest = name.split(".")
    if top not in tops:
        return None
    base = tops[top].joinpath(*rest)
    for f in (base / "__init__.py", base.with_suffix(".py")):
        if f.is_file():
            return f
    return None


def _imports(f: Path, name: str) -> set[str]:
    """Every module name `f` (module `name`) may import, absolute or relative, top level or not:
    for ``from a import b``, both ``a`` and ``a.b`` (b may be a module or a name in a)."""
    package = name if f.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(f.read_bytes(), str(f))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def picture_modules(roots: tuple[str, ...] = ROOTS) -> dict[str, Path]:
    """What pictures are drawn from: every module of `roots` and, transitively, every module of
    ours (`OURS`, or the roots' own top packages) that one of them imports; name -> source file.

    >>> names = picture_modules()
    >>> {"service.scoring.card_words", "service.efficiency.accept", "service.analysis.shanten"} <= set(names)
    True
    >>> {"service.scoring.command", "service.http.routes", "service.cli"} & set(names)
    set()
    """
    tops = {}
    for top in {*OURS, *(r.partition(".")[0] for r in roots)}:
        spec = util.find_spec(top)
        if spec and spec.submodule_search_locations:
            tops[top] = Path(next(iter(spec.submodule_search_locations)))
    todo = []
    for root in roots:
        folder = tops[root.partition(".")[0]].joinpath(*root.split(".")[1:])
        for f in sorted(folder.rglob("*.py")):
            relative = f.relative_to(folder)
            if is_source(relative):
                parts = [*root.split("."), *relative.with_suffix("").parts]
                todo.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    found: dict[str, Path] = {}
    while todo:
        name = todo.pop()
        if name in found or (f := _module_file(name, tops)) is None:
            continue
        found[name] = f
        todo += _imports(f, name)
    return found


def drawing_files(roots: tuple[str, ...] = ROOTS) -> list[Path]:
    """Every source a picture is drawn from, in a stable order: the `picture_modules` of `roots`
    and every other source file (C, data, subfolders included) of a package among them.

    >>> names = {f"{f.parent.name}/{f.name}" for f in drawing_files()}
    >>> {"notation/describe.py", "drawing/png.py", "drawing/_fit.c", "tile_art/faces.py"} <= names
    True
    >>> any(f.suffix == ".so" for f in drawing_files()) or "scoring/command.py" in names
    False
    """
    modules = picture_modules(roots)
    files = set(modules.values())
    for f in modules.values():
        if f.name == "__init__.py":
            files |= {d for d in f.parent.rglob("*") if d.is_file() and d.suffix != ".py"
                      and is_source(d.relative_to(f.parent)) and not _in_subpackage(d, f.parent)}
    return sorted(files)


def _in_subpackage(f: Path, package: Path) -> bool:
    """Whether `f` lies in a Python subpackage of `package` (which hashes its own data, if imported)."""
    return any((parent / "__init__.py").is_file() for parent in f.parents if parent != package and package in parent.parents)


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
    it around the C kernels); the scoring libraries', which count a score card's han, fu and fan; and
    the zlib Python runs, which compresses the PDF's streams."""
    import zlib

    import PIL
    from PIL import features

    libs = " ".join(f"{lib} {features.version(lib)}" for lib in ("freetype2", "raqm", "zlib", "webp"))
    scoring = f"mahjong {_version('mahjong')} PyMahjongGB {_version('PyMahjongGB')}"
    return (f"pillow {PIL.__version__} {libs} fonttools {_version('fonttools')} deflate {_version('deflate')}"
            f" numpy {_version('numpy')} {scoring} python-zlib {zlib.ZLIB_RUNTIME_VERSION}")


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


def renderer_version(roots: tuple[str, ...] = ROOTS) -> str:
    """``SCHEMA-<10 hex digits>``, computed from what is installed now."""
    digest = hashlib.blake2b(digest_size=5)
    for f in drawing_files(roots):
        digest.update(f"{f.parent.name}/{f.name}".encode() + b"\0" + f.read_bytes())
    for part in (pillow_build(), font_identity()):
        digest.update(part.encode() + b"\0")
    return f"{SCHEMA}-{digest.hexdigest()}"


RENDERER_VERSION = renderer_version()
