"""What each discard leaves: tile acceptance (ukeire) tables, exact, with copies subtracted.

`efficiency` reads a notation: a hand that must discard (3n+2 tiles, melds
allowed) gets one row a discard, best first; a hand that must draw (3n+1) gets
its own accepted tiles. ``left`` is four minus the copies seen: in the hand
after the discard, its melds and ``visible``. See docs/analysis.md#efficiency.

>>> t = efficiency("123456789m12p35s")
>>> t["shanten"], t["kinds"], t["tiles"], [(a["tile"], a["left"]) for a in t["accepts"]][:3]
(1, 6, 20, [('1p', 3), ('2p', 3), ('3p', 4)])
>>> efficiency("123456789m12p355s", visible="3p3p")["discards"][0]
{'tile': '3s', 'shanten': 0, 'accepts': [{'tile': '3p', 'left': 2}], 'kinds': 1, 'tiles': 2}
"""

from __future__ import annotations

import sys
import types
from typing import Any

from service.analysis.keys import NUM_KINDS, code_of
from service.analysis.reading import read, tile_index
from service.analysis.shanten import regular_shanten, shanten as shanten_of
from service.notation.grammar import ParseError, parse
from service.notation.model import ANY_TILE, JOKER, Group, Hand
from service.notation.scene import ProblemCard
from service.notation.table import TableScene

from .accept import discards, draws

FORMS = ("all", "standard")
_CODES = tuple(map(code_of, range(NUM_KINDS)))


class EfficiencyError(ParseError):
    """A notation the table cannot be made for: what is wrong and where (0-based), as `ParseError`."""


def efficiency(notation: str | Hand, visible: str | Hand = "", forms: str = "all") -> dict[str, Any]:
    """The acceptance table of a hand, as the JSON view's dict.

    ``visible``: tiles seen elsewhere (rivers, other melds, dora indicators), in
    the notation's syntax. ``forms``: ``"all"`` (the standard form, seven pairs
    and thirteen orphans) or ``"standard"``. Raises `ParseError` (an
    `EfficiencyError` for a hand that parses but has no table).

    >>> efficiency("11122233344455m", forms="standard")["discards"][0]["tile"]
    '4m'
    """
    if forms not in FORMS:
        raise EfficiencyError(f"forms must be all or standard, not {forms!r}", 0, str(forms))
    hand = notation if isinstance(notation, Hand) else parse(notation)
    text = hand.notation
    _refuse_wilds(hand, text)
    reading = read(hand)
    if reading.warnings:
        raise EfficiencyError(reading.warnings[0], 0, text)
    seen = list(reading.melded)
    seen_elsewhere = seen_in(visible)
    counts = list(reading.concealed)
    for i in range(NUM_KINDS):
        seen[i] += seen_elsewhere[i]
        if counts[i] + seen[i] > 4:
            raise EfficiencyError(f"{counts[i] + seen[i]} copies of {code_of(i)} seen: a set has four", 0, text)
    sets = reading.sets_needed
    caps = tuple(4 - m for m in reading.melded) if reading.fixed else None
    all_forms = forms == "all"
    n = sum(counts)
    out: dict[str, Any] = {"notation": text, "forms": forms}
    if n == 3 * sets + 1:
        out.update(_row(counts, None, *draws(counts, sets, caps, all_forms), seen))
        return out
    if n != 3 * sets + 2:
        melds = f"{len(reading.fixed)} meld" + ("" if len(reading.fixed) == 1 else "s")
        raise EfficiencyError(
            f"{n} concealed tiles with {melds}: a table needs {3 * sets + 1} (to draw)"
            f" or {3 * sets + 2} (to discard)", 0, text)
    out["shanten"] = (shanten_of(counts, sets, caps) if all_forms else regular_shanten(counts, sets, caps))
    rows = [{"tile": code_of(d), **_row(counts, d, now, gains, seen)}
            for d, now, gains in discards(counts, sets, caps, all_forms)]
    rows.sort(key=lambda r: (r["shanten"], -r["tiles"]))  # stable: tile order breaks ties
    out["discards"] = rows
    return out


def _row(counts, discard: int | None, now: int, gains: list[int], seen) -> dict[str, Any]:
    """One row: ``left`` counts the hand after the ``discard`` (None: the hand as it is)."""
    accepts = []
    for t in gains:
        left = 4 - counts[t] + (t == discard) - seen[t]
        if left > 0:
            accepts.append({"tile": _CODES[t], "left": left})
    return {"shanten": now, "accepts": accepts, "kinds": len(accepts), "tiles": sum(a["left"] for a in accepts)}


def scene_efficiency(scene: ProblemCard | TableScene, visible: str | Hand = "", forms: str = "all") -> dict[str, Any]:
    """The table of a scene's hand, every tile the scene shows counted as seen: a problem card's
    dora indicators; at a table, the dora indicators, every river, the other seats' melds and
    face-up hands (the hand is the seat in view). ``visible`` adds more.

    >>> from service.notation.scene import read_scene
    >>> card = read_scene("problem: {round: E1, seat: S, dora: 3p, hand: 123456789m12p35s+5s}")
    >>> [(a["tile"], a["left"]) for a in scene_efficiency(card)["discards"][0]["accepts"]]
    [('3p', 3)]
    """
    if isinstance(scene, ProblemCard):
        hand = Hand(scene.hand.groups + (Group("winning", (scene.drawn,)),), notation=scene.hand.notation)
        shown = list(scene.dora)
    else:
        seat = scene.seats.get(scene.view)
        if seat is None or seat.hand is None:
            raise EfficiencyError(f"the seat in view ({scene.view}) shows no hand: there is no table", 0, "")
        hand = Hand(seat.hand.groups + seat.melds, notation=seat.hand.notation)
        shown = list(scene.dora)
        for wind, other in scene.seats.items():
            shown += [t for river in ([other.river] if other.river else []) for t in river.tiles]
            if wind != scene.view:
                shown += [t for g in other.melds for t in g.tiles]
                shown += list(other.hand.tiles) if other.hand is not None else []
    seen = [Group("hand", tuple(shown))] if shown else []
    if isinstance(visible, str) and visible.strip():
        visible = parse(visible)
    if isinstance(visible, Hand):
        seen += list(visible.groups)
    return efficiency(hand, Hand(tuple(seen)) if seen else "", forms)


def seen_in(visible: str | Hand) -> list[int]:
    """Copies of each kind in ``visible`` (red fives as fives; backs and bonus tiles are no kind).

    >>> seen_in("0p5p1z")[13], seen_in("")[0]
    (2, 0)
    """
    counts = [0] * NUM_KINDS
    if isinstance(visible, str) and not visible.strip():
        return counts
    shown = visible if isinstance(visible, Hand) else parse(visible)
    _refuse_wilds(shown, shown.notation, "visible tiles")
    for tile in shown.tiles:
        i = tile_index(tile)
        if i is not None:
            counts[i] += 1
    return counts


def _refuse_wilds(hand: Hand, text: str, where: str = "the hand") -> None:
    for tile in hand.tiles:
        if tile.kind in (JOKER, ANY_TILE):
            name, code = ("joker", "j") if tile.kind == JOKER else ("any-tile", "?")
            at = text.find(code)
            raise EfficiencyError(f"a {name} {code} in {where}: an efficiency table counts real tiles only "
                                  f"(tiles parse analyses wilds)", max(at, 0), text)


class _Table(types.ModuleType):
    """``service.efficiency`` is this package once imported, and `from service import efficiency`
    may find it before the function: calling the package calls `efficiency`."""

    def __call__(self, notation: str | Hand, visible: str | Hand = "", forms: str = "all") -> dict[str, Any]:
        return efficiency(notation, visible, forms)


sys.modules[__name__].__class__ = _Table

__all__ = ["FORMS", "EfficiencyError", "efficiency", "scene_efficiency", "seen_in"]
