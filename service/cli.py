"""The `tiles` command line: parse, render, sheet, lint, build, serve.

    $ tiles parse -456m
    $ tiles render "11222333s22m+-456m+4s" -o hand.png --scale 2
    $ tiles render "123m*4p-5s" -o river.png --layout river
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys

from .notation import ParseError
from .options import DEFAULT_ROW, LAYOUTS, MAX_ROW, MIN_ROW, OptionError, RenderOptions
from .subject import arrange, layout_of, read
from .views import hand_json

# argparse reads "-456m" as an option. No option of ours looks like a tile, so
# such words are swapped for placeholders while argparse runs, then put back.
_NOTATION_LIKE = re.compile(r"-[0-9rRxX=*]")


def _parse_args(ap: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace:
    held = {f"@notation{n}": a for n, a in enumerate(argv) if _NOTATION_LIKE.match(a)}
    back = {a: k for k, a in held.items()}
    args = ap.parse_args([back.get(a, a) for a in argv if a != "--"])
    for name, value in vars(args).items():
        if isinstance(value, str) and value in held:
            setattr(args, name, held[value])
        elif isinstance(value, list):
            setattr(args, name, [held.get(v, v) for v in value])
    return args


def print_error(err: ParseError, file=None) -> None:
    file = file or sys.stderr
    print(f"error: {err.message}", file=file)
    print(f"  {err.notation}", file=file)
    print(f"  {' ' * err.position}^", file=file)


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
        return 2

    return run


@reports_errors
def cmd_parse(args) -> int:
    from .analysis import analyse

    opts = RenderOptions(height=args.height, layout=args.layout, row=args.row)
    subject = read(args.notation, opts.layout)
    analysis = analyse(subject) if layout_of(subject) == "hand" else None  # a river is no hand to analyse
    view = hand_json(subject, arrange(subject, opts), analysis)
    print(json.dumps(view, indent=2, ensure_ascii=False))
    return 0


@reports_errors
def cmd_render(args) -> int:
    from .render import render

    fmt = args.format or ("webp" if args.output.lower().endswith(".webp") else "png")
    opts = RenderOptions(height=args.height, scale=args.scale, theme=args.theme, gap=args.gap, format=fmt,
                         layout=args.layout, row=args.row)
    data = render(read(args.notation, opts.layout), opts)
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(args.output, "wb") as f:
            f.write(data)
    return 0


@reports_errors
def cmd_sheet(args) -> int:
    from tile_art import write_sheet

    RenderOptions(height=args.height, scale=args.scale, theme=args.theme)  # validates
    write_sheet(args.output, args.height, args.theme, args.scale)
    return 0


def _layout_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--layout", choices=LAYOUTS, default="hand",
                   help="hand (default), or river: the tiles as a discard pond")
    p.add_argument("--row", type=int, default=DEFAULT_ROW,
                   help=f"discards per river row ({MIN_ROW}-{MAX_ROW}, default {DEFAULT_ROW})")


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="tiles", description="Mahjong tile notation to images.")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("parse", help="print the JSON view of a notation")
    p.add_argument("notation")
    p.add_argument("--height", type=int, default=38, help="tile height for the layout (CSS px)")
    _layout_args(p)
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("render", help="draw a notation to a PNG or WebP file")
    p.add_argument("notation")
    p.add_argument("-o", "--output", required=True, help="file to write, or - for stdout")
    p.add_argument("--height", type=int, default=38, help="CSS px of an upright tile (16-256)")
    p.add_argument("--scale", type=int, default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light")
    p.add_argument("--gap", type=int, default=None, help="CSS px between groups")
    p.add_argument("--format", choices=("png", "webp"), help="default: from the file name")
    _layout_args(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("sheet", help="write a contact sheet of every face and the back")
    p.add_argument("-o", "--output", required=True, help="PNG file to write")
    p.add_argument("--height", type=int, default=64, help="CSS px of a tile (16-256)")
    p.add_argument("--scale", type=int, default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light")
    p.set_defaults(func=cmd_sheet)

    from . import batch, build, lint
    from .http import serve  # each adds its own subcommand

    for module in (lint, build, batch, serve):
        module.register(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = _parse_args(build_parser(), argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
