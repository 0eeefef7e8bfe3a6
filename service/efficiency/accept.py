"""Tile acceptance on count vectors: which draws lower the shanten, each suit looked up.

A hand one tile short (3n+1 tiles) accepts a kind when drawing it lowers the
shanten. Nothing here asks a shanten function for each discard and draw: the
suit tables of the analysis (`service.analysis.tables`) are looked up once a
hand for each suit with one tile more or less, the other suits' tables are
combined once a discard and suit, and a draw is then one combine, a dictionary
lookup once seen. Seven pairs and thirteen orphans move by one tile, so their
counts are updated, not recounted.

>>> from service.analysis.keys import counts_of
>>> s, gains = draws(counts_of("123456789m12p35s"), 4)
>>> s, [code_of(t) for t in gains]
(1, ['1p', '2p', '3p', '3s', '4s', '5s'])
"""

from __future__ import annotations

from service.analysis.forms import ORPHANS, SUIT_SPANS
from service.analysis.keys import code_of
from service.analysis.tables import TABLES, _combined, _memo, combine, suit_table

_ORPHAN = tuple(i in ORPHANS for i in range(34))
_known_suit, _known_pair = _memo.get, _combined.get  # the memos are cleared in place, never replaced


def _suit(h: tuple, cap, runs: bool) -> int:
    """`suit_table`, its memo read first (as `regular_shanten` does)."""
    found = _known_suit(h) if cap is None else None
    return suit_table(h, cap, runs) if found is None else found


def _both(x: int, y: int) -> int:
    """`combine`, its memo read first (0, the empty table, adds nothing)."""
    if not (x and y):
        return x or y
    found = _known_pair((x, y) if x < y else (y, x))
    return combine(x, y) if found is None else found


class _Suits:
    """A hand's four suits: each one's table id as held, with one tile more, with one tile less."""

    def __init__(self, counts, caps):
        self.spans = []
        for a, size, runs in SUIT_SPANS:
            h = list(counts[a : a + size])
            cap = tuple(caps[a : a + size]) if caps else None
            held = _suit(tuple(h), cap, runs)
            plus = [-1] * size  # -1: at its cap, cannot be drawn
            for p in range(size):
                c = h[p]
                if c < (cap[p] if cap else 4):
                    h[p] = c + 1
                    plus[p] = _suit(tuple(h), cap, runs)
                    h[p] = c
            self.spans.append((a, size, runs, h, cap, held, _grouped(plus, a)))

    def ids(self) -> list[int]:
        return [span[5] for span in self.spans]


def _grouped(plus: list[int], a: int) -> list[tuple[int, list[int]]]:
    """A suit's draws by the table they give it: ``(id, [kinds])``; kinds at their cap are left out.

    Tiles far from the suit's others all give one table, so each is judged once.
    """
    groups: dict[int, list[int]] = {}
    for p, drawn in enumerate(plus):
        if drawn >= 0:
            groups.setdefault(drawn, []).append(a + p)
    return list(groups.items())


def _rests(ids: list[int]) -> tuple[int, list[int]]:
    """The table of the whole hand, and of every suit but each one (seven combines)."""
    m, p, s, z = ids
    mp, sz = _both(m, p), _both(s, z)
    return _both(mp, sz), [_both(p, sz), _both(m, sz), _both(mp, z), _both(mp, s)]


def draws(counts, sets: int, caps=None, other_forms: bool = True) -> tuple[int, list[int]]:
    """Shanten of a hand one tile short, and the kinds whose draw lowers it (in tile order).

    ``counts``: the concealed tiles (3 * ``sets`` + 1 of them); ``caps``: the most
    copies a kind may reach counting the melds (None: four each). A kind already
    at its cap cannot be drawn and is never listed. ``other_forms``: seven pairs
    and thirteen orphans count too (only without melds, ``sets == 4``).
    """
    suits = _Suits(counts, caps)
    return _gains(list(counts), sets, suits.ids(), [span[6] for span in suits.spans], other_forms)


def discards(counts, sets: int, caps=None, other_forms: bool = True) -> list[tuple[int, int, list[int]]]:
    """For a hand that must discard (3 * ``sets`` + 2 tiles): ``(discard, shanten, gains)``
    for each kind held, in tile order, as `draws` gives them for the hand after it.

    >>> from service.analysis.keys import counts_of
    >>> [(code_of(d), s, len(g)) for d, s, g in discards(counts_of("123456789m12p355s"), 4)][-2:]
    [('3s', 0, 1), ('5s', 1, 6)]
    """
    counts = list(counts)
    suits = _Suits(counts, caps)
    ids = suits.ids()
    plus = [span[6] for span in suits.spans]
    slot = sets * 2 + 1
    _, rests = _rests(ids)
    out = []
    for k, (a, size, runs, h, cap, held, grouped) in enumerate(suits.spans):
        # Kept tiles of the whole hand with each draw of this suit: drawing into the hand after a
        # discard keeps no more than drawing into the hand with it (a tile more never keeps fewer).
        kept_plus = [-1] * size
        for drawn, kinds in grouped:
            kept = TABLES[_both(rests[k], drawn)][slot]
            for t in kinds:
                kept_plus[t - a] = kept
        for p in range(size):
            c = h[p]
            if not c:
                continue
            h[p] = c - 1
            less = _suit(tuple(h), cap, runs)
            kept_less = TABLES[_both(rests[k], less)][slot]
            mixed = [-1] * size  # this suit with the discard out and a draw in
            for q in range(size):
                cq = h[q]
                if q == p:
                    mixed[q] = held  # the discard drawn back: the suit as held
                elif cq >= (cap[q] if cap else 4):
                    continue
                elif kept_plus[q] <= kept_less:
                    mixed[q] = less  # keeps no tile more, as the suit without it: no search for its shape
                elif kept_plus[q] > kept_less + 1:
                    # keeps one more for certain (a tile out loses one at most): as the suit as held does,
                    # for the discard was a kept tile then
                    mixed[q] = held
                else:
                    h[q] = cq + 1
                    mixed[q] = _suit(tuple(h), cap, runs)
                    h[q] = cq
            h[p] = c
            mixed = _grouped(mixed, a)
            d = a + p
            counts[d] -= 1
            row_ids = ids[:k] + [less] + ids[k + 1 :]
            row_plus = plus[:k] + [mixed] + plus[k + 1 :]
            out.append((d, *_gains(counts, sets, row_ids, row_plus, other_forms)))
            counts[d] += 1
    out.sort()
    return out


def _gains(counts: list[int], sets: int, ids: list[int], plus: list, other_forms: bool):
    """Shanten and accepted kinds, from the suit ids and each suit's ids with one tile drawn.

    Draws that give a suit the same table (every tile far from the rest, say) are
    judged once; seven pairs and thirteen orphans only when they could get below.
    """
    slot, base = sets * 2 + 1, 3 * sets + 1
    whole, rests = _rests(ids)
    now = regular = base - TABLES[whole][slot]
    seven = thirteen = 99
    if other_forms and sets == 4:
        pairs = kinds = held = 0
        orphan_pair = False
        for i, c in enumerate(counts):
            if c:
                kinds += 1
                pairs += c >= 2
                if _ORPHAN[i]:
                    held += 1
                    orphan_pair = orphan_pair or c >= 2
        seven = 6 - pairs + max(0, 7 - kinds)
        thirteen = 13 - held - orphan_pair
        now = min(now, seven, thirteen)
    gains = []
    if regular - 1 < now:  # a draw lowers the standard form by one at most
        for rest, groups in zip(rests, plus):
            for drawn, kinds_drawn in groups:
                if base - TABLES[_both(rest, drawn)][slot] < now:
                    gains += kinds_drawn
        gains.sort()
    if seven - 1 < now:  # a single's mate makes a pair; with fewer than seven kinds, a new kind helps too
        gains += [i for i, c in enumerate(counts) if c == 1 or (c == 0 and kinds < 7)]
    if thirteen - 1 < now:  # an orphan not held; with no orphan pair, a held one too
        gains += [i for i in ORPHANS if counts[i] == 0 or (counts[i] == 1 and not orphan_pair)]
    if seven - 1 < now or thirteen - 1 < now:
        gains = sorted(set(gains))
    return now, gains
