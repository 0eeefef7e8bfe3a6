"""`tiles lint DIR`: check every `<Tiles>` notation in Markdown/MDX before a reader sees it.

Prints ``file:line:col: message`` (column = the bad character inside the
notation) and ``file:line:col: warning: message``; exits 1 if any error.

>>> from service.docs_scan import scan_text
>>> [str(p) for p in check_tag(scan_text('<Tiles notation="12a" />', "x.mdx")[0])]
["x.mdx:1:20: 'a' is not a suit letter (use m, p, s or z)"]
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from .docs_scan import EXPR, TagSyntaxError, TilesTag, doc_files, iter_tags, line_col
from .notation import ParseError
from .options import OptionError, RenderOptions
from .subject import layout_of, read

# Caption words that claim the pictured hand wins.
WIN_WORDS = re.compile(r"\b(winning|wins? on|wins? with|agari|tsumo|ron)\b", re.IGNORECASE)
EXPECTS = ("win", "tenpai")
ANALYSIS_FAILED = "the hand analysis failed (a bug in tiles; its traceback is on stderr)"


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    col: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        kind = "warning: " if self.warning else ""
        return f"{self.path}:{self.line}:{self.col}: {kind}{self.message}"


def _at(tag: TilesTag, message: str, index: int | None = None, prop: str = "notation", warning=False) -> Problem:
    line, col = tag.where(index, prop)
    return Problem(tag.path, line, col, message, warning)


def tag_layout(tag: TilesTag) -> str:
    """``"river"`` for `<Tiles river>` (any truthy literal, as in JSX), else ``"hand"``."""
    river = tag.props.get("river")
    return "river" if isinstance(river, (str, int, float)) and river else "hand"


def tag_options(tag: TilesTag) -> RenderOptions:
    """The render options a tag asks for (`height`, `theme`, `river`, `row`); raises `OptionError`."""
    params = {k: str(tag.props[k]) for k in ("height", "theme", "row") if isinstance(tag.props.get(k), (str, int))}
    params["layout"] = tag_layout(tag)
    return RenderOptions.from_query(params)


def check_tag(tag: TilesTag, check_wins: bool = False) -> list[Problem]:
    """Errors and warnings for one tag."""
    notation = tag.props.get("notation")
    if notation is None:
        return [_at(tag, "<Tiles> has no notation prop")]
    if notation is EXPR or not isinstance(notation, str):
        return [_at(tag, "notation is not a string literal; it cannot be checked", 0, warning=True)]
    out = []
    try:
        tag_options(tag)
    except OptionError as err:
        prop = err.param if err.param in tag.spans else None
        out.append(_at(tag, err.message, 0 if prop else None, prop or "notation"))
    try:
        hand = read(notation, tag_layout(tag))
    except ParseError as err:
        return out + [_at(tag, err.message, err.position)]
    out += [_at(tag, w.message, w.position, warning=True) for w in hand.warnings]
    if check_wins and layout_of(hand) == "hand":  # a river claims no win
        out += check_claim(tag, hand)
    return out


def claim(tag: TilesTag) -> tuple[str | None, str]:
    """What a tag says about its hand: ("win" | "tenpai" | None, the prop that says it)."""
    expect = tag.props.get("expect")
    if isinstance(expect, str):
        return expect, "expect"
    caption = tag.props.get("caption")
    if isinstance(caption, str) and WIN_WORDS.search(caption):
        return "win", "caption"
    return None, ""


def check_claim(tag: TilesTag, hand) -> list[Problem]:
    """Compare a claimed win or tenpai with `service.analysis.analyse`."""
    what, prop = claim(tag)
    if what is None:
        return []
    if what not in EXPECTS:
        return [_at(tag, f"expect must be one of {', '.join(EXPECTS)}, not {what!r}", 0, prop)]
    from .analysis import analyse_safely

    failed: list[bool] = []
    result = analyse_safely(hand, lambda: failed.append(True))  # a bug is logged, not fatal
    if failed:
        return [_at(tag, f"cannot check the claim: {ANALYSIS_FAILED}", 0, prop, warning=True)]
    said = f'expect="{what}"' if prop == "expect" else "the caption says it wins"
    if what == "win" and not result.complete:
        return [_at(tag, f"{said}, but the hand is not complete (shanten {result.shanten})", 0, prop)]
    if what == "tenpai" and not result.waits:
        state = "already complete" if result.complete else f"not tenpai (shanten {result.shanten})"
        return [_at(tag, f"{said}, but the hand is {state}", 0, prop)]
    return []


def lint_paths(paths: Iterable[str], check_wins: bool = False) -> list[Problem]:
    """Every problem in every .md/.mdx file under the given paths, in file order."""
    out: list[Problem] = []
    for root in paths:
        for path in doc_files(root):
            text = path.read_text(encoding="utf-8-sig", errors="replace")
            for item in iter_tags(text, str(path)):
                if isinstance(item, TagSyntaxError):
                    line, col = line_col(text, item.offset)
                    out.append(Problem(str(path), line, col, item.message))
                else:
                    out += check_tag(item, check_wins)
    return out


def missing_paths(paths) -> list[str]:
    """Arguments that name nothing: reported instead of silently linting zero files."""
    return [p for p in paths if not Path(p).exists()]


def cmd_lint(args) -> int:
    if missing := missing_paths(args.paths):
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    problems = lint_paths(args.paths, args.check_wins)
    for p in problems:
        print(p)
    errors = sum(not p.warning for p in problems)
    warnings = len(problems) - errors
    print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if errors else 0


def register(sub) -> None:
    """Add `tiles lint` to the CLI's subparsers."""
    p = sub.add_parser("lint", help="check <Tiles> notations in .md/.mdx files")
    p.add_argument("paths", nargs="+", metavar="DIR", help="docs folders or files")
    p.add_argument("--check-wins", action="store_true",
                   help="check captions that claim a win and expect= props against the hand analysis")
    p.set_defaults(func=cmd_lint)
