"""`tiles lint DIR`: check every `<Tiles>` notation (and ```tiles-scene block) in Markdown/MDX before a reader sees it.

Prints ``file:line:col: message`` (column = the bad character inside the
notation) and ``file:line:col: warning: message``; exits 1 if any error.

>>> from service.pictures.scan import scan_text
>>> [str(p) for p in check_tag(scan_text('<Tiles notation="12a" />', "x.mdx")[0])]
["x.mdx:1:20: 'a' is not a suit letter (use m, p, s or z)"]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterable

from service.docs.claims import check_counts
from service.notation.subject import layout_of
from service.pictures.scan import TilesTag
from service.pictures.scene_blocks import check_docs
from service.pictures.pages import read_docs
from service.pictures.scan import doc_files
from service.pictures.tag_props import Problem, TagRead, in_page_order, problem_at, read_tag

# Caption words that claim the pictured hand wins.
WIN_WORDS = re.compile(r"\b(winning|wins? on|wins? with|agari|tsumo|ron)\b", re.IGNORECASE)
EXPECTS = ("win", "tenpai")
ANALYSIS_FAILED = "the hand analysis failed (a bug in tiles; its traceback is on stderr)"


def check_tag(tag: TilesTag, check_wins: bool = False, check_scores: bool = False) -> list[Problem]:
    """Errors and warnings for one tag."""
    return check_read(read_tag(tag), check_wins, check_scores)


def check_read(read: TagRead, check_wins: bool = False, check_scores: bool = False,
               check_efficiency: bool = False) -> list[Problem]:
    """The reader's problems, plus the claim checks when asked and the hand is drawable."""
    problems = read.problems
    if read.request is not None and layout_of(read.request.hand) == "hand":  # a river claims no win
        if check_wins:
            problems = problems + check_claim(read.tag, read.request.hand, read.request.options.wild)
        if check_efficiency:
            problems = problems + check_counts(read.tag, read.request.hand)
    if check_scores:
        from .score_claims import check_scores as scores  # the mahjong package loads only when asked

        problems = problems + scores(read)
    return problems


def claim(tag: TilesTag) -> tuple[str | None, str]:
    """What a tag says about its hand: ("win" | "tenpai" | None, the prop that says it)."""
    expect = tag.props.get("expect")
    if isinstance(expect, str):
        return expect, "expect"
    caption = tag.props.get("caption")
    if isinstance(caption, str) and WIN_WORDS.search(caption):
        return "win", "caption"
    return None, ""


def check_claim(tag: TilesTag, hand, wild: str | None = None) -> list[Problem]:
    """Compare a claimed win or tenpai with `service.analysis.analyse` (``wild``: the tag's wild kind).
    The tiles are judged, not how they are written: a winning tile after a ``+`` is one of them.

    >>> from service.pictures.scan import scan_text
    >>> [[p.message for p in check_tag(scan_text(f'<Tiles notation="{n}" expect="tenpai" />')[0], True)]
    ...  for n in ("1112345678999m5m", "1112345678999m+5m", "1112345678999m")]
    [['expect="tenpai", but the hand is already complete'], ['expect="tenpai", but the hand is already complete'], []]
    """
    what, prop = claim(tag)
    if what is None:
        return []
    if what not in EXPECTS:
        return [problem_at(tag, f"expect must be one of {', '.join(EXPECTS)}, not {what!r}", 0, prop)]
    from service.analysis import analyse_safely

    failed: list[bool] = []
    result = analyse_safely(hand, lambda: failed.append(True), wild)  # a bug is logged, not fatal
    if failed:
        return [problem_at(tag, f"cannot check the claim: {ANALYSIS_FAILED}", 0, prop, warning=True)]
    said = f'expect="{what}"' if prop == "expect" else "the caption says it wins"
    if what == "win" and not result.complete:
        return [problem_at(tag, f"{said}, but the hand is not complete ({_why(result)})", 0, prop)]
    # a hand showing its winning tile holds the tile it won on: it is judged as its tiles are, as
    # the same tiles without the '+' are (its waits, those before the tile came, claim no tenpai)
    won = any(g.kind == "winning" for g in hand.groups)
    if what == "tenpai" and (won or not result.waits):
        state = "already complete" if result.complete else f"not tenpai ({_why(result)})"
        return [problem_at(tag, f"{said}, but the hand is {state}", 0, prop)]
    return []


def _why(result) -> str:
    """``shanten 2``, or the reason the analysis gave for having no shanten.

    >>> from types import SimpleNamespace as R
    >>> _why(R(shanten=None, warnings=("12 concealed tiles with 1 meld: at most 11 fit in a hand",)))
    '12 concealed tiles with 1 meld: at most 11 fit in a hand'
    """
    if result.shanten is not None:
        return f"shanten {result.shanten}"
    return "; ".join(getattr(result, "warnings", ())) or "the analysis gave no shanten"


def lint_paths(paths: Iterable[str], check_wins: bool = False, check_scores: bool = False,
               check_efficiency: bool = False, dialect: str | None = None) -> list[Problem]:
    """Every problem in every .md/.mdx file under the given paths, in file order, then line order;
    ``dialect``: the site's, for tags and fences without a ``dialect`` of their own."""
    out: list[Problem] = []
    paths = list(paths)
    for item in read_docs(paths, default_dialect=dialect):
        out += [item] if isinstance(item, Problem) else check_read(item, check_wins, check_scores, check_efficiency)
    if check_scores:
        out += front_matter_problems(doc_paths(paths))
    return in_page_order(out + check_docs(paths), doc_paths(paths))  # the ```tiles-scene blocks' among them


def front_matter_problems(files: Iterable[str]) -> list[Problem]:
    """What is wrong with each page's front matter ``tiles:`` score context (`page_context`), once a page."""
    from .page_context import page_context

    out = []
    for name in files:
        try:
            text = Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # read_docs says why already
        out += [Problem(name, line, col, message) for line, col, message in page_context(text)[1]]
    return out


def doc_paths(paths) -> list[str]:
    """The .md/.mdx files under ``paths``, as problems name them, in the order they are read."""
    return [str(f) for root in paths for f in doc_files(root)]


def missing_paths(paths) -> list[str]:
    """Arguments that name nothing: reported instead of silently linting zero files."""
    return [p for p in paths if not Path(p).exists()]


def cmd_lint(args) -> int:
    if missing := missing_paths(args.paths):
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    problems = lint_paths(args.paths, args.check_wins, args.check_scores, args.check_efficiency, args.dialect)
    for p in problems:
        print(p)
    errors = sum(not p.warning for p in problems)
    warnings = len(problems) - errors
    print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if errors else 0


def register(sub) -> None:
    """Add `tiles lint` to the CLI's subparsers."""
    p = sub.add_parser("lint", help="check <Tiles> notations in .md/.mdx files, and the tiles calls of .typ and .tex documents")
    p.add_argument("paths", nargs="+", metavar="DIR", help="docs folders or files")
    p.add_argument("--check-wins", action="store_true",
                   help="check captions that claim a win and expect= props against the hand analysis")
    p.add_argument("--check-scores", action="store_true",
                   help="check captions that claim a score (3 han 40 fu, mangan, 7,700) against tiles score")
    p.add_argument("--check-efficiency", action="store_true",
                   help='check counts a caption or the text after a tag claims ("6 kinds 20 tiles", "discard 9p", '
                        '"6種20枚") against the acceptance table')
    dialect_arg(p)
    p.set_defaults(func=cmd_lint)


def dialect_arg(p) -> None:
    """``--dialect``: the site's notation is another tool's, for tags and fences without a ``dialect``."""
    from service.notation.dialects import ALIASES, DIALECTS
    from service.notation.options import option_type

    p.add_argument("--dialect", type=option_type("dialect"), default=None, metavar="DIALECT",
                   help=f"the site's notation, for tags and tiles fences without a dialect prop: "
                        f"{', '.join(DIALECTS)} (or {', '.join(ALIASES)}); default: ours")
