"""Where everything of a problem card goes: pure geometry in CSS pixels, no drawing.

Top to bottom: the situation line (a little larger than labels), the scores if given,
the dora strip under its label, then the hand row: the concealed tiles, the drawn
tile one gap apart under its label ("Draw"), and the melds. The answer tile is
lifted by a fifth of a tile. Each tile also has its role, seat and rotation for the
JSON view (`SceneTile`).

>>> from service.notation.scene import read_scene
>>> card = read_scene("problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}")
>>> sl = problem_layout(card, height=40)
>>> [t.role for t in sl.tiles].count("hand"), [t.role for t in sl.tiles][12:]
(12, ['answer', 'drawn', 'dora', 'dora', 'dora', 'dora', 'dora'])
>>> [lab.text for lab in sl.layout.labels]
['East 1 · South seat', 'Dora indicator', 'Draw']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.efficiency import scene_efficiency
from service.notation.dora import LABELS, strip
from service.notation.model import Group, Hand
from service.notation.options import RenderOptions
from service.notation.scene import WORDS, ProblemCard, scores_line, situation
from service.scoring.scene_score import problem_score

from .dora_layout import label_band, label_size
from .efficiency_layout import efficiency_layout
from .layout import Label, Layout, Placement, layout, tile_width
from .measure import text_width
from .score_layout import with_score


@dataclass(frozen=True, slots=True)
class SceneTile:
    """A placed tile with what it is in the scene: ``role`` (hand, meld, river, dora, ura,
    drawn, answer), ``seat`` (E/S/W/N or None) and ``rotation`` (degrees clockwise: a called tile
    lies at 270, turned counter-clockwise)."""

    placement: Placement
    role: str
    seat: str | None
    rotation: int


@dataclass(frozen=True, slots=True)
class SceneLayout:
    layout: Layout  # what the PNG and SVG renderers draw
    tiles: tuple[SceneTile, ...]  # the same placements, in the same order


def title_size(height: int) -> int:
    """The situation line's em: a third larger than a label's."""
    return round(label_size(height) * 4 / 3)


def problem_layout(card: ProblemCard, height: int = 38, lang: str = "en") -> SceneLayout:
    """The card at upright tiles `height` CSS px tall, labels in `lang`."""
    th, tw = height, tile_width(height)
    small, big = label_size(th), title_size(th)
    labels: list[Label] = []
    tiles: list[SceneTile] = []
    y = 0
    for text, size in ((situation(card, lang), big), (scores_line(card, lang), small)):
        if text:
            labels.append(Label(text, 0, y + size, size))
            y += label_band(size)
    y += small // 2
    labels.append(Label(LABELS[lang]["dora"], 0, y + small, small))
    y += label_band(small)
    for i, t in enumerate(strip(card.dora).tiles):
        tiles.append(SceneTile(Placement(t, 0, i * tw, y, tw, th), "dora", None, 0))
    y += th + th // 2
    lift = round(th / 5)
    row = layout(Hand((card.hand.groups[0], Group("winning", (card.drawn,))) + card.hand.groups[1:]), th)
    top = y + label_band(small) + lift  # the row's top: under the Draw label and room to lift
    drawn_at = next(p for p in row.placements if p.group == 1)
    labels.append(Label(WORDS[lang]["draw"], drawn_at.x, top - lift - (label_band(small) - small), small))
    concealed = card.hand.groups[0].kind == "hand"
    hand_tiles: list[SceneTile] = []
    for n, p in enumerate(row.placements):
        if p.group == 1:
            role = "drawn"
        elif p.group == 0 and concealed:
            role = "hand"
        elif p.group >= 2 and card.hand.groups[p.group - 1].kind == "bonus":  # set aside, after the melds
            role = "bonus"
        else:
            role = "meld"
        answer = card.answer is not None and (
            (role == "drawn" and card.answer_index is None) or (role == "hand" and n == card.answer_index))
        p = replace(p, group=p.group + 1, y=p.y + top - (lift if answer else 0))
        hand_tiles.append(SceneTile(p, "answer" if answer else role, card.seat, 270 if p.sideways else 0))
    tiles = hand_tiles + tiles  # the hand first, as the notation reads
    bottom = top + row.height
    if card.efficiency:  # the answer as the acceptance table, under the hand (scene_efficiency: dora seen)
        at = bottom + th // 2
        table = efficiency_layout(scene_efficiency(card), th)
        tiles += [SceneTile(replace(p, group=p.group + len(row.placements) + 1, y=p.y + at), "efficiency", None, 0)
                  for p in table.placements]
        labels += [replace(lab, y=lab.y + at) for lab in table.labels]
        bottom = at + table.height
    widths = [table.width] if card.efficiency else []
    if card.score is not None:  # the answer's value: its score card (a win's lines, or the waits table)
        at = bottom + th // 2
        scored = with_score(Layout((), 0, 0, th), problem_score(card), RenderOptions(height=th, lang=lang))
        first = 1 + max((t.placement.group for t in tiles), default=0)
        tiles += [SceneTile(replace(p, group=p.group + first, y=p.y + at), "wait", None, 0) for p in scored.placements]
        labels += [replace(lab, y=lab.y + at) for lab in scored.labels]
        widths.append(scored.width)
        bottom = at + scored.height
    width = max([row.width, 5 * tw] + widths
                + [lab.x + text_width(lab.text, lab.size) for lab in labels])
    lay = Layout(tuple(t.placement for t in tiles), width, bottom, th, tuple(labels))
    return SceneLayout(lay, tuple(tiles))
