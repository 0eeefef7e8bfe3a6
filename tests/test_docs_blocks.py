"""The docs tools see what the renderers draw: one table of Markdown snippets
(tests/fixtures/docs_blocks.json) and the errors each tool reports for them, `line:col: message`.

`tiles lint`, `tiles build` (its `collect`) and the Markdown extension are held to it here;
remark-tiles, which draws through MDX, in docs/integrations/remark-tiles/test/blocks.test.js. So a
```tiles-scene block in a nested list or a blockquote that remark-tiles draws is one lint checks and
build draws, at the same line and column, and a fence remark-tiles shows as code is code to all; and
each line of a ```tiles fence is a hand every tool draws (remark-tiles too), with its typo at the same
place.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from service.docs.build import collect
from service.docs.lint import lint_paths

CASES = json.loads((Path(__file__).parent / "fixtures" / "docs_blocks.json").read_text(encoding="utf-8"))["cases"]


def placed(problems) -> list[str]:
    return [f"{p.line}:{p.col}: {p.message}" for p in problems if not p.warning]  # in the order told


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
@pytest.mark.parametrize("suffix", [".md", ".mdx"])
def test_lint_and_build_report_what_the_renderers_draw(tmp_path, case, suffix):
    page = tmp_path / f"page{suffix}"
    page.write_bytes(case["text"].encode("utf-8"))
    assert placed(lint_paths([str(page)])) == case["errors"]
    assert placed(collect([str(page)])[1]) == case["errors"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_markdown_extension_draws_the_same(case):
    markdown = pytest.importorskip("markdown")
    from service.docs.markdown_ext import TilesError

    try:
        markdown.markdown(case["text"], extensions=["tiles"], extension_configs={"tiles": {"page": "page.md"}})
        reported = []
    except TilesError as err:
        reported = re.findall(r"(?m)^page\.md:(\d+:\d+: .*)$", str(err))
    assert reported == case["errors"]


SCENES = [c for c in CASES if c["errors"] and all("problem.answer" in e for e in c["errors"])]


@pytest.mark.parametrize("case", SCENES, ids=[c["name"] for c in SCENES])
def test_build_draws_each_block_lint_checks(tmp_path, case):
    """With its answer right, the block lint named is a picture `tiles build` draws."""
    from service.docs.build import SceneJob

    page = tmp_path / "page.mdx"
    page.write_bytes(case["text"].replace("answer: 6s", "answer: 5z").encode("utf-8"))
    jobs, errors = collect([str(page)])
    assert errors == [] and [type(j) for j in jobs] == [SceneJob] * len(case["errors"])


def test_remark_tiles_and_markdown_it_tiles_carry_one_copy_of_the_fence_rule():
    """Each JS package holds the rule Python's `fence_word` is (both suites hold it to
    tests/fixtures/fence_words.json, as tests/test_fence_words.py holds Python): one file, the same in both."""
    plugins = Path(__file__).parents[1] / "docs" / "integrations"
    remark, markdown_it = (plugins / p / "lib" / "fence_words.js" for p in ("remark-tiles", "markdown-it-tiles"))
    assert remark.read_bytes() == markdown_it.read_bytes()
    for plugin in ("remark-tiles", "markdown-it-tiles"):
        assert 'from "./lib/fence_words.js"' in (plugins / plugin / "index.js").read_text("utf-8")
