"""Find `<Tiles ...>` tags in Markdown/MDX files, with where each notation character sits.

Tags inside fenced code blocks and inline code spans are skipped (they are shown,
not rendered). HTML comments are scanned, so `<!-- <Tiles notation="1m" /> -->`
is a way to name an image in a plain `.md` file.

>>> tags = scan_text('Hi <Tiles\\n  notation="123m" inline />', "a.mdx")
>>> t = tags[0]
>>> t.notation, t.props["inline"], t.where(1)
('123m', True, (2, 14))
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

DOC_SUFFIXES = (".md", ".mdx")
SKIP_DIRS = {"node_modules", ".git", ".docusaurus", "build", ".next"}

_TAG = re.compile(r"<Tiles(?=[\s/>])")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")  # used with .match at a line start
_NAME = re.compile(r"[A-Za-z_$][\w$:.-]*")
_JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "`": "`"}

EXPR = object()  # marks a prop whose value is a JS expression we do not evaluate


class TagSyntaxError(ValueError):
    """A `<Tiles` tag we cannot read (unclosed string or tag), with its file offset."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


@dataclass
class TilesTag:
    """One `<Tiles>` tag: its props, and for each notation character its file offset."""

    path: str
    text: str  # the whole file, to turn offsets into line:col
    offset: int  # where '<Tiles' starts
    end: int = 0  # just past its '>' (what a converter replaces)
    props: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, list[int]] = field(default_factory=dict)  # prop -> offset of each char

    @property
    def notation(self) -> str | None:
        v = self.props.get("notation")
        return v if isinstance(v, str) else None

    def where(self, index: int | None = None, prop: str = "notation") -> tuple[int, int]:
        """1-based (line, column) of character `index` of a prop's value, or of the tag."""
        offs = self.spans.get(prop)
        if index is None or not offs:
            return line_col(self.text, self.offset)
        # past the end (e.g. "no suit letter at the end") points just after the value
        off = offs[index] if index < len(offs) else offs[-1] + 1
        return line_col(self.text, off)


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of an offset."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def doc_files(root: str | os.PathLike) -> list[Path]:
    """Every .md/.mdx file under root (or root itself), sorted, skipping build folders."""
    root = Path(root)
    if root.is_file():
        return [root]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        out += [Path(dirpath, f) for f in sorted(filenames) if f.endswith(DOC_SUFFIXES)]
    return out


def walk_docs(paths: Iterable[str | os.PathLike]) -> Iterator[tuple[Path, str]]:
    """(path, text) of every .md/.mdx file under each of ``paths``, read once."""
    for root in paths:
        for path in doc_files(root):
            yield path, path.read_text(encoding="utf-8-sig", errors="replace")


def scan_text(text: str, path: str = "") -> list[TilesTag]:
    """All readable tags in a document; raises `TagSyntaxError` on the first broken one."""
    return list(_scan(text, path, strict=True))


def iter_tags(text: str, path: str = "") -> Iterator[TilesTag | TagSyntaxError]:
    """Like `scan_text`, but yields a `TagSyntaxError` for a broken tag and goes on."""
    return _scan(text, path, strict=False)


def _scan(text: str, path: str, strict: bool) -> Iterator[TilesTag | TagSyntaxError]:
    i, n = 0, len(text)
    fence = ""
    line_start = True
    while i < n:
        if line_start:
            m = _FENCE.match(text, i)
            if m and (not fence or m.group(1).startswith(fence)):
                fence = "" if fence else m.group(1)
                i = _next_line(text, i)
                continue
            if fence:
                i = _next_line(text, i)
                continue
        c = text[i]
        line_start = c == "\n"
        if c == "`":
            i = _skip_code_span(text, i)
        elif text.startswith("{/*", i):  # an MDX comment hides what it holds
            end = text.find("*/}", i + 3)
            i = n if end < 0 else end + 3
        elif c == "<" and _TAG.match(text, i):
            try:
                tag, i = _read_tag(text, i, path)
                yield tag
            except TagSyntaxError as err:
                if strict:
                    raise
                yield err
                i += 1
        else:
            i += 1


def _next_line(text: str, i: int) -> int:
    j = text.find("\n", i)
    return len(text) if j < 0 else j + 1


def _skip_code_span(text: str, i: int) -> int:
    """Skip `code` (any run length); an unmatched run is plain text."""
    j = i
    while j < len(text) and text[j] == "`":
        j += 1
    run = text[i:j]
    end = text.find(run, j)
    # a code span does not cross a blank line
    if end < 0 or "\n\n" in text[j:end]:
        return j
    return end + len(run)


def _read_tag(text: str, start: int, path: str) -> tuple[TilesTag, int]:
    tag = TilesTag(path, text, start)
    i = start + len("<Tiles")
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            raise TagSyntaxError("<Tiles> tag is never closed", start)
        if text.startswith("/>", i) or text[i] == ">":
            tag.end = i + (2 if text[i] == "/" else 1)
            return tag, tag.end
        if text[i] == "{":  # {...spread}
            _, _, i = _read_braces(text, i)
            continue
        m = _NAME.match(text, i)
        if not m:
            raise TagSyntaxError(f"unexpected {text[i]!r} in <Tiles> tag", i)
        name, i = m.group(), m.end()
        j = i
        while j < len(text) and text[j] in " \t":
            j += 1
        if j >= len(text) or text[j] != "=":
            tag.props[name] = True
            continue
        i = j + 1
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] in "\"'":
            value, offs, i = _read_quoted(text, i, jsx=True)
        elif i < len(text) and text[i] == "{":
            value, offs, i = _read_braces(text, i)
        else:
            raise TagSyntaxError(f"prop {name!r} needs a quoted string or {{...}} after '='", i)
        tag.props[name] = value
        if offs is not None:
            tag.spans[name] = offs


def _read_quoted(text: str, i: int, jsx: bool) -> tuple[str, list[int], int]:
    """A JSX attribute string (no escapes) or a JS string literal (backslash escapes)."""
    q = text[i]
    chars, offs = [], []
    j = i + 1
    while j < len(text):
        c = text[j]
        if c == q:
            return "".join(chars), offs, j + 1
        if c == "\\" and not jsx and j + 1 < len(text):
            chars.append(_JS_ESCAPES.get(text[j + 1], text[j + 1]))
            offs.append(j)
            j += 2
            continue
        if q != "`" and not jsx and c == "\n":
            break
        chars.append(c)
        offs.append(j)
        j += 1
    raise TagSyntaxError("string is never closed", i)


def _read_braces(text: str, i: int) -> tuple[Any, list[int] | None, int]:
    """`{'lit'}`, `{"lit"}`, `` {`lit`} ``, `{38}`, `{true}`; anything else is `EXPR`."""
    depth, j = 0, i
    lit = None
    while j < len(text):
        c = text[j]
        if c in "\"'`":
            value, offs, end = _read_quoted(text, j, jsx=False)
            if lit is None and not text[i + 1 : j].strip():
                lit = (value, offs, end)
            j = end
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                inner = text[i + 1 : j].strip()
                if lit and not text[lit[2] : j].strip():
                    value, offs, _ = lit
                    if text[lit[2] - 1] == "`" and "${" in value:
                        return EXPR, None, j + 1
                    return value, offs, j + 1
                if re.fullmatch(r"\d+(\.\d+)?", inner):
                    return (float(inner) if "." in inner else int(inner)), None, j + 1
                if inner in ("true", "false"):
                    return inner == "true", None, j + 1
                return EXPR, None, j + 1
        j += 1
    raise TagSyntaxError("'{' is never closed", i)
