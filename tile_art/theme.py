"""Colour themes: plain data, one `Theme` per name. Adding a theme is adding an entry.

>>> get_theme("dark").body != get_theme("light").body
True
>>> from dataclasses import astuple
>>> all(len(set(c)) == 1 for c in astuple(get_theme("print")) if isinstance(c, tuple))   # print: greys only
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
    red_mark: RGB | None = None  # the red-five dots (`tile_art.marks`); None: `red`, the five's own colour
    rim: float = 1.0   # the outline's width, times the usual (`tile_art.body.face_box`)


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

# For print on a black-and-white laser printer: greys only, on white paper. A printed colour
# theme turns red and green into the same grey (206,32,41 and 16,118,62 are luma 85 and 81), so
# here each ink has its own step: blue darkest, red mid, green light with a dark rind, and
# the red five's dots in black, so it is told from a plain five by a mark, not a shade.
PRINT = Theme(
    page=(255, 255, 255),
    body=(255, 255, 255),
    body_low=(238, 238, 238),
    edge=(208, 208, 208),
    outline=(40, 40, 40),
    back=(120, 120, 120),
    back_low=(104, 104, 104),
    back_edge=(72, 72, 72),
    ink=(0, 0, 0),
    red=(100, 100, 100),
    red_dark=(45, 45, 45),
    green=(150, 150, 150),
    green_dark=(55, 55, 55),
    blue=(30, 30, 30),
    gold=(190, 190, 190),
    purple=(120, 120, 120),
    light=(255, 255, 255),
    red_mark=(0, 0, 0),
)

# High contrast: flat white faces in a black rim twice the usual width, inks darker and saturated, for
# readers who need strong edges (and projectors that wash colours out).
CONTRAST = Theme(
    page=(255, 255, 255),
    body=(255, 255, 255),
    body_low=(255, 255, 255),
    edge=(200, 200, 200),
    outline=(0, 0, 0),
    back=(0, 84, 80),
    back_low=(0, 72, 68),
    back_edge=(0, 40, 38),
    ink=(0, 0, 0),
    red=(196, 0, 0),
    red_dark=(110, 0, 0),
    green=(0, 112, 40),
    green_dark=(0, 52, 18),
    blue=(0, 36, 170),
    gold=(200, 128, 0),
    purple=(104, 0, 150),
    light=(255, 255, 255),
    rim=2.0,
)

THEME_DATA: dict[str, Theme] = {"light": LIGHT, "dark": DARK, "print": PRINT, "contrast": CONTRAST}
THEMES: tuple[str, ...] = tuple(THEME_DATA)


def get_theme(name: str) -> Theme:
    """The theme called `name`; ValueError listing the known names otherwise."""
    try:
        return THEME_DATA[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}; expected one of {', '.join(THEMES)}") from None
