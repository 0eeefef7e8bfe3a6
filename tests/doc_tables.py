"""Read the message tables in docs/notation.md and the message templates in a module,
so tests can hold the docs to what the code says (test_docs_tools, test_river)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
NOTATION_MD = ROOT / "docs" / "notation.md"
_ROW = re.compile(r"^\| `([^`]*)`(?: × (\d+))? \| (\d+) \| (.+) \|$")


def doc_table(name: str) -> list[tuple[str, int, str]]:
    """(notation, position, message) rows between ``<!-- name:start -->`` and ``<!-- name:end -->``."""
    block = NOTATION_MD.read_text().split(f"<!-- {name}:start -->")[1].split(f"<!-- {name}:end -->")[0]
    rows = []
    for line in block.strip().splitlines()[2:]:
        m = _ROW.match(line)
        assert m, f"unreadable row in docs/notation.md: {line}"
        rows.append((m.group(1) * int(m.group(2) or 1), int(m.group(3)), m.group(4)))
    return rows


def table_text(rows) -> str:
    """What the table should say now: printed when a row is out of date."""
    return "\n".join(f"| `{n}` | {p} | {m} |" for n, p, m in rows)


def message_templates(module: str, calls: tuple[str, ...]) -> list[re.Pattern]:
    """The first argument of every call named in ``calls`` in service/<module>.py (``"notation/river"``), as a regex
    (f-string holes match anything)."""
    tree = ast.parse((ROOT / "service" / f"{module}.py").read_text())
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        if getattr(node.func, "attr", getattr(node.func, "id", "")) not in calls:
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Constant):
            out.append(re.compile(re.escape(arg.value)))
        elif isinstance(arg, ast.JoinedStr):
            parts = [re.escape(v.value) if isinstance(v, ast.Constant) else ".+?" for v in arg.values]
            out.append(re.compile("".join(parts)))
    return out
