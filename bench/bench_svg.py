"""SVG next to PNG: the 14-tile hand at 38 px, render time and bytes.

Run by hand: ``.venv/bin/python -m bench svg``. Medians in ms; "cold" draws the
faces (PNG: bitmaps; SVG: vector trees), "warm" has them cached, as a serving
process does. Bytes are what the service stores and sends: PNG as encoded, SVG
raw and gzipped (the service caches and sends the gzip). The SVG scale only
tunes the hairline: without it the SVG holds a 1x and a 2x drawing (`#2x`),
with scale=2 only the second; the PNG is shown at scale 2, what a 2x screen fetches.
"""

from __future__ import annotations

import gzip
import time

import tile_art
from bench.timing import median_ms
from service.http.vector import pack
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.render import render
from tile_art import svg as tile_svg

HAND = "11222333s22m+-456m+4s"


def first_svg_ms() -> float:
    """The first SVG in a process reads its glyph outlines (once, a child process runs fontTools)."""
    from tile_art import outline

    outline._PATHS.clear()  # the outlines read so far in this process
    outline._UPEM.clear()
    outline.path_data.cache_clear()
    t0 = time.perf_counter()
    render(parse(HAND), RenderOptions(format="svg"))
    return (time.perf_counter() - t0) * 1000


def clear() -> None:
    tile_art.clear_cache()
    tile_svg.tile_nodes.cache_clear()
    tile_svg.themed_tile.cache_clear()
    tile_svg._content.cache_clear()


def main() -> None:
    hand = parse(HAND)
    print(f"hand {HAND!r} at 38 px (median ms; bytes)")
    print(f"first SVG in a process (fontTools reads the font) {first_svg_ms():8.1f} ms")
    rows = [("PNG scale 2", RenderOptions(scale=2)), ("PNG scale 1", RenderOptions()),
            ("WebP scale 2", RenderOptions(scale=2, format="webp")),
            ("SVG light", RenderOptions(format="svg")), ("SVG auto", RenderOptions(format="svg", theme="auto")),
            ("SVG scale 2", RenderOptions(format="svg", scale=2))]
    print(f"{'':14}{'cold':>9}{'warm':>9}{'raw B':>9}{'gzip B':>9}")
    for name, opts in rows:
        def cold(o=opts):
            clear()
            render(hand, o)

        cold_ms = median_ms(cold, repeat=10)
        warm_ms = median_ms(lambda o=opts: render(hand, o), repeat=50)
        data = render(hand, opts)
        packed = len(pack(data)) if opts.format == "svg" else len(gzip.compress(data, 9, mtime=0))
        print(f"{name:14}{cold_ms:9.2f}{warm_ms:9.2f}{len(data):9d}{packed:9d}")
    print("(PNG/WebP gzip column: for comparison only; the service sends them as encoded)")


if __name__ == "__main__":
    main()
