"""What a `<Tiles>` tag asks for: the one reader of its props.

`tiles lint`, `tiles build` and `tiles batch` (the remark-tiles plugin) all read
a tag here, so they cannot disagree about what ``inline``, ``height``,
``theme`` or ``caption`` mean.

>>> from service.docs_scan import scan_text
>>> read = read_tag(scan_text('<Tiles notation="14s" inline />', "a.mdx")[0])
>>> read.request.options.height, read.request.inline, read.problems
(24, True, [])
>>> [str(p) for p in read_tag(scan_text('<Tiles notation={hand} />', "a.mdx")[0]).problems]
['a.mdx:1:1: warning: notation={...} is not a string literal: it cannot be read before the page runs']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

from .docs_scan import EXPR, TagSyntaxError, TilesTag, iter_tags, line_col, walk_docs
from .notation import ParseError
from .options import OptionError, RenderOptions
from .subject import Subject, read as parse

INLINE_HEIGHT = 24  # CSS px of an inline tile: sits in a line of body text
DEFAULT_THEME = RenderOptions().theme

# Props the component takes; `expect` and `wild` (the analysis' wild kind) are for
# `tiles lint --check-wins` only.
STRING_PROPS = ("notation", "caption", "theme", "format", "expect", "wild")
KNOWN_PROPS = {"notation", "caption", "inline", "height", "theme", "river", "row", "format", "expect", "base",
               "manifest", "wild"}
TAG_FORMATS = ("png", "svg")  # what the component draws: 1x/2x/3x PNGs, or one SVG


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


def read_tag(tag: TilesTag, default_theme: str = DEFAULT_THEME) -> TagRead:
    """Read a tag's props into an `ImageRequest`, with every problem found on the way."""
    out = TagRead(tag)
    props = tag.props
    for name, value in props.items():
        if value is EXPR:
            out.dynamic.append(name)
        elif name not in KNOWN_PROPS:
            out.problems.append(problem_at(tag, f"<Tiles> has no prop {name!r}; it is ignored", warning=True))
    notation = props.get("notation")
    if notation is None:
        out.problems.append(problem_at(tag, "<Tiles> has no notation prop"))
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
    inline = props.get("inline", False)
    if not isinstance(inline, bool) and inline is not EXPR:
        out.problems.append(problem_at(tag, "inline takes no value: write inline, or inline={false}"))
        inline = False
    try:
        options = tag_options(tag, default_theme)
    except OptionError as err:
        prop = err.param if err.param in tag.spans else None
        out.problems.append(problem_at(tag, err.message, 0 if prop else None, prop or "notation"))
        options = None
    try:
        hand = parse(notation, tag_layout(tag))
    except ParseError as err:
        out.problems.append(problem_at(tag, err.message, err.position))
        return out
    out.problems += [problem_at(tag, w.message, w.position, warning=True) for w in hand.warnings]
    if options is not None and not out.errors:
        caption = props.get("caption")
        out.request = ImageRequest(notation, hand, options, caption if isinstance(caption, str) else None,
                                   inline is True, isinstance(props.get("theme"), str))
    return out


def tag_layout(tag: TilesTag) -> str:
    """``"river"`` for `<Tiles river>` (any truthy literal, as in JSX), else ``"hand"``."""
    river = tag.props.get("river")
    return "river" if isinstance(river, (str, int, float)) and river else "hand"


def tag_options(tag: TilesTag, default_theme: str = DEFAULT_THEME) -> RenderOptions:
    """The render options a tag asks for; raises `OptionError`.

    ``height`` wins; else 24 when ``inline``, else the default 38. ``theme``
    wins over the site's default theme. ``river`` and ``row`` pick the river layout.
    ``format="svg"`` asks for one SVG (where ``theme="auto"`` is allowed).
    ``wild="5z"`` names the analysis' wild kind (``tiles lint --check-wins``).
    """
    props = tag.props
    params = {k: str(props[k]) for k in ("height", "theme", "row", "wild")
              if isinstance(props.get(k), (str, int, float)) and not isinstance(props.get(k), bool)}
    params["layout"] = tag_layout(tag)
    if "height" not in params and props.get("inline") is True:
        params["height"] = str(INLINE_HEIGHT)
    params.setdefault("theme", default_theme)
    return RenderOptions.from_query(params, "svg" if props.get("format") == "svg" else "png")


def read_docs(paths: Iterable[str], default_theme: str = DEFAULT_THEME) -> Iterator[TagRead | Problem]:
    """Every tag of every .md/.mdx file under ``paths``, read once, in file order.

    A tag the scanner cannot read comes as a `Problem`. This is the one loop
    `tiles lint` and `tiles build` share.
    """
    for path, text in walk_docs(paths):
        for item in iter_tags(text, str(path)):
            if isinstance(item, TagSyntaxError):
                yield Problem(str(path), *line_col(text, item.offset), item.message)
            else:
                yield read_tag(item, default_theme)
