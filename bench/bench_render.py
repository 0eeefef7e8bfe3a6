"""Render benchmark: a 14-tile hand with a called meld, 38 px at scale 2.

Run by hand: ``.venv/bin/python -m bench render``. Prints medians and the
ratio of a warm render to the encode floor (encoding an image of the same size
alone). Target: warm render within 1.5x of the floor and under 5 ms.
Also measures the PNG choices (zlib level, palette) that render.py settles on.
"""

from __future__ import annotations

import io

from PIL import Image

import tile_art
from bench.timing import median_ms
from service.notation import parse
from service.options import RenderOptions
from service.render import compose, encode, render

HAND = "11222333s22m+-456m+4s"  # 10 in hand + called meld + winning tile = 14 tiles


def main() -> None:
    hand = parse(HAND)
    opts = RenderOptions(height=38, scale=2)
    img = compose(hand, opts)
    print(f"hand {HAND!r}: {img.size[0]}x{img.size[1]} px at 38 px x2")

    def cold():
        tile_art.clear_cache()
        render(hand, opts)

    cold_ms = median_ms(cold, repeat=20)
    warm_ms = median_ms(lambda: render(hand, opts))
    floor_ms = median_ms(lambda: encode(img, "png"))
    compose_ms = median_ms(lambda: compose(hand, opts))
    print(f"cold render (faces drawn)   {cold_ms:8.3f} ms")
    print(f"warm render                 {warm_ms:8.3f} ms")
    print(f"  of which compose          {compose_ms:8.3f} ms")
    print(f"encode floor (same image)   {floor_ms:8.3f} ms")
    print(f"warm / floor                {warm_ms / floor_ms:8.2f} x   (target <= 1.5x, < 5 ms)")

    print("\nPNG encodings of the same image (median ms, bytes):")
    for level in (0, 1, 3, 6, 9):
        buf = io.BytesIO()
        img.save(buf, "PNG", compress_level=level)
        ms = median_ms(lambda lv=level: img.save(io.BytesIO(), "PNG", compress_level=lv), repeat=50)
        print(f"  RGBA level {level}            {ms:8.3f} ms {len(buf.getvalue()):8d} B")
    quant = lambda: img.quantize(256, method=Image.Quantize.FASTOCTREE)  # noqa: E731
    pimg = quant()
    for level in (1, 6, 9):
        buf = io.BytesIO()
        pimg.save(buf, "PNG", compress_level=level)
        ms = median_ms(lambda lv=level: quant().save(io.BytesIO(), "PNG", compress_level=lv), repeat=50)
        print(f"  P-mode level {level} (+quant)  {ms:8.3f} ms {len(buf.getvalue()):8d} B (lossy)")
    for method in (0, 4, 6):
        buf = io.BytesIO()
        img.save(buf, "WEBP", lossless=True, method=method)
        ms = median_ms(lambda m=method: img.save(io.BytesIO(), "WEBP", lossless=True, method=m), repeat=50)
        print(f"  WebP lossless method {method}    {ms:8.3f} ms {len(buf.getvalue()):8d} B")


if __name__ == "__main__":
    main()
