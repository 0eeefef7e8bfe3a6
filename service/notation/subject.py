"""What a notation is read as: a hand (the default) or a river (``layout=river``).

The one place that turns the ``layout`` option into a grammar: the CLI, the HTTP
app, `tiles lint` and `tiles build` read through here (and lay out through
`service.layout.arrange`).

>>> river = read("*-5m 123456p", "river")
>>> layout_of(river), layout_of(read("5m+123p"))
('river', 'hand')
"""

from __future__ import annotations

from .grammar import parse
from .model import Hand
from .river import River, parse_river

Subject = Hand | River


def read(notation: str, layout: str = "hand") -> Subject:
    """Parse ``notation`` with the grammar of ``layout``; raises `ParseError` with a position."""
    return parse_river(notation) if layout == "river" else parse(notation)


def layout_of(subject: Subject) -> str:
    """``"hand"`` or ``"river"``: the ``layout`` option that reads and draws it."""
    return "river" if isinstance(subject, River) else "hand"
