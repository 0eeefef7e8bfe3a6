"""The HTML a `<Tiles>` tag becomes in a Python-built page: the markup remark-tiles writes.

Class names and styles come from `service.pictures.spec.MARKUP`, shared with the `<Tiles>`
component and remark-tiles, so a page looks the same whichever tool built it.
A light/dark pair is two images with ``tiles--light`` / ``tiles--dark``, one
shown by `service.docs.color_mode.hide_pair_css`.

>>> from service.pictures.tag_props import read_tag
>>> from service.pictures.scan import scan_text
>>> req = read_tag(scan_text('<Tiles notation="14s" caption="Waits" />')[0]).request
>>> wrap(req, ["<img>"])
'<figure class="tiles-figure" style="margin:1em 0"><img><figcaption>Waits</figcaption></figure>'
>>> print(caret("a.md:1:4: 'q' is not a suit letter", 4, "12mq"))
a.md:1:4: 'q' is not a suit letter
  12mq
     ^
"""

from __future__ import annotations

from html import escape

from service.pictures.spec import MARKUP
from service.pictures.tag_props import ImageRequest


def css(style: dict) -> str:
    """``{"maxWidth": "100%"}`` -> ``max-width:100%`` (as remark-tiles writes a style)."""
    return ";".join(f"{''.join('-' + c.lower() if c.isupper() else c for c in k)}:{v}" for k, v in style.items())


_INLINE_STYLE, _BLOCK_STYLE = css(MARKUP["inlineStyle"]), css(MARKUP["blockStyle"])  # written once, used per tag


def attrs(request: ImageRequest, theme: str | None = None) -> str:
    """`` class="..." data-notation="..." style="..."`` for an `<img>` or inline `<svg>`; ``theme`` for a pair."""
    cls = (MARKUP["inlineClassName"] if request.inline else MARKUP["className"]).split()
    if request.options.layout == "river":
        cls.append(MARKUP["riverClassName"])
    if theme:
        cls.append(MARKUP["themeClassName"].replace("{theme}", theme))
    title = f' title="{escape(request.caption)}"' if request.inline and request.caption else ""
    style = _INLINE_STYLE if request.inline else _BLOCK_STYLE
    return f' class="{" ".join(cls)}" data-notation="{escape(request.notation)}"{title} style="{style}"'


def img(request: ImageRequest, files: list[str], width: int, height: int, alt: str, theme: str | None = None) -> str:
    """An `<img>` of files at 1x (2x, 3x): ``srcset`` when there are several."""
    srcset = ", ".join(f"{escape(f)} {i + 1}x" for i, f in enumerate(files))
    srcset = f' srcset="{srcset}"' if len(files) > 1 else ""
    return (f'<img src="{escape(files[0])}"{srcset} width="{width}" height="{height}" alt="{escape(alt)}" '
            f'loading="lazy" decoding="async"{attrs(request, theme)}>')


def wrap(request: ImageRequest, pictures: list[str]) -> str:
    """A figure with its caption, or the picture(s) alone (inline, or no caption)."""
    body = "".join(pictures)
    if not request.caption or request.inline:
        return body if len(pictures) == 1 else f'<span class="tiles-themed">{body}</span>'
    return (f'<figure class="{MARKUP["figureClassName"]}" style="{css(MARKUP["figureStyle"])}">{body}'
            f"<figcaption>{escape(request.caption)}</figcaption></figure>")


def caret(message: str, col: int, line: str) -> str:
    """The message, the source line and a caret under column ``col`` (as `tiles` and remark-tiles print)."""
    pad = "".join(c if c == "\t" else " " for c in line[: col - 1])
    return f"{message}\n  {line}\n  {pad}^"


def error_html(message: str, inline: bool) -> str:
    """What a page shows for a tag that cannot be drawn, when the site asks for warnings."""
    text = escape(message)
    style = "color:#b00020;border:1px solid #b00020;padding:.2em .4em;white-space:pre-wrap"
    if inline:
        return f'<code class="tiles-error" role="alert" style="{style}">{text}</code>'
    return f'<pre class="tiles-error" role="alert" style="{style}">{text}</pre>'
