"""What a `<Tiles>` tag asks for: the one reader of its props.

`tiles lint`, `tiles build` and `tiles batch` (the remark-tiles plugin) all read
a tag here, so they cannot disagree about what ``inline``, ``height``,
``theme`` or ``caption`` mean.

>>> from service.pictures.scan import scan_text
>>> read = read_tag(scan_text('<Tiles notation="14s" inline />', "a.mdx")[0])
>>> read.request.options.height, read.request.inline, read.problems
(24, True, [])
>>> [str(p) for p in read_tag(scan_text('<Tiles notation={hand} />', "a.mdx")[0]).problems]
['a.mdx:1:1: warning: notation={...} is not a string literal: it cannot be read before the page runs']
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from service.notation.grammar import ParseError
from service.notation.options import OptionError, RenderOptions, parse_dialect
from service.notation.subject import Subject, layout_of
from service.notation.subject import read as parse
from service.notation.views import warnings
from service.scoring.rules import OPTIONS as SCORE_OPTIONS
from service.scoring.rules import score_text

from .scan import EXPR, TilesTag

INLINE_HEIGHT = 24  # CSS px of an inline tile: sits in a line of body text
DEFAULT_THEME = RenderOptions().theme
DEFAULT_LANG = RenderOptions().lang
DEFAULT_INDEX = RenderOptions().index

# Props the component takes; `expect` and `wild` (the analysis' wild kind) are for
# `tiles lint --check-wins` only.
STRING_PROPS = ("notation", "caption", "theme", "format", "expect", "dora", "ura", "lang", "wild", "dialect", "visible")
KNOWN_PROPS = {"notation", "caption", "inline", "height", "theme", "river", "row", "format", "expect", "base",
               "manifest", "dora", "ura", "lang", "index", "wild",
               "dialect",  # the notation is another tool's (service.notation.dialects)
               "efficiency", "rows", "visible",  # the acceptance table (layout=efficiency), its first rows, tiles seen
               "score", *SCORE_OPTIONS}  # the context of a score, for `tiles lint --check-scores`
FLAG_PROPS = ("inline", "index", "efficiency")  # written bare (``index``) or as {true} / {false}
TAG_FORMATS = ("png", "svg")  # what the component draws: 1x/2x/3x PNGs, or one SVG
NUMBER_PROPS = ("height", "row", "rows")  # read as Tiles.js reads them: Number(value)
# JavaScript's white space and line terminators, which Number() trims
_JS_SPACE = "\t\n\v\f\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a" \
            "\u2028\u2029\u202f\u205f\u3000\ufeff"
_JS_NUMBER = re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"
                        r"|0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+")


@dataclass(frozen=True)
class Problem:
    """A message about a tag, placed at ``file:line:col``."""

    path: str
    line: int
    col: int
    message: str
    warning: bool = False

    def __str__(self) -> str:
        kind = "warning: " if self.warning else ""
        return f"{self.path}:{self.line}:{self.col}: {kind}{self.message}"


def in_page_order(problems: list[Problem], files: list[str]) -> list[Problem]:
    """``problems`` by file (in the order of ``files``), then line and column: tags', fences' and
    scene blocks' problems together, as a reader meets them.

    >>> [str(p) for p in in_page_order([Problem("b.md", 1, 1, "x"), Problem("a.md", 9, 1, "y"),
    ...                                 Problem("a.md", 2, 5, "z")], ["a.md", "b.md"])]
    ['a.md:2:5: z', 'a.md:9:1: y', 'b.md:1:1: x']
    """
    rank = {path: k for k, path in enumerate(files)}
    return sorted(problems, key=lambda p: (rank.get(p.path, len(rank)), p.line, p.col))


@dataclass(frozen=True)
class ImageRequest:
    """One picture a tag asks for: the parsed hand and how to draw it."""

    notation: str
    hand: Subject  # a Hand, or a River for <Tiles river>
    options: RenderOptions
    caption: str | None = None
    inline: bool = False
    theme_given: bool = False  # the tag names its theme, so no light/dark pair

    def themed(self, theme: str) -> ImageRequest:
        return replace(self, options=replace(self.options, theme=theme))


@dataclass
class TagRead:
    """A tag read once: its request (None when it cannot be drawn) and its problems."""

    tag: TilesTag
    request: ImageRequest | None = None
    problems: list[Problem] = field(default_factory=list)
    dynamic: list[str] = field(default_factory=list)  # props written as {expressions}

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if not p.warning]


def problem_at(tag: TilesTag, message: str, index: int | None = None, prop: str = "notation",
               warning: bool = False) -> Problem:
    """A problem at character ``index`` of a prop's value (or at the tag when unknown)."""
    line, col = tag.where(index, prop)
    return Problem(tag.path, line, col, message, warning)


def read_tag(tag: TilesTag, default_theme: str = DEFAULT_THEME, default_lang: str = DEFAULT_LANG,
             default_index: bool = DEFAULT_INDEX, default_dialect: str | None = None, tables: bool = True) -> TagRead:
    """Read a tag's props into an `ImageRequest`, with every problem found on the way; ``default_theme``,
    ``default_lang``, ``default_index`` and ``default_dialect`` are the site's, for a tag without its
    own ``theme``, ``lang``, ``index`` or ``dialect``. ``tables=False``: the props only, an acceptance
    table not made (a fence's props, read on a stand-in line).

    >>> from service.pictures.scan import scan_text
    >>> [str(p) for p in read_tag(scan_text('<Tiles notation="1m" index="yes" />', "a.mdx")[0]).problems]
    ['a.mdx:1:1: index takes no value: write index, or index={false}']
    >>> read_tag(scan_text('<Tiles notation="12m_8z" dialect="riichi-hand-rs" />', "a.mdx")[0]).problems[0].col
    22
    >>> read_tag(scan_text('<Tiles notation="123m_4*56p" />', "a.mdx")[0], default_dialect="chombo-gen").request.hand.canonical()
    '123m+-456p'
    """
    out = TagRead(tag)
    props = tag.props
    for name, value in props.items():
        if value is EXPR:
            out.dynamic.append(name)
        elif name not in KNOWN_PROPS:
            out.problems.append(problem_at(tag, f"<{tag.name}> has no prop {name!r}; it is ignored", warning=True))
    notation = props.get("notation")
    if notation is None:
        out.problems.append(problem_at(tag, f"<{tag.name}> has no notation prop"))
        return out
    if notation is EXPR or not isinstance(notation, str):
        out.problems.append(problem_at(
            tag, "notation={...} is not a string literal: it cannot be read before the page runs", 0, warning=True))
        return out
    for name in STRING_PROPS:
        if name in props and props[name] is not EXPR and not isinstance(props[name], str):
            out.problems.append(problem_at(tag, f"{name} must be a string, like {name}=\"...\"", None))
    fmt = props.get("format")
    if isinstance(fmt, str) and fmt not in TAG_FORMATS:
        out.problems.append(problem_at(tag, f"format must be png or svg, not {fmt[:16]!r}", 0, "format"))
    for name in FLAG_PROPS:
        if name in props and not isinstance(props[name], bool) and props[name] is not EXPR:
            out.problems.append(problem_at(tag, f"{name} takes no value: write {name}, or {name}={{false}}"))
    inline = props.get("inline", False) is True
    try:
        dialect = tag_dialect(tag, default_dialect)
    except OptionError as err:  # without its dialect the notation cannot be read
        out.problems.append(problem_at(tag, err.message, 0 if "dialect" in tag.spans else None,
                                       "dialect" if "dialect" in tag.spans else "notation"))
        return out
    try:
        options = tag_options(tag, default_theme, default_lang, default_index, dialect)
    except OptionError as err:
        prop = err.param if err.param in tag.spans else None
        at = (err.position or 0) if prop else None  # dora/ura: the spot in the prop's tile text
        out.problems.append(problem_at(tag, err.message, at, prop or "notation"))
        options = None
    try:
        hand = parse(notation, tag_layout(tag), dialect)
    except ParseError as err:
        out.problems.append(problem_at(tag, err.message, err.position))
        return out
    out.problems += [problem_at(tag, w.message, w.position, warning=True) for w in warnings(hand, dialect)]
    if options is not None and options.score and not out.errors:  # a card's context must fit its hand
        out.problems += _card_problems(tag, hand, options)
    if tables and options is not None and options.layout == "efficiency" and not out.errors:  # a hand with a table
        out.problems += _table_problems(tag, hand, options)
    if options is not None and not out.errors:
        caption = props.get("caption")
        out.request = ImageRequest(notation, hand, options, caption if isinstance(caption, str) else None,
                                   inline, isinstance(props.get("theme"), str))
    return out


def tag_layout(tag: TilesTag) -> str:
    """``"river"`` for `<Tiles river>` (any truthy literal, as in JSX), ``"efficiency"`` for
    `<Tiles efficiency>` (the acceptance table), else ``"hand"``."""
    river = tag.props.get("river")
    if isinstance(river, (str, int, float)) and river:
        return "river"
    return "efficiency" if tag.props.get("efficiency") is True else "hand"


def tag_dialect(tag: TilesTag, default_dialect: str | None = None) -> str | None:
    """The dialect a tag's notation is written in: its ``dialect`` prop, else the site's (an empty
    prop is no prop); None for ours. Raises `OptionError` for a name that is none.

    >>> from service.pictures.scan import scan_text
    >>> tag_dialect(scan_text('<Tiles notation="1m" dialect="handy-dora" />')[0]), tag_dialect(scan_text('<Tiles notation="1m" />')[0], "mahgen")
    ('riichi-hand-rs', 'mahgen')
    """
    given = tag.props.get("dialect")
    name = given if isinstance(given, str) and given else default_dialect
    return parse_dialect(name) if name else None


def tag_options(tag: TilesTag, default_theme: str = DEFAULT_THEME, default_lang: str = DEFAULT_LANG,
                default_index: bool = DEFAULT_INDEX, default_dialect: str | None = None) -> RenderOptions:
    """The render options a tag asks for; raises `OptionError`.

    ``height`` wins; else 24 when ``inline``, else the default 38. ``theme``
    wins over the site's default theme. ``river`` and ``row`` pick the river layout; ``efficiency``
    the hand's acceptance table, ``rows`` its first rows, ``visible`` the tiles seen elsewhere. ``format="svg"`` asks for one SVG (where
    ``theme="auto"`` is allowed). ``dora``/``ura``
    draw indicator strips labelled in ``lang``, the language of the alt text too; ``lang`` wins
    over the site's ``default_lang``. ``index`` (or ``index={false}``) puts corner indices on the
    faces (or not), over the site's ``default_index``. ``wild="5z"`` names the analysis' wild kind
    (``tiles lint --check-wins``).

    >>> from service.pictures.scan import scan_text
    >>> [tag_options(scan_text(t)[0], default_index=True).index for t in ('<Tiles notation="1m" />',
    ...  '<Tiles notation="1m" index={false} />')]
    [True, False]
    """
    props = tag.props
    params = {k: number_param(props[k]) for k in NUMBER_PROPS if k in props and props[k] is not EXPR}
    for k in ("theme", "dora", "ura", "lang", "wild", "visible"):
        if isinstance(props.get(k), str):
            params[k] = props[k]
    params["layout"] = tag_layout(tag)
    if (dialect := tag_dialect(tag, default_dialect)) is not None:
        params["dialect"] = dialect
    if "height" not in params and props.get("inline") is True:
        params["height"] = str(INLINE_HEIGHT)
    params.setdefault("theme", default_theme)
    if not params.get("lang"):  # an empty prop is no prop, as in the URL query
        params["lang"] = default_lang
    index = props.get("index", default_index)
    params["index"] = "1" if (index if isinstance(index, bool) else default_index) else "0"
    options = _options(tuple(params.items()), "svg" if props.get("format") == "svg" else "png")
    if props.get("score", False) is not False:  # ``score``: the score card, in the context of the other props
        given = {name: _score_prop(props[name]) for name in ("score", *SCORE_OPTIONS)
                 if name in props and props[name] is not EXPR and name not in ("dora", "ura")}
        options = replace(options, score=score_text(given))
    return options


def _card_problems(tag: TilesTag, hand: Subject, options: RenderOptions) -> list[Problem]:
    """Why the tag's score card cannot be drawn (a river; haitei on a ron), at the prop to change; [] when it can."""
    from service.layout.score_layout import card_score

    if layout_of(hand) != "hand":
        return [problem_at(tag, "score is for hands; a river has no score", None, "score")]
    try:
        card_score(hand, options)
    except OptionError as err:
        prop = err.param if err.param in tag.spans else "notation"
        return [problem_at(tag, err.message, 0 if prop in tag.spans else None, prop)]
    return []


def _table_problems(tag: TilesTag, hand: Subject, options: RenderOptions) -> list[Problem]:
    """Why the tag's acceptance table cannot be drawn (not 13 or 14 tiles, a joker), at its place in
    the notation; [] when it can."""
    from service.layout.arrange import arrange

    try:
        arrange(hand, options)
    except ParseError as err:
        return [problem_at(tag, err.message, err.position)]
    return []


def _score_prop(value) -> str:
    """A score prop as the URL writes it: ``riichi`` (bare) and ``{true}`` are ``1``, ``honba={2}`` is ``2``."""
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


@lru_cache(maxsize=1024)
def _options(params: tuple[tuple[str, str], ...], fmt: str) -> RenderOptions:
    """`RenderOptions.from_query`, checked once per set of props (a page's tags mostly share them):
    the options are immutable, so tags asking alike share one."""
    return RenderOptions.from_query(dict(params), fmt)


def js_number(text: str) -> float:
    """JavaScript's ``Number(text)``: how `<Tiles>` reads ``height="38"`` (NaN when not a number).

    >>> js_number(" 38.0 "), js_number("0x26"), js_number(""), js_number("38px")
    (38.0, 38.0, 0.0, nan)
    """
    s = text.strip(_JS_SPACE)
    if not s:
        return 0.0
    if not _JS_NUMBER.fullmatch(s):
        return math.nan
    return float(int(s, 0)) if s[:2].lower() in ("0x", "0o", "0b") else float(s)


def number_param(value) -> str:
    """A number prop as the query the service reads: the component's ``Number(value)``, whole.

    ``height={38.0}``, ``height="38.0"`` and ``height="38"`` are all ``"38"``; a value
    that is not a whole number stays as written, for the option's error to show.

    >>> number_param(38.0), number_param(" 38 "), number_param("38.5"), number_param(True)
    ('38', '38', '38.5', '1')
    """
    n = js_number(value) if isinstance(value, str) else float(value)
    if math.isfinite(n) and n == int(n):
        return str(int(n))
    return value if isinstance(value, str) else repr(value)
