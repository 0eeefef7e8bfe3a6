"""`tiles build DIR --out STATIC_DIR`: pre-render every `<Tiles>` image of a docs tree.

Each image is written at 1x, 2x and 3x under a content hash (renderer version +
canonical notation + options), so a re-run renders only what changed and a CDN
can cache the files forever. ``manifest.json`` maps each notation to its files,
size and alt text; the `<Tiles manifest={...}>` component reads it instead of
asking the service. A ```` ```tiles-scene ```` block is drawn too (a `SceneJob`),
its entry keyed ``scene:<YAML>`` (`scene_blocks.scene_key`). When any tag cannot be drawn, the good images are still
drawn but the manifest is not written, so a site build cannot go on with a
broken image. Jobs, their files' names and manifest entries are `service.pictures.jobs`.
"""

from __future__ import annotations

import html
import json
import os
import re
import sys
from pathlib import Path

from service.drawing.version import RENDERER_VERSION
from service.notation.dora import LANGS
from service.notation.options import RenderOptions, option_type
from service.pictures.jobs import (
    BATCH_MARK,
    OWN_FILE,
    SCALES,
    Job,
    SceneJob,
    default_workers,
    draw,
    jobs_for,
    manifest_key,
    missing,
    pool,
    scales_of,
    workers_arg,
    write_file,
)
from service.pictures.scan import doc_files, scan_text, walk_docs
from service.pictures.log_scenes import names_log
from service.pictures.scene_blocks import block_warnings, read_block, read_options, scene_blocks, scene_key
from service.pictures.pages import read_docs
from service.pictures.tag_props import DEFAULT_INDEX, DEFAULT_LANG, DEFAULT_THEME, Problem, in_page_order, tag_options

from .lint import dialect_arg, doc_paths, missing_paths
from .print_docs import cmd_print, print_documents

MANIFEST = "manifest.json"


def collect(paths, themes: tuple[str, ...] = (DEFAULT_THEME,), lang: str = DEFAULT_LANG,
            index: bool = DEFAULT_INDEX, dialect: str | None = None,
            warnings: list[Problem] | None = None) -> tuple[list[Job], list[Problem]]:
    """The distinct images the docs need (```tiles-scene blocks too, as `SceneJob`s), and the
    errors of tags and blocks that cannot be drawn; ``lang``, ``index`` and ``dialect`` are the
    site's, for those without their own. ``warnings``, when given, gets the warnings of the tags
    drawn (a fifth copy, a segment read as a meld that is none)."""
    jobs: dict[str, Job] = {}
    errors: list[Problem] = []
    paths = list(paths)
    for item in read_docs(paths, themes[0], lang, index, dialect):
        if isinstance(item, Problem):  # a tag we cannot read
            errors.append(item)
        elif item.errors:
            errors += item.errors
        elif item.request is not None:
            if warnings is not None:
                warnings += [p for p in item.problems if p.warning]
            for job in jobs_for(item.request, themes):
                jobs.setdefault(job.key, job)
    scenes, scene_errors = scene_jobs(paths, themes, lang, index, warnings)  # a bad ```tiles-scene block fails the build too
    for job in scenes:
        jobs.setdefault(job.key, job)
    return list(jobs.values()), in_page_order(errors + scene_errors, doc_paths(paths))


def scene_closes(text: str, theme: str, lang: str = DEFAULT_LANG,
                 index: bool = DEFAULT_INDEX, path: str = "") -> dict[int, tuple[str, str]]:
    """The 0-based line of each closed block's closing fence (lines split at ``\\n``), the block's
    manifest key at ``theme`` (a ``log:`` block's with its record's hash: the record beside `path`) and
    the closing line's text before its fence (``"> "`` in a blockquote):
    what ``tiles build --link-md`` puts an `<img>` under, and how that line starts.

    >>> scene_closes("# A\\n```tiles-scene\\nproblem: {round: E1}\\n```\\n", "light")
    {3: ('scene:problem: {round: E1}', '')}
    >>> scene_closes("> ```tiles-scene lang=ja theme=dark\\n> problem: {round: E1}\\n> ```\\n", "light")
    {2: ('scene:problem: {round: E1}?theme=dark&lang=ja', '> ')}
    """
    out = {}
    for block in scene_blocks(text, path):
        options, _ = read_options(block)
        if options is not None and block.close is not None:
            render = options.render(options.themes((theme,))[0], "png", lang, index)
            scene = read_block(block)[0] if names_log(block.text) else None
            out[block.close] = scene_key(block.text, render, scene), block.prefix
    return out


def scene_jobs(paths, themes: tuple[str, ...], lang: str = DEFAULT_LANG, index: bool = DEFAULT_INDEX,
               warnings: list[Problem] | None = None) -> tuple[list[SceneJob], list[Problem]]:
    """A job per ```` ```tiles-scene ```` block under ``paths`` and theme (the block's own theme, when it
    names one), at the block's options, and the blocks' problems; ``warnings``, when given, gets the
    warnings of the blocks drawn (a field's segment read as a meld that is none)."""
    jobs, problems = [], []
    for path, text in walk_docs(paths):
        for block in scene_blocks(text, str(path)):
            (options, bad_option), (scene, bad_field) = read_options(block), read_block(block)
            if options is None or scene is None:
                problems += [p for p in (bad_option, bad_field) if p is not None]
                continue
            if warnings is not None:
                warnings += block_warnings(block, scene)
            jobs += [SceneJob(block.text, scene, options.render(t, "png", lang, index)) for t in options.themes(themes)]
    return jobs, problems


class Progress:
    """A one-line bar on a terminal; silent otherwise (the caller prints a summary)."""

    def __init__(self, total: int, stream=None):
        self.total, self.done = total, 0
        self.stream = stream or sys.stdout
        self.live = self.stream.isatty() and total > 0

    def step(self, label: str) -> None:
        self.done += 1
        if self.live:
            filled = 30 * self.done // self.total
            bar = "#" * filled + "." * (30 - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} {label[:40]:<40}")
            self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")


def ensure_files(job: Job, out: Path, on_render=None) -> int:
    """Render the scales of ``job`` not yet in ``out``; return how many files were drawn."""
    scales = missing(job, out)
    for scale in scales:
        draw(job, out, [scale])
        if on_render:
            on_render(job)
    return len(scales)


def build(jobs: list[Job], out: Path, public_path: str = "", stream=None, manifest: bool = True,
          workers: int = 1) -> dict:
    """Render missing files on ``workers`` processes and (unless told not to) write the
    manifest; return counts."""
    out.mkdir(parents=True, exist_ok=True)
    files = [(j, s) for j in jobs for s in scales_of(j.options)]
    todo = [(j, m) for j in jobs if (m := missing(j, out))]
    rendered = sum(len(m) for _, m in todo)
    bar = Progress(rendered, stream)
    executor = pool(min(workers, len(todo)))
    if executor is None:
        rendered = sum(ensure_files(job, out, lambda j: bar.step(j.notation)) for job, _ in todo)
    else:
        try:  # a task per image, its missing scales together
            futures = [executor.submit(draw, job, out, scales) for job, scales in todo]
            for (job, scales), future in zip(todo, futures):
                future.result()  # a failed drawing stops the build, as with one process
                for _ in scales:
                    bar.step(job.notation)
        finally:
            executor.shutdown(cancel_futures=True)
    bar.close()
    if manifest:
        images = {j.key: j.entry(public_path) for j in jobs}
        doc = {"renderer": RENDERER_VERSION, "images": dict(sorted(images.items()))}
        data = (json.dumps(doc, indent=1, ensure_ascii=False) + "\n").encode()
        path = out / MANIFEST
        if not path.exists() or path.read_bytes() != data:
            write_file(path, data)
    return {"images": len(jobs), "rendered": rendered, "skipped": len(files) - rendered}


def prune(out: Path, images: dict[str, dict]) -> list[Path]:
    """Delete the build's own files (`OWN_FILE` names) that the manifest no longer names.

    Anything else in ``out`` (a logo, a favicon, a hand-made PNG) is never touched.
    """
    keep = {Path(e[f"{s}x"]).name for e in images.values() for s in SCALES if f"{s}x" in e}
    removed = []
    for f in sorted(out.iterdir()):
        if OWN_FILE.fullmatch(f.name) and f.name not in keep and not f.is_symlink() and f.is_file():
            f.unlink()
            removed.append(f)
    return removed


_COMMENT_TAG = re.compile(r"^<!-- (<Tiles\b.*/>) -->$")


def link_markdown(path: Path, out: Path, images: dict[str, dict], default_theme: str = DEFAULT_THEME,
                  default_lang: str = DEFAULT_LANG, default_index: bool = DEFAULT_INDEX,
                  default_dialect: str | None = None) -> bool:
    """In a plain .md file, put an `<img>` of the built files under each `<!-- <Tiles .../> -->` line
    and under each ```` ```tiles-scene ```` block's closing fence.

    For Markdown viewers without the component (e.g. a repository's web view):
    the comment names the image, the line after it shows it. Returns True if the
    file changed. Only those lines change: the file keeps its line endings (CRLF
    too) and is written in place, through a symlink to it.
    """
    text = path.read_bytes().decode("utf-8")
    crlf = "\r\n" in text
    lines = text.split("\n")  # a CRLF line keeps its "\r"
    rel = os.path.relpath(out, path.parent).replace(os.sep, "/")
    scenes = scene_closes(text, default_theme, default_lang, default_index, str(path))  # closing fence line -> manifest key, its start
    out_lines, changed, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        out_lines.append(line)
        i += 1
        key, lead = scenes.get(i - 1, (None, ""))  # lead: the <img> stays in the block's list or quote
        if key is None:
            m = _COMMENT_TAG.match(line.strip())
            tags = scan_text(m.group(1)) if m else []
            if not tags or not isinstance(tags[0].notation, str):
                continue
            try:
                key = manifest_key(tags[0].notation, tag_options(tags[0], default_theme, default_lang, default_index,
                                                                 default_dialect))
            except ValueError:
                continue
        e = images.get(key)
        if e is None:
            continue
        img = (f'{lead}<img src="{rel}/{Path(e.get("2x", e["1x"])).name}" width="{e["width"]}" height="{e["height"]}" '
               f'alt="{html.escape(e["alt"])}">')
        if i < len(lines) and lines[i].startswith(f'{lead}<img src="{rel}/'):
            old = lines[i]
            img += "\r" if old.endswith("\r") else ""
            changed |= old != img
            i += 1
        else:
            if i == len(lines):  # the comment was the last line, with no line ending
                out_lines[-1] += "\r" if crlf else ""
            else:
                img += "\r" if line.endswith("\r") else ""  # the comment line's own ending
            changed = True
        out_lines.append(img)
    if changed:
        _write_in_place(path, "\n".join(out_lines).encode("utf-8"))
    return changed


def _write_in_place(path: Path, data: bytes) -> None:
    """Overwrite a file's bytes in the file itself (a symlink stays a symlink, a hard link a link)."""
    with open(path, "r+b") as f:
        f.write(data)
        f.truncate()


def linkable_markdown(paths) -> list[Path]:
    """The .md files `--link-md` may rewrite: real files inside the docs tree.

    A symlinked .md is skipped when it leads outside the folder it was found in;
    else it is its target, named once (the image paths are relative to where the file is).
    """
    out: dict[Path, Path] = {}
    for root in paths:
        top = Path(root).resolve()
        base = top if top.is_dir() else top.parent
        for path in doc_files(root):
            real = path.resolve()
            if path.suffix == ".md" and real.is_file() and real.is_relative_to(base):
                out.setdefault(real, real if path.is_symlink() else path)
    return list(out.values())


def images_of(out: Path) -> dict[str, dict]:
    return json.loads((out / MANIFEST).read_text(encoding="utf-8"))["images"]


def cmd_build(args) -> int:
    if missing := missing_paths(args.paths):
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.public_path and not args.public_path.endswith("/"):
        args.public_path += "/"
    themes = tuple(dict.fromkeys(args.theme or [DEFAULT_THEME]))
    try:
        for t in themes:
            RenderOptions(theme=t)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if print_documents(args.paths):  # a Typst or LaTeX document: its pictures and the index it loads
        return cmd_print(args)
    out = Path(args.out)
    if args.prune and (out / BATCH_MARK).exists():
        print(f"error: {out} also holds the images remark-tiles draws ({out / BATCH_MARK}); --prune would delete "
              "them, as no manifest names them. Give `tiles build` a folder of its own (--out), "
              "or leave out --prune", file=sys.stderr)
        return 2
    warned: list[Problem] = []
    jobs, errors = collect(args.paths, themes, args.lang, args.index, args.dialect, warned)
    for p in in_page_order(warned + errors, doc_paths(args.paths)):
        print(p, file=sys.stderr)
    counts = build(jobs, out, args.public_path, manifest=not errors, workers=args.jobs)
    where = f"manifest in {out / MANIFEST}" if not errors else "manifest NOT written (fix the errors above)"
    print(f"{counts['images']} image(s): rendered {counts['rendered']} file(s), "
          f"{counts['skipped']} already up to date; {where}")
    if errors:
        print(f"{len(errors)} tag(s) could not be drawn (see above)", file=sys.stderr)
        return 1
    if args.prune:
        for f in prune(out, images_of(out)):
            print(f"removed {f}")
    if args.link_md:
        images = images_of(out)
        for path in linkable_markdown(args.paths):
            if link_markdown(path, out, images, themes[0], args.lang, args.index, args.dialect):
                print(f"linked images in {path}")
    return 0


def register(sub) -> None:
    """Add `tiles build` to the CLI's subparsers."""
    p = sub.add_parser("build", help="pre-render every <Tiles> image of a docs tree, with a manifest; or the "
                                     "pictures of a Typst (.typ) or LaTeX (.tex) document, with tiles.typ or tiles.sty")
    p.add_argument("paths", nargs="+", metavar="DIR", help="docs folders or files to scan (or .typ / .tex documents)")
    p.add_argument("--out", required=True, metavar="STATIC_DIR",
                   help="where images and manifest.json go (for a document: its pictures and tiles.typ / tiles.sty)")
    p.add_argument("--public-path", default="", metavar="URL",
                   help="prefix for file names in the manifest, e.g. /img/tiles/ (default: bare names, "
                        "which the component joins to its `assets` URL)")
    p.add_argument("--theme", action="append", metavar="THEME",
                   help="the site's theme for tags without a theme prop; repeat (--theme light --theme dark) "
                        "to draw both for a site that switches colour mode (default: light)")
    p.add_argument("--lang", choices=LANGS, type=option_type("lang"), default=DEFAULT_LANG,
                   help="the site's language, for tags and tiles-scene blocks without a lang: of the alt text "
                        "and the labels (default: %(default)s)")
    p.add_argument("--index", action="store_true",
                   help="corner indices on every face, for tags and tiles-scene blocks without an index of their "
                        "own (index={false} turns them off for one tag, index=0 for one block)")
    dialect_arg(p)
    p.add_argument("--link-md", action="store_true",
                   help="in .md files, write an <img> of the built files under each <!-- <Tiles .../> --> line "
                        "in place, keeping line endings (symlinks leading out of the docs tree are skipped)")
    p.add_argument("--prune", action="store_true",
                   help="delete the build's own files (<16 hex digits>[@2x|@3x].png) in STATIC_DIR that the "
                        "manifest no longer names; nothing else is ever deleted. Refused in a folder that "
                        "remark-tiles (tiles batch) also writes to")
    p.add_argument("--jobs", "-j", type=workers_arg, default=default_workers(), metavar="N",
                   help="processes drawing images (default: this machine's cores, %(default)s); "
                        "the files are the same bytes for any N")
    p.set_defaults(func=cmd_build)
