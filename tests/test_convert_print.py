r"""`tiles convert` of printed papers: the LaTeX packages' ``\mahjong`` and riichinator's ``hand()`` rewritten
as our calls draw what our calls in the dialect draw (service/docs/convert_print.py), and still compile."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from service.cli import main
from service.docs.print_docs import FRONTS, read_calls
from service.docs.typst import typst_string
from service.notation import dialects
from service.notation.options import FORMATS

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "dialects.json").read_text(encoding="utf-8"))
LATEX = [c["source"] for c in FIXTURE["latex"]["cases"]]
RIICHINATOR = [c["source"] for c in FIXTURE["riichinator"]["cases"]]
RIVER = "1s6p7m67s8p253'z"  # both tools' river strings read it so


def latex_peer(sources: list[str]) -> str:
    calls = "".join(f"Case {k}: \\mahjong{{{s}}}.\n\n" for k, s in enumerate(sources))
    return (r"""\documentclass{article}
\usepackage[paperwidth=16cm,paperheight=20cm,margin=1cm]{geometry}
\usepackage[size=2em]{mahjong}
\begin{document}
""" + calls + "% \\mahjong{9q} is a comment, \\verb|\\mahjong{8q}| verbatim\n"
            + "\\begin{figure}[h]\n  \\centering\n  \\mahjongriver{" + RIVER + "}\n  \\caption{A river}\n\\end{figure}\n"
            + "\\end{document}\n")


def latex_ours(sources: list[str]) -> str:
    """The same paper with our calls, naming the dialect."""
    calls = "".join(f"\\tiles[dialect=latex]{{{s}}}\n" for s in sources)
    return "\\usepackage{tiles/tiles}\n" + calls + "\\tiles[river,dialect=latex]{" + RIVER + "}\n"


def typst_peer(sources: list[str]) -> str:
    calls = "".join(f"Case {k}: #hand({typst_string(s)}).\n\n" for k, s in enumerate(sources))
    return ('#import "@preview/riichinator:0.1.1": *\n#set page(width: 16cm, height: auto)\n' + calls
            + '// #hand("9q") is a comment, `#hand("8q")` raw\n'
            + f"#figure(river({typst_string(RIVER)}), caption: [A river])\n")


def typst_ours(sources: list[str]) -> str:
    calls = "".join(f"#tiles({typst_string(s)}, inline: true, dialect: \"riichinator\")\n" for s in sources)
    return f"#tiles({typst_string(RIVER)}, river: true, dialect: \"riichinator\")\n" + calls


def images(path: Path) -> set[str]:
    """The pictures `tiles build` draws for a paper."""
    jobs, problems = read_calls(FRONTS[path.suffix], [str(path)])
    assert not [p for p in problems if not p.warning], problems
    return {job.image for job, _ in jobs.values()}


@pytest.mark.parametrize("suffix, dialect, peer, ours, sources, peer_word", [
    (".tex", "latex", latex_peer, latex_ours, LATEX, "mahjong"),
    (".typ", "riichinator", typst_peer, typst_ours, RIICHINATOR, "hand("),
])
def test_a_paper_converts_to_the_pictures_the_dialect_option_draws(tmp_path, capsys, suffix, dialect, peer, ours,
                                                                      sources, peer_word):
    paper = tmp_path / f"paper{suffix}"
    paper.write_text(peer(sources))
    reference = tmp_path / f"reference{suffix}"
    reference.write_text(ours(sources))
    assert main(["convert", "--from", dialect, "--check", str(paper)]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("--- a/") and paper.read_text() == peer(sources)  # --check wrote nothing
    assert main(["convert", "--from", dialect, str(paper)]) == 0
    assert f"converted {len(sources) + 1} picture(s) in 1 file(s) from {dialect}" in capsys.readouterr().err
    text = paper.read_text()
    assert text.count(peer_word) == 2 and "9q" in text and "8q" in text  # but in comments and verbatim text
    assert dialect not in text
    assert images(paper) == images(reference)
    assert main(["convert", "--from", dialect, "--check", str(paper)]) == 0  # nothing left to convert


def test_the_converted_latex_paper_compiles(tmp_path, capsys):
    if "pdf" not in FORMATS:
        pytest.skip("no PDF backend")
    if shutil.which("pdflatex") is None:
        pytest.skip("no pdflatex (Debian's texlive-latex-base: .ci/run installs it)")
    paper = tmp_path / "paper.tex"
    paper.write_text(latex_peer(LATEX))
    assert main(["convert", "--from", "latex", str(paper)]) == 0
    assert main(["build", str(paper), "--out", str(tmp_path / "tiles")]) == 0
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:]
    text = subprocess.run(["pdftotext", str(tmp_path / "paper.pdf"), "-"], capture_output=True, text=True).stdout
    assert "Case 0:" in text and "Figure 1: A river" in text


def test_the_converted_typst_paper_compiles(tmp_path, capsys):
    typst = pytest.importorskip("typst", reason="the typst package (the test extra) compiles the documents")
    paper = tmp_path / "paper.typ"
    paper.write_text(typst_peer(RIICHINATOR))
    assert main(["convert", "--from", "riichinator", str(paper)]) == 0
    assert main(["build", str(paper), "--out", str(tmp_path / "tiles")]) == 0
    typst.compile(str(paper))
    figures = json.loads(typst.query(str(paper), "image"))
    assert len(figures) == len(RIICHINATOR) + 1


def test_a_hand_in_text_stays_inline_and_tile_height_is_our_size(tmp_path):
    paper = tmp_path / "paper.typ"
    paper.write_text('#import "@preview/riichinator:0.1.1": hand\nWait #hand("14s").\n\n#hand("123m")\n'
                     '#figure(hand("5m", tile-height: 3em), caption: [Five])\n')
    assert main(["convert", "--from", "riichinator", str(paper)]) == 0
    assert paper.read_text() == ('#import "tiles/tiles.typ": tiles\nWait #tiles("14s", inline: true).\n\n'
                                 '#tiles("123m")\n#figure(tiles("5m", size: 3em), caption: [Five])\n')


def test_riichinators_import_stays_while_its_board_is_drawn(tmp_path):
    paper = tmp_path / "paper.typ"
    paper.write_text('#import "@preview/riichinator:0.1.1": *\n#hand("1m")\n#board(hands: "1m")\n')
    assert main(["convert", "--from", "riichinator", str(paper)]) == 0
    assert paper.read_text() == ('#import "@preview/riichinator:0.1.1": *\n#import "tiles/tiles.typ": tiles\n'
                                 '#tiles("1m")\n#board(hands: "1m")\n')


def test_the_package_line_and_setup_become_ours(tmp_path):
    paper = tmp_path / "paper.tex"
    paper.write_text("\\usepackage[T1]{fontenc,mahjong-tiles}\n\\mahjongtilessetup{height=2em}\n"
                     "\\mahjong[2em]{123m}\\\\\\mahjong{4m}\n")
    assert main(["convert", "--from", "latex", str(paper)]) == 0
    assert paper.read_text() == "\\usepackage[T1]{fontenc}\n\\usepackage{tiles/tiles}\n\n\\tiles{123m}\\\\\\tiles{4m}\n"


def error_case(dialect: str) -> dict:
    return next(e for e in FIXTURE[dialect]["errors"] if not set(e["source"]) & set('"\\{}%'))


@pytest.mark.parametrize("suffix, dialect, call", [(".tex", "latex", "Hand \\mahjong{"),
                                                    (".typ", "riichinator", 'Hand #hand("')])
def test_an_error_leaves_the_paper_untouched_and_is_told_at_its_character(tmp_path, capsys, suffix, dialect, call):
    bad = error_case(dialect)
    good = FIXTURE[dialect]["cases"][0]["source"]
    close = "}" if suffix == ".tex" else '")'
    text = f"{call}{good}{close}\n{call}{bad['source']}{close}\n"
    paper = tmp_path / f"paper{suffix}"
    paper.write_text(text)
    for args in (["--check"], ["--diff"], []):
        assert main(["convert", "--from", dialect, *args, str(paper)]) == 2
        err = capsys.readouterr().err.splitlines()
        assert err[0].startswith(f"{paper}:2:{len(call) + bad['position'] + 1}: ")
        assert paper.read_text() == text


def test_a_paper_in_another_dialect_is_left_alone(tmp_path, capsys):
    paper = tmp_path / "paper.tex"
    paper.write_text("\\mahjong{123m}\n")
    assert main(["convert", "--from", "mahgen", str(paper)]) == 0
    assert paper.read_text() == "\\mahjong{123m}\n"
    assert dialects.dialect_name("latex") == "latex"


def test_our_calls_naming_the_dialect_lose_it_and_others_stay(tmp_path, capsys):
    tex = tmp_path / "paper.tex"
    tex.write_text("\\tiles[dialect=latex]{X44Xp-123's} \\tiles[river, dialect = latex,row=6]{1s2s3'z}\n"
                   "\\tiles[ dialect={latex} ]{1m} \\tiles{1m} % \\tiles[dialect=latex]{3'm}\n")
    typ = tmp_path / "paper.typ"
    typ.write_text('#tiles("11m23p-4\'30m", dialect: "riichinator")\n'
                   '#figure(tiles("25\'3z7?m", river: true, dialect: "riichinator"))\n#tiles("1m")\n')
    before = images(tex), images(typ)
    assert main(["convert", "--from", "latex", str(tex)]) == 0
    assert tex.read_text() == ("\\tiles{x44xp+12-3s} \\tiles[river,row=6]{12s-3z}\n"
                               "\\tiles{1m} \\tiles{1m} % \\tiles[dialect=latex]{3'm}\n")
    assert main(["convert", "--from", "riichinator", str(typ)]) == 0
    assert typ.read_text() == '#tiles("11m23p+-430m")\n#figure(tiles("2-53z*7m", river: true))\n#tiles("1m")\n'
    assert (images(tex), images(typ)) == before
