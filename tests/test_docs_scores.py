"""Issue 43 item 6: a score card in every Python docs stack, built for real (MkDocs, Sphinx in rST and
MyST, the Markdown extension), and `tiles lint --check-scores` finding a wrong claim in the same pages."""

from __future__ import annotations

import html as html_lib
import io
import re
import subprocess
import sys

import pytest
from PIL import Image

from service.layout.arrange import arrange
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HAND = "234789m1234566p+6p"
ALT = "score: 3 han 20 fu · 700-1,300"  # riichi, tsumo, pinfu, seat South
CARD = arrange(parse(HAND), RenderOptions(score="seat=S&riichi=1"))
PAGE = (f'# Scores\n\n<Tiles notation="{HAND}" score riichi seat="S" caption="3 han 20 fu, 700-1,300" />\n\n'
        f'<Tiles notation="{HAND}" riichi seat="S" caption="3 han 30 fu" />\n')
LINT_ERROR = ":5:63: the caption says 3 han 30 fu, but the hand scores 3 han 20 fu · 700-1,300"


def lint(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", "lint", "--check-scores", str(path)],
                          capture_output=True, text=True, timeout=120)


def alts(page: str) -> list[str]:
    """Each picture's alt text once (a site that switches colour mode links a light and a dark file)."""
    return list(dict.fromkeys(html_lib.unescape(a) for a in re.findall(r'alt="([^"]+)"', page)))


def test_markdown_draws_the_card_inline_and_lint_finds_the_wrong_claim(tmp_path):
    markdown = pytest.importorskip("markdown")
    page = markdown.markdown(PAGE + f"\n```tiles score riichi\n{HAND}\n```\n", extensions=["tiles", "fenced_code"])
    labels = [html_lib.unescape(a) for a in re.findall(r'<svg [^>]*aria-label="([^"]+)"', page)]
    assert [a.rpartition("; ")[2] for a in labels] == [ALT, "winning tile: 6p", "score: 3 han 20 fu · 1,300 all"]
    assert f'width="{CARD.width}" height="{CARD.height}"' in page
    assert page.count("<path transform") >= len("3 han 20 fu")  # the card's lines drawn as glyph outlines
    (tmp_path / "page.md").write_text(PAGE, encoding="utf-8")
    run = lint(tmp_path / "page.md")
    assert run.returncode == 1 and LINT_ERROR in run.stdout + run.stderr


@pytest.mark.slow
def test_mkdocs_links_the_cards_files_with_the_score_in_their_alt_text(tmp_path):
    pytest.importorskip("mkdocs")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: Scores\nplugins:\n  - tiles\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", "site"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert [a.rpartition("; ")[2] for a in alts(page)] == [ALT, "winning tile: 6p"]
    src = re.search(rf'<img src="([^"]+)" srcset="[^"]+" width="{CARD.width}" height="{CARD.height}"', page).group(1)
    with Image.open(io.BytesIO((tmp_path / "site" / src).read_bytes())) as img:
        assert img.size == (CARD.width, CARD.height)
    run = lint(tmp_path / "docs")
    assert run.returncode == 1 and LINT_ERROR in run.stdout + run.stderr


@pytest.mark.slow
def test_sphinx_draws_the_card_from_rst_options_and_myst(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    rst = (f"Scores\n======\n\n.. toctree::\n\n   more\n\n.. tiles:: {HAND}\n   :score:\n   :riichi:\n"
           f"   :seat: S\n\n.. tiles:: {HAND}\n   :score:\n   :seat: X\n")
    (tmp_path / "index.rst").write_text(rst.split(f"\n.. tiles:: {HAND}\n   :score:\n   :seat: X")[0], encoding="utf-8")
    (tmp_path / "more.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "service.sphinx"]\n'
                                      'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n',
                                      encoding="utf-8")
    build = [sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(tmp_path), str(tmp_path / "_build")]
    run = subprocess.run(build, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    for name in ("index", "more"):
        page = (tmp_path / "_build" / f"{name}.html").read_text(encoding="utf-8")
        assert alts(page)[0].endswith(ALT), name
        assert f'width="{CARD.width}" height="{CARD.height}"' in page
    run = lint(tmp_path / "more.md")
    assert run.returncode == 1 and LINT_ERROR in run.stdout + run.stderr
    (tmp_path / "index.rst").write_text(rst, encoding="utf-8")  # a bad context: the build says where
    run = subprocess.run(build, capture_output=True, text=True, timeout=600)
    assert "seat must be E, S, W or N" in run.stderr
