"""``tiles score NOTATION``: the score of a winning hand, or a tenpai hand's waits table.

    $ tiles score "234789m1234566p+6p" --riichi --seat S
    $ tiles score "11123455678999m" --json

Exit status 0 for a score or a waits table, 1 when the hand scores nothing (not a
win, no yaku: the reason on one line), 2 for a bad notation or option.
"""

from __future__ import annotations

import argparse
import json
import sys

from service.notation.grammar import ParseError, parse
from service.notation.options import OptionError

from . import score_context
from .rules import CHINESE_ONLY, FLAGS, KAZOE, NUMBERS, REFUSED, RENHOU, RULE_OPTIONS, RULES, read_context
from .text import score_lines

_HELP = {
    "riichi": "the winner declared riichi", "double_riichi": "riichi on the first turn (2 han)",
    "ippatsu": "won within a turn of riichi", "rinshan": "won on the tile drawn after a kan",
    "chankan": "won by robbing a kan", "haitei": "won on the last tile of the wall (tsumo)",
    "houtei": "won on the last discard (ron)", "tenhou": "the dealer's win on the first draw",
    "chiihou": "a non-dealer's win on the first draw",
    "renhou": "a non-dealer's ron before their first draw (counted as the rules' renhou_value)",
    "nagashi": "refused: nagashi mangan is a draw's payment, not a hand's score",
    "renhou_value": f"renhou: {', '.join(RENHOU)}",
    "open_tanyao": "on/off: tanyao in an open hand", "red_fives": "on/off: red fives are dora",
    "kiriage": "on/off: 4 han 30 fu and 3 han 60 fu are mangan",
    "kazoe": f"13 han or more: {', '.join(KAZOE)}", "double_yakuman": "on/off: the four double yakuman",
    "double_wind_fu": "2 or 4: the fu of a pair of the seat and round wind",
    "last_tile": "mcr: the winning tile is the last of its kind", "wall_last": "mcr: won on the wall's last tile",
    "kong": "mcr: won on the tile after a kong, or robbing one",
}


def _flags(p: argparse.ArgumentParser, names, **how) -> None:
    """``--name`` for each context name (``_`` written ``-``), with its help line."""
    for name in names:
        p.add_argument(f"--{name.replace('_', '-')}", dest=name, help=_HELP[name], **how)


def register(sub) -> None:
    """Add ``score`` to the `tiles` command line."""
    p = sub.add_parser("score", help="print the score of a winning hand (yaku, han, fu, points) or a waits table")
    p.add_argument("notation")
    p.add_argument("--json", action="store_true", help="print the JSON (docs/scoring.md)")
    p.add_argument("--rules", help=f"rules preset: {', '.join(RULES)} (default tenhou)")
    p.add_argument("--round", help="prevalent wind: E, S, W or N (default E)")
    p.add_argument("--seat", help="seat wind: E, S, W or N (default E, the dealer)")
    _flags(p, FLAGS + CHINESE_ONLY + REFUSED, action="store_const", const=True)
    p.add_argument("--dora", help="dora indicators, like 3m or 4z1m")
    p.add_argument("--ura", help="ura dora indicators (they count with riichi)")
    for name in NUMBERS:
        p.add_argument(f"--{name}", help="counters on the table (300 points each)" if name == "honba"
                       else "riichi sticks on the table (1,000 points each)")
    _flags(p, RULE_OPTIONS, metavar="VALUE")
    p.set_defaults(func=cmd_score)


def context_args(p: argparse.ArgumentParser) -> None:
    """``tiles render``'s ``--score`` and the context flags of ``tiles score`` (its own --dora and --ura
    carry the indicators)."""
    p.add_argument("--score", action="store_true", help="draw the score card under the hand (docs/scoring.md)")
    p.add_argument("--rules", help=f"with --score: rules preset: {', '.join(RULES)} (default tenhou)")
    p.add_argument("--round", help="with --score: prevalent wind E, S, W or N")
    p.add_argument("--seat", help="with --score: seat wind E, S, W or N (E, the dealer)")
    _flags(p, FLAGS + CHINESE_ONLY + REFUSED, action="store_const", const=True)
    for name in NUMBERS:
        p.add_argument(f"--{name}", help=f"with --score: {name}")
    _flags(p, RULE_OPTIONS, metavar="VALUE")


def context_of(args):
    """The `Context` of ``tiles score``'s or ``tiles render --score``'s flags; `OptionError` for a bad one."""
    names = ("rules", "round", "seat", *FLAGS, *NUMBERS, *RULE_OPTIONS, *CHINESE_ONLY, *REFUSED)
    return read_context({**{name: getattr(args, name) for name in names}, "dora": args.dora, "ura": args.ura})


def cmd_score(args) -> int:
    try:
        ctx = context_of(args)
        hand = parse(args.notation)
        answer = score_context(hand, ctx)
    except ParseError as err:
        print(f"error: {err.message} (at position {err.position})", file=sys.stderr)
        return 2
    except OptionError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False))
    elif "error" in answer and "han" not in answer and "fan" not in answer:
        print(f"error: {answer['error']}", file=sys.stderr)
    else:
        print("\n".join(score_lines(answer)))
    return 1 if "error" in answer else 0
