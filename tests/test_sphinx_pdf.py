"""One Sphinx source, a site and a book: the HTML has our PNGs, the LaTeX builder's PDF our vector PDFs.

Built as `make latexpdf` builds it (``sphinx-build -b latex``, then pdflatex; latexmk is not needed
for one pass), with Debian's TeX Live (.ci/run installs what Sphinx's LaTeX asks for).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from service.notation.options import FORMATS

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")

CONF = """project = "Rules"
extensions = ["myst_parser", "service.sphinx"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
latex_documents = [("index", "rules.tex", "Rules", "Tiles", "howto")]
"""
INDEX = """Waits
=====

The hand waits on :tiles:`14s` and wins on :tiles:`4s`.

.. tiles:: 11222333s22m+-456m+4s
   :caption: Tsumo on 4s
   :dora: 3m

.. tiles:: 1m9p*2z3s-5p8s
   :river:

.. toctree::

   more
"""
MORE = """# More

A MyST page: <Tiles notation="123p" inline /> in text.

```{tiles} 234789m1234566p+6p
:caption: A win
```

```{tiles-scene}
problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}
```
"""


def needs_tex():
    if "pdf" not in FORMATS:
        pytest.skip("no PDF backend")
    if shutil.which("pdflatex") is None or shutil.which("kpsewhich") is None:
        pytest.skip("no pdflatex (Debian's texlive-latex-base: .ci/run installs it)")
    for sty in ("fncychap.sty", "tgtermes.sty", "capt-of.sty"):
        if not subprocess.run(["kpsewhich", sty], capture_output=True, text=True).stdout.strip():
            pytest.skip(f"no {sty}: Sphinx's LaTeX needs texlive-latex-extra and tex-gyre (.ci/run installs them)")


def sphinx(src, builder: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", "-E", "-b", builder, str(src),
                           str(src / "_build" / builder)], capture_output=True, text=True, timeout=900)


@pytest.mark.slow
def test_one_source_builds_a_site_and_a_pdf_of_vector_tiles(tmp_path):
    needs_tex()
    (tmp_path / "conf.py").write_text(CONF)
    (tmp_path / "index.rst").write_text(INDEX)
    (tmp_path / "more.md").write_text(MORE)
    for builder in ("html", "latex"):
        run = sphinx(tmp_path, builder)
        assert run.returncode == 0, run.stderr[-3000:]
    html = (tmp_path / "_build" / "html" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<img src="_images/[0-9a-f]{16}\.png"', html)  # the site: our PNGs

    latex = tmp_path / "_build" / "latex"
    tex = (latex / "rules.tex").read_text(encoding="utf-8")
    included = re.findall(r"\\(?:sphinx)?includegraphics\[[^]]*\]\{([0-9a-f]{16}\.pdf)\}", tex)
    assert len(included) == 7  # 3 inline, 3 hands on their own, 1 scene
    assert all((latex / name).read_bytes().startswith(b"%PDF") for name in included)
    assert re.search(r"The hand waits on %\n% Hand: 1s 4s\n\\raisebox\{-0\.12em\}\{\\includegraphics\[height=1em\]", tex)
    assert "\\caption{Tsumo on 4s}" in tex and "\\caption{A win}" in tex
    assert "% Problem: East 1" in tex  # the scene's alt text beside it

    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "rules.tex"], cwd=latex,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:]
    pdf = latex / "rules.pdf"
    images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert len(images.splitlines()) == 2, images  # the header only: the tiles are vector paths
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Tsumo on 4s" in text and "A win" in text and "A MyST page:" in text
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(pdf), str(tmp_path / "page")], check=True)
    page = np.asarray(Image.open(tmp_path / "page.png").convert("RGB")).astype(int)
    colourful = int(((page.max(axis=2) - page.min(axis=2)) > 60).sum())
    assert colourful > 2000  # the tiles' green and red are drawn (text alone is black on white)
