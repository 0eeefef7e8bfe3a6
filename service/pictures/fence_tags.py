"""A ```` ```tiles ```` fence's lines as `<Tiles>` tags, placed in their page.

Each non-blank line of the fence is one picture, ``NOTATION`` or ``NOTATION | caption``; the
rest of the fence's info string holds the tag's props (```` ```tiles river theme="dark" ````).
Sphinx (MyST pages) and `tiles batch` (markdown-it-tiles) read a fence here; every offset of a
tag points into the page, so a typo in a notation or a prop is shown at its own ``line:col``.

>>> page = '```tiles river theme="dusk"\\n1m9p*2z | Riichi\\n```\\n'
>>> props = fence_props(*tiles_info(page.split("\\n")[0][3:]), page, "a.md", 3)
>>> tag = fence_line_tag(props, page, page.index("1m"), "1m9p*2z | Riichi")
>>> tag.notation, tag.props["caption"], tag.props["river"], tag.where(2), tag.where(0, "theme")
('1m9p*2z', 'Riichi', True, (2, 3), (1, 23))
>>> str(fence_props('theme="dark', 0, 'theme="dark', "a.md", 0))
'a.md:1:7: in the tiles fence: string is never closed'
"""

from __future__ import annotations

import re

from .scan import TagSyntaxError, TilesTag, line_col, scan_text
from .scene_blocks import scene_info
from .tag_props import Problem

# ```tiles, ```{tiles}, ```{.tiles river}: the word, then the props (maybe in the braces)
_INFO = re.compile(r"\s*\{?\s*\.?tiles(?=[\s}]|$)\s*(?P<props>.*?)\}?\s*$")
_HEAD = "<Tiles "


def tiles_info(info: str) -> tuple[str, int] | None:
    """The props of a ```` ```tiles ```` fence's info string and where they start in it; None for
    any other fence (```` ```tiles-scene ```` is a scene).

    >>> tiles_info('tiles river theme="dark"'), tiles_info("{.tiles river}"), tiles_info("tiles")
    (('river theme="dark"', 6), ('river', 8), ('', 5))
    >>> tiles_info("tiles-scene lang=ja"), tiles_info("tilesx"), tiles_info("python")
    (None, None, None)
    """
    if scene_info(info) is not None:
        return None
    m = _INFO.match(info)
    return (m.group("props"), m.start("props")) if m else None


def fence_props(props: str, at_in_info: int, text: str, path: str, info_at: int) -> TilesTag | Problem:
    """The fence's props (``props``, at ``info_at + at_in_info`` in ``text``) as a tag with no
    notation; a `Problem` at its place when they cannot be read."""
    at = info_at + at_in_info
    try:
        [tag] = scan_text(_HEAD + props + " />", path) or [None]
    except TagSyntaxError as err:
        where = at + min(max(err.offset - len(_HEAD), 0), len(props))
        return Problem(path, *line_col(text, where), f"in the tiles fence: {err.message}")
    if tag is None:
        return Problem(path, *line_col(text, at), "in the tiles fence: its props cannot be read")
    spans = {k: [at + o - len(_HEAD) for o in offs] for k, offs in tag.spans.items()}
    return TilesTag(path, text, at, end=at + len(props), props=dict(tag.props), spans=spans)


def fence_line_tag(props: TilesTag, text: str, start: int, line: str) -> TilesTag | None:
    """The tag of one fence line (``line``, at offset ``start`` of ``text``): its notation and
    caption, the fence's props; None for a blank line."""
    if not line.strip():
        return None
    notation, _, caption = line.partition("|")
    lead = len(notation) - len(notation.lstrip())
    notation = notation.strip()
    spans = {**props.spans, "notation": list(range(start + lead, start + lead + len(notation)))}
    tag = TilesTag(props.path, text, start + lead, end=start + len(line), props=dict(props.props), spans=spans)
    tag.props["notation"] = notation
    if caption.strip():
        tag.props["caption"] = caption.strip()
    return tag
