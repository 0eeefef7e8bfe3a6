"""Read a parsed `Hand` into what the analysis works on: counts and fixed sets.

Concealed tiles are the hand segment plus the winning tile (which segment that
is, `Group.of_segment` decides; a sideways one, ``+-4s``, won off a discard).
Every other segment (and a first segment that is itself a meld) is a fixed set:
a called meld (has a sideways tile), a concealed kan (``x11xs``; the backs are
copies of the pair they bracket) or a plain group (``+567p``).
Wilds (a joker ``j``; with ``wild``, every tile of that kind in the hand and
the winning tile) are counted apart; in a meld a joker stands for the one tile
that makes the meld a set, and a ``wild`` kind tile for itself. Bonus tiles
(``1f``-``8f``) are set aside and listed. Anything the analysis cannot read (a
``?``, a back outside a concealed kan) becomes a warning, never an exception; a
hand with warnings is not analysed further.

>>> from service.notation.model import Group, Hand, Tile
>>> t = lambda s: tuple(Tile.from_code(c) for c in s.split())
>>> r = read(Hand((Group("hand", t("1s 1s")), Group("meld", t("x 1p 1p x")))))
>>> r.concealed[18], [b.kind for b in r.fixed], r.visible[9], r.warnings
(2, ['kan'], 4, ())
>>> r = read(Hand((Group("hand", t("1s j 5z 2f")),)), wild=31)  # 5z
>>> r.concealed[18], r.wilds, r.visible[31], r.bonus
(1, 2, 1, ('2f',))
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from service.notation.model import JOKER, RED_BIT, SUITS, Group, Hand, Tile, pack

from .keys import NUM_KINDS, code_of, codes
from .parts import Block


@dataclass(frozen=True, slots=True)
class Reading:
    """Counts by tile index (0..33) and the fixed sets, or warnings."""

    concealed: tuple[int, ...]  # hand + winning tile
    winning: int | None  # index of the winning tile
    fixed: tuple[Block, ...]
    visible: tuple[int, ...]  # every tile shown, kan backs and wild-kind tiles included
    warnings: tuple[str, ...]
    wilds: int = 0  # concealed wilds (the winning tile's too)
    winning_wild: int = 0  # the winning tile is a wild: 1 a joker, 2 a tile of the wild kind
    bonus: tuple[str, ...] = ()  # bonus tiles set aside, as codes
    melded: tuple[int, ...] = (0,) * NUM_KINDS  # tiles of the fixed sets, as read
    wild: int | None = None  # the kind whose concealed tiles are wilds

    @property
    def sets_needed(self) -> int:
        """Sets the concealed part must make: four minus the fixed sets."""
        return 4 - len(self.fixed)


# Packed kind (red fives too) -> index, for every real tile.
_INDEX = {pack(i % 9 + 1, SUITS[i // 9]): i for i in range(NUM_KINDS)}
_INDEX.update({kind | RED_BIT: i for kind, i in _INDEX.items() if i < 27 and i % 9 == 4})


_KIND = attrgetter("kind")


def tile_index(tile: Tile) -> int | None:
    """0..33 for a face-up tile (red fives count as fives), None if it is no tile."""
    return _INDEX.get(tile.kind)


def read(hand: Hand, wild: int | None = None) -> Reading:
    """Sort a hand's segments into concealed counts, fixed sets and warnings.

    ``wild``: the index of the kind whose tiles are wilds in the concealed part.
    """
    concealed = [0] * NUM_KINDS
    melded = [0] * NUM_KINDS  # tiles of the fixed sets
    fixed: list[Block] = []
    warnings: list[str] = []
    bonus: list[str] = []
    winning = None
    wilds = wild_kind_held = 0
    winning_wild = 0
    for group in hand.groups:
        kind = group.kind
        tiles = group.tiles
        if kind == "meld":  # Group.of_segment decides, "-456m" or "x11xs" first included
            block = _fixed_set(group, warnings)
            if block is not None:
                fixed.append(block)
                for i in block.tiles:
                    melded[i] += 1
            continue
        if kind == "bonus" or any(t.bonus for t in tiles):
            bonus += [t.code for t in tiles if t.bonus]
            tiles = tuple(t for t in tiles if not t.bonus)
        indices = list(map(_INDEX.get, map(_KIND, tiles)))
        if JOKER in map(_KIND, tiles) or (wild is not None and wild in indices):
            is_wild = [t.kind == JOKER or i == wild for t, i in zip(tiles, indices)]
            wilds += sum(is_wild)
            wild_kind_held += indices.count(wild) if wild is not None else 0
            if kind == "winning" and is_wild[-1]:
                winning_wild = 1 if tiles[-1].kind == JOKER else 2
            indices = [-1 if w else i for w, i in zip(is_wild, indices)]
        if None in indices:
            warnings += [_unreadable(t, "in the hand") for t, i in zip(tiles, indices) if i is None]
            indices = [i for i in indices if i is not None]
        for i in indices:
            if i >= 0:
                concealed[i] += 1
        if kind == "winning" and indices and indices[-1] >= 0:
            winning = indices[-1]
    visible = [c + m for c, m in zip(concealed, melded)]
    if wild is not None:
        visible[wild] += wild_kind_held
    _check_totals(sum(concealed) + wilds, visible, fixed, warnings)
    return Reading(
        tuple(concealed), winning, tuple(fixed), tuple(visible), tuple(warnings),
        wilds, winning_wild, tuple(bonus), tuple(melded), wild,
    )  # fmt: skip


def _fixed_set(group: Group, warnings: list[str]) -> Block | None:
    """The set a meld segment shows, or None with a warning."""
    tiles = group.tiles
    if group.concealed_kan:
        i = tile_index(tiles[1])
        if i is None:
            warnings.append(_unreadable(tiles[1], "in a concealed kan"))
            return None
        return Block("kan", (i,) * 4, meld=True)
    if any(t.face_down for t in tiles):
        warnings.append("face-down tiles outside an x..x concealed kan")
        return None
    real = [t for t in tiles if t.kind != JOKER]
    found = [tile_index(t) for t in real]
    if None in found:
        warnings.append(_unreadable(real[found.index(None)], "in a meld"))
        return None
    shown = "".join(t.code for t in tiles)
    if len(real) < len(tiles):
        return _joker_set(sorted(found), len(tiles) - len(real), shown, group.called, warnings)
    indices = sorted(found)
    kind = _set_kind(indices)
    if kind is None:
        warnings.append(f"meld {shown} is not a run, triplet or kan")
        return None
    return Block(kind, tuple(indices), meld=True, called=group.called)


def _joker_set(real: list[int], jokers: int, shown: str, called: bool, warnings: list[str]) -> Block | None:
    """The one set a meld with jokers can be; a warning when it is none or several.

    >>> _joker_set([3, 5], 1, "4j6m", True, []).to_json()["wilds"]
    '5m'
    >>> w = []; _joker_set([3, 4], 1, "4m5mj", False, w); w
    ['meld 4m5mj could be 345m or 456m: write it with the tile its joker stands for']
    """
    options = []
    size = len(real) + jokers
    if real and size in (3, 4) and all(i == real[0] for i in real):
        options.append(([real[0]] * size, [real[0]] * jokers))
    if size == 3:
        for start in (i for i in range(27) if i % 9 <= 6):
            run = [start, start + 1, start + 2]
            if all(real.count(i) <= 1 and i in run for i in real):
                options.append((run, [i for i in run if i not in real]))
    if not options:
        warnings.append(f"meld {shown} is not a run, triplet or kan")
        return None
    if len(options) > 1:
        sets = " or ".join(codes(t) for t, _ in options[:3]) + (" or more" if len(options) > 3 else "")
        warnings.append(f"meld {shown} could be {sets}: write it with the tile its joker stands for")
        return None
    tiles, wilds = options[0]
    kind = _set_kind(tiles)
    return Block(kind, tuple(tiles), meld=True, called=called, wilds=tuple(wilds))


def _set_kind(indices: list[int]) -> str | None:
    """``"run"``, ``"triplet"``, ``"kan"`` for sorted indices that make one set."""
    first = indices[0]
    if len(indices) in (3, 4) and all(i == first for i in indices):
        return "triplet" if len(indices) == 3 else "kan"
    if len(indices) == 3 and first < 27 and first % 9 <= 6 and indices == [first, first + 1, first + 2]:
        return "run"
    return None


def _check_totals(n: int, visible, fixed, warnings: list[str]) -> None:
    """``n``: the concealed tiles, wilds included."""
    if max(visible) > 4:
        warnings += [f"{n} copies of {code_of(i)}: a set has four" for i, n in enumerate(visible) if n > 4]
    if len(fixed) > 4:
        warnings.append(f"{len(fixed)} melds: a hand has at most four sets")
    elif n > 3 * (4 - len(fixed)) + 2:
        limit = 3 * (4 - len(fixed)) + 2
        melds = len(fixed)
        meld_word = "meld" if melds == 1 else "melds"
        warnings.append(f"{n} concealed tiles with {melds} {meld_word}: at most {limit} fit in a hand")


def _unreadable(tile: Tile, where: str) -> str:
    if tile.face_down:
        return f"face-down tile {where}"
    if tile.code == "?":
        return f"any-tile ? {where}: an unknown tile cannot be analysed"
    if tile.domino:
        return f"{tile.code} {where} is a Tienjiu tile (a Chinese domino), not a mahjong tile: it is never analysed"
    return f"{tile.code} {where} is not a mahjong tile"

