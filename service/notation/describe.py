"""Plain-English alt text for a hand (a river's is `service.notation.river.describe_river`).

>>> from service.notation.grammar import parse
>>> describe(parse("11s+-456m+4s"))
'Hand: 1s 1s; called meld: 4m (sideways) 5m 6m; winning tile: 4s'
>>> describe(parse("11s+-4s"))
'Hand: 1s 1s; winning tile (ron): 4s (sideways)'
>>> describe(parse("11sj?+15f"))
'Hand: 1s 1s joker any tile; bonus tiles: plum spring'
"""

from __future__ import annotations

from .dora import KINDS, describe_indicators
from .model import Group, Hand, Tile
from .river import River, describe_river


def describe(hand: Hand | River) -> str:
    if isinstance(hand, River):
        return describe_river(hand)
    return "; ".join(f"{_label(g)}: {' '.join(_word(t) for t in g.tiles)}" for g in hand.groups)


def alt_text(subject: Hand | River, options=None) -> str:
    """The alt text of a picture: the subject, then the indicator strips `options` (RenderOptions) add.

    >>> from service.notation.grammar import parse
    >>> from service.notation.options import RenderOptions
    >>> alt_text(parse("11s"), RenderOptions(dora="4z1m"))
    'Hand: 1s 1s; dora indicator: North 1m'
    """
    parts = [describe(subject)]
    if options is not None:
        parts += [describe_indicators(options.indicators(k), k) for k in KINDS if getattr(options, k)]
    return "; ".join(parts)


def _label(g: Group) -> str:
    if g.kind == "hand":
        return "Hand"
    if g.kind == "winning":
        return "winning tile (ron)" if g.ron else "winning tile"
    if g.kind == "bonus":
        return "bonus tiles"
    if g.concealed_kan:
        return "concealed kan"
    return "called meld" if g.called else "meld"


def _word(t: Tile) -> str:
    if t.stacked:
        return f"{t.name} (sideways, added on top)"
    return f"{t.name} (sideways)" if t.sideways else t.name
