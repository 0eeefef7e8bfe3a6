"""What makes a docs page dark: the reader's system setting, or a theme's own switch.

A mode lists the CSS contexts (an optional media query and a selector) in which
the page is dark, and those in which it is light. Material for MkDocs (and
Zensical) mark the body with ``data-md-color-scheme="slate"``; Furo marks it with
``data-theme`` (``auto`` follows the system).

>>> hide_pair_css(MODES["material"])
'[data-md-color-scheme=slate] .tiles--light{display:none!important}body:not([data-md-color-scheme=slate]) .tiles--dark{display:none!important}'
>>> in_dark(MODES["media"], "{--a:#000}")
'@media (prefers-color-scheme:dark){:root{--a:#000}}'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, partial

DARK = "(prefers-color-scheme:dark)"
NOT_DARK = "not all and (prefers-color-scheme:dark)"


@dataclass(frozen=True)
class ColorMode:
    """Where a page is dark and where light: (media query or "", selector) pairs."""

    name: str
    dark: tuple[tuple[str, str], ...]
    light: tuple[tuple[str, str], ...]


MODES = {
    "media": ColorMode("media", ((DARK, ":root"),), ((NOT_DARK, ":root"),)),
    "material": ColorMode("material", (("", "[data-md-color-scheme=slate]"),),
                          (("", "body:not([data-md-color-scheme=slate])"),)),
    "furo": ColorMode("furo", (("", "body[data-theme=dark]"), (DARK, "body:not([data-theme=light])")),
                      (("", "body[data-theme=light]"), (NOT_DARK, "body:not([data-theme=dark])"))),
}


def color_mode(name: str) -> ColorMode:
    """The mode called `name`; ValueError naming the choices otherwise."""
    try:
        return MODES[name]
    except KeyError:
        raise ValueError(f"color_mode must be one of {', '.join(MODES)}, not {name!r}") from None


def _wrap(contexts, rule: str) -> str:
    return "".join(f"@media {m}{{{sel}{rule}}}" if m else f"{sel}{rule}" for m, sel in contexts)


def in_dark(mode: ColorMode, block: str) -> str:
    """`block` (``{...}`` declarations) applied wherever the page is dark."""
    return _wrap(mode.dark, block)


def hide_pair_css(mode: ColorMode) -> str:
    """For a light/dark pair of images (classes ``tiles--light``, ``tiles--dark``): show one."""
    hide = "{display:none!important}"
    return _wrap(mode.dark, " .tiles--light" + hide) + _wrap(mode.light, " .tiles--dark" + hide)


@lru_cache(maxsize=None)
def dark_css(name: str):
    """`in_dark` for mode `name` as one callable per mode (None for media, where the SVG's own
    `@media` rules do it): what `service.drawing.svg_page.PageSprite` takes, and a stable cache key.

    >>> dark_css("media") is None, dark_css("furo") is dark_css("furo")
    (True, True)
    """
    mode = color_mode(name)
    return None if mode.name == "media" else partial(in_dark, mode)
