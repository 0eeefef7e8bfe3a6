"""```` ```tiles-scene ```` blocks in Markdown/MDX: found, read and checked like `<Tiles>` tags.

A block's body is a scene in YAML (docs/scenes.md). A bad field is a `Problem` at the
block's ``file:line:col`` with the field's path, so `tiles lint` and `tiles build` stop on it.
A drawn block's files are named by `scene_id`, its manifest entry by `scene_key`.

>>> text = "# A card\\n\\n```tiles-scene\\nproblem: {round: E9}\\n```\\n"
>>> [(b.line, b.text) for b in scene_blocks(text, "a.md")]
[(4, 'problem: {round: E9}\\n')]
>>> [str(p) for p in check_blocks(text, "a.md")]
["a.md:4:10: problem: problem needs 'seat'"]
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from typing import Iterable

from service.drawing.version import RENDERER_VERSION
from service.notation.options import RenderOptions
from service.notation.scene import ProblemCard, SceneError, options_key, read_scene
from service.notation.table import TableScene

from .scan import walk_docs
from .tag_props import Problem

LANG = "tiles-scene"
Scene = ProblemCard | TableScene
_FENCE = re.compile(r"( {0,3})(`{3,}|~{3,})\s*(\S*).*$")  # any fence: its indent, marker and info word


@dataclass(frozen=True)
class SceneBlock:
    path: str
    line: int  # 1-based line of the body's first line
    indent: int  # spaces before the fence, stripped from each body line
    text: str


def scene_blocks(text: str, path: str = "") -> list[SceneBlock]:
    """Every ```` ```tiles-scene ```` block of a document, in order (an unclosed one runs to the end).
    A block shown inside another fence (a longer one, as docs show how to write one) is code.

    >>> [b.line for b in scene_blocks("````md\\n```tiles-scene\\nx\\n```\\n````\\n```tiles-scene\\ny\\n```\\n")]
    [7]
    """
    out: list[SceneBlock] = []
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i].rstrip("\r\n"))
        if not m or (m.group(2)[0] == "`" and "`" in m.group(3)):
            i += 1
            continue
        indent, fence = len(m.group(1)), m.group(2)
        close = re.compile(r" {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j].rstrip("\r\n")):
            j += 1
        if m.group(3) == LANG:
            body = "".join(line[min(indent, len(line) - len(line.lstrip(" "))):] for line in lines[i + 1:j])
            out.append(SceneBlock(path, i + 2, indent, body))
        i = j + 1
    return out


def read_block(block: SceneBlock) -> tuple[Scene | None, Problem | None]:
    """The block's scene, or the `Problem` at its page's line and column.

    >>> read_block(SceneBlock("a.md", 7, 2, "problem: {round: E9}\\n"))[1].__str__()
    "a.md:7:12: problem: problem needs 'seat'"
    """
    try:
        return read_scene(block.text), None
    except SceneError as err:
        what = f"{err.field}: {err.message}" if err.field else err.message
        return None, Problem(block.path, block.line + err.line - 1, err.col + block.indent, what)


def check_blocks(text: str, path: str = "") -> list[Problem]:
    """A `Problem` for each block that cannot be drawn."""
    return [p for p in (read_block(b)[1] for b in scene_blocks(text, path)) if p is not None]


def scene_text(text: str) -> str:
    """A block's YAML as a key: its lines without trailing spaces or line-ending ``\\r``, no blank
    line first or last.

    >>> scene_text("\\n problem: {round: E1}  \\r\\n")
    'problem: {round: E1}'
    """
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def scene_id(text: str, options: RenderOptions) -> str:
    """The content hash naming a scene's files: the renderer, the YAML as written and the options."""
    key = f"{RENDERER_VERSION}\nscene\n{scene_text(text)}\n{options_key(replace(options, scale=1))}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def scene_key(text: str, options: RenderOptions) -> str:
    """The manifest key of a scene: ``scene:`` and its YAML (`scene_text`), then the options that
    differ from `tiles build`'s (``?theme=dark``).

    >>> scene_key("problem: {round: E1}\\n", RenderOptions(theme="dark"))
    'scene:problem: {round: E1}?theme=dark'
    """
    extra = [f"{k}={getattr(options, k)}" for k in ("height", "theme", "format", "lang")
             if getattr(options, k) != getattr(RenderOptions(), k)]
    return f"scene:{scene_text(text)}" + ("?" + "&".join(extra) if extra else "")


def check_docs(paths: Iterable[str]) -> list[Problem]:
    """The problems of every scene block under `paths`."""
    return [p for path, text in walk_docs(paths) for p in check_blocks(text, str(path))]
