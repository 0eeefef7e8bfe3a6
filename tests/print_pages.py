"""docs/print.md's pictures of printed pages: examples/print/ built as a reader builds it, page 1 as a PNG.

`make docs` runs this (``python -m tests.print_pages``): ``paper.typ`` through ``tiles build`` and the
`typst` package, ``paper.tex`` through ``tiles build`` and pdflatex, ``sphinx/`` through Sphinx's LaTeX
builder and pdflatex; each PDF's first page is rasterised by poppler's pdftoppm into docs/img/print/,
cropped to what is printed. A tool that is missing skips its page, saying so.

>>> sorted(PAGES)
['latex-page.png', 'sphinx-page.png', 'typst-page.png']
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "examples" / "print"
FOLDER = ROOT / "docs" / "img" / "print"
DPI = 110
MARGIN = 12  # px of paper kept around what is printed


def typst_pdf(work: Path) -> Path:
    import typst

    shutil.copy(SOURCE / "paper.typ", work)
    tiles(work / "paper.typ", work / "tiles")
    typst.compile(str(work / "paper.typ"), output=str(work / "paper.pdf"))
    return work / "paper.pdf"


def latex_pdf(work: Path) -> Path:
    shutil.copy(SOURCE / "paper.tex", work)
    tiles(work / "paper.tex", work / "tiles")
    pdflatex(work, "paper.tex")
    return work / "paper.pdf"


def sphinx_pdf(work: Path) -> Path:
    import myst_parser  # noqa: F401 (the test extra: Sphinx and MyST, as the example's conf.py asks)
    import sphinx  # noqa: F401

    shutil.copytree(SOURCE / "sphinx", work / "src")
    subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "latex", str(work / "src"), str(work / "latex")],
                   check=True, timeout=900)
    pdflatex(work / "latex", "rules.tex")
    return work / "latex" / "rules.pdf"


PAGES = {"typst-page.png": typst_pdf, "latex-page.png": latex_pdf, "sphinx-page.png": sphinx_pdf}


def tiles(document: Path, out: Path) -> None:
    from service.cli import main

    if main(["build", str(document), "--out", str(out)]) != 0:
        raise SystemExit(f"tiles build {document.name} failed")


def pdflatex(folder: Path, name: str) -> None:
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name], cwd=folder,
                         capture_output=True, text=True, timeout=600)
    if run.returncode != 0:
        raise SystemExit(f"pdflatex {name} failed:\n{run.stdout[-2000:]}")


def page_png(pdf: Path, target: Path) -> None:
    """Page 1 of ``pdf`` at `DPI`, cropped to its printed part (plus `MARGIN`), as ``target``."""
    from PIL import Image, ImageChops

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", "-f", "1", str(pdf), f"{tmp}/page"],
                       check=True)
        page = Image.open(f"{tmp}/page.png").convert("RGB")
    box = ImageChops.difference(page, Image.new("RGB", page.size, "white")).getbbox()
    if box:
        page = page.crop((max(box[0] - MARGIN, 0), max(box[1] - MARGIN, 0),
                          min(box[2] + MARGIN, page.width), min(box[3] + MARGIN, page.height)))
    page.save(target, optimize=True)


def draw(out: Path = FOLDER) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, build in PAGES.items():
        with tempfile.TemporaryDirectory() as tmp:
            try:
                pdf = build(Path(tmp))
            except (ImportError, FileNotFoundError) as err:  # no typst package, no pdflatex
                print(f"skipped {name}: {err}", file=sys.stderr)
                continue
            page_png(pdf, out / name)
        print(f"wrote {out / name}")


if __name__ == "__main__":
    draw()
