"""The pieces a split is made of: blocks (sets, pairs) and whole splits.

Tiles are kept as 0..33 indices (red fives already folded into fives).

>>> Block("run", (3, 4, 5), meld=True).to_json()
{'kind': 'run', 'tiles': '456m', 'meld': True, 'called': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .keys import code_of, codes

BlockKind = Literal["run", "triplet", "kan", "pair"]
Form = Literal["standard", "seven_pairs", "thirteen_orphans"]


@dataclass(frozen=True, slots=True)
class Block:
    """A set or pair. ``meld``: its own segment (called, concealed kan or plain group)."""

    kind: BlockKind
    tiles: tuple[int, ...]
    meld: bool = False
    called: bool = False

    @property
    def code(self) -> str:
        return codes(self.tiles)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "tiles": self.code, "meld": self.meld, "called": self.called}


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
        return out
