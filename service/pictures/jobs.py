"""The images a page asks for, as jobs: each named by a content hash, written at its scales.

A `Job` is a hand at some options, a `SceneJob` a ```` ```tiles-scene ```` block's scene;
each has its files' names (`image_id`/`scene_id`, `file_name`: the renderer version, the
canonical notation or YAML, the options), its manifest key and entry (size, alt text), and
draws its missing files (`missing`, `draw`). `tiles build`, `tiles batch`, POST /batch and
the Python docs sites name and draw files with these, so each image is one file whoever asks.

>>> from service.notation.subject import read
>>> image_id(read("r5p"), RenderOptions()) == image_id(read("0p"), RenderOptions())
True
>>> manifest_key("123m", RenderOptions(height=50))
'123m?height=50'
>>> manifest_key("1m-2m", RenderOptions(layout="river", row=8))
'1m-2m?layout=river&row=8'
>>> manifest_key("1m", RenderOptions(dora="3m", lang="ja"))
'1m?dora=3m&lang=ja'
>>> manifest_key("1m", RenderOptions(lang="zh"))  # the alt text's language: the entry's, the PNGs shared
'1m?lang=zh'
>>> manifest_key("1m", RenderOptions(format="svg", theme="auto"))
'1m?theme=auto&format=svg'
>>> manifest_key("1m", RenderOptions(score="seat=S&riichi=1"))
'1m?score=1&seat=S&riichi=1'
>>> manifest_key("1m", RenderOptions(layout="efficiency", rows=2, visible="4m1z4m"))
'1m?layout=efficiency&rows=2&visible=44m1z'
>>> manifest_key("1m", RenderOptions(index=True))
'1m?index=1'
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from service.drawing.render import render
from service.drawing.scene import render_scene, scene_alt
from service.drawing.version import RENDERER_VERSION
from service.layout.arrange import arrange, arrange_scene, arranged_alt
from service.notation.model import Hand
from service.notation.options import VECTOR_FORMATS, RenderOptions

from .scene_blocks import Scene, scene_id, scene_key
from .tag_props import ImageRequest

SCALES = (1, 2, 3)
DEFAULT = RenderOptions()
# The only files `--prune` may delete: the names file_name() gives.
OWN_FILE = re.compile(r"[0-9a-f]{16}((@[23]x)?\.png|\.svg)")
# `tiles batch` (remark-tiles) marks a folder it writes to: `--prune` cannot tell its files
# from stale ones there (they are in no manifest), so it leaves such a folder alone.
BATCH_MARK = ".tiles-batch"
BATCH_MARK_TEXT = "remark-tiles (tiles batch) writes images here; `tiles build --prune` leaves this folder alone.\n"


def image_id(hand: Hand, options: RenderOptions) -> str:
    """The content hash naming an image's files (the scale is a suffix, not hashed)."""
    key = f"{RENDERER_VERSION}\n{hand.canonical()}\n{replace(options, scale=1).key()}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def scales_of(options: RenderOptions) -> tuple[int, ...]:
    """The scales an image is written at: an SVG (or a PDF) is one file for every screen.

    >>> scales_of(RenderOptions()), scales_of(RenderOptions(format="svg")), scales_of(RenderOptions(format="pdf"))
    ((1, 2, 3), (1,), (1,))
    """
    return (1,) if options.format in VECTOR_FORMATS else SCALES


def file_name(image: str, scale: int, fmt: str = "png") -> str:
    """``abc.png``, ``abc@2x.png``, ``abc@3x.png``.

    >>> bool(OWN_FILE.fullmatch(file_name("0123456789abcdef", 2)))
    True
    """
    return f"{image}{'' if scale == 1 else f'@{scale}x'}.{fmt}"


def manifest_key(notation: str, options: RenderOptions) -> str:
    """The notation as written, plus the non-default options the component passes."""
    keys = ("height", "theme", "layout") + (("row",) if options.layout == "river" else ())  # a hand has no rows
    keys += ("rows", "visible") if options.layout == "efficiency" else ()  # a table's first rows, the tiles seen
    keys += ("format",)  # svg: one file, no densities
    keys += ("dora", "ura", "lang")  # lang: the alt text is in it, whether or not the file is
    keys += ("index",)  # index=1, as the component's URL says it
    keys += ("dialect",)  # another tool's notation: the same text in ours is another hand
    extra = [f"{k}={_query(getattr(options, k))}" for k in keys if getattr(options, k) != getattr(DEFAULT, k)]
    if options.score:  # the card's context as its URL writes it: score=1&seat=S&riichi=1
        extra += ["score=1"] + ([] if options.score == "on" else [options.score])
    return notation + ("?" + "&".join(extra) if extra else "")


def _query(value) -> str:
    """An option's value as a query writes it: a flag as 1 or 0."""
    return str(int(value)) if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Job:
    """One image to have on disk: a hand at some options, under a hash."""

    notation: str
    hand: Hand
    options: RenderOptions

    @property
    def image(self) -> str:
        return image_id(self.hand, self.options)

    @classmethod
    def of(cls, request: ImageRequest) -> Job:
        return cls(request.notation, request.hand, request.options)

    @property
    def key(self) -> str:
        return manifest_key(self.notation, self.options)

    def picture(self, scale: int) -> bytes:
        return render(self.hand, replace(self.options, scale=scale))

    def entry(self, public_path: str = "") -> dict:
        return entry(self, public_path)


def jobs_for(request: ImageRequest, themes: tuple[str, ...]) -> list[Job]:
    """A tag that names its theme gets that one; others get one image per site theme."""
    if request.theme_given:
        return [Job.of(request)]
    return [Job.of(request.themed(t)) for t in themes]


@dataclass(frozen=True)
class SceneJob:
    """One scene's images for `tiles build` and `tiles batch`: a `Job` with a scene for a hand."""

    text: str
    scene: Scene
    options: RenderOptions
    notation = "tiles-scene"  # what the progress bar shows

    @property
    def image(self) -> str:
        return scene_id(self.text, self.options, self.scene)

    @property
    def key(self) -> str:
        return scene_key(self.text, self.options, self.scene)

    def picture(self, scale: int) -> bytes:
        return render_scene(self.scene, replace(self.options, scale=scale))

    def entry(self, public_path: str = "") -> dict:
        """As a hand's manifest entry: files per scale, CSS size, alt text."""
        files = {f"{s}x": public_path + file_name(self.image, s, self.options.format) for s in scales_of(self.options)}
        lay = arrange_scene(self.scene, self.options).layout
        return {**files, "width": lay.width, "height": lay.height, "alt": scene_alt(self.scene, self.options.lang)}


def entry(job: Job, public_path: str = "") -> dict:
    """The manifest entry: files per scale (an SVG has only "1x"), CSS size, alt text."""
    lay = arrange(job.hand, job.options)
    files = {f"{s}x": public_path + file_name(job.image, s, job.options.format) for s in scales_of(job.options)}
    return {**files, "width": lay.width, "height": lay.height, "alt": arranged_alt(job.hand, job.options)}


def write_file(path: Path, data: bytes) -> None:
    """Write atomically through a fresh temporary file (never through a planted symlink)."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)  # replaces a symlink at `path` itself, not its target
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def missing(job: Job, out: Path) -> list[int]:
    """The scales of ``job`` not yet in ``out`` (names are content hashes, so a file that
    exists is the right one)."""
    return [s for s in scales_of(job.options) if not (out / file_name(job.image, s, job.options.format)).exists()]


def draw(job: Job, out: Path, scales: list[int]) -> None:
    """Render and write the files of ``job`` at ``scales`` (a pool worker's task too)."""
    for scale in scales:
        write_file(out / file_name(job.image, scale, job.options.format), job.picture(scale))


def default_workers() -> int:
    """The cores this process may run on (`--jobs`' default)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def pool(workers: int) -> Executor | None:
    """A process pool of ``workers`` (None for one: draw in this process). Each worker
    keeps its own face and palette caches; a picture's bytes depend only on its notation
    and options, so any split of the images writes the same files."""
    return ProcessPoolExecutor(workers) if workers > 1 else None


def mark_batch_folder(out: Path) -> None:
    """Say that `tiles batch` writes to ``out`` (see `BATCH_MARK`)."""
    if not (out / BATCH_MARK).exists():
        write_file(out / BATCH_MARK, BATCH_MARK_TEXT.encode())


def workers_arg(text: str) -> int:
    """`--jobs`: a whole number of processes, at least 1.

    >>> workers_arg("3")
    3
    """
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--jobs takes a whole number, not {text!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"--jobs must be at least 1, not {n}")
    return n
