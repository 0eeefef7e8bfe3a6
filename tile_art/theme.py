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
    edge: RGB          # ivory thickness seen below the face
    outline: RGB       # thin line around the whole tile
    back: RGB          # tile back, and the coloured layer at the bottom edge
    back_low: RGB      # back, bottom of gradient
    back_edge: RGB     # thickness below a face-down tile
    ink: RGB           # numerals, winds
    red: RGB           # 萬, 中, red pips and sticks
    red_dark: RGB      # shading on red sticks
    green: RGB         # 發, sou sticks, green pins
    green_dark: RGB    # bamboo joints
    blue: RGB          # blue pins, white-dragon frame
    gold: RGB          # small accents (1p centre, bird beak)
    light: RGB         # highlights inside pips and sticks


LIGHT = Theme(
    page=(250, 250, 247),
    body=(252, 249, 238),
    body_low=(240, 233, 214),
    edge=(218, 205, 176),
    outline=(120, 108, 88),
    back=(232, 128, 32),
    back_low=(205, 104, 18),
    back_edge=(160, 78, 12),
    ink=(24, 24, 28),
    red=(206, 32, 41),
    red_dark=(140, 16, 24),
    green=(18, 120, 64),
    green_dark=(8, 74, 38),
    blue=(26, 58, 140),
    gold=(232, 170, 30),
    light=(255, 253, 245),
)

DARK = Theme(
    page=(27, 29, 33),
    body=(222, 215, 196),
    body_low=(200, 191, 168),
    edge=(150, 136, 110),
    outline=(12, 12, 14),
    back=(196, 106, 30),
    back_low=(166, 86, 20),
    back_edge=(104, 52, 12),
    ink=(20, 20, 24),
    red=(184, 26, 36),
    red_dark=(120, 12, 20),
    green=(14, 104, 56),
    green_dark=(6, 64, 32),
    blue=(24, 52, 124),
    gold=(204, 146, 24),
    light=(236, 230, 212),
)

THEME_DATA: dict[str, Theme] = {"light": LIGHT, "dark": DARK}
THEMES: tuple[str, ...] = tuple(THEME_DATA)


def get_theme(name: str) -> Theme:
    """The theme called `name`; ValueError listing the known names otherwise."""
    try:
        return THEME_DATA[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}; expected one of {', '.join(THEMES)}") from None
