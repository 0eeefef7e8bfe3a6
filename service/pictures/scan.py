"""Find `<Tiles ...>` tags in Markdown/MDX files, with where each notation character sits.

Tags inside fenced code blocks (`service.pictures.fences`: in lists and blockquotes too, as
remark-tiles reads them) and inline code spans are skipped (they are shown, not rendered). HTML comments are scanned, so `<!-- <Tiles notation="1m" /> -->`
is a way to name an image in a plain `.md` file (`tiles lint` and `tiles build` read it); the page
renderers ask `iter_tags(..., comments=False)`, since a comment shows nothing.

>>> tags = scan_text('Hi <Tiles\\n  notation="123m" inline />', "a.mdx")
>>> t = tags[0]
>>> t.notation, t.props["inline"], t.where(1)
('123m', True, (2, 14))

Props read as MDX reads them: character references in "strings" are decoded,
a tag may span the lines of a blockquote, and `{38.0}` is the number 38.

>>> t = scan_text('> <Tiles\\n>   notation="1m&#43;2m" caption="A &amp; B"\\n>   height={38.0} />')[0]
>>> t.notation, t.props["caption"], t.props["height"], t.where(2)
('1m+2m', 'A & B', 38.0, (2, 17))
"""

from __future__ import annotations

import math
import os
import re
from html.entities import html5
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from .fences import Fence, fences

DOC_SUFFIXES = (".md", ".mdx")
SKIP_DIRS = {"node_modules", ".git", ".docusaurus", "build", ".next"}

TAG_NAME = "Tiles"  # remark-tiles' `tagName` option names another
_NAME = re.compile(r"[A-Za-z_$][\w$:.-]*")
_TAG_NAME = re.compile(r"[A-Za-z_$][\w$.-]*")  # a JSX element name, e.g. Hand or Mj.Hand
_QUOTE = re.compile(r"(?:[ \t]*>)*")  # the blockquote markers that open a line
_MARKER = re.compile(r"[ \t]*>")
_PLAIN = re.compile(r"[^`<{\n]+")  # text the scanner passes over: no code span, tag, comment or line start
# a JS number literal, as in height={38.0} or row={0x8}; `_` separates digits
_DIGITS = r"[0-9](?:_?[0-9])*"
_JS_LITERAL = re.compile(
    rf"[+-]?(?:0[xX][0-9a-fA-F](?:_?[0-9a-fA-F])*|0[oO][0-7](?:_?[0-7])*|0[bB][01](?:_?[01])*"
    rf"|(?:(?:0|[1-9](?:_?[0-9])*)(?:\.(?:{_DIGITS})?)?|\.{_DIGITS})(?:[eE][+-]?{_DIGITS})?)")
_CHAR_REF = re.compile(r"&(?:#[xX]([0-9a-fA-F]*)|#([0-9]*)|([A-Za-z0-9]*))")
_LEGACY_REFS = {k for k in html5 if not k.endswith(";")}  # &amp without ';' (HTML's legacy names)
_JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "`": "`"}

# A value in a fence's info string: a quoted string, or a bare word (no space; opening with no quote
# or brace): one rule for a ```tiles fence's props and a ```tiles-scene block's options.
INFO_VALUE = re.compile(r""""[^"]*"|'[^']*'|[^\s"'`{]\S*""")
_BARE_WORD = re.compile(INFO_VALUE.pattern.rsplit("|", 1)[1])
_RUN_ON = re.compile(r"[<>]|\n[ \t]*\n")  # in a string value: a tag's start or end, or a blank line
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
    _: KW_ONLY
    end: int = 0  # just past its '>' (what a converter replaces)
    name: str = TAG_NAME  # the element name the tag was found by
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


def scan_text(text: str, path: str = "", name: str = TAG_NAME, prefix: str = "") -> list[TilesTag]:
    """All readable tags in a document; raises `TagSyntaxError` on the first broken one.

    ``name`` is the element to find (``"Hand"`` finds ``<Hand notation="1m" />``);
    ``prefix`` is the text before ``text`` on its first line (``"> "`` in a blockquote).
    """
    return list(_scan(text, path, strict=True, name=name, prefix=prefix))


def iter_tags(text: str, path: str = "", name: str = TAG_NAME, fenced: list[Fence] | None = None,
              comments: bool = True) -> Iterator[TilesTag | TagSyntaxError]:
    """Like `scan_text`, but yields a `TagSyntaxError` for a broken tag and goes on. ``fenced``: the
    page's `fences`, when the caller has found them already; ``comments=False`` skips the tags of
    HTML comments (outside code), as a page shows them: not at all.

    >>> page = '<!-- <Tiles notation="1m" /> -->\\nA `<!--` <Tiles notation="2m" /> <!-- -->'
    >>> [t.notation for t in iter_tags(page)], [t.notation for t in iter_tags(page, comments=False)]
    (['1m', '2m'], ['2m'])
    """
    return _scan(text, path, strict=False, name=name, fenced=fenced, comments=comments)


def tag_pattern(name: str) -> re.Pattern:
    """The start of a `<name` tag; raises ValueError for a name JSX cannot have.

    >>> bool(tag_pattern("Hand").match("<Hand/>")), bool(tag_pattern("Hand").match("<Handy/>"))
    (True, False)
    """
    if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
        raise ValueError(f"{str(name)[:32]!r} is not a JSX element name")
    return re.compile("<" + re.escape(name) + r"(?=[\s/>])")


def quote_depth(line_head: str) -> int:
    """How many blockquotes hold a line, from its text before a tag.

    >>> quote_depth("> > "), quote_depth(">> "), quote_depth("  "), quote_depth("a > b ")
    (2, 2, 0, 0)
    """
    return _QUOTE.match(line_head).group().count(">")


def _scan(text: str, path: str, strict: bool, name: str = TAG_NAME, prefix: str = "",
          fenced: list[Fence] | None = None, comments: bool = True) -> Iterator[TilesTag | TagSyntaxError]:
    start_tag = tag_pattern(name)
    i, n = 0, len(text)
    # fenced blocks, found as remark finds them: code
    code = {f.start: f.end for f in (fences(text) if fenced is None else fenced)}
    line_start = True
    while i < n:
        if line_start and code:
            j = i
            while j < n and text[j] in " \t>-+*.)0123456789":  # the line's blockquote, list and indent
                j += 1
            if j in code:
                i = _next_line(text, code[j])
                continue
        c = text[i]
        line_start = c == "\n"
        if c == "`":
            i = _skip_code_span(text, i)
        elif text.startswith("{/*", i):  # an MDX comment hides what it holds
            end = text.find("*/}", i + 3)
            i = n if end < 0 else end + 3
        elif not comments and text.startswith("<!--", i):  # an HTML comment, when it hides what it holds
            end = text.find("-->", i + 4)
            i = n if end < 0 else end + 3
        elif c == "<" and start_tag.match(text, i):
            try:
                line = text.rfind("\n", 0, i) + 1
                depth = quote_depth((prefix if not line else "") + text[line:i])
                tag, i = _read_tag(text, i, path, name, depth)
                yield tag
            except TagSyntaxError as err:
                if strict:
                    raise
                yield err
                i += 1
        else:
            i += 1
            if not line_start:  # pass over the rest of the plain text at once
                m = _PLAIN.match(text, i)
                if m:
                    i = m.end()


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


def _next_line_of_tag(text: str, i: int, depth: int) -> int:
    """After a line ending inside a tag: past the line's blockquote markers and indent, as MDX."""
    for _ in range(depth):
        m = _MARKER.match(text, i)
        if not m:
            break
        i = m.end()
    while i < len(text) and text[i] in " \t":
        i += 1
    return i


def _char_ref(text: str, i: int) -> tuple[str, int] | None:
    """The character reference at ``text[i] == "&"`` decoded as MDX does, and its end; or None.

    >>> _char_ref("&#x2B;", 0), _char_ref("&ampx;", 0), _char_ref("&amp x", 0), _char_ref("&#128;", 0)
    (('+', 6), ('&', 4), None, ('€', 6))
    """
    m = _CHAR_REF.match(text, i)
    hexa, dec, named = m.groups()
    digits = hexa if hexa is not None else dec
    if m.end() >= len(text) or text[m.end()] != ";" or not (digits or named):
        return None  # only a reference ended by ';' is decoded
    if named is not None:
        if named + ";" in html5:
            return html5[named + ";"], m.end() + 1
        # an unknown name that starts with a legacy one (&ampx;) decodes that part
        legacy = next((named[:k] for k in range(len(named), 0, -1) if named[:k] in _LEGACY_REFS), None)
        return (html5[legacy], i + 1 + len(legacy)) if legacy else None
    code = int(digits, 16 if hexa is not None else 10)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF or code == 0:
        return "\ufffd", m.end() + 1
    if 0x80 <= code <= 0x9F:  # HTML reads C1 controls as windows-1252
        try:
            return bytes([code]).decode("cp1252"), m.end() + 1
        except UnicodeDecodeError:
            pass
    return chr(code), m.end() + 1


def js_number_literal(source: str) -> int | float | None:
    """The value of a JS number literal (``38``, ``38.0``, ``3.8e1``, ``0x26``, ``-1``), else None.

    >>> js_number_literal("38.0"), js_number_literal("0x26"), js_number_literal("1_0"), js_number_literal("0b")
    (38.0, 38, 10, None)
    """
    if not _JS_LITERAL.fullmatch(source):
        return None
    text = source.replace("_", "")
    body = text.lstrip("+-")
    if body[:2].lower() in ("0x", "0o", "0b"):
        value = int(body, 0)
        return -value if text[0] == "-" else value
    value = float(text)
    return int(value) if re.fullmatch(r"[+-]?[0-9]+", text) and math.isfinite(value) else value


def info_tag(props: str) -> TilesTag:
    """The props of a tiles fence's info string (```` ```tiles river theme=dark ````), read as a tag's,
    where a value may also be a bare word (`INFO_VALUE`, as a ```` ```tiles-scene ```` block's options
    are read); raises `TagSyntaxError`.

    >>> info_tag("river theme=dark caption='Riichi &amp; tsumo' row={4} lang=ja").props
    {'river': True, 'theme': 'dark', 'caption': 'Riichi & tsumo', 'row': 4, 'lang': 'ja'}
    """
    return _read_tag(f"<{TAG_NAME} {props} />", 0, "", bare=True)[0]


def _read_tag(text: str, start: int, path: str, name: str = TAG_NAME, depth: int = 0,
              bare: bool = False) -> tuple[TilesTag, int]:
    """The tag at ``start`` and where it ends (``bare``: a value may be a bare word, as in a fence's
    info string). A tag that breaks after a string which ran on past its line over a tag's ``<`` or
    ``>`` or a blank line (``notation="123m />``, closed by the quote of the next tag's prop) breaks
    at that string's opening quote: that one is never closed.

    >>> _read_tag('<Tiles notation="123m />\\n\\nText.\\n\\n<Tiles notation="456m" />', 0, "")
    Traceback (most recent call last):
    ...
    service.pictures.scan.TagSyntaxError: string is never closed
    """
    runaway: list[int] = []  # the opening quote of a string that ran on, if one did
    try:
        return _read_props(text, start, path, name, depth, runaway, bare)
    except TagSyntaxError as err:
        if runaway and err.offset > runaway[0]:
            raise TagSyntaxError("string is never closed", runaway[0]) from None
        raise


def _runs_on(value: str) -> bool:
    """A string value that ran past its line over what ends or starts a tag, or a blank line."""
    return "\n" in value and _RUN_ON.search(value) is not None


def _read_props(text: str, start: int, path: str, name: str, depth: int, runaway: list[int],
                bare: bool = False) -> tuple[TilesTag, int]:
    tag = TilesTag(path, text, start, name=name)
    i = start + 1 + len(name)
    while True:
        while i < len(text) and text[i].isspace():
            i = _next_line_of_tag(text, i + 1, depth) if text[i] == "\n" else i + 1
        if i >= len(text):
            raise TagSyntaxError(f"<{name}> tag is never closed", start)
        if text.startswith("/>", i) or text[i] == ">":
            tag.end = i + (2 if text[i] == "/" else 1)
            return tag, tag.end
        if text[i] == "{":  # {...spread}
            _, _, i = _read_braces(text, i, depth)
            continue
        m = _NAME.match(text, i)
        if not m:
            raise TagSyntaxError(f"unexpected {text[i]!r} in <{name}> tag", i)
        prop, i = m.group(), m.end()
        j = i
        while j < len(text) and text[j] in " \t":
            j += 1
        if j >= len(text) or text[j] != "=":
            tag.props[prop] = True
            continue
        i = j + 1
        while i < len(text) and text[i].isspace():
            i = _next_line_of_tag(text, i + 1, depth) if text[i] == "\n" else i + 1
        if i < len(text) and text[i] in "\"'":
            opened = i
            value, offs, i = _read_quoted(text, i, jsx=True, depth=depth)
            if not runaway and _runs_on(value):
                runaway.append(opened)
        elif i < len(text) and text[i] == "{":
            value, offs, i = _read_braces(text, i, depth)
        elif bare and (word := _BARE_WORD.match(text, i)):  # a fence's info string: theme=dark
            value, offs, i = word.group(), list(range(i, word.end())), word.end()
        else:
            raise TagSyntaxError(f"prop {prop!r} needs a quoted string or {{...}} after '='", i)
        tag.props[prop] = value
        if offs is not None:
            tag.spans[prop] = offs


def _read_quoted(text: str, i: int, jsx: bool, depth: int = 0) -> tuple[str, list[int], int]:
    """A JSX attribute string (character references, no escapes) or a JS string literal (escapes).

    A new line in the value starts after its blockquote markers and indent, as in MDX.
    """
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
        if c == "&" and jsx and (ref := _char_ref(text, j)):
            chars += ref[0]
            offs += [j] * len(ref[0])
            j = ref[1]
            continue
        chars.append(c)
        offs.append(j)
        j = _next_line_of_tag(text, j + 1, depth) if c == "\n" else j + 1
    raise TagSyntaxError("string is never closed", i)


def _read_braces(text: str, i: int, depth: int = 0) -> tuple[Any, list[int] | None, int]:
    """`{'lit'}`, `{"lit"}`, `` {`lit`} ``, `{38}`, `{38.0}`, `{true}`; anything else is `EXPR`."""
    nest, j = 0, i  # braces open; ``depth`` stays the blockquotes' count, for a string's new lines
    lit = None
    while j < len(text):
        c = text[j]
        if c in "\"'`":
            value, offs, end = _read_quoted(text, j, jsx=False, depth=depth)
            if lit is None and not text[i + 1 : j].strip():
                lit = (value, offs, end)
            j = end
            continue
        if c == "{":
            nest += 1
        elif c == "}":
            nest -= 1
            if nest == 0:
                inner = text[i + 1 : j].strip()
                if lit and not text[lit[2] : j].strip():
                    value, offs, _ = lit
                    if text[lit[2] - 1] == "`" and "${" in value:
                        return EXPR, None, j + 1
                    return value, offs, j + 1
                if (number := js_number_literal(inner)) is not None:
                    return number, None, j + 1
                if inner in ("true", "false"):
                    return inner == "true", None, j + 1
                return EXPR, None, j + 1
        j += 1
    raise TagSyntaxError("'{' is never closed", i)
