"""Read a parsed `Hand` into what the analysis works on: counts and fixed sets.

Concealed tiles are the hand segment plus the winning tile (which segment that
is, `Group.of_segment` decides; a sideways one, ``+-4s``, won off a discard).
Every other segment (and a first segment that is itself a meld) is a fixed set:
a called meld (has a sideways tile), a concealed kan (``x11xs``; the backs are
copies of the pair they bracket) or a plain group (``+567p``).
Anything the analysis cannot read becomes a warning, never an exception; a
hand with warnings is not analysed further.

>>> from service.notation.model import Group, Hand, Tile
>>> t = lambda s: tuple(Tile.from_code(c) for c in s.split())
>>> r = read(Hand((Group("hand", t("1s 1s")), Group("meld", t("x 1p 1p x")))))
>>> r.concealed[18], [b.kind for b in r.fixed], r.visible[9], r.warnings
(2, ['kan'], 4, ())
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter

from service.notation.model import RED_BIT, SUITS, Group, Hand, Tile, pack

from .keys import NUM_KINDS, code_of
from .parts import Block


@dataclass(frozen=True, slots=True)
class Reading:
    """Counts by tile index (0..33) and the fixed sets, or warnings."""

    concealed: tuple[int, ...]  # hand + winning tile
    winning: int | None  # index of the winning tile
    fixed: tuple[Block, ...]
    visible: tuple[int, ...]  # every tile shown, kan backs included
    warnings: tuple[str, ...]

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


def read(hand: Hand) -> Reading:
    """Sort a hand's segments into concealed counts, fixed sets and warnings."""
    concealed = [0] * NUM_KINDS
    shown: list[int] = []  # tiles of the fixed sets
    fixed: list[Block] = []
    warnings: list[str] = []
    winning = None
    for group in hand.groups:
        kind = group.kind
        tiles = group.tiles
        if kind == "meld":  # Group.of_segment decides, "-456m" or "x11xs" first included
            block = _fixed_set(group, warnings)
            if block is not None:
                fixed.append(block)
                shown += block.tiles
            continue
        indices = list(map(_INDEX.get, map(_KIND, tiles)))
        if None in indices:
            warnings += [_unreadable(t, "in the hand") for t, i in zip(tiles, indices) if i is None]
            indices = [i for i in indices if i is not None]
        for i in indices:
            concealed[i] += 1
        if kind == "winning" and indices:
            winning = indices[-1]
    visible = concealed[:]
    for i in shown:
        visible[i] += 1
    _check_totals(concealed, visible, fixed, warnings)
    return Reading(tuple(concealed), winning, tuple(fixed), tuple(visible), tuple(warnings))


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
    found = [tile_index(t) for t in tiles]
    if None in found:
        warnings.append(_unreadable(tiles[found.index(None)], "in a meld"))
        return None
    indices = sorted(found)
    kind = _set_kind(indices)
    if kind is None:
        shown = "".join(t.code for t in tiles)
        warnings.append(f"meld {shown} is not a run, triplet or kan")
        return None
    return Block(kind, tuple(indices), meld=True, called=group.called)


def _set_kind(indices: list[int]) -> str | None:
    """``"run"``, ``"triplet"``, ``"kan"`` for sorted indices that make one set."""
    first = indices[0]
    if len(indices) in (3, 4) and all(i == first for i in indices):
        return "triplet" if len(indices) == 3 else "kan"
    if len(indices) == 3 and first < 27 and first % 9 <= 6 and indices == [first, first + 1, first + 2]:
        return "run"
    return None


def _check_totals(concealed, visible, fixed, warnings: list[str]) -> None:
    if max(visible) > 4:
        warnings += [f"{n} copies of {code_of(i)}: a set has four" for i, n in enumerate(visible) if n > 4]
    if len(fixed) > 4:
        warnings.append(f"{len(fixed)} melds: a hand has at most four sets")
    elif sum(concealed) > 3 * (4 - len(fixed)) + 2:
        limit = 3 * (4 - len(fixed)) + 2
        n, melds = sum(concealed), len(fixed)
        meld_word = "meld" if melds == 1 else "melds"
        warnings.append(f"{n} concealed tiles with {melds} {meld_word}: at most {limit} fit in a hand")


def _unreadable(tile: Tile, where: str) -> str:
    if tile.face_down:
        return f"face-down tile {where}"
    return f"{tile.code} {where} is not a mahjong tile"

