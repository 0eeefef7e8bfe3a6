"""A scene's shapes: under its tiles the table's centre panel and riichi sticks, over them the
dot on a called discard (PNG and SVG).

Colours come from the theme: the panel is the page tinted a little toward the tile backs,
rimmed with the tiles' outline; a stick is tile ivory with the outline and a red dot; a
called discard's dot is the tile backs' colour, rimmed with the outline; a result card's
``differs`` band (our score and the log's differ) is the page tinted red, rimmed red.

>>> from service.layout.layout import Shape
>>> colours("light")["stick"][2] == get_theme("light").red
True
>>> svg_shapes((Shape("stick", 0, 0, 84, 4),), "s")[0][:39]
'<rect class="s-stick" x="0" y="0" width'
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from service.layout.layout import Shape
from tile_art.theme import get_theme

KINDS = ("panel", "stick", "called", "differs")
OVER = ("called",)  # drawn over the tiles, not under them


def _mix(a, b, k: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))  # type: ignore[return-value]


def colours(theme: str) -> dict[str, tuple]:
    """(fill, rim, dot) per shape kind; the panel has no dot."""
    t = get_theme(theme)
    return {"panel": (_mix(t.page, t.back, 0.14), _mix(t.page, t.outline, 0.5), None),
            "stick": (t.body, t.outline, t.red), "called": (t.back, t.outline, None),
            "differs": (_mix(t.page, t.red, 0.18), t.red, None)}


def draw_shapes(img: Image.Image, shapes: tuple[Shape, ...], scale: int, theme: str, over: bool = False) -> None:
    """Paint `shapes` onto the RGBA `img`: those under the tiles (before them: they never
    overlap), or with `over` those drawn on top of them (`OVER`)."""
    shapes = tuple(s for s in shapes if (s.kind in OVER) == over)
    if not shapes:
        return
    draw = ImageDraw.Draw(img)
    pal = colours(theme)
    for s in shapes:
        fill, rim, dot = pal[s.kind]
        box = (s.x * scale, s.y * scale, (s.x + s.w) * scale - 1, (s.y + s.h) * scale - 1)
        if s.kind == "called":
            draw.ellipse(box, fill=fill + (255,), outline=rim + (255,), width=max(1, scale))
            continue
        radius = min(s.w, s.h) * scale // 2 if s.kind == "stick" else 6 * scale if s.kind == "panel" else 3 * scale
        draw.rounded_rectangle(box, radius, fill=fill + (255,), outline=rim + (255,), width=max(1, scale))
        if dot is not None:
            r = max(1, min(s.w, s.h) * scale // 3)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=dot + (255,))


def svg_shapes(shapes: tuple[Shape, ...], cls: str, over: bool = False) -> list[str]:
    """The shapes under the tiles (or with `over`, those on top) as `<rect>`s (and a stick's dot),
    painted by classes ``{cls}-panel``/``{cls}-stick``/``{cls}-dot``; a called discard's dot is a
    ``{cls}-called`` circle."""
    out = []
    for s in shapes:
        if (s.kind in OVER) != over:
            continue
        if s.kind == "called":
            out.append(f'<circle class="{cls}-called" cx="{s.x + s.w / 2:g}" cy="{s.y + s.h / 2:g}" r="{s.w / 2:g}"/>')
            continue
        r = min(s.w, s.h) / 2 if s.kind == "stick" else 6 if s.kind == "panel" else 3
        out.append(f'<rect class="{cls}-{s.kind}" x="{s.x}" y="{s.y}" width="{s.w}" height="{s.h}" rx="{r:g}"/>')
        if s.kind == "stick":
            out.append(f'<circle class="{cls}-dot" cx="{s.x + s.w / 2:g}" cy="{s.y + s.h / 2:g}" '
                       f'r="{max(0.5, min(s.w, s.h) / 3):g}"/>')
    return out


def svg_shape_style(themes: tuple[str, ...], cls: str, dark_query: str) -> str:
    """CSS for the shapes' classes: the first theme's colours, the last's under `dark_query`."""
    def rules(theme: str) -> str:
        pal = colours(theme)
        out = [f".{cls}-{k}{{fill:{_hex(pal[k][0])};stroke:{_hex(pal[k][1])};stroke-width:1}}" for k in KINDS]
        return "".join(out) + f".{cls}-dot{{fill:{_hex(pal['stick'][2])}}}"
    first, last = rules(themes[0]), rules(themes[-1])
    return f"<style>{first}{dark_query + '{' + last + '}' if last != first else ''}</style>"


def _hex(c) -> str:
    return "#%02x%02x%02x" % tuple(c)
