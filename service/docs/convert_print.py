r"""`tiles convert` of printed documents: the peers' LaTeX and Typst markup rewritten as our calls.

- LaTeX (``--from latex``): the ``mahjong`` and ``mahjong-tiles`` packages' ``\mahjong{...}`` (its
  optional size dropped: our tiles in a line of text are the text's height, `service.docs.latex`)
  and ``\mahjongriver{...}`` become ``\tiles{...}`` and ``\tiles[river]{...}``; their
  ``\usepackage`` becomes ``\usepackage{tiles/tiles}`` (the folder ``tiles build --out tiles/``
  writes) and ``\mahjongtilessetup{...}`` is taken out.
- Typst (``--from riichinator``): riichinator's ``hand("...")`` and ``river("...")`` become
  ``tiles("...")`` and ``tiles("...", river: true)`` (``inline: true`` in a line of text), a
  ``tile-height:`` our ``size:``; its ``#import`` becomes ``#import "tiles/tiles.typ": tiles``,
  kept beside ours when the document still draws its board or sticks, which have no call here.

Our own calls that name the dialect (``\tiles[dialect=latex]{...}``, ``tiles("...", dialect: "mahgen")``;
with ``--all`` those that name none) get their notation in ours and lose the option, as tags do.
Comments and verbatim text are passed over, as TeX and Typst pass over them.

>>> page = Page("\\usepackage{mahjong}\n\\mahjong[2em]{123's-50\"5m} % \\mahjong{9q}\n", "a.tex", "latex", False)
>>> convert_print(page); print(apply(page), end="")
\usepackage{tiles/tiles}
\tiles{12-3s+5-0=05m} % \mahjong{9q}
>>> page = Page('#import "@preview/riichinator:0.1.1": *\n#river("1s6p7m67s8p253\'z")\n', "a.typ", "riichinator", False)
>>> convert_print(page); print(apply(page), end="")
#import "tiles/tiles.typ": tiles
#tiles("1s6p7m67s8p25-3z", river: true)
"""

from __future__ import annotations

import re

from service.notation import dialects
from service.pictures.latex_calls import group_end, hidden_spans, latex_calls, skip_blanks
from service.pictures.scan import TilesTag
from service.pictures.tag_props import tag_layout
from service.pictures.typst_calls import CallError, call_arguments, call_sites, literal, typst_calls

from .convert_page import Edit, Page, alone_on_line, char_end
from .typst import typst_string

PRINTED = (".tex", ".typ")
_LATEX_CALL = re.compile(r"\\(mahjongriver|mahjong|mahjongtilessetup)(?![A-Za-z@])")
_LATEX_PACKAGE = re.compile(r"\\usepackage[ \t]*(?:\[[^\]]*\])?[ \t]*\{([^}]*)\}")
_PEER_PACKAGES = ("mahjong", "mahjong-tiles")
_TYPST_IMPORT = re.compile(r"^[ \t]*#import[ \t]+\"@preview/riichinator:[^\"]*\"[^\n]*$", re.MULTILINE)
_TYPST_OTHERS = re.compile(r"(?<![\w-])(board|riichi-stick|honba-stick)\(")  # riichinator's own, not ours
OUR_TYPST_IMPORT = '#import "tiles/tiles.typ": tiles'
OUR_LATEX_PACKAGE = r"\usepackage{tiles/tiles}"


def convert_print(page: Page) -> None:
    """Add the edits that rewrite a printed document's peer markup (nothing for another dialect)."""
    dialect = dialects.dialect_name(page.dialect)
    if page.path.endswith(".tex"):
        _our_latex_calls(page)
        if dialect == "latex":
            _latex(page)
    elif page.path.endswith(".typ"):
        _our_typst_calls(page)
        if dialect == "riichinator":
            _typst(page)


def _our_latex_calls(page: Page) -> None:
    """``\\tiles[dialect=latex]{...}`` (any dialect converted; with ``--all`` a call naming none):
    its notation in ours, the option taken out."""
    for tag in latex_calls(page.text, page.path):
        if not isinstance(tag, TilesTag) or not page.names_it(tag.props.get("dialect")):
            continue
        offsets = tag.spans["notation"]
        new = page.ours(tag.notation, offsets, tag_layout(tag)) if offsets else None
        if new is None:
            continue
        page.replace(offsets, new)
        if "dialect" in tag.props:
            _drop_latex_option(page, tag)


def _drop_latex_option(page: Page, tag: TilesTag) -> None:
    """Take ``dialect=...`` out of a call's ``[...]`` (the brackets too when nothing is left)."""
    text = page.text
    opening = skip_blanks(text, tag.offset + len("\\tiles"))
    close = group_end(text, opening, "[", "]")
    parts, depth, start = [], 0, opening + 1
    for j in range(opening + 1, close + 1):
        c = text[j] if j < close else ","
        depth += (c == "{") - (c == "}")
        if c == "," and depth == 0:
            parts.append((start, j))
            start = j + 1
    kept = [text[a:b] for a, b in parts if not re.match(r"\s*dialect\s*(=|$)", text[a:b])]
    page.edits.append(Edit(opening, close + 1, f"[{','.join(kept)}]" if any(p.strip() for p in kept) else ""))


def _our_typst_calls(page: Page) -> None:
    """``tiles("...", dialect: "riichinator")`` (any dialect converted; with ``--all`` a call naming none):
    its notation in ours, the argument taken out."""
    text = page.text
    for tag in typst_calls(text, page.path):
        if not isinstance(tag, TilesTag) or not page.names_it(tag.props.get("dialect")):
            continue
        offsets = tag.spans.get("notation")
        new = page.ours(tag.notation, offsets, tag_layout(tag)) if offsets else None
        if new is None:
            continue
        quote = text.rfind('"', 0, offsets[0])
        page.edits.append(Edit(quote, text.index('"', char_end(text, offsets[-1])) + 1, typst_string(new)))
        page.count += 1
        if "dialect" in tag.props:
            args, _ = call_arguments(text, text.index("(", tag.offset))
            _, value_at, value_end = next(a for a in args if a[0] == "dialect")
            name_at = text.rfind("dialect", 0, value_at)
            page.edits.append(Edit(text.rfind(",", 0, name_at), value_end, ""))


def apply(page: Page) -> str:
    """The page's text with its edits made (the first of two that overlap)."""
    out, last = [], 0
    for edit in sorted(page.edits):
        if edit.start < last:
            continue
        out += [page.text[last:edit.start], edit.new]
        last = edit.end
    out.append(page.text[last:])
    return "".join(out)


def _escaped(text: str, at: int) -> bool:
    """Whether the backslash at ``at`` is written after another (``\\\\mahjong``: a line break, then text)."""
    backslashes = len(text[:at]) - len(text[:at].rstrip("\\"))
    return backslashes % 2 == 1


def _latex(page: Page) -> None:
    text = page.text
    hidden = hidden_spans(text)
    for m in _LATEX_CALL.finditer(text):
        if _escaped(text, m.start()) or any(a <= m.start() < b for a, b in hidden):
            continue
        i = skip_blanks(text, m.end())
        try:
            if i < len(text) and text[i] == "[":
                i = skip_blanks(text, group_end(text, i, "[", "]") + 1)
            if i >= len(text) or text[i] != "{":
                page.error(m.start(), f"\\{m.group(1)} needs its argument in braces, like \\{m.group(1)}{{123m}}")
                continue
            close = group_end(text, i, "{", "}")
        except SyntaxError as err:
            page.error(err.offset, err.msg)
            continue
        if m.group(1) == "mahjongtilessetup":  # its sizes and colours: ours are the picture's own
            page.edits.append(Edit(m.start(), close + 1, ""))
            continue
        river = m.group(1) == "mahjongriver"
        notation = text[i + 1:close]
        ours = page.ours(notation, list(range(i + 1, close)), "river" if river else "hand")
        if ours is not None:
            page.edits.append(Edit(m.start(), close + 1, f"\\tiles{'[river]' if river else ''}{{{ours}}}"))
            page.count += 1
    for m in _LATEX_PACKAGE.finditer(text):
        names = [n.strip() for n in m.group(1).split(",")]
        if not any(n in _PEER_PACKAGES for n in names) or any(a <= m.start() < b for a, b in hidden):
            continue
        others = [n for n in names if n and n not in _PEER_PACKAGES]
        if not others:
            new = OUR_LATEX_PACKAGE
        else:  # the options stay with the packages they were given to
            new = text[m.start():m.start(1)] + ",".join(others) + "}\n" + OUR_LATEX_PACKAGE
        page.edits.append(Edit(m.start(), m.end(), new))


def _typst(page: Page) -> None:
    text = page.text
    sites, lost = call_sites(text, ("hand", "river"))
    if lost is not None:
        page.error(lost, "the document cannot be read past here (a string, raw text or bracket is never closed)")
        return
    for start, paren in sites:
        name = text[start:paren]
        try:
            args, end = call_arguments(text, paren)
        except CallError as err:
            page.error(err.offset, err.message)
            continue
        notation, size, bad = None, None, False
        for arg, value_at, value_end in args:
            if arg is None and notation is None:
                value, offsets = literal(text, value_at, value_end)
                if not isinstance(value, str):
                    page.error(value_at, f"{name}() here takes its tiles as a string literal, like {name}(\"123m\")")
                    bad = True
                notation = (value, offsets)
            elif arg == "tile-height":
                size = text[value_at:value_end].strip()
            else:
                page.error(value_at, f"{arg or 'a second tile string'}: riichinator's {name}() argument has no "
                                     "counterpart here (the theme sets the faces, one call draws one picture)")
                bad = True
        if notation is None:
            page.error(start, f"{name}() needs its tiles, like {name}(\"123m\")")
            continue
        if bad:
            continue
        ours = page.ours(*notation, "river" if name == "river" else "hand")
        if ours is None:
            continue
        in_text = text[start - 1:start] == "#" and not alone_on_line(text, start - 1, end)  # riichinator's are inline
        extra = ((", river: true" if name == "river" else "") + (", inline: true" if in_text else "")
                 + (f", size: {size}" if size else ""))
        page.edits.append(Edit(start, end, f"tiles({typst_string(ours)}{extra})"))
        page.count += 1
    keep = _TYPST_OTHERS.search(text) is not None
    for m in _TYPST_IMPORT.finditer(text):
        lead = m.group()[:len(m.group()) - len(m.group().lstrip())]
        new = (m.group() + "\n" + lead if keep else lead) + OUR_TYPST_IMPORT
        page.edits.append(Edit(m.start(), m.end(), new))
