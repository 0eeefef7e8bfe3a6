"""A page's score context, set once in its front matter for `tiles lint --check-scores`.

A rule book's chapter is one ruleset: instead of ``rules="wrc"`` on every tag, the page says it
in its YAML front matter, with the names of `tiles score`'s options; a tag's own props win::

    ---
    title: Scoring under the WRC rules
    tiles: {rules: wrc, seat: S}
    ---

>>> page_context("---\\ntiles: {rules: WRC, riichi: true}\\n---\\n# Page\\n")
({'rules': 'WRC', 'riichi': 'true'}, ())
>>> page_context("---\\ntiles:\\n  seat: X\\n---\\n")[1]
((3, 9, "seat must be E, S, W or N (the seat wind; E is the dealer), not 'X'"),)
>>> page_context("# No front matter\\n")
({}, ())
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from service.notation.options import OptionError
from service.scoring import OPTIONS, read_context

FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)^(?:---|\.\.\.)[ \t]*$", re.S | re.M)
KEY = "tiles"
PAGE_OPTIONS = tuple(name for name in OPTIONS if name not in ("dora", "ura"))  # indicators are each picture's

Where = tuple[int, int, str]  # 1-based line and column in the page, and the message


@lru_cache(maxsize=64)
def page_context(text: str) -> tuple[dict[str, str], tuple[Where, ...]]:
    """The score options of the page's front matter ``tiles:`` (as written), and what is wrong with
    them (each at its line and column); ``({}, ())`` for a page without any."""
    m = FRONT_MATTER.match(text)
    if not m:
        return {}, ()
    first = text.count("\n", 0, m.start(1))  # the YAML's first line, 0-based in the page
    try:
        root = yaml.compose(m.group(1), Loader=yaml.SafeLoader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        where = (first + mark.line + 1, mark.column + 1) if mark else (first + 1, 1)
        return {}, ((*where, f"the front matter is not YAML: {getattr(err, 'problem', err)}"),)
    if not isinstance(root, yaml.MappingNode):
        return {}, ()
    node = next((v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == KEY), None)
    if node is None:
        return {}, ()

    def at(n: yaml.Node, message: str) -> Where:
        return first + n.start_mark.line + 1, n.start_mark.column + 1, message

    if not isinstance(node, yaml.MappingNode):
        return {}, (at(node, f"{KEY}: in the front matter is a mapping of score options, like {{rules: wrc}}"),)
    options: dict[str, str] = {}
    nodes: dict[str, yaml.Node] = {}
    problems: list[Where] = []
    for k, v in node.value:
        name = str(k.value).replace("-", "_") if isinstance(k, yaml.ScalarNode) else ""
        if name not in PAGE_OPTIONS:
            problems.append(at(k, f"{KEY}: sets the page's score context; {k.value!r} is none of its options "
                                  f"({', '.join(PAGE_OPTIONS)})"))
        elif not isinstance(v, yaml.ScalarNode):
            problems.append(at(v, f"{name} is one value, like {name}: ..."))
        else:
            options[name] = "on" if v.tag.endswith(":null") else v.value
            nodes[name] = v
    while options:  # each bad value at its place; the good ones stand
        try:
            read_context(options)
            break
        except OptionError as err:
            bad = err.param if err.param in options else next(iter(options))
            problems.append(at(nodes[bad], err.message))
            del options[bad]
    return options, tuple(problems)
