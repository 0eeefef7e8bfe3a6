"""The costliest requests the HTTP service accepts: CPU time of each, in-process.

Run by hand: ``.venv/bin/python -m bench cost``. Each case is timed `TRIALS` times
with ``time.process_time`` (CPU, not wall: the machine is shared) through the WSGI
app, no sockets; it prints the median and the worst. The cases are those of the
cost table in docs/service.md: the largest images (PNG and WebP) with their faces
drawn and their palettes fitted in the request, a docs-size image likewise, and at
each size the most distinct faces the ceiling accepts (`service.layout.limits.max_faces`),
drawn in the request.
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


def river(count: int) -> str:
    """A river of `count` tiles, every face distinct: upright, then dimmed (tsumogiri)."""
    plain = SUITED + HONORS  # a river holds no bonus tiles
    return "".join((plain + ["*" + c for c in plain])[:count])


def timed(client, path: str, before=None) -> tuple[list[float], str]:
    times, note = [], ""
    for k in range(TRIALS):
        if before:
            before()
        t = time.process_time()
        r = client.get(f"{path}&bg={timed.trial:06x}")  # a new image cache key, the same faces
        timed.trial += 1
        times.append(time.process_time() - t)
        if r.status_code != 200:
            return [], f"{r.status_code}: {r.get_json()['error']['message']}"
    return times, note


timed.trial = 1


def cold() -> None:
    tile_art.clear_cache()
    indexed.clear_cache()


def refit() -> None:
    indexed.clear_cache(tables=False)  # faces kept, the palette fitted again


def most_tiles(height: int, scale: int, faces: int) -> str:
    """The longest hand of `faces` distinct faces the ceiling accepts at this size, or ''."""
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


def accepted(hand: str, height: int, scale: int) -> bool:
    from service.http.service import BadRequest, check_size
    from service.notation.options import RenderOptions
    from service.notation.subject import read

    try:
        check_size(read(hand), RenderOptions(height=height, scale=scale))
        return True
    except BadRequest:
        return False


def read_subject(hand: str):
    from service.notation.subject import read

    return read(hand)


def say_which_fit() -> None:
    """Which fit the numbers are of: the C kernels (the default) or numpy (TILES_COMPILED_FIT=0)."""
    from service.drawing.palette import compiled

    print(f"the fit: {'compiled (C)' if compiled() is not None else 'numpy'}")


def main() -> None:
    from service.layout.limits import max_faces

    client = create_app().test_client()
    say_which_fit()
    cases = []
    for height, scale in ((38, 3), (64, 3), (128, 4)):
        hand = most_tiles(height, scale, max_faces(height * scale))
        n = len(read_subject(hand).groups[0].tiles) + sum(len(g.tiles) for g in read_subject(hand).groups[1:])
        for fmt in ("png", "webp"):
            cases.append((f"largest {fmt.upper()} ({n} tiles, {max_faces(height * scale)} faces, {height} px x{scale}), "
                          "faces drawn, palette fitted",
                          f"/tiles/{quote(hand, safe='')}.{fmt}?height={height}&scale={scale}", refit, True))
    docs = f"/tiles/{quote('11222333s22m+-456m+4s', safe='')}.png?height=38&scale=3"
    cases.append(("docs size (14 tiles, 8 faces, x3), faces drawn, palette fitted", docs, refit, True))
    cases.append(("docs size (the same), every face new", docs, cold, False))
    for height, scale in ((38, 1), (38, 2), (38, 3), (64, 2), (48, 2), (128, 2), (64, 4), (128, 3), (128, 4)):
        faces = max_faces(height * scale)
        hand = most_tiles(height, scale, faces)
        n, faces = sum(len(g.tiles) for g in read_subject(hand).groups), min(faces, len(ALL))
        cases.append((f"{n} tiles, {faces} faces (the most accepted) at {height} px x{scale}, every face new",
                      f"/tiles/{quote(hand, safe='')}.png?height={height}&scale={scale}", cold, False))
    cases.append(("river of 64 tiles, 64 faces, at 38 px x2 (issue 23's case)",
                  f"/tiles/{quote(river(64), safe='')}.png?layout=river&height=38&scale=2", cold, False))
    print(f"CPU ms per request, {TRIALS} trials: median (worst)")
    for name, path, before, warm in cases:
        if warm:
            client.get(path)  # draws the faces once
        times, note = timed(client, path, before)
        if times:
            print(f"  {name:<88} {statistics.median(times) * 1000:6.0f} ({max(times) * 1000:.0f})", flush=True)
        else:
            print(f"  {name:<88} refused, {note[:100]}", flush=True)


if __name__ == "__main__":
    main()
