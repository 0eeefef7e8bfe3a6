"""RENDERER_VERSION changes whenever the same URL could draw other bytes."""

import subprocess
import sys

import pytest


def renderer_version(prelude: str = "") -> str:
    """RENDERER_VERSION as a fresh interpreter computes it after running ``prelude``."""
    code = f"{prelude}\nfrom service.drawing.render import RENDERER_VERSION\nprint(RENDERER_VERSION)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stdout.strip()


@pytest.fixture(scope="module")
def today() -> str:
    return renderer_version()


def test_the_version_is_stable(today):
    from service.drawing.render import RENDERER_VERSION

    assert today == RENDERER_VERSION


def test_another_pillow_is_another_version(today):
    assert renderer_version("import PIL, PIL.Image; PIL.__version__ = '0.0.1'") != today


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

    patch = ("import pathlib, service.drawing.version as v\n"
             "real = v.drawing_files\n"
             "def files():\n"
             "    out = real()\n"
             "    p = pathlib.Path(" + repr(str(tmp_path / "describe.py")) + ")\n"
             "    return [p if f.name == 'describe.py' else f for f in out]\n"
             "v.drawing_files = files\n"
             "v.RENDERER_VERSION = v.renderer_version()\n"
             "import service.drawing.render as r; r.RENDERER_VERSION = v.RENDERER_VERSION")
    real = next(f for f in version.drawing_files() if f.name == "describe.py")
    (tmp_path / "describe.py").write_text(real.read_text().replace("East", "Eest"))
    assert renderer_version(patch) != today
    assert any(f.parent.name == "notation" and f.name == "model.py" for f in version.drawing_files())
