"""What `tiles lint` and `tiles build` read from a page: what the renderers draw from it.

Every `<Tiles>` tag (`service.pictures.scan`), and each line of a ```` ```tiles ```` fence (in
``.md`` and ``.mdx`` pages alike: the Markdown extension and remark-tiles both draw them), read as
they draw it: ``NOTATION`` or ``NOTATION | caption``, the fence's info string holding the tag's props
(```` ```tiles river ````). remark-tiles sends each line to `tiles batch`, which reads it here too
(`fence_props`, `line_tag`). Fences are found as every tool finds them (`service.pictures.fences`:
in lists and blockquotes too); ```` ```tiles-scene ```` blocks are `service.pictures.scene_blocks`'.

>>> page = "- A hand:\\n\\n  > ```tiles river\\n  > 1m9p*2z | Riichi\\n  > ```\\n"
>>> [(t.notation, t.props["caption"], t.props["river"], t.where(2)) for t in fence_tags(page, "a.md")]
[('1m9p*2z', 'Riichi', True, (4, 7))]
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from service.notation.dialects import dialect_name

from .directives import directive_tags
from .fence_words import fence_word
from .fences import Fence, fences
from .scan import TagSyntaxError, TilesTag, info_tag, iter_tags, line_col, walk_docs
from .latex_calls import latex_calls
from .tag_props import DEFAULT_INDEX, DEFAULT_LANG, DEFAULT_THEME, Problem, TagRead, read_tag
from .typst_calls import typst_calls

PRINT_CALLS = {".typ": typst_calls, ".tex": latex_calls}  # a printed document's calls, by its suffix

def tiles_info(info: str) -> str | None:
    """The props a tiles fence's info string gives, or None when it names no tiles fence (`fence_word`:
    ```` ```tiles river ````, ```` ```{.tiles river} ````; a closing brace ends the props only when one
    opened them, so ```` ```tiles row={4} ```` keeps its own).

    >>> tiles_info("tiles river row={4}"), tiles_info("{.tiles river}"), tiles_info("{tiles} 1m"), tiles_info("yaml")
    ('river row={4}', 'river', None, None)
    >>> tiles_info("tiles-scene lang=ja"), tiles_info("tilesets"), tiles_info("tiles-foo"), tiles_info("tiles.js")
    (None, None, None, None)
    """
    read = fence_word(info)
    return read.options if read is not None and read.word == "tiles" else None


def tiles_fences(text: str) -> list[tuple[Fence, str]]:
    """Each ```` ```tiles ```` fence of a page and the props its info string gives."""
    return [(f, props) for f in fences(text) if (props := tiles_info(f.info)) is not None]


def fence_props(props: str) -> dict | str:
    """The props a tiles fence's info string gives every line, or why they cannot be read or used:
    a bad value spoils every line alike, so it is told once, at the fence.

    >>> fence_props('river theme="dark"'), fence_props('river="1'), fence_props('height="9"')
    ({'river': True, 'theme': 'dark'}, 'string is never closed', "height must be a whole number from 16 to 256, not '9'")
    """
    read = _fence_props(props)
    return read if isinstance(read, str) else dict(read)


@lru_cache(maxsize=256)
def _fence_props(props: str) -> tuple | str:
    """`fence_props`, read once per text (a page's fences mostly say the same): its items, immutable."""
    try:
        opts = info_tag(props)  # a value quoted or a bare word, as a scene block's options
    except (TagSyntaxError, ValueError) as err:
        return getattr(err, "message", str(err))
    if "notation" in opts.props:
        return "the notation goes on the fence's lines, not on its fence"
    # a line that reads; its table is each line's to make (``efficiency``: "1m" has none)
    probe = read_tag(TilesTag("", "", 0, props={**opts.props, "notation": "1m"}), tables=False)
    if probe.errors:
        return probe.errors[0].message
    return tuple(opts.props.items())


def split_caption(line: str, dialect: str | None = None) -> tuple[str, str]:
    """A fence line's notation and caption (``NOTATION | caption``). mahgen's notation holds ``|`` (its
    gaps) and never a blank, so in the ``mahgen`` dialect the caption starts at the first ``|`` after
    a blank.

    >>> split_caption("1m+-123p | Chi"), split_caption("1m|_123p | Chi", "mahgen"), split_caption("1m|_123p", "mahgen")
    (('1m+-123p ', ' Chi'), ('1m|_123p', ' Chi'), ('1m|_123p', ''))
    """
    try:
        mahgen = dialect is not None and dialect_name(dialect) == "mahgen"
    except ValueError:  # no dialect: the tag's reading says so
        mahgen = False
    if mahgen:
        found = re.search(r"\s\|", line)
        return (line[:found.start()], line[found.end():]) if found else (line, "")
    notation, _, caption = line.partition("|")
    return notation, caption


def line_tag(line: str, start: int, opts: dict, text: str, path: str = "",
             default_dialect: str | None = None) -> TilesTag | None:
    """The tag of one line of a tiles fence (``NOTATION`` or ``NOTATION | caption``) that starts at
    offset ``start`` of ``text``; None for a blank line. ``default_dialect``: the site's, for a fence
    without a ``dialect`` of its own (`split_caption`).

    >>> tag = line_tag(" 4p5q | Mine", 0, fence_props("river"), " 4p5q | Mine")
    >>> tag.props, tag.where(1)
    ({'river': True, 'notation': '4p5q', 'caption': 'Mine'}, (1, 3))
    """
    if not line.strip():
        return None
    notation, caption = split_caption(line, opts.get("dialect") or default_dialect)
    lead = len(notation) - len(notation.lstrip())
    notation = notation.strip()
    tag = TilesTag(path, text, start + lead, end=start + len(line), props=dict(opts),
                   spans={"notation": list(range(start + lead, start + lead + len(notation)))})
    tag.props["notation"] = notation
    if caption.strip():
        tag.props["caption"] = caption.strip()
    return tag


def fence_line_tags(fence: Fence, props: str, text: str, path: str = "",
                    default_dialect: str | None = None) -> list[TilesTag | Problem]:
    """A tag for each line of a tiles fence, at its place in the page; or the `Problem` of props
    that cannot be read (at the fence's line and column)."""
    opts = fence_props(props)
    if isinstance(opts, str):
        return [Problem(path, fence.open_line + 1, fence.col + 1, f"in the tiles fence: {opts}")]
    tags = (line_tag(line, start, opts, text, path, default_dialect)
            for line, start in zip(fence.body, fence.body_starts))
    return [t for t in tags if t is not None]


def fence_tags(text: str, path: str = "") -> list[TilesTag | Problem]:
    """The tags of every tiles fence of a page, in order."""
    return [t for f, props in tiles_fences(text) for t in fence_line_tags(f, props, text, path)]


def read_docs(paths: Iterable[str], default_theme: str = DEFAULT_THEME, default_lang: str = DEFAULT_LANG,
              default_index: bool = DEFAULT_INDEX, default_dialect: str | None = None) -> Iterator[TagRead | Problem]:
    """Every tag, every tiles fence line and every MyST ```` ```{tiles} ```` directive
    (`service.pictures.directives`) of every .md/.mdx file under ``paths``, read once, in file order;
    of a Typst or LaTeX document named in ``paths``, its calls (`PRINT_CALLS`).

    A tag the scanner cannot read comes as a `Problem`. This is the one loop
    `tiles lint` and `tiles build` share.
    """
    for path, text in walk_docs(paths):
        if path.suffix in PRINT_CALLS:  # a Typst or LaTeX document: its calls, as `tiles build` reads them
            for item in PRINT_CALLS[path.suffix](text, str(path)):
                yield item if isinstance(item, Problem) else read_tag(item, default_theme, default_lang, default_index)
            continue
        found: list[tuple[int, TilesTag | Problem]] = []
        for item in iter_tags(text, str(path)):
            if isinstance(item, TagSyntaxError):
                found.append((item.offset, Problem(str(path), *line_col(text, item.offset), item.message)))
            else:
                found.append((item.offset, item))
        fenced = fences(text)
        for f in fenced:
            if (props := tiles_info(f.info)) is not None:
                found += [(f.start, t) for t in fence_line_tags(f, props, text, str(path), default_dialect)]
        found += [(t.offset if isinstance(t, TilesTag) else 0, t) for t in directive_tags(text, str(path), fenced)]
        for _, item in sorted(found, key=lambda pair: pair[0]):
            yield item if isinstance(item, Problem) else read_tag(item, default_theme, default_lang, default_index,
                                                                  default_dialect)
