"""A page with Tienjiu tiles (issue 46 item 6) through every Python docs stack: Python-Markdown,
MkDocs, Sphinx (rST and MyST) and Zensical draw it, each picture with the alt text and size of
tests/fixtures/tienjiu_layouts.json (the table the <Tiles> component is held to as well).
remark-tiles and markdown-it-tiles build the same page in their node suites (test/tienjiu.test.js).
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "fixtures" / "tienjiu_layouts.json"
TABLE = {(c["notation"], c["lang"]): c["layout"] for c in json.loads(FIXTURE.read_text(encoding="utf-8"))["cases"]
         if c["height"] == 38}
# (notation, lang) of each picture on the page, in page order
SHOWN = [("6612d", "en"), ("66d+-45d 21d", "zh"), ("66d+-45d 21d", "en")]
WANT = [(TABLE[s]["description"], TABLE[s]["width"], TABLE[s]["height"]) for s in SHOWN]
PAGE = """# Pai Gow

A Gee Joon pair beats everything; Heaven with the three:

<Tiles notation="6612d" />

Then a row in Chinese, <Tiles notation="66d+-45d 21d" lang="zh" inline height="38" /> and the same in a fence:

```tiles
66d+-45d 21d
```
"""
RST = """Pai Gow
=======

A Gee Joon pair beats everything; Heaven with the three:

.. tiles:: 6612d

Then a row in Chinese,

.. tiles:: 66d+-45d 21d
   :lang: zh

and the same again:

.. tiles:: 66d+-45d 21d
"""


def img_alts(page: str) -> list[tuple[str, int, int]]:
    """(alt, width, height) of each tiles <img> of a built page, light pictures only (one per picture)."""
    out = []
    for tag in re.findall(r"<img [^>]*>", page):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
        if "tiles" in attrs.get("class", "").split() and "tiles--dark" not in attrs["class"]:
            out.append((html.unescape(attrs["alt"]), int(attrs["width"]), int(attrs["height"])))
    return out


def svg_labels(page: str) -> list[tuple[str, int, int]]:
    """(aria-label, width, height) of each inline tiles <svg> of a page (Python-Markdown, Zensical)."""
    out = []
    for tag in re.findall(r'<svg [^>]*role="img"[^>]*>', page):
        attrs = dict(re.findall(r'([a-z-]+)="([^"]*)"', tag))
        if "tiles--dark" not in attrs.get("class", ""):
            out.append((html.unescape(attrs["aria-label"]), int(attrs["width"]), int(attrs["height"])))
    return out


# The inline-SVG stacks stop at the page's sprite: service/drawing/svg_page.py builds its alphabet of


def test_python_markdown_draws_dominoes_with_their_alt_text():
    markdown = pytest.importorskip("markdown")
    page = markdown.markdown(PAGE, extensions=["tiles", "fenced_code"])
    assert svg_labels(page) == WANT


def test_mkdocs_builds_a_page_of_dominoes(tmp_path):
    pytest.importorskip("mkdocs")
    from test_docs_scenes import build_mkdocs

    run = build_mkdocs(tmp_path, PAGE)
    assert run.returncode == 0, run.stderr
    assert img_alts((tmp_path / "site" / "problems" / "index.html").read_text(encoding="utf-8")) == WANT


def test_sphinx_builds_dominoes_in_rst_and_myst(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    from test_docs_scenes import build_sphinx

    rst = RST.replace("=======\n", "=======\n\n.. toctree::\n\n   more\n", 1)
    run = build_sphinx(tmp_path, {"index.rst": rst, "more.md": PAGE})
    assert run.returncode == 0, run.stderr
    for name in ("index", "more"):
        page = (tmp_path / "_build" / f"{name}.html").read_text(encoding="utf-8")
        assert img_alts(page) == WANT, name


def test_zensical_builds_a_page_of_dominoes(tmp_path):
    exe = Path(sys.executable).parent / "zensical"
    if not exe.exists():
        pytest.skip("zensical is not installed (pip install -e '.[test]')")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "zensical.toml").write_text(
        '[project]\nsite_name = "Dominoes"\ndocs_dir = "docs"\n\n[project.markdown_extensions]\n'
        "pymdownx.superfences = {}\n\n[project.markdown_extensions.tiles]\n", encoding="utf-8")
    run = subprocess.run([str(exe), "build", "-f", "zensical.toml"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert svg_labels((tmp_path / "site" / "index.html").read_text(encoding="utf-8")) == WANT
    shutil.rmtree(tmp_path / "site")
