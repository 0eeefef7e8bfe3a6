"""Where each character of a YAML scalar's value stands in the YAML text.

PyYAML keeps where a scalar starts, not where each of its characters came from; a block
scalar (``|``, ``>``), an escape (``"\\u0031"``), a folded line or a ``''`` in single
quotes moves them apart. `value_offsets` walks the scalar's source as PyYAML's scanner
reads it and gives the source index of each value character (of an escape: its ``\\``;
of a folded line break: the break), or None when its walk does not give the value back.

>>> import yaml
>>> text = 'hand: "\\\\u0031\\\\u0032m q"'
>>> node = yaml.compose(text, Loader=yaml.SafeLoader).value[0][1]
>>> node.value, value_offsets(text, node)
('12m q', [7, 13, 19, 20, 21])
>>> text = "hand: |\\n  12m\\n  3q\\n"
>>> node = yaml.compose(text, Loader=yaml.SafeLoader).value[0][1]
>>> [mark_of(text, node, i) for i in value_offsets(text, node)][4:6]
[(3, 3), (3, 4)]
"""

from __future__ import annotations

BREAKS = "\r\n\x85\u2028\u2029"
_ESCAPES = {"0": "\0", "a": "\x07", "b": "\x08", "t": "\t", "\t": "\t", "n": "\n", "v": "\x0b", "f": "\x0c",
            "r": "\r", "e": "\x1b", " ": " ", '"': '"', "\\": "\\", "/": "/", "N": "\x85", "_": "\xa0",
            "L": "\u2028", "P": "\u2029"}
_CODES = {"x": 2, "u": 4, "U": 8}
_HEX = "0123456789ABCDEFabcdef"
MAX_INDENT = 64  # block scalar indents tried when an indentation indicator hides the parent's


def value_offsets(source: str, node) -> list[int] | None:
    """The source index of each character of ``node.value`` (a scalar node composed from ``source``)."""
    start = node.start_mark.index
    try:
        if node.style in ("'", '"'):
            candidates = [_quoted(source, start, node.style == '"')]
        elif node.style in ("|", ">"):
            candidates = (_block(source, start, node.style == ">", indent) for indent in _indents(source, start))
        else:
            candidates = [_plain(source, start, node.end_mark.index)]
        for chars in candidates:
            if chars is not None and "".join(c for c, _ in chars) == node.value:
                return [at for _, at in chars]
    except (IndexError, ValueError):
        pass
    return None


def mark_of(source: str, node, index: int) -> tuple[int, int]:
    """1-based line and column of ``source[index]``, counted as PyYAML counts them from the node's start."""
    mark = node.start_mark
    line, col = mark.line, mark.column
    for i in range(mark.index, min(index, len(source))):
        ch = source[i]
        if ch in "\n\x85\u2028\u2029" or (ch == "\r" and source[i + 1:i + 2] != "\n"):
            line, col = line + 1, 0
        elif ch != "\ufeff":
            col += 1
    return line + 1, col + 1


class _Reader:
    """A cursor over the source with PyYAML's column counting."""

    def __init__(self, source: str, index: int, column: int = 0):
        self.s, self.i, self.column = source + "\0", index, column

    def peek(self, k: int = 0) -> str:
        return self.s[self.i + k] if self.i + k < len(self.s) else "\0"

    def forward(self, n: int = 1) -> None:
        for _ in range(n):
            ch = self.s[self.i]
            self.i += 1
            if ch in "\n\x85\u2028\u2029" or (ch == "\r" and self.peek() != "\n"):
                self.column = 0
            elif ch != "\ufeff":
                self.column += 1

    def take(self, n: int) -> list[tuple[str, int]]:
        out = [(self.s[self.i + k], self.i + k) for k in range(n)]
        self.forward(n)
        return out

    def line_break(self) -> list[tuple[str, int]]:
        """A line break as the value holds it (``\\n``, or U+2028/U+2029 kept), where it stands."""
        ch, at = self.peek(), self.i
        if ch in "\r\n\x85":
            self.forward(2 if self.s[self.i:self.i + 2] == "\r\n" else 1)
            return [("\n", at)]
        if ch in "\u2028\u2029":
            self.forward()
            return [(ch, at)]
        return []


def _plain(source: str, start: int, end: int) -> list[tuple[str, int]]:
    """A plain scalar: runs of text, spaces between them, line breaks folded."""
    r, out = _Reader(source, start), []
    while r.i < end:
        if r.peek() != " " and r.peek() not in BREAKS:
            out += r.take(1)
            continue
        n = 0
        while r.peek(n) == " ":
            n += 1
        if r.peek(n) not in BREAKS:
            out += r.take(n)
            continue
        r.forward(n)
        out += _folded(r, r.line_break(), " ")
    return out


def _folded(r: _Reader, line_break: list[tuple[str, int]], blanks: str) -> list[tuple[str, int]]:
    """After a line break in a flow or plain scalar: the empty lines' breaks, or one space for a lone break."""
    breaks = _empty_lines(r, blanks)
    (ch, at), = line_break
    if ch != "\n":
        return [(ch, at)] + breaks
    return breaks if breaks else [(" ", at)]


def _quoted(source: str, start: int, double: bool) -> list[tuple[str, int]]:
    """A single- or double-quoted scalar (``''`` is a quote; ``\\`` escapes in double quotes)."""
    r, out = _Reader(source, start + 1), []
    quote = "\"" if double else "'"
    while True:
        ch = r.peek()
        if ch == "\0":
            raise ValueError("unclosed")
        if ch == quote and not (not double and r.peek(1) == "'"):
            return out
        if ch in " \t":
            n = 0
            while r.peek(n) in " \t":
                n += 1
            if r.peek(n) in BREAKS and r.peek(n) != "\0":
                r.forward(n)
                out += _folded(r, r.line_break(), " \t")
            else:
                out += r.take(n)
        elif ch in BREAKS:
            out += _folded(r, r.line_break(), " \t")
        elif not double and ch == "'":  # '' in single quotes
            out.append(("'", r.i))
            r.forward(2)
        elif double and ch == "\\":
            at = r.i
            r.forward()
            esc = r.peek()
            if esc in _ESCAPES:
                out.append((_ESCAPES[esc], at))
                r.forward()
            elif esc in _CODES:
                digits = r.s[r.i + 1:r.i + 1 + _CODES[esc]]
                if len(digits) != _CODES[esc] or any(c not in _HEX for c in digits):
                    raise ValueError("bad escape")
                out.append((chr(int(digits, 16)), at))
                r.forward(1 + len(digits))
            elif esc in BREAKS:  # an escaped line break joins the lines
                r.line_break()
                out += _empty_lines(r, " \t")
            else:
                raise ValueError("bad escape")
        else:
            out += r.take(1)


def _empty_lines(r: _Reader, blanks: str) -> list[tuple[str, int]]:
    """The breaks of the empty lines ahead, and the next line's leading blanks skipped."""
    breaks = []
    while r.peek() in blanks or r.peek() in BREAKS:
        if r.peek() in blanks:
            r.forward()
        else:
            breaks += r.line_break()
    return breaks


def _skip(r: _Reader, chars: str) -> None:
    while r.peek() in chars and r.peek() != "\0":
        r.forward()


def _indents(source: str, start: int) -> list[int]:
    """The block indents to try: the one the first lines show, then every other (an indentation
    indicator counts from the parent's indent, which the node does not keep)."""
    r = _Reader(source, start)
    _header(r)
    shown = 0
    while r.peek() in " " + BREAKS and r.peek() != "\0":
        if r.peek() == " ":
            r.forward()
            shown = max(shown, r.column)
        else:
            r.line_break()
    return [shown] + [n for n in range(1, MAX_INDENT) if n != shown]


def _header(r: _Reader) -> bool | None:
    """Past a block scalar's header line; its chomping (True keep, False strip, None clip)."""
    r.forward()  # | or >
    chomping = None
    for _ in range(2):
        if r.peek() in "+-":
            chomping = r.peek() == "+"
            r.forward()
        elif r.peek() in "123456789":
            r.forward()
    _skip(r, " ")
    if r.peek() == "#":
        while r.peek() not in BREAKS:
            r.forward()
    r.line_break()
    return chomping


def _block(source: str, start: int, folded: bool, indent: int) -> list[tuple[str, int]] | None:
    """A literal or folded block scalar read at ``indent``, as PyYAML's scan_block_scalar reads it."""
    if indent < 1:
        return None
    r = _Reader(source, start)
    chomping = _header(r)
    breaks = _breaks(r, indent)
    out: list[tuple[str, int]] = []
    line_break: list[tuple[str, int]] = []
    while r.column == indent and r.peek() != "\0":
        out += breaks
        leading_non_space = r.peek() not in " \t"
        n = 0
        while r.peek(n) not in "\0" + BREAKS:
            n += 1
        out += r.take(n)
        line_break = r.line_break()
        breaks = _breaks(r, indent)
        if r.column == indent and r.peek() != "\0":
            if folded and line_break[:1] and line_break[0][0] == "\n" and leading_non_space and r.peek() not in " \t":
                if not breaks:
                    out.append((" ", line_break[0][1]))
            else:
                out += line_break
        else:
            break
    if chomping is not False:
        out += line_break
    if chomping is True:
        out += breaks
    return out


def _breaks(r: _Reader, indent: int) -> list[tuple[str, int]]:
    """Empty lines (their breaks) and the indent before the next line's text."""
    out = []
    while r.column < indent and r.peek() == " ":
        r.forward()
    while r.peek() in BREAKS and r.peek() != "\0":
        out += r.line_break()
        while r.column < indent and r.peek() == " ":
            r.forward()
    return out
