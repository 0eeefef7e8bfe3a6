r"""Find the `\tiles[options]{notation}` calls of a LaTeX document, with where each notation character sits.

The options are LaTeX's key=value list: ``\tiles[river,dora=4z]{1m9p*2z}``; a key alone is a flag
(``river``, ``inline``), ``key=true``/``false`` too, a value may be braced (``dora={4z}``). They are given
to `service.pictures.tag_props.read_tag` as a `<Tiles>` tag's props. Comments (``%``), ``\verb`` and
the verbatim environments are passed over, as TeX passes over them.

>>> calls = latex_calls("Wait \\tiles{14s}. % \\tiles{9z}\n\\tiles[river, dora={4z}]{1m2q}", "a.tex")
>>> [(t.notation, t.props) for t in calls]
[('14s', {'notation': '14s'}), ('1m2q', {'river': True, 'dora': '4z', 'notation': '1m2q'})]
>>> calls[1].where(3), calls[1].where(0, "dora"), calls[1].options
((2, 29), (2, 21), 'river, dora={4z}')
>>> [str(p) for p in latex_calls("\\tiles{123m", "a.tex")]
['a.tex:1:7: { is never closed']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .scan import TilesTag, line_col
from .tag_props import FLAG_PROPS, Problem

NAME = "tiles"
_CALL = re.compile(r"\\tiles(?![A-Za-z@])")
_VERBATIM = re.compile(r"\\begin\{(verbatim\*?|Verbatim|lstlisting|minted|comment)\}")
_VERB = re.compile(r"\\verb\*?(?![A-Za-z])")
_KEY = re.compile(r"[ \t\n]*([A-Za-z][\w-]*)[ \t\n]*(=?)")
FLAGS = (*FLAG_PROPS, "river")  # a key alone, or key=true / key=false
NOT_IN_KEY = set("\\%#$&^_~")  # what the index file or TeX's \detokenize would not write back as it is


@dataclass
class LatexCall(TilesTag):
    """A `\\tiles` call: a tag, with its options as TeX reads them (the index's lookup key)."""

    options: str = ""  # the text in [...], as TeX reads it (`tex_text`)
    written: str = ""  # the text in {...}, as TeX reads it

    @property
    def key(self) -> str:
        """What ``tiles.sty`` looks the call up by: ``NOTATION|OPTIONS`` as TeX's ``\\detokenize`` writes them."""
        return f"{self.written}|{self.options}"


def latex_calls(text: str, path: str = "") -> list[TilesTag | Problem]:
    """Every `\\tiles` call of a LaTeX document, in order; one that cannot be read is a `Problem` at its place."""
    out: list[TilesTag | Problem] = []
    hidden = hidden_spans(text)
    for m in _CALL.finditer(text):
        backslashes = len(text[: m.start()]) - len(text[: m.start()].rstrip("\\"))
        if backslashes % 2 or any(a <= m.start() < b for a, b in hidden):  # \\tiles: a line break, then text
            continue
        try:
            out.append(_call(text, m.start(), m.end(), path))
        except SyntaxError as err:
            out.append(Problem(path, *line_col(text, err.offset), err.msg))
    return out


def hidden_spans(text: str) -> list[tuple[int, int]]:
    """The spans TeX does not read as commands here: comments, \\verb text, verbatim environments."""
    spans, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\":
            if (m := _VERBATIM.match(text, i)):
                end = text.find(f"\\end{{{m.group(1)}}}", m.end())
                end = len(text) if end < 0 else end
                spans.append((i, end))
                i = end + 1
                continue
            if (m := _VERB.match(text, i)) and m.end() < len(text):
                close = text.find(text[m.end()], m.end() + 1)
                end = len(text) if close < 0 else close + 1
                spans.append((i, end))
                i = end
                continue
            i += 2
        elif c == "%":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


def _error(message: str, offset: int) -> SyntaxError:
    err = SyntaxError(message)
    err.offset = offset
    return err


def _call(text: str, start: int, i: int, path: str) -> TilesTag | Problem:
    tag = LatexCall(path, text, start, name=NAME)
    i = skip_blanks(text, i)
    if i < len(text) and text[i] == "[":
        close = group_end(text, i, "[", "]")
        tag.options = tex_text(text[i + 1 : close])
        problem = _read_options(tag, text, i + 1, close, path)
        if problem is not None:
            return problem
        i = skip_blanks(text, close + 1)
    if i >= len(text) or text[i] != "{":
        return Problem(path, *line_col(text, start), f"\\{NAME} needs its notation in braces, like \\{NAME}{{123m}}")
    close = group_end(text, i, "{", "}")
    lead = i + 1
    while lead < close and text[lead] in " \t\n":
        lead += 1
    end = close
    while end > lead and text[end - 1] in " \t\n":
        end -= 1
    tag.props["notation"] = text[lead:end]  # as written: each character at its place
    tag.spans["notation"] = list(range(lead, end))
    tag.written = tex_text(text[i + 1 : close])
    tag.end = close + 1
    if bad := sorted(set(text[i + 1 : close] + tag.options) & NOT_IN_KEY):
        return Problem(path, *line_col(text, start), f"a \\{NAME} call cannot hold {bad[0]!r} (the notation and "
                                                     "options are tiles, words and numbers)")
    return tag


def _read_options(tag: TilesTag, text: str, i: int, close: int, path: str) -> Problem | None:
    """Read ``key=value, key`` from ``text[i:close]`` into the tag's props and spans."""
    while i < close:
        m = _KEY.match(text, i, close)
        if m is None or not m.group(1):
            if not text[i:close].strip(" \t\n,"):
                return None
            return Problem(path, *line_col(text, i), f"\\{NAME} options are key=value, like [river,dora=4z]")
        name, i = m.group(1), m.end()
        if not m.group(2):  # a key alone
            tag.props[name] = True
        else:
            while i < close and text[i] in " \t\n":
                i += 1
            if i < close and text[i] == "{":
                end = group_end(text, i, "{", "}")
                at, stop, i = i + 1, end, end + 1
            else:
                at = i
                while i < close and text[i] != ",":
                    i += 1
                stop = i
                while stop > at and text[stop - 1] in " \t\n":
                    stop -= 1
            value = text[at:stop]
            if name in FLAGS and value.strip().lower() in ("true", "false"):
                tag.props[name] = value.strip().lower() == "true"
            else:
                tag.props[name] = value
                tag.spans[name] = list(range(at, stop))
        while i < close and text[i] in " \t\n":
            i += 1
        if i < close and text[i] != ",":
            return Problem(path, *line_col(text, i), f"\\{NAME} options are separated by commas, like [river,dora=4z]")
        i += 1
    return None


def skip_blanks(text: str, i: int) -> int:
    """Past the blanks TeX skips after a command name (one line end at most)."""
    while i < len(text) and text[i] in " \t":
        i += 1
    if i < len(text) and text[i] == "\n":
        i += 1
        while i < len(text) and text[i] in " \t":
            i += 1
    return i


def group_end(text: str, i: int, opens: str, closes: str) -> int:
    """The offset of the ``closes`` that ends the group opened at ``i`` (braces nest inside)."""
    depth, j = 0, i + 1
    while j < len(text):
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0 and closes == "}":
                return j
            depth -= 1
        elif c == closes and depth == 0:
            return j
        j += 1
    raise _error(f"{opens} is never closed", i)


def tex_text(raw: str) -> str:
    r"""Source text as TeX's tokens write it back (``\detokenize``): each line end and the blanks around
    it a space, a run of blanks one space.

    >>> tex_text("river,  \n   dora=4z"), tex_text(" a \t b ")
    ('river, dora=4z', ' a b ')
    """
    lines = raw.split("\n")  # TeX drops the blanks that end a line, and those that open the next
    out = " ".join([lines[0].rstrip(" \t")] + [line.strip(" \t") for line in lines[1:-1]] + [lines[-1].lstrip(" \t")]
                   if len(lines) > 1 else lines)
    return re.sub(r"[ \t]+", " ", out)
