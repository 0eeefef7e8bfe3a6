"""Acceptance tables in real MkDocs and Zensical builds: a tag's ``efficiency rows visible``, a tiles
fence's options and a caption that claims the counts; the built page links (MkDocs) or inlines
(Zensical) the table with its alt text, bad visible tiles stop the build at file:line:col, and
`tiles lint --check-efficiency` finds a wrong claim in the same pages. Each build is bounded by a
timeout and skips when its tool is not installed."""

from __future__ import annotations

import html as html_lib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from service.efficiency import efficiency
from service.layout.arrange import arrange
from service.layout.efficiency_layout import efficiency_alt
from service.notation.grammar import parse
from service.notation.options import RenderOptions

HAND = "123456789m12p355s"  # discard 3s: tenpai on 3p
TABLE = arrange(parse(HAND), RenderOptions(layout="efficiency", rows=2, visible="3p3p"))
PAGE = (f'# Tables\n\n<Tiles notation="{HAND}" efficiency rows={{2}} visible="3p3p" caption="discard 3s" />\n\n'
        f"```tiles efficiency rows=1 visible=3p\n{HAND}\n```\n\n"
        f'<Tiles notation="{HAND}" caption="discard 5s" />\n')
ALTS = [efficiency_alt(efficiency(HAND, "3p3p"), 2), efficiency_alt(efficiency(HAND, "3p"), 1)]
LINT_ERROR = ":9:46: the caption says discard 5s, but the best is 3s: 1 kind, 4 tiles"
BAD = f'# Bad\n\n<Tiles notation="{HAND}" efficiency visible="3p3q" />\n'
BUILD_TIMEOUT = 600


def lint(path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.cli", "lint", "--check-efficiency", str(path)],
                          capture_output=True, text=True, timeout=120)


def alts(page: str, attr: str = "alt") -> list[str]:
    """Each picture's alt text once (a site that switches colour mode links a light and a dark file)."""
    return list(dict.fromkeys(html_lib.unescape(a) for a in re.findall(rf'{attr}="([^"]+)"', page)))


def test_lint_finds_the_caption_that_claims_the_wrong_discard(tmp_path):
    (tmp_path / "page.md").write_text(PAGE, encoding="utf-8")
    run = lint(tmp_path / "page.md")
    assert run.returncode == 1 and LINT_ERROR in run.stdout + run.stderr, run.stdout + run.stderr


def mkdocs_site(root: Path, page: str) -> subprocess.CompletedProcess:
    (root / "docs").mkdir(exist_ok=True)
    (root / "docs" / "index.md").write_text(page, encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: Tables\nplugins:\n  - tiles\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", "site"],
                          cwd=root, capture_output=True, text=True, timeout=BUILD_TIMEOUT)


@pytest.mark.slow
def test_mkdocs_links_the_tables_files_with_the_table_read_out(tmp_path):
    pytest.importorskip("mkdocs")
    run = mkdocs_site(tmp_path, PAGE)
    assert run.returncode == 0, run.stderr
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert alts(page)[:2] == ALTS
    src = re.search(rf'<img src="([^"]+)" srcset="[^"]+" width="{TABLE.width}" height="{TABLE.height}"', page).group(1)
    with Image.open(io.BytesIO((tmp_path / "site" / src).read_bytes())) as img:
        assert img.size == (TABLE.width, TABLE.height)
    run = lint(tmp_path / "docs")
    assert run.returncode == 1 and LINT_ERROR in run.stdout + run.stderr
    bad = tmp_path / "bad"
    bad.mkdir()
    run = mkdocs_site(bad, BAD)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "index.md:3:60: visible: 'q' is not a suit letter" in run.stdout + run.stderr, run.stderr[-3000:]


def zensical_site(root: Path, page: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "zensical"
    if not exe.exists():
        pytest.skip("zensical is not installed (pip install -e '.[test]')")
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "index.md").write_text(page, encoding="utf-8")
    (root / "zensical.toml").write_text('[project]\nsite_name = "Tables"\ndocs_dir = "docs"\n\n'
                                        "[project.markdown_extensions.tiles]\n", encoding="utf-8")
    return subprocess.run([str(exe), "build", "-f", "zensical.toml"], cwd=root, capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT)


@pytest.mark.slow
def test_zensical_inlines_the_table_with_the_table_read_out(tmp_path):
    run = zensical_site(tmp_path / "good", PAGE)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    page = (tmp_path / "good" / "site" / "index.html").read_text(encoding="utf-8")
    assert [a for a in alts(page, "aria-label") if a.startswith("Tile acceptance")] == ALTS
    assert re.search(rf'<svg [^>]*width="{TABLE.width}" height="{TABLE.height}"', page)
    run = zensical_site(tmp_path / "bad", BAD)
    said = run.stdout + run.stderr  # Zensical shows the extension's error under its own traceback
    assert run.returncode != 0
    assert "index.md:3:60: visible: 'q' is not a suit letter" in said, said[-3000:]
