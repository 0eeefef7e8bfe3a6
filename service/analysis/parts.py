"""The pieces a split is made of: blocks (sets, pairs) and whole splits.

Tiles are kept as 0..33 indices (red fives already folded into fives).

>>> Block("run", (3, 4, 5), meld=True).to_json()
{'kind': 'run', 'tiles': '456m', 'meld': True, 'called': False}
>>> Block("run", (3, 4, 5), wilds=(4,)).to_json()["wilds"]
'5m'
>>> Block("set", (), wilds=ANY_SET).to_json()
{'kind': 'set', 'tiles': 'any', 'meld': False, 'called': False, 'wilds': 'any'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .keys import code_of, codes

BlockKind = Literal["run", "triplet", "kan", "pair", "set"]
Form = Literal["standard", "seven_pairs", "thirteen_orphans"]
ANY = -1  # a wild of a block made of wilds only: it stands for any set or pair that fits
ANY_SET, ANY_PAIR = (ANY,) * 3, (ANY,) * 2


@dataclass(frozen=True, slots=True)
class Block:
    """A set or pair. ``meld``: its own segment (called, concealed kan or plain group).

    ``wilds``: the tiles of ``tiles`` that wilds stand for (jokers, or the ``wild``
    kind). A block of wilds only (kind ``set`` or ``pair``, no tiles) has ``ANY``
    for each: it stands for any set or pair the hand has room for.
    """

    kind: BlockKind
    tiles: tuple[int, ...]
    meld: bool = False
    called: bool = False
    wilds: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        return codes(self.tiles) if self.tiles else "any"

    def to_json(self) -> dict[str, Any]:
        out = {"kind": self.kind, "tiles": self.code, "meld": self.meld, "called": self.called}
        if self.wilds:
            out["wilds"] = "any" if ANY in self.wilds else codes(self.wilds)
        return out


@dataclass(frozen=True, slots=True)
class Split:
    """One way a complete hand splits.

    standard: ``pair`` + ``sets``; seven_pairs: ``pairs``; thirteen_orphans:
    ``pair`` + ``singles`` (the twelve other orphans).

    >>> Split("standard", Block("pair", (1, 1)), (Block("run", (3, 4, 5)),)).to_json()["pair"]
    '22m'
    """

    form: Form
    pair: Block | None = None
    sets: tuple[Block, ...] = ()
    pairs: tuple[Block, ...] = ()
    singles: tuple[int, ...] = ()
    wilds: tuple[int, ...] | None = None  # with wilds in the hand: what each stands for (ANY: any)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "form": self.form,
            "pair": self.pair.code if self.pair else None,
            "sets": [b.to_json() for b in self.sets],
        }
        if self.form == "seven_pairs":
            out["pairs"] = [b.code for b in self.pairs]
        if self.form == "thirteen_orphans":
            out["singles"] = [code_of(i) for i in self.singles]
        if self.wilds is not None:
            out["wilds"] = ["any" if i == ANY else code_of(i) for i in self.wilds]
        return out
