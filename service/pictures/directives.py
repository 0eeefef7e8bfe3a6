"""MyST's ```` ```{tiles} NOTATION ```` directive as `tiles lint` and `tiles build` read it: the tag Sphinx draws.

The fence's line holds the notation after ``{tiles}``, the body's first lines its options
(``:dora: 3m``), as `service.docs.sphinx_ext.TilesDirective` reads them; each value is placed at
its characters in the page, so a typo is told at ``file:line:col`` with the message Sphinx gives.

>>> page = "# Hands\\n\\n```{tiles} 12q\\n:dora: 3m\\n:dorra: 1z\\n```\\n"
>>> [t.props if isinstance(t, TilesTag) else str(t)[:46] for t in directive_tags(page, "a.md")]
[{'notation': '12q', 'dora': '3m'}, "a.md:5:2: 'tiles': Unknown option key: 'dorra'"]
"""

from __future__ import annotations

import re

from service.scoring.rules import OPTIONS as SCORE_OPTIONS

from .fences import Fence, fences
from .scan import TilesTag
from .tag_props import Problem

# TilesDirective's options (`service.docs.sphinx_ext`): the tag's props, the score card's and its context's
OPTIONS = tuple(sorted({"caption", "dialect", "dora", "efficiency", "format", "height", "index", "lang", "river", "row", "rows",
                        "theme", "ura", "visible", "score", *SCORE_OPTIONS}))
_OPENS = re.compile(r"[ \t]*\{tiles\}(?=[ \t]|$)")
_OPTION = re.compile(r"[ \t]*:([\w-]+):[ \t]*(.*)")  # as `service.docs.sphinx_ext` reads an option line; blanks cut in code: linear
_TRUE, _FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")


def directive_tags(text: str, path: str = "", fenced: list[Fence] | None = None) -> list[TilesTag | Problem]:
    """The tag of each ```` ```{tiles} ```` directive of a page (``fenced``: its fences, if found already),
    and the problems Sphinx would tell of it."""
    out: list[TilesTag | Problem] = []
    for fence in fences(text) if fenced is None else fenced:
        opens = _OPENS.match(fence.info)
        if opens is not None:
            out += _directive(fence, opens.end(), text, path)
    return out


def _directive(fence: Fence, after: int, text: str, path: str) -> list[TilesTag | Problem]:
    line_start = fence.start - fence.col
    notation = fence.info[after:].strip()
    if not notation:
        return [Problem(path, fence.open_line + 1, fence.col + 1,
                        "Directive 'tiles': 1 argument(s) required, 0 supplied")]
    at = line_start + fence.info_col + fence.info.index(notation, after)
    tag = TilesTag(path, text, at, end=fence.end, props={"notation": notation},
                   spans={"notation": list(range(at, at + len(notation)))})
    problems: list[TilesTag | Problem] = []
    for k, (line, start) in enumerate(zip(fence.body, fence.body_starts)):
        m = _OPTION.match(line)
        if m is None:
            break
        name, value = m.group(1), m.group(2).rstrip(" \t")
        where = (fence.open_line + 2 + k, fence.shifts[k] + m.start(1) + 1)  # 1-based: the option's name
        if name not in OPTIONS:
            problems.append(Problem(path, *where, f"'tiles': Unknown option key: {name!r} (allowed: {list(OPTIONS)})"))
        elif name in ("river", "index", "efficiency"):  # flags: alone, or a truth value (`sphinx_ext.flag_or_bool`)
            word = (value or "true").lower()
            if word not in _TRUE + _FALSE:
                problems.append(Problem(path, *where, f"'tiles': Invalid option value for {name!r}: {value}: give it "
                                                      f"alone, or true or false, not {value!r}"))
            else:
                tag.props[name] = word in _TRUE
        else:
            tag.props[name] = value
            tag.spans[name] = list(range(start + m.start(2), start + m.start(2) + len(value)))
    return [tag, *problems]
