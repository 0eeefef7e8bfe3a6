"""`tiles convert --from DIALECT PATH...`: rewrite a docs tree's tiles from another tool's notation into ours.

What it rewrites, in .md, .mdx, .markdown, .rst and .txt pages (code blocks and code spans are
examples, and left alone):

- every `<Tiles>` tag, ```` ```tiles ```` fence, MyST ```` ```{tiles} ```` directive and rST
  ``.. tiles::`` directive that names the dialect (``dialect="mahgen"``, ``dialect=mahgen`` on the
  fence, ``:dialect: mahgen``): its notation in ours, and the dialect taken off. With ``--all``,
  those that name no dialect too (a site whose plugin setting names it: take the setting out after);
- the tool's own Markdown where it has one (`service.docs.peer_markup`): pymdownx-mahjong's
  ```` ```mahjong ```` blocks and ``:123m:`` shortcodes, merjong's ``<div class="merjong">`` and
  ```` ```merjong ```` blocks, riichi.wiki's ``{{#mjt:...}}``, hexo-mahgen's ``{% mahgen ... %}`` and
  the Obsidian mahgen plugin's `` `mg ...` ``, into our fences and `<Tiles>` tags.

LaTeX and Typst papers (.tex, .typ) are rewritten by `service.docs.convert_print`: the peers'
``\\mahjong{...}`` and riichinator's ``hand(...)`` into our calls.

A page with any notation the dialect does not read (or that is no picture in ours) is told at
``file:line:col`` and left as it is; the others are written. ``--check`` writes nothing and exits 1
if anything would change; ``--diff`` (always with ``--check``) prints a unified diff.
A run with ``--all`` lists the pages it writes in a ``.tiles-converted`` mark (`service.docs.convert_mark`),
so a second run does not read their pictures, ours by then, as the dialect again.

>>> page = '<Tiles dialect="riichi-hand-rs" notation="123m_4*56p" caption="Chi" />\\n'
>>> print(convert_text(page, "a.mdx", "riichi-hand-rs").text, end="")
<Tiles notation="123m+-456p" caption="Chi" />
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from service.notation import dialects
from service.pictures.directives import directive_tags
from service.pictures.fences import Fence, fences
from service.pictures.pages import line_tag, tiles_info
from service.pictures.scan import SKIP_DIRS, TagSyntaxError, TilesTag, iter_tags
from service.pictures.tag_props import Problem, tag_layout

from .convert_mark import MARK, MarkError, converted_from, record
from .convert_page import Edit, Page
from .convert_print import PRINTED, apply, convert_print
from .peer_markup import convert_markup

SUFFIXES = (".md", ".mdx", ".markdown", ".rst", ".txt", *PRINTED)
# a prop, fence word or directive option naming the dialect, with the blanks before it
_DIALECT_PROP = re.compile(r"""\s+dialect\s*=\s*("[^"]*"|'[^']*'|\{\s*(?:"[^"]*"|'[^']*')\s*\}|[^\s"'{}/>]+)""")
_DIALECT_OPTION = re.compile(r"[ \t]*:dialect:[ \t]*(\S*)[ \t]*")
_RST_DIRECTIVE = re.compile(r"^([ \t]*)\.\.[ \t]+tiles::[ \t]*(.*?)[ \t]*$", re.MULTILINE)
_RST_OPTION = re.compile(r"[ \t]+:([\w-]+):[ \t]*(.*?)[ \t]*$")


@dataclass
class Converted:
    """One page converted: its new text, how many pictures changed, and its errors."""

    path: str
    old: str
    text: str
    count: int = 0
    errors: list[Problem] = field(default_factory=list)
    root: str = ""  # the path given that holds the page
    done: str | None = None  # the dialect an earlier ``--all`` run converted the page from (its mark's)

    @property
    def changed(self) -> bool:
        return not self.errors and self.text != self.old

    def diff(self) -> str:
        """The unified diff of the page (empty when it does not change)."""
        if not self.changed:
            return ""
        return "".join(difflib.unified_diff(self.old.splitlines(keepends=True), self.text.splitlines(keepends=True),
                                            f"a/{self.path}", f"b/{self.path}"))


def convert_text(text: str, path: str, dialect: str, everything: bool = False) -> Converted:
    """A page's text with its pictures in ``dialect`` rewritten in our notation (`Converted.errors`
    when one cannot be: then the text is the old one)."""
    page = Page(text, path, dialect, everything)
    if path.endswith(PRINTED):
        convert_print(page)
        return _converted(page)
    fenced = fences(text)
    _tags(page, fenced)
    _fences(page, fenced)
    _directives(page, fenced)
    if path.endswith(".rst"):
        _rst(page)
    if not path.endswith(".rst"):
        convert_markup(page, fenced)  # the tool's own Markdown
    return _converted(page)


def _converted(page: Page) -> Converted:
    """The page with its edits made; as it was, with its errors, when it has any."""
    if page.errors:
        return Converted(page.path, page.text, page.text, 0, sorted(page.errors, key=lambda p: (p.line, p.col)))
    return Converted(page.path, page.text, apply(page), page.count)


def _tags(page: Page, fenced: list[Fence]) -> None:
    """`<Tiles>` tags (in HTML comments too: ``tiles build --link-md`` draws those)."""
    for tag in iter_tags(page.text, page.path, fenced=fenced):
        if isinstance(tag, TagSyntaxError):
            continue  # `tiles lint` tells it; the tag is left as written
        named = tag.props.get("dialect")
        if not page.names_it(named) or not isinstance(tag.notation, str) or not tag.spans.get("notation"):
            continue
        offsets = tag.spans["notation"]
        new = page.ours(tag.notation, offsets, tag_layout(tag))
        if new is None:
            continue
        page.replace(offsets, new)
        if named is not None:
            values = [(min(o), max(o)) for o in tag.spans.values() if o]
            _drop_prop(page, tag.offset, tag.end, values)


def _drop_prop(page: Page, start: int, end: int, values: list[tuple[int, int]] = ()) -> None:
    """Take the ``dialect=...`` prop (or fence word) out of ``text[start:end]``: the first one that
    stands in no other prop's value (a caption may say ``dialect=``)."""
    for m in _DIALECT_PROP.finditer(page.text, start, end):
        if not any(a <= m.start() <= b for a, b in values):
            page.edits.append(Edit(m.start(), m.end(), ""))
            return


def _fences(page: Page, fenced: list[Fence]) -> None:
    """```` ```tiles dialect=mahgen ```` fences: each line's notation, and the word off the fence."""
    for fence in fenced:
        props = tiles_info(fence.info)
        if props is None:
            continue
        info_at = fence.start - fence.col + fence.info_col
        word = _DIALECT_PROP.search(" " + props)
        named = _unquote(word.group(1)) if word else None
        if not page.names_it(named):
            continue
        river = re.search(r"(?:^|\s)river(?:\s|$|=)", props) is not None
        lines = [line_tag(line, start, {}, page.text, page.path, page.dialect)  # its '|' read as the dialect's
                 for line, start in zip(fence.body, fence.body_starts)]
        for tag in lines:
            if tag is None or not tag.spans.get("notation"):
                continue
            new = page.ours(tag.notation, tag.spans["notation"], "river" if river else "hand")
            if new is not None:
                page.replace(tag.spans["notation"], new)
        if word:
            _drop_prop(page, info_at, info_at + len(fence.info))


def _unquote(value: str) -> str:
    """A prop value as written (``"mahgen"``, ``{'mahgen'}``, ``mahgen``) without its quotes."""
    return value.strip("{} \t").strip("\"'")


def _directives(page: Page, fenced: list[Fence]) -> None:
    """MyST ```` ```{tiles} NOTATION ```` directives with a ``:dialect:`` option line."""
    for tag in directive_tags(page.text, page.path, fenced):
        if not isinstance(tag, TilesTag):
            continue
        fence = next(f for f in fenced if f.start <= tag.offset <= f.end)
        option = _option_line(fence.body, fence.body_starts)
        named = option[0] if option else None
        if not page.names_it(named):
            continue
        new = page.ours(tag.notation, tag.spans["notation"], tag_layout(tag))
        if new is None:
            continue
        page.replace(tag.spans["notation"], new)
        if option:
            _drop_line(page, option[1])


def _option_line(body: Iterable[str], starts: Iterable[int]) -> tuple[str, int] | None:
    """The ``:dialect:`` value among a directive's option lines (they open its body), and where its
    line starts."""
    for line, start in zip(body, starts):
        if not line.lstrip().startswith(":"):
            return None
        m = _DIALECT_OPTION.fullmatch(line)
        if m:
            return m.group(1), start
    return None


def _drop_line(page: Page, start: int) -> None:
    """Take out the line of the page that holds offset ``start``, its line break too."""
    begin = page.text.rfind("\n", 0, start) + 1
    end = page.text.find("\n", start)
    page.edits.append(Edit(begin, len(page.text) if end < 0 else end + 1, ""))


def _rst(page: Page) -> None:
    """rST's ``.. tiles:: NOTATION`` directives (Sphinx), their ``:dialect:`` and ``:river:`` options."""
    text = page.text
    for m in _RST_DIRECTIVE.finditer(text):
        notation = m.group(2)
        if not notation:
            continue
        indent = len(m.group(1).expandtabs())
        options, k = {}, m.end() + 1
        while k < len(text):
            end = text.find("\n", k)
            line = text[k:len(text) if end < 0 else end]
            opt = _RST_OPTION.fullmatch(line.rstrip("\r"))
            if opt is None or len(line) - len(line.lstrip()) <= indent:
                break
            options[opt.group(1)] = (opt.group(2), k)
            k = len(text) if end < 0 else end + 1
        named = options.get("dialect", (None, 0))[0]
        if not page.names_it(named):
            continue
        offsets = list(range(m.start(2), m.end(2)))
        new = page.ours(notation, offsets, "river" if "river" in options else "hand")
        if new is None:
            continue
        page.replace(offsets, new)
        if "dialect" in options:
            _drop_line(page, options["dialect"][1])


# -- files and the command ---------------------------------------------------------------


def page_files(root: str | os.PathLike) -> list[Path]:
    """Every page `convert` reads under ``root`` (or ``root`` itself), sorted, build folders skipped."""
    root = Path(root)
    if root.is_file():
        return [root]
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        out += [Path(dirpath, f) for f in sorted(filenames) if f.endswith(SUFFIXES)]
    return out


def _read(path: Path) -> tuple[str, bool]:
    """A page's text as written (its line endings kept), and whether it opens with a BOM."""
    data = path.read_bytes()
    bom = data.startswith(b"\xef\xbb\xbf")
    return data[3 if bom else 0:].decode("utf-8"), bom


def convert_paths(paths: Iterable[str], dialect: str, everything: bool = False) -> list[Converted]:
    """Every page under ``paths`` converted (nothing written). With ``everything``, a page an earlier
    ``--all`` run converted (listed in a mark) has only its pictures that name the dialect read;
    `MarkError` for a mark that cannot be read."""
    out = []
    for root in paths:
        for path in page_files(root):
            try:
                text, _ = _read(path)
            except UnicodeDecodeError as err:
                out.append(Converted(str(path), "", "", 0, [Problem(str(path), 1, 1, f"not UTF-8 text: {err.reason}")],
                                     str(root)))
                continue
            done = converted_from(path) if everything else None
            page = convert_text(text, str(path), dialect, everything and done is None)
            page.root, page.done = str(root), done
            out.append(page)
    return out


def readable(dialect: str) -> bool:
    """Whether this version of tiles has the reader of ``dialect`` (a name `dialects.dialect_name` gave)."""
    return importlib.util.find_spec(f"service.notation.dialect_{dialect.replace('-', '_')}") is not None


def cmd_convert(args) -> int:
    try:
        dialect = dialects.dialect_name(args.dialect)
    except ValueError as err:
        print(f"error: --from: {err}", file=sys.stderr)
        return 2
    if not readable(dialect):
        print(f"error: --from: tiles cannot read {dialect} yet", file=sys.stderr)
        return 2
    if missing := [p for p in args.paths if not Path(p).exists()]:
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        pages = convert_paths(args.paths, dialect, args.all)
    except MarkError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    errors = [p for page in pages for p in page.errors]
    changed = [page for page in pages if page.changed]
    for page in changed:
        if args.check or args.diff:
            sys.stdout.write(page.diff())
        if not args.check:
            _, bom = _read(Path(page.path))
            Path(page.path).write_bytes((b"\xef\xbb\xbf" if bom else b"") + page.text.encode("utf-8"))
    if args.all and not args.check:  # these pages are ours now: a second --all run leaves them be
        for root in dict.fromkeys(page.root for page in changed if page.done is None):
            record(root, [Path(page.path) for page in changed if page.root == root and page.done is None], dialect)
    for p in errors:
        print(p, file=sys.stderr)
    count = sum(page.count for page in changed)
    verb = "would convert" if args.check else "converted"
    print(f"{verb} {count} picture(s) in {len(changed)} file(s) from {dialect}"
          + (f"; {len(errors)} error(s), their files left as they are" if errors else ""), file=sys.stderr)
    if done := [page for page in pages if page.done is not None]:
        print(f"{len(done)} file(s) were converted by an earlier --all run (listed in {MARK}): only pictures"
              f" that name a dialect were read in them; delete {MARK} to convert them again", file=sys.stderr)
    if not count and not errors and not args.all:
        print(f"no picture names {dialect}: for a site whose plugin setting names it, add --all", file=sys.stderr)
    if errors:
        return 2
    return 1 if args.check and changed else 0


def register(sub) -> None:
    """Add `tiles convert` to the CLI's subparsers."""
    p = sub.add_parser("convert", help="rewrite a docs tree's tiles from another tool's notation into ours")
    p.add_argument("paths", nargs="+", metavar="PATH", help="docs folders or files (.md, .mdx, .markdown, .rst, .txt; .tex and .typ papers)")
    p.add_argument("--from", dest="dialect", required=True, metavar="DIALECT",
                   help=f"the notation the pages are in: {', '.join(dialects.DIALECTS)}")
    p.add_argument("--check", action="store_true", help="write nothing; print the diff and exit 1 if anything would change")
    p.add_argument("--diff", action="store_true", help="print a unified diff of what changes")
    p.add_argument("--all", action="store_true",
                   help="also convert tags, fences and directives that name no dialect (a site whose plugin setting"
                        " names it); the pages it writes are listed in .tiles-converted, and a second run leaves them be")
    p.set_defaults(func=cmd_convert)
