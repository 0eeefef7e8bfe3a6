"""`tiles efficiency NOTATION`: the acceptance table as text, or as JSON with ``--json``.

    $ tiles efficiency 123456789m12p355s
    $ tiles efficiency 123456789m12p35s --visible 3p3p --forms standard --json
"""

from __future__ import annotations

import json
import sys

from service.notation.grammar import ParseError

from . import FORMS, efficiency


def register(sub) -> None:
    """Add `tiles efficiency` to the CLI's subparsers."""
    p = sub.add_parser("efficiency", help="print what each discard accepts: kinds and tiles left (ukeire)")
    p.add_argument("notation")
    p.add_argument("--visible", default="", metavar="TILES",
                   help="tiles seen elsewhere (rivers, other melds, dora indicators), e.g. 3p3p1z")
    p.add_argument("--forms", choices=FORMS, default="all",
                   help="all: standard, seven pairs, thirteen orphans (default); standard: the standard form only")
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    p.set_defaults(func=cmd_efficiency)


def cmd_efficiency(args) -> int:
    """Print the table; a bad notation is one error line and a caret, exit status 2."""
    try:
        table = efficiency(args.notation, args.visible, args.forms)
    except ParseError as err:
        print(f"error: {err.message}", file=sys.stderr)
        line = "".join(" " if c.isspace() else c for c in err.notation)
        print(f"  {line}\n  {' ' * err.position}^", file=sys.stderr)
        return 2
    print(json.dumps(table, indent=2, ensure_ascii=False) if args.json else text(table))
    return 0


def text(table: dict) -> str:
    """The table for a terminal: a line a discard, best first, ``*`` on the best.

    >>> print(text(efficiency("123456789m12p35s")))
    shanten 1: 6 kinds, 20 tiles: 1p×3 2p×3 3p×4 3s×3 4s×4 5s×3
    """
    if "discards" not in table:
        return f"shanten {table['shanten']}: {_counts(table)}"
    lines = [f"shanten {table['shanten']}"]
    rows = table["discards"]
    for row in rows:
        best = (row["shanten"], row["tiles"]) == (rows[0]["shanten"], rows[0]["tiles"])
        lines.append(f"{'*' if best else ' '} discard {row['tile']}: shanten {row['shanten']}, {_counts(row)}")
    return "\n".join(lines)


def _counts(row: dict) -> str:
    accepts = " ".join(f"{a['tile']}×{a['left']}" for a in row["accepts"])
    kinds = "kind" if row["kinds"] == 1 else "kinds"
    return f"{row['kinds']} {kinds}, {row['tiles']} tiles" + (f": {accepts}" if accepts else "")
