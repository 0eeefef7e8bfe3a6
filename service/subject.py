"""What a notation is drawn as: a hand (the default) or a river (``layout=river``).

The one place that turns the ``layout`` option into a grammar and a geometry: the
CLI, the HTTP app, `tiles lint` and `tiles build` read and lay out through here.

>>> opts = RenderOptions(layout="river", row=4)
>>> river = read("*-5m 123456p", opts.layout)
>>> lay = arrange(river, opts)
>>> layout_of(river), lay.width, lay.height
('river', 122, 76)
>>> layout_of(read("5m+123p")), arrange(read("5m+123p"), opts).width
('hand', 121)
"""

from __future__ import annotations

from .layout import Layout, layout
from .model import Hand
from .notation import parse
from .options import RenderOptions
from .river import River, parse_river
from .river_layout import river_layout

Subject = Hand | River


def read(notation: str, layout: str = "hand") -> Subject:
    """Parse ``notation`` with the grammar of ``layout``; raises `ParseError` with a position."""
    return parse_river(notation) if layout == "river" else parse(notation)


def arrange(subject: Subject, options: RenderOptions = RenderOptions()) -> Layout:
    """The subject's geometry at ``options`` (height, and gap for a hand or row for a river)."""
    if isinstance(subject, River):
        return river_layout(subject, options.height, options.row)
    return layout(subject, options.height, options.gap)


def layout_of(subject: Subject) -> str:
    """``"hand"`` or ``"river"``: the ``layout`` option that reads and draws it."""
    return "river" if isinstance(subject, River) else "hand"
