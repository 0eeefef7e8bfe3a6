"""Find the `#tiles("…", name: value)` calls of a Typst document, with where each notation character sits.

A call is read as Typst reads it: in markup, ``#tiles(...)``; in code (the arguments of
``#figure(...)``, a ``#{...}`` block, a ``#let``), ``tiles(...)``. Comments, raw text and strings are
passed over, so ``// #tiles("1m")`` and ```` `#tiles("1m")` ```` draw nothing. The first argument is
the notation, a string literal; the named arguments are the options (strings, ``true``/``false``,
numbers), given to `service.pictures.tag_props.read_tag` as a `<Tiles>` tag's props. ``size:`` is
Typst's own (a length: the tile's height on the page), never a picture option.

>>> calls = typst_calls('Wait: #tiles("14s", inline: true).\\n#figure(tiles("1m\\\\u{2b}2m", dora: "4z"))', "a.typ")
>>> [(t.notation, t.props) for t in calls]
[('14s', {'notation': '14s', 'inline': True}), ('1m+2m', {'notation': '1m+2m', 'dora': '4z'})]
>>> calls[1].where(2), calls[1].where(0, "dora")
((2, 18), (2, 36))
>>> [str(p) for p in typst_calls('#tiles("1m", river: x)\\n#tiles("2m"', "a.typ")]
['a.typ:1:21: warning: river: x is no literal (a string, true, false or a number): it cannot be read before the document compiles', 'a.typ:2:7: the call is never closed']
"""

from __future__ import annotations

import re

from .scan import EXPR, TilesTag, line_col
from .tag_props import Problem

NAME = "tiles"  # the function the document imports from tiles.typ
TYPST_ONLY = ("size",)  # Typst's own arguments: how big on the page, not what is drawn
KEYWORDS = {"let", "set", "show", "import", "include", "if", "else", "for", "while", "return", "context",
            "break", "continue", "in", "not", "and", "or", "as"}
_IDENT = re.compile(r"[A-Za-z_][\w-]*")
_NUMBER = re.compile(r"[+-]?(?:0x[0-9a-fA-F]+|0o[0-7]+|0b[01]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?)")
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_UNICODE = re.compile(r"u\{([0-9a-fA-F]{1,6})\}")


class CallError(ValueError):
    """A `tiles(` call that cannot be read (unclosed string or parenthesis), at its file offset."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message, self.offset = message, offset


def typst_calls(text: str, path: str = "") -> list[TilesTag | Problem]:
    """Every `tiles(...)` call of a Typst document as a tag, in order; a call that cannot be read is a
    `Problem` at its place (and the rest of the document is still read).

    A named argument that is no literal (``dora: d``) cannot be read before the document compiles: it
    is a warning, and the call is left out.
    """
    found, lost = call_sites(text)
    out: list[TilesTag | Problem] = []
    for start, paren in found:
        try:
            out.append(_call(text, start, paren, path))
        except CallError as err:
            out.append(Problem(path, *line_col(text, err.offset), err.message))
    if lost is not None and not (out and isinstance(out[-1], Problem) and not out[-1].warning):
        out.append(Problem(path, *line_col(text, lost), "the document cannot be read past here "
                                                        "(a string, raw text or bracket is never closed)"))
    return out


class _Found(list):
    """The (offset of the name, offset of its ``(``) of each call found, and the names looked for."""

    def __init__(self, names: tuple[str, ...]):
        super().__init__()
        self.names = names


def call_sites(text: str, names: tuple[str, ...] = (NAME,)) -> tuple[list[tuple[int, int]], int | None]:
    """Where each call of a function in ``names`` stands in a Typst document (its name's offset and its
    ``(``'s), as Typst reads the document; and the offset where the scanner lost its way (None: nowhere).

    >>> call_sites('#hand("1m") // #hand("2m")\\n#figure(river("3m"))', ("hand", "river"))
    ([(1, 5), (35, 40)], None)
    """
    found = _Found(names)
    try:
        _markup(text, 0, None, found)
    except CallError as err:
        return list(found), err.offset  # told, unless a call's own problem tells it
    return list(found), None


def _call(text: str, start: int, paren: int, path: str) -> TilesTag | Problem:
    """The tag of the call whose name starts at ``start`` and whose ``(`` is at ``paren``."""
    tag = TilesTag(path, text, start, name=NAME)
    args, end = call_arguments(text, paren)
    tag.end = end
    positional = 0
    for name, value_at, value_end in args:
        raw = text[value_at:value_end].strip()
        value, offsets = literal(text, value_at, value_end)
        if name is None:
            positional += 1
            if positional > 1:
                return Problem(path, *line_col(text, value_at), f"{NAME}() takes one notation; give the options "
                                                                "by name, like river: true")
            if value is EXPR:
                return Problem(path, *line_col(text, value_at), f"the notation {raw[:24]} is not a string literal: "
                                                                "it cannot be read before the document compiles",
                               warning=True)
            if not isinstance(value, str):
                return Problem(path, *line_col(text, value_at), f"the notation must be a string, like \"123m\", "
                                                                f"not {raw[:24]}")
            tag.props["notation"], tag.spans["notation"] = value, offsets
        elif name in TYPST_ONLY:
            continue
        elif value is EXPR:
            return Problem(path, *line_col(text, value_at), f"{name}: {raw[:24]} is no literal (a string, true, "
                                                            "false or a number): it cannot be read before the "
                                                            "document compiles", warning=True)
        else:
            tag.props[name] = value
            if offsets:
                tag.spans[name] = offsets
    if "notation" not in tag.props:
        return Problem(path, *line_col(text, start), f"{NAME}() needs the notation first, like {NAME}(\"123m\")")
    return tag


def call_arguments(text: str, paren: int) -> tuple[list[tuple[str | None, int, int]], int]:
    """(name or None, value start, value end) of each argument of the call whose ``(`` is at ``paren``,
    and the offset just past its ``)``."""
    args, i = [], paren + 1
    while True:
        i = _space(text, i)
        if i >= len(text):
            raise CallError("the call is never closed", paren)
        if text[i] == ")":
            return args, i + 1
        name = None
        m = _IDENT.match(text, i)
        if m:
            j = _space(text, m.end())
            if j < len(text) and text[j] == ":":
                name, i = m.group(), j + 1
        value_at = i = _space(text, i)
        depth = 0
        while True:
            if i >= len(text):
                raise CallError("the call is never closed", paren)
            c = text[i]
            if depth == 0 and c in ",)":
                break
            if c in "([{":
                depth += 1
                i += 1
            elif c in ")]}":
                depth -= 1
                i += 1
            else:
                i = _skip_atom(text, i, code=True)
        args.append((name, value_at, i))
        if text[i] == ",":
            i += 1


def literal(text: str, start: int, end: int) -> tuple[object, list[int]]:
    """The value of an argument's text: a string (with each character's offset), a bool, a number; or EXPR."""
    i = _space(text, start)
    j = end
    while j > i and text[j - 1].isspace():
        j -= 1
    raw = text[i:j]
    if raw.startswith('"'):
        value, offsets, after = _string(text, i)
        if after == j:
            return value, offsets
        return EXPR, []
    if raw in ("true", "false"):
        return raw == "true", []
    if _NUMBER.fullmatch(raw):
        body = raw.lstrip("+-")
        sign = -1 if raw.startswith("-") else 1
        if body[:2] in ("0x", "0o", "0b"):
            return sign * int(body, 0), []
        number = float(body)
        return sign * (int(body) if body.isdigit() else number), []
    return EXPR, []


def _string(text: str, i: int) -> tuple[str, list[int], int]:
    """The Typst string literal at ``text[i] == '"'``: its value, each character's offset, its end."""
    chars, offsets, j = [], [], i + 1
    while j < len(text):
        c = text[j]
        if c == '"':
            return "".join(chars), offsets, j + 1
        if c == "\\" and j + 1 < len(text):
            m = _UNICODE.match(text, j + 1)
            if m:
                code = int(m.group(1), 16)
                chars.append(chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd")
                offsets.append(j)
                j = m.end()
                continue
            chars.append(_ESCAPES.get(text[j + 1], "\\" + text[j + 1]))
            offsets += [j] * len(chars[-1])
            j += 2
            continue
        chars.append(c)
        offsets.append(j)
        j += 1
    raise CallError("string is never closed", i)


def _space(text: str, i: int) -> int:
    """Past blanks, line ends and comments."""
    while i < len(text):
        if text[i].isspace():
            i += 1
        elif text.startswith("//", i) or text.startswith("/*", i):
            i = _comment(text, i)
        else:
            break
    return i


def _comment(text: str, i: int) -> int:
    """Past the comment at ``i`` (``//`` to the line's end; ``/* */``, nested as Typst nests them)."""
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    depth, j = 0, i
    while j < len(text):
        if text.startswith("/*", j):
            depth, j = depth + 1, j + 2
        elif text.startswith("*/", j):
            depth, j = depth - 1, j + 2
            if depth == 0:
                return j
        else:
            j += 1
    return len(text)  # Typst ends an unclosed block comment at the file's end


def _raw(text: str, i: int) -> int:
    """Past the raw text at ``text[i] == '`'`` (a run of 3 or more backticks ends at as many)."""
    j = i
    while j < len(text) and text[j] == "`":
        j += 1
    run = j - i
    if run == 2:  # an empty raw
        return j
    end = text.find("`" * run, j)
    if end < 0:
        raise CallError("raw text is never closed", i)
    return end + run


def _skip_atom(text: str, i: int, code: bool) -> int:
    """Past one thing that hides what it holds (a comment, raw text, a string in code), or one character."""
    c = text[i]
    if text.startswith("//", i) and (code or i == 0 or text[i - 1] != ":"):  # https:// in markup is a link
        return _comment(text, i)
    if text.startswith("/*", i):
        return _comment(text, i)
    if c == "`":
        return _raw(text, i)
    if c == '"' and code:
        return _string(text, i)[2]
    return i + 1


def _markup(text: str, i: int, closer: str | None, found: list) -> int:
    """Scan markup from ``i`` to its ``]`` (``closer``) or the end; return where it stopped."""
    while i < len(text):
        c = text[i]
        if c == closer:
            return i
        if c == "\\":
            i += 2
        elif c == "[":
            i = _markup(text, i + 1, "]", found) + 1
        elif c == "#":
            i = _embedded(text, i + 1, found)
        else:
            i = _skip_atom(text, i, code=False)
    if closer is not None:
        raise CallError("a content block is never closed", i)
    return i


def _embedded(text: str, i: int, found: list) -> int:
    """Scan the code expression after a ``#`` in markup: a statement to its line's end, or a name with its
    calls, fields and content blocks."""
    m = _IDENT.match(text, i)
    if m is None:
        if i < len(text) and text[i] in "({":
            return _code(text, i + 1, ")" if text[i] == "(" else "}", found) + 1
        return i
    if m.group() in KEYWORDS:
        return _code(text, m.end(), "\n", found)
    i = m.end()
    if m.group() in found.names and i < len(text) and text[i] == "(":
        found.append((m.start(), i))
    while i < len(text):
        if text[i] == "(":
            i = _code(text, i + 1, ")", found) + 1
        elif text[i] == "[":
            i = _markup(text, i + 1, "]", found) + 1
        elif text[i] == "." and (m := _IDENT.match(text, i + 1)) and m.group() not in KEYWORDS:
            i = m.end()
        else:
            break
    return i


def _code(text: str, i: int, closer: str, found: list) -> int:
    """Scan code from ``i`` to its ``closer`` (``)``, ``}``, or a line end outside brackets); return its offset."""
    while i < len(text):
        c = text[i]
        if c == closer:
            return i
        if c == "(":
            i = _code(text, i + 1, ")", found) + 1
        elif c == "{":
            i = _code(text, i + 1, "}", found) + 1
        elif c == "[":
            i = _markup(text, i + 1, "]", found) + 1
        elif c in ")}]" and closer == "\n":  # a statement's line ends inside an enclosing bracket
            return i
        elif (m := _IDENT.match(text, i)) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_.-")):
            if m.group() in found.names and m.end() < len(text) and text[m.end()] == "(":
                found.append((m.start(), m.end()))
            i = m.end()
        else:
            i = _skip_atom(text, i, code=True)
    if closer != "\n":
        raise CallError(f"{'(' if closer == ')' else '{'} is never closed", i)
    return i
