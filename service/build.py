"""`tiles build DIR --out STATIC_DIR`: pre-render every `<Tiles>` image of a docs tree.

Each image is written at 1x, 2x and 3x under a content hash (renderer version +
canonical notation + options), so a re-run renders only what changed and a CDN
can cache the files forever. ``manifest.json`` maps each notation to its files,
size and alt text; the `<Tiles manifest={...}>` component reads it instead of
asking the service.

>>> image_id(read("r5p"), RenderOptions()) == image_id(read("0p"), RenderOptions())
True
>>> manifest_key("123m", RenderOptions(height=50))
'123m?height=50'
>>> manifest_key("1m-2m", RenderOptions(layout="river", row=8))
'1m-2m?layout=river&row=8'
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from .describe import describe
from .docs_scan import TilesTag, doc_files, iter_tags, line_col, scan_text
from .lint import Problem, check_tag, missing_paths, tag_options
from .model import Hand
from .options import RenderOptions
from .render import RENDERER_VERSION, render
from .subject import arrange, read

SCALES = (1, 2, 3)
MANIFEST = "manifest.json"
DEFAULT = RenderOptions()


def image_id(hand: Hand, options: RenderOptions) -> str:
    """The content hash naming an image's files (the scale is a suffix, not hashed)."""
    key = f"{RENDERER_VERSION}\n{hand.canonical()}\n{replace(options, scale=1).key()}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def file_name(image: str, scale: int, fmt: str = "png") -> str:
    """``abc.png``, ``abc@2x.png``, ``abc@3x.png``."""
    return f"{image}{'' if scale == 1 else f'@{scale}x'}.{fmt}"


def manifest_key(notation: str, options: RenderOptions) -> str:
    """The notation as written, plus the non-default options the component passes."""
    keys = ("height", "theme", "layout") + (("row",) if options.layout == "river" else ())  # a hand has no rows
    extra = [f"{k}={getattr(options, k)}" for k in keys if getattr(options, k) != getattr(DEFAULT, k)]
    return notation + ("?" + "&".join(extra) if extra else "")


@dataclass(frozen=True)
class Job:
    """One image to have on disk: a hand at some options, under a hash."""

    notation: str
    hand: Hand
    options: RenderOptions

    @property
    def image(self) -> str:
        return image_id(self.hand, self.options)


def collect(paths) -> tuple[list[Job], list]:
    """The distinct images the docs need, and the lint errors of tags that cannot be drawn."""
    jobs: dict[str, Job] = {}
    errors = []
    for root in paths:
        for path in doc_files(root):
            text = path.read_text(encoding="utf-8-sig", errors="replace")
            for tag in iter_tags(text, str(path)):
                if not isinstance(tag, TilesTag):  # a tag we cannot read
                    errors.append(Problem(str(path), *line_col(text, tag.offset), tag.message))
                    continue
                problems = [p for p in check_tag(tag) if not p.warning]
                if problems:
                    errors += problems
                    continue
                if not isinstance(tag.notation, str):
                    continue
                opts = tag_options(tag)
                jobs.setdefault(manifest_key(tag.notation, opts), Job(tag.notation, read(tag.notation, opts.layout), opts))
    return list(jobs.values()), errors


def entry(job: Job, public_path: str = "") -> dict:
    """The manifest entry: files per scale, CSS size, alt text."""
    lay = arrange(job.hand, job.options)
    files = {f"{s}x": public_path + file_name(job.image, s) for s in SCALES}
    return {**files, "width": lay.width, "height": lay.height, "alt": describe(job.hand)}


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


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


def build(jobs: list[Job], out: Path, public_path: str = "", stream=None) -> dict:
    """Render missing files, write the manifest; return counts."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(j, s) for j in jobs for s in SCALES if not (out / file_name(j.image, s)).exists()]
    bar = Progress(len(todo), stream)
    for job, scale in todo:
        _write(out / file_name(job.image, scale), render(job.hand, replace(job.options, scale=scale)))
        bar.step(job.notation)
    bar.close()
    images = {manifest_key(j.notation, j.options): entry(j, public_path) for j in jobs}
    manifest = {"renderer": RENDERER_VERSION, "images": dict(sorted(images.items()))}
    data = (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode()
    path = out / MANIFEST
    if not path.exists() or path.read_bytes() != data:
        _write(path, data)
    return {"images": len(jobs), "rendered": len(todo), "skipped": len(jobs) * len(SCALES) - len(todo)}


_COMMENT_TAG = re.compile(r"^<!-- (<Tiles\b.*/>) -->$")


def link_markdown(path: Path, out: Path, images: dict[str, dict]) -> bool:
    """In a plain .md file, put an `<img>` of the built files under each `<!-- <Tiles .../> -->` line.

    For Markdown viewers without the component (e.g. a repository's web view):
    the comment names the image, the line after it shows it. Returns True if the
    file changed.
    """
    lines = path.read_text(encoding="utf-8").split("\n")
    rel = os.path.relpath(out, path.parent).replace(os.sep, "/")
    out_lines, changed, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        out_lines.append(line)
        i += 1
        m = _COMMENT_TAG.match(line.strip())
        tags = scan_text(m.group(1)) if m else []
        if not tags or not isinstance(tags[0].notation, str):
            continue
        try:
            key = manifest_key(tags[0].notation, tag_options(tags[0]))
        except ValueError:
            continue
        e = images.get(key)
        if e is None:
            continue
        img = (f'<img src="{rel}/{Path(e["2x"]).name}" width="{e["width"]}" height="{e["height"]}" '
               f'alt="{html.escape(e["alt"])}">')
        if i < len(lines) and lines[i].startswith(f'<img src="{rel}/'):
            changed |= lines[i] != img
            i += 1
        else:
            changed = True
        out_lines.append(img)
    if changed:
        path.write_text("\n".join(out_lines), encoding="utf-8")
    return changed


def images_of(out: Path) -> dict[str, dict]:
    return json.loads((out / MANIFEST).read_text(encoding="utf-8"))["images"]


def cmd_build(args) -> int:
    if missing := missing_paths(args.paths):
        print(f"error: no such file or folder: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.public_path and not args.public_path.endswith("/"):
        args.public_path += "/"
    jobs, errors = collect(args.paths)
    for p in errors:
        print(p, file=sys.stderr)
    counts = build(jobs, Path(args.out), args.public_path)
    print(f"{counts['images']} image(s): rendered {counts['rendered']} file(s), "
          f"{counts['skipped']} already up to date; manifest in {Path(args.out) / MANIFEST}")
    if args.prune:
        keep = {MANIFEST} | {Path(e[f"{s}x"]).name for e in images_of(Path(args.out)).values() for s in SCALES}
        for f in Path(args.out).glob("*.png"):
            if f.name not in keep:
                f.unlink()
                print(f"removed {f}")
    if args.link_md:
        images = images_of(Path(args.out))
        for root in args.paths:
            for path in doc_files(root):
                if path.suffix == ".md" and link_markdown(path, Path(args.out), images):
                    print(f"linked images in {path}")
    if errors:
        print(f"{len(errors)} tag(s) could not be drawn (see above)", file=sys.stderr)
    return 1 if errors else 0


def register(sub) -> None:
    """Add `tiles build` to the CLI's subparsers."""
    p = sub.add_parser("build", help="pre-render every <Tiles> image of a docs tree, with a manifest")
    p.add_argument("paths", nargs="+", metavar="DIR", help="docs folders or files to scan")
    p.add_argument("--out", required=True, metavar="STATIC_DIR", help="where images and manifest.json go")
    p.add_argument("--public-path", default="", metavar="URL",
                   help="prefix for file names in the manifest, e.g. /img/tiles/")
    p.add_argument("--link-md", action="store_true",
                   help="in .md files, write an <img> of the built files under each <!-- <Tiles .../> --> line")
    p.add_argument("--prune", action="store_true", help="delete .png files in STATIC_DIR the manifest no longer names")
    p.set_defaults(func=cmd_build)


