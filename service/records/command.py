"""``tiles log FILE``: the rounds of a game record, or the state of the table at one moment.

    $ tiles log game.json --list
    $ tiles log game.mjlog --round 2 --seat 1 --turn 6 --json
    $ tiles log game.json --round 2 --seat 1 --turn 6 --view 1 -o moment.png

Exit status 0, or 2 with one line on stderr for a bad record, moment or option.
"""

from __future__ import annotations

import json
import sys

from service.notation.fields import SceneError
from service.notation.options import FORMATS, OptionError

from . import RecordError, moment, read
from .replay import hand_notation, meld_notation
from .scene import check_view, problem_card, seen_from, table_scene, win_card
from .tiles import order


def register(sub, judge=None, draw=None) -> None:
    """Add ``log`` to the `tiles` command line; `judge(state, winner)` gives ``(score, agrees)`` of
    each recorded win (service.scoring's, which sits above this layer), and `draw(scene, args)`
    the image bytes of a scene for ``-o`` (service.drawing's, above it too)."""
    p = sub.add_parser("log", help="list a game record's rounds (Tenhou mjlog, tenhou.net/6, mjai) or show one moment")
    p.add_argument("file", help="the record: mjlog XML, tenhou.net/6 JSON (or JSON lines) or mjai JSON lines")
    p.add_argument("--list", action="store_true", help="every round: name, scores and result")
    p.add_argument("--round", type=int, help="the round (1-based, as --list numbers them)")
    p.add_argument("--step", type=int, help="the moment after this many events (0: as dealt)")
    p.add_argument("--seat", type=int, help="with --turn: the seat (0-3 as in the record)")
    p.add_argument("--turn", type=int, help="with --seat: just after that seat's T-th discard")
    p.add_argument("--start", action="store_true", help="the moment the hands are dealt")
    p.add_argument("--result", action="store_true",
                   help="the round's end (with -o: a win drawn as its hand and score card, ours beside the log's)")
    p.add_argument("--card", action="store_true",
                   help="with -o: the problem card of the seat to move, just after its real draw")
    p.add_argument("--json", action="store_true", help="print JSON (docs/logs.md)")
    p.add_argument("-o", "--output", help="draw the moment as a whole table: a .png, .webp or .svg file, or - for stdout")
    p.add_argument("--view", help="draw and print from this seat (0-3): the others' hands face down (? in --json), "
                   "as that player saw them")
    p.add_argument("--reveal", choices=("all",), help="all: show every hand, from --view's seat too")
    p.add_argument("--height", type=int, default=38, help="CSS px of an upright tile (16-256)")
    p.add_argument("--scale", type=int, default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light", help="light, dark, or auto (SVG)")
    p.add_argument("--format", choices=FORMATS, help="default: from the file name")
    p.add_argument("--lang", default="en", help="language of the labels and the alt text (en, ja, zh)")
    p.set_defaults(func=cmd_log, judge=judge, draw=draw)


def winning_notation(state: dict, winner: dict) -> str:
    """The winner's hand as our notation: melds, then the winning tile (sideways on ron).

    >>> s = {"seats": [{"hand": ["1m", "1m"], "melds": []}] * 4}
    >>> winning_notation(s, {"seat": 0, "from": 0, "tile": "1m"})
    '1m+1m'
    """
    seat = state["seats"][winner["seat"]]
    hand, tile = sorted(seat["hand"], key=order), winner["tile"]
    if winner["seat"] == winner["from"] and tile in hand:
        hand.remove(tile)
    parts = [hand_notation(hand)] + [meld_notation(m, winner["seat"]) for m in seat["melds"]]
    return "+".join(parts + [("" if winner["seat"] == winner["from"] else "-") + tile])


def judged(end: dict, judge=None) -> list:
    """The winners of a round's end state as ``--list --json`` shows them (with `judge`, each
    one's ``score`` and ``agrees``)."""
    winners = []
    for w in end.get("result", {}).get("winners", ()):
        shown = {"seat": w["seat"], "from": w["from"], "notation": winning_notation(end, w),
                 "recorded": w["recorded"], "ura": w["ura"], "flags": w["flags"]}
        if judge is not None:
            shown["score"], shown["agrees"] = judge(end, shown)
        winners.append(shown)
    return winners


def rounds(game, judge=None) -> list:
    """Every round as ``--list --json`` gives it (with `judge`, each winner's ``score`` and ``agrees``)."""
    out = []
    for n, rnd in enumerate(game.rounds, 1):
        end = moment(game, n, result=True)
        result = dict(end.get("result") or {"kind": "unfinished"})
        if "winners" in result:
            result["winners"] = judged(end, judge)
        out.append({"index": n, "name": rnd.name, "scores": list(rnd.scores), "result": result})
    return out


def _line(r: dict) -> str:
    res = r["result"]
    if res["kind"] == "win":
        what = "; ".join(f"seat {w['seat']} " + ("tsumo" if w["seat"] == w["from"] else f"ron from {w['from']}")
                         + f" {w['notation']} ({w['recorded'].get('han')} han {w['recorded'].get('fu')} fu, "
                         f"{w['recorded'].get('points')})" + ("" if "agrees" not in w else
                                                              " agrees" if w["agrees"] else " disagrees")
                         for w in res["winners"])
    else:
        what = f"{res['kind']}" + (f" ({res['reason']})" if res.get("reason") else "")
    return f"{r['index']:>3}  {r['name']:<6} {' '.join(f'{s:>6}' for s in r['scores'])}  {what}"


def _state_lines(state: dict) -> list:
    lines = [f"{state['round']}  step {state['step']}/{state['steps']}  honba {state['honba']}  sticks {state['sticks']}"
             f"  dora {' '.join(state['dora'])}  wall {state['wall']}"]
    for i, s in enumerate(state["seats"]):
        river = " ".join(("-" if r["riichi"] else "") + r["tile"] + ("*" if r["called"] else "") for r in s["river"])
        lines.append(f"seat {i}  {s['score']:>6}  {s['notation'] or '-'}  | {river}")
    return lines


def _write(path: str, data: bytes) -> None:
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        with open(path, "wb") as f:
            f.write(data)


def _scene(game, args, state: dict, view):
    """What ``-o`` draws: the problem card (``--card``), a win's result card (``--result``), or the table."""
    if args.card:
        return problem_card(game, args.round, state)
    if args.result and state.get("result", {}).get("kind") == "win" and args.judge is not None:
        return win_card(state, judged(state, args.judge))
    return table_scene(state, view, args.reveal == "all")


def cmd_log(args) -> int:
    try:
        view = check_view(args.view)
        if (args.output or view is not None or args.reveal) and (args.list or args.round is None):
            raise RecordError("-o, --view and --reveal draw one moment: give it with --round")
        if args.output and args.draw is None:
            raise RecordError("this tiles has no drawing for -o")
        if args.card and not args.output:
            raise RecordError("--card draws a problem card: give -o FILE (.png, .webp or .svg)")
        if args.card and (view is not None or args.reveal):
            raise RecordError("--card draws the seat to move's own hand as its player sees it: --view and --reveal"
                              " are for the table (leave --card out)")
        if args.card and args.result:
            raise RecordError("--card is the seat to move's problem; at --result the round is over: give one")
        game = read(args.file)
        if args.list or args.round is None:
            if args.round is not None or args.step is not None or args.seat is not None or args.start or args.result:
                raise RecordError("--list lists every round: give a moment with --round instead")
            listed = rounds(game, args.judge)
            print(json.dumps({"rounds": listed}, ensure_ascii=False, indent=2) if args.json
                  else "\n".join(_line(r) for r in listed))
            return 0
        state = moment(game, args.round, step=args.step, seat=args.seat, turn=args.turn,
                       start=args.start, result=args.result)
        picture = args.draw(_scene(game, args, state, view), args) if args.output else None
    except RecordError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except (OptionError, SceneError) as err:
        print(f"error: {getattr(err, 'message', err)}", file=sys.stderr)
        return 2
    if picture is not None:
        _write(args.output, picture)
        if args.output == "-" or not args.json:
            return 0
    shown = seen_from(state, view, args.reveal == "all")  # as the picture: the others' hands hidden from --view
    print(json.dumps(shown, ensure_ascii=False, indent=2) if args.json else "\n".join(_state_lines(shown)))
    return 0
