"""One page as `tiles convert` rewrites it: its edits, its errors, and how a value is read in the dialect.

>>> page = Page('<Tiles notation="1m|2m" />', "a.md", "mahgen", False)
>>> page.ours("1m|2m", list(range(17, 22))), page.errors
('1m+2m', [])
>>> page.ours("1m|2m|v3m", list(range(17, 26))), [(e.line, e.col) for e in page.errors]
(None, [(1, 24)])
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from service.notation import dialects
from service.notation.grammar import ParseError
from service.notation.subject import read
from service.pictures.fences import Fence
from service.pictures.scan import line_col
from service.pictures.tag_props import Problem


@dataclass(order=True)
class Edit:
    """Replace ``text[start:end]`` with ``new``."""

    start: int
    end: int
    new: str


class Page:
    """The edits of one page and its errors."""

    def __init__(self, text: str, path: str, dialect: str, everything: bool):
        self.text, self.path, self.dialect, self.everything = text, path, dialect, everything
        self.edits: list[Edit] = []
        self.errors: list[Problem] = []
        self.count = 0

    def error(self, offset: int, message: str) -> None:
        self.errors.append(Problem(self.path, *line_col(self.text, offset), message))

    def names_it(self, named) -> bool:
        """Whether a picture that names ``named`` (None: no dialect) is in the dialect converted."""
        if named is None:
            return self.everything
        if not isinstance(named, str):
            return False
        try:
            return dialects.dialect_name(named.strip()) == dialects.dialect_name(self.dialect)
        except ValueError:
            return False

    def ours(self, notation: str, offsets: list[int], layout: str = "hand") -> str | None:
        """``notation`` (whose characters stand at ``offsets``) in our notation; None, with the error
        told at its character, when the dialect does not read it or ours cannot draw what it gives."""
        try:
            translated = dialects.translation(notation, self.dialect, river=layout == "river")
        except ParseError as err:
            self.error(offset_of(offsets, err.position), err.message)
            return None
        try:
            read(translated.text, "river" if layout == "river" else "hand")
        except ParseError as err:
            self.error(offset_of(offsets, translated.error(err).position), err.message)
            return None
        return translated.text

    def replace(self, offsets: list[int], new: str) -> None:
        self.edits.append(Edit(offsets[0], char_end(self.text, offsets[-1]), new))
        self.count += 1


def char_end(text: str, offset: int) -> int:
    """Just past the source of the value character at ``offset``: a character reference (``&quot;``)
    or a JS escape (``\\'``) is longer than one.

    >>> char_end('a="5&quot;"', 4), char_end("12m", 2)
    (10, 3)
    """
    if text[offset] == "&":
        m = re.match(r"&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z0-9]+);", text[offset:offset + 40])
        if m:
            return offset + m.end()
    if text[offset] == "\\" and offset + 1 < len(text):
        return offset + 2
    return offset + 1


def offset_of(offsets: list[int], index: int) -> int:
    """The page offset of character ``index`` of a value (just past its end for the end)."""
    if not offsets:
        return 0
    return offsets[index] if 0 <= index < len(offsets) else offsets[-1] + 1


def alone_on_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands alone on its line."""
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    return not (text[line_start:start] + text[end:len(text) if line_end < 0 else line_end]).strip()


def in_code_span(text: str, at: int) -> bool:
    """Whether offset ``at`` is inside a `code span` of its paragraph."""
    start = max(text.rfind("\n\n", 0, at), -1) + 1
    i = start
    while i < at:
        if text[i] == "`":
            j = i
            while j < len(text) and text[j] == "`":
                j += 1
            close = text.find(text[i:j], j)
            if close < 0 or "\n\n" in text[j:close]:
                i = j
                continue
            if close + (j - i) > at >= j:
                return True
            i = close + (j - i)
            continue
        i += 1
    return False

