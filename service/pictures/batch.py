"""`tiles batch --out DIR`: one process that draws images for a whole site build.

The remark-tiles plugin starts it once per build and speaks JSON lines: one
request per `<Tiles>` tag on stdin, one answer per line on stdout, matched by
``id``. The first line out says who is answering, with the spec
(`service.pictures.spec`) the plugin's markup follows. Files are named by content
hash (as `tiles build` names them), so unchanged images are never drawn twice.

A request carries the tag's source text and where it starts in its file (and
``tag``, the element name, when it is not ``Tiles``; ``prefix``, its line's text
before it, whose ``>`` markers a multi-line tag in a blockquote repeats); the tag is read by
`service.pictures.tag_props`, the same reader `tiles lint` uses. A ```` ```tiles-scene ````
block is a request with ``scene`` (its YAML) instead of ``source``, ``line``/``column``
where its body starts (and ``columns``, where each of its lines starts, when a blockquote or a
list puts them apart); its answer says ``"scene": true``. A line of a ```` ```tiles ```` fence is a
request with ``fenceLine`` (its text) and ``info`` (the fence's info string), read as `tiles lint`
reads it (`service.pictures.pages`); its answer is a tag's. A request's ``lang`` is the site's
language (remark-tiles' and markdown-it-tiles' ``lang`` option) for a tag, line or block without
its own: of the alt text and the labels; its ``index`` (true or false) the site's corner indices
(their ``index`` option), likewise:

>>> import io, json
>>> server = Batch(out=None, public_path="/tiles/")
>>> answer = server.answer({"id": 1, "path": "a.mdx", "line": 3, "column": 5,
...                         "source": '<Tiles notation="123a" />', "themes": ["light"]})
>>> answer["ok"], answer["errors"][0]["line"], answer["errors"][0]["column"]
(False, 3, 25)
>>> answer["errors"][0]["message"]
"'a' is not a suit letter (use m, p, s or z)"
>>> answer = server.answer({"id": 2, "path": "a.mdx", "line": 6, "column": 5, "info": "tiles river",
...                         "fenceLine": "4p5q | Mine", "themes": ["light"]})
>>> answer["ok"], answer["errors"][0]["line"], answer["errors"][0]["column"]
(False, 6, 8)
>>> server.answer({"id": 3, "path": "a.mdx", "line": 6, "column": 5, "info": "tiles river",
...                "fenceLine": "4p5s | Mine", "themes": ["light"]})["caption"]
'Mine'
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import threading
from concurrent.futures import Executor, Future
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote, urlencode

from service.drawing.scene import scene_alt
from service.drawing.svg import svg_srcset
from service.drawing.version import RENDERER_VERSION
from service.layout.arrange import arrange, arrange_scene, arranged_alt
from service.layout.limits import densities, distinct_faces
from service.notation.dialects import dialect_name
from service.notation.dora import LANGS
from service.notation.options import VECTOR_FORMATS, RenderOptions

from .jobs import (
    BATCH_MARK,
    BATCH_MARK_TEXT,
    SCALES,
    Job,
    SceneJob,
    default_workers,
    draw,
    file_name,
    jobs_for,
    mark_batch_folder,
    missing,
    pool,
    scales_of,
    workers_arg,
    write_file,
)
from .release import TILES_VERSION
from .fence_words import MAX_INFO
from .pages import fence_props, line_tag, tiles_info
from .scan import TAG_NAME, TagSyntaxError, TilesTag, line_col, scan_text, tag_pattern
from .log_scenes import HTTP_REFUSAL, names_log
from .scene_blocks import SceneBlock, block_warnings, meta_options, read_block, read_options
from .tag_props import DEFAULT_INDEX, DEFAULT_LANG, DEFAULT_THEME, TAG_FORMATS, Problem, TagRead, read_tag

PROTOCOL = 2  # 2: a scene block's fence options travel with it (`meta`); a 1 would drop them
# Props the page must know before it runs: an {expression} there cannot be drawn.
REQUESTS = ("tag", "scene", "fence")  # what a request may be: a <Tiles> tag, a scene block, a tiles fence's line
SITE_OPTIONS = ("lang", "index", "dialect")  # the site's settings a request may carry, for tags and blocks without their own
STATIC_PROPS = ("notation", "caption", "inline", "height", "theme", "river", "row", "format", "dora", "ura", "lang",
                "index", "dialect", "efficiency", "rows", "visible")


class Batch:
    """Answers requests; ``out`` is where image files go (None: answer without drawing).

    ``fetch`` (the HTTP service's POST /batch): nothing is drawn here; each image says
    where to fetch its files (`image_urls`) and an error image comes as base64 bytes.
    ``executor``: a process pool that draws the files (`ask` then returns before they are
    written, with what to wait for); None draws them in this process.
    """

    def __init__(self, out: Path | None, public_path: str = "", themes: tuple[str, ...] = (DEFAULT_THEME,),
                 error_images: bool = False, fetch: bool = False, executor: Executor | None = None):
        self.out = out
        self.public_path = public_path
        self.themes = themes
        self.error_images = error_images
        self.fetch = fetch
        self.executor = executor
        self.drawn = 0
        self._drawing: dict[tuple[str, str], Future] = {}  # files on their way, by image and format

    def hello(self) -> dict[str, Any]:
        from .spec import spec

        # folderMark: the file remark-tiles' service mode writes too, so `tiles build --prune` spares the folder
        return {"tiles": TILES_VERSION, "renderer": RENDERER_VERSION, "protocol": PROTOCOL, "spec": spec(),
                "folderMark": {"name": BATCH_MARK, "text": BATCH_MARK_TEXT}, "requests": list(REQUESTS),
                "siteOptions": list(SITE_OPTIONS)}

    def answer(self, req: dict[str, Any]) -> dict[str, Any]:
        """The answer to ``req``, its files written."""
        answer, waits = self.ask(req)
        for w in waits:
            w.result()
        return answer

    def ask(self, req: dict[str, Any]) -> tuple[dict[str, Any], list[Future]]:
        """The answer to ``req`` and the drawings to wait for before sending it."""
        waits: list[Future] = []
        return self._answer(req, waits), waits

    def _draw(self, job: Job) -> list[Future]:
        """Draw the missing files of ``job``: here, or on the pool (returned to wait for)."""
        key = (job.image, job.options.format)
        if key in self._drawing and not self._drawing[key].done():
            return [self._drawing[key]]  # another request asked for the same image
        scales = missing(job, self.out)
        self.drawn += len(scales)
        if not scales:
            return []
        if self.executor is None:
            draw(job, self.out, scales)
            return []
        self._drawing[key] = future = self.executor.submit(draw, job, self.out, scales)
        return [future]

    def _answer(self, req: dict[str, Any], waits: list[Future]) -> dict[str, Any]:
        rid = req.get("id")
        if "scene" in req:
            return self._scene(req, waits)
        source, path = req.get("source"), str(req.get("path", ""))
        if "fenceLine" in req and not isinstance(req["fenceLine"], str):
            return {"id": rid, "ok": False, "fatal": "'fenceLine' must be the text of one line of a tiles fence"}
        if not isinstance(source, str) and "fenceLine" not in req:
            return {"id": rid, "ok": False, "fatal": "request has no 'source' string"}
        start = (int(req.get("line", 1)), int(req.get("column", 1)))
        themes = tuple(req.get("themes") or self.themes)
        fmt = req.get("format", "png")
        if fmt not in TAG_FORMATS:  # png: 1x/2x/3x files and a srcSet; svg: one file, one src
            return {"id": rid, "ok": False, "fatal": f"format must be png or svg, not {str(fmt)[:16]!r}"}
        if "fenceLine" in req:
            tag = self._fence_line(req, path)
        else:
            tag = self._tag(req, source, path, start)
        if isinstance(tag, dict):  # the answer of a request that names no tag to draw
            return tag
        site = site_words(req)
        if isinstance(site, str):
            return {"id": rid, "ok": False, "fatal": site}
        lang, index, dialect = site
        read = read_tag(tag, themes[0], lang, index, dialect)
        dynamic = [p for p in read.dynamic if p in STATIC_PROPS]
        if dynamic:
            name = dynamic[0]
            msg = (f"{name}={{...}} is an expression: images are drawn at build time, before any code runs; "
                   f"write {name}=\"...\" (or {name}={{'...'}})")
            return self._fail(rid, [_problem_at_prop(read, name, msg)], start)
        if read.request is None:
            errors = read.errors or read.problems
            return self._fail(rid, errors, start, read, themes[0])
        req_ = read.request
        lay = arrange(req_.hand, req_.options)
        images = []
        if tag.props.get("format") in TAG_FORMATS:  # the tag's own format wins over the site's, as in <Tiles>
            fmt = req_.options.format
        for job in jobs_for(req_, themes):
            job = replace(job, options=replace(job.options, format=fmt))
            if self.out is not None:
                waits += self._draw(job)
            scales = scales_of(job.options)
            if self.fetch:  # only what the service draws: it refuses scales over its cost ceiling
                scales = densities(lay.width, lay.height, job.options.height, scales, distinct_faces(lay),
                                   job.options.index)
            image = {"theme": job.options.theme, **self._urls(job.image, scales, fmt)}
            if self.fetch:
                image["fetch"] = image_urls(job, scales)
            images.append(image)
        return {
            "id": rid, "ok": True, "notation": req_.notation, "width": lay.width, "height": lay.height,
            "alt": arranged_alt(req_.hand, req_.options),
            "caption": req_.caption, "inline": req_.inline, "river": req_.options.layout == "river", "images": images,
            "warnings": [_where(p, start) for p in read.problems if p.warning],
        }

    def _tag(self, req: dict[str, Any], source: str, path: str, start: tuple[int, int]) -> TilesTag | dict[str, Any]:
        """The `<Tiles>` tag ``source`` holds, or the answer saying why there is none to draw."""
        rid = req.get("id")
        name = req.get("tag", TAG_NAME)  # remark-tiles' tagName
        prefix = req.get("prefix", "")  # the tag's line before it: "> " in a blockquote
        if not isinstance(prefix, str):
            return {"id": rid, "ok": False, "fatal": "prefix must be a string (the line before the tag)"}
        try:
            tag_pattern(name)
        except ValueError as err:
            return {"id": rid, "ok": False, "fatal": f"tag: {err}"}
        try:
            [tag, *_] = scan_text(source, path, name, prefix) or [None]
        except TagSyntaxError as err:
            return self._fail(rid, [Problem(path, *line_col(source, err.offset), err.message)], start)
        if tag is None:
            return {"id": rid, "ok": False, "fatal": f"the source holds no <{name}> tag"}
        return tag

    def _fence_line(self, req: dict[str, Any], path: str) -> TilesTag | dict[str, Any]:
        """The tag of one line of a ```` ```tiles ```` fence (read as `tiles lint` reads it: `line_tag`):
        ``fenceLine`` its text, at ``line``/``column``; ``info`` the fence's info string (```` tiles river ````),
        whose props, when they cannot be read, are a problem at ``infoLine``/``infoColumn`` (the fence)."""
        rid, info = req.get("id"), req.get("info", "tiles")
        if isinstance(info, str) and len(info) > MAX_INFO:
            return {"id": rid, "ok": False, "fatal": f"'info' is at most {MAX_INFO} characters (a tiles fence's info string)"}
        props = tiles_info(info) if isinstance(info, str) else None
        if props is None:
            return {"id": rid, "ok": False, "fatal": "'info' must be the info string of a tiles fence"}
        opts = fence_props(props)
        if isinstance(opts, str):
            place = (int(req.get("infoLine", 1)), int(req.get("infoColumn", 1)))
            return self._fail(rid, [Problem(path, 1, 1, f"in the tiles fence: {opts}")], place)
        site = req.get("dialect") if isinstance(req.get("dialect"), str) else None  # mahgen's '|' is no caption's
        tag = line_tag(req["fenceLine"], 0, opts, req["fenceLine"], path, site)
        if tag is None:
            return {"id": rid, "ok": False, "fatal": "'fenceLine' is blank: a blank line of a fence draws nothing"}
        return tag

    def _scene(self, req: dict[str, Any], waits: list[Future]) -> dict[str, Any]:
        """A ```` ```tiles-scene ```` block: ``scene`` its YAML, ``line``/``column`` where the body starts;
        ``meta`` the options after the word in its fence's info string (remark's ``meta``), at
        ``metaLine``/``metaColumn`` (default: the line before the body)."""
        rid, text, path = req.get("id"), req.get("scene"), str(req.get("path", ""))
        if not isinstance(text, str):
            return {"id": rid, "ok": False, "fatal": "'scene' must be the block's YAML text"}
        meta = req.get("meta") or ""
        if not isinstance(meta, str):
            return {"id": rid, "ok": False, "fatal": "'meta' must be the options text of the block's fence"}
        if len(meta) > MAX_INFO:
            return {"id": rid, "ok": False, "fatal": f"'meta' is at most {MAX_INFO} characters (a scene block's options)"}
        themes = tuple(req.get("themes") or self.themes)
        fmt = req.get("format", "png")
        if fmt not in TAG_FORMATS:
            return {"id": rid, "ok": False, "fatal": f"format must be png or svg, not {str(fmt)[:16]!r}"}
        site = site_words(req)
        if isinstance(site, str):
            return {"id": rid, "ok": False, "fatal": site}
        lang, index, _ = site  # a scene's tiles are ours: no dialect
        line, column = int(req.get("line", 1)), int(req.get("column", 1))
        columns = req.get("columns", [])  # where each YAML line starts in the file, when they differ
        if not isinstance(columns, list) or not all(type(c) is int and c >= 1 for c in columns):
            return {"id": rid, "ok": False, "fatal": "'columns' must be a list of whole numbers from 1"}
        info, at = meta_options(meta)
        block = SceneBlock(path, line, column - 1, text, info, int(req.get("metaLine", line - 1)),
                           int(req.get("metaColumn", column)) + at, tuple(c - 1 for c in columns))
        if self.fetch and names_log(text):  # POST /batch: a request over HTTP reads no files
            return {"id": rid, "ok": False, "fatal": HTTP_REFUSAL}
        options, bad_option = read_options(block, fmt)
        scene, bad_field = read_block(block)
        if options is None or scene is None:
            return self._fail(rid, [p for p in (bad_option, bad_field) if p is not None], (1, 1), None, themes[0])
        images = []
        for theme in options.themes(themes):
            job = SceneJob(text, scene, options.render(theme, fmt, lang, index))
            if self.out is not None:
                waits += self._draw(job)
            scales = scales_of(job.options)
            if self.fetch:  # only the densities the service draws: a table at 3x is over its pixel limit
                lay = arrange_scene(scene, job.options).layout
                scales = densities(lay.width, lay.height, job.options.height, scales, distinct_faces(lay),
                                   job.options.index)
            image = {"theme": job.options.theme, **self._urls(job.image, scales, job.options.format)}
            if self.fetch:
                image["fetch"] = scene_urls(job, scales)
            images.append(image)
        lay = arrange_scene(scene, job.options).layout
        return {"id": rid, "ok": True, "width": lay.width, "height": lay.height, "alt": scene_alt(scene, job.options.lang),
                "caption": None, "inline": False, "river": False, "scene": True, "images": images,
                "warnings": [_where(p, (1, 1)) for p in block_warnings(block, scene)]}  # at the page's line:col

    def _urls(self, image: str, scales=SCALES, fmt: str = "png") -> dict[str, Any]:
        """src, srcSet (when there are several scales) and the file of each scale."""
        files = {f"{s}x": file_name(image, s, fmt) for s in scales}
        urls = {k: self.public_path + name for k, name in files.items()}
        srcset = {"srcSet": ", ".join(f"{u} {k}" for k, u in urls.items())} if len(urls) > 1 else {}
        if fmt == "svg":  # one file: its 2x drawing is a.svg#2x
            srcset = {"srcSet": svg_srcset(urls["1x"])}
        return {"src": urls["1x"], **srcset, "files": files}

    def _fail(self, rid, problems: list[Problem], start, read: TagRead | None = None,
              site_theme: str = DEFAULT_THEME) -> dict[str, Any]:
        out: dict[str, Any] = {"id": rid, "ok": False, "errors": [_where(p, start) for p in problems]}
        if self.error_images and problems:
            out["errorImage"] = self._error_image(problems[0], read, site_theme)
        return out

    def _error_image(self, problem: Problem, read: TagRead | None, site_theme: str) -> dict[str, Any]:
        """The error picture the service would show, as files beside the tiles."""
        from service.drawing.error_image import error_png

        notation = read.tag.notation if read and read.tag.notation else ""
        position = None
        if read and notation:
            try:
                from service.notation.grammar import ParseError
                from service.notation.subject import read as parse

                from .tag_props import tag_layout

                parse(notation, tag_layout(read.tag))
            except ParseError as err:
                position = err.position
        theme = read.tag.props.get("theme") if read else None
        theme = theme if isinstance(theme, str) else site_theme
        key = f"error\n{RENDERER_VERSION}\n{problem.message}\n{notation}\n{position}\n{theme}"
        image = hashlib.sha256(key.encode()).hexdigest()[:16]
        size = None
        inline = {}
        for s in SCALES:
            data = error_png(problem.message, notation, position, scale=s, theme=theme)
            if s == 1:
                from PIL import Image

                with Image.open(io.BytesIO(data)) as im:
                    size = im.size
            if self.out is not None and not (self.out / file_name(image, s)).exists():
                write_file(self.out / file_name(image, s), data)
            if self.fetch:  # no URL draws this picture again: the bytes come with the answer
                inline[f"{s}x"] = base64.b64encode(data).decode("ascii")
        return {**self._urls(image), "width": size[0], "height": size[1],
                "alt": f"Invalid tile notation: {notation}" if notation else "Invalid <Tiles> tag",
                **({"data": inline} if inline else {})}


def site_words(req: dict[str, Any]) -> tuple[str, bool, str | None] | str:
    """The site's ``lang``, ``index`` and ``dialect`` a request gives (the defaults where it gives
    none), or what is wrong with them.

    >>> site_words({"lang": "ja"}), site_words({"lang": "fr"}), site_words({"index": "1"})
    (('ja', False, None), "lang must be one of en, ja, zh, not 'fr'", "index must be true or false, not '1'")
    >>> site_words({"dialect": "mahgen"})[2], site_words({"dialect": "x"})[:24]
    ('mahgen', 'dialect must be one of r')
    """
    lang = req.get("lang") or DEFAULT_LANG
    if lang not in LANGS:
        return f"lang must be one of {', '.join(LANGS)}, not {str(lang)[:16]!r}"
    index = req.get("index", DEFAULT_INDEX)
    if not isinstance(index, bool):
        return f"index must be true or false, not {str(index)[:16]!r}"
    dialect = req.get("dialect") or None
    if dialect is not None:
        try:
            dialect = dialect_name(dialect) if isinstance(dialect, str) else dialect_name(repr(dialect)[:16])
        except ValueError as err:
            return str(err)
    return lang, index, dialect


def image_urls(job: Job, scales: tuple[int, ...] = ()) -> dict[str, str]:
    """Where the HTTP service serves each of `scales` (default: every scale) of ``job``,
    relative to the service root.

    >>> from service.notation.options import RenderOptions
    >>> from service.notation.subject import read
    >>> job = Job("1m-2m", read("1m-2m", "river"), RenderOptions(layout="river", row=8))
    >>> image_urls(job)["2x"]
    'tiles/1m-2m.png?height=38&theme=light&layout=river&row=8&scale=2'
    >>> image_urls(Job("1m", read("1m"), RenderOptions(format="svg", index=True)))
    {'1x': 'tiles/1m.svg?height=38&theme=light&index=1'}
    >>> image_urls(Job("1m", read("1m"), RenderOptions(layout="efficiency", rows=2, visible="4m")))["1x"]
    'tiles/1m.png?height=38&theme=light&layout=efficiency&rows=2&visible=4m&scale=1'
    """
    o = job.options
    query = {"height": o.height, "theme": o.theme, **({"layout": "river", "row": o.row} if o.layout == "river" else {})}
    if o.layout == "efficiency":  # the acceptance table: its first rows, the tiles seen elsewhere
        query.update({"layout": "efficiency", **({"rows": o.rows} if o.rows else {}),
                      **({"visible": o.visible} if o.visible else {})})
    query.update({k: getattr(o, k) for k in ("dora", "ura") if getattr(o, k)})
    if o.dora or o.ura or o.lang != DEFAULT_LANG:  # the labels' language (en too), or an SVG title's
        query["lang"] = o.lang
    if o.index:
        query["index"] = 1
    if o.dialect:  # the notation as written, in another tool's notation
        query["dialect"] = o.dialect
    path = "tiles/" + quote(job.notation, safe="") + f".{o.format}?"
    if o.format in VECTOR_FORMATS:  # one file for every screen (and paper): no scale
        return {"1x": path + urlencode(query)}
    return {f"{s}x": path + urlencode({**query, "scale": s}) for s in scales or scales_of(o)}


def scene_urls(job: SceneJob, scales: tuple[int, ...] = ()) -> dict[str, str]:
    """Where the HTTP service serves each of `scales` (default: every scale) of a scene
    (``/scene.png?s=<YAML>``), relative to its root; with the options a block may set.

    >>> from service.notation.scene import read_scene
    >>> text = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z}"
    >>> scene_urls(SceneJob(text, read_scene(text), RenderOptions(format="svg")))["1x"][:40]
    'scene.svg?s=problem%3A+%7Bround%3A+E1%2C'
    >>> scene_urls(SceneJob(text, read_scene(text), RenderOptions(lang="ja", background=(255, 255, 255, 255))))["2x"][-49:]
    'height=38&theme=light&lang=ja&bg=ffffffff&scale=2'
    >>> scene_urls(SceneJob(text, read_scene(text), RenderOptions(index=True)))["1x"][-37:]
    'height=38&theme=light&index=1&scale=1'
    """
    o = job.options
    query = {"s": job.text, "height": o.height, "theme": o.theme}
    if o.lang != RenderOptions().lang:
        query["lang"] = o.lang
    if o.index:
        query["index"] = 1
    if o.background is not None:
        query["bg"] = "%02x%02x%02x%02x" % o.background
    if o.format in VECTOR_FORMATS:
        return {"1x": f"scene.{o.format}?{urlencode(query)}"}
    return {f"{s}x": f"scene.{o.format}?{urlencode({**query, 'scale': s})}" for s in scales or scales_of(o)}


def _problem_at_prop(read: TagRead, prop: str, message: str) -> Problem:
    tag = read.tag
    offset = tag.text.find(prop + "=", tag.offset)
    line, col = line_col(tag.text, offset if offset >= 0 else tag.offset)
    return Problem(tag.path, line, col, message)


def _where(p: Problem, start: tuple[int, int]) -> dict[str, Any]:
    """A problem placed in the file: the tag's own line:col shifted to where the tag starts."""
    line = start[0] + p.line - 1
    col = p.col + (start[1] - 1 if p.line == 1 else 0)
    return {"line": line, "column": col, "message": p.message, "warning": p.warning}


def serve(batch: Batch, stdin: TextIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` until it closes; return the exit status.

    With a pool (`Batch.executor`) an answer is sent once its files are written, so
    answers may come in another order than the requests (each names its ``id``).
    """
    lock = threading.Condition()
    waiting = [0]  # answers whose files are still being drawn

    def send(obj: dict) -> None:
        with lock:
            stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
            stdout.flush()

    def send_when_drawn(answer: dict, waits: list[Future]) -> None:
        left = [len(waits)]

        def done(_: Future) -> None:
            with lock:
                left[0] -= 1
                if left[0]:
                    return
            failed = next((w.exception() for w in waits if w.exception() is not None), None)
            send(answer if failed is None else
                 {"id": answer.get("id"), "ok": False, "fatal": f"{type(failed).__name__}: {failed}"})
            with lock:
                waiting[0] -= 1
                lock.notify_all()

        with lock:
            waiting[0] += 1
        for w in waits:
            w.add_done_callback(done)

    send({"hello": batch.hello()})
    for line in stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("a request is a JSON object")
        except ValueError as err:
            send({"id": None, "ok": False, "fatal": f"unreadable request: {err}"})
            continue
        try:
            answer, waits = batch.ask(req)
        except Exception as err:  # one bad request must not end the build's other answers
            send({"id": req.get("id"), "ok": False, "fatal": f"{type(err).__name__}: {err}"})
            continue
        if waits:
            send_when_drawn(answer, waits)
        else:
            send(answer)
    with lock:
        lock.wait_for(lambda: waiting[0] == 0)
    return 0


def cmd_batch(args) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    mark_batch_folder(out)
    public = args.public_path
    if public and not public.endswith("/"):
        public += "/"
    themes = tuple(dict.fromkeys(args.theme or [DEFAULT_THEME]))
    executor = pool(args.jobs)
    try:
        return serve(Batch(out, public, themes, args.error_images, executor=executor), sys.stdin, sys.stdout)
    finally:
        if executor is not None:
            executor.shutdown()


def register(sub) -> None:
    """Add `tiles batch` to the CLI's subparsers."""
    p = sub.add_parser("batch", help="draw <Tiles> images for a site build over JSON lines (used by remark-tiles)")
    p.add_argument("--out", required=True, metavar="DIR", help="where image files go (the site's static folder)")
    p.add_argument("--public-path", default="", metavar="URL", help="URL of DIR on the site, e.g. /docs/tiles/")
    p.add_argument("--theme", action="append", metavar="THEME",
                   help="themes to draw for tags without a theme prop (repeat for light and dark)")
    p.add_argument("--error-images", action="store_true",
                   help="also draw an error image for a tag that cannot be drawn")
    p.add_argument("--jobs", "-j", type=workers_arg, default=default_workers(), metavar="N",
                   help="processes drawing images (default: this machine's cores, %(default)s); with more than "
                        "one, answers come as their files are written, not in request order")
    p.set_defaults(func=cmd_batch)
