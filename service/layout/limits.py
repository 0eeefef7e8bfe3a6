"""What one image may cost: the HTTP service refuses more, and the `<Tiles>`
component asks only for the densities that fit (the numbers reach it through
the generated tilesSpec.js).

Height, scale and tile count are each bounded, but not their product, so the
bitmap is checked before any drawing. Encoding dominates a render whose faces
are drawn (about 60 ms of CPU per megapixel on the 2-CPU development machine,
see docs/service.md), so the area bounds that; the tile size bounds the cost of
drawing one face the face cache does not hold yet. Drawing the faces of a size
never seen costs more than encoding: 3-5 ms a face at 2x or 3x, so the distinct
faces an image shows are bounded too, weighted by the canvas each is drawn on
(`face_ms`), as if none were cached: a URL is accepted or refused whatever a
worker has drawn before.

>>> fits(420, 38, 38, 3), fits(1400, 128, 128, 3)
(True, False)
>>> densities(1400, 128, 128)
(1, 2)
>>> max_faces(38), max_faces(76), max_faces(114), max_faces(512)
(37, 18, 15, 3)
>>> densities(1400, 38, 38, faces=37)  # every kind of tile: 1x only
(1,)
"""

from __future__ import annotations

import math

MAX_PIXELS = 800_000     # device px of the whole image
MAX_SIDE = 16384         # device px of its longer side
MAX_TILE_PX = 512        # device px of an upright tile: height x scale
# Distinct faces an image shows, by `face_ms` each: at most ~128 ms to draw them all. Sized so
# docs images keep their densities: every 14-tile hand at 3x (15 faces), an 18-discard river
# at 2x (18 faces).
MAX_FACE_MS = 128
MAX_FACES = 37  # and never more than every riichi kind with its red fives: small bonus faces cost ~1.8x a suit's


def face_ms(tile_px: int) -> float:
    """The CPU ms drawing one face `tile_px` device px tall costs (with its colour table),
    as measured on the 2-CPU development machine under load (`python -m bench cost`):
    a fixed part, the supersampled canvas (`tile_art.proportions.supersample`) and the face.

    >>> [round(face_ms(px), 1) for px in (38, 76, 114, 256, 512)]
    [2.3, 6.9, 8.1, 10.9, 38.0]
    """
    from tile_art.proportions import supersample

    canvas = tile_px * supersample(tile_px)
    return 1.8 + canvas * canvas / 60_000 + tile_px * tile_px / 14_000


def max_faces(tile_px: int) -> int:
    """The most distinct faces (code, sideways, dimmed) one image may show at this tile size."""
    return min(MAX_FACES, math.floor(MAX_FACE_MS / face_ms(tile_px)))


def distinct_faces(lay) -> int:
    """The faces a layout's image draws when none is cached: one per code, lying, dimmed.

    >>> from service.notation.grammar import parse
    >>> from service.layout.layout import layout
    >>> distinct_faces(layout(parse("111m-111m"), 38))
    2
    """
    return len({(p.tile.code, p.sideways, p.tile.tsumogiri) for p in lay.placements})


def fits(width: int, height: int, tile_height: int, scale: int, faces: int = 1) -> bool:
    """True when an image of CSS ``width`` x ``height`` with tiles ``tile_height``
    tall, showing ``faces`` distinct faces, is within every limit at ``scale``."""
    w, h, tile_px = width * scale, height * scale, tile_height * scale
    return (tile_px <= MAX_TILE_PX and max(w, h) <= MAX_SIDE and w * h <= MAX_PIXELS
            and faces <= max_faces(tile_px))


def densities(width: int, height: int, tile_height: int, scales: tuple[int, ...] = (1, 2, 3),
              faces: int = 1) -> tuple[int, ...]:
    """The `scales` the service draws an image at, as the component's ``densitiesFor`` asks:
    those within every limit, or the first alone when none is (its error image says why)."""
    return tuple(s for s in scales if fits(width, height, tile_height, s, faces)) or scales[:1]
