"""One page, every stack (issue 37 item 5): the conformance page built by each docs stack draws the
same pictures, with the same alt texts, and its typo variant fails each at the same line:col.

The page (tests/fixtures/conformance/page.md, `tests.conformance`) is a page of each site fixture,
built with the site by its own test module's builder, once per session (conftest.py), and read
here; so is its typo variant, a page of the build that must fail (or, where a stack stops at the
first page that fails, the only page of a build of its own). Sphinx builds the MyST page and its
reStructuredText twin (page.rst: the directive and the role). Python-Markdown converts it with
``markdown.markdown``.

Each stack is compared with what `tiles build` and `tiles lint` make of the same page: its image
files (names and bytes: every name is a content hash), the alt text, caption and size of each
picture in page order, and each typo's ``(line, col, message)``. Inline-SVG stacks (Zensical,
Python-Markdown) write no files: their alt texts (``aria-label``), captions and sizes are compared,
and their scenes with the scene drawn at the block's options.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import markdown
import pytest

from service.cli import main as tiles
from service.docs.markdown_ext import TilesError, TilesExtension
from service.drawing.scene import render_scene, scene_alt
from service.docs.scene_pictures import scene_size
from service.pictures.jobs import Job
from service.pictures.pages import read_docs
from service.pictures.scan import line_col
from service.pictures.scene_blocks import SceneOptions, read_block, read_options, scene_blocks
from service.pictures.tag_props import Problem
from tests.conformance import (COPIES, PAGE, RST_PAGE, RST_TYPO, RST_TYPOS, TYPO, TYPOS, Pictures, changed_at, files_of,
                               pictures, places, problems, variant)

# stack -> (its session fixture, the built page in it, the root its absolute URLs start from)
SITES = {
    "docusaurus": ("docusaurus_site", lambda www: (www / "tiles-site" / "conformance.html", www)),
    "astro": ("astro_site", lambda www: (www / "hands" / "conformance" / "index.html", www)),
    "nextra": ("nextra_site", lambda www: (www / "hands" / "conformance" / "index.html", www)),
    "vitepress": ("vitepress_site", lambda www: (www / "hands" / "conformance.html", www)),
    "mkdocs": ("mkdocs_site", lambda built: (built / "site" / "conformance" / "index.html", built / "site")),
    "sphinx-myst": ("sphinx_site", lambda out: (out / "conformance.html", out)),
    "sphinx-rst": ("sphinx_site", lambda out: (out / "conformance-rst.html", out)),
    "zensical": ("zensical_site", lambda site: (site / "conformance" / "index.html", site)),
}
FILE_STACKS = ["docusaurus", "astro", "nextra", "vitepress", "mkdocs", "sphinx-myst", "sphinx-rst"]
INLINE_STACKS = ["zensical", "python-markdown"]  # inline SVG: no files


def test_every_copy_is_the_one_source():
    """Each site's copy of the page is the page; the typo variants are the page with `TYPOS` (`RST_TYPOS`) made."""
    assert TYPO.read_text(encoding="utf-8") == variant(PAGE.read_text(encoding="utf-8"))
    assert RST_TYPO.read_text(encoding="utf-8") == variant(RST_PAGE.read_text(encoding="utf-8"), RST_TYPOS)
    for copy, source in COPIES.items():
        assert copy.read_bytes() == source.read_bytes(), f"{copy} is not {source}: copy it again"


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Pictures:
    """What `tiles build` draws for the page (light and dark, as the sites do), and each picture's alt
    text and caption in page order as `tiles lint` and `tiles build` read the page."""
    out = tmp_path_factory.mktemp("reference")
    assert tiles(["build", str(PAGE), "--out", str(out), "--theme", "light", "--theme", "dark", "--jobs", "1"]) == 0
    text = PAGE.read_text(encoding="utf-8")
    placed = []  # ((line, col), alt, caption, size)
    for read in read_docs([PAGE]):
        entry = Job.of(read.request).entry()
        placed.append((line_col(text, read.tag.offset), entry["alt"], read.request.caption, (entry["width"], entry["height"])))
    for block in scene_blocks(text, str(PAGE)):
        (options, _), (scene, _) = read_options(block), read_block(block)
        picture = options.render("light", "png")
        placed.append(((block.info_line, block.info_col), scene_alt(scene, picture.lang), None, scene_size(scene, picture)))
    placed.sort()
    return Pictures(files_of(out), [p[1] for p in placed], [p[2] for p in placed if p[2]], [p[3] for p in placed])


def built_page(request, stack: str) -> tuple[Path, Path]:
    """The conformance page as ``stack`` built it, and the root its absolute URLs start from."""
    if stack == "python-markdown":
        page = request.getfixturevalue("tmp_path") / "conformance.html"
        page.write_text(markdown.markdown(PAGE.read_text(encoding="utf-8"), extensions=["tiles"]), encoding="utf-8")
        return page, page.parent
    fixture, where = SITES[stack]
    return where(request.getfixturevalue(fixture))


def built(request, stack: str) -> Pictures:
    return pictures(*built_page(request, stack))


def test_the_reference_is_the_whole_page(reference):
    """Every construct of the page is a picture: 11 hands (one in a line of text, two rivers, a
    score card, an acceptance table, one in mahgen's notation, three of fences) and 2 scenes. A hand
    and a scene name their theme and format (one SVG file each); the others are a light and a dark
    image (PNGs at 1x, 2x and 3x)."""
    assert len(reference.alts) == 13
    assert reference.alts[3].startswith("手牌：") and reference.alts[3].endswith("ドラ表示牌：三萬")  # dora, lang="ja"
    assert reference.alts[5].endswith("score: 3 han 20 fu · 700-1,300")  # score riichi seat="S": the card
    assert reference.alts[6].startswith("Tile acceptance, shanten 0. Discard 3s: 1 kind, 2 tiles: 3p 2")  # visible 3p3p
    assert "concealed kan: face-down tile 1s 1s face-down tile" in reference.alts[7]  # mahgen's 0z11s0z
    assert reference.alts[10].startswith("牌河：")  # ```tiles river lang="zh"
    assert reference.alts[11].startswith("何切る：")  # ```tiles-scene lang=ja
    assert sum(name.endswith(".svg") for name in reference.files) == 2
    assert len(reference.files) == 11 * 2 * 3 + 2
    assert reference.captions == ["Tsumo on 4s", "Both sides", "Riichi on 5p", "Riichi, tsumo on 6p", "From mahgen",
                                  "Two calls", "Riichi on East"]


@pytest.mark.parametrize("stack", FILE_STACKS)
def test_the_same_image_files(request, reference, stack):
    """Byte for byte the files `tiles build` writes: the same names (content hashes), the same bytes."""
    page = built(request, stack)
    assert page.files == reference.files


@pytest.mark.parametrize("stack", FILE_STACKS + INLINE_STACKS)
def test_the_same_alt_texts_captions_and_sizes_in_page_order(request, reference, stack):
    page = built(request, stack)
    assert page.alts == reference.alts
    assert page.sizes == reference.sizes  # width and height: the layout at the tag's or block's options
    # a caption is a <figcaption>, or the title of a picture in a line; rST's role takes none
    assert page.captions == [c for c in reference.captions if not (stack == "sphinx-rst" and c == "Both sides")]
    if stack in INLINE_STACKS:
        assert page.files == {}  # each picture is an inline <svg>


@pytest.mark.parametrize("stack, site_themes", [("zensical", ("light", "dark")), ("python-markdown", ("auto",))])
def test_inline_scenes_are_drawn_at_their_block_options(request, stack, site_themes):
    """An inline SVG stack's scene is the scene drawn at its block's options (height, lang, theme, bg):
    a light and a dark one under Zensical's palette switch (color_mode material), one following the
    reader's scheme under plain Python-Markdown (media), unless the block names its theme."""
    html = built_page(request, stack)[0].read_text(encoding="utf-8")
    for block in scene_blocks(PAGE.read_text(encoding="utf-8"), str(PAGE)):
        (options, _), (scene, _) = read_options(block), read_block(block)
        drawn = SceneOptions(tuple(kv for kv in options.given if kv[0] != "format"))  # inline: SVG whatever format says
        for theme in options.themes(site_themes):
            svg = render_scene(scene, replace(drawn.render(theme, "svg"), scale=2)).decode()
            assert svg[svg.index("<svg ") + len("<svg "):] in html, (block.info, theme)


def expected(typo: Path) -> set[tuple[int, int, str]]:
    """Each typo's (line, col, message) in ``typo``: where `tiles lint` places it in typo.md, at the same
    place from the character the typo changes (typo.rst writes it elsewhere, a prop as its option)."""
    lint = [error for read in read_docs([TYPO]) if not isinstance(read, Problem) for error in read.errors]
    assert len(lint) == len(TYPOS)
    theirs = RST_TYPOS if typo == RST_TYPO else TYPOS
    here, there = places(TYPO.read_text(encoding="utf-8")), places(typo.read_text(encoding="utf-8"), theirs)
    out = set()
    for p in lint:
        [i] = [i for i, (_, bad) in enumerate(TYPOS)
               if here[bad][0] == p.line and here[bad][1] <= p.col <= here[bad][1] + len(bad)]
        line, col = there[theirs[i][1]]
        out.add((line, col + changed_at(*theirs[i]) + p.col - here[TYPOS[i][1]][1] - changed_at(*TYPOS[i]), p.message))
    return out


def typo_output(request, stack: str) -> tuple[str, str]:
    """What the failed build of the typo variant printed, and the typo page's path in it (as each stack
    names it): one of the site's build with bad pages, or, where a stack stops at the first page that
    fails, a build of the typo page alone."""
    tmp = request.getfixturevalue("tmp_path")
    if stack == "python-markdown":
        with pytest.raises(TilesError) as err:
            markdown.markdown(TYPO.read_text(encoding="utf-8"), extensions=[TilesExtension(page="typo/conformance.md")])
        return str(err.value), "typo/conformance.md"
    if stack in ("docusaurus", "nextra", "sphinx-myst", "sphinx-rst"):  # shared with the site's own typo test
        run = request.getfixturevalue({"docusaurus": "docusaurus_bad", "nextra": "nextra_bad"}.get(stack, "sphinx_bad"))
        name = {"docusaurus": "bad-docs/conformance.mdx", "nextra": "app/bad/conformance.mdx",
                "sphinx-myst": "bad/conformance.md", "sphinx-rst": "bad/conformance-rst.rst"}[stack]
    elif stack == "astro":
        from test_astro import astro_build, installed

        installed()
        run, name = astro_build(tmp / "out", src="./typo-src"), "typo-src/pages/conformance.mdx"
    elif stack == "vitepress":
        from test_vitepress import installed, vitepress_build

        installed()
        run, name = vitepress_build(tmp / "out", src="typo-pages"), "typo-pages/conformance.md"
    elif stack == "mkdocs":
        from test_mkdocs import installed, mkdocs_build

        installed()
        run, name = mkdocs_build(tmp / "site", tmp / "cache", docs="typo-docs"), "typo-docs/conformance.md"
    else:
        from test_zensical import zensical_build

        run, name = zensical_build(tmp / "src", "zensical-typo.toml"), "typo-docs/conformance.md"
    assert run.returncode != 0, (run.stdout + run.stderr)[-4000:]
    return run.stdout + run.stderr, name


@pytest.mark.parametrize("stack", FILE_STACKS + INLINE_STACKS)
def test_the_typos_fail_the_build_at_the_same_line_and_column(request, stack):
    output, name = typo_output(request, stack)
    assert problems(output, name) == expected(RST_TYPO if stack == "sphinx-rst" else TYPO), output[-4000:]
