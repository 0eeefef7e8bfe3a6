"""``log:`` scenes resolved: the game record read from beside the page, the moment found in it,
and what ``show`` asks of it: the table (`service.records.scene.table_scene`), the problem card
of the seat to move (`problem_card`) or the round's win with our score card (`win_card`), the
same scenes ``tiles log -o`` draws with ``--card`` and ``--result``.

A record is read once per build for every block that names it (keyed by its path, size and
modification time), and its bytes' hash goes into the picture's name (`LogTable.record`): a
changed record is a new picture. Every mistake is a `SceneError` at its field: no such file,
no game record in it (at ``log``), no such round (at ``round``), no such moment (at ``turn``,
``step``...).

>>> from service.notation.fields import compose
>>> from service.notation.log_scene import read_log
>>> resolve(read_log(compose("log: no/such.json\\nround: 1\\nstart: true")), "docs/a.md")
Traceback (most recent call last):
...
service.notation.fields.SceneError: 1:6: log: no game record at docs/no/such.json (the path is relative to the page)
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path

import yaml

from service.notation.fields import SceneError, compose
from service.notation.log_scene import LogMoment
from service.notation.scene import ProblemCard
from service.notation.table import TableScene
from service.records import MAX_BYTES, Game, RecordError, moment, read_text
from service.records.command import judged
from service.records.scene import WinCard, problem_card, table_scene, win_card
from service.scoring.log_wins import judge

HTTP_REFUSAL = ("a log: scene reads a game record file, and a request over HTTP reads no files: draw the "
                "page with tiles build or tiles batch (remark-tiles without its service option), or give the "
                "moment's table: (tiles log FILE --round N ... --json gives it)")


@dataclass(frozen=True)
class LogTable(TableScene):
    """The table of a ``log:`` scene, with `record`: the hash of the record's bytes (the picture's
    name hashes it, so a changed record is drawn anew)."""

    record: str = ""


@dataclass(frozen=True)
class LogCard(ProblemCard):
    """The problem card of a ``log:`` scene's seat to move (``show: card``), with its `record`'s hash."""

    record: str = ""


@dataclass(frozen=True)
class LogResult(WinCard):
    """The win of a ``log:`` scene's round with our score card (``show: result``), with its `record`'s hash."""

    record: str = ""


def names_log(text: str) -> bool:
    """Whether a scene's YAML is a ``log:`` scene (its root mapping has a ``log`` key).

    >>> names_log("log: a.json\\nround: 1"), names_log("table: {round: E1}"), names_log("[")
    (True, False, False)
    """
    try:
        root = compose(text)
    except SceneError:
        return False
    return isinstance(root.node, yaml.MappingNode) and any(
        isinstance(k, yaml.ScalarNode) and k.value == "log" for k, _ in root.node.value)


def record_path(m: LogMoment, page: str = "") -> Path:
    """Where the record is: `m.path` relative to the page's folder (to the working folder without a page).

    >>> str(record_path(LogMoment("games/e2.json", 1), "docs/logs.md"))
    'docs/games/e2.json'
    """
    return Path(page).parent / m.path if page else Path(m.path)


def resolve(m: LogMoment, page: str = "") -> LogTable | LogCard | LogResult:
    """What `m` shows of its moment in its record, the record found beside `page`: the table, the
    seat to move's problem card or the round's win (``show``)."""
    path = record_path(m, page)
    try:
        stat = path.stat()
    except OSError:
        m.at("log").fail(f"no game record at {path} (the path is relative to the page)")
    if not path.is_file():
        m.at("log").fail(f"{path} is not a file")
    try:
        game, digest = _record(os.path.abspath(path), stat.st_size, stat.st_mtime_ns)
    except RecordError as err:
        m.at("log").fail(f"{path}: {err}")
    except OSError as err:
        m.at("log").fail(f"cannot read {path}: {err.strerror}")
    number = round_number(m, game)
    field = "turn" if m.turn is not None else "step" if m.step is not None else "start" if m.start else "result"
    try:
        state = moment(game, number, step=m.step, seat=m.seat, turn=m.turn, start=m.start, result=m.result)
    except RecordError as err:
        m.at(field).fail(err.message)
    try:
        if m.show == "card":
            scene, kind = problem_card(game, number, state), LogCard
        elif m.show == "result":
            scene, kind = _win(m, state, game.rounds[number - 1].name), LogResult
        else:
            scene, kind = table_scene(state, m.view, m.reveal), LogTable
    except RecordError as err:
        m.at("show" if m.show != "table" else field).fail(err.message)
    return kind(**{f.name: getattr(scene, f.name) for f in fields(scene)}, record=digest)


def _win(m: LogMoment, state: dict, name: str) -> WinCard:
    """The round's win as its result card: our score of each winner beside the log's."""
    result = state.get("result") or {}
    if result.get("kind") != "win":
        ended = {"draw": "an exhaustive draw", "abortive": "an abortive draw"}.get(result.get("kind"), "no win")
        m.at("show").fail(f"round {name} ends in {ended}: no win to draw (show: table draws the table at its end)")
    return win_card(state, judged(state, judge))


def round_number(m: LogMoment, game: Game) -> int:
    """The 1-based number of `m`'s round: as given, or the round of that name (``E3`` is ``E3-2``
    when the record has one East 3 only; with its repeats, the honba tells them apart)."""
    count = len(game.rounds)
    if isinstance(m.round, int):
        if not 1 <= m.round <= count:
            m.at("round").fail(f"no round {m.round}: the record has {count} (1-{count})")
        return m.round
    names = [r.name for r in game.rounds]
    if m.round in names:
        return names.index(m.round) + 1
    same = [n for n, name in enumerate(names, 1) if name.split("-")[0] == m.round]
    if len(same) == 1:
        return same[0]
    if same:
        m.at("round").fail(f"{m.round} is {len(same)} rounds here: {', '.join(names[n - 1] for n in same)}; "
                           f"name one with its honba, or give its number")
    m.at("round").fail(f"no round {m.round}: the record's rounds are {', '.join(names) or 'none'}")


@lru_cache(maxsize=16)
def _record(path: str, size: int, mtime: int) -> tuple[Game, str]:
    """The record at `path` (its size and time key a changed file anew) and its bytes' hash."""
    if size > MAX_BYTES:
        raise RecordError(f"over {MAX_BYTES // 2 ** 20} MiB: not a game record")
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text") from None
    return read_text(text), hashlib.sha256(data).hexdigest()[:16]


__all__ = ["HTTP_REFUSAL", "LogCard", "LogResult", "LogTable", "names_log", "record_path", "resolve"]
