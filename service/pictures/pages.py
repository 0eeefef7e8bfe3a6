"""What `tiles lint` and `tiles build` read from a page: what the renderers draw from it.

Every `<Tiles>` tag (`service.pictures.scan`), and in a Markdown (``.md``) page each line of a
```` ```tiles ```` fence, read as the Markdown extension draws it: ``NOTATION`` or
``NOTATION | caption``, the fence's info string holding the tag's props (```` ```tiles river ````).
remark-tiles draws no ```` ```tiles ```` fence (an ``.mdx`` page shows one as code), so an
``.mdx`` page's are not read. Fences are found as every tool finds them (`service.pictures.fences`:
in lists and blockquotes too); ```` ```tiles-scene ```` blocks are `service.pictures.scene_blocks`'.

>>> page = "- A hand:\\n\\n  > ```tiles river\\n  > 1m9p*2z | Riichi\\n  > ```\\n"
>>> [(t.notation, t.props["caption"], t.props["river"], t.where(2)) for t in fence_tags(page, "a.md")]
[('1m9p*2z', 'Riichi', True, (4, 7))]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Iterator

from .fences import Fence, fences
from .scan import TagSyntaxError, TilesTag, iter_tags, line_col, scan_text, walk_docs
from .scene_blocks import scene_info
from .tag_props import DEFAULT_LANG, DEFAULT_THEME, Problem, TagRead, read_tag

TILES_INFO = re.compile(r"^\{?\s*\.?tiles\b\s*(?P<props>.*?)\}?\s*$")  # ```tiles, ```{.tiles river}
FENCE_SUFFIXES = (".md",)  # the pages whose ```tiles fences a renderer draws (the Markdown extension)


def tiles_fences(text: str) -> list[tuple[Fence, str]]:
    """Each ```` ```tiles ```` fence of a page and the props its info string gives."""
    out = []
    for f in fences(text):
        m = TILES_INFO.match(f.info)
        if m and scene_info(f.info) is None:
            out.append((f, m.group("props")))
    return out


def fence_line_tags(fence: Fence, props: str, text: str, path: str = "") -> list[TilesTag | Problem]:
    """A tag for each line of a tiles fence, at its place in the page; or the `Problem` of props
    that cannot be read (at the fence's line and column)."""
    try:
        [opts] = scan_text(f"<Tiles {props} />") or [None]
    except (TagSyntaxError, ValueError) as err:
        msg = getattr(err, "message", str(err))
        return [Problem(path, fence.open_line + 1, fence.col + 1, f"in the tiles fence: {msg}")]
    out: list[TilesTag | Problem] = []
    for line, start in zip(fence.body, fence.body_starts):
        if not line.strip():
            continue
        notation, _, caption = line.partition("|")
        lead = len(notation) - len(notation.lstrip())
        notation = notation.strip()
        tag = TilesTag(path, text, start + lead, end=start + len(line), props=dict(opts.props),
                       spans={"notation": list(range(start + lead, start + lead + len(notation)))})
        tag.props["notation"] = notation
        if caption.strip():
            tag.props["caption"] = caption.strip()
        out.append(tag)
    return out


def fence_tags(text: str, path: str = "") -> list[TilesTag | Problem]:
    """The tags of every tiles fence of a page, in order."""
    return [t for f, props in tiles_fences(text) for t in fence_line_tags(f, props, text, path)]


def read_docs(paths: Iterable[str], default_theme: str = DEFAULT_THEME,
              default_lang: str = DEFAULT_LANG) -> Iterator[TagRead | Problem]:
    """Every tag (and in a .md page every tiles fence line) of every .md/.mdx file under ``paths``,
    read once, in file order.

    A tag the scanner cannot read comes as a `Problem`. This is the one loop
    `tiles lint` and `tiles build` share.
    """
    for path, text in walk_docs(paths):
        found: list[tuple[int, TilesTag | Problem]] = []
        for item in iter_tags(text, str(path)):
            if isinstance(item, TagSyntaxError):
                found.append((item.offset, Problem(str(path), *line_col(text, item.offset), item.message)))
            else:
                found.append((item.offset, item))
        if Path(path).suffix in FENCE_SUFFIXES:
            for f, props in tiles_fences(text):
                found += [(f.start, t) for t in fence_line_tags(f, props, text, str(path))]
        for _, item in sorted(found, key=lambda pair: pair[0]):
            yield item if isinstance(item, Problem) else read_tag(item, default_theme, default_lang)
