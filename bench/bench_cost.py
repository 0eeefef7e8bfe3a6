"""The costliest requests the HTTP service accepts: CPU time of each, in-process.

Run by hand: ``.venv/bin/python -m bench cost``. Each case is timed `TRIALS` times
with ``time.process_time`` (CPU, not wall: the machine is shared) through the WSGI
app, no sockets, which caches no image (each trial draws and encodes the same URL: a
new ``bg`` a trial, as the cases once had, drew on an opaque background, which encodes
for less than the transparent default); it prints the median and the worst, and last the
worst accepted request of them all. The cases are those of the
cost table in docs/benchmarks.md: the largest images (PNG and WebP) with their faces
drawn and their palettes fitted in the request, a docs-size image likewise, and at
each size the most distinct faces the ceiling accepts (`service.layout.limits.max_faces`)
in as large an image as it accepts, every face drawn in the request (a first render):
hands of upright faces and hands of called tiles (sideways faces cost more), as PNG,
WebP and exact WebP (`exact=1`); then scenes likewise: a whole table and a problem card
at the largest sizes accepted; then every layout x format x exact x dimmed combination
(`grid_cases`). ``python -m bench.bench_cost grid``: that grid alone (3 trials a case);
``index``: at each size the most faces the ceiling accepts with corner indices, each hand with
``index=1`` and without.
A case the ceiling refuses prints the 400's message instead.
"""

from __future__ import annotations

import statistics
import time
from urllib.parse import quote

import tile_art
from service.drawing import indexed
from service.http import create_app

TRIALS = 5
SUITED = [f"{n}{s}" for s in "mps" for n in "1234567890"]
HONORS = [f"{n}z" for n in "1234567"]
BONUS = [f"{n}f" for n in "12345678"]
ALL = SUITED + HONORS + BONUS + ["j", "?"]  # 47 upright faces
PLAIN = [f"{n}{s}" for s in "mps" for n in "123456789"] + HONORS  # the 34 kinds
SIZES = ((38, 1), (38, 2), (38, 3), (64, 2), (128, 2), (64, 4), (128, 3), (128, 4))


def river(count: int) -> str:
    """A river of `count` tiles, every face distinct: upright, then dimmed (tsumogiri)."""
    plain = SUITED + HONORS  # a river holds no bonus tiles
    return "".join((plain + ["*" + c for c in plain])[:count])


def timed(client, path: str, before=None, trials: int = TRIALS) -> tuple[list[float], str]:
    times, note = [], ""
    for k in range(trials):
        if before:
            before()
        t = time.process_time()
        r = client.get(path)  # drawn again: the app caches no image (a background to vary the key costs less)
        times.append(time.process_time() - t)
        if r.status_code != 200:
            return [], f"{r.status_code}: {r.get_json()['error']['message']}"
    return times, note


def cold() -> None:
    tile_art.clear_cache()
    indexed.clear_cache()


def refit() -> None:
    indexed.clear_cache(tables=False)  # faces kept, the palette fitted again


def most_tiles(height: int, scale: int, faces: int) -> str:
    """The longest hand of `faces` distinct upright faces the ceiling accepts at this size, or ''."""
    best = ""
    faces = min(faces, len(ALL))
    for n in range(faces, 65):
        codes = [ALL[i % faces] for i in range(n)]
        codes.sort(key=lambda c: c[-1] not in "fj?")  # bonus tiles may stand only in the hand: the first segment
        hand = "+".join("".join(codes[k:k + 14]) for k in range(0, n, 14))
        if accepted(hand, height, scale):
            best = hand
        else:
            break
    return best


def most_calls(height: int, scale: int, faces: int) -> str:
    """The longest hand of called tiles the ceiling accepts at this size, or '': pons, each a
    sideways and two upright tiles of a kind, `faces` distinct faces in all (one more kind
    upright alone when `faces` is odd)."""
    kinds = PLAIN[:faces // 2]
    first = PLAIN[len(kinds)] if faces % 2 else kinds[0]
    best = ""
    for n in range(len(kinds), 22):  # 21 pons and a tile: 64
        hand = first + "".join(f"+-{k[0] * 3}{k[1]}" for k in (kinds * 21)[:n])
        if not accepted(hand, height, scale):
            break
        best = hand
    return best


def accepted(hand: str, height: int, scale: int) -> bool:
    from service.http.service import BadRequest, check_size
    from service.notation.options import RenderOptions
    from service.notation.subject import read

    try:
        check_size(read(hand), RenderOptions(height=height, scale=scale))
        return True
    except BadRequest:
        return False


def faces_of(hand: str, height: int, scale: int) -> tuple[int, int]:
    """(tiles, distinct faces) of a hand."""
    from service.layout.arrange import arrange
    from service.layout.limits import distinct_faces
    from service.notation.options import RenderOptions
    from service.notation.subject import read

    lay = arrange(read(hand), RenderOptions(height=height, scale=scale))
    return len(lay.placements), distinct_faces(lay)


def table(faces: int) -> str:
    """A whole table (YAML) showing at most `faces` distinct faces, as many tiles as four copies
    allow: 5 dora indicators, hands of upright faces (three copies of a kind at most), and
    rivers of the kinds' tsumogiri (dimmed) faces."""
    dora = PLAIN[-5:]
    kinds = PLAIN[:max(1, (faces - len(dora)) // 2)]
    held = [k for k in kinds for _ in range(3 - dora.count(k))]
    thrown = [k for k in kinds if 4 - dora.count(k) > 3 - dora.count(k)]
    lines = ["table:", "  round: S2", "  honba: 3", "  riichi_sticks: 2", f"  dora: {''.join(dora)}", "  seats:"]
    for i, w in enumerate("ESWN"):
        river = "".join("*" + k for k in thrown[i::4][:24])
        lines.append(f'    {w}: {{hand: "{"".join(held[i::4][:14])}"'
                     + (f', river: "{river}"' if river else "") + ", score: 25000}")
    return "\n".join(lines) + "\n"


def card(faces: int) -> str:
    """A problem card showing up to `faces` distinct faces: 14 tiles (13 and the drawn one), 5 dora indicators."""
    hand = PLAIN[:min(14, max(1, faces - 5))]
    hand = (hand * 14)[:14]
    dora = [k for k in PLAIN[::-1] if k not in hand][:5]
    return (f"problem: {{round: E1, seat: S, dora: {''.join(dora)}, "
            f"hand: {''.join(hand[:13])}+{hand[13]}}}")


def scene_faces(text: str, height: int, scale: int) -> tuple[int, int, int]:
    """(width, height in device px, distinct faces) of a scene."""
    from service.layout.limits import distinct_faces
    from service.drawing.scene import arrange_scene
    from service.notation.options import RenderOptions
    from service.notation.scene import read_scene

    lay = arrange_scene(read_scene(text), RenderOptions(height=height, scale=scale)).layout
    return lay.width * scale, lay.height * scale, distinct_faces(lay)


def say_which_fit() -> None:
    """Which fit the numbers are of: the C kernels (the default) or numpy (TILES_COMPILED_FIT=0)."""
    from service.drawing.palette import compiled

    print(f"the fit: {'compiled (C)' if compiled() is not None else 'numpy'}")


def hand_cases():
    from service.layout.limits import max_faces

    cases = []
    for height, scale in ((38, 3), (64, 3), (128, 4)):
        hand = most_tiles(height, scale, max_faces(height * scale))
        n, faces = faces_of(hand, height, scale)
        for fmt in ("png", "webp"):
            cases.append((f"largest {fmt.upper()} ({n} tiles, {faces} faces, {height} px x{scale}), "
                          "faces drawn, palette fitted",
                          f"/tiles/{quote(hand, safe='')}.{fmt}?height={height}&scale={scale}", refit, True))
    docs = f"/tiles/{quote('11222333s22m+-456m+4s', safe='')}.png?height=38&scale=3"
    cases.append(("docs size (14 tiles, 8 faces, x3), faces drawn, palette fitted", docs, refit, True))
    cases.append(("docs size (the same), every face new", docs, cold, False))
    for height, scale in SIZES:
        most = max_faces(height * scale)
        for kind, hand in (("upright", most_tiles(height, scale, most)), ("called", most_calls(height, scale, most))):
            if not hand:
                continue
            n, faces = faces_of(hand, height, scale)
            for fmt, extra in (("png", ""), ("webp", ""), ("webp", "&exact=1")):
                cases.append((f"{n} tiles, {faces} faces ({kind}) at {height} px x{scale}, {fmt}{extra}, "
                              "every face new",
                              f"/tiles/{quote(hand, safe='')}.{fmt}?height={height}&scale={scale}{extra}", cold, False))
    return cases


def scene_accepted(text: str, height: int, scale: int) -> bool:
    from service.drawing.scene import arrange_scene
    from service.http.service import BadRequest, check_picture
    from service.notation.options import RenderOptions
    from service.notation.scene import read_scene

    options = RenderOptions(height=height, scale=scale)
    try:
        check_picture(arrange_scene(read_scene(text), options).layout, options)
        return True
    except BadRequest:
        return False


def largest_scene(make, scale: int) -> tuple[str, int]:
    """The scene `make(faces)` at the largest height accepted at `scale`, with the most faces accepted there."""
    from service.layout.limits import max_faces

    for height in range(256, 15, -1):
        if max_faces(height * scale) < 13:  # too few for a whole table or card
            continue
        text = make(max_faces(height * scale))
        if scene_accepted(text, height, scale):
            return text, height
    raise ValueError("no height draws it")


def scene_cases():
    cases = []
    for name, make in (("table", table), ("problem card", card)):
        for scale in (1, 2, 3):
            text, height = largest_scene(make, scale)
            w, h, faces = scene_faces(text, height, scale)
            for fmt, extra in (("png", ""), ("webp", ""), ("webp", "&exact=1")):
                path = f"/scene.{fmt}?s={quote(text, safe='')}&height={height}&scale={scale}{extra}"
                cases.append((f"{name} {w}x{h}, {faces} faces at {height} px x{scale}, {fmt}{extra}, every face new",
                              path, cold, False))
    return cases


def index_cases():
    """At each size, the hands of the most faces the ceiling accepts with corner indices, with
    `index=1` and without (the same faces): what the index adds to a request."""
    from service.layout.limits import max_faces

    cases = []
    for height, scale in SIZES:
        most = max_faces(height * scale, index=True)
        for kind, hand in (("upright", most_tiles(height, scale, most)), ("called", most_calls(height, scale, most))):
            if not hand:
                continue
            n, faces = faces_of(hand, height, scale)
            for fmt in ("png", "webp"):
                for extra in ("", "&index=1"):
                    cases.append((f"{n} tiles, {faces} faces ({kind}) at {height} px x{scale}, {fmt}{extra}, "
                                  "every face new",
                                  f"/tiles/{quote(hand, safe='')}.{fmt}?height={height}&scale={scale}{extra}", cold,
                                  False))
    return cases


def picture_accepted(text: str, options) -> bool:
    """Whether the service accepts `text` drawn with `options` (the HTTP cost ceiling)."""
    from service.http.service import BadRequest, check_size
    from service.notation.subject import read

    try:
        check_size(read(text, options.layout), options)
        return True
    except BadRequest:
        return False


def river_of(n: int, faces: int, dimmed: bool) -> str:
    """A river of `n` discards showing `faces` distinct faces: the kinds upright, or (`dimmed`) half
    of them tsumogiri (each kind upright and dimmed: two faces)."""
    kinds = PLAIN[:max(1, faces // 2 if dimmed else faces)]
    tiles = [("*" if dimmed and (i // len(kinds)) % 2 else "") + kinds[i % len(kinds)] for i in range(n)]
    return "".join(tiles)


def hand_of(n: int, faces: int) -> str:
    """A hand of `n` tiles showing `faces` distinct upright faces, 14 a segment."""
    codes = [PLAIN[i % faces] for i in range(n)]
    return "+".join("".join(codes[k:k + 14]) for k in range(0, n, 14))


STRIPS = {"dora": "1m2m3m4m5m", "ura": "1p2p3p4p5p", "lang": "ja"}  # five of each, labelled in Japanese


def largest_of(make, height: int, scale: int, query: dict, faces_of_strips: int = 0) -> tuple[str, object] | None:
    """The `make(n, faces)` with the most tiles the ceiling accepts at this size (the most faces it
    accepts, less those of the strips), and its options; None when none is accepted."""
    from service.layout.limits import max_faces
    from service.notation.options import RenderOptions

    options = RenderOptions.from_query({**query, "height": str(height), "scale": str(scale)},
                                       query.get("format", "png"))
    faces = max(1, min(len(PLAIN), max_faces(height * scale, options.index) - faces_of_strips))
    best = None
    for n in range(1, 65):  # the grammar's most tiles
        text = make(n, faces)
        if picture_accepted(text, options):
            best = (text, options)
        elif best:
            break
    return best


def grid_cases():
    """Every layout x format x exact x dimmed combination (issue 42 item 3), at each size the
    largest picture the ceiling accepts with the most faces it accepts, every face new: hands,
    hands with dora and ura strips labelled in Japanese, rivers of upright faces and rivers half
    tsumogiri (dimmed), 10 discards a row; PNG, WebP and SVG, exact and not; transparent (the
    default: the costliest to encode) and on an opaque background."""
    kinds = (("hand", lambda n, f: hand_of(n, f), {}, 0),
             ("hand + dora/ura, ja", lambda n, f: hand_of(n, f), STRIPS, 10),
             ("river", lambda n, f: river_of(n, f, False), {"layout": "river", "row": "10"}, 0),
             ("river, half tsumogiri", lambda n, f: river_of(n, f, True), {"layout": "river", "row": "10"}, 0))
    formats = (("png", {}), ("png", {"exact": "1"}), ("webp", {}), ("webp", {"exact": "1"}), ("svg", {}))
    cases = []
    for height, scale in SIZES + ((102, 2), (163, 2)):
        for name, make, query, strip_faces in kinds:
            for fmt, extra in formats:
                for bg in ({}, {"bg": "f0e0d0"}):
                    q = {**query, **extra, **bg, "format": fmt}
                    found = largest_of(make, height, scale, q, strip_faces)
                    if not found:
                        continue
                    text, options = found
                    params = "&".join(f"{k}={quote(v)}" for k, v in q.items() if k != "format")
                    path = f"/tiles/{quote(text, safe='')}.{fmt}?height={height}&scale={scale}" + (f"&{params}" if params else "")
                    n, faces = faces_of_options(text, options)
                    cases.append((f"{name}: {n} tiles, {faces} faces at {height} px x{scale}, {fmt}"
                                  f"{' exact' if extra else ''}{' on ' + bg['bg'] if bg else ''}", path, cold, False))
    return cases


def faces_of_options(text: str, options) -> tuple[int, int]:
    """(tiles, distinct faces) of a picture, its strips' included."""
    from service.layout.arrange import arrange
    from service.layout.limits import distinct_faces
    from service.notation.subject import read

    lay = arrange(read(text, options.layout), options)
    return len(lay.placements), distinct_faces(lay)


def main(which: str = "") -> None:
    """Every case, or (``python -m bench.bench_cost scenes``, ``index``) the scenes' or the corner
    indices' alone."""
    client = create_app({"CACHE_BYTES": 0}).test_client()  # nothing cached: every trial draws and encodes
    say_which_fit()
    cases = {"scenes": scene_cases, "index": index_cases, "grid": grid_cases}.get(
        which, lambda: hand_cases() + scene_cases() + grid_cases())()
    if which not in ("index", "grid"):
        cases.append(("river of 64 tiles, 64 faces, at 38 px x2 (issue 23's case)",
                      f"/tiles/{quote(river(64), safe='')}.png?layout=river&height=38&scale=2", cold, False))
    print(f"CPU ms per request, {3 if which == 'grid' else TRIALS} trials: median (worst)")
    worst = (0.0, "")
    for name, path, before, warm in cases:
        if warm:
            client.get(path)  # draws the faces once
        times, note = timed(client, path, before, 3 if which == "grid" else TRIALS)
        if times:
            print(f"  {name:<96} {statistics.median(times) * 1000:6.0f} ({max(times) * 1000:.0f})", flush=True)
            worst = max(worst, (statistics.median(times), f"{name}: {path}"))
        else:
            print(f"  {name:<96} refused, {note[:100]}", flush=True)
    print(f"the worst accepted request, median: {worst[0] * 1000:.0f} ms CPU, {worst[1]}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1] if len(sys.argv) > 1 else "")
