"""RENDERER_VERSION changes whenever the same URL could draw other bytes."""

import subprocess
import sys
from pathlib import Path

import pytest


def renderer_version(prelude: str = "") -> str:
    """RENDERER_VERSION as a fresh interpreter computes it after running ``prelude``."""
    code = f"{prelude}\nfrom service.drawing.render import RENDERER_VERSION\nprint(RENDERER_VERSION)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stdout.strip()


@pytest.fixture(scope="module")
def today() -> str:
    return renderer_version()


def swapped(name: str, path) -> str:
    """A prelude hashing `path` in place of the source file called `name`."""
    return ("import pathlib, service.drawing.version as v\n"
            "real = v.drawing_files\n"
            f"v.drawing_files = lambda *a: [pathlib.Path({str(path)!r}) if f.name == {name!r} else f for f in real(*a)]\n"
            "v.RENDERER_VERSION = v.renderer_version()\n"
            "import service.drawing.render as r; r.RENDERER_VERSION = v.RENDERER_VERSION")


def test_the_version_is_stable(today):
    from service.drawing.render import RENDERER_VERSION

    assert today == RENDERER_VERSION


def test_another_pillow_is_another_version(today):
    assert renderer_version("import PIL, PIL.Image; PIL.__version__ = '0.0.1'") != today


def test_another_numpy_is_another_version(today):
    """Issue 42 item 19: numpy fits every palette (all of it with TILES_COMPILED_FIT=0), so its
    release decides bytes as Pillow's does; a new numpy kept every key."""
    prelude = ("from importlib import metadata\n"
               "real = metadata.version\n"
               "metadata.version = lambda name: '0.0.1' if name == 'numpy' else real(name)")
    assert renderer_version(prelude) != today
    assert renderer_version("import os; os.environ['TILES_COMPILED_FIT'] = '0'") == today  # one key either way


def test_another_font_file_is_another_version(today, tmp_path):
    """Same name and size, one byte different in the table directory: another font."""
    from tile_art.glyphs import font_file

    real = font_file()
    head = bytearray(real.open("rb").read(4096))
    head[100] ^= 0xFF
    fake = tmp_path / real.name
    with fake.open("wb") as f:
        f.write(head)
        f.truncate(real.stat().st_size)  # sparse: no 17 MB written
    patch = f"import pathlib, tile_art.glyphs as g; g.font_file = lambda: pathlib.Path({str(fake)!r})"
    assert renderer_version(patch) != today


def test_the_alt_text_code_is_part_of_the_version(today, tmp_path):
    """A change to describe.py (alt text, SVG <title>) is another version: the list of
    hashed files is every module of the drawing packages, not a hand-kept list."""
    from service.drawing import version

    real = next(f for f in version.drawing_files() if f.name == "describe.py")
    changed = tmp_path / "notation" / "describe.py"
    changed.parent.mkdir()
    changed.write_text(real.read_text() + "# another alt text\n")  # same name and folder: only the bytes differ
    assert renderer_version(swapped("describe.py", real)) == today
    assert renderer_version(swapped("describe.py", changed)) != today
    assert any(f.parent.name == "notation" and f.name == "model.py" for f in version.drawing_files())


def test_the_fits_c_source_is_part_of_the_version(today, tmp_path):
    """Issue 35: a change to _fit.c (which can change bytes) kept every key: only *.py was hashed."""
    from service.drawing import version

    real = next(f for f in version.drawing_files() if f.name == "_fit.c")
    changed = tmp_path / "drawing" / "_fit.c"  # the same parent name: only the bytes differ
    changed.parent.mkdir()
    changed.write_bytes(real.read_bytes().replace(b"#define BLOCK 32", b"#define BLOCK 64"))
    assert changed.read_bytes() != real.read_bytes()
    assert renderer_version(swapped("_fit.c", real)) == today
    assert renderer_version(swapped("_fit.c", changed)) != today


def test_whether_the_fit_is_compiled_is_not_part_of_the_version(today):
    """The same bytes either way (tests/test_fit_kernels.py), so the same keys: a process
    without the extension, or told to fit on numpy, has today's version, and the built
    extension itself is never hashed."""
    from service.drawing import version

    assert renderer_version("import sys; sys.modules['service.drawing._fit'] = None") == today
    assert renderer_version("import os; os.environ['TILES_COMPILED_FIT'] = '0'") == today
    assert not {f for f in version.drawing_files() if f.suffix in (".so", ".pyd", ".pyc")}
    assert Path(version.__file__).with_name("_fit.c") in version.drawing_files()


def test_every_file_of_a_package_is_covered_the_day_it_lands(tmp_path, monkeypatch):
    """The walk takes a list of packages and hashes every file in them (Python, C, data,
    in subpackages), but nothing built from them: a package added to `ROOTS` is one line."""
    import importlib

    from service.drawing import version

    pkg = tmp_path / "probe_of_the_version"
    (pkg / "art").mkdir(parents=True)
    for name, text in (("__init__.py", ""), ("draw.py", "X = 1\n"), ("_k.c", "int k;\n"), ("art/table.json", "{}")):
        (pkg / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    packages = ("probe_of_the_version",)
    names = lambda: [str(f.relative_to(pkg)) for f in version.drawing_files(packages)]  # noqa: E731
    assert names() == ["__init__.py", "_k.c", "art/table.json", "draw.py"]
    before = version.renderer_version(packages)
    for built in ("_k.cpython-311-x86_64-linux-gnu.so", "__pycache__/draw.cpython-311.pyc", ".DS_Store", "draw.py~"):
        (pkg / built).parent.mkdir(exist_ok=True)
        (pkg / built).write_bytes(b"\0built")
    assert names() == ["__init__.py", "_k.c", "art/table.json", "draw.py"]
    assert version.renderer_version(packages) == before
    (pkg / "art" / "more.json").write_text("[]")
    assert version.renderer_version(packages) != before
    (pkg / "art" / "more.json").unlink()
    (pkg / "_k.c").write_text("int k = 1;\n")
    assert version.renderer_version(packages) != before


def test_the_score_card_is_part_of_the_version(today, tmp_path):
    """Issue 43: the card's geometry, its drawing, its words and the numbers under it (service.scoring,
    the `mahjong` package) decide a scored picture's bytes, so the version hashes them all."""
    from service.drawing import version

    names = {f"{f.parent.name}/{f.name}" for f in version.drawing_files()}
    assert {"layout/score_layout.py", "layout/arrange.py", "scoring/card_words.py", "scoring/riichi.py"} <= names
    real = next(f for f in version.drawing_files() if f.name == "card_words.py")
    changed = tmp_path / "scoring" / "card_words.py"
    changed.parent.mkdir()
    changed.write_text(real.read_text() + "# other words\n")
    assert renderer_version(swapped("card_words.py", changed)) != today
    fake = ("import importlib.metadata as m; real = m.version\n"
            "m.version = lambda d: '0.0.1' if d == 'mahjong' else real(d)")
    assert renderer_version(fake) != today


def test_what_a_picture_imports_is_part_of_the_version_and_nothing_else(tmp_path, monkeypatch):
    """The files are what the roots import, followed through relative, absolute and lazy imports:
    a module imported only inside a function is hashed, a sibling no picture imports is not, and
    editing that sibling keeps every key (a CLI-only change re-keyed every docs picture)."""
    import importlib

    from service.drawing import version

    top = tmp_path / "probe_of_imports"
    for name, text in (("__init__.py", ""), ("draw/__init__.py", "from . import pen\n"),
                       ("draw/pen.py", "def ink():\n    from ..maths import odds\n    return odds\n"),
                       ("draw/table.json", "{}"), ("maths/__init__.py", "from .odds import odds\n"),
                       ("maths/odds.py", "odds = 1\n"), ("maths/data.json", "[]"), ("front.py", "import probe_of_imports.draw\n")):
        (top / name).parent.mkdir(parents=True, exist_ok=True)
        (top / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    roots = ("probe_of_imports.draw",)
    assert [str(f.relative_to(top)) for f in version.drawing_files(roots)] == [
        "draw/__init__.py", "draw/pen.py", "draw/table.json", "maths/__init__.py", "maths/data.json", "maths/odds.py"]
    before = version.renderer_version(roots)
    (top / "front.py").write_text("import probe_of_imports.draw  # another front end\n")
    assert version.renderer_version(roots) == before
    (top / "maths" / "odds.py").write_text("odds = 2\n")
    assert version.renderer_version(roots) != before


def test_a_command_line_change_keeps_every_key_and_an_analysis_change_does_not(today, tmp_path):
    """`tiles score`'s front end (service/scoring/command.py) draws nothing, so editing it keeps
    every image's name; the shanten the acceptance tables are drawn from does decide bytes."""
    from service.drawing import version

    names = {f"{f.parent.name}/{f.name}" for f in version.drawing_files()}
    assert "scoring/command.py" not in names and "records/command.py" not in names
    assert {"analysis/shanten.py", "efficiency/accept.py", "scoring/riichi.py"} <= names
    real = next(f for f in version.drawing_files() if f.name == "shanten.py")
    changed = tmp_path / "analysis" / "shanten.py"
    changed.parent.mkdir()
    changed.write_text(real.read_text() + "# another shanten\n")
    assert renderer_version(swapped("shanten.py", changed)) != today
