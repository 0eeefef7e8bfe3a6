"""Sphinx: a page is checked as it is drawn (``tiles_format`` included, refused up front when no
format), and a MyST page's `<Tiles>` tags in HTML comments are not drawn, as in every other stack."""

from __future__ import annotations

import re

import pytest

from tests.test_docs_scenes import build_sphinx, build_sphinx_rst

pytest.importorskip("sphinx")


@pytest.mark.slow
def test_a_tag_is_checked_in_the_sites_format(tmp_path):
    """``:theme: auto`` is for SVG: with ``tiles_format = "svg"`` it is drawn (one SVG), not refused
    by a check that assumed PNG; with PNG it is refused at its place."""
    rst = "Hands\n=====\n\n.. tiles:: 123m\n   :theme: auto\n"
    run = build_sphinx_rst(tmp_path, rst, 'tiles_format = "svg"\n')
    assert run.returncode == 0, run.stderr
    assert "theme auto" not in run.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert html.count('class="tiles') and ".svg" in html and ".png" not in html
    run = build_sphinx_rst(tmp_path, rst, 'tiles_format = "png"\n')
    assert run.returncode != 0 and "index.rst:5:12: theme auto is for SVG only" in run.stderr


@pytest.mark.parametrize("fmt", ["webp", "SVG", ""])
def test_a_tiles_format_that_is_no_format_stops_the_build_at_its_setting(tmp_path, fmt):
    """A format the tags are not drawn in is a configuration error, before any page is read: not
    an AttributeError when the first picture is drawn."""
    run = build_sphinx_rst(tmp_path, "Hands\n=====\n\n.. tiles:: 123m\n", f"tiles_format = {fmt!r}\n")
    assert run.returncode != 0
    assert f"tiles_format must be one of png, svg, not {fmt!r}" in run.stderr
    assert "Configuration error" in run.stderr and "AttributeError" not in run.stderr


@pytest.mark.parametrize("setting, message", [
    ('tiles_theme = "drak"', "tiles_theme must be one of auto, light, dark, print, contrast, not 'drak'"),
    ('tiles_color_mode = "fur"', "tiles_color_mode must be one of media, material, furo, not 'fur'"),
    ('tiles_on_error = "warning"', "tiles_on_error must be one of fail, warn, not 'warning'"),
    ('tiles_index = "yes"', "tiles_index must be True or False, not 'yes'"),
])
def test_every_tiles_setting_is_checked_before_any_page_is_read(tmp_path, setting, message):
    """Issue 42: tiles_theme, tiles_color_mode and tiles_on_error went through unchecked (a theme typo
    was an error at the first picture, a color mode's only once the pages were written, an on_error
    one a quiet "fail"): each is a configuration error naming the setting, as tiles_format's is."""
    run = build_sphinx_rst(tmp_path, "Hands\n=====\n\n.. tiles:: 123m\n", setting + "\n")
    assert run.returncode != 0 and message in run.stderr, run.stderr[-2000:]
    assert "Configuration error" in run.stderr


@pytest.mark.slow
def test_myst_draws_no_tag_of_an_html_comment(tmp_path):
    """A commented-out tag shows nothing, as in the Markdown extension: no picture, and its typo
    fails no build; a real tag after one on its line is placed at its own column."""
    pytest.importorskip("myst_parser")
    md = ('# Hands\n\n<!-- <Tiles notation="12q" /> -->\n\n<!--\n<Tiles notation="456p" />\n-->\n\n'
          'Text <!-- <Tiles notation="1z" /> --> and <Tiles notation="2z" /> here.\n\n<Tiles notation="789s" />\n')
    run = build_sphinx(tmp_path, {"index.md": md})
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<img [^>]*alt="([^"]+)"', html) == ["Hand: South"] * 2 + ["Hand: 7s 8s 9s"] * 2
    line = 'Text <!-- <Tiles notation="2q" /> --> and <Tiles notation="2q" /> here.'
    run = build_sphinx(tmp_path, {"index.md": f"# Hands\n\n{line}\n"})
    assert run.returncode != 0
    assert f"index.md:3:{line.rindex('q') + 1}: 'q' is not a suit letter" in run.stderr
    assert f"index.md:3:{line.index('q') + 1}:" not in run.stderr


@pytest.mark.slow
def test_a_pages_errors_are_told_in_line_order(tmp_path):
    """A MyST page's directives are read before its tags (a transform): their errors come in line order.
    (The fence's props, bare words, are read as in every stack: its line's typo is told, not the props.)"""
    pytest.importorskip("myst_parser")
    md = ('# Hands\n\n<Tiles notation="1q" />\n\n```tiles theme=dark height=30\n2q\n```\n\n```{tiles} 3q\n```\n\n'
          '```{tiles-scene}\nproblem: {round: E9}\n```\n\nText <Tiles notation="5q" />.\n')
    run = build_sphinx(tmp_path, {"index.md": md})
    assert run.returncode != 0
    told = [tuple(map(int, m)) for m in re.findall(r"index\.md:(\d+):(\d+): ", run.stderr)]
    assert told == [(3, 19), (6, 2), (9, 13), (13, 10), (16, 24)]
