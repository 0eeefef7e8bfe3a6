"""Scenes to image bytes and to their JSON view: the layout's tiles through the same faces and pen as hands.

PNG and WebP composite the cached faces (`service.drawing.render.compose`) and the labels;
SVG is the vector twin (`service.drawing.svg.render_svg`). `scene_json` is what
``tiles scene --json`` prints: the size, the alt text and every tile drawn.

>>> from service.notation.scene import read_scene
>>> card = read_scene("problem: {round: S2, honba: 1, seat: W, dora: 1z, hand: 123456789m1234z+5z, answer: 1z}")
>>> scene_alt(card)
'Problem: South 2 · 1 honba · West seat; dora indicator: East; Hand: 1m 2m 3m 4m 5m 6m 7m 8m 9m East South West North; drawn tile: White; Discard East'
>>> view = scene_json(card, RenderOptions(height=40))
>>> view["tiles"][9], view["width"], view["height"]
({'code': '1z', 'x': 270, 'y': 122, 'w': 30, 'h': 40, 'rotation': 0, 'seat': 'W', 'role': 'answer', 'sideways': False}, 432, 170)
>>> render_scene(card, RenderOptions(scale=2))[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from typing import Any

from service.layout.arrange import Scene, arrange_scene
from service.layout.scene_layout import SceneLayout
from service.notation.describe import describe, describe_group
from service.notation.dora import describe_indicators
from service.notation.model import Group, Hand
from service.notation.options import RenderOptions
from service.notation.scene import WINDS, WORDS, situation
from service.notation.table import TableScene
from service.notation.words import WORDS as ALT
from service.notation.words import group_text, join_groups, tile_name
from service.records.scene import WinCard

from .render import render


def scene_alt(card: Scene, lang: str = "en") -> str:
    """Alt text in `lang`: the situation, the dora, the hand, the drawn tile, and the answer in words
    (for a table: the round, the dora, then each seat's score, hand, melds and river; for a win:
    each winner's hand and our total beside the log's)."""
    if isinstance(card, TableScene):
        return table_alt(card, lang)
    if isinstance(card, WinCard):  # a game record's win: each winner, our total and the log's
        from service.layout.result_layout import result_alt

        return result_alt(card, lang)
    w = ALT[lang]
    parts = [w["problem"].format(situation=situation(card, lang)), describe_indicators(card.dora, "dora", lang),
             describe(Hand(card.hand.groups), lang), group_text("drawn", [tile_name(card.drawn, lang)], lang)]
    if card.answer is not None:
        parts.append(w["answer"].format(tile=tile_name(card.answer, lang)))
    alt = join_groups(parts, lang)
    if card.efficiency:  # the table under the card, read out in the card's language (`efficiency_alt`)
        from service.efficiency import scene_efficiency
        from service.layout.efficiency_layout import efficiency_alt

        alt += (" " if lang == "en" else "。") + efficiency_alt(scene_efficiency(card), lang=lang)
    if card.score is not None:  # the answer's value, as a hand's score card says it
        from service.scoring.card_words import score_alt
        from service.scoring.scene_score import problem_score

        alt = score_alt(alt, problem_score(card), lang)
    return alt


def table_alt(t: TableScene, lang: str = "en") -> str:
    """``Table: South 2, 1 honba, 1 riichi stick; dora indicator: 3m; East (dealer, 31000 points): ...``.

    >>> from service.notation.scene import read_scene
    >>> table_alt(read_scene("table: {round: E1, seats: {E: {hand: 3, score: 25000}, S: {river: -1z*2z}}}"), "ja")
    '卓：東1局；東（親、25000点）：手牌：伏せ牌3枚；南：捨て牌：東で立直、南；ツモ切り：南；西：なし；北：なし'
    """
    w = ALT[lang]
    parts = [w["table"].format(situation=situation_of_table(t, lang))]
    parts += [describe_indicators(t.dora, "dora", lang)] if t.dora else []
    for wind, seat in t.seats.items():
        who = WORDS[lang]["winds"][WINDS.index(wind)]
        notes = ([w["dealer"]] if wind == "E" else []) + ([w["points"].format(n=seat.score)] if seat.score is not None else [])
        what = []
        if seat.hand is not None:
            what.append(describe(Hand((Group("hand", seat.hand.tiles),)), lang))
        elif seat.backs:
            what.append(w["group"].format(label=w["labels"]["hand"], tiles=w["backs"].format(n=seat.backs)))
        what += [describe_group(g, lang, "meld" if g.kind == "hand" else None) for g in seat.melds]
        if seat.river is not None:
            what.append(describe(seat.river, lang))
        text = w["join_parts"].join(what) or w["nothing"]
        parts.append(w["seat_notes"].format(wind=who, notes=w["join_parts"].join(notes), what=text) if notes
                     else w["seat"].format(wind=who, what=text))
    return join_groups(parts, lang)


def situation_of_table(t: TableScene, lang: str = "en") -> str:
    """``South 2, 1 honba, 1 riichi stick``."""
    w, a = WORDS[lang], ALT[lang]
    out = [w["round"].format(wind=w["winds"][WINDS.index(t.round[0])], n=t.round[1])]
    if t.honba:
        out.append(a["honba"].format(n=t.honba))
    if t.riichi_sticks:
        out.append(a["stick" if t.riichi_sticks == 1 else "sticks"].format(n=t.riichi_sticks))
    if t.wall is not None:
        out.append(a["wall"].format(n=t.wall))
    return a["join_parts"].join(out)


def render_scene(card: Scene, options: RenderOptions = RenderOptions(),
                 sl: SceneLayout | None = None) -> bytes:
    """Image bytes of the scene in ``options.format``: a PNG is a palette picture fitted to
    the drawn scene, text and all, where that keeps the quality bound (`render`)."""
    sl = sl or arrange_scene(card, options)
    if options.format == "svg":
        from .svg import render_svg

        return render_svg(None, options, sl.layout, scene_alt(card, options.lang))
    if options.format == "pdf":
        from .pdf import render_pdf

        return render_pdf(None, options, sl.layout, scene_alt(card, options.lang))
    return render(None, options, sl.layout)


def scene_json(card: Scene, options: RenderOptions = RenderOptions(),
               sl: SceneLayout | None = None) -> dict[str, Any]:
    """``width``, ``height`` (CSS px; a bitmap is that times the scale), ``alt`` and ``tiles``; a
    tile's ``sideways`` and (when dimmed) ``tsumogiri`` name its face as a hand's view does, so a
    reader counts the faces the service's cost ceiling counts (`service.layout.limits.distinct_faces`);
    a river tile another seat called (a game record's table) has ``called``; ``warnings`` are the
    scene's (a segment read as a meld that is none), each with its field and its YAML line and column,
    as `tiles lint` gives them."""
    sl = sl or arrange_scene(card, options)
    tiles = []
    discards: dict[str, int] = {}  # each seat's river tiles so far, to name its called ones
    for t in sl.tiles:
        p = t.placement
        tile = {"code": p.tile.code, "x": p.x, "y": p.y, "w": p.w, "h": p.h, "rotation": t.rotation,
                "seat": t.seat, "role": t.role, "sideways": p.sideways}
        if p.tile.tsumogiri:
            tile["tsumogiri"] = True
        if t.role == "river" and isinstance(card, TableScene):
            n = discards[t.seat] = discards.get(t.seat, -1) + 1
            if n in card.seats[t.seat].river.called:
                tile["called"] = True
        tiles.append(tile)
    warnings = [{"message": w.message, "field": w.field, "line": w.line, "column": w.col}
                for w in getattr(card, "warnings", ())]
    return {"width": sl.layout.width, "height": sl.layout.height, "alt": scene_alt(card, options.lang), "tiles": tiles,
            "warnings": warnings}


__all__ = ["render_scene", "scene_alt", "scene_json"]
