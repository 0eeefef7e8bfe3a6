"""```` ```tiles-scene ```` blocks in Markdown/MDX: found, read and checked like `<Tiles>` tags.

A block's body is a scene in YAML (docs/scenes.md). A bad field is a `Problem` at the
block's ``file:line:col`` with the field's path, so `tiles lint` and `tiles build` stop on it.
The fence's info string may give the block's options after the word, ``name=value`` words as in
```` ```tiles-scene lang=ja height=30 theme=dark ```` (`read_options`; ``index`` alone is ``index=1``);
they win over the site's.
A drawn block's files are named by `scene_id`, its manifest entry by `scene_key`.

>>> text = "# A card\\n\\n```tiles-scene\\nproblem: {round: E9}\\n```\\n"
>>> [(b.line, b.text) for b in scene_blocks(text, "a.md")]
[(4, 'problem: {round: E9}\\n')]
>>> [str(p) for p in check_blocks(text, "a.md")]
["a.md:4:10: problem: problem needs 'seat'"]
>>> [str(p) for p in check_blocks("```tiles-scene lang=fr\\nproblem: {round: E1}\\n```\\n", "a.md")][0]
"a.md:1:21: tiles-scene lang=fr: lang must be one of en, ja, zh, not 'fr'"
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from typing import Iterable

from service.drawing.version import RENDERER_VERSION
from service.notation.options import OptionError, RenderOptions, options_key
from service.notation.log_scene import LogMoment
from service.notation.scene import ProblemCard, SceneError, read_scene
from service.notation.table import TableScene

from .fence_words import fence_word
from .fences import Fence, fences
from .scan import DOC_SUFFIXES, INFO_VALUE, walk_docs
from .tag_props import TAG_FORMATS, Problem

LANG = "tiles-scene"
Scene = ProblemCard | TableScene
# The options a block takes: what a <Tiles> tag sets and a scene honours, and GET /scene's bg.
OPTIONS = ("height", "theme", "lang", "index", "format", "bg")
FLAGS = ("index",)  # options that may stand alone: ``index`` is ``index=1``
# name=value: the value as a tiles fence's props take it (`INFO_VALUE`); else the word as written, to refuse
_WORD = re.compile(rf"""(?P<name>[^\s=]*)(?P<eq>=?)(?P<value>{INFO_VALUE.pattern}|\S*)""")


@dataclass(frozen=True)
class SceneBlock:
    path: str
    line: int  # 1-based line of the body's first line
    indent: int  # characters before the YAML on a body line (blockquote markers, the fence's indent)
    text: str
    info: str = ""  # the options as written after the word in the fence's info string
    info_line: int = 0  # 1-based line and column of ``info`` in the file (the fence's line)
    info_col: int = 1
    shifts: tuple[int, ...] = ()  # ``indent`` of each body line, when they differ
    close: int | None = None  # 0-based line of the closing fence; None when nothing closes it
    prefix: str = ""  # the closing fence's line before its marker ("> " in a blockquote)

    def column(self, line: int, col: int) -> int:
        """The page's column of column ``col`` on line ``line`` (1-based) of the YAML."""
        return col + (self.shifts[line - 1] if 0 < line <= len(self.shifts) else self.indent)


@dataclass(frozen=True)
class SceneOptions:
    """A block's own options (``name=value`` in its fence), read and checked: they win over the site's."""

    given: tuple[tuple[str, str], ...] = ()  # (name, value) in the order written

    def get(self, name: str, default: str | None = None) -> str | None:
        return dict(self.given).get(name, default)

    def themes(self, site: tuple[str, ...]) -> tuple[str, ...]:
        """The themes to draw: the block's one, or the site's (a light/dark pair)."""
        return (self.get("theme"),) if self.get("theme") else site  # type: ignore[return-value]

    def render(self, theme: str, fmt: str, lang: str = "en", index: bool = False) -> RenderOptions:
        """The options of one picture: the site's theme, format, lang and index, unless the block names its own.

        >>> SceneOptions((("lang", "ja"), ("height", "30"))).render("dark", "svg", "zh").key()
        'h30-s1-dark-bgnone-gauto-svg-ja'
        >>> SceneOptions().render("light", "png", "zh").lang, SceneOptions((("index", "0"),)).render("light", "png", index=True).index
        ('zh', False)
        """
        params = {"theme": theme, "lang": lang, "index": "1" if index else "0", **dict(self.given)}
        return RenderOptions.from_query(params, params.pop("format", fmt))


def scene_info(info: str) -> tuple[str, int] | None:
    """The options text of a scene block's info string and where it starts in it; None when the info
    string names no scene block.

    >>> scene_info("tiles-scene lang=ja height=30"), scene_info("{tiles-scene} lang=ja"), scene_info("{.tiles-scene lang=ja}")
    (('lang=ja height=30', 12), ('lang=ja', 14), ('lang=ja', 14))
    >>> scene_info("tiles-scene {lang=ja}"), scene_info("tiles-scene"), scene_info("tiles-scenes"), scene_info("yaml")
    (('lang=ja', 13), ('', 11), None, None)
    """
    read = fence_word(info)  # ```tiles-scene, MyST's ```{tiles-scene}, an attribute list ```{.tiles-scene ...}
    return (read.options, read.at) if read is not None and read.word == LANG else None


def meta_options(meta: str) -> tuple[str, int]:
    """The options in what follows the word on a fence line (remark's ``meta``, a Sphinx directive's
    argument) and where they start in it: the same words, maybe in braces.

    >>> meta_options("lang=ja"), meta_options(" {lang=ja} ")
    (('lang=ja', 0), ('lang=ja', 2))
    """
    info = scene_info(f"{LANG} {meta}")
    if info is None:  # "{lang=ja": left as written, for read_options to point at
        return meta, 0
    return info[0], info[1] - len(LANG) - 1


def scene_blocks(text: str, path: str = "") -> list[SceneBlock]:
    """Every ```` ```tiles-scene ```` block of a document, in order (an unclosed one runs to the end),
    found as remark-tiles finds it (`service.pictures.fences`: in lists and blockquotes too).
    A block shown inside another fence (a longer one, as docs show how to write one) is code.

    >>> [b.line for b in scene_blocks("````md\\n```tiles-scene\\nx\\n```\\n````\\n```tiles-scene\\ny\\n```\\n")]
    [7]
    >>> [(b.info, b.info_line, b.info_col) for b in scene_blocks("# A\\n ```tiles-scene  height=30\\nx\\n```\\n")]
    [('height=30', 2, 18)]
    >>> [(b.line, b.text, b.shifts) for b in scene_blocks("- A card:\\n\\n  > ```tiles-scene\\n  > a: 1\\n  > ```\\n")]
    [(4, 'a: 1\\n', (4,))]
    """
    return [b for b in (block_of(f, path) for f in fences(text)) if b is not None]


def block_of(fence: Fence, path: str = "") -> SceneBlock | None:
    """The scene block a fence is, or None when its info string names none."""
    info = scene_info(fence.info)
    if info is None:
        return None
    indent = fence.shifts[0] if fence.shifts else fence.col
    return SceneBlock(path, fence.open_line + 2, indent, fence.text, info[0], fence.open_line + 1,
                      fence.info_col + info[1] + 1, fence.shifts, fence.close_line, fence.prefix)


def read_options(block: SceneBlock, fmt: str = "png") -> tuple[SceneOptions | None, Problem | None]:
    """The block's options, or the `Problem` at the option's place on the fence line. ``fmt`` is the
    format the site draws (``theme=auto`` needs SVG: ``format=svg``, or a site drawing SVG).

    >>> block = SceneBlock("a.md", 2, 0, "", "lang=ja  height=x", 1, 16)
    >>> str(read_options(block)[1])
    "a.md:1:32: tiles-scene height=x: height must be a whole number from 16 to 256, not 'x'"
    >>> read_options(replace(block, info="lang='ja' height=30"))[0].given
    (('lang', 'ja'), ('height', '30'))
    >>> [str(read_options(replace(block, info=i))[1]) for i in ("scale=2", "dark", "lang=ja lang=zh")]  # doctest: +NORMALIZE_WHITESPACE
    ["a.md:1:16: tiles-scene has no option 'scale': it takes height, theme, lang, index, format and bg",
     "a.md:1:16: tiles-scene options are name=value words, like lang=ja height=30; not 'dark'",
     'a.md:1:24: tiles-scene: lang is given twice']
    """
    given: dict[str, str] = {}
    where: dict[str, int] = {}  # name -> column of its value
    text, i = block.info, 0

    def problem(col: int, message: str) -> tuple[None, Problem]:
        return None, Problem(block.path, block.info_line, block.info_col + col, message)

    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        m = _WORD.match(text, i)
        name, value, at = m.group("name"), m.group("value"), m.start("value")
        if name in FLAGS and not m.group("eq") and not value:  # ``index``: index=1
            value = "1"
        elif not name or not m.group("eq"):
            return problem(i, f"{LANG} options are name=value words, like lang=ja height=30; not {m.group(0)!r}")
        if name not in OPTIONS:
            return problem(i, f"{LANG} has no option {name!r}: it takes {', '.join(OPTIONS[:-1])} and {OPTIONS[-1]}")
        if name in given:
            return problem(i, f"{LANG}: {name} is given twice")
        if value[:1] in "\"'" and len(value) > 1 and value[-1] == value[0]:
            value, at = value[1:-1], at + 1
        elif value and value[0] in "\"'":  # as in a tiles fence's props
            return problem(at, f"{LANG} {m.group(0)}: string is never closed")
        if not value:
            return problem(at, f"{LANG} {name}=: {name} needs a value, like {name}={_EXAMPLE[name]}")
        given[name], where[name] = value, at
        i = m.end()
    options = SceneOptions(tuple(given.items()))
    fmt = given.get("format", fmt)
    if fmt not in TAG_FORMATS:
        return problem(where.get("format", 0), f"{LANG} format={fmt}: format must be png or svg, not {fmt[:16]!r}")
    try:
        for theme in options.themes(("light",)):
            options.render(theme, fmt)
    except OptionError as err:
        name = {"background": "bg"}.get(err.param, err.param)
        shown = f"{LANG} {name}={given[name]}" if name in given else LANG
        hint = ", or add format=svg" if name == "theme" and given.get(name) == "auto" else ""
        return problem(where.get(name, 0), f"{shown}: {err.message}{hint}")
    return options, None


_EXAMPLE = {"height": "30", "theme": "dark", "lang": "ja", "index": "1", "format": "svg", "bg": "fff"}


def read_block(block: SceneBlock) -> tuple[Scene | None, Problem | None]:
    """The block's scene, or the `Problem` at its page's line and column (a ``log:`` scene's record is
    read relative to the block's page: `service.pictures.log_scenes`).

    >>> read_block(SceneBlock("a.md", 7, 2, "problem: {round: E9}\\n"))[1].__str__()
    "a.md:7:12: problem: problem needs 'seat'"
    """
    try:
        scene = read_scene(block.text, logs=True)
        if isinstance(scene, LogMoment):  # a game record's moment, beside the page
            from .log_scenes import resolve

            scene = resolve(scene, block.path)
    except SceneError as err:
        what = f"{err.field}: {err.message}" if err.field else err.message
        return None, Problem(block.path, block.line + err.line - 1, block.column(err.line, err.col), what)
    if isinstance(scene, ProblemCard) and scene.efficiency:  # its table must be made (no joker in the hand)
        from service.efficiency import scene_efficiency
        from service.notation.grammar import ParseError

        try:
            scene_efficiency(scene)
        except ParseError as err:
            return None, Problem(block.path, block.line, block.column(1, 1), f"problem.answer: {err.message}")
    if isinstance(scene, ProblemCard) and scene.score is not None:  # its score must be had, at the field if not
        from service.scoring.scene_score import problem_score

        try:
            problem_score(scene)
        except SceneError as err:
            return None, Problem(block.path, block.line + err.line - 1, block.column(err.line, err.col),
                                 f"{err.field}: {err.message}")
    return scene, None


def block_warnings(block: SceneBlock, scene: Scene | None) -> list[Problem]:
    """The warnings of a block's scene (a segment read as a meld that is none), each a `Problem` at
    its field's page line and column, as `read_block` places errors.

    >>> block = SceneBlock("a.md", 7, 2, "table: {round: E1, seats: {E: {hand: 10, melds: 123m 55z}}}\\n")
    >>> [str(p) for p in block_warnings(block, read_block(block)[0])]  # doctest: +ELLIPSIS
    ["a.md:7:56: warning: table.seats.E.melds: '55z' is read as a meld, but it is a pair, not a chi, pon or kan: ..."]
    """
    return [Problem(block.path, block.line + w.line - 1, block.column(w.line, w.col), f"{w.field}: {w.message}",
                    warning=True) for w in getattr(scene, "warnings", ())]


def check_block(block: SceneBlock, fmt: str = "png") -> list[Problem]:
    """The block's problems: its options' first, then its YAML's, then its warnings (when it can be drawn)."""
    scene, bad = read_block(block)
    return [p for p in (read_options(block, fmt)[1], bad) if p is not None] + block_warnings(block, scene)


def check_blocks(text: str, path: str = "") -> list[Problem]:
    """A `Problem` for each bad option and each block that cannot be drawn."""
    return [p for b in scene_blocks(text, path) for p in check_block(b)]


def scene_text(text: str) -> str:
    """A block's YAML as a key: its lines without trailing spaces or line-ending ``\\r``, no blank
    line first or last.

    >>> scene_text("\\n problem: {round: E1}  \\r\\n")
    'problem: {round: E1}'
    """
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def scene_id(text: str, options: RenderOptions, scene: Scene | None = None) -> str:
    """The content hash naming a scene's files: the renderer, the YAML as written and the options
    (and for a ``log:`` scene the hash of its record's bytes: a changed record, a new name).

    >>> scene_id("table: {round: E1}", RenderOptions()) == scene_id("table: {round: E1}  ", RenderOptions())
    True
    """
    record = getattr(scene, "record", "")
    key = f"{RENDERER_VERSION}\nscene\n{scene_text(text)}\n{options_key(replace(options, scale=1))}"
    key += f"\nrecord {record}" if record else ""
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def scene_key(text: str, options: RenderOptions, scene: Scene | None = None) -> str:
    """The manifest key of a scene: ``scene:`` and its YAML (`scene_text`), then the options that
    differ from `tiles build`'s (``?theme=dark``).

    >>> scene_key("problem: {round: E1}\\n", RenderOptions(theme="dark"))
    'scene:problem: {round: E1}?theme=dark'
    >>> scene_key("problem: {round: E1}", SceneOptions((("lang", "ja"), ("height", "30"), ("bg", "fff"))).render("light", "svg"))
    'scene:problem: {round: E1}?height=30&format=svg&lang=ja&bg=ffffffff'
    >>> scene_key("problem: {round: E1}", RenderOptions(index=True))
    'scene:problem: {round: E1}?index=1'

    A ``log:`` scene's key ends with its record's hash (``record=``): the same YAML on two pages
    may name two records (``log: game.json`` beside each).
    """
    extra = [f"{k}={getattr(options, k)}" for k in ("height", "theme", "format", "lang")
             if getattr(options, k) != getattr(RenderOptions(), k)]
    if options.index:
        extra.append("index=1")
    if options.background is not None:  # bg=fff: as GET /scene's query names it
        extra.append("bg=%02x%02x%02x%02x" % options.background)
    if getattr(scene, "record", ""):
        extra.append(f"record={scene.record}")
    return f"scene:{scene_text(text)}" + ("?" + "&".join(extra) if extra else "")


def check_docs(paths: Iterable[str]) -> list[Problem]:
    """The problems of every scene block under `paths`."""
    return [p for path, text in walk_docs(paths) if path.suffix in DOC_SUFFIXES for p in check_blocks(text, str(path))]
