"""Colour themes: plain data, one `Theme` per name. Adding a theme is adding an entry.

>>> get_theme("dark").body != get_theme("light").body
True
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the tile art uses. Drawing code reads these and nothing else."""

    page: RGB          # contact-sheet background (what the docs page looks like)
    body: RGB          # tile face, top
    body_low: RGB      # tile face, bottom (a soft vertical gradient)
    edge: RGB          # ivory thickness: below a face, and at the bottom of a face-down tile
    outline: RGB       # thin rim around the whole tile
    back: RGB          # tile back, and the coloured layer at the bottom edge
    back_low: RGB      # back, bottom of gradient
    back_edge: RGB     # thickness of the back layer seen below a face-down tile's back
    ink: RGB           # numerals, winds, the thin outline of pins
    red: RGB           # 萬, 中, red pips and sticks, the red-five dot
    red_dark: RGB      # rind of red sticks
    green: RGB         # 發, sou sticks, green pins
    green_dark: RGB    # rind of green sticks
    blue: RGB          # blue pins, white-dragon frame, the bird's body
    gold: RGB          # small accents (1p centre, bird beak, eye-spots)
    purple: RGB        # orchid flowers (2f)
    light: RGB         # highlights inside pips and sticks


# Ink colours are shared: on a dark page the face stays ivory, so the ink keeps its
# full saturation in both themes.
INK = dict(
    ink=(24, 24, 28),
    red=(206, 32, 41),
    red_dark=(128, 14, 22),
    green=(16, 118, 62),
    green_dark=(6, 66, 34),
    blue=(26, 54, 136),
    gold=(226, 160, 24),
    purple=(120, 54, 156),
)

LIGHT = Theme(
    page=(250, 250, 247),
    body=(252, 249, 238),
    body_low=(240, 233, 214),
    edge=(218, 205, 176),
    outline=(120, 108, 88),
    back=(58, 128, 122),
    back_low=(44, 108, 104),
    back_edge=(30, 82, 80),
    light=(255, 253, 245),
    **INK,
)

# For dark docs pages (e.g. #0d1117): the ivory only slightly dimmed, and a rim a
# step lighter than the page instead of a dark outline that would vanish on it.
DARK = Theme(
    page=(13, 17, 23),
    body=(236, 230, 214),
    body_low=(222, 213, 192),
    edge=(196, 182, 150),
    outline=(62, 68, 78),
    back=(50, 112, 108),
    back_low=(38, 94, 91),
    back_edge=(24, 68, 66),
    light=(246, 242, 230),
    **INK,
)

THEME_DATA: dict[str, Theme] = {"light": LIGHT, "dark": DARK}
THEMES: tuple[str, ...] = tuple(THEME_DATA)


def get_theme(name: str) -> Theme:
    """The theme called `name`; ValueError listing the known names otherwise."""
    try:
        return THEME_DATA[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}; expected one of {', '.join(THEMES)}") from None
