"""Game records beside the notation: Tenhou mjlog XML, tenhou.net/6 JSON and mjai JSON lines
read into one model (`Game`), and a round replayed to any moment (`moment`).

>>> read_text("hello")
Traceback (most recent call last):
...
service.records.model.RecordError: not a game record: expected mjlog XML, tenhou.net/6 JSON or mjai JSON lines
"""

from __future__ import annotations

from pathlib import Path

from .mjai import read_mjai
from .mjlog import read_mjlog
from .model import Event, Game, RecordError, Round, Win
from .replay import check, moment, notation
from .tenhou6 import read_tenhou6

__all__ = ["Event", "Game", "RecordError", "Round", "Win", "check", "moment", "notation", "read", "read_text"]

MAX_BYTES = 16 * 1024 * 1024


def read_text(text: str) -> Game:
    """Read a record of any of the three formats, told apart by its first character and keys,
    and replay every round (`RecordError` at the first thing wrong)."""
    head = text.lstrip()[:4096]
    if head.startswith("<"):
        game = read_mjlog(text)
    elif head.startswith("{") and '"type"' in head.split("\n", 1)[0] and '"log"' not in head.split("\n", 1)[0]:
        game = read_mjai(text)
    elif head.startswith("{"):
        game = read_tenhou6(text)
    else:
        raise RecordError("not a game record: expected mjlog XML, tenhou.net/6 JSON or mjai JSON lines")
    check(game)
    return game


def read(path) -> Game:
    """Read a record file (gzip is not unpacked: give the text)."""
    path = Path(path)
    if path.stat().st_size > MAX_BYTES:
        raise RecordError(f"over {MAX_BYTES // 2 ** 20} MiB: not a game record", str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError("not UTF-8 text", str(path)) from None
    try:
        return read_text(text)
    except RecordError as err:
        raise RecordError(err.message, f"{path.name}: {err.where}" if err.where else path.name) from None
