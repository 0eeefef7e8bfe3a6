"""The JSON view of a hand or river: what `tiles parse` prints and `/tiles/<n>.json` serves.

>>> from service.notation.grammar import parse
>>> hand_json(parse("0p"))["groups"][0]["tiles"][0]["code"]
'0p'
>>> from service.notation.river import parse_river
>>> hand_json(parse_river("1m*2m"))["groups"][0]["tiles"][1]
{'code': '2m', 'sideways': False, 'stacked': False, 'face_down': False, 'tsumogiri': True}
>>> from service.notation.options import RenderOptions
>>> [t["code"] for t in hand_json(parse("1m"), options=RenderOptions(dora="3m"))["groups"][1]["tiles"]]
['3m', 'x', 'x', 'x', 'x']
>>> view = hand_json(parse("6666d45d"), options=RenderOptions(lang="ja"))  # Tienjiu tiles: names and key
>>> [t["name"] for t in view["groups"][0]["tiles"]], view["key"]
(['天牌', '天牌', '雑九 4-5'], 68231)
"""

from __future__ import annotations

from typing import Any

from .describe import alt_text
from .dora import KINDS, held, strip
from .grammar import ParseError
from .misreads import misreads
from .model import Hand
from .subject import layout_of
from .tienjiu import key as tienjiu_key
from .words import tile_name


def hand_json(hand: Hand, layout=None, analysis=None, options=None) -> dict[str, Any]:
    """The hand as plain data; with a layout, tiles gain x/y/w/h and the hand its size.

    Tienjiu tiles (``12d``) carry their ``name`` in ``options.lang``, and the hand its ``key``:
    the product of their primes (`service.notation.tienjiu`).

    With `options` (RenderOptions) naming indicators, groups of kind ``dora``/``ura`` follow
    (the strip as drawn: indicators, then backs); with `analysis` too, ``dora``/``ura`` say
    which tiles those are and how many the hand holds (`service.notation.dora.held`).
    """
    places = iter(layout.placements) if layout is not None else None  # in notation order, then the strips
    kinds = [k for k in KINDS if options is not None and getattr(options, k)]
    strips = tuple(strip(options.indicators(k), k) for k in kinds)
    lang = options.lang if options is not None else "en"
    groups = []
    for g in hand.groups + strips:
        tiles = []
        for t in g.tiles:
            tile = {"code": t.code, "sideways": t.sideways, "stacked": t.stacked, "face_down": t.face_down}
            if t.tsumogiri:
                tile["tsumogiri"] = True
            if t.domino:
                tile["name"] = tile_name(t, lang)
            if places is not None:
                p = next(places)
                tile.update(x=p.x, y=p.y, w=p.w, h=p.h)
            tiles.append(tile)
        groups.append({"kind": g.kind, "tiles": tiles})
    out: dict[str, Any] = {
        "notation": hand.notation,
        "layout": layout_of(hand),
        "canonical": hand.canonical(),
        "description": alt_text(hand, options),
        "groups": groups,
        "warnings": [{"message": w.message, "position": w.position}
                     for w in warnings(hand, getattr(options, "dialect", None))],
    }
    dominoes = [t.halves for t in hand.tiles if t.domino and not t.face_down]
    if dominoes:
        out["key"] = tienjiu_key(dominoes)
    if layout is not None:
        out.update(width=layout.width, height=layout.height)
    if analysis is not None:
        out["analysis"] = analysis.to_json()
        for k in kinds:
            out[k] = held(hand, options.indicators(k))
    return out


def warnings(hand: Hand, dialect: str | None = None) -> list:
    """The hand's warnings as `tiles lint` gives them: the notation's own, then (for a hand in our
    notation, no `dialect`) a segment read as a meld that is none (`service.notation.misreads`).

    >>> from service.notation.grammar import parse
    >>> [w.position for w in warnings(parse("1111p+22z"))]
    [6]
    >>> warnings(parse("11222333s22m+-456m+4s"))
    []
    """
    found = list(hand.warnings)
    if layout_of(hand) == "hand" and dialect is None:
        found += misreads(hand)
    return found


def error_json(err: ParseError) -> dict[str, Any]:
    """``{"error": {"message", "position", "notation"}}`` for a bad notation."""
    return {"error": {"message": err.message, "position": err.position, "notation": err.notation}}
