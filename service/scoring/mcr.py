"""Chinese Official (MCR) fan, through PyMahjongGB: the extra ``mahjong-tiles[mcr]``.

The 81 fans, their exclusion rules and the 8-fan minimum are the library's; we
hand it the picture: the melds (the sideways tile says who gave it, and which
tile of a chow was called), the concealed tiles, the winning tile (sideways:
won on a discard), the flowers (the hand's bonus tiles), the winds, and
``last_tile`` (the fourth of its kind), ``wall_last``, ``kong`` (won on the
tile after a kong, or robbing one).

    score("123m456p789s123s5z+-5z", rules="mcr")  # {"rules": "mcr", "win": "ron", "fan": ..., "fans": [...]}

With no PyMahjongGB, ``rules="mcr"`` is an `OptionError` that says how to install it.
"""

from __future__ import annotations

from typing import Any

from service.analysis import analyse
from service.analysis.keys import NUM_KINDS, index_of
from service.notation.model import ANY_TILE, JOKER, Group, Hand, Tile
from service.notation.options import OptionError

from .knitted import knitted_waits
from .rules import CHINESE_ONLY, FLAGS, RULE_OPTIONS, WINDS, Context

MISSING = "rules mcr (Chinese Official) needs PyMahjongGB: pip install 'mahjong-tiles[mcr]'"
MINIMUM = 8  # fan a win needs
_SUITS = {"m": "W", "p": "B", "s": "T"}
_HONORS = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # East South West North, White Green Red


class _NotScored(ValueError):
    pass


def score_mcr(hand: Hand, ctx: Context) -> dict[str, Any]:
    """The fan of a Chinese Official win (``fan``, ``fans``), a tenpai hand's waits table, or an error."""
    try:
        import MahjongGB
    except ImportError:
        raise OptionError(MISSING, "rules") from None
    _check_options(ctx)
    out: dict[str, Any] = {"rules": ctx.rules}
    try:
        tiles = hand.tiles
        if any(t.kind in (JOKER, ANY_TILE) for t in tiles):
            raise _NotScored("cannot score jokers or any-tiles: write the tile each one stands for")
        analysis = analyse(hand)
        if analysis.warnings:
            raise _NotScored(f"cannot score this hand: {analysis.warnings[0]}")
        groups = [g for g in hand.groups if g.kind != "bonus"]
        if groups and groups[-1].kind == "winning":
            out.update(_win(MahjongGB, hand, ctx, analysis))
        elif waits := _waits(hand, analysis):
            rows = []
            for code in waits:
                row: dict[str, Any] = {"tile": code}
                for way, sideways in (("ron", True), ("tsumo", False)):
                    won = Hand(hand.groups + (Group("winning", (Tile.from_code(code, sideways=sideways),)),))
                    try:
                        row[way] = _win(MahjongGB, won, ctx, None)
                    except _NotScored as err:
                        row[way] = {"win": way, "error": str(err)}
                rows.append(row)
            out["waits"] = rows
        else:
            from .riichi import not_a_win

            raise _NotScored(not_a_win(hand, analysis, 0))
    except _NotScored as err:
        out["error"] = str(err)
    return out


def _waits(hand: Hand, analysis) -> tuple[str, ...]:
    """A tenpai hand's waits: the standard forms' (the analysis's) and the knitted ones' (`knitted_waits`),
    in tile order."""
    concealed, seen, melds = [0] * NUM_KINDS, [0] * NUM_KINDS, 0
    for g in hand.groups:
        if g.kind == "meld":
            melds += 1
            shown = g.tiles[1] if g.concealed_kan else None
            for t in g.tiles:
                t = shown or t
                seen[index_of(t.number, t.suit)] += 1
        elif g.kind == "hand":
            for t in g.tiles:
                if not t.bonus:
                    concealed[index_of(t.number, t.suit)] += 1
                    seen[index_of(t.number, t.suit)] += 1
    standard = analysis.waits if analysis.shanten == 0 else ()
    codes = set(standard) | set(knitted_waits(concealed, melds, seen))
    return tuple(sorted(codes, key=lambda code: index_of(int(code[0]), code[1])))


def _win(gb, hand: Hand, ctx: Context, analysis) -> dict[str, Any]:
    packs, standing, win, flowers, ron = [], [], None, 0, False
    for g in hand.groups:
        if g.kind == "bonus":
            flowers += len(g.tiles)
        elif g.kind == "meld":
            packs.append(_pack(g))
        elif g.kind == "hand":
            flowers += sum(t.bonus for t in g.tiles)
            standing += [_code(t) for t in g.tiles if not t.bonus]
        elif g.kind == "winning":
            win, ron = _code(g.tiles[0]), g.ron
    try:
        fans = gb.MahjongFanCalculator(
            pack=tuple(packs), hand=tuple(standing), winTile=win, flowerCount=flowers, isSelfDrawn=not ron,
            is4thTile=ctx.last_tile, isAboutKong=ctx.kong, isWallLast=ctx.wall_last,
            seatWind=WINDS.index(ctx.seat), prevalentWind=WINDS.index(ctx.round), verbose=True)
    except TypeError as err:
        why = str(err)
        if why == "ERROR_NOT_WIN":
            shanten = "" if analysis is None else f" (shanten {analysis.shanten})"
            raise _NotScored(f"not a win under Chinese Official rules{shanten}") from None
        raise _NotScored(f"cannot score this hand: PyMahjongGB says {why.lower().replace('_', ' ')}") from None
    lines = [{"name": en, "zh": zh, "fan": fan, "count": count} for fan, count, zh, en in fans]
    total = sum(line["fan"] * line["count"] for line in lines)
    out: dict[str, Any] = {"win": "ron" if ron else "tsumo", "fan": total, "fans": lines}
    if total < MINIMUM:
        out["error"] = f"{total} fan: a win needs {MINIMUM}"
    return out


def _code(tile: Tile) -> str:
    """PyMahjongGB's name of a tile: ``W1`` 1m, ``B5`` 5p, ``T9`` 9s, ``F1`` East, ``J1`` Red."""
    if tile.suit == "z":
        return _HONORS[tile.number - 1]
    return f"{_SUITS[tile.suit]}{tile.number}"


def _pack(group: Group) -> tuple[str, str, int]:
    """``("CHI", middle tile, which tile was called 1-3)``, ``("PENG"|"GANG", tile, from whom 1-3; 0 concealed)``."""
    tiles = group.tiles
    if group.concealed_kan:
        return ("GANG", _code(tiles[1]), 0)
    called = [i for i, t in enumerate(tiles) if t.sideways and not t.stacked]
    numbers = sorted(t.number for t in tiles)
    if len(tiles) == 3 and numbers[0] != numbers[1]:  # a chow: the middle tile, and which one was called
        middle = next(t for t in tiles if t.number == numbers[1])
        offer = tiles[called[0]].number - numbers[0] + 1 if called else 1
        return ("CHI", _code(middle), offer)
    offer = 1 if not called else 1 if called[0] == 0 else 3 if called[0] == len(tiles) - 1 else 2
    return ("PENG" if len(tiles) == 3 else "GANG", _code(tiles[0]), offer)


def _check_options(ctx: Context) -> None:
    """Riichi's options have no meaning in Chinese Official rules: name the first one given."""
    for name in (*FLAGS, *RULE_OPTIONS, "dora", "ura", "honba", "sticks"):
        if name in ctx.given:
            raise OptionError(f"{name} is an option of the riichi rules; Chinese Official (mcr) has none such "
                              f"(its options: round, seat, {', '.join(CHINESE_ONLY)})", name)
