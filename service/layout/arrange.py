"""A hand's, a river's or an acceptance table's geometry: the one switch between the layouts (with
any dora strips); and a scene's (`arrange_scene`): a problem card's, a table's or a game record's
win beside its score card (`result_layout`).

>>> from service.notation.options import RenderOptions
>>> from service.notation.subject import read
>>> arrange(read("*-5m 123456p", "river"), RenderOptions(layout="river", row=4)).width
122
>>> arrange(read("5m+123p")).width
121
"""

from __future__ import annotations

from service.efficiency import efficiency
from service.notation.model import Hand
from service.notation.options import OptionError, RenderOptions
from service.notation.river import River
from service.notation.scene import ProblemCard
from service.notation.subject import Subject
from service.notation.table import TableScene
from service.notation.views import hand_json
from service.records.scene import WinCard
from service.scoring.card_words import picture_alt

from .dora_layout import with_indicators
from .efficiency_layout import efficiency_alt, efficiency_layout
from .layout import Layout, layout
from .result_layout import result_layout
from .river_layout import river_layout
from .scene_layout import SceneLayout, SceneTile, problem_layout
from .score_layout import card_score, with_score
from .table_layout import table_layout

Scene = ProblemCard | TableScene | WinCard


def arrange(subject: Subject, options: RenderOptions = RenderOptions()) -> Layout:
    """The subject's geometry at ``options`` (height, and gap for a hand or row for a river; with
    ``score``, the score card under the hand)."""
    if isinstance(subject, River):
        if options.score:
            raise OptionError("score is for hands; a river has no score", "score")
        return with_indicators(river_layout(subject, options.height, options.row), options, river=True)
    if options.layout == "efficiency":  # the acceptance table; a ParseError for a hand that has none
        return efficiency_layout(efficiency(subject, options.visible), options.height, options.rows)
    lay = with_indicators(layout(subject, options.height, options.gap), options, river=False)
    return with_score(lay, card_score(subject, options), options) if options.score else lay


def arrange_scene(scene: Scene, options: RenderOptions) -> SceneLayout:
    """The scene's geometry at ``options`` (height, and the labels' language)."""
    if isinstance(scene, TableScene):
        return table_layout(scene, options.height, options.lang)
    if isinstance(scene, WinCard):  # each winner's hand and strips: no seat on the table, no turned tile
        lay = result_layout(scene, options.height, options.lang)
        return SceneLayout(lay, tuple(SceneTile(p, "result", None, 0) for p in lay.placements))
    return problem_layout(scene, options.height, options.lang)


def arranged_alt(subject: Subject, options: RenderOptions) -> str:
    """A picture's alt text as `arrange` draws it: an acceptance table's (``layout=efficiency``) read
    out row by row, else the hand's, river's or score card's (`picture_alt`).

    >>> from service.notation.grammar import parse
    >>> arranged_alt(parse("123456789m12p355s"), RenderOptions(layout="efficiency", rows=1))
    'Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best).'
    """
    if options.layout == "efficiency" and isinstance(subject, Hand):
        return efficiency_alt(efficiency(subject, options.visible), options.rows, options.lang)
    return picture_alt(subject, options)


def picture_json(subject: Subject, lay: Layout, analysis=None, options: RenderOptions = RenderOptions()) -> dict:
    """The JSON view of the picture `arrange` drew as `lay` (`hand_json`): an acceptance table's has the
    hand's tiles without places (the table draws other tiles), the table's size and its alt text.

    >>> from service.notation.grammar import parse
    >>> options = RenderOptions(layout="efficiency", rows=1)
    >>> view = picture_json(parse("123456789m12p355s"), arrange(parse("123456789m12p355s"), options), None, options)
    >>> view["layout"], view["width"], "x" in view["groups"][0]["tiles"][0]
    ('efficiency', 215, False)
    """
    if options.layout != "efficiency":
        return hand_json(subject, lay, analysis, options)
    view = hand_json(subject, None, analysis, options)
    view.update(layout="efficiency", description=arranged_alt(subject, options), width=lay.width, height=lay.height)
    return view
