"""Fenced code blocks as MDX (remark-tiles) reads them: the one finder of every docs tool.

`tiles lint`, `tiles build`, the tag scanner and the Markdown extension all find fences here, so
they see the fences remark-tiles sees: at any indent (MDX has no indented code, so a list item's
fence indented 4 or more spaces is a fence), inside blockquotes (``> ```tiles-scene``), and
opening on a list item's own line (``- ```tiles-scene``). A fence closes at a fence line of its
character, at least as long, in the same blockquotes; a line that leaves its blockquote ends it
unclosed, as the end of the page does. Each body line loses its blockquote markers and up to the
fence's own indent (counted from its blockquote, a list marker as spaces); ``shifts`` says how
many characters that took, for ``line:col`` in the page.

>>> [(f.open_line, f.info, f.body, f.shifts) for f in fences("> - ```tiles-scene lang=ja\\n>   a: 1\\n>   ```\\n")]
[(0, 'tiles-scene lang=ja', ('a: 1',), (4,))]
>>> [(f.body, f.close_line) for f in fences("````md\\n```tiles\\n1m\\n```\\n````\\n")]  # a fence shown in a longer one
[(('```tiles', '1m', '```'), 4)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_QUOTE = re.compile(r"[ \t]*>[ \t]?")  # a blockquote marker and the one space after it
_LIST = re.compile(r"[ \t]*(?:[-+*]|[0-9]{1,9}[.)])(?:[ \t]+|$)")  # a list item's marker and its spaces
_OPEN = re.compile(r"(`{3,}|~{3,})")


@dataclass(frozen=True)
class Fence:
    """One fenced block: where it opens and closes (0-based lines), its info string and its body."""

    open_line: int
    marker: str  # the fence's run of ` or ~
    col: int  # 0-based column of the marker in its line
    info: str  # what follows the marker on its line, as written (no line end)
    info_col: int  # 0-based column of ``info``
    body: tuple[str, ...]  # the lines between, blockquote markers and indent taken off
    shifts: tuple[int, ...]  # characters taken off each body line
    body_starts: tuple[int, ...]  # offset in the page of each body line's text
    close_line: int | None  # the closing fence's line; None when nothing closes it
    start: int  # offset of the marker in the page
    end: int  # offset of the end of its last line (the closing one, or its last body line)
    prefix: str  # the closing line's text before its marker ("> ", "  "), or the opening line's

    @property
    def text(self) -> str:
        """The body as one text, each line ending in a line break."""
        return "".join(line + "\n" for line in self.body)


def fences(text: str) -> list[Fence]:
    """Every fenced block of a page, in order; a fence shown inside another one is its body."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    out: list[Fence] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        # a line with no run of three ` or ~ opens nothing (a quick test: most lines are text)
        opening = _opening(line.rstrip("\r")) if "```" in line or "~~~" in line else None
        if opening is None:
            i += 1
            continue
        depth, col, width, marker, info = opening
        closing = _closing(marker)
        body, shifts, body_starts = [], [], []
        close = None
        j = i + 1
        while j < len(lines):
            inner = _inside(lines[j].rstrip("\r"), depth)
            if inner is None:  # the line leaves the blockquote: the block ends there
                break
            used, rest = inner
            if closing.fullmatch(rest):
                close = j
                break
            n = 0
            while n < min(width, len(rest)) and rest[n] in " \t":
                n += 1
            body.append(rest[n:])
            shifts.append(used + n)
            body_starts.append(starts[j] + used + n)
            j += 1
        last = close if close is not None else max(j - 1, i)
        last_text = lines[last].rstrip("\r")
        prefix = last_text[:len(last_text) - len(last_text.lstrip(" \t>"))] if close is not None \
            else lines[i][:col]
        out.append(Fence(i, marker, col, info, col + len(marker), tuple(body), tuple(shifts), tuple(body_starts),
                         close, starts[i] + col, starts[last] + len(last_text), prefix))
        i = close + 1 if close is not None else j
    return out


@lru_cache(maxsize=64)
def _closing(marker: str) -> re.Pattern:
    """The line that closes a fence opened by ``marker``: that character, at least as many, alone."""
    return re.compile(rf"[ \t]*{re.escape(marker[0])}{{{len(marker)},}}[ \t]*")


def _opening(line: str) -> tuple[int, int, int, str, str] | None:
    """(blockquotes, marker column, indent within the innermost blockquote, marker, info) of a fence's
    opening line, or None."""
    depth, pos, base = 0, 0, 0
    while True:
        m = _QUOTE.match(line, pos)
        if m:
            depth, pos, base = depth + 1, m.end(), m.end()
            continue
        m = _LIST.match(line, pos)
        if m and m.end() < len(line):
            pos = m.end()
            continue
        break
    while pos < len(line) and line[pos] in " \t":
        pos += 1
    m = _OPEN.match(line, pos)
    if not m:
        return None
    marker, info = m.group(1), line[m.end():]
    if marker[0] == "`" and "`" in info:  # a code span such as ```a``` , not a fence
        return None
    return depth, pos, pos - base, marker, info


def _inside(line: str, depth: int) -> tuple[int, str] | None:
    """The line without ``depth`` blockquote markers: (characters taken off, the rest); None
    when it has fewer."""
    pos = 0
    for _ in range(depth):
        m = _QUOTE.match(line, pos)
        if not m:
            return None
        pos = m.end()
    return pos, line[pos:]
