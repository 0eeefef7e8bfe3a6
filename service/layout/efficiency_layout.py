"""An acceptance table's geometry: a row a discard, best first; pure CSS pixels, no drawing.

Each row: the discarded tile, then "discard 9p · 6 kinds · 20 tiles" (the best rows end
in "· best"), and under it the accepted tiles, drawn small (`small_height`: the placement's
``size``), each followed by how many are left. A hand that must draw is one row, its own
accepts. ``rows``: the first N rows only.

>>> from service.efficiency import efficiency
>>> lay = efficiency_layout(efficiency("123456789m12p355s"), height=40, rows=2)
>>> [lab.text for lab in lay.labels][:3]
['discard 3s · 1 kind · 4 tiles · best', '4', 'discard 1p · 9 kinds · 32 tiles']
>>> efficiency_alt(efficiency("123456789m12p355s"), rows=1)
'Tile acceptance, shanten 0. Discard 3s: 1 kind, 4 tiles: 3p 4 (best).'
"""

from __future__ import annotations

from service.notation.model import Tile

from .dora_layout import label_band, label_size
from .layout import Label, Layout, Placement, tile_width
from .measure import text_width

def small_height(height: int) -> int:
    """The accepted tiles' height beside a discard ``height`` tall: three quarters, never under 16 px.

    >>> small_height(38), small_height(16)
    (28, 16)
    """
    return max(16, height * 3 // 4)


def _rows(table: dict, rows: int | None) -> list[dict]:
    found = table["discards"] if "discards" in table else [{"tile": None, **table}]
    return found[:rows] if rows else found


def _best(row: dict, first: dict) -> bool:
    return row["tile"] is not None and (row["shanten"], row["tiles"]) == (first["shanten"], first["tiles"])


def _counts(row: dict, sep: str = " · ") -> str:
    kinds = "kind" if row["kinds"] == 1 else "kinds"
    return f"{row['kinds']} {kinds}{sep}{row['tiles']} tiles"


def efficiency_layout(table: dict, height: int = 38, rows: int | None = None) -> Layout:
    """The table (`service.efficiency.efficiency`'s dict) at upright tiles ``height`` CSS px tall."""
    th, tw = height, tile_width(height)
    sh = small_height(th)
    sw = tile_width(sh)
    size = label_size(th)
    gap = max(2, tw // 3)
    placements: list[Placement] = []
    labels: list[Label] = []
    y = width = 0
    shown = _rows(table, rows)
    for n, row in enumerate(shown):
        x = 0
        if row["tile"] is not None:
            placements.append(Placement(Tile.from_code(row["tile"]), n, 0, y, tw, th))
            x = tw + gap
        head = (f"discard {row['tile']} · " if row["tile"] else f"shanten {row['shanten']} · ") + _counts(row)
        if _best(row, shown[0]):
            head += " · best"
        labels.append(Label(head, x, y + size, size))
        width = max(width, x + text_width(head, size))
        ty = y + label_band(size)
        cx = x
        for a in row["accepts"]:
            placements.append(Placement(Tile.from_code(a["tile"]), n, cx, ty, sw, sh, size=sh))
            count = str(a["left"])
            labels.append(Label(count, cx + sw + 2, ty + sh - (sh - size) // 2, size))
            cx += sw + 2 + text_width(count, size) + gap // 2
        width = max(width, cx)
        y += max(th, label_band(size) + sh) + gap
    return Layout(tuple(placements), max(width, 1), max(y - gap, 1), th, tuple(labels))


def efficiency_alt(table: dict, rows: int | None = None) -> str:
    """The table read out, for the picture's alt text."""
    shown = _rows(table, rows)
    parts = [f"Tile acceptance, shanten {table['shanten']}."]
    for row in shown:
        accepts = " ".join(f"{a['tile']} {a['left']}" for a in row["accepts"])
        head = f"Discard {row['tile']}" if row["tile"] else "Draws"
        text = f"{head}: {_counts(row, ', ')}" + (f": {accepts}" if accepts else "")
        parts.append(text + (" (best)." if _best(row, shown[0]) else "."))
    return " ".join(parts)
