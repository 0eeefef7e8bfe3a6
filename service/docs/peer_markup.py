"""Other tools' own Markdown, rewritten as ours by `tiles convert`: their blocks, shortcodes and tags.

pymdownx-mahjong's ```` ```mahjong ```` blocks and ``:123m:`` shortcodes, merjong's
``<div class="merjong">`` elements and mdbook-merjong's ```` ```merjong ```` blocks, riichi.wiki's
``{{#mjt:...}}``, hexo-mahgen's ``{% mahgen ... %}`` and the Obsidian mahgen plugin's `` `mg ...` ``.

>>> from service.pictures.fences import fences
>>> page = Page("Wait on :14s: here.", "a.md", "pymdownx-mahjong", False)
>>> convert_markup(page, fences(page.text)); [(e.start, e.end, e.new) for e in page.edits]
[(8, 13, '<Tiles notation="14s" inline />')]
"""

from __future__ import annotations

import re

from service.notation import dialects
from service.pictures.fences import Fence

from .convert_page import Edit, Page, alone_on_line, in_code_span

_HEXO_TAG = re.compile(r"\{%[ \t]*mahgen[ \t]+([^%\n]*?)[ \t]*%\}")  # hexo-mahgen's tag
_OBSIDIAN_CODE = re.compile(r"(?<!`)`(?:mg|mahgen) ([^`\n]+)`(?!`)")  # mahgen-renderer's (Obsidian) inline code
_MJT = re.compile(r"\{\{#mjt:([^{}]*)\}\}")  # riichi.wiki's MahjongTile parser function, in a page taken from the wiki
# merjong's own HTML: <div class="merjong">NOTATION</div> (or <pre>), as its README writes it
_MERJONG_ELEMENT = re.compile(r"""<(div|pre)\s+class=["']merjong["']\s*>([^<]*)</\1>""")
_SHORTCODE = re.compile(r":((?:[0-9]+[mpsz])+):")  # pymdownx-mahjong's inline tiles, as it reads them
_PYMDOWNX_KEYS = ("hand", "title", "dora", "uradora", "draw")


def convert_markup(page: Page, fenced: list[Fence]) -> None:
    """Add the edits that rewrite the page's markup of its dialect's own tool, if it has any."""
    for reader in MARKUP.get(dialects.dialect_name(page.dialect), ()):
        reader(page, fenced)


def _pymdownx_blocks(page: Page, fenced: list[Fence]) -> None:
    """pymdownx-mahjong's ```` ```mahjong ```` blocks: a hand line (or ``hand:``) and ``title``,
    ``dora``, ``uradora``, ``draw`` lines, as it reads them; each becomes a ```` ```tiles ```` fence."""
    for fence in fenced:
        if fence.info.strip() != "mahjong" or fence.close_line is None:
            continue
        hand, options = None, {}
        for line, start in zip(fence.body, fence.body_starts):
            stripped = line.strip()
            if not stripped:
                continue
            lead = start + len(line) - len(line.lstrip())
            key, colon, value = stripped.partition(":")
            if colon and key.strip().lower() in _PYMDOWNX_KEYS:
                value_at = lead + len(key) + 1 + len(value) - len(value.lstrip())
                value = value.strip()
                quoted = value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1
                offsets = list(range(value_at + quoted, value_at + len(value) - quoted))
                value = value.strip("\"'")
                if key.strip().lower() == "hand":
                    hand = (value, offsets)
                else:
                    options[key.strip().lower()] = (value, offsets)
            elif hand is None and not colon:
                hand = (stripped, list(range(lead, lead + len(stripped))))
        if hand is None or not hand[0]:
            page.error(fence.start, "a mahjong block with no hand: nothing to convert")
            continue
        ours = page.ours(*hand)
        extra = {name: page.ours(*options[name]) for name in ("dora", "uradora", "draw") if name in options}
        if ours is None or None in extra.values():
            continue
        if "draw" in extra:
            ours += "+" + extra["draw"]
        props = "".join(f' {ours_name}="{extra[name]}"' for name, ours_name in (("dora", "dora"), ("uradora", "ura"))
                        if name in extra)
        title = options.get("title", ("", []))[0]
        line = ours + (f" | {title}" if title else "")
        prefix = fence.prefix
        opening = fence.marker + "tiles" + props
        block = "\n".join([opening] + [prefix + line, prefix + fence.marker])
        page.edits.append(Edit(fence.start, fence.end, block))
        page.count += 1


def _shortcodes(page: Page, fenced: list[Fence]) -> None:
    """pymdownx-mahjong's inline ``:123m:``: an inline `<Tiles>` tag each, outside code."""
    code = [(f.start - f.col, f.end) for f in fenced]
    text = page.text
    for m in _SHORTCODE.finditer(text):
        if any(a <= m.start() < b for a, b in code) or in_code_span(text, m.start()):
            continue
        offsets = list(range(m.start(1), m.end(1)))
        ours = page.ours(m.group(1), offsets)
        if ours is not None:
            page.edits.append(Edit(m.start(), m.end(), f'<Tiles notation="{ours}" inline />'))
            page.count += 1


def _merjong_fences(page: Page, fenced: list[Fence]) -> None:
    """mdbook-merjong's ```` ```merjong ```` blocks: a ```` ```tiles ```` fence, each line a picture."""
    for fence in fenced:
        if fence.info.strip() != "merjong" or fence.close_line is None:
            continue
        lines = []
        for line, start in zip(fence.body, fence.body_starts):
            if not line.strip():
                continue
            lead = start + len(line) - len(line.lstrip())
            ours = page.ours(line.strip(), list(range(lead, lead + len(line.strip()))))
            if ours is None:
                break
            lines.append(ours)
        else:
            if lines:
                body = "".join("\n" + fence.prefix + line for line in lines)
                page.edits.append(Edit(fence.start, fence.end, f"{fence.marker}tiles{body}\n{fence.prefix}{fence.marker}"))
                page.count += len(lines)


def _merjong_elements(page: Page, fenced: list[Fence]) -> None:
    """merjong's ``<div class="merjong">`` and ``<pre class="merjong">`` elements, outside code: a `<Tiles>` tag each."""
    code = [(f.start - f.col, f.end) for f in fenced]
    for m in _MERJONG_ELEMENT.finditer(page.text):
        if any(a <= m.start() < b for a, b in code) or in_code_span(page.text, m.start()):
            continue
        notation = m.group(2).strip()
        lead = m.start(2) + len(m.group(2)) - len(m.group(2).lstrip())
        ours = page.ours(notation, list(range(lead, lead + len(notation)))) if notation else None
        if ours is not None:
            page.edits.append(Edit(m.start(), m.end(), f'<Tiles notation="{ours}" />'))
            page.count += 1


def _wiki_tiles(page: Page, fenced: list[Fence]) -> None:
    """riichi.wiki's ``{{#mjt:123m}}``, outside code: a `<Tiles>` tag, ``inline`` when text stands beside it."""
    code = [(f.start - f.col, f.end) for f in fenced]
    text = page.text
    for m in _MJT.finditer(text):
        if any(a <= m.start() < b for a, b in code) or in_code_span(text, m.start()):
            continue
        notation = m.group(1).strip()
        lead = m.start(1) + len(m.group(1)) - len(m.group(1).lstrip())
        ours = page.ours(notation, list(range(lead, lead + len(notation)))) if notation else None
        if ours is None:
            continue
        alone = alone_on_line(text, m.start(), m.end())
        page.edits.append(Edit(m.start(), m.end(), f'<Tiles notation="{ours}"{"" if alone else " inline"} />'))
        page.count += 1


def _mahgen_markup(page: Page, fenced: list[Fence]) -> None:
    """mahgen's Markdown forms: hexo-mahgen's ``{% mahgen 1m|_123p %}`` and the Obsidian plugin's inline
    code `` `mg 123s` `` (or `` `mahgen ...` ``): a `<Tiles>` tag each (``inline`` in a line of text)."""
    code = [(f.start - f.col, f.end) for f in fenced]
    text = page.text
    for pattern, in_code in ((_HEXO_TAG, False), (_OBSIDIAN_CODE, True)):
        for m in pattern.finditer(text):
            if any(a <= m.start() < b for a, b in code) or (not in_code and in_code_span(text, m.start())):
                continue
            notation = m.group(1).strip()
            lead = m.start(1) + len(m.group(1)) - len(m.group(1).lstrip())
            ours = page.ours(notation, list(range(lead, lead + len(notation)))) if notation else None
            if ours is not None:
                inline = in_code or not alone_on_line(text, m.start(), m.end())
                page.edits.append(Edit(m.start(), m.end(), f'<Tiles notation="{ours}"{" inline" if inline else ""} />'))
                page.count += 1


MARKUP = {"pymdownx-mahjong": (_pymdownx_blocks, _shortcodes), "merjong": (_merjong_fences, _merjong_elements),
          "riichi-wiki": (_wiki_tiles,), "mahgen": (_mahgen_markup,)}
