"""Tile art benchmark: drawing every face cold, and a cached face lookup.

Run by hand: ``.venv/bin/python -m bench tile_art``.
Prints medians (time.perf_counter, repeated) and ratios: cold per face against a
cached lookup, and per size against 64 px.
"""

from __future__ import annotations

import time

import tile_art
from bench.timing import median_ms
from tile_art import body, faces




def all_faces_cold(height: int, scale: int = 1, theme: str = "light") -> None:
    tile_art.clear_cache()
    for code in tile_art.CODES:
        tile_art.face(code, height, scale, theme)


KINDS = {"suits": faces.SUITED, "honours": tuple(f"{n}z" for n in "1234567"),
         "flowers, seasons": faces.BONUS, "joker, any": ("j", "?")}


def forget_glyphs() -> None:
    """Drop the glyph masks resampled at a size (`tile_art.shared.ink_mask`), keeping the bodies."""
    with body.BLANKS_LOCK:
        for key in [k for k in body.BLANKS if k[0] == "ink"]:
            del body.BLANKS[key]


def per_kind(height: int, scale: int) -> None:
    """Median cold drawing time a face, by kind of face (on its size's body, already drawn; its
    glyphs resampled afresh), and against the suits'."""
    def draw(codes) -> None:
        forget_glyphs()
        for code in codes:
            faces.draw_face(code, height, scale, "light")

    ms = {kind: median_ms(lambda c=codes: draw(c), repeat=5) / len(codes) for kind, codes in KINDS.items()}
    for kind, v in ms.items():
        print(f"  {kind:18s} {height:3d} px x{scale}  {v:6.2f} ms/face  ({v / ms['suits']:.2f}x of suits)")


def main() -> None:
    n = len(tile_art.CODES)
    t0 = time.perf_counter()
    tile_art.face("1m", 64)
    print(f"first face in process (font load + glyph)   {(time.perf_counter() - t0) * 1000:8.2f} ms")
    cold64 = median_ms(lambda: all_faces_cold(64), repeat=15)
    print(f"all {n} faces cold, 64 px                   {cold64:8.2f} ms  ({cold64 / n:.2f} ms/face)")
    for height, scale in ((38, 1), (38, 2), (128, 1), (256, 1)):
        ms = median_ms(lambda h=height, s=scale: all_faces_cold(h, s), repeat=7)
        print(f"all faces cold, {height:3d} px x{scale}                   {ms:8.2f} ms  ({ms / cold64:.2f}x of 64 px)")
    print("one face drawn cold (uncached), by kind:")
    for height, scale in ((38, 2), (64, 1)):
        per_kind(height, scale)
    side = median_ms(lambda: (faces.CACHE.pop(("5p", 64, 1, "light", True), None), forget_glyphs(),
                              tile_art.face("5p", 64, sideways=True)),
                     repeat=200)
    print(f"sideways face drawn cold, 64 px              {side * 1000:8.2f} us")
    tile_art.face("5p", 64)
    hit = median_ms(lambda: tile_art.face("5p", 64), repeat=20000)
    print(f"cached face lookup, 64 px                    {hit * 1000:8.2f} us")
    print(f"cold face / cached lookup                    {cold64 / n / hit:8.0f} x")


if __name__ == "__main__":
    main()
