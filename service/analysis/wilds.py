"""Hands with wilds: every split (with what each wild stands for) and the waits.

A wild (a joker, or with ``wild=`` every concealed tile of one kind: the laizi
rule) stands for any of the 34 kinds, never a fifth copy of one. Nothing here
tries the 34^k substitutions. Shanten comes from the suit tables (a wild fills
one empty slot, `shanten.shanten`). Splits are a search per suit with k wilds,
memoised on (counts, k, pair): every block holds a real tile of the suit, and a
wild fills a slot beside it. The suits' answers are combined for each way to
share the wilds out; wilds left over make blocks of wilds only, which stand for
any set or pair the hand has room for (``ANY``).

>>> from .keys import counts_of
>>> [s.to_json()["sets"][0] for s in splits(counts_of("45m11z"), 1, 1, None)]
[{'kind': 'run', 'tiles': '345m', 'meld': False, 'called': False, 'wilds': '3m'}, \
{'kind': 'run', 'tiles': '456m', 'meld': False, 'called': False, 'wilds': '6m'}]
>>> len(waits(counts_of("123m"), 1, 1, None, counts_of("123m"), None))  # a lone joker: every kind
34
"""

from __future__ import annotations

from itertools import product

from .forms import MEMO_LIMIT, ORPHANS, SUIT_SPANS
from .keys import NUM_KINDS, code_of
from .parts import ANY, ANY_PAIR, ANY_SET, Block, Split
from .shanten import shanten

# (kind, lowest position in the suit, positions the wilds stand for)
WayBlock = tuple[str, int, tuple[int, ...]]
_ways_memo: dict[tuple, tuple[tuple[WayBlock, ...], ...]] = {}
_FOUR = (4,) * NUM_KINDS


def clear() -> None:
    """Forget the memoised suit searches."""
    _ways_memo.clear()


def suit_ways(h: tuple[int, ...], k: int, pair: bool, runs: bool) -> tuple[tuple[WayBlock, ...], ...]:
    """Every split of one suit's real tiles ``h`` and ``k`` wilds into sets (and the pair).

    Each block holds at least one real tile; the lowest real tile is in a
    triplet, the pair or a run, the block's other slots real or wild.

    >>> suit_ways((1, 0, 1, 0, 0, 0, 0, 0, 0), 1, False, True)  # 1_3m and a wild: 123m
    ((('run', 0, (1,)),),)
    """
    key = (h, k, pair, runs)
    found = _ways_memo.get(key)
    if found is not None:
        return found
    pos = next((p for p, c in enumerate(h) if c), -1)
    if pos < 0:
        return ((),) if k == 0 and not pair else ()
    out: set[tuple[WayBlock, ...]] = set()

    def take(block: WayBlock, real: list[int], is_pair: bool) -> None:
        rest = list(h)
        for p in real:
            rest[p] -= 1
        if min(rest) < 0 or len(block[2]) > k:
            return
        for way in suit_ways(tuple(rest), k - len(block[2]), pair and not is_pair, runs):
            out.add(tuple(sorted(way + (block,))))

    for a in range(1, min(h[pos], 3) + 1):
        take(("triplet", pos, (pos,) * (3 - a)), [pos] * a, False)
    if pair:
        for a in range(1, min(h[pos], 2) + 1):
            take(("pair", pos, (pos,) * (2 - a)), [pos] * a, True)
    if runs:
        for start in range(max(pos - 2, 0), min(pos, len(h) - 3) + 1):
            others = [p for p in range(start, start + 3) if p != pos]
            for real in product(*[(True, False) if h[p] else (False,) for p in others]):
                wild = tuple(p for p, r in zip(others, real) if not r)
                take(("run", start, wild), [pos] + [p for p, r in zip(others, real) if r], False)
    found = tuple(sorted(out))
    if len(_ways_memo) > MEMO_LIMIT:
        _ways_memo.clear()
    _ways_memo[key] = found
    return found


def splits(counts, need: int, wilds: int, caps, fixed: tuple[Block, ...] = ()) -> list[Split]:
    """Every split of a complete hand: ``counts`` real tiles plus ``wilds``."""
    if sum(counts) + wilds != 3 * need + 2:
        return []
    out = _standard(counts, need, wilds, caps, fixed)
    if need == 4:
        out += _seven_pairs(counts, wilds) + _thirteen_orphans(counts, wilds)
    return out


def _standard(counts, need: int, wilds: int, caps, fixed) -> list[Split]:
    options = []  # per suit: (wilds used, holds the pair, ways, start)
    for start, size, runs in SUIT_SPANS:
        h = tuple(counts[start : start + size])
        n = sum(h)
        opts = []
        for k in range(min(wilds, 2 * n) + 1):  # a block with a real tile holds at most two wilds
            for pair in (False, True):
                if (n + k - 2 * pair) % 3 == 0:
                    ways = suit_ways(h, k, pair, runs)
                    if ways:
                        opts.append((k, pair, ways, start))
        if not opts:
            return []
        options.append(opts)
    out = []
    for combo in product(*options):
        free = wilds - sum(o[0] for o in combo)
        pairs = sum(o[1] for o in combo)
        free -= 2 * (pairs == 0)
        if pairs > 1 or free < 0 or free % 3:
            continue
        for ways in product(*(o[2] for o in combo)):
            blocks = [_block(b, o[3]) for way, o in zip(ways, combo) for b in way]
            stands = sorted(i for b in blocks for i in b.wilds)
            if stands and not _fits(counts, stands, caps or _FOUR):
                continue
            pair = next((b for b in blocks if b.kind == "pair"), None) or Block("pair", (), wilds=ANY_PAIR)
            sets = tuple(b for b in blocks if b.kind != "pair") + (Block("set", (), wilds=ANY_SET),) * (free // 3)
            any_wilds = (ANY,) * (free + 2 * (pairs == 0))
            out.append(Split("standard", pair, sets + fixed, wilds=tuple(stands) + any_wilds))
    return out


def _block(b: WayBlock, start: int) -> Block:
    kind, pos, wild = b
    first = start + pos
    tiles = (first, first + 1, first + 2) if kind == "run" else (first,) * (2 if kind == "pair" else 3)
    return Block(kind, tiles, wilds=tuple(start + p for p in wild))  # type: ignore[arg-type]


def _fits(counts, stands: list[int], caps) -> bool:
    """No kind past its cap (four, less the melds' copies) once the wilds stand in."""
    return all(counts[i] + stands.count(i) <= caps[i] for i in set(stands))


def _seven_pairs(counts, wilds: int) -> list[Split]:
    """Seven distinct pairs: each single takes a wild; wilds left over pair up as any pair."""
    if max(counts) > 2:
        return []
    singles = [i for i, c in enumerate(counts) if c == 1]
    free = wilds - len(singles)
    if free < 0 or free % 2 or NUM_KINDS - counts.count(0) + free // 2 != 7:
        return []
    held = [Block("pair", (i, i), wilds=(i,) * (2 - c)) for i, c in enumerate(counts) if c]
    pairs = tuple(held) + (Block("pair", (), wilds=ANY_PAIR),) * (free // 2)
    return [Split("seven_pairs", pairs=pairs, wilds=tuple(singles) + (ANY,) * free)]


def _thirteen_orphans(counts, wilds: int) -> list[Split]:
    """One of each orphan and one pair: wilds fill the missing ones (and the pair)."""
    if any(counts[i] for i in range(NUM_KINDS) if i not in ORPHANS) or max(counts) > 2:
        return []
    doubled = [i for i in ORPHANS if counts[i] == 2]
    missing = [i for i in ORPHANS if not counts[i]]
    if len(doubled) > 1 or wilds != len(missing) + (not doubled):
        return []
    out = []
    for p in doubled or ORPHANS:
        stands = tuple(sorted(missing + ([] if doubled else [p])))
        pair = Block("pair", (p, p), wilds=tuple(i for i in stands if i == p))
        out.append(Split("thirteen_orphans", pair, singles=tuple(i for i in ORPHANS if i != p), wilds=stands))
    return out


def waits(counts, need: int, wilds: int, caps, visible, wild: int | None) -> list[int]:
    """Kinds that complete a hand one tile short, skipping kinds all four shown.

    Drawing a tile of the ``wild`` kind adds a wild; any other kind adds itself.
    """
    if shanten(counts, need, caps, wilds) != 0:
        return []
    out = []
    counts = list(counts)
    for t in range(NUM_KINDS):
        if visible[t] >= 4:
            continue
        if t == wild:
            out.append(t)  # one more wild completes any tenpai hand
            continue
        counts[t] += 1
        if shanten(counts, need, caps, wilds) == -1:
            out.append(t)
        counts[t] -= 1
    return out
