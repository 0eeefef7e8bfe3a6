"""`tiles build` for printed documents: a Typst (``.typ``) or LaTeX (``.tex``) file's pictures and index.

Each call of the document (``#tiles("123m", river: true)``, ``\\tiles[river]{123m}``) is read as a
`<Tiles>` tag is (`service.pictures.tag_props.read_tag`), drawn once under its content hash in the
output folder (SVG for Typst, PDF for LaTeX: `FRONTS`), and named in the index the document loads
(``tiles.typ``: `service.docs.typst`; ``tiles.sty``: `service.docs.latex`), keyed by the call as
written. A call that cannot be drawn is told at ``file:line:col``; the good pictures are still drawn
but the index is not written, so the document cannot be built with a broken hand.

>>> print_documents(["paper.typ", "book.tex"]), print_documents(["docs/"])
(True, False)
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from service.notation.options import FORMATS, THEME_AUTO, OptionError
from service.pictures.jobs import Job, draw, file_name, missing, write_file
from service.pictures.latex_calls import latex_calls
from service.pictures.scan import TilesTag
from service.pictures.tag_props import DEFAULT_INDEX, DEFAULT_LANG, DEFAULT_THEME, Problem, in_page_order, read_tag
from service.pictures.typst_calls import typst_calls

from tile_art.theme import THEMES

from . import latex, typst

# Props a printed call cannot take: the picture's format is the document's, a caption is the document's own.
NOT_IN_PRINT = {"format": "the pictures' format is the document's (SVG for Typst, PDF for LaTeX)",
                "caption": "a caption is the document's own: put the call in a figure with its caption",
                "manifest": "a printed document has no manifest", "base": "a printed document asks no server"}


@dataclass(frozen=True)
class Front:
    """One kind of printed document: its suffix, its calls' reader, the pictures' format, its index."""

    suffix: str
    calls: Callable[[str, str], list]  # (text, path) -> tags and problems
    key: Callable[[TilesTag], str]  # what the index looks a call up by
    format: str
    index: str  # the index file's name
    index_text: Callable[[dict[str, dict], str], str]  # (pictures by key, the output folder from the document's)


FRONTS = {
    typst.SUFFIX: Front(typst.SUFFIX, typst_calls, lambda tag: typst.call_key(tag.props), "svg", typst.INDEX,
                        lambda pictures, folder: typst.index_text(pictures)),  # Typst finds them beside tiles.typ
    latex.SUFFIX: Front(latex.SUFFIX, latex_calls, latex.call_key, "pdf", latex.INDEX, latex.index_text),
}


def print_documents(paths) -> bool:
    """Whether ``paths`` name printed documents (``.typ``, ``.tex``), which `tiles build` reads on their own."""
    return any(Path(p).suffix in FRONTS for p in paths)


def read_calls(front: Front, paths: list[str], theme: str = DEFAULT_THEME, lang: str = DEFAULT_LANG,
               index: bool = DEFAULT_INDEX) -> tuple[dict[str, tuple[Job, bool]], list[Problem]]:
    """The job of each distinct call of the documents (by its index key) and whether the call says
    ``inline``, and the calls' problems."""
    jobs: dict[str, tuple[Job, bool]] = {}
    problems: list[Problem] = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8-sig", errors="replace")
        for item in front.calls(text, str(path)):
            if isinstance(item, Problem):
                problems.append(item)
                continue
            refused = [name for name in item.props if name in NOT_IN_PRINT]
            if refused:
                problems += [Problem(str(path), *item.where(None), f"{name}: {NOT_IN_PRINT[name]}") for name in refused]
                continue
            read = read_tag(replace(item, props={**item.props, "format": "svg"}), theme, lang, index)
            problems += read.problems
            if read.request is None or read.errors:
                continue
            if read.request.options.theme == THEME_AUTO:
                problems.append(Problem(str(path), *item.where(0 if "theme" in item.spans else None, "theme"),
                                        f"theme {THEME_AUTO} follows a screen's colour scheme; paper has none: "
                                        f"name one of {', '.join(THEMES)}"))
                continue
            try:
                options = replace(read.request.options, format=front.format)
            except OptionError as err:  # what the document's format cannot draw
                problems.append(Problem(str(path), *item.where(None), err.message))
                continue
            job = Job(read.request.notation, read.request.hand, options)
            jobs.setdefault(front.key(item), (job, read.request.inline))
    return jobs, in_page_order(problems, [str(p) for p in paths])


def picture_entry(job: Job, inline: bool) -> dict:
    """What the index says of a picture: its file, CSS size, tile height, alt text, and whether its call
    says ``inline``."""
    e = replace(job, options=replace(job.options, format="svg")).entry()  # the size and alt of any format
    return {"file": file_name(job.image, 1, job.options.format), "width": e["width"], "height": e["height"],
            "tile": job.options.height, "alt": e["alt"], "inline": inline}


def build_print(front: Front, paths: list[str], out: Path, theme: str = DEFAULT_THEME, lang: str = DEFAULT_LANG,
                index: bool = DEFAULT_INDEX) -> tuple[dict, list[Problem]]:
    """Draw the documents' missing pictures into ``out`` and (when no call failed) write the index;
    return counts and the problems."""
    jobs, problems = read_calls(front, paths, theme, lang, index)
    out.mkdir(parents=True, exist_ok=True)
    rendered = 0
    for job in {j.image: j for j, _ in jobs.values()}.values():
        scales = missing(job, out)
        draw(job, out, scales)
        rendered += len(scales)
    errors = [p for p in problems if not p.warning]
    if not errors:
        folder = os.path.relpath(out.resolve(), Path(paths[0]).resolve().parent).replace(os.sep, "/")
        text = front.index_text({key: picture_entry(*call) for key, call in jobs.items()}, folder)
        target = out / front.index
        if not target.exists() or target.read_bytes() != text.encode():
            write_file(target, text.encode())
    return {"calls": len(jobs), "rendered": rendered}, problems


def cmd_print(args) -> int:
    """`tiles build` of .typ and .tex documents (`cmd_build` hands them here)."""
    others = [p for p in args.paths if Path(p).suffix not in FRONTS]
    if others:
        print(f"error: tiles build reads printed documents (.typ, .tex) on their own, not with {others[0]}: "
              "build the docs pages with another tiles build", file=sys.stderr)
        return 2
    for flag, given in (("--link-md", args.link_md), ("--prune", args.prune), ("--public-path", args.public_path)):
        if given:
            print(f"error: {flag} is for docs sites, not printed documents", file=sys.stderr)
            return 2
    fmts = {FRONTS[Path(p).suffix].format for p in args.paths}
    if absent := sorted(fmts - set(FORMATS)):
        print(f"error: this tiles draws no {absent[0].upper()} (it draws {', '.join(FORMATS)})", file=sys.stderr)
        return 2
    out = Path(args.out)
    status = 0
    for suffix, front in FRONTS.items():
        paths = [p for p in args.paths if Path(p).suffix == suffix]
        if not paths:
            continue
        counts, problems = build_print(front, paths, out, (args.theme or [DEFAULT_THEME])[0], args.lang, args.index)
        for p in problems:
            print(p, file=sys.stderr)
        errors = sum(not p.warning for p in problems)
        where = f"{out / front.index}" if not errors else f"{out / front.index} NOT written (fix the errors above)"
        print(f"{counts['calls']} picture(s), {counts['rendered']} drawn; {where}")
        status = status or (1 if errors else 0)
    return status
