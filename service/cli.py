"""The `tiles` command line: parse, render, scene, sheet, lint, build, serve.

    $ tiles parse -456m
    $ tiles render "11222333s22m+-456m+4s" -o hand.png --scale 2
    $ tiles render "123m*4p-5s" -o river.png --layout river
"""

from __future__ import annotations

import argparse
import contextvars
import functools
import json
import os
import re
import sys
import textwrap
import traceback

try:  # our code on disk: if it does not load (a broken deploy), `main` says where in one line
    from service.layout.arrange import arrange, picture_json
    from service.pictures.release import TILES_VERSION
    from service.notation.dora import LANGS
    from service.notation.grammar import ParseError
    from service.notation.options import (
        DEFAULT_ROW,
        FORMATS,
        LAYOUTS,
        MAX_ROW,
        MIN_ROW,
        OptionError,
        OptionRefused,
        RenderOptions,
        option_type,
        parse_color,
        parse_wild,
    )
    from service.notation.subject import layout_of, read
except Exception as err:  # noqa: BLE001 - a module's body may raise anything
    _UNLOADED: BaseException | None = err
else:
    _UNLOADED = None

CANNOT_LOAD = 3  # exit status when our code does not load (gunicorn's for a worker that cannot boot)

# argparse reads "-456m" as an option. No option of ours looks like a tile, so
# such words are swapped for placeholders while argparse runs, then put back
# (in its error messages too). A plain negative number ("--gap -1") argparse
# already reads as a value, so it is left alone and gets the option's own error.
_NOTATION_LIKE = re.compile(r"-[0-9rRxX=*]")
_NEGATIVE_NUMBER = re.compile(r"-[0-9]+")
_held: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("held", default={})


def _typed(message: str) -> str:
    """`message` with the words the user typed in place of their placeholders."""
    for placeholder, word in _held.get().items():
        message = message.replace(placeholder, word)
    return message


class _ArgumentParser(argparse.ArgumentParser):
    """Says the words the user typed, never a placeholder; one line, as our own errors are."""

    def error(self, message: str):
        self.exit(2, f"error: {_typed(message)} (see {self.prog} --help)\n")


def _parse_args(ap: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    held = {f"@notation{n}@": a for n, a in enumerate(argv)
            if _NOTATION_LIKE.match(a) and not _NEGATIVE_NUMBER.fullmatch(a)}
    back = {a: k for k, a in held.items()}
    token = _held.set(held)
    try:
        args = ap.parse_args([back.get(a, a) for a in argv if a != "--"])
    except OptionRefused as refused:
        raise OptionError(_typed(refused.err.message), refused.err.param) from None
    finally:
        _held.reset(token)
    for name, value in vars(args).items():
        if isinstance(value, str) and value in held:
            setattr(args, name, held[value])
        elif isinstance(value, list):
            setattr(args, name, [held.get(v, v) for v in value])
    return args


def load_error(err: BaseException) -> str:
    """Where our code failed to load, in one line: the file and line of a syntax error, else of
    the line that raised (in the module that failed, or the import that did not find a module).

    >>> load_error(SyntaxError("invalid syntax", ("service/x.py", 3, 12, "def broken(:")))
    'service/x.py:3: SyntaxError: invalid syntax'
    """
    if isinstance(err, SyntaxError) and err.filename:
        return f"{err.filename}:{err.lineno}: {type(err).__name__}: {err.msg}"
    frames = traceback.extract_tb(err.__traceback__)
    where = f"{frames[-1].filename}:{frames[-1].lineno}: " if frames else ""
    return f"{where}{type(err).__name__}: {err}"


def _cannot_load(err: BaseException) -> int:
    from .http.installed import missing_package  # the standard library's alone: it always loads

    missing = missing_package(err)
    if missing:
        print(f"tiles: a package is missing: {missing}", file=sys.stderr)
    else:
        print(f"tiles: the code does not load: {load_error(err)}", file=sys.stderr)
    return CANNOT_LOAD


def print_error(err: ParseError, file=None) -> None:
    """``error: message`` and the notation with a caret under the bad spot."""
    file = file or sys.stderr
    print(f"error: {err.message}", file=file)
    print(textwrap.indent(err.pointer(), "  "), file=file)


def reports_errors(cmd):
    """Turn a bad notation or option into a message on stderr and exit status 2."""

    @functools.wraps(cmd)
    def run(args) -> int:
        try:
            return cmd(args)
        except ParseError as err:
            print_error(err)
        except OptionError as err:
            print(f"error: {err.message}", file=sys.stderr)
            text = getattr(args, err.param, None)
            if err.position is not None and isinstance(text, str):  # tile text (--dora, --ura): point at it
                print(textwrap.indent(ParseError(err.message, err.position, text).pointer(), "  "), file=sys.stderr)
        return 2

    return run


@reports_errors
def cmd_parse(args) -> int:
    """Print the JSON view; exit 1 if the analysis hit a bug (logged on stderr)."""
    from .analysis import analyse_safely

    wild = None if args.wild is None else parse_wild(args.wild)
    opts = RenderOptions(height=args.height, layout=args.layout, row=args.row, rows=args.rows, wild=wild, visible=args.visible,
                         dialect=args.dialect, **_strips(args))
    subject = read(args.notation, opts.layout, opts.dialect)
    failed: list[bool] = []
    analysis = None  # a river is no hand to analyse
    if layout_of(subject) == "hand":
        analysis = analyse_safely(subject, lambda: failed.append(True), opts.wild)
    view = picture_json(subject, arrange(subject, opts), analysis, opts)
    print(json.dumps(view, indent=2, ensure_ascii=False))
    return 1 if failed else 0


def _format_of(path: str, formats: tuple[str, ...] | None = None) -> str:
    """The image format a file name asks for, one of `formats`; png for a name without an
    extension (or ``-``, stdout). Another extension is an `OptionError`: ``-o hand.gif`` must not
    write PNG bytes under that name.

    >>> _format_of("hand.SVG"), _format_of("out.d/hand"), _format_of("-")
    ('svg', 'png', 'png')
    >>> _format_of("hand.gif")
    Traceback (most recent call last):
    ...
    service.notation.options.OptionError: hand.gif: tiles writes .png, .webp, .svg or .pdf files, not .gif (or give --format)
    """
    formats = formats or FORMATS
    ext = os.path.splitext(os.path.basename(path))[1][1:].lower()
    if ext in formats or not ext:
        return ext or "png"
    names = ", ".join(f".{f}" for f in formats[:-1]) + f" or .{formats[-1]}"
    hint = " (or give --format)" if formats == FORMATS else ""
    raise OptionError(f"{path}: tiles writes {names} files, not .{ext}{hint}", "format")


def _write(path: str, data: bytes) -> None:
    """`data` to the file `path`, or to stdout for ``-``."""
    if path == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(path, "wb") as f:
            f.write(data)


def _warn(subject, dialect: str | None = None) -> None:
    """The notation's warnings on stderr, as `tiles lint` gives them (a segment read as a meld that is
    none too, in our notation), each with its caret."""
    from service.notation.views import warnings

    for w in warnings(subject, dialect):
        print(f"warning: {w.message}", file=sys.stderr)
        print(textwrap.indent(ParseError(w.message, w.position, subject.notation).pointer(), "  "), file=sys.stderr)


@reports_errors
def cmd_render(args) -> int:
    from service.drawing.render import render

    fmt = args.format or _format_of(args.output)
    opts = RenderOptions(height=args.height, scale=args.scale, theme=args.theme, gap=args.gap, format=fmt,
                         layout=args.layout, row=args.row, rows=args.rows, visible=args.visible, exact=args.exact,
                         background=parse_color(args.bg),
                         index=args.index, dialect=args.dialect, **_strips(args))
    subject = read(args.notation, opts.layout, opts.dialect)
    _warn(subject, opts.dialect)
    if args.score:  # the score card under the hand (service/scoring): an option of the picture
        from dataclasses import replace

        from service.scoring import command as score_command, context_text

        if opts.layout != "hand":
            raise OptionError(f"--score is for hands; {'a river' if opts.layout == 'river' else 'an acceptance table'}"
                              " has no score", "score")
        opts = replace(opts, score=context_text(score_command.context_of(args)))
    _write(args.output, render(subject, opts))
    return 0


@reports_errors
def cmd_sheet(args) -> int:
    from tile_art import contact_sheet, write_sheet

    fmt = _format_of(args.output, ("png", "webp"))
    RenderOptions(height=args.height, scale=args.scale, theme=args.theme)  # validates
    if fmt == "png":
        write_sheet(args.output, args.height, args.theme, args.scale, args.index, args.set)
    else:
        from service.drawing.render import encode

        _write(args.output, encode(contact_sheet(args.height, args.theme, args.scale, args.index, args.set), fmt))
    return 0


def cmd_scene(args) -> int:
    """Draw a scene (a problem card) from a YAML file; ``--json`` prints its view instead of (or besides) it."""
    from service.drawing.scene import render_scene, scene_json
    from service.layout.arrange import arrange_scene
    from service.notation.log_scene import LogMoment
    from service.notation.scene import SceneError, read_scene

    if not args.json and not args.output:
        print("error: give -o FILE (.png, .webp, .svg or .pdf) or --json", file=sys.stderr)
        return 2
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as err:
        print(f"error: cannot read {args.file}: {err}", file=sys.stderr)
        return 2
    try:
        card = read_scene(text, logs=True)
        if isinstance(card, LogMoment):  # a game record's moment: the record beside the YAML file
            from service.pictures.log_scenes import resolve

            card = resolve(card, args.file)
        fmt = args.format or _format_of(args.output or "")
        opts = RenderOptions(height=args.height, scale=args.scale, theme=args.theme, format=fmt, lang=args.lang,
                             background=parse_color(args.bg), index=args.index)
        sl = arrange_scene(card, opts)  # a problem's score: SceneError at its field
    except SceneError as err:
        print(f"{args.file}:{err}", file=sys.stderr)
        return 2
    except OptionError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    for w in getattr(card, "warnings", ()):  # drawn all the same: a segment read as a meld that is none
        print(f"{args.file}:{w.line}:{w.col}: warning: {w.field}: {w.message}", file=sys.stderr)
    if args.output:
        _write(args.output, render_scene(card, opts, sl))
    if args.json:
        print(json.dumps(scene_json(card, opts, sl), indent=2, ensure_ascii=False))
    return 0


def draw_log(scene, args) -> bytes:
    """A game record's moment (`service.records.scene`'s table, problem card or win card) as image
    bytes for ``tiles log -o``, as a ``log:`` scene block draws it; a bad option is an `OptionError`."""
    from service.drawing.scene import render_scene

    fmt = args.format or _format_of(args.output or "")
    opts = RenderOptions(height=args.height, scale=args.scale, theme=args.theme, format=fmt, lang=args.lang)
    return render_scene(scene, opts)


def _layout_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--layout", choices=LAYOUTS, type=option_type("layout"), default="hand",
                   help="hand (default), river: the tiles as a discard pond, or efficiency: the hand's "
                   "acceptance table")
    p.add_argument("--row", type=option_type("row"), default=DEFAULT_ROW,
                   help=f"discards per river row ({MIN_ROW}-{MAX_ROW}, default {DEFAULT_ROW})")
    p.add_argument("--rows", type=option_type("rows"), default=None,
                   help="an acceptance table's first rows only (--layout efficiency; default all)")
    p.add_argument("--visible", default="", metavar="TILES",
                   help="tiles seen elsewhere (rivers, other melds, dora indicators), e.g. 4m4m1z: an acceptance "
                   "table's counts leave them out (--layout efficiency)")


def _strip_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dora", default="", help="dora indicators drawn beside the hand, like 3m or 4z1m")
    p.add_argument("--ura", default="", help="ura dora indicators, beside the dora strip")
    p.add_argument("--lang", choices=LANGS, type=option_type("lang"), default="en",
                   help="language of the alt text (description, SVG title) and the strips' labels")


def index_arg(p: argparse.ArgumentParser) -> None:
    """``--index``: corner indices (`tile_art.corner`)."""
    p.add_argument("--index", action="store_true", help="a corner index on every face (the numeral, E S W N, C F B on the dragons, 1-4 on flowers and seasons)")


def dialect_arg(p: argparse.ArgumentParser) -> None:
    """``--dialect``: the notation is another tool's (`service.notation.dialects`)."""
    from service.notation.dialects import ALIASES, DIALECTS

    p.add_argument("--dialect", type=option_type("dialect"), default=None, metavar="DIALECT",
                   help=f"read the notation as another tool writes it: {', '.join(DIALECTS)} "
                        f"(or {', '.join(ALIASES)}); default: ours")


def _strips(args) -> dict:
    return {"dora": args.dora, "ura": args.ura, "lang": args.lang}


def build_parser() -> argparse.ArgumentParser:
    ap = _ArgumentParser(prog="tiles", description="Mahjong tile notation to images.")
    ap.add_argument("--version", action="version", version=f"mahjong-tiles {TILES_VERSION}")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("parse", help="print the JSON view of a notation")
    p.add_argument("notation")
    p.add_argument("--height", type=option_type("height"), default=38, help="tile height for the layout (CSS px)")
    p.add_argument("--wild", help="a tile kind (like 5z) whose tiles are wilds in the analysis, as jokers are")
    _layout_args(p)
    _strip_args(p)
    dialect_arg(p)
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("render", help="draw a notation to a PNG, WebP, SVG or PDF file")
    p.add_argument("notation")
    p.add_argument("-o", "--output", required=True, help="file to write, or - for stdout")
    p.add_argument("--height", type=option_type("height"), default=38, help="CSS px of an upright tile (16-256)")
    p.add_argument("--scale", type=option_type("scale"), default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light", help="light, dark, or auto (SVG: follows the reader's scheme)")
    p.add_argument("--gap", type=option_type("gap"), default=None, help="CSS px between groups")
    p.add_argument("--format", choices=FORMATS, type=option_type("format"), help="default: from the file name")
    p.add_argument("--exact", action="store_true",
                   help="the exact RGBA picture, never a palette picture (PNG, WebP)")
    p.add_argument("--bg", default="transparent", help="background: a hex colour like fff or 0d1117 (default transparent)")
    index_arg(p)
    _layout_args(p)
    _strip_args(p)
    dialect_arg(p)
    from service.scoring.command import context_args

    context_args(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("sheet", help="write a contact sheet of every face and the back")
    p.add_argument("-o", "--output", required=True, help="PNG or WebP file to write")
    p.add_argument("--height", type=option_type("height"), default=64, help="CSS px of a tile (16-256)")
    p.add_argument("--scale", type=option_type("scale"), default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light")
    p.add_argument("--set", default="mahjong", choices=("mahjong", "tienjiu"),
                   help="which tiles: mahjong, or tienjiu (the 21 Chinese domino kinds and their back)")
    index_arg(p)
    p.set_defaults(func=cmd_sheet)

    what = "draw a scene, a problem card or a whole table, from a YAML file (docs/scenes.md)"
    p = sub.add_parser("scene", help=what, description=what[0].upper() + what[1:] + ".")
    p.add_argument("file", help="the scene's YAML file: problem: (a problem card), table: (four seats) or log: (a game record's moment, the record beside the file)")
    p.add_argument("-o", "--output", help="file to write (.png, .webp, .svg or .pdf), or - for stdout")
    p.add_argument("--json", action="store_true", help="print width, height, alt and every tile drawn")
    p.add_argument("--height", type=option_type("height"), default=38, help="CSS px of an upright tile (16-256)")
    p.add_argument("--scale", type=option_type("scale"), default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light", help="light, dark, or auto (SVG)")
    p.add_argument("--format", choices=FORMATS, type=option_type("format"), help="default: from the file name")
    p.add_argument("--bg", default="transparent", help="background: a hex colour like fff or 0d1117 (default transparent)")
    p.add_argument("--lang", choices=LANGS, type=option_type("lang"), default="en", help="language of the labels and the alt text")
    index_arg(p)
    p.set_defaults(func=cmd_scene)

    from service.docs import build, lint
    from service.docs import convert as convert_command
    from service.efficiency import command as efficiency_command
    from service.pictures import batch, replay
    from service.records import command as log_command
    from service.scoring import command as score_command

    from .http import serve  # each adds its own subcommand

    for module in (lint, build, batch, serve, score_command, efficiency_command, replay):
        module.register(sub)
    convert_command.register(sub)  # tiles convert: another tool's notation into ours
    from service.scoring.log_wins import judge

    log_command.register(sub, judge, draw_log)  # tiles log, its wins scored by service.scoring, drawn here
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run one command; if our code does not load, say where (file:line) and exit `CANNOT_LOAD`."""
    argv = sys.argv[1:] if argv is None else argv
    if _UNLOADED is not None:
        return _cannot_load(_UNLOADED)
    try:
        ap = build_parser()  # imports the modules of lint, build, batch and serve
    except Exception as err:  # noqa: BLE001 - a module's body may raise anything
        return _cannot_load(err)
    try:
        args = _parse_args(ap, argv)
    except OptionError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except BrokenPipeError:  # `tiles parse ... | head`: the reader left; no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own flush at exit fails quietly
        return 1
    except OSError as err:  # a file named on the command line: `-o /nonexistent/x.png`, `--out /dev/null/x`
        if err.filename is None:
            raise
        print(f"error: {err.filename}: {err.strerror}", file=sys.stderr)
        return 2
    except (ImportError, SyntaxError) as err:  # a module the command imports as it runs
        return _cannot_load(err)


if __name__ == "__main__":
    sys.exit(main())
