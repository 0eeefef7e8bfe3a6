"""Hands with wilds: every split (with what each wild stands for) and the waits.

A wild (a joker, or with ``wild=`` every concealed tile of one kind: the laizi
rule) stands for any of the 34 kinds, never a fifth copy of one. Nothing here
tries the 34^k substitutions. Shanten comes from the suit tables (a wild fills
one empty slot, `shanten.shanten`). Splits are a search per suit with k wilds,
memoised on (counts, k, pair): every block holds a real tile of the suit, and a
wild fills a slot beside it. The suits' answers are combined for each way to
share the wilds out; wilds left over make blocks of wilds only, which stand for
any set or pair the hand has room for (``ANY``). Many wilds make many splits
(eight jokers and 234567p: over 1,600), so at most ``MAX_SPLITS`` are listed.

>>> from .keys import counts_of
>>> [s.to_json()["sets"][0] for s in splits(counts_of("45m11z"), 1, 1, None)]
[{'kind': 'run', 'tiles': '345m', 'meld': False, 'called': False, 'wilds': '3m'}, \
{'kind': 'run', 'tiles': '456m', 'meld': False, 'called': False, 'wilds': '6m'}]
>>> len(waits(counts_of("123m"), 1, 1, None, counts_of("123m"), None))  # a lone joker: every kind
34
"""

from __future__ import annotations

from itertools import product

from .forms import ORPHANS, SUIT_SPANS
from .keys import NUM_KINDS
from .memo import make_room, memo
from .parts import ANY, ANY_PAIR, ANY_SET, Block, Split
from .shanten import shanten
from .tables import TABLES, combine, suit_table

# (kind, lowest position in the suit, positions the wilds stand for)
WayBlock = tuple[str, int, tuple[int, ...]]
_ways_memo: dict[tuple, tuple[tuple[WayBlock, ...], ...]] = memo(1500)
_FOUR = (4,) * NUM_KINDS
MAX_SPLITS = 128


def clear() -> None:
    """Forget the memoised suit searches."""
    _ways_memo.clear()
    _blocks_memo.clear()
    _options_memo.clear()
    _waits_memo.clear()


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
    make_room()
    _ways_memo[key] = found
    return found


def splits(counts, need: int, wilds: int, caps, fixed: tuple[Block, ...] = ()) -> list[Split]:
    """Every split of a complete hand: ``counts`` real tiles plus ``wilds``.

    At most ``MAX_SPLITS + 1`` (one more says the list was cut: see `result`).
    """
    if sum(counts) + wilds != 3 * need + 2:
        return []
    out = _standard(counts, need, wilds, caps, fixed)
    if need == 4:
        out += _seven_pairs(counts, wilds) + _thirteen_orphans(counts, wilds)
    return out[: MAX_SPLITS + 1]


def _standard(counts, need: int, wilds: int, caps, fixed) -> list[Split]:
    suits = []
    for start, size, runs in SUIT_SPANS:
        h, cap = tuple(counts[start : start + size]), (caps or _FOUR)[start : start + size]
        suits.append((h, runs, start, cap, _could_take(h, runs, cap, wilds)))
    wanted = _wanted([takes for *_, takes in suits], wilds)
    options = []  # per suit: (wilds used, holds the pair, [(pair, sets, stands)]), fewest wilds first
    for (h, runs, start, cap, _), want in zip(suits, wanted):
        found = suit_options(h, runs, start, cap, tuple(sorted(want)))
        if not found:
            return []
        options.append(found)
    out: list[Split] = []
    _combine_suits(options, 0, wilds, 0, [], fixed, out)
    return out


def _could_take(h: tuple[int, ...], runs: bool, cap, wilds: int) -> list[tuple[int, bool]]:
    """(wilds, pair) a suit could be complete with, by its shanten table: sets and the pair that
    keep every real tile (a split needs that; the table does not ask each block for a real tile).

    >>> _could_take((1, 1, 0, 0, 0, 0, 0, 0, 0), True, _FOUR[:9], 3)  # 12m: 3m wild; or a pair too
    [(1, False), (3, True)]
    """
    n = sum(h)
    table = TABLES[suit_table(h, cap, runs)]
    out = []
    for k in range(min(wilds, 2 * n) + 1):  # a block with a real tile holds at most two wilds
        for pair in (False, True):
            sets, rest = divmod(n + k - 2 * pair, 3)
            if not rest and (sets > 4 or table[2 * sets + pair] >= n):  # n + k - 2 < 0 leaves a rest
                out.append((k, pair))
    return out


def _wanted(takes: list[list[tuple[int, bool]]], wilds: int) -> list[set[tuple[int, bool]]]:
    """For each suit, the (wilds, pair) of its `_could_take` that some whole split could use: one
    pair in all, and the wilds left over making sets (and the pair) of wilds alone.

    >>> _wanted([[(0, False)], [(1, False), (2, True)], [(0, False)], [(0, False)]], 3)
    [{(0, False)}, {(1, False)}, {(0, False)}, {(0, False)}]
    """
    wanted: list[set[tuple[int, bool]]] = [set() for _ in takes]
    for pick in product(*takes):
        pairs = sum(pair for _, pair in pick)
        free = wilds - sum(k for k, _ in pick) - 2 * (pairs == 0)
        if pairs <= 1 and free >= 0 and free % 3 == 0:
            for want, way in zip(wanted, pick):
                want.add(way)
    return wanted


def _combine_suits(options, s: int, left: int, pairs: int, chosen: list, fixed, out: list[Split]) -> None:
    """Pick one option per suit within the wilds left; the rest make any-blocks."""
    if s == len(options):
        free = left - 2 * (pairs == 0)
        if free < 0 or free % 3:
            return
        extra = (_ANY_SET_BLOCK,) * (free // 3) + fixed
        any_wilds = (ANY,) * left
        for m, p, s_, z in product(*chosen):  # the four suits' (pair, sets, stands)
            if len(out) > MAX_SPLITS:
                return
            pair = m[0] or p[0] or s_[0] or z[0] or _ANY_PAIR_BLOCK
            stands = tuple(sorted(m[2] + p[2] + s_[2] + z[2]))
            out.append(Split("standard", pair, m[1] + p[1] + s_[1] + z[1] + extra, wilds=stands + any_wilds))
        return
    for k, pair, ways in options[s]:
        if k > left:
            break
        if pairs + pair <= 1:
            _combine_suits(options, s + 1, left - k, pairs + pair, chosen + [ways], fixed, out)


_options_memo: dict[tuple, tuple] = memo(330)


def suit_options(h: tuple[int, ...], runs: bool, start: int, cap, wanted: tuple) -> tuple:
    """(wilds used, holds the pair, `suit_blocks`) for each ``wanted`` (wilds, pair) one suit
    can take, fewest wilds first. Memoised."""
    key = (h, runs, start, cap, wanted)
    found = _options_memo.get(key)
    if found is None:
        opts = []
        for k, pair in wanted:
            ways = suit_blocks(h, k, pair, runs, start, cap)
            if ways:
                opts.append((k, pair, ways))
        make_room()
        found = _options_memo[key] = tuple(opts)
    return found


_ANY_SET_BLOCK = Block("set", (), wilds=ANY_SET)
_ANY_PAIR_BLOCK = Block("pair", (), wilds=ANY_PAIR)
_blocks_memo: dict[tuple, tuple] = memo(2800)


def suit_blocks(h, k: int, pair: bool, runs: bool, start: int, cap) -> tuple:
    """`suit_ways` as (pair block or None, set blocks, what the wilds stand for), at the suit's
    ``start``: those within ``cap`` copies a kind, each reading listed once (a wild in one
    run or the other of 456m 567m reads the same). Memoised."""
    key = (h, k, pair, runs, start, cap)
    found = _blocks_memo.get(key)
    if found is None:
        seen = set()
        out = []
        for way in suit_ways(h, k, pair, runs):
            blocks = [_block(b, start) for b in way]
            stands = tuple(sorted(i for b in blocks for i in b.wilds))
            if stands and any(h[i - start] + stands.count(i) > cap[i - start] for i in set(stands)):
                continue
            reading = (tuple(sorted([b.tiles for b in blocks])), stands)
            if reading not in seen:
                seen.add(reading)
                pair_block = next((b for b in blocks if b.kind == "pair"), None)
                out.append((pair_block, tuple(b for b in blocks if b.kind != "pair"), stands))
        make_room()
        found = _blocks_memo[key] = tuple(out)
    return found


def _block(b: WayBlock, start: int) -> Block:
    """The `Block` of a suit search's block at the suit's ``start``; few, so each is built once."""
    found = _block_memo.get((b, start))
    if found is None:
        kind, pos, wild = b
        first = start + pos
        tiles = (first, first + 1, first + 2) if kind == "run" else (first,) * (2 if kind == "pair" else 3)
        found = Block(kind, tiles, wilds=tuple(start + p for p in wild))  # type: ignore[arg-type]
        _block_memo[(b, start)] = found
    return found


_block_memo: dict[tuple[WayBlock, int], Block] = memo(430)  # bounded: blocks of at most 34 kinds


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
    A tenpai hand is complete with the new tile when its target keeps every real
    tile: for each kind, one suit table lookup combined with the other three.
    """
    if sum(counts) + wilds != 3 * need + 1 or shanten(counts, need, caps, wilds) != 0:
        return []
    keep_all = sum(counts) + 1
    slot = need * 2 + 1
    spans = [(start, start + size, runs) for start, size, runs in SUIT_SPANS]
    ids = [suit_table(counts[a:b], caps and caps[a:b], runs) for a, b, runs in spans]
    pairs, kinds = sum(c >= 2 for c in counts), NUM_KINDS - list(counts).count(0)
    orphans = [counts[i] for i in ORPHANS]
    held, doubled = 13 - orphans.count(0), max(orphans) >= 2
    out = []
    for s, (a, b, runs) in enumerate(spans):
        others = 0
        for other in ids[:s] + ids[s + 1 :]:
            others = _combined(others, other)
        cap = caps and caps[a:b]
        key = (others, tuple(counts[a:b]), cap, runs, slot, keep_all)
        standard = _waits_memo.get(key)
        if standard is None:
            standard = _waits_memo[key] = _suit_completes(list(counts[a:b]), others, cap, runs, slot, keep_all)
        for pos in range(b - a):
            t = a + pos
            if visible[t] >= 4:
                continue
            if t == wild:
                out.append(t)  # one more wild completes any tenpai hand
                continue
            done = pos in standard
            if not done and need == 4:
                c = counts[t]
                seven = 6 - (pairs + (c == 1)) + max(0, 7 - kinds - (c == 0))
                thirteen = 13 - held - (c == 0) - (doubled or c >= 1) if t in ORPHANS else 13
                done = min(seven, thirteen) - wilds == -1
            if done:
                out.append(t)
    return out


_waits_memo: dict[tuple, frozenset[int]] = memo(750)


def _suit_completes(h: list[int], others: int, cap, runs: bool, slot: int, keep_all: int) -> frozenset[int]:
    """Positions of one suit whose tile lets a target keep every real tile (memoised by `waits`
    on the suit's counts and the other suits' table id)."""
    make_room()
    found = []
    for pos in range(len(h)):
        h[pos] += 1
        if TABLES[_combined(others, suit_table(h, cap, runs))][slot] == keep_all:
            found.append(pos)
        h[pos] -= 1
    return frozenset(found)


def _combined(x: int, y: int) -> int:
    """`tables.combine`, with the empty table (id 0) left out."""
    return y if not x else x if not y else combine(x, y)
