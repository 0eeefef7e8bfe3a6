"""```` ```tiles-scene ```` blocks as pictures in pages: image files under content hashes, or inline SVG.

Shared by the Python docs integrations (`markdown_ext`, `mkdocs_plugin`, `sphinx_ext`)
and `tiles build`: `scene_id` names a scene's files as `tiles build` names a hand's
(``<16 hex>.png``, ``@2x``, ``@3x``, or one ``.svg``), `ensure_scene_files` draws the
missing ones, `scene_img` and `inline_scene` are the markup, with the scene's alt text.

>>> from service.notation.scene import read_scene
>>> text = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}"
>>> card = read_scene(text)
>>> size = scene_size(card, RenderOptions())
>>> size
(402, 159)
>>> scene_img(["a.png", "a@2x.png"], size, "Problem: East 1")[:72]
'<img src="a.png" srcset="a.png 1x, a@2x.png 2x" width="402" height="159"'
>>> svg = inline_scene(card, RenderOptions(format="svg"))
>>> svg.startswith('<svg role="img" aria-label="Problem: East 1'), 'width="402" height="159"' in svg
(True, True)
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path

from service.drawing.scene import arrange_scene, render_scene, scene_alt
from service.drawing.version import RENDERER_VERSION
from service.notation.options import RenderOptions

from .build import DEFAULT, file_name, scales_of, write_file
from .markup import css
from .scan import walk_docs
from .scene_blocks import Scene, read_block, scene_blocks
from .tag_props import Problem
from .spec import MARKUP

SCENE_CLASS = "tiles-scene"


def scene_text(text: str) -> str:
    """A block's YAML as a key: its lines without trailing spaces or line-ending ``\\r``, no blank
    line first or last.

    >>> scene_text("\\n problem: {round: E1}  \\r\\n")
    'problem: {round: E1}'
    """
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def scene_id(text: str, options: RenderOptions) -> str:
    """The content hash naming a scene's files: the renderer, the YAML as written and the options."""
    key = f"{RENDERER_VERSION}\nscene\n{scene_text(text)}\n{replace(options, scale=1).key()}"
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def scene_key(text: str, options: RenderOptions) -> str:
    """The manifest key of a scene: ``scene:`` and its YAML (`scene_text`), then the options that
    differ from `tiles build`'s (``?theme=dark``).

    >>> scene_key("problem: {round: E1}\\n", RenderOptions(theme="dark"))
    'scene:problem: {round: E1}?theme=dark'
    """
    extra = [f"{k}={getattr(options, k)}" for k in ("height", "theme", "format", "lang")
             if getattr(options, k) != getattr(DEFAULT, k)]
    return f"scene:{scene_text(text)}" + ("?" + "&".join(extra) if extra else "")


@dataclass(frozen=True)
class SceneJob:
    """One scene's images for `tiles build` and `tiles batch`: a `Job` with a scene for a hand."""

    text: str
    scene: Scene
    options: RenderOptions
    notation = "tiles-scene"  # what the progress bar shows

    @property
    def image(self) -> str:
        return scene_id(self.text, self.options)

    @property
    def key(self) -> str:
        return scene_key(self.text, self.options)

    def picture(self, scale: int) -> bytes:
        return render_scene(self.scene, replace(self.options, scale=scale))

    def entry(self, public_path: str = "") -> dict:
        """As a hand's manifest entry: files per scale, CSS size, alt text."""
        files = {f"{s}x": public_path + file_name(self.image, s, self.options.format) for s in scales_of(self.options)}
        width, height = scene_size(self.scene, self.options)
        return {**files, "width": width, "height": height, "alt": scene_alt(self.scene)}


def scene_closes(text: str, theme: str) -> dict[int, str]:
    """The 0-based line of each closed block's closing fence (lines split at ``\\n``), and the
    block's manifest key at ``theme`` (what ``tiles build --link-md`` puts an `<img>` under).

    >>> scene_closes("# A\\n```tiles-scene\\nproblem: {round: E1}\\n```\\n", "light")
    {3: 'scene:problem: {round: E1}'}
    """
    lines = text.split("\n")
    out = {}
    for block in scene_blocks(text):
        close = block.line - 1 + len(block.text.splitlines())
        if close < len(lines) and lines[close].strip().startswith(("```", "~~~")):
            out[close] = scene_key(block.text, RenderOptions(theme=theme))
    return out


def scene_jobs(paths, themes: tuple[str, ...]) -> tuple[list[SceneJob], list[Problem]]:
    """A job per ```` ```tiles-scene ```` block under ``paths`` and theme, and the blocks' problems."""
    jobs, problems = [], []
    for path, text in walk_docs(paths):
        for block in scene_blocks(text, str(path)):
            scene, problem = read_block(block)
            if problem is not None:
                problems.append(problem)
                continue
            jobs += [SceneJob(block.text, scene, RenderOptions(theme=t)) for t in themes]
    return jobs, problems


def scene_files(text: str, options: RenderOptions) -> list[str]:
    """The file names of a scene at ``options``: one per scale (an SVG is one file)."""
    image = scene_id(text, options)
    return [file_name(image, s, options.format) for s in scales_of(options)]


def ensure_scene_files(text: str, scene: Scene, options: RenderOptions, out: Path) -> list[str]:
    """Draw the files of a scene not yet in ``out`` (a name is a content hash); return every name."""
    out.mkdir(parents=True, exist_ok=True)
    names = scene_files(text, options)
    for scale, name in zip(scales_of(options), names):
        if not (out / name).exists():
            write_file(out / name, render_scene(scene, replace(options, scale=scale)))
    return names


def scene_size(scene: Scene, options: RenderOptions) -> tuple[int, int]:
    """CSS width and height of the picture."""
    lay = arrange_scene(scene, options).layout
    return lay.width, lay.height


def _attrs(theme: str | None) -> str:
    cls = [MARKUP["className"], SCENE_CLASS] + ([MARKUP["themeClassName"].replace("{theme}", theme)] if theme else [])
    return f' class="{" ".join(cls)}" style="{css(MARKUP["blockStyle"])}"'


def scene_img(urls: list[str], size: tuple[int, int], alt: str, theme: str | None = None) -> str:
    """An `<img>` of a scene's files at 1x (2x, 3x); ``theme`` marks one of a light/dark pair."""
    srcset = ", ".join(f"{escape(u)} {i + 1}x" for i, u in enumerate(urls))
    srcset = f' srcset="{srcset}"' if len(urls) > 1 else ""
    return (f'<img src="{escape(urls[0])}"{srcset} width="{size[0]}" height="{size[1]}" alt="{escape(alt)}" '
            f'loading="lazy" decoding="async"{_attrs(theme)}>')


def inline_scene(scene: Scene, options: RenderOptions, theme: str | None = None) -> str:
    """The scene's SVG for an HTML page: one drawing (tuned for 2x), its alt text as the accessible
    name. Its ids and classes are scoped by a hash of its content, so scenes and hands never clash."""
    svg = render_scene(scene, replace(options, format="svg", scale=2)).decode()
    svg = svg[svg.index("<svg "):]
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(scene_alt(scene))}"{_attrs(theme)} ', 1)


def pair(pictures: list[str]) -> str:
    """One picture, or a light/dark pair in one element (as `markup.wrap` writes it)."""
    return pictures[0] if len(pictures) == 1 else f'<span class="tiles-themed">{"".join(pictures)}</span>'
