"""What drawing faces at a size never seen costs: the numbers `service.layout.limits` is fitted to.

Run by hand: ``.venv/bin/python -m bench faces`` (a few minutes). At each tile size (device
px), every size drawn afresh `ROUNDS` times, the least CPU time (``time.process_time``) of:
each tile body (upright, sideways, face down; `tile_art.body`), and each face drawn on its
cached body with its colour table (`service.drawing.indexed.face_colours`), upright and
sideways, and each face's tsumogiri veil; and each corner index (`tile_art.corner.draw_index`)
drawn alone on its face's body, what ``index=1`` adds to a face. Then fits, to relative error,

    body_ms = a + canvas² / b          the costliest body
    face_ms = a + canvas² / b + px² / c  the 18 costliest faces, each with the dearest veils
    index_ms = a + canvas² / b         the 18 costliest indices

(canvas: the supersampled canvas's height) and prints the constants and how each size's
measurement compares with the fit.
"""

from __future__ import annotations

import time

import numpy as np

from service.drawing import indexed
from tile_art import body, corner
from tile_art.faces import CODES, clear_cache, draw_face, supersample
from tile_art.proportions import tile_width
from tile_art.theme import get_theme

ROUNDS = 5
TOP = 18  # the faces a worst image shows at 2x and 3x: the costliest
SIZES = (16, 20, 24, 28, 32, 38, 44, 50, 57, 63, 64, 70, 71, 72, 76, 83, 84, 90, 99, 100, 108, 114, 120, 124,
         125, 140, 150, 166, 167, 200, 249, 250, 300, 384, 450, 512)


def height_scale(px: int) -> tuple[int, int]:
    """A height (16-256) and scale (1-4) that make `px` device px."""
    return next((px // s, s) for s in (1, 2, 3, 4) if px % s == 0 and 16 <= px // s <= 256)


def measure(px: int) -> tuple[float, float, float]:
    """(the costliest body's ms, the mean ms of the `TOP` costliest faces with the dearest veils,
    the mean ms of the `TOP` costliest corner indices)."""
    height, scale = height_scale(px)
    theme = get_theme("light")
    ss, w = supersample(px), tile_width(height) * scale
    bodies: dict[tuple, float] = {}
    faces: dict[tuple, float] = {}
    indices: dict[str, float] = {}
    for _ in range(ROUNDS):
        clear_cache()
        indexed.clear_cache()
        for sideways in (False, True):
            for back in (False, True):
                size = (px * ss, w * ss) if sideways else (w * ss, px * ss)
                t = time.process_time()
                body.opaque_body(size, theme, ss, back, sideways)
                key = (sideways, back)
                bodies[key] = min(bodies.get(key, 1e9), time.process_time() - t)
        for sideways in (False, True):
            for code in CODES:
                for dim in (False, True) if code != "x" else (False,):
                    t = time.process_time()
                    indexed.face_colours((code, height, scale, "light", sideways, dim, False))
                    key = (code, sideways, dim)
                    faces[key] = min(faces.get(key, 1e9), time.process_time() - t)
        clear_cache()  # the indices' glyph masks resampled afresh, as on a size never seen
        blank = body.opaque_body((w * ss, px * ss), theme, ss)
        for code in corner.INDEX:
            pen = blank.pen()
            t = time.process_time()
            corner.draw_index(pen, theme, code)
            indices[code] = min(indices.get(code, 1e9), time.process_time() - t)
    plain = sorted((v for (_, _, dim), v in faces.items() if not dim), reverse=True)[:TOP]
    veils = sorted((v for (_, _, dim), v in faces.items() if dim), reverse=True)[:TOP]
    index = sorted(indices.values(), reverse=True)[:TOP]
    return max(bodies.values()) * 1000, (sum(plain) + sum(veils)) / TOP * 1000, sum(index) / TOP * 1000


def fit(columns: list[np.ndarray], y: np.ndarray) -> np.ndarray:
    """Least squares of y on the columns, to relative error."""
    a = np.stack(columns, 1)
    return np.linalg.lstsq(a / y[:, None], np.ones_like(y), rcond=None)[0]


def main() -> None:
    for code in CODES:  # the glyph masters, drawn once a process whatever the size
        draw_face(code, 20, 1, "light", index=True)
    rows = []
    for px in SIZES:
        b, f, i = measure(px)
        rows.append((px, px * supersample(px), b, f, i))
        print(f"  {px:3d} px (canvas {rows[-1][1]:4d}): body {b:6.2f} ms, face {f:6.2f} ms, index {i:5.2f} ms",
              flush=True)
    px, canvas, bodies, faces, indices = (np.array(c, float) for c in zip(*rows))
    one = np.ones_like(px)
    b = fit([one, canvas**2], bodies)
    f = fit([one, canvas**2, px**2], faces)
    i = fit([one, canvas**2], indices)
    print(f"body_ms = {b[0]:.2f} + canvas² / {1 / b[1]:,.0f}")
    print(f"face_ms = {f[0]:.2f} + canvas² / {1 / f[1]:,.0f} + px² / {1 / f[2]:,.0f}")
    print(f"index_ms = {i[0]:.2f} + canvas² / {1 / i[1]:,.0f}")
    model_b = b[0] + b[1] * canvas**2
    model_f = f[0] + f[1] * canvas**2 + f[2] * px**2
    print("measured / fitted: " + ", ".join(f"{int(p)}: {mb:.2f} {mf:.2f}"
                                           for p, mb, mf in zip(px, bodies / model_b, faces / model_f)))


if __name__ == "__main__":
    main()
