"""Where each tile of a hand goes: pure geometry in CSS pixels, no drawing.

Tiles of a group touch; groups stand apart by ``gap`` (default a third of a tile
width). Everything sits on one baseline: a sideways tile lies on its long side,
and a stacked tile (added kan) lies on the sideways tile before it.

>>> from service.notation.grammar import parse
>>> lay = layout(parse("123m+-4-56p"), height=40)
>>> lay.width, lay.height, [p.x for p in lay.placements]
(210, 40, [0, 30, 60, 100, 140, 180])
"""

from __future__ import annotations

from dataclasses import dataclass

from service.notation.model import Hand, Tile
from tile_art.proportions import tile_width, width_of


@dataclass(frozen=True, slots=True)
class Placement:
    """One tile's box, with y measured down from the top of the image."""

    tile: Tile
    group: int
    x: int
    y: int
    w: int
    h: int
    rotation: int = 0  # scenes: the face turned clockwise by this (a table seat); w, h are the turned box
    size: int | None = None  # CSS px of this tile upright, when not the picture's height (a table's small tiles)

    @property
    def sideways(self) -> bool:
        return self.tile.sideways

    @property
    def stacked(self) -> bool:
        return self.tile.stacked

    @property
    def face_down(self) -> bool:
        return self.tile.face_down


@dataclass(frozen=True, slots=True)
class Label:
    """A line of text: its left end at ``x``, its baseline at ``y``, ``size`` CSS px to the em."""

    text: str
    x: int
    y: int
    size: int
    rotation: int = 0  # scenes: the line turned clockwise about (x, y), to face a table seat


@dataclass(frozen=True, slots=True)
class Shape:
    """A scene's non-tile thing: ``stick`` (a riichi stick) or ``panel`` (the table's centre)."""

    kind: str
    x: int
    y: int
    w: int
    h: int


@dataclass(frozen=True, slots=True)
class Layout:
    placements: tuple[Placement, ...]
    width: int
    height: int
    tile_height: int
    labels: tuple[Label, ...] = ()  # drawn in the theme's label colour (service/drawing/labels.py)
    shapes: tuple[Shape, ...] = ()  # drawn under the tiles (service/drawing/shapes.py)


def default_gap(height: int) -> int:
    return round(tile_width(height) / 3)


def layout(hand: Hand, height: int = 38, gap: int | None = None) -> Layout:
    """Place every tile of ``hand`` for upright tiles ``height`` CSS px tall."""
    tw, th = tile_width(height), height
    gap = default_gap(height) if gap is None else gap
    stacked = any(t.stacked for t in hand.tiles)
    total_h = max(th, 2 * tw) if stacked else th
    placements: list[Placement] = []
    x = 0
    for n, g in enumerate(hand.groups):
        if n:
            x += gap
        for t in g.tiles:
            w = width_of(t.code, height) if t.domino else tw  # a Tienjiu tile is narrower
            if t.stacked:  # on top of the sideways tile just placed
                below = placements[-1]
                placements.append(Placement(t, n, below.x, below.y - w, th, w))
            elif t.sideways:
                placements.append(Placement(t, n, x, total_h - w, th, w))
                x += th
            else:
                placements.append(Placement(t, n, x, total_h - th, w, th))
                x += w
    return Layout(tuple(placements), x, total_h, th)
