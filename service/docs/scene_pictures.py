"""```` ```tiles-scene ```` blocks as pictures in pages: image files under content hashes, or inline SVG.

Shared by the Python docs integrations (`markdown_ext`, `mkdocs_plugin`, `sphinx_ext`):
`ensure_scene_files` draws a scene's missing files, named as `tiles build` names them
(`service.pictures.scene_blocks.scene_id`: ``<16 hex>.png``, ``@2x``, ``@3x``, or one ``.svg``);
`scene_img` and `inline_scene` are the markup, with the scene's alt text.

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

from dataclasses import replace
from html import escape
from pathlib import Path

from service.drawing.scene import render_scene, scene_alt
from service.layout.arrange import arrange_scene
from service.notation.options import RenderOptions
from service.pictures.jobs import file_name, scales_of, write_file
from service.pictures.scene_blocks import Scene, scene_id
from service.pictures.spec import MARKUP

from .markup import css

SCENE_CLASS = "tiles-scene"


def scene_files(text: str, options: RenderOptions, scene: Scene | None = None) -> list[str]:
    """The file names of a scene at ``options``: one per scale (an SVG is one file)."""
    image = scene_id(text, options, scene)
    return [file_name(image, s, options.format) for s in scales_of(options)]


def ensure_scene_files(text: str, scene: Scene, options: RenderOptions, out: Path) -> list[str]:
    """Draw the files of a scene not yet in ``out`` (a name is a content hash); return every name."""
    out.mkdir(parents=True, exist_ok=True)
    names = scene_files(text, options, scene)
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
    """The scene's SVG for an HTML page: one drawing (tuned for 2x), its alt text (in ``options.lang``)
    as the accessible name. Its ids and classes are scoped by a hash of its content, so scenes and hands never clash."""
    svg = render_scene(scene, replace(options, format="svg", scale=2)).decode()
    svg = svg[svg.index("<svg "):]
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(scene_alt(scene, options.lang))}"{_attrs(theme)} ', 1)


def pair(pictures: list[str]) -> str:
    """One picture, or a light/dark pair in one element (as `markup.wrap` writes it)."""
    return pictures[0] if len(pictures) == 1 else f'<span class="tiles-themed">{"".join(pictures)}</span>'
