"""Our tiles as the `mahjong` package's: the 136 tile ids and its melds.

The package counts a red five by its id (the first copy of each five, 16 52 88),
so each red five of the picture gets that id and every other tile another copy
of its kind. A fourth plain five of a suit has only the red id left: `Ids.forced`
counts those, so the bridge can take back the red five the package would see.

>>> ids = Ids()
>>> ids.take(4), ids.take(4), ids.take(4), ids.take(4), ids.forced  # four plain 5m
(17, 18, 19, 16, 1)
>>> ids.take(13, red=True)  # a red 5p
52
"""

from __future__ import annotations

from mahjong.meld import Meld

from service.notation.model import Group, Tile, pack

FIVES = (4, 13, 22)  # 5m 5p 5s as 0..33


class Ids:
    """Hands out the 136 ids of the picture's tiles, red fives on the package's red ids."""

    def __init__(self) -> None:
        self.used: set[int] = set()
        self.forced = 0  # plain fives that had to take a red id

    def take(self, kind: int, red: bool = False) -> int:
        """The next free id of tile ``kind`` (0..33); ``red``: the red five's own id when free."""
        first = kind * 4
        order = (first, first + 1, first + 2, first + 3) if red else (first + 1, first + 2, first + 3, first)
        for i in order:
            if i not in self.used:
                self.used.add(i)
                if i == first and not red and kind in FIVES:
                    self.forced += 1
                return i
        raise ValueError(f"a fifth tile of kind {kind}")  # the analysis warned first: never reached


# Packed kind (red fives too) -> 0..33, for every tile of the 34 kinds.
_INDEX = {pack(i % 9 + 1, "mpsz"[i // 9], red): i for i in range(34) for red in (False, True)
          if not red or (i < 27 and i % 9 == 4)}


def kind_of(tile: Tile) -> int:
    """0..33 for a face-up tile of the 34 kinds (red fives as fives): ``kind_of(Tile.from_code("0p")) == 13``."""
    return _INDEX[tile.kind]


def meld_of(group: Group, ids: Ids) -> Meld:
    """The package's meld for one of our meld segments (ids taken from ``ids``).

    A concealed kan ``x11xs`` is four of the kind shown, a red five only where one
    shows face up; an added kan (``5-5=55p``) is a shouminkan; the sideways tile's
    place says who it came from (left, across, right); a plain group (``+567p``) is
    an open meld from nobody in particular.

    >>> from service.notation.grammar import parse
    >>> m = meld_of(parse("123m+x05xp").groups[1], Ids())
    >>> m.type, m.opened, m.tiles
    ('kan', False, (52, 53, 54, 55))
    >>> m = meld_of(parse("123m+77-7s").groups[1], Ids())
    >>> m.type, m.from_who
    ('pon', 1)
    """
    tiles = group.tiles
    if group.concealed_kan:
        shown = tiles[1:3]
        kind = kind_of(shown[0])
        reds = [t.red for t in shown] + [False, False]
        return Meld(Meld.KAN, sorted(ids.take(kind, red) for red in reds), opened=False, who=0)
    kinds = [kind_of(t) for t in tiles]
    taken = sorted(ids.take(k, t.red) for k, t in zip(kinds, tiles))
    if len(tiles) == 4:
        kind = Meld.SHOUMINKAN if any(t.stacked for t in tiles) else Meld.KAN
    else:
        kind = Meld.PON if kinds[0] == kinds[1] else Meld.CHI
    called = [i for i, t in enumerate(tiles) if t.sideways and not t.stacked]
    source = None
    if called:  # the players' seats counted to the right: the left one is 3, across 2, the right one 1
        source = 3 if called[0] == 0 else 1 if called[0] == len(tiles) - 1 else 2
    return Meld(kind, taken, opened=True, who=0, from_who=source)
