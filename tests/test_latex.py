r"""`tiles build paper.tex`: a LaTeX document's PDF pictures and tiles.sty, compiled for real by Debian's pdflatex."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from service.cli import main
from service.notation.options import FORMATS
from service.pictures.latex_calls import latex_calls

PAPER = r"""\documentclass{article}
\usepackage[paperwidth=14cm,paperheight=12cm,margin=1cm]{geometry}
\usepackage{tiles/tiles}
\begin{document}
\section{Waits}
The hand waits on \tiles{14s} and wins on \tiles[ inline ]{4s}.
% \tiles{9q} is a comment, \verb|\tiles{8q}| verbatim: neither is drawn
\begin{figure}[h]
  \centering
  \tiles[dora=3m]{11222333s22m+-456m+4s}
  \caption{Tsumo on 4s}
\end{figure}
\begin{figure}[h]
  \centering
  \tiles[river,
         row=6]{1m9p*2z3s-5p8s}
  \caption{A river}
\end{figure}
\end{document}
"""


def needs_pdflatex():
    if "pdf" not in FORMATS:
        pytest.skip("no PDF backend")
    if shutil.which("pdflatex") is None:
        pytest.skip("no pdflatex (Debian's texlive-latex-base: .ci/run installs it)")


def build(tmp_path: Path, text: str, capsys) -> tuple[int, str, str]:
    (tmp_path / "paper.tex").write_text(text, encoding="utf-8")
    code = main(["build", str(tmp_path / "paper.tex"), "--out", str(tmp_path / "tiles")])
    out, err = capsys.readouterr()
    return code, out, err


def pdflatex(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=folder,
                          capture_output=True, text=True, timeout=120)


def test_a_document_with_inline_and_figure_hands_compiles_with_vector_tiles(tmp_path, capsys):
    needs_pdflatex()
    code, out, err = build(tmp_path, PAPER, capsys)
    assert code == 0, err
    assert "4 picture(s)" in out
    assert len(list((tmp_path / "tiles").glob("*.pdf"))) == 4
    run = pdflatex(tmp_path)
    assert run.returncode == 0, run.stdout[-2000:]
    pdf = tmp_path / "paper.pdf"
    images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert len(images.splitlines()) == 2, images  # the header only: every tile is vector paths
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "The hand waits on" in text and "Figure 1: Tsumo on 4s" in text and "Figure 2: A river" in text


def test_the_index_sizes_inline_calls_by_the_text_and_others_by_their_css_size(tmp_path, capsys):
    needs_pdflatex()
    assert build(tmp_path, PAPER, capsys)[0] == 0
    sty = (tmp_path / "tiles" / "tiles.sty").read_text()
    rows = dict(re.findall(r"^\\tiles@define\{([^}]*(?:\{[^}]*\}[^}]*)*)\}(\{.*)", sty, re.M))
    assert set(rows) == {"14s|", "4s| inline ", "11222333s22m+-456m+4s|dora=3m", "1m9p*2z3s-5p8s|river, row=6"}
    assert rows["4s| inline "].startswith("{") and "{y}% Hand: 4s" in rows["4s| inline "]  # inline given
    assert "{n}% River: 1m 9p South 3s, riichi on 5p" in rows["1m9p*2z3s-5p8s|river, row=6"]  # the alt text
    assert "\\ifdim\\tiles@width>\\linewidth" in sty  # a wide hand is shrunk to the line


def test_a_typo_fails_the_build_at_its_line_and_column(tmp_path, capsys):
    bad = PAPER.replace(r"\tiles[dora=3m]{11222333s22m", r"\tiles[dora=3q]{11222333s22m")
    code, out, err = build(tmp_path, bad, capsys)
    assert code == 1
    assert err.splitlines() == [f"{tmp_path / 'paper.tex'}:10:16: dora: 'q' is not a suit letter (use m, p, s or z)"]
    assert not (tmp_path / "tiles" / "tiles.sty").exists()


def test_a_call_the_build_did_not_draw_stops_pdflatex_naming_it(tmp_path, capsys):
    needs_pdflatex()
    assert build(tmp_path, PAPER, capsys)[0] == 0
    (tmp_path / "paper.tex").write_text(PAPER.replace(r"\end{document}", "\\tiles{789p}\n\\end{document}"))
    run = pdflatex(tmp_path)
    assert run.returncode != 0
    assert "Package tiles Error: no picture of \\tiles []{789p}" in run.stdout


def test_lint_reads_latex_documents(tmp_path, capsys):
    (tmp_path / "paper.tex").write_text("\\tiles{123m}\n\\tiles[river]{1m2q}\n")
    assert main(["lint", str(tmp_path / "paper.tex")]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path / 'paper.tex'}:2:18: 'q' is not a suit letter (use m, p, s or z)"]


def test_the_scanner_skips_comments_verbatim_and_line_breaks():
    doc = ("\\tiles{1m} 50\\% \\tiles{2m} % \\tiles{9z}\n\\verb+\\tiles{9z}+ \\\\tiles{9z}\n"
           "\\begin{verbatim}\n\\tiles{9z}\n\\end{verbatim}\n\\tilesx{9z} \\tiles [index = true] {3m}\n")
    calls = latex_calls(doc, "a.tex")
    assert [c.notation for c in calls] == ["1m", "2m", "3m"]
    assert calls[2].props == {"index": True, "notation": "3m"} and calls[2].where(0) == (6, 36)


def test_bad_calls_are_told_at_their_place():
    told = [str(p) for p in latex_calls("\\tiles 1m\n\\tiles[river{1m}\n", "a.tex")]
    assert told[0] == "a.tex:1:1: \\tiles needs its notation in braces, like \\tiles{123m}"
    assert told[1] == "a.tex:2:7: [ is never closed"
    assert str(latex_calls("\\tiles{1m_2m}", "a.tex")[0]).startswith("a.tex:1:1: a \\tiles call cannot hold '_'")
