"""Render benchmark: palette pictures against the exact RGBA path and a naive Pillow peer.

Run by hand: ``.venv/bin/python -m bench render``. Everything is measured in one run
and printed as medians and ratios (the machine is shared, so only ratios compare).
Targets from issue 12:

- the hand below at 38 px x2: <= 6,000 B; over the sample hands, PNG bytes <= 40% of
  the exact RGBA PNG's;
- warm render <= 0.5x a plain RGBA PNG encode (Pillow, level 3: the encoder before issue
  12) of the same picture, <= 0.8 ms;
- ours >= 8x faster than a naive Pillow renderer (open each tile PNG from disk, paste
  into RGBA, save with defaults) at the same 130 px output height.

Issue 26, per scale over the sample hands, with the fit on numpy and compiled: a new
hand's first render (faces drawn, its palette fitted) against the exact render of the
same hand (target <= ~1.5x),
the bytes against those before issue 26 (`BYTES_BEFORE_26`, target within 5%), and
the quality error against the exact picture (bound: mean 0.5, 99th percentile 8).

Also: the first render of a new set of faces (the palette fit), the cost at a size
never drawn, how many sample hands take the palette, what stronger deflate levels
would buy `tiles build`, and the caches' bytes. "Exact" is our own RGBA PNG (rows
filtered Up, libdeflate); "Pillow RGBA" is the PNG as it was before issue 12.
"""

from __future__ import annotations

import io
import statistics
import numpy as np
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from PIL import Image

import tile_art
from bench.timing import median_ms
from service.drawing import indexed, palette
from service.layout.layout import layout
from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.png import indexed_png
from service.drawing.render import compose, encode, render
from tests.sample_hands import sample_hands

HAND = "11222333s22m+-456m+4s"  # 10 in hand + called meld + winning tile = 14 tiles
# Issue 12's own encode floor for HAND at 38 px x2. That picture, rebuilt from the commit
# the issue measured (b490e98, 17,273 B), took 3.83 ms here on 2026-11-30: this machine
# then ran at about half the speed, so its "<= 0.8 ms" is read at the issue's speed.
ISSUE_FLOOR_MS = 1.95
# PNG bytes of the 18 sample hands (light, transparent) at 1x, 2x, 3x on main before
# issue 26 (f8f6186).
BYTES_BEFORE_26 = {1: 61_940, 2: 147_176, 3: 223_290}


def pillow_rgba(img: Image.Image) -> bytes:
    """The PNG of an RGBA picture as issue 12 measured it: Pillow, zlib level 3."""
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def naive_pillow(hand, height: int, tiles_dir: Path) -> bytes:
    """The peer's way: open each tile's PNG from disk, paste it into an RGBA canvas, save
    the PNG with Pillow's defaults. Tile files are our own faces at `height`."""
    lay = layout(hand, height)
    img = Image.new("RGBA", (lay.width, lay.height), (0, 0, 0, 0))
    for p in lay.placements:
        with Image.open(tiles_dir / f"{p.tile.code}{'-side' if p.sideways else ''}.png") as tile:
            img.paste(tile.convert("RGBA"), (p.x, p.y))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def docs_size(hand) -> None:
    opts = RenderOptions(height=38, scale=2)
    exact = compose(hand, replace(opts, exact=True))
    data = render(hand, opts)
    kind = Image.open(io.BytesIO(data)).mode
    print(f"hand {HAND!r}: {exact.width}x{exact.height} px at 38 px x2, served as {kind}")
    exact_bytes, before = len(encode(exact)), len(pillow_rgba(exact))
    print(f"  bytes: palette {len(data):,} B = {len(data) / before:.0%} of Pillow RGBA {before:,} B"
          f"   (target <= 6,000 B); exact {exact_bytes:,} B = {exact_bytes / before:.0%}")
    warm = median_ms(lambda: render(hand, opts))
    warm_exact = median_ms(lambda: render(hand, replace(opts, exact=True)))
    floor = median_ms(lambda: pillow_rgba(exact))
    print(f"  warm render {warm:.3f} ms; Pillow RGBA encode (level 3) {floor:.3f} ms: "
          f"{warm / floor:.2f}x   (target <= 0.5x, <= 0.8 ms)")
    print(f"  the issue timed that encode at {ISSUE_FLOOR_MS} ms on its machine: at that speed the warm render "
          f"takes {warm * ISSUE_FLOOR_MS / floor:.2f} ms")
    print(f"  warm exact render {warm_exact:.3f} ms ({warm_exact / floor:.2f}x that encode)")

    def new_faces():
        indexed.clear_cache(tables=False)
        render(hand, opts)

    fit = median_ms(new_faces, repeat=30)
    print(f"  first render of this set of faces (the palette fit; faces' colour tables cached) {fit:.1f} ms")

    def new_size():
        tile_art.clear_cache()
        indexed.clear_cache()
        render(hand, opts)

    def new_size_exact():
        tile_art.clear_cache()
        indexed.clear_cache()
        render(hand, replace(opts, exact=True))

    print(f"  at a size never drawn: {median_ms(new_size, repeat=10):.1f} ms "
          f"(exact path {median_ms(new_size_exact, repeat=10):.1f} ms)")


def peer(hand) -> None:
    height = 130
    opts = RenderOptions(height=height, scale=1)
    with tempfile.TemporaryDirectory() as tmp:
        tiles = Path(tmp)
        for code in tile_art.CODES:
            tile_art.face(code, height).save(tiles / f"{code}.png")
            tile_art.face(code, height, sideways=True).save(tiles / f"{code}-side.png")
        naive = median_ms(lambda: naive_pillow(hand, height, tiles), repeat=50)
        naive_bytes = len(naive_pillow(hand, height, tiles))
    ours = median_ms(lambda: render(hand, opts), repeat=50)
    print(f"\nat 130 px (the peer's height): ours {ours:.2f} ms, {len(render(hand, opts)):,} B; "
          f"naive Pillow {naive:.2f} ms, {naive_bytes:,} B: ours {naive / ours:.1f}x faster   (target >= 8x)")


def picture_error(data: bytes, exact: Image.Image) -> np.ndarray:
    """Premultiplied max-channel error per pixel of a served PNG against the exact picture."""
    from service.drawing.palette import premultiply

    a = premultiply(np.asarray(Image.open(io.BytesIO(data)).convert("RGBA")).reshape(-1, 4))
    b = premultiply(np.asarray(exact.convert("RGBA")).reshape(-1, 4))
    return np.abs(a - b).max(axis=1)


def new_hand_ms(hand, opts, repeat: int = 5) -> tuple[float, float]:
    """(first render of `hand` with its faces drawn but its palette not fitted, exact render),
    the fastest of `repeat` each, interleaved (ms)."""
    exact_opts = replace(opts, exact=True)
    render(hand, exact_opts)  # faces drawn
    new, exact = [], []
    for _ in range(repeat):
        indexed.clear_cache(tables=False)
        t0 = time.perf_counter()
        render(hand, opts)
        t1 = time.perf_counter()
        render(hand, exact_opts)
        exact.append(time.perf_counter() - t1)
        new.append(t1 - t0)
    return min(new) * 1000, min(exact) * 1000


def cold(hands) -> None:
    print(f"\nissue 26: a new hand's first render, {len(hands)} sample hands (light, transparent):")
    for compiled in (False, True):
        if palette.use_compiled(compiled) != compiled:
            print("  (the C extension was not built: no compiled fit)")
            continue
        print(f"  the fit {'compiled (C)' if compiled else 'on numpy'}:")
        cold_scales(hands)


def cold_scales(hands) -> None:
    for scale in (1, 2, 3):
        opts = RenderOptions(scale=scale)
        times = [new_hand_ms(hand, opts) for hand in hands]
        ratio = statistics.median(n / e for n, e in times)
        data = [render(hand, opts) for hand in hands]
        errors = [picture_error(d, compose(h, opts)) for d, h in zip(data, hands)]
        mean = max(float(e.mean()) for e in errors)
        p99 = max(int(np.percentile(e, 99, method="inverted_cdf")) for e in errors)
        total = sum(map(len, data))
        print(f"    x{scale}: new hand {statistics.median(n for n, _ in times):.2f} ms, exact "
              f"{statistics.median(e for _, e in times):.2f} ms: {ratio:.1f}x (target <= ~1.5x); "
              f"bytes {total:,} = {total / BYTES_BEFORE_26[scale]:.1%} of before issue 26 (target 95-105%); "
              f"worst picture's error mean {mean:.2f}, p99 {p99} (bound 0.5, 8)")


def samples() -> None:
    hands = [parse(n) for n in sample_hands(12)]
    cold(hands)
    print(f"\n{len(hands)} sample hands (light, transparent):")
    for scale in (1, 2, 3):
        opts = RenderOptions(scale=scale)
        palette = exact = before = taken = 0
        fits, warm, floor = [], [], []
        for hand in hands:
            render(hand, replace(opts, exact=True))  # faces drawn
            indexed.clear_cache(tables=False)
            t0 = time.perf_counter()
            render(hand, opts)  # a new set of faces: colour tables and the palette fit
            fits.append((time.perf_counter() - t0) * 1000)
            data = render(hand, opts)
            picture = compose(hand, opts)
            palette += len(data)
            exact += len(encode(picture))
            before += len(pillow_rgba(picture))
            taken += Image.open(io.BytesIO(data)).mode == "P"
            warm.append(median_ms(lambda h=hand: render(h, opts), repeat=20))
            floor.append(median_ms(lambda p=picture: pillow_rgba(p), repeat=20))
        ratio = statistics.median(w / f for w, f in zip(warm, floor))
        print(f"  x{scale}: palette on {taken}/{len(hands)}; bytes {palette / before:.0%} of Pillow RGBA "
              f"(target <= 40%), our exact PNG {exact / before:.0%}; "
              f"warm render / Pillow RGBA encode median {ratio:.2f}x; "
              f"first render of a new set of faces median {statistics.median(fits):.1f} ms, "
              f"max {max(fits):.1f} ms")


def build_level(hand) -> None:
    img = Image.open(io.BytesIO(render(hand, RenderOptions(scale=2))))
    if img.mode != "P":
        return
    indices, plte, trns = np.asarray(img), img.palette.tobytes(), img.info.get("transparency")
    print("\ntiles build writes the served bytes (remark-tiles fetches the same files from a service);")
    print("stronger libdeflate levels for built files would buy (served: level 7):")
    for level in (7, 9, 12):
        data = indexed_png(indices, plte, trns, level)
        ms = median_ms(lambda lv=level: indexed_png(indices, plte, trns, lv), repeat=9 if level > 9 else 50)
        print(f"  level {level}: {len(data):,} B in {ms:.2f} ms")


def main() -> None:
    hand = parse(HAND)
    docs_size(hand)
    peer(hand)
    samples()
    build_level(hand)
    print(f"\ncaches now: {indexed.cache_bytes()}")


if __name__ == "__main__":
    main()
