"""Issue 42 items 7 and 8: one rule for a fence's info string (service/pictures/fence_words.py).

tests/fixtures/fence_words.json is the table of cases; remark-tiles and markdown-it-tiles hold their
copies of the rule to it in their own node:test suites (test/fence_words.test.js). Here: the Python
rule, what lint, build and the Markdown extension make of the fences it names, that its time grows
with the length of the string (not its square), and the cap POST /batch and `tiles batch` put on it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from service.docs.lint import lint_paths
from service.pictures.fence_words import MAX_INFO, fence_word
from service.pictures.pages import tiles_info
from service.pictures.scene_blocks import scene_info

TABLE = json.loads((Path(__file__).parent / "fixtures" / "fence_words.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", TABLE, ids=[repr(c["info"]) for c in TABLE])
def test_each_info_string_opens_what_the_table_says(case):
    read = fence_word(case["info"])
    assert (read._asdict() if read else None) == case["opens"]
    word = case["opens"] and case["opens"]["word"]
    assert tiles_info(case["info"]) == (case["opens"]["options"] if word == "tiles" else None)
    assert scene_info(case["info"]) == ((case["opens"]["options"], case["opens"]["at"]) if word == "tiles-scene" else None)


def test_our_own_myst_syntax_and_other_code_pass_lint(tmp_path):
    """```{tiles} 123m is the Sphinx directive's, and ```tiles-foo, ```tiles.js are someone's code."""
    page = tmp_path / "page.md"
    page.write_text("```{tiles} 123m\n:river:\n```\n\n```tiles-foo\nnot a hand\n```\n\n```tiles.js\nx = 1\n```\n\n"
                    "```{.tiles river\n1q\n```\n\n```tiles\n1q\n```\n")
    assert [(p.line, p.message) for p in lint_paths([str(page)])] == [(18, "'q' is not a suit letter (use m, p, s or z)")]


def test_the_markdown_extension_shows_other_words_as_code():
    markdown = pytest.importorskip("markdown")
    html = markdown.markdown("```tiles.js\nlet x;\n```\n\n```tiles-foo\n1m\n```\n", extensions=["tiles", "fenced_code"])
    assert "let x;" in html and "<svg" not in html


# the long strings of the issue (40,000 spaces) and longer: a rule that backtracks takes the square of
# their length in steps (1e12 here), one that reads them once a few million
LONG = 1_000_000
HOSTILE = ["tiles x" + " " * LONG + "x", "tiles-scene x" + " " * LONG + "x", "{tiles" + " " * LONG + "x",
           "{.tiles-scene" + " " * LONG + "x", "tiles-scene {" + " " * LONG + "x", " " * LONG + "tiles",
           "tiles " + "{" * LONG, "{" + " " * LONG, "tiles" + "\t " * LONG + "}"]


def test_the_rule_reads_a_long_string_in_time_that_grows_with_its_length():
    """Issue 42 item 7: `(.*?)\\s*$` took 13.5 s on 40,000 spaces, and four times as long on twice as many.

    Each hostile string, a million characters long, is read in a process allowed 20 s of CPU: enough
    for a million steps many times over, and for a millionth of a backtracking rule's 1e12.
    """
    script = f"""
import resource
resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
from service.pictures.pages import tiles_info
from service.pictures.scene_blocks import meta_options, scene_info
from tests.test_fence_words import HOSTILE
for info in HOSTILE:
    tiles_info(info), scene_info(info), meta_options(info)
print("read", len(HOSTILE))
"""
    run = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).parents[1], capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0 and run.stdout.strip() == f"read {len(HOSTILE)}", run.stderr[-2000:]


def test_a_batch_request_with_a_longer_info_string_than_the_cap_is_refused():
    from service.http import create_app
    from service.pictures.batch import Batch

    client = create_app().test_client()
    long = "tiles x" + " " * MAX_INFO + "x"
    r = client.post("/batch", json={"fenceLine": "1m", "info": long, "themes": ["light"]})
    assert r.status_code == 400 and f"'info' is at most {MAX_INFO} characters" in r.json["error"]["message"]
    r = client.post("/batch", json={"scene": "problem: {}\n", "meta": " " * MAX_INFO + "x", "themes": ["light"]})
    assert r.status_code == 400 and f"'meta' is at most {MAX_INFO} characters" in r.json["error"]["message"]
    assert Batch(None).answer({"id": 1, "fenceLine": "1m", "info": long})["fatal"].startswith("'info' is at most")
    fine = client.post("/batch", json={"fenceLine": "1m", "info": "tiles" + " " * (MAX_INFO - 10) + "river",
                                       "themes": ["light"]})
    assert fine.status_code == 200 and fine.json["river"] is True
