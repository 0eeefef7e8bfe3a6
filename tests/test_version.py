"""RENDERER_VERSION changes whenever the same URL could draw other bytes."""

import subprocess
import sys

import pytest


def renderer_version(prelude: str = "") -> str:
    """RENDERER_VERSION as a fresh interpreter computes it after running ``prelude``."""
    code = f"{prelude}\nfrom service.render import RENDERER_VERSION\nprint(RENDERER_VERSION)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return run.stdout.strip()


@pytest.fixture(scope="module")
def today() -> str:
    return renderer_version()


def test_the_version_is_stable(today):
    from service.render import RENDERER_VERSION

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
