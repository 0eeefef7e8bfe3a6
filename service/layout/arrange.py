"""A hand's or a river's geometry: the one switch between the two layouts (with any dora strips);
and a scene's (`arrange_scene`): a problem card's or a table's.

>>> from service.notation.options import RenderOptions
>>> from service.notation.subject import read
>>> arrange(read("*-5m 123456p", "river"), RenderOptions(layout="river", row=4)).width
122
>>> arrange(read("5m+123p")).width
121
"""

from __future__ import annotations

from service.notation.options import OptionError, RenderOptions
from service.notation.river import River
from service.notation.scene import ProblemCard
from service.notation.subject import Subject
from service.notation.table import TableScene

from .dora_layout import with_indicators
from .layout import Layout, layout
from .river_layout import river_layout
from .scene_layout import SceneLayout, problem_layout
from .score_layout import card_score, with_score
from .table_layout import table_layout

Scene = ProblemCard | TableScene


def arrange(subject: Subject, options: RenderOptions = RenderOptions()) -> Layout:
    """The subject's geometry at ``options`` (height, and gap for a hand or row for a river; with
    ``score``, the score card under the hand)."""
    if isinstance(subject, River):
        if options.score:
            raise OptionError("score is for hands; a river has no score", "score")
        return with_indicators(river_layout(subject, options.height, options.row), options, river=True)
    lay = with_indicators(layout(subject, options.height, options.gap), options, river=False)
    return with_score(lay, card_score(subject, options), options) if options.score else lay


def arrange_scene(scene: Scene, options: RenderOptions) -> SceneLayout:
    """The scene's geometry at ``options`` (height, and the labels' language)."""
    if isinstance(scene, TableScene):
        return table_layout(scene, options.height, options.lang)
    return problem_layout(scene, options.height, options.lang)
