"""``tiles replay FILE --round N``: a round of a game record as an animation (APNG, GIF or WebP).

    $ tiles replay game.json --round 2 -o e2.webp --still e2.png --html

A frame a moment: as dealt, after every discard (the discard outlined) and every call, and the
end (every hand shown). A frame shows for ``--delay`` ms; a riichi discard or a call
`PAUSE` times as long, the end `END` times. ``--view S`` draws the table from seat S (the others'
hands face down until the end); by default every hand is shown, seat 0 at the bottom.
``--still`` writes the last frame alone, and ``--html`` prints the `<picture>` that shows readers
who prefer reduced motion that still, with an alt text that sums up the round (`round_alt`).

Exit status 0, or 2 with one line on stderr for a bad record, round or option.
"""

from __future__ import annotations

import os
import sys
from html import escape

from service.drawing.animation import FORMATS, Canvas, Frame, animate, still
from service.notation.options import OptionError, RenderOptions, option_type
from service.records import Game, RecordError, moment, read
from service.records.model import CALLS
from service.records.scene import check_view, seat_wind, table_scene

DELAY = 700  # ms a move shows
PAUSE = 2.5  # a riichi discard or a call shows this many times as long
END = 5  # the end: this many times
MIN_DELAY, MAX_DELAY = 20, 10_000
ENDS = ("win", "draw_end", "abortive")


def moments(game: Game, number: int) -> list[tuple[int, str | None, str]]:
    """The frames of round `number`: (step, seat of the discard to outline or None, what it is:
    ``start``, ``discard``, ``riichi``, ``call`` or ``end``).

    >>> from service.records.model import Event, Round
    >>> r = Round(0, 1, 0, 0, 0, [25000] * 4, [["1m"] * 13] * 4, "9p")
    >>> r.events = [Event("draw", 0, "5z"), Event("discard", 0, "5z", riichi=True), Event("pon", 1, "5z", ("5z",) * 3, 0)]
    >>> moments(Game([r], [], "mjai"), 1)
    [(0, None, 'start'), (2, 0, 'riichi'), (3, None, 'call')]
    """
    rnd = game.rounds[number - 1]
    out: list[tuple[int, str | None, str]] = [(0, None, "start")]
    last_discard = None
    for i, ev in enumerate(rnd.events, 1):
        if ev.kind == "discard":
            last_discard = ev.seat
            out.append((i, ev.seat, "riichi" if ev.riichi else "discard"))
        elif ev.kind in CALLS:
            last_discard = None
            out.append((i, None, "call"))
        elif ev.kind in ENDS:
            won_on = last_discard if ev.kind == "win" and any(not w.tsumo for w in ev.wins) else None
            out.append((i, won_on, "end"))
        elif ev.kind == "draw":
            last_discard = None
    return out


def replay_frames(game: Game, number: int, view: int | None = None, delay: int = DELAY) -> list[Frame]:
    """The animation's frames of round `number` (1-based), from seat `view` (None: every hand shown)."""
    if not 1 <= number <= len(game.rounds):
        raise RecordError(f"no round {number}: the record has {len(game.rounds)} (1-{len(game.rounds)})")
    dealer = game.rounds[number - 1].dealer
    frames = []
    for step, seat, what in moments(game, number):
        state = moment(game, number, step=step)
        scene = table_scene(state, view, reveal=what == "end" and view is not None)
        wait = delay * {"riichi": PAUSE, "call": PAUSE, "end": END}.get(what, 1)
        frames.append(Frame(scene, round(wait), None if seat is None else seat_wind(seat, dealer)))
    return frames


def _who(seat: int, dealer: int) -> str:
    return f"seat {seat} ({'East South West North'.split()[(seat - dealer) % 4]})"


def round_alt(game: Game, number: int) -> str:
    """What the round comes to, in words: the round, the moves, and the winner(s), how and the points
    (with the log's han, fu and yaku), or the draw.

    >>> from service.records.model import Event, Round, Win
    >>> r = Round(0, 2, 1, 0, 1, [25000] * 4, [["1m"] * 13] * 4, "9p")
    >>> r.events = [Event("draw", 1, "5z"), Event("discard", 1, "5z"), Event("win", wins=[Win(2, 1, "5z", {"han": 1,
    ...             "fu": 30, "points": 1000, "yaku": [["Yakuhai (haku)", 1]]})], deltas=[0, -1000, 1000, 0])]
    >>> round_alt(Game([r], [], "mjai"), 1)
    'Replay of East 2, 1 honba: 1 discard, 0 calls. Seat 2 (South) wins by ron from seat 1 (East): 1000 points (1 han 30 fu; Yakuhai (haku) 1).'
    """
    rnd = game.rounds[number - 1]
    wind = "East South West North".split()[rnd.wind % 4]
    head = f"Replay of {wind} {rnd.number}" + (f", {rnd.honba} honba" if rnd.honba else "")
    discards = sum(e.kind == "discard" for e in rnd.events)
    calls = sum(e.kind in CALLS for e in rnd.events)
    moves = f"{discards} discard{'' if discards == 1 else 's'}, {calls} call{'' if calls == 1 else 's'}"
    end = rnd.result
    if end is None:
        what = "The record ends before the round does."
    elif end.kind == "win":
        wins = []
        for w in end.wins:
            how = "by tsumo" if w.tsumo else f"by ron from {_who(w.source, rnd.dealer)}"
            rec = w.recorded
            detail = " ".join(f"{rec[k]} {k}" for k in ("han", "fu") if rec.get(k) is not None)
            yaku = ", ".join(f"{name} {han}" for name, han in rec.get("yaku") or [])
            detail += ("; " if detail and yaku else "") + yaku
            points = f": {rec['points']} points" if rec.get("points") is not None else ""
            wins.append(f"{_who(w.seat, rnd.dealer)} wins {how}{points}" + (f" ({detail})" if detail else ""))
        what = "; ".join(wins)
        what = what[0].upper() + what[1:] + "."
    elif end.kind == "draw_end":
        ready = end.tenpai
        if ready is None and end.deltas and min(end.deltas) < 0 < max(end.deltas):  # told by who was paid
            ready = [d > 0 for d in end.deltas]
        tenpai = [_who(s, rnd.dealer) for s, t in enumerate(ready or []) if t]
        what = "An exhaustive draw" + (f", tenpai: {', '.join(tenpai)}." if tenpai else ", nobody tenpai."
                                       if ready is not None else ".")
    else:
        what = "An abortive draw" + (f" ({end.reason})." if end.reason else ".")
    return f"{head}: {moves}. {what}"


def picture_html(animation: str, still: str, alt: str, size: tuple[int, int]) -> str:
    """The docs markup: the animation, and for readers who prefer reduced motion its still last frame.

    >>> print(picture_html("e2.webp", "e2.png", "Replay of East 2", (400, 400)))
    <picture><source srcset="e2.png" media="(prefers-reduced-motion: reduce)"><img src="e2.webp" width="400" height="400" alt="Replay of East 2"></picture>
    """
    return (f'<picture><source srcset="{escape(still)}" media="(prefers-reduced-motion: reduce)">'
            f'<img src="{escape(animation)}" width="{size[0]}" height="{size[1]}" alt="{escape(alt)}"></picture>')


def _format(path: str, formats: tuple[str, ...], what: str) -> str:
    ext = os.path.splitext(path)[1][1:].lower()
    if ext not in formats:
        names = ", ".join(f".{f}" for f in formats[:-1]) + f" or .{formats[-1]}"
        raise OptionError(f"{path}: {what} is written as {names}, not {('.' + ext) if ext else 'a name without one'}",
                          "output")
    return ext


def register(sub) -> None:
    """Add ``replay`` to the `tiles` command line."""
    what = "a round of a game record as an animation (APNG .png, .gif or .webp)"
    p = sub.add_parser("replay", help=what, description=what[0].upper() + what[1:] + ".")
    p.add_argument("file", help="the record: mjlog XML, tenhou.net/6 JSON (or JSON lines) or mjai JSON lines")
    p.add_argument("--round", type=int, required=True, help="the round (1-based, as tiles log --list numbers them)")
    p.add_argument("-o", "--output", required=True, help="the animation: .png (APNG), .gif or .webp")
    p.add_argument("--still", help="also the last frame alone: .png or .webp (for readers who prefer reduced motion)")
    p.add_argument("--html", action="store_true", help="print the <picture> markup (needs --still)")
    p.add_argument("--view", help="draw from this seat (0-3): the others' hands face down until the end")
    p.add_argument("--delay", type=int, default=DELAY,
                   help=f"ms a move shows ({MIN_DELAY}-{MAX_DELAY}, default {DELAY}); riichi and calls "
                        f"{PAUSE:g}x, the end {END}x")
    p.add_argument("--height", type=option_type("height"), default=38, help="CSS px of an upright tile (16-256)")
    p.add_argument("--scale", type=option_type("scale"), default=1, help="device pixel ratio (1-4)")
    p.add_argument("--theme", default="light", help="light or dark")
    p.add_argument("--lang", type=option_type("lang"), default="en", help="language of the table's labels")
    p.set_defaults(func=cmd_replay)


def cmd_replay(args) -> int:
    try:
        if not MIN_DELAY <= args.delay <= MAX_DELAY:
            raise OptionError(f"--delay is {MIN_DELAY}-{MAX_DELAY} ms, not {args.delay}", "delay")
        fmt = _format(args.output, FORMATS, "an animation")
        still_fmt = _format(args.still, ("png", "webp"), "the still") if args.still else None
        if args.html and not args.still:
            raise OptionError("--html shows the still to readers who prefer reduced motion: give --still too", "html")
        options = RenderOptions(height=args.height, scale=args.scale, theme=args.theme, lang=args.lang)
        game = read(args.file)
        view = check_view(args.view)
        frames = replay_frames(game, args.round, view, args.delay)
        canvas = Canvas(frames, options)
    except OptionError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    except RecordError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    with open(args.output, "wb") as f:
        f.write(animate(frames, options, fmt, canvas))
    if args.still:
        with open(args.still, "wb") as f:
            f.write(still(canvas.image(len(frames) - 1), still_fmt))
    if args.html:
        s = options.scale
        size = (canvas.width // s, canvas.height // s)
        print(picture_html(args.output, args.still, round_alt(game, args.round), size))
    return 0


__all__ = ["moments", "picture_html", "replay_frames", "round_alt"]
