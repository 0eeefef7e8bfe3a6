"""`plugins: [search, tiles]` for MkDocs: `<Tiles>` tags, tiles and tiles-scene fences as image files of the built site.

The plugin adds the `tiles` Markdown extension (`service.docs.markdown_ext`) and
gives it a renderer that writes files instead of inlining SVG: PNG at 1x/2x/3x
(``srcset``), or one SVG (``format: svg``), under content-hashed names in the
site's ``tiles/`` folder, with exact ``width``/``height``, ``loading="lazy"`` and
the alt text. Files are drawn into ``cache_dir`` (kept between builds, so an
unchanged image is never drawn twice) and copied into the site; files a build no
longer uses are removed from both. Tags without a theme get a light and a dark
image, one shown by Material's palette toggle (``data-md-color-scheme``).
``format: inline`` inlines SVG with one sprite per page, as the bare extension does.

    plugins:
      - search              # a plugins list replaces MkDocs' defaults: name search to keep it
      - tiles:              # all optional
          format: png       # png | svg | inline
          theme: auto       # auto (a light/dark pair) | light | dark
          color_mode: material
          on_error: fail    # or warn: log it and show the error in the page
          lang: en          # en | ja | zh: the alt text and labels of tags and blocks without a lang
          index: false      # true: corner indices on the faces of tags and blocks without an index

>>> TilesPlugin.config_scheme[0][0]
'format'
"""

from __future__ import annotations

import logging
import os
import posixpath
import shutil
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from service.drawing.scene import scene_alt
from service.layout.arrange import arrange, arranged_alt
from service.notation.dora import LANGS
from service.pictures.jobs import OWN_FILE, file_name, jobs_for, scales_of
from service.pictures.scene_blocks import Scene, SceneOptions
from service.pictures.tag_props import ImageRequest
from tile_art.theme import THEMES

from . import markup
from .build import ensure_files
from .markdown_ext import PageTiles, TilesError, TilesExtension, source_place
from .scene_pictures import ensure_scene_files, pair, scene_img, scene_size

log = logging.getLogger("mkdocs.plugins.tiles")
FOLDER = "tiles"  # in the built site


class BuildStopped(PluginError, TilesError):
    """A typo: MkDocs prints the message and stops with "Aborted with a BuildError!"."""


class TilesConfig(Config):
    format = c.Choice(("png", "svg", "inline"), default="png")
    theme = c.Choice(("auto", *THEMES), default="auto")  # auto: a light/dark pair; print, contrast for paper
    color_mode = c.Choice(("material", "media", "furo"), default="material")
    on_error = c.Choice(("fail", "warn"), default="fail")
    cache_dir = c.Type(str, default=".cache/tiles")
    lang = c.Choice(LANGS, default=LANGS[0])
    index = c.Type(bool, default=False)


class TilesPlugin(BasePlugin[TilesConfig]):
    def __init__(self):
        self.dirty = False
        self.used: set[str] = set()
        self.url = ""

    def on_startup(self, *, command, dirty) -> None:
        self.dirty = dirty

    def on_config(self, config):
        inline = self.config.format == "inline"
        theme = self.config.theme if inline or self.config.theme != "auto" else "light"
        self.ext = TilesExtension(theme=theme, color_mode=self.config.color_mode, on_error=self.config.on_error,
                                  lang=self.config.lang, index=self.config.index)
        self.ext.error = BuildStopped
        self.ext.log = log
        if not inline:
            self.ext.default_format = self.config.format
            self.ext.renderer = self._files
            self.ext.scene_renderer = self._scene_files
        self.themes = ("light", "dark") if self.config.theme == "auto" else (self.config.theme,)
        config.markdown_extensions = [e for e in config.markdown_extensions if e != "tiles"] + [self.ext]
        self.cache = Path(config.config_file_path or ".").parent / self.config.cache_dir
        return config

    def on_pre_build(self, *, config) -> None:
        self.used = set()

    def on_page_markdown(self, markdown, *, page, config, files):
        self.ext.page = source_place(Path(page.file.abs_src_path), markdown)
        self.url = page.url
        return markdown

    def _files(self, request: ImageRequest, page: PageTiles) -> str:
        """The renderer: the image files of one tag, drawn into the cache, and their markup."""
        self.cache.mkdir(parents=True, exist_ok=True)
        jobs = jobs_for(request, self.themes)
        lay = arrange(request.hand, request.options)
        base = self.url if self.url.endswith("/") else posixpath.dirname(self.url)
        pictures = []
        for job in jobs:
            ensure_files(job, self.cache)
            names = [file_name(job.image, s, job.options.format) for s in scales_of(job.options)]
            self.used.update(names)
            urls = [posixpath.relpath(f"{FOLDER}/{n}", base or ".") for n in names]
            theme = job.options.theme if len(jobs) > 1 else None
            alt = arranged_alt(request.hand, job.options)
            pictures.append(markup.img(request, urls, lay.width, lay.height, alt, theme))
        page.pairs = page.pairs or len(jobs) > 1
        return markup.wrap(request, pictures)

    def _scene_files(self, text: str, scene: Scene, block: SceneOptions, page: PageTiles) -> str:
        """The scene renderer: a ```` ```tiles-scene ```` block's files at its options (its theme, or the
        site's pair), drawn into the cache, and its `<img>`s."""
        base = self.url if self.url.endswith("/") else posixpath.dirname(self.url)
        pictures = []
        themes = block.themes(self.themes)
        for theme in themes:
            options = block.render(theme, self.config.format, self.config.lang, self.config.index)
            names = ensure_scene_files(text, scene, options, self.cache)
            self.used.update(names)
            urls = [posixpath.relpath(f"{FOLDER}/{n}", base or ".") for n in names]
            pictures.append(scene_img(urls, scene_size(scene, options), scene_alt(scene, options.lang),
                                      theme if len(themes) > 1 else None))
        page.pairs = page.pairs or len(pictures) > 1
        return pair(pictures)

    def on_post_build(self, *, config) -> None:
        if self.config.format == "inline":
            return
        out = Path(config.site_dir) / FOLDER
        out.mkdir(parents=True, exist_ok=True)
        for name in sorted(self.used):
            target = out / name
            if not target.exists():
                try:
                    os.link(self.cache / name, target)
                except OSError:
                    shutil.copyfile(self.cache / name, target)
        if self.dirty:  # a partial rebuild has not seen every page: keep what others may use
            return
        for folder in (out, self.cache):
            for f in folder.iterdir():
                if OWN_FILE.fullmatch(f.name) and f.name not in self.used and f.is_file() and not f.is_symlink():
                    f.unlink()
                    log.debug("removed %s", f)
