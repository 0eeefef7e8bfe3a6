"""Numbers as SVG text, as short as they can be: shared by the SVG pen and the glyph
outline reader (which sits below the pen).

>>> num(0.5), num(-2.0), fnum(0.0612345678)
('.5', '-2', '.0612346')
"""

from __future__ import annotations


def num(v: float, places: int = 2) -> str:
    """Shortest SVG text of `v` rounded to `places` decimals: `num(0.5) == '.5'`, `num(-2.0) == '-2'`."""
    t = f"{v:.{places}f}".rstrip("0").rstrip(".")
    if t in ("-0", "", "-"):
        return "0"
    if t.startswith("0."):
        return t[1:]
    return "-" + t[2:] if t.startswith("-0.") else t


def fnum(v: float) -> str:
    """A transform coefficient to 6 significant digits: `fnum(0.0612345678) == '.0612346'`."""
    t = f"{v:.6g}"
    if "e" in t:
        t = f"{v:.9f}".rstrip("0").rstrip(".")
    return num(float(t), 9)
