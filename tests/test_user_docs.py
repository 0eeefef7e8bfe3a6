"""User docs are for users: they name no issue of this project (a fact says what it measured, not
which issue asked). Upstream bugs cited as project#number (next.js#73427) are pointers for readers."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OURS = re.compile(r"\bissues? \d+|(?<![\w.-])#\d+\b", re.I)  # "issue 35", "issues 12", a bare "#35"


def user_pages() -> list[Path]:
    docs = [p for p in (ROOT / "docs").rglob("*.md") if "node_modules" not in p.parts]
    return [ROOT / "README.md", *sorted(docs)]


def test_no_issue_numbers_in_user_docs():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}" for p in user_pages()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if OURS.search(re.sub(r"&#\d+;", "", line))]
    assert found == []


def test_the_pattern_tells_ours_from_upstream():
    assert OURS.search("measured in issue 35") and OURS.search("see #12")
    assert not OURS.search("(next.js#73427)") and not OURS.search("nextra#4989")
