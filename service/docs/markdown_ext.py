"""`tiles`: a Python-Markdown extension drawing `<Tiles>` tags and ```` ```tiles ```` fences.

The same tag MDX pages use (read by `service.pictures.tag_props`, as `tiles lint` reads
it), so one docs source works in both worlds; and a fence whose lines are
notations, each a figure (``NOTATION | caption``; the fence's info string takes
the tag's props: ```` ```tiles river theme="dark" ````). Code blocks and code
spans stay code; a tag in an HTML comment is not drawn (`tiles lint` still checks it).

With no site folder to write files into (plain Python-Markdown, Zensical), each
picture is an inline `<svg>` of `<use>`s and the page carries each tile once, in
one hidden sprite (`service.drawing.svg_page`). The MkDocs plugin gives it a
``renderer`` that writes image files instead.

A typo raises `TilesError` naming ``file:line:col`` with the line and a caret;
``on_error="warn"`` logs that instead and shows it in the page. ``lang`` (en, ja, zh) is the
site's language, of the alt text and the labels, for tags and blocks without their own; ``index``
(true) puts corner indices on the faces of tags and blocks without an ``index`` of their own;
``dialect`` (mahgen, riichi-hand-rs, ...: `service.notation.dialects`) reads the notations of tags
and fences without a ``dialect`` of their own as that tool writes them.

>>> import markdown
>>> html = markdown.markdown('Wait on <Tiles notation="14s" inline />.', extensions=["tiles"])
>>> html.count("<symbol"), 'aria-label="Hand: 1s 4s"' in html
(2, True)
>>> 'aria-label="手牌：一索 四索"' in markdown.markdown('<Tiles notation="14s" />', extensions=[TilesExtension(lang="ja")])
True
>>> 'aria-label="Hand: 1m; called meld: 1p (sideways) 2p 3p"' in markdown.markdown(
...     '```tiles\\n1m|_123p | Chi\\n```', extensions=[TilesExtension(dialect="mahgen")])
True
>>> markdown.markdown('<Tiles notation="12q" />', extensions=["tiles"])
Traceback (most recent call last):
...
service.docs.markdown_ext.TilesError: <markdown>:1:20: 'q' is not a suit letter (use m, p, s or z)
  <Tiles notation="12q" />
                     ^
"""

from __future__ import annotations

import logging
import os
import re
import secrets
from pathlib import Path
from typing import Callable

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from service.drawing.svg_page import MARK as SPRITE_MARK
from service.drawing.svg_page import Needs, PageSprite, hand_markup
from service.notation.dora import LANGS
from service.pictures.fences import fences
from service.pictures.pages import fence_line_tags, tiles_info
from service.pictures.scene_blocks import (Scene, SceneBlock, SceneOptions, block_of, block_warnings, read_block,
                                           read_options)
from service.pictures.scan import TagSyntaxError, TilesTag, iter_tags, line_col
from service.notation.dialects import DIALECTS, dialect_name
from service.pictures.tag_props import ImageRequest, Problem, read_tag

from . import markup
from .color_mode import color_mode, dark_css
from .scene_pictures import inline_scene, pair

log = logging.getLogger("tiles.markdown")
ON_ERROR = ("fail", "warn")
SPRITE_STYLE = "position:absolute;width:0;height:0;overflow:hidden"  # not display:none: gradients would not paint
MARK = "\x01tiles:{}:{}\x01"  # the page's key (`PageTiles.key`: no page text can forge it), the picture
# Tags drawn before (props and default theme -> markup with marked references, sprite needs, the key of the
# page it was drawn for): a page converted again (MkDocs' toc, search, a rebuild while serving) reads and
# lays out nothing.
_DRAWN: dict[tuple, tuple[str, Needs, str]] = {}
DRAWN_MAX = 4096  # where a picture goes, until Python-Markdown's stash takes it


class TilesError(ValueError):
    """Tags on a page that cannot be drawn: each ``file:line:col: message``, its line and a caret."""


class PageTiles:
    """One conversion of one page: its pictures, its sprite and its problems."""

    def __init__(self, ext: TilesExtension, path: str, text: str, first_line: int = 1):
        text = text.replace("\r\n", "\n").replace("\r", "\n")  # as Python-Markdown reads lines, later
        self.ext, self.path, self.text, self.shift = ext, path, text, first_line - 1
        self.pairs = False  # a light/dark pair of images is on the page: it needs the CSS that picks one
        self.html: list[str] = []
        self.errors: list[tuple[int, int, str]] = []  # (line, column, text): told in line order
        self.block = ""  # the page's sprite and pair CSS, put first by `_Block`
        self.tree_done = False
        self.key = secrets.token_hex(8)  # in every mark of this page; text that writes one is text
        while self.key in text:
            self.key = secrets.token_hex(8)
        self.sprite = PageSprite(dark_css(ext.getConfig("color_mode")), self.key)  # its marks: the same key

    def placed(self, p: Problem) -> Problem:
        return Problem(p.path, p.line + self.shift, p.col, p.message, p.warning)

    def report(self, problems: list[Problem], inline: bool) -> str:
        """Errors (warnings are logged): kept for `TilesError`, or logged and shown in the page."""
        shown = []
        for p in map(self.placed, problems):
            line = self.text.split("\n")[p.line - self.shift - 1] if p.line - self.shift <= self.text.count("\n") + 1 \
                else ""
            text = markup.caret(str(p), p.col, line)
            if p.warning:
                self.ext.log.warning(text)
                continue
            shown.append(text)
            if self.ext.getConfig("on_error") == "warn":
                self.ext.log.warning(text)
            else:
                self.errors.append((p.line, p.col, text))
        return markup.error_html("\n".join(shown), inline) if shown else ""

    def draw(self, tag: TilesTag) -> str:
        """The HTML of one tag (or of its error). An inline picture of a tag seen before, with no
        problem, comes from `_DRAWN` (its tiles still go into this page's sprite)."""
        tag.props.setdefault("format", self.ext.default_format)
        key = None
        if self.ext.renderer is inline_svg:
            if tag.props["format"] == "png" and tag.props.get("theme") != "auto":
                tag.props["format"] = "svg"  # an inline picture is SVG, in the page's theme, whatever its format
            key = (self.ext.getConfig("theme"), self.ext.getConfig("lang"), self.ext.getConfig("index"),
                   self.ext.dialect, tuple(sorted(tag.props.items(), key=lambda kv: kv[0])))
            if key in _DRAWN:
                html, needs, page = _DRAWN[key]
                self.sprite.add(needs)
                return html.replace(f"{SPRITE_MARK}{page}:", f"{SPRITE_MARK}{self.key}:")  # this page's marks
        read = read_tag(tag, self.ext.getConfig("theme"), self.ext.getConfig("lang"), self.ext.getConfig("index"),
                        self.ext.dialect)
        if read.request is None or read.errors:
            return self.report(read.problems, tag.props.get("inline") is True)
        self.report(read.problems, read.request.inline)  # warnings
        if key is None:
            return self.ext.renderer(read.request, self)
        html, needs = inline_picture(read.request, self.key)
        self.sprite.add(needs)
        if not read.problems:
            if len(_DRAWN) >= DRAWN_MAX:
                _DRAWN.clear()
            _DRAWN[key] = html, needs, self.key
        return html

    def draw_scene(self, block: SceneBlock) -> str:
        """The HTML of a ```` ```tiles-scene ```` block (or of its errors: a bad option at its place on
        the fence line, a bad field at the field's line and column)."""
        (options, bad_option), (scene, bad_field) = read_options(block, self.ext.default_format), read_block(block)
        if options is None or scene is None:
            return self.report([p for p in (bad_option, bad_field) if p is not None], False)
        self.report(block_warnings(block, scene), False)  # logged, as a tag's are
        return self.ext.scene_renderer(block.text, scene, options, self)

    def store(self, html: str) -> str:
        self.html.append(html)
        return MARK.format(self.key, len(self.html) - 1)

    def convert(self) -> str:
        """The page's text with each tag and tiles fence replaced by a mark."""
        text, path = self.text, self.path
        fenced = fences(text)
        edits = [(a, b, self.store(h)) for a, b, h in self._fences(fenced)]
        for item in iter_tags(text, path, fenced=fenced, comments=False):  # a comment shows nothing
            if isinstance(item, TagSyntaxError):
                edits.append((item.offset, item.offset + len("<Tiles"), self.store(
                    self.report([Problem(path, *line_col(text, item.offset), item.message)], True))))
            else:
                edits.append((item.offset, item.end, self.store(self.draw(item))))
        for a, b, mark in sorted(edits, reverse=True):
            text = text[:a] + mark + text[b:]
        if self.errors:
            raise self.ext.error("\n".join(text for *_, text in sorted(self.errors)))
        return text

    def _fences(self, fenced):
        """(start, end, html) of each tiles and tiles-scene fence of ``fenced`` (the page's, found as every
        docs tool finds them: `service.pictures.fences`, in lists and blockquotes too); other fences stay code."""
        for fence in fenced:
            block = block_of(fence, self.path)
            if block is not None:
                yield fence.start, fence.end, self.draw_scene(block)
                continue
            props = tiles_info(fence.info)
            if props is not None:
                pictures = [self.report([t], False) if isinstance(t, Problem) else self.draw(t)
                            for t in fence_line_tags(fence, props, self.text, self.path, self.ext.dialect)]
                yield fence.start, fence.end, "\n".join(pictures)

    def resolved(self) -> tuple[str, list[str]]:
        """Once every picture is drawn: the page's block (pair CSS, sprite) and the pictures' HTML."""
        sprite, scopes = self.sprite.sprite()
        html = []
        for h in self.html:
            for mark, scope in scopes.items():
                h = h.replace(mark, scope)
            html.append(h)
        style = f"<style>{_pair_css(self.ext)}</style>" if self.pairs else ""
        block = f'<div class="tiles-sprite" style="{SPRITE_STYLE}">{style}{sprite}</div>' if style or sprite else ""
        return block, html


def _pair_css(ext: TilesExtension) -> str:
    from .color_mode import hide_pair_css

    return hide_pair_css(color_mode(ext.getConfig("color_mode")))


def inline_picture(request: ImageRequest, page: str = "") -> tuple[str, Needs]:
    """A tag's inline SVG markup (references marked with the ``page`` key) and the tiles it needs from the sprite."""
    html, needs = hand_markup(request.hand, request.options, markup.attrs(request), page=page)
    return markup.wrap(request, [html]), needs


def inline_scenes(text: str, scene: Scene, options: SceneOptions, page: PageTiles) -> str:
    """The default scene renderer: the scene's SVG inlined, at the block's options; with theme auto (the
    block's or the page's) under a selector colour mode (material, furo), a light and a dark one, the
    page's pair CSS showing one."""
    theme, mode = options.get("theme") or page.ext.getConfig("theme"), page.ext.getConfig("color_mode")
    themes = ("light", "dark") if theme == "auto" and mode != "media" else (theme,)
    page.pairs = page.pairs or len(themes) > 1
    lang, index = page.ext.getConfig("lang"), page.ext.getConfig("index")
    svg = SceneOptions(tuple(kv for kv in options.given if kv[0] != "format"))  # inline: SVG whatever its format
    return pair([inline_scene(scene, svg.render(t, "svg", lang, index), t if len(themes) > 1 else None)
                 for t in themes])


def inline_svg(request: ImageRequest, page: PageTiles) -> str:
    """The default renderer: the picture inlined, its tiles in the page's sprite."""
    html, needs = inline_picture(request, page.key)
    page.sprite.add(needs)
    return html


class _Scan(Preprocessor):
    """Before anything else reads the page: every tag and tiles fence becomes a mark."""

    def __init__(self, md: Markdown, ext: TilesExtension):
        super().__init__(md)
        self.ext = ext

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        path, first = self.ext.where(self.md, text)
        page = self.md.tiles_page = PageTiles(self.ext, path, text, first)
        return page.convert().split("\n")


class _Stash(Preprocessor):
    """After whitespace is normalised (which drops the stash's own marks): marks into the stash."""

    def run(self, lines: list[str]) -> list[str]:
        page = getattr(self.md, "tiles_page", None)
        if page is None or not page.html:
            return lines
        block, html = page.resolved()
        page.block = block
        marks = MARK.format(page.key, r"(\d+)")  # this page's own: text that looks like one stays text
        text = re.sub(marks, lambda m: self.md.htmlStash.store(html[int(m.group(1))]), "\n".join(lines))
        return text.split("\n")


class _TreeDone(Treeprocessor):
    """The last treeprocessor: from here on, postprocessors see the whole page. Before it, toc runs
    every postprocessor on each heading alone, where the page's block must not go."""

    def run(self, root) -> None:
        page = getattr(self.md, "tiles_page", None)
        if page is not None:
            page.tree_done = True


class _Block(Postprocessor):
    """The page's block (pair CSS, sprite) before its first element, once the tree is done. Last
    of the postprocessors, so none of them scans the sprite's bytes again."""

    def run(self, text: str) -> str:
        page = getattr(self.md, "tiles_page", None)
        if page is None or not page.tree_done or not page.block:
            return text
        block, page.block = page.block, ""
        return block + "\n" + text


class TilesExtension(Extension):
    """``markdown.markdown(text, extensions=["tiles"])``; MkDocs ``markdown_extensions: [tiles]``;
    Zensical ``[project.markdown_extensions.tiles]``."""

    default_format = "svg"  # inline pictures are SVG; the MkDocs plugin draws PNG files by default

    def __init__(self, **kwargs):
        self.config = {
            "theme": ["auto", "theme of tags without one: auto (follows the page), light or dark"],
            "color_mode": ["media", "what makes the page dark for theme auto: media (the reader's system), "
                                    "material (Material for MkDocs / Zensical palette toggle), furo"],
            "on_error": ["fail", "fail: a typo stops the build at file:line:col; warn: log it and show it in the page"],
            "page": ["", "the page's file name in messages (set for you under MkDocs and Zensical)"],
            "lang": ["en", "the site's language (en, ja, zh) for tags and blocks without a lang: of the alt text "
                           "and the labels"],
            "index": [False, "corner indices on every face, for tags and blocks without an index of their own"],
            "dialect": ["", "the notation of tags and fences without a dialect is another tool's: "
                            + ", ".join(DIALECTS) + " (default: ours)"],
        }
        super().__init__(**kwargs)
        if self.getConfig("on_error") not in ON_ERROR:
            raise ValueError(f"on_error must be fail or warn, not {self.getConfig('on_error')!r}")
        color_mode(self.getConfig("color_mode"))  # ValueError for an unknown mode
        if self.getConfig("lang") not in LANGS:
            raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {self.getConfig('lang')!r}")
        self.dialect = dialect_name(self.getConfig("dialect")) if self.getConfig("dialect") else None  # ValueError
        self.renderer: Callable[[ImageRequest, PageTiles], str] = inline_svg
        # (YAML, scene, the block's options, page)
        self.scene_renderer: Callable[[str, Scene, SceneOptions, PageTiles], str] = inline_scenes
        self.page: tuple[str, int] | None = None  # (path, first line) set by the MkDocs plugin per page
        self.error: type[Exception] = TilesError  # what a typo raises (MkDocs: a PluginError)
        self.log = log  # where warnings go (MkDocs: its own logger, so --strict counts them)

    def where(self, md: Markdown, text: str) -> tuple[str, int]:
        """The page's path for messages and the file line its text starts on."""
        if self.page is not None:
            return self.page
        context = md.preprocessors["rendering_context"] if "rendering_context" in md.preprocessors else None
        page = getattr(context, "page", None)  # Zensical says which page it renders
        if page is not None and getattr(page, "path", None):
            docs = Path((getattr(context, "config", None) or {}).get("docs_dir", "docs"))
            return source_place(docs / page.path, text)
        return self.getConfig("page") or "<markdown>", 1

    def extendMarkdown(self, md: Markdown) -> None:
        md.registerExtension(self)
        md.preprocessors.register(_Scan(md, self), "tiles", 35)  # before normalize_whitespace (30)
        md.preprocessors.register(_Stash(md), "tiles_stash", 29)  # before fences (25) and HTML blocks (20)
        md.treeprocessors.register(_TreeDone(md), "tiles_tree_done", -1000)
        md.postprocessors.register(_Block(md), "tiles_block", -1000)

    def reset(self) -> None:
        pass


def source_place(path: Path, text: str) -> tuple[str, int]:
    """A page's path as messages show it (relative to the working folder when inside it) and the
    line of its file where ``text`` (the body after any front matter) starts."""
    shown = os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    try:
        source = path.read_text(encoding="utf-8-sig")
    except OSError:
        return shown, 1
    body = text.lstrip("\n")
    at = source.find(body[:200]) if body.strip() else -1
    return shown, (source.count("\n", 0, at) + 1 - (len(text) - len(body)) if at >= 0 else 1)


def makeExtension(**kwargs) -> TilesExtension:  # noqa: N802 (Python-Markdown's name)
    return TilesExtension(**kwargs)
