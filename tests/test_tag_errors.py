"""Where a page's errors are told: a tag's string that is never closed at its opening quote (not at
the next tag, whose quote MDX-style reading took for its close), in `tiles lint`, `tiles build`
and the Markdown extension (MkDocs) alike."""

from __future__ import annotations

import pytest

from service.docs.build import collect
from service.docs.lint import lint_paths
from service.pictures.directives import OPTIONS
from service.pictures.scan import iter_tags, scan_text

PAGE = '# Hands\n\n<Tiles notation="123m />\n\nSome text.\n\nMore: <Tiles notation="456q" />\n'


def told(problems) -> list[str]:
    return [f"{p.line}:{p.col}: {p.message}" for p in problems if not p.warning]


def test_an_unclosed_quote_is_told_at_the_quote_and_the_next_tag_is_still_read(tmp_path):
    page = tmp_path / "bad.md"
    page.write_text(PAGE, encoding="utf-8")
    want = ["3:17: string is never closed", "7:27: 'q' is not a suit letter (use m, p, s or z)"]
    assert told(lint_paths([str(page)])) == want
    assert told(collect([str(page)])[1]) == want


def test_the_markdown_extension_tells_it_at_the_quote():
    markdown = pytest.importorskip("markdown")
    from service.docs.markdown_ext import TilesError

    with pytest.raises(TilesError) as err:
        markdown.markdown(PAGE, extensions=["tiles"], extension_configs={"tiles": {"page": "docs/bad.md"}})
    assert str(err.value).startswith('docs/bad.md:3:17: string is never closed\n  <Tiles notation="123m />\n'
                                     '                  ^\n')
    assert "docs/bad.md:7:27: 'q' is not a suit letter" in str(err.value)


@pytest.mark.parametrize("text", [
    '<Tiles notation="1m" caption="two\nlines" />',  # a value may run on: MDX takes it
    '> <Tiles notation="1m" caption="two\n> lines" />',
])
def test_a_string_over_two_lines_is_still_a_value(text):
    [tag] = scan_text(text)
    assert tag.props["caption"] == "two\nlines"


@pytest.mark.parametrize("text, at", [
    ('<Tiles notation="1m" caption="a />\n<Tiles notation="2m" />', 29),  # ran over a tag's end and start
    ('<Tiles notation="1m\n\n<Tiles caption="x" notation="2m" />', 16),  # ran over a blank line
])
def test_a_string_that_ran_on_over_a_tag_is_the_one_never_closed(text, at):
    [err, *_] = iter_tags(text)
    assert (err.message, err.offset) == ("string is never closed", at)


def test_mkdocs_tells_it_at_the_quote(tmp_path):
    pytest.importorskip("mkdocs")
    from tests.test_docs_scenes import build_mkdocs

    run = build_mkdocs(tmp_path, PAGE)
    assert run.returncode != 0
    assert "docs/problems/index.md:3:17: string is never closed" in run.stderr
    assert "docs/problems/index.md:7:27: 'q' is not a suit letter" in run.stderr
    assert "unexpected" not in run.stderr


MYST_PAGE = ("# Hands\n\n```{tiles} 12q\n:caption: A hand\n```\n\n```{tiles} 123m\n:dora: 3x\n:dorra: 1z\n"
             ":index: maybe\n```\n\n> ```{tiles} 1m\n> :ura: 1q\n> ```\n\n```{tiles}\n```\n\n"
             "```{tiles} 123m\n:river:\n```\n")
MYST_TOLD = [  # what Sphinx tells of the same page (`test_sphinx_tells_the_myst_directives_so`)
    "3:14: 'q' is not a suit letter (use m, p, s or z)",
    "8:8: dora: '3' has no suit letter after it (add m, p, s or z)",
    f"9:2: 'tiles': Unknown option key: 'dorra' (allowed: {list(OPTIONS)})",
    "10:2: 'tiles': Invalid option value for 'index': maybe: give it alone, or true or false, not 'maybe'",
    "14:10: ura: 'q' is not a suit letter (use m, p, s or z)",
    "17:1: Directive 'tiles': 1 argument(s) required, 0 supplied",
]


def test_lint_reads_the_myst_tiles_directive(tmp_path):
    """Issue 42: lint let the inside of a MyST ```{tiles} NOTATION``` directive through (its notation, its
    :option: lines), where Sphinx tells each typo: lint tells them at file:line:col with Sphinx's words."""
    page = tmp_path / "index.md"
    page.write_text(MYST_PAGE, encoding="utf-8")
    problems = lint_paths([str(page)])
    assert [str(p).removeprefix(f"{page}:") for p in problems] == MYST_TOLD


def test_lint_knows_the_options_of_sphinxs_tiles_directive():
    pytest.importorskip("sphinx")
    from service.docs.sphinx_ext import TilesDirective

    assert OPTIONS == tuple(sorted(TilesDirective.option_spec))


@pytest.mark.slow
def test_sphinx_tells_the_myst_directives_so(tmp_path):
    """The messages lint gives for a MyST page's directives are Sphinx's own, at the same places (an option
    in a blockquote too: Sphinx placed its value's typo on the fence's line, 13:14)."""
    pytest.importorskip("myst_parser")
    from tests.test_docs_scenes import build_sphinx

    run = build_sphinx(tmp_path, {"index.md": MYST_PAGE})
    assert run.returncode != 0
    for told in MYST_TOLD:
        line, col, message = told.split(":", 2)
        assert f"index.md:{line}:{col}:{message}" in run.stderr or f"index.md:{line}: " in run.stderr \
            and message.strip() in run.stderr, (told, run.stderr[-3000:])
