"""A whole table as players see it: pure geometry in CSS pixels, no drawing.

Each seat is laid out as if it sat at the bottom, around the table's centre: the centre
panel's edge, a riichi stick if it declared, its river (rows of 6) under that, and its hand
outside the river with the melds at the row's right end. Then the seat is turned
clockwise about the centre: the view seat 0 degrees, the seat on its right 270, across 180,
on its left 90. The panel holds the round, honba and sticks and the dora strip facing
the view seat (and the tiles left in the wall under it), and each seat's wind and score facing
that seat (the dealer, East, marked). A discard another seat called has a dot on its corner.

>>> from service.notation.scene import read_scene
>>> t = read_scene("table: {round: S2, dora: 3m, view: S, seats: {E: {hand: 13, river: 19m-4z}, S: {hand: 13}}}")
>>> sl = table_layout(t, height=38)
>>> sorted({(t.seat, t.rotation) for t in sl.tiles if t.role == "hand"})
[('E', 90), ('S', 0)]
>>> sl.layout.width == sl.layout.height
True
"""

from __future__ import annotations

from service.notation.dora import strip
from service.notation.model import Group, Hand, Tile
from service.notation.scene import WINDS, WORDS
from service.notation.table import TableScene

from .dora_layout import label_band, label_size
from .layout import Label, Layout, Placement, Shape, layout, tile_width
from .measure import label_box, text_width
from .river_layout import river_layout
from .scene_layout import SceneLayout, SceneTile, title_size

TURNS = (0, 270, 180, 90)  # by seat from the view seat, counter-clockwise round the table: bottom, right, across, left
EXTRA = {"en": {"honba": "{n} honba", "sticks": "{n} riichi stick", "sticks_many": "{n} riichi sticks",
                "dealer": "{wind} (dealer)", "wall": "{n} tiles left"},
         "ja": {"honba": "{n}本場", "sticks": "供託{n}", "sticks_many": "供託{n}", "dealer": "{wind}(親)",
                "wall": "残り{n}枚"},
         "zh": {"honba": "{n}本场", "sticks": "供托{n}", "sticks_many": "供托{n}", "dealer": "{wind}(庄)",
                "wall": "余{n}张"}}


def turn(r: int, x: float, y: float) -> tuple[float, float]:
    """(x, y) turned clockwise by `r` degrees about the origin (y points down).

    >>> turn(90, 0, 1), turn(270, 0, 1)
    ((-1, 0), (1, 0))
    """
    return {0: (x, y), 90: (-y, x), 180: (-x, -y), 270: (y, -x)}[r]


def turn_box(r: int, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) turned about the origin, as (x, y, w, h)."""
    xs, ys = zip(*(turn(r, px, py) for px, py in ((x, y), (x + w, y + h))))
    return min(xs), min(ys), abs(xs[1] - xs[0]), abs(ys[1] - ys[0])


def table_layout(table: TableScene, height: int = 38, lang: str = "en") -> SceneLayout:
    th, tw = height, tile_width(height)
    small, big = label_size(th), title_size(th)
    gap = max(4, th // 3)
    half = 3 * tw + tw // 2  # the centre panel's half side
    rows = {w: (_hand_row(s, th) if (s.hand or s.backs or s.melds) else None) for w, s in table.seats.items()}
    rivers = {w: (river_layout(s.river, th, 6) if s.river is not None and s.river.tiles else None)
              for w, s in table.seats.items()}
    river_top = half + gap
    river_end = river_top + max([3 * th] + [r.height for r in rivers.values() if r])
    reach = max([0] + [r.width / 2 for r in rows.values() if r] + [r.width - 3 * tw for r in rivers.values() if r])
    hand_top = max(river_end + gap, round(reach) + gap)
    items: list[tuple[SceneTile, int]] = []  # tiles in a seat's own frame, with its turn
    labels: list[Label] = []
    shapes: list[Shape] = [Shape("panel", -half, -half, 2 * half, 2 * half)]
    words, extra = WORDS[lang], EXTRA[lang]
    view = WINDS.index(table.view)
    for w, seat in table.seats.items():
        r = TURNS[(WINDS.index(w) - view) % 4]
        row, river = rows[w], rivers[w]
        if row is not None:
            for p in row.placements:
                role = "hand" if p.group == 0 and (seat.hand or seat.backs) else "meld"
                items.append((SceneTile(_moved(p, -row.width // 2, hand_top + row.height - th), role, w,
                                        270 if p.sideways else 0), r))
        if river is not None:
            for n, p in enumerate(river.placements):
                items.append((SceneTile(_moved(p, -3 * tw, river_top), "river", w, 270 if p.sideways else 0), r))
                if n in seat.river.called:  # a dot on the called discard's corner nearest the centre
                    d = max(4, th // 5)
                    x, y = p.x - 3 * tw + p.w - d - max(1, th // 19), river_top + p.y + max(1, th // 19)
                    shapes.append(Shape("called", *_box(turn_box(r, x, y, d, d))))
        if seat.riichi or river is not None and seat.river.riichi is not None:
            sh = max(3, th // 9)
            shapes.append(Shape("stick", *_box(turn_box(r, -tw * 3 // 2, half + (gap - sh) // 2, 3 * tw, sh))))
        wind = words["winds"][WINDS.index(w)]
        name = extra["dealer"].format(wind=wind) if w == "E" else wind
        text = name + ("" if seat.score is None else f" {seat.score}")
        x, y = turn(r, -text_width(text, small) / 2, half - small // 2)
        labels.append(Label(text, round(x), round(y), small, r))
    # the centre, facing the view seat: round, honba and sticks, the dora strip
    title = words["round"].format(wind=words["winds"][WINDS.index(table.round[0])], n=table.round[1])
    counts = [extra["honba"].format(n=table.honba)] + (
        [extra["sticks" if table.riichi_sticks == 1 else "sticks_many"].format(n=table.riichi_sticks)] if table.riichi_sticks else [])
    line = words["sep"].join(counts)
    strip_y = small - th // 2
    y2 = strip_y - small // 2
    y1 = y2 - label_band(small)
    labels.append(Label(title, -text_width(title, big) // 2, y1, big))
    labels.append(Label(line, -text_width(line, small) // 2, y2, small))
    for i, t in enumerate(strip(table.dora).tiles if table.dora else ()):
        items.append((SceneTile(Placement(t, 0, -5 * tw // 2 + i * tw, strip_y, tw, th), "dora", None, 0), 0))
    if table.wall is not None:  # under the dora strip's place
        text = extra["wall"].format(n=table.wall)
        labels.append(Label(text, -text_width(text, small) // 2, strip_y + th + small + small // 2, small))
    return _placed(items, labels, shapes, th)


def _hand_row(seat, th: int) -> Layout:
    """The seat's hand (its tiles, or backs) then its melds, in one row."""
    tiles = seat.hand.tiles if seat.hand is not None else (Tile.from_code("x"),) * seat.backs
    groups = ((Group("hand", tiles),) if tiles else ()) + seat.melds
    if not tiles:  # melds only: keep group 0 for "hand"
        groups = (Group("hand", ()),) + seat.melds
    return layout(Hand(groups), th)


def _moved(p: Placement, dx: int, dy: int) -> Placement:
    return Placement(p.tile, p.group, p.x + dx, p.y + dy, p.w, p.h)


def _box(b) -> tuple[int, int, int, int]:
    return tuple(round(v) for v in b)  # type: ignore[return-value]


def _placed(items, labels: list[Label], shapes: list[Shape], th: int) -> SceneLayout:
    """Turn each tile with its seat, then move everything so the picture starts at (0, 0)."""
    turned = []
    for t, r in items:
        p = t.placement
        x, y, w, h = _box(turn_box(r, p.x, p.y, p.w, p.h))
        turned.append(SceneTile(Placement(p.tile, p.group, x, y, w, h, r), t.role, t.seat, (t.rotation + r) % 360))
    boxes = [(t.placement.x, t.placement.y, t.placement.x + t.placement.w, t.placement.y + t.placement.h)
             for t in turned]
    boxes += [label_box(lab) for lab in labels] + [(s.x, s.y, s.x + s.w, s.y + s.h) for s in shapes]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    side = max(x1 - x0, y1 - y0)  # square, so the centre stays the centre
    dx, dy = round(-x0 + (side - (x1 - x0)) / 2), round(-y0 + (side - (y1 - y0)) / 2)
    tiles = tuple(SceneTile(Placement(t.placement.tile, t.placement.group, t.placement.x + dx, t.placement.y + dy,
                                      t.placement.w, t.placement.h, t.placement.rotation), t.role, t.seat, t.rotation)
                  for t in turned)
    labs = tuple(Label(lab.text, lab.x + dx, lab.y + dy, lab.size, lab.rotation) for lab in labels)
    shps = tuple(Shape(s.kind, s.x + dx, s.y + dy, s.w, s.h) for s in shapes)
    size = round(side) + 1
    return SceneLayout(Layout(tuple(t.placement for t in tiles), size, size, th, labs, shps), tiles)
