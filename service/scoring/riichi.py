"""Riichi scores from the `mahjong` package: yaku, han, fu, points, for one win or a waits table.

`score_hand` is the bridge: it reads our parsed hand (the analysis says whether it
wins, or what it waits on), hands the package its tiles, melds and context, and
writes the answer as our JSON: each fu line placed on the group it comes from,
the names in three languages, the limit, the points in their three shapes.

>>> from service.notation.grammar import parse
>>> s = score_hand(parse("234789m1234566p+6p"), Context(riichi=True, seat="S"))
>>> s["han"], s["fu"], s["points"], [y["name"] for y in s["yaku"]]
(3, 20, {'tsumo': {'dealer': 1300, 'others': 700}}, ['Menzen tsumo', 'Riichi', 'Pinfu'])
>>> score_hand(parse("345m456p789s2z+-123m+-2z"), Context())["error"]
'no yaku'
"""

from __future__ import annotations

from typing import Any

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from service.analysis import Analysis, analyse
from service.notation.dora import read_indicators
from service.notation.model import ANY_TILE, JOKER, Group, Hand, Tile
from service.notation.options import OptionError

from .names import FU_REASONS, yaku_json
from .rules import WINDS, Context, Rule
from .tiles136 import Ids, kind_of, meld_of

_KAZOE = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
          "multiple": HandConstants.KAZOE_NO_LIMIT}
_TERMINALS = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
_SET_REASONS = {  # (terminal or honor, kan, open) -> the package's reason
    (t, k, o): f"{'open' if o else 'closed'}_{'terminal_' if t else ''}{'kan' if k else 'pon'}"
    for t in (False, True) for k in (False, True) for o in (False, True)
}
_WAIT_REASONS = ("penchan", "kanchan", "pair_wait", "tsumo")


class NotScored(ValueError):
    """A hand that cannot be scored (not a win, jokers, bonus tiles): the message says why."""


def score_hand(hand: Hand, ctx: Context) -> dict[str, Any]:
    """The score of a winning hand, the waits table of a tenpai one, or ``{"error": why}``.

    Options that cannot hold for this hand (riichi with called melds, haitei on a
    ron) raise `OptionError`, naming the option.
    """
    out: dict[str, Any] = {"rules": ctx.rules}
    try:
        analysis = analyse(hand)
        _scorable(hand, analysis)
        win = winning_group(hand)
        if win is None:
            out["waits"] = waits_table(hand, analysis, ctx)
            return out
        if not analysis.complete:
            raise NotScored(not_a_win(hand, analysis, 1))
        out.update(win_json(hand, ctx))
    except NotScored as err:
        out["error"] = str(err)
    return out


def winning_group(hand: Hand) -> int | None:
    """The index of the winning tile's group, or None."""
    last = len(hand.groups) - 1
    while last >= 0 and hand.groups[last].kind == "bonus":
        last -= 1
    return last if last >= 0 and hand.groups[last].kind == "winning" else None


def waits_table(hand: Hand, analysis: Analysis, ctx: Context) -> list[dict[str, Any]]:
    """One row a wait of a tenpai hand: ``{"tile", "ron", "tsumo"}``, each a score (or "no yaku")."""
    if analysis.shanten != 0:
        raise NotScored(not_a_win(hand, analysis, 0))
    if not analysis.waits:
        raise NotScored("not a win: tenpai, but every tile it waits on is in the picture already")
    rows = []
    ways = (("ron", True, ctx.only(tsumo=False)), ("tsumo", False, ctx.only(tsumo=True)))
    for code in analysis.waits:
        row: dict[str, Any] = {"tile": code}
        for way, sideways, context in ways:
            won = Hand(hand.groups + (Group("winning", (Tile.from_code(code, sideways=sideways),)),))
            try:
                row[way] = win_json(won, context)
            except NotScored as err:  # one row the package reads otherwise: said there, the others stand
                row[way] = {"win": way, "error": str(err)}
        rows.append(row)
    return rows


def win_json(hand: Hand, ctx: Context) -> dict[str, Any]:
    """Han, fu, limit, yaku, fu lines and points of a complete hand whose last group is its winning tile."""
    groups = hand.groups
    at = winning_group(hand)
    tsumo = not groups[at].ron
    ids = Ids()
    tiles: list[int] = []
    melds = []
    meld_groups: list[tuple[int, Any]] = []  # (group index, meld)
    for i, g in enumerate(groups):
        if g.kind == "meld":
            m = meld_of(g, ids)
            melds.append(m)
            meld_groups.append((i, m))
            tiles += m.tiles
        elif g.kind in ("hand", "winning"):
            tiles += [ids.take(kind_of(t), t.red) for t in g.tiles]
    win_tile = tiles[-1]
    _check_context(ctx, tsumo, melds)
    config = _config(ctx, tsumo)
    dora = [kind_of(t) * 4 for t in read_indicators(ctx.dora, "dora")] if ctx.dora else []
    ura = [kind_of(t) * 4 for t in read_indicators(ctx.ura, "ura")] if ctx.ura else []
    result = HandCalculator.estimate_hand_value(tiles, win_tile, melds, dora, config, ura_dora_indicators=ura)
    out: dict[str, Any] = {"win": "tsumo" if tsumo else "ron", "dealer": ctx.dealer}
    if result.error == HandCalculator.ERR_NO_YAKU:
        out.update(han=0, fu=None, limit=None, yaku=[], fu_details=[], error="no yaku",
                   points=_points(tsumo, ctx.dealer, 0, 0), total=0, honba=ctx.honba, sticks=ctx.sticks)
        return out
    if result.error:  # the analysis said complete; the package reads melds as it may
        raise NotScored(f"not a win: the mahjong package says {result.error.replace('_', ' ')}")
    open_hand = result.is_open_hand
    yaku = []
    yakuman = False
    han = 0
    for y in result.yaku:
        n = y.han_open if open_hand and y.han_open else y.han_closed
        if type(y).__name__ == "AkaDora" and ctx.rule.red_fives and ids.forced:  # plain fives on red ids
            n -= min(n, ids.forced)
            if not n:
                continue
        yaku.append(yaku_json(type(y).__name__, n))
        yakuman = yakuman or y.is_yakuman
        han += n
    details = _fu_lines(result.fu_details or [], result.fu, groups, meld_groups, at, ctx.rule)
    fu = _fu_total(details, result.fu)
    cost = result.cost
    if han != result.han or fu != result.fu:  # our corrections: the red ids, a 2-fu double wind pair
        cost = ScoresCalculator.calculate_scores(han, fu, config, yakuman)
    out.update(han=han, fu=fu, limit=limit(han, fu, yakuman, ctx.rule), yaku=yaku, fu_details=details,
               points=_points(tsumo, ctx.dealer, cost["main"], cost["additional"]), total=cost["total"],
               honba=ctx.honba, sticks=ctx.sticks)
    return out


def limit(han: int, fu: int, yakuman: bool, rule: Rule) -> str | None:
    """``None`` under mangan, else ``"mangan"`` ... ``"sanbaiman"``, ``"yakuman"``, ``"double yakuman"`` ...

    >>> limit(4, 30, False, Rule()), limit(4, 30, False, Rule(kiriage=True)), limit(4, 40, False, Rule())
    (None, 'mangan', 'mangan')
    >>> limit(13, 30, False, Rule(kazoe="sanbaiman")), limit(26, 0, True, Rule())
    ('sanbaiman', 'double yakuman')
    """
    if yakuman or (han >= 13 and rule.kazoe != "sanbaiman"):
        times = han // 13 if yakuman or rule.kazoe == "multiple" else 1
        return ("yakuman", "double yakuman", "triple yakuman")[times - 1] if times <= 3 else f"{times}x yakuman"
    for least, name in ((11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return name
    if fu * 2 ** (2 + han) >= 2000 or (rule.kiriage and (han, fu) in ((4, 30), (3, 60))):
        return "mangan"
    return None


def _points(tsumo: bool, dealer: bool, main: int, additional: int) -> dict[str, Any]:
    if not tsumo:
        return {"ron": main}
    if dealer:
        return {"tsumo": {"all": main}}
    return {"tsumo": {"dealer": main, "others": additional}}


def _fu_lines(details, fu: int, groups, meld_groups, at: int, rule: Rule) -> list[dict[str, Any]]:
    """The package's fu lines, each with the group it comes from (our index) or None.

    A set's line goes to its meld when a meld of that kind is left, else to the hand
    (a triplet the package counts open there was completed on a discard); the wait
    and tsumo lines to the winning tile, a pair's to the hand; base lines to none.
    """
    hand_at = next((i for i, g in enumerate(groups) if g.kind == "hand"), at)
    free = {}
    for i, m in meld_groups:
        if m.type == "chi":
            continue
        kind = m.tiles[0] // 4
        key = _SET_REASONS[(kind in _TERMINALS, m.type in ("kan", "shouminkan"), m.opened)]
        free.setdefault(key, []).append(i)
    base, lines = [], []
    for d in details:
        reason, n = d["reason"], d["fu"]
        if reason == "base":
            if fu == 25 and n == 25:
                base.append(_line(25, "seven_pairs", None))
            else:
                base.append(_line(20, "base", None))
                if n == 30:
                    base.append(_line(10, "concealed_ron", None))
        elif reason in _WAIT_REASONS:
            lines.append(_line(n, reason, at))
        elif reason in ("valued_pair", "double_valued_pair"):
            lines.append(_line(rule.double_wind_fu if reason == "double_valued_pair" else n, reason, hand_at))
        elif reason in free and free[reason]:
            lines.append(_line(n, reason, free[reason].pop(0)))
        elif reason.startswith("open_") and reason.endswith("pon"):
            lines.append(_line(n, "ron_terminal_pon" if "terminal" in reason else "ron_pon", hand_at))
        elif reason.endswith(("pon", "kan")):
            lines.append(_line(n, reason, hand_at))
        else:
            lines.append(_line(n, reason, None))
    lines.sort(key=lambda line: (line["group"] is None, line["group"] or 0))
    return base + lines


def _line(fu: int, reason: str, group: int | None) -> dict[str, Any]:
    return {"fu": fu, "reason": FU_REASONS.get(reason, reason.replace("_", " ")), "group": group}


def _fu_total(details, fu: int) -> int:
    """The fu the lines make (rounded up to ten; seven pairs stay 25), or the package's with none."""
    if not details:
        return fu
    total = sum(d["fu"] for d in details)
    return total if total == 25 else -(-total // 10) * 10


def _config(ctx: Context, tsumo: bool) -> HandConfig:
    rule = ctx.rule
    options = OptionalRules(has_open_tanyao=rule.open_tanyao, has_aka_dora=rule.red_fives,
                            has_double_yakuman=rule.double_yakuman, kazoe_limit=_KAZOE[rule.kazoe],
                            kiriage=rule.kiriage, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
                            renhou_as_yakuman=rule.renhou_value == "yakuman")
    return HandConfig(
        is_tsumo=tsumo, is_riichi=ctx.riichi, is_daburu_riichi=ctx.double_riichi, is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan, is_chankan=ctx.chankan, is_haitei=ctx.haitei, is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou, is_renhou=ctx.renhou,
        player_wind=EAST + WINDS.index(ctx.seat), round_wind=EAST + WINDS.index(ctx.round),
        tsumi_number=ctx.honba, kyoutaku_number=ctx.sticks, options=options,
    )  # fmt: skip


def _check_context(ctx: Context, tsumo: bool, melds) -> None:
    """What the context claims must fit the hand: an `OptionError` naming the option otherwise."""
    opened = any(m.opened for m in melds)
    for name in ("riichi", "double_riichi"):
        if getattr(ctx, name) and opened:
            raise OptionError(f"{name} needs a concealed hand, and this one has called melds", name)
    if ctx.ippatsu and not (ctx.riichi or ctx.double_riichi):
        raise OptionError("ippatsu needs riichi (or double_riichi)", "ippatsu")
    for name in ("rinshan", "haitei", "tenhou", "chiihou"):
        if getattr(ctx, name) and not tsumo:
            raise OptionError(f"{name} is a win on a drawn tile (tsumo), but the winning tile lies sideways (ron): "
                              "write it upright, like +4s", name)
    for name in ("chankan", "houtei"):
        if getattr(ctx, name) and tsumo:
            raise OptionError(f"{name} is a win on another player's tile (ron): write the winning tile sideways, "
                              "like +-4s", name)
    if ctx.haitei and ctx.rinshan:
        raise OptionError("haitei and rinshan cannot both hold: the tile after a kan comes from the dead wall",
                          "haitei")
    if ctx.houtei and ctx.chankan:
        raise OptionError("houtei and chankan cannot both hold: a robbed kan is no discard", "houtei")
    if ctx.rinshan and not any(m.type in ("kan", "shouminkan") for m in melds):
        raise OptionError("rinshan is a win on the tile drawn after a kan, and this hand has no kan", "rinshan")
    if ctx.tenhou and not ctx.dealer:
        raise OptionError("tenhou is the dealer's win on the first draw: give seat E", "tenhou")
    if ctx.chiihou and ctx.dealer:
        raise OptionError("chiihou is a non-dealer's win on the first draw: give seat S, W or N", "chiihou")
    _check_renhou(ctx, tsumo)
    for name in ("tenhou", "chiihou", "renhou"):
        if getattr(ctx, name) and melds:
            raise OptionError(f"{name} is a win on the first draw: the hand has no melds or kans yet", name)


def _check_renhou(ctx: Context, tsumo: bool) -> None:
    """Renhou is a non-dealer's ron before their first draw, under rules that have it."""
    if not ctx.renhou:
        return
    if ctx.rule.renhou_value == "none":
        raise OptionError(f"renhou is no yaku under rules={ctx.rules} (renhou_value none): give renhou_value=mangan "
                          "or renhou_value=yakuman to count it", "renhou")
    if tsumo:
        raise OptionError("renhou is a win on a discard before the winner's first draw (ron), but the winning tile "
                          "is upright (tsumo): write it sideways, like +-4s", "renhou")
    if ctx.dealer:
        raise OptionError("renhou is a non-dealer's win before their first draw, and the dealer (seat E) draws "
                          "first: give seat S, W or N", "renhou")
    for name in ("riichi", "double_riichi", "ippatsu", "houtei", "chankan"):
        if getattr(ctx, name):
            raise OptionError(f"renhou and {name} cannot both hold: renhou comes before the winner's first draw",
                              "renhou")


def _scorable(hand: Hand, analysis: Analysis) -> None:
    """Raise `NotScored` for what riichi scoring cannot read: jokers, bonus tiles, the analysis's warnings."""
    tiles = hand.tiles
    if any(t.kind == JOKER for t in tiles):
        raise NotScored("cannot score jokers: write the tile each one stands for")
    if any(t.kind == ANY_TILE for t in tiles):
        raise NotScored("cannot score an any-tile ?: write the tile it stands for")
    bonus = [t.code for t in tiles if t.bonus]
    if bonus:
        raise NotScored(f"riichi has no bonus tiles ({' '.join(bonus)}): leave them out")
    if analysis.warnings:
        raise NotScored(f"cannot score this hand: {analysis.warnings[0]}")


def not_a_win(hand: Hand, analysis: Analysis, winning: int) -> str:
    """Why a hand gets no score (for `mcr` too) (``winning``: 1 with a winning tile) nor a waits table (0)."""
    if analysis.complete:
        return ("no winning tile: write it as the last group, upright for tsumo (+4s) "
                "or sideways for ron (+-4s)")
    if analysis.shanten is None:
        melds = sum(g.kind == "meld" for g in hand.groups)
        size = 13 - 3 * melds
        concealed = sum(len(g.tiles) for g in hand.groups if g.kind in ("hand", "winning"))
        word = "meld" if melds == 1 else "melds"
        return (f"not a win: {concealed} concealed tiles with {melds} {word}; a win has {size + 1}, "
                f"the winning tile included (a tenpai hand {size}, for its waits)")
    if winning:
        return f"not a win: the hand is not complete (shanten {analysis.shanten})"
    return f"not a win, nor tenpai (shanten {analysis.shanten})"
