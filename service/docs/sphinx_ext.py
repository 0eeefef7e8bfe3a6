"""Sphinx: a ``tiles`` directive and a ``:tiles:`` role, in reStructuredText and MyST Markdown.

``extensions = ["service.sphinx"]`` (with ``"myst_parser"`` for Markdown pages)::

    .. tiles:: 11222333s22m+-456m+4s
       :caption: Tsumo on 4s

    Wait on :tiles:`14s`.

    ```{tiles} 1m9p*2z3s-5p8s
    :river:
    ```

    ```{tiles-scene} lang=ja height=30
    problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}
    ```

A ``tiles-scene`` directive's content is a scene's YAML (docs/scenes.md), drawn like a hand
with its alt text; its argument takes the options a ```` ```tiles-scene ```` fence takes
(``height theme lang index format bg``). A bad field fails the build at ``file:line:col`` with the
field's path; a bad option at its place on the directive's line.

Options are the `<Tiles>` props (``caption``, ``theme``, ``height``, ``river``,
``row``, ``format``, ``dora``, ``ura``, ``lang``, ``index``: bare, or ``:index: false`` against the
site's), read by `service.pictures.tag_props` as `tiles lint` reads them; a bad value is placed at its
character on the option's line.
Images are drawn when the HTML is written, into the output's ``_images`` under
content-hashed names (an existing file is never drawn again), as
``sphinx.ext.graphviz`` does; tags without a theme get a light and a dark image,
one shown by Furo's theme switch (``tiles_color_mode``). The LaTeX builder (``make latexpdf``) draws
each picture as a vector PDF into its output instead and includes it (`visit_latex`): inline at the
text's size on the baseline, a hand on its own at its CSS size (shrunk to the line), in a figure with
its caption, light where ``tiles_theme`` is auto; so one source is the site and the book. A typo stops the build
naming ``file:line:col`` (``tiles_on_error = "warn"`` logs it and shows it).

Settings (conf.py): ``tiles_theme`` (auto: a light/dark pair; light; dark),
``tiles_color_mode`` (furo, media, material), ``tiles_format`` (png, svg),
``tiles_on_error`` (fail, warn), ``tiles_lang`` (en, ja, zh: the alt text and labels of tags
and blocks without a ``lang``), ``tiles_index`` (True: corner indices on the faces of tags and
blocks without an ``index``), ``tiles_dialect`` (mahgen, riichi-hand-rs, ...: the notation of tags,
directives and fences without a ``dialect`` is that tool's; default ``None``, ours).

>>> sorted(name for name in TilesDirective.option_spec if name not in SCORE_OPTIONS)
['caption', 'dialect', 'efficiency', 'format', 'height', 'index', 'lang', 'river', 'row', 'rows', 'score', 'theme', 'visible']
>>> {"riichi", "seat", "round", "honba", "rules", "dora", "ura"} <= set(TilesDirective.option_spec)
True
>>> option_spans(["```{tiles} 123m", ":dora: 3q", ":river:", "```"], 1, {"dora": "3q", "river": True})
{'dora': [23, 24]}
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from service.drawing.scene import scene_alt
from service.layout.arrange import arrange, arranged_alt
from service.notation.dora import LANGS
from service.notation.options import RenderOptions
from service.pictures.jobs import Job, file_name, jobs_for, scales_of
from service.pictures.scan import TilesTag
from service.pictures.scene_blocks import SceneBlock, SceneOptions, block_warnings, meta_options, read_block, read_options
from service.notation.dialects import dialect_name
from service.pictures.tag_props import TAG_FORMATS, read_tag
from service.scoring.rules import OPTIONS as SCORE_OPTIONS
from tile_art.theme import THEMES as TILE_THEMES

from . import latex, markup
from .build import ensure_files
from .color_mode import color_mode, hide_pair_css
from .scene_pictures import ensure_scene_files, pair, scene_img, scene_size

log = logging.getLogger(__name__)
CSS = "tiles.css"
# an option line, rST or MyST (in a blockquote too: ``> :dora: 3m``)
_OPTION = re.compile(r"(?:[ \t]*>)*[ \t]*:([\w-]+):[ \t]*(.*)")  # the value's trailing blanks cut in code: linear


class tiles_block(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes so)
    """A picture on its own; ``props`` are the tag's."""


class tiles_inline(nodes.Inline, nodes.Element):  # noqa: N801
    """A picture in a line of text."""


class tiles_scene(nodes.General, nodes.Element):  # noqa: N801
    """A scene (docs/scenes.md); ``yaml`` is its text."""


def _shown(path: str) -> str:
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


@lru_cache(maxsize=8)
def _source(path: str, mtime: int) -> str:
    """A page's text, read once for all its tags (``mtime`` keys a changed file anew)."""
    return Path(path).read_text(encoding="utf-8-sig")


def _tag(env, lineno: int, notation: str, props: dict, skip: int = 0) -> TilesTag:
    """The tag as `service.pictures.tag_props` reads it: the notation placed where it is in its file."""
    source = env.doc2path(env.docname)
    text = _source(str(source), Path(source).stat().st_mtime_ns)
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[: max(lineno - 1, 0)])
    line = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
    col = line.find(notation, skip)
    offsets = list(range(start + col, start + col + len(notation))) if col >= 0 else []
    return TilesTag(_shown(str(source)), text, start + max(col, 0), props={**props, "notation": notation},
                    spans={"notation": offsets} if offsets else {})


def _check(env, tag: TilesTag, inline: bool, node_class):
    """The node for a tag, after reading it once. An error is logged and kept in the
    environment (the build then exits 1, `_fail`), or with ``tiles_on_error = "warn"`` only logged;
    the page shows it either way."""
    drawn = replace(tag, props={"format": env.config.tiles_format, **tag.props})  # as `visit_html` draws it
    read = read_tag(drawn, env.config.tiles_theme if env.config.tiles_theme != "auto" else "light",
                    env.config.tiles_lang, env.config.tiles_index, env.config.tiles_dialect or None)
    _report(env, read.problems, tag.text)
    if read.request is None or read.errors:
        message = "\n".join(str(p) for p in read.errors)
        return nodes.literal(message, message, classes=["tiles-error"]) if inline else \
            nodes.literal_block(message, message, classes=["tiles-error"])
    node = node_class()
    node["props"] = dict(tag.props)
    return node


def _report(env, problems, text: str) -> None:
    """Each problem with its line and a caret, logged once the page is read (`_tell`: in line order,
    directives' and MyST tags' together); an error is kept for `_fail` unless ``tiles_on_error = "warn"``."""
    for p in problems:
        line = text.split("\n")[p.line - 1] if p.line <= text.count("\n") + 1 else ""
        message = markup.caret(str(p), p.col, line)
        warn = p.warning or env.config.tiles_on_error == "warn"
        _told(env).setdefault(env.docname, []).append((p.line, p.col, warn, message))
        if not warn:
            _errors(env).setdefault(env.docname, []).append(message)


def _told(env) -> dict[str, list[tuple[int, int, bool, str]]]:
    """docname -> the problems of the page being read, to log when it is read."""
    if not hasattr(env, "tiles_told"):
        env.tiles_told = {}
    return env.tiles_told


def _tell(app, doctree) -> None:
    """Log the problems of the page just read, in line order."""
    for _, _, warn, message in sorted(_told(app.env).pop(app.env.docname, [])):
        (log.warning if warn else log.error)(message)


def _errors(env) -> dict[str, list[str]]:
    """docname -> the errors of its tags, kept in the environment (so parallel reads and
    incremental builds still fail)."""
    if not hasattr(env, "tiles_errors"):
        env.tiles_errors = {}
    return env.tiles_errors


def _purge(app, env, docname) -> None:
    _errors(env).pop(docname, None)


def _merge(app, env, docnames, other) -> None:
    _errors(env).update({d: e for d, e in _errors(other).items() if d in docnames})


def _fail(app, exception) -> None:
    """Tags that could not be drawn fail the build (exit 1), after every page was read."""
    errors = [e for d in sorted(_errors(app.env)) for e in _errors(app.env)[d]]
    if exception is None and errors:
        log.error("%d <Tiles> notation error(s): the build fails (tiles_on_error = \"warn\" lets it pass)",
                  len(errors), type="tiles")
        app.statuscode = 1


def flag_or_bool(value: str | None) -> bool:
    """A directive option given bare (``:index:``) or as a truth value (``:index: false``).

    >>> flag_or_bool(None), flag_or_bool("No"), flag_or_bool("true")
    (True, False, True)
    """
    word = (value or "true").strip().lower()
    if word in ("true", "yes", "1", "on"):
        return True
    if word in ("false", "no", "0", "off"):
        return False
    raise ValueError(f"give it alone, or true or false, not {value!r}")


class TilesDirective(SphinxDirective):
    """``.. tiles:: NOTATION`` with the tag's props as options."""

    required_arguments = 1
    final_argument_whitespace = True  # "r5p 0s 0m": a hand, a meld and a winning tile
    option_spec = {
        "caption": directives.unchanged,
        "theme": directives.unchanged,
        "height": directives.unchanged,
        "river": directives.flag,
        "row": directives.unchanged,
        "format": directives.unchanged,
        "dora": directives.unchanged,
        "ura": directives.unchanged,
        "lang": directives.unchanged,
        "dialect": directives.unchanged,  # the notation is another tool's (service.notation.dialects)
        "index": flag_or_bool,
        "efficiency": directives.flag,  # the acceptance table (layout=efficiency), ``:rows: 3`` its first rows
        "rows": directives.unchanged,
        "visible": directives.unchanged,  # tiles seen elsewhere: the table's counts leave them out
        # the score card (``:score:``) and its context, as the tag's props: ``:riichi:``, ``:seat: S``
        **{name: directives.unchanged for name in ("score", *SCORE_OPTIONS) if name not in ("dora", "ura")},
    }

    def run(self):
        notation = self.arguments[0].strip()
        props = {k: (True if v is None else v) for k, v in self.options.items()}
        tag = _tag(self.env, self.lineno, notation, props)
        tag.spans.update(option_spans(tag.text.split("\n"), self.lineno, props))
        return [_check(self.env, tag, False, tiles_block)]


def option_spans(lines: list[str], lineno: int, props: dict) -> dict[str, list[int]]:
    """The file offsets of each option's value, on the ``:name: value`` lines right under the
    directive's line ``lineno`` (1-based), so a bad ``:dora:`` is placed at its character."""
    spans, start = {}, sum(len(line) + 1 for line in lines[:lineno])
    for line in lines[lineno:]:
        m = _OPTION.match(line)
        if m is None:
            break
        value = m.group(2).rstrip(" \t")
        if isinstance(props.get(m.group(1)), str) and value:
            spans[m.group(1)] = list(range(start + m.start(2), start + m.start(2) + len(value)))
        start += len(line) + 1
    return spans


class TilesSceneDirective(SphinxDirective):
    """``.. tiles-scene::`` (MyST: ```` ```{tiles-scene} ````) with a scene's YAML as its content; its
    argument, the rest of the fence line, holds the block's options as in every fence
    (``.. tiles-scene:: lang=ja height=30``, ```` ```{tiles-scene} lang=ja height=30 ````)."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True

    def run(self):
        source = self.env.doc2path(self.env.docname)
        page = _source(str(source), Path(source).stat().st_mtime_ns)
        lines = page.split("\n")
        info, col, body = self._info(lines)
        text = "\n".join(body) + "\n"
        first = body[0].strip() if body else ""
        at = next((k for k in range(self.lineno, len(lines)) if first and lines[k].strip() == first), self.lineno)
        indent = len(lines[at]) - len(lines[at].lstrip()) if at < len(lines) else 0
        block = SceneBlock(_shown(str(source)), at + 1, indent, text, info, self.lineno, col)
        return [scene_node(self.env, block, page)]

    def _info(self, lines: list[str]) -> tuple[str, int, list[str]]:
        """The options on the directive's own line, their 1-based column there, and the YAML's lines.
        rST takes the lines up to the first blank one as the argument: those not on the directive's
        line are YAML (``.. tiles-scene::`` with the YAML right under it, as before options)."""
        arg = self.arguments[0] if self.arguments else ""
        line = lines[self.lineno - 1] if 0 < self.lineno <= len(lines) else ""
        name = line.find("tiles-scene")
        own = name >= 0 and line[name + len("tiles-scene"):].lstrip(":}").strip() != ""
        first, _, more = arg.partition("\n") if own else ("", "", arg)
        taken = more.split("\n") + ([""] if self.content else []) if more else []  # docutils drops the blank
        body = taken + list(self.content)
        where = line.find(first, name + len("tiles-scene")) if first else -1
        info, at = meta_options(first)  # the same words as a fence's, maybe in braces
        return info, max(where, 0) + at + 1, body


def scene_node(env, block: SceneBlock, page: str):
    """The node of a scene block (options and YAML read and checked), or of its errors, reported."""
    (options, bad_option), (scene, bad_field) = read_options(block, env.config.tiles_format), read_block(block)
    problems = [p for p in (bad_option, bad_field) if p is not None]
    if problems:
        _report(env, problems, page)
        message = "\n".join(map(str, problems))
        return nodes.literal_block(message, message, classes=["tiles-error"])
    _report(env, block_warnings(block, scene), page)  # logged at the field, as a tag's warnings are
    node = tiles_scene()
    node["yaml"] = block.text
    node["page"] = block.path  # a log: scene's record is beside the page
    node["options"] = options.given
    return node


def tiles_role(name, rawtext, text, lineno, inliner, options=None, content=()):
    """``:tiles:`14s``` (MyST: ``{tiles}`14s```): tiles in a line of text, 24 px high."""
    env = inliner.document.settings.env
    source = env.doc2path(env.docname)
    line = _source(str(source), Path(source).stat().st_mtime_ns).split("\n")
    at = line[lineno - 1].find(rawtext) if 0 < lineno <= len(line) else -1
    tag = _tag(env, lineno, text, {"inline": True}, skip=max(at, 0))
    return [_check(env, tag, True, tiles_inline)], []


def visit_html(self, node) -> None:
    """Draw the node's images into ``_images`` (unless there) and write their markup."""
    config = self.builder.config
    tag = TilesTag("", "", 0, props=dict(node["props"]))
    tag.props.setdefault("format", config.tiles_format)
    read = read_tag(tag, config.tiles_theme if config.tiles_theme != "auto" else "light", config.tiles_lang,
                    config.tiles_index, config.tiles_dialect or None)
    request = read.request
    themes = ("light", "dark") if config.tiles_theme == "auto" else (config.tiles_theme,)
    jobs = jobs_for(request, themes)
    out = Path(self.builder.outdir) / self.builder.imagedir
    out.mkdir(parents=True, exist_ok=True)
    lay = arrange(request.hand, request.options)
    pictures = []
    for job in jobs:
        ensure_files(job, out)
        urls = [f"{self.builder.imgpath}/{file_name(job.image, s, job.options.format)}" for s in scales_of(job.options)]
        pictures.append(markup.img(request, urls, lay.width, lay.height, arranged_alt(request.hand, job.options),
                                   job.options.theme if len(jobs) > 1 else None))
    self.body.append(markup.wrap(request, pictures))
    raise nodes.SkipNode


def visit_scene_html(self, node) -> None:
    """Draw a scene's images into ``_images`` (unless there) and write their `<img>`s."""
    config = self.builder.config
    scene, bad = read_block(SceneBlock(node.get("page", ""), 1, 0, node["yaml"]))
    if scene is None:  # a log: scene whose record changed since the page was read
        raise ValueError(str(bad))
    block = SceneOptions(tuple(node.get("options", ())))
    themes = block.themes(("light", "dark") if config.tiles_theme == "auto" else (config.tiles_theme,))
    out = Path(self.builder.outdir) / self.builder.imagedir
    pictures = []
    for theme in themes:
        options = block.render(theme, config.tiles_format, config.tiles_lang, config.tiles_index)
        urls = [f"{self.builder.imgpath}/{n}" for n in ensure_scene_files(node["yaml"], scene, options, out)]
        pictures.append(scene_img(urls, scene_size(scene, options), scene_alt(scene, options.lang),
                                  theme if len(themes) > 1 else None))
    self.body.append(pair(pictures))
    raise nodes.SkipNode


def print_options(options: RenderOptions) -> RenderOptions:
    """A picture's options for paper: a vector PDF, light where the site's theme is ``auto`` (paper has
    no colour scheme).

    >>> o = print_options(RenderOptions(format="svg", theme="auto"))
    >>> o.format, o.theme
    ('pdf', 'light')
    """
    return replace(options, format="pdf", theme="light" if options.theme == "auto" else options.theme)


def visit_latex(self, node) -> None:
    """Draw the node's picture as a vector PDF in the LaTeX output (unless there) and include it: in a line
    of text at the text's size, else at its CSS size (shrunk to the line), in a figure with its caption."""
    config = self.builder.config
    tag = TilesTag("", "", 0, props={**node["props"], "format": "svg"})  # read as for HTML, drawn as PDF
    request = read_tag(tag, config.tiles_theme if config.tiles_theme != "auto" else "light", config.tiles_lang,
                       config.tiles_index).request
    job = Job(request.notation, request.hand, print_options(request.options))
    out = Path(self.builder.outdir)
    ensure_files(job, out)
    lay = arrange(request.hand, request.options)
    name = file_name(job.image, 1, "pdf")
    picture = latex.include(name, lay.width, lay.height, request.options.height, request.inline)
    alt = " ".join(arranged_alt(request.hand, job.options).split())
    self.body.append(_placed(self, picture, alt, None if request.inline else request.caption, request.inline))
    raise nodes.SkipNode


def visit_scene_latex(self, node) -> None:
    """Draw a scene as a vector PDF in the LaTeX output (unless there) and include it, centred."""
    config = self.builder.config
    scene, bad = read_block(SceneBlock(node.get("page", ""), 1, 0, node["yaml"]))
    if scene is None:  # a log: scene whose record changed since the page was read
        raise ValueError(str(bad))
    block = SceneOptions(tuple(node.get("options", ())))
    theme = block.themes((config.tiles_theme if config.tiles_theme != "auto" else "light",))[0]
    options = print_options(block.render(theme, "svg", config.tiles_lang, config.tiles_index))
    name = ensure_scene_files(node["yaml"], scene, options, Path(self.builder.outdir))[0]
    width, height = scene_size(scene, options)
    picture = latex.include(name, width, height, options.height, False)
    self.body.append(_placed(self, picture, " ".join(scene_alt(scene, options.lang).split()), None, False))
    raise nodes.SkipNode


def _placed(self, picture: str, alt: str, caption: str | None, inline: bool) -> str:
    """A picture in a line of text, centred on its own, or in a figure with its caption; the alt text a comment."""
    if inline:  # the comment on lines of its own: the text after the picture keeps its space
        return f"%\n% {alt}\n{picture}"
    if caption:
        return (f"\n\\begin{{figure}}[htbp]\n\\centering\n{picture}% {alt}\n"
                f"\\caption{{{self.encode(caption)}}}\n\\end{{figure}}\n")
    return f"\n\\begin{{center}}\n{picture}% {alt}\n\\end{{center}}\n"


THEMES = ("auto", *TILE_THEMES)  # tiles_theme: auto is a light/dark pair; print and contrast are for paper
ON_ERROR = ("fail", "warn")


def _check_config(app, config) -> None:
    """Every ``tiles_*`` setting that is none of its choices (a ``tiles_lang`` that is no language, a
    ``tiles_format`` the pictures are not drawn in, a ``tiles_theme`` typo...) stops the build before
    any page is read, naming the setting (not at the first picture, or never: a ``tiles_on_error``
    typo failed every build quietly as "fail", a ``tiles_color_mode`` one only once the pages were written)."""
    from sphinx.errors import ConfigError

    from .color_mode import MODES

    choices = {"tiles_theme": THEMES, "tiles_color_mode": tuple(MODES), "tiles_format": TAG_FORMATS,
               "tiles_on_error": ON_ERROR, "tiles_lang": LANGS}
    for name, among in choices.items():
        if config[name] not in among:
            raise ConfigError(f"{name} must be one of {', '.join(among)}, not {config[name]!r}")
    if not isinstance(config.tiles_index, bool):
        raise ConfigError(f"tiles_index must be True or False, not {config.tiles_index!r}")
    if config.tiles_dialect is not None:
        try:
            dialect_name(config.tiles_dialect)
        except ValueError as err:
            raise ConfigError(f"tiles_{err}") from None


def skip(self, node) -> None:
    raise nodes.SkipNode


def _write_css(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        (static / CSS).write_text(hide_pair_css(color_mode(app.config.tiles_color_mode)) + "\n", encoding="utf-8")


def setup(app):
    app.add_config_value("tiles_theme", "auto", "html", str)
    app.add_config_value("tiles_color_mode", "furo", "html", str)
    app.add_config_value("tiles_format", "png", "html", str)
    app.add_config_value("tiles_on_error", "fail", "env", str)
    app.add_config_value("tiles_lang", LANGS[0], "env", str)
    app.add_config_value("tiles_index", False, "env", bool)
    app.add_config_value("tiles_dialect", None, "env", (str, type(None)))
    app.connect("config-inited", _check_config)
    for node in (tiles_block, tiles_inline):
        app.add_node(node, html=(visit_html, None), latex=(visit_latex, None), text=(skip, None), man=(skip, None),
                     texinfo=(skip, None))
    app.add_node(tiles_scene, html=(visit_scene_html, None), latex=(visit_scene_latex, None), text=(skip, None),
                 man=(skip, None), texinfo=(skip, None))
    app.add_directive("tiles", TilesDirective)
    app.add_directive("tiles-scene", TilesSceneDirective)
    app.add_role("tiles", tiles_role)
    app.add_css_file(CSS)
    app.connect("build-finished", _write_css)
    app.connect("build-finished", _fail)
    app.connect("doctree-read", _tell)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
