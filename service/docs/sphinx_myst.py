"""Sphinx with MyST: a page's `<Tiles>` tags and ```` ```tiles ```` / ```` ```tiles-scene ```` fences.

MyST passes a ``<Tiles .../>`` tag through as raw HTML (a block, or inline in a paragraph) and
leaves a ```` ```tiles ```` fence as a code block with that language. `MystTiles` replaces them,
once a page is parsed, with the nodes the ``tiles`` and ``tiles-scene`` directives make, so they
are drawn as the directives draw them. Each tag is read again from the page's file (at the place
MyST gives, the raw text found there), so a typo is reported at its ``file:line:col``, as by
`tiles lint`. A tag MyST does not take for HTML (a prop ``{'...'}`` in braces and quotes) stays text;
a tag in an HTML comment shows nothing and is not drawn (as in the Markdown extension and remark-tiles),
though `tiles lint` reads it.

>>> fence_line('  > ```tiles river')
(4, 7, 'tiles river')
>>> fence_line('- ```{.tiles-scene lang=ja}'), fence_line("plain text")
((2, 5, '{.tiles-scene lang=ja}'), None)
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.transforms import SphinxTransform

from service.pictures.pages import fence_props, line_tag, tiles_info
from service.pictures.scan import TAG_NAME, TagSyntaxError, TilesTag, iter_tags, line_col, scan_text, tag_pattern
from service.pictures.scene_blocks import SceneBlock, scene_info
from .sphinx_ext import _check, _report, _shown, _source, scene_node, tiles_block, tiles_inline
from service.pictures.tag_props import Problem

# a fence's opening line: blockquote and list markers, indent, then the marker and its info string
_FENCE_LINE = re.compile(r"(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|[0-9]{1,9}[.)])[ \t]+)*(`{3,}|~{3,})(.*)$")
_TAG = tag_pattern(TAG_NAME)


def fence_line(line: str) -> tuple[int, int, str] | None:
    """(0-based columns of the marker and of the info string, the info string) of a fence's opening line."""
    m = _FENCE_LINE.match(line)
    return (m.start(1), m.start(2), m.group(2)) if m else None


class MystTiles(SphinxTransform):
    """In a MyST page, each `<Tiles>` tag (raw HTML) and tiles fence (a code block) becomes a picture."""

    default_priority = 200  # early: later transforms see pictures, not code

    def apply(self, **kwargs) -> None:
        path = Path(self.env.doc2path(self.env.docname))
        if self.config.source_suffix.get(path.suffix) != "markdown" or not path.is_file():
            return
        page = None  # read once a page has a tag or a fence
        for node in list(self.document.findall(lambda n: isinstance(n, (nodes.literal_block, nodes.raw)))):
            if isinstance(node, nodes.raw):
                if "html" in node.get("format", "").split() and _TAG.search(node.astext()):
                    page = page or Page(self.env, path)
                    page.raw(node)
            elif node.get("language") in ("tiles", "tiles-scene") and node.line:
                page = page or Page(self.env, path)
                page.fence(node)


class Page:
    """One MyST page's text, and the tags of it already placed (two equal tags are two places)."""

    def __init__(self, env, path: Path):
        self.env, self.path = env, _shown(str(path))
        self.text = _source(str(path), path.stat().st_mtime_ns)
        self.lines = self.text.split("\n")
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.placed: set[int] = set()
        # where the tags in HTML comments stand: never the place of a tag MyST passes on
        self.commented = {t.offset for t in iter_tags(self.text) if not isinstance(t, TagSyntaxError)} - \
            {t.offset for t in iter_tags(self.text, comments=False) if not isinstance(t, TagSyntaxError)}

    def fence(self, node: nodes.literal_block) -> None:
        """A ```` ```tiles ```` fence: a picture a line; ```` ```tiles-scene ````: the scene."""
        at = node.line - 1  # MyST's line of a code block is its fence's
        found = fence_line(self.lines[at]) if at < len(self.lines) else None
        if found is None:
            return
        marker, col, info = found
        body = node.astext().split("\n")
        scene = scene_info(info)
        if scene is not None:
            indent = self._body_col(at + 1, body[0]) if body[0] else marker
            block = SceneBlock(self.path, node.line + 1, indent, node.astext().rstrip("\n") + "\n", scene[0],
                               node.line, col + scene[1] + 1)
            node.replace_self(scene_node(self.env, block, self.text))
            return
        props = tiles_info(info)
        if props is None:  # ```{code-block} tiles: code, as asked
            return
        opts = fence_props(props)  # read as `tiles lint` reads them: a problem is placed at the fence
        if isinstance(opts, str):
            read = Problem(self.path, node.line, marker + 1, f"in the tiles fence: {opts}")
            _report(self.env, [read], self.text)
            node.replace_self(nodes.literal_block(str(read), str(read), classes=["tiles-error"]))
            return
        out = []
        for k, line in enumerate(body):
            start = self.starts[at + 1 + k] + self._body_col(at + 1 + k, line)
            tag = line_tag(line, start, opts, self.text, self.path, self.env.config.tiles_dialect or None)
            if tag is not None:
                out.append(_check(self.env, tag, False, tiles_block))
        node.replace_self(out)

    def _body_col(self, at: int, line: str) -> int:
        """Where a body line of a fence (its markers and indent taken off) starts in the page's line."""
        whole = self.lines[at] if at < len(self.lines) else ""
        return len(whole) - len(line) if whole.endswith(line) else max(whole.find(line), 0)

    def raw(self, node: nodes.raw) -> None:
        """Raw HTML holding tags: each tag becomes its picture, the HTML around it stays."""
        html = node.astext()
        inline = isinstance(node.parent, nodes.TextElement)
        tags = list(iter_tags(html, self.path, comments=False))  # a comment shows nothing: no picture
        err = next((t for t in tags if isinstance(t, TagSyntaxError)), None)
        if err is not None:
            line, col = line_col(html, err.offset)
            where = self._line_of(node) + line - 1
            _report(self.env, [Problem(self.path, where, col, err.message)], self.text)
            return
        if not tags:
            return
        paragraph = node.parent if isinstance(node.parent, nodes.paragraph) else None
        if paragraph is not None and len(tags) == 1 and not (html[:tags[0].offset] + html[tags[0].end:]).strip() \
                and all(k is node or (isinstance(k, nodes.Text) and not k.strip()) for k in paragraph.children):
            # a tag alone in its paragraph is a picture on its own, not in a line of text
            paragraph.replace_self(_check(self.env, self._placed(node, html, tags[0]), False, tiles_block))
            return
        out, done = [], 0
        for found in tags:
            if html[done:found.offset].strip():
                out.append(nodes.raw("", html[done:found.offset], format="html"))
            tag = self._placed(node, html, found)
            out.append(_check(self.env, tag, inline, tiles_inline if inline else tiles_block))
            done = found.end
        if html[done:].strip():
            out.append(nodes.raw("", html[done:], format="html"))
        node.replace_self(out)

    def _line_of(self, node) -> int:
        while node is not None and not node.line:
            node = node.parent
        return node.line if node is not None else 1

    def _placed(self, node, html: str, found: TilesTag) -> TilesTag:
        """The tag read again where it is in the page: its first line, searched from MyST's line."""
        first = html[found.offset:found.end].split("\n")[0]
        pos = self.text.find(first, self.starts[min(self._line_of(node), len(self.lines)) - 1])
        while pos in self.placed or pos in self.commented:
            pos = self.text.find(first, pos + 1)
        if pos < 0:  # not in the file as written (an include): placed at MyST's line
            shift = "\n" * (self._line_of(node) - 1)
            return TilesTag(self.path, shift + html, found.offset + len(shift), end=found.end + len(shift),
                            props=found.props, spans={k: [o + len(shift) for o in v] for k, v in found.spans.items()})
        self.placed.add(pos)
        line = self.text.count("\n", 0, pos)
        last = min(line + html[found.offset:found.end].count("\n"), len(self.lines) - 1)
        head = self.text[self.starts[line]:pos]
        [tag, *_] = scan_text(self.text[pos:self.starts[last] + len(self.lines[last])], self.path, prefix=head)
        return TilesTag(self.path, self.text, tag.offset + pos, end=tag.end + pos, props=tag.props,
                        spans={k: [o + pos for o in v] for k, v in tag.spans.items()})


def setup(app) -> None:
    """Add the transform (`service.sphinx` does, after `service.docs.sphinx_ext`'s directives)."""
    app.add_transform(MystTiles)
