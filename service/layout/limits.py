"""What one image may cost: the HTTP service refuses more, and the `<Tiles>`
component asks only for the densities that fit (the numbers reach it through
the generated tilesSpec.js).

Height, scale and tile count are each bounded, but not their product, so the
bitmap is checked before any drawing. Encoding and fitting a palette grow with
the image's area, so the area bounds them (an exact WebP past 0.16 megapixels is written at
libwebp's effort 0, `service.drawing.render.WEBP_FAST_PIXELS`: at effort 1 a picture of many
colours cost up to 0.27 us a pixel, 210 ms at this area); the tile size bounds the cost of
drawing one face the face cache does not hold yet. Drawing the faces of a size
never seen can cost more than the rest: ~1.5 ms a face at 1x, ~3.5 at 2x and 3x,
plus the tile bodies they are painted on, so the distinct faces an image shows are
bounded too (`max_faces`), as if none were cached: a URL is accepted or refused
whatever a worker has drawn before. Corner indices (``index=1``, tile_art/corner.py) add a
glyph to each face (`index_ms`), so an image with them may show fewer. Every bound is
monotonic: lowering height or scale never turns a drawn image into a refused one.

>>> fits(420, 38, 38, 3), fits(1400, 128, 128, 3)
(True, False)
>>> densities(1400, 128, 128)
(1, 2)
>>> max_faces(38), max_faces(76), max_faces(114), max_faces(512)
(37, 21, 18, 2)
>>> densities(1400, 38, 38, faces=37)  # every kind of tile: 1x only
(1,)
>>> max_faces(114, index=True), max_faces(512, index=True)
(16, 2)
"""

from __future__ import annotations

import math
from functools import cache

MAX_PIXELS = 800_000     # device px of the whole image
MAX_SIDE = 16384         # device px of its longer side
MAX_TILE_PX = 512        # device px of an upright tile: height x scale
# Drawing an image's faces at a size never seen, bodies and faces by `drawing_ms`, at most
# 80 ms. Sized so docs images keep their densities: every hand of up to 18 faces at 3x (any
# 14-tile hand with a call, at 38 px), any river of up to 21 faces at 2x.
MAX_FACE_MS = 80
MAX_FACES = 37  # and never more than every riichi kind with its red fives, however small the tiles
BODIES = 3  # tile bodies an image may draw at a size: upright, lying sideways, face down
# `body_ms` and `face_ms`, fitted to `python -m bench faces` (the least of repeated runs on the
# 2-CPU development machine: what the work costs, not what other work on it adds).
BODY_MS, BODY_CANVAS_PX_PER_MS = 0.35, 105_000
FACE_MS, FACE_CANVAS_PX_PER_MS, FACE_PX_PER_MS = 1.2, 170_000, 23_000
# `index_ms`, above the 18 costliest corner indices `bench faces` measured with the machine
# shared (0.16-0.59 ms from 16 to 512 px): what the index adds to a face, counted in full though
# the art below it, drawn smaller, costs less (faces with their index measured -6% to +14% of
# those without, interleaved).
INDEX_MS, INDEX_PX_PER_MS = 0.35, 800_000


def _canvas(tile_px: int) -> int:
    from tile_art.proportions import supersample

    return tile_px * supersample(tile_px)


def body_ms(tile_px: int) -> float:
    """The CPU ms painting one tile body `tile_px` device px tall costs: faces of a size are
    painted on a copy of it, so an image draws at most `BODIES` of them first.

    >>> [round(body_ms(px), 1) for px in (38, 76, 114, 512)]
    [0.6, 3.0, 3.4, 10.3]
    """
    return BODY_MS + _canvas(tile_px) ** 2 / BODY_CANVAS_PX_PER_MS


def index_ms(tile_px: int) -> float:
    """The CPU ms a face's corner index adds to drawing it (its glyph, resampled to the size).

    >>> [round(index_ms(px), 2) for px in (38, 114, 512)]
    [0.35, 0.37, 0.68]
    """
    return INDEX_MS + tile_px ** 2 / INDEX_PX_PER_MS


def face_ms(tile_px: int, index: bool = False) -> float:
    """The CPU ms drawing one face `tile_px` device px tall costs, with its colour table (and
    a tsumogiri discard's veil): a fixed part, the supersampled canvas
    (`tile_art.proportions.supersample`) and the face; with its corner index, `index_ms` more.

    >>> [round(face_ms(px), 1) for px in (38, 71, 72, 76, 114, 256, 512)]
    [1.4, 3.3, 2.9, 3.1, 3.7, 5.6, 18.8]
    """
    plain = FACE_MS + _canvas(tile_px) ** 2 / FACE_CANVAS_PX_PER_MS + tile_px ** 2 / FACE_PX_PER_MS
    return plain + (index_ms(tile_px) if index else 0.0)


def drawing_ms(faces: int, tile_px: int, index: bool = False) -> float:
    """The CPU ms drawing `faces` distinct faces (with corner indices when `index`) and every body
    at a size never seen costs.

    >>> round(drawing_ms(18, 114)), round(drawing_ms(16, 114, index=True))
    (77, 75)
    """
    return BODIES * body_ms(tile_px) + faces * face_ms(tile_px, index)


def _within(tile_px: int, index: bool = False) -> int:
    """The most faces whose `drawing_ms` at exactly this size is within `MAX_FACE_MS`. Not
    monotonic: the canvas shrinks where supersampling steps down (8x8 at 71 px, 7x7 at 72)."""
    room = MAX_FACE_MS - BODIES * body_ms(tile_px)
    return max(0, min(MAX_FACES, math.floor(room / face_ms(tile_px, index))))


@cache
def _fewest(index: bool = False) -> tuple[int, ...]:
    """`_within` of the dearest size up to each tile px from 0 to MAX_TILE_PX."""
    out = [MAX_FACES]
    for px in range(1, MAX_TILE_PX + 1):
        out.append(min(out[-1], _within(px, index)))
    return tuple(out)


def max_faces(tile_px: int, index: bool = False) -> int:
    """The most distinct faces (code, sideways, dimmed) one image may show at this tile size
    (with corner indices when `index`): what every size up to it can draw within `MAX_FACE_MS`,
    so that lowering height or scale never refuses what a larger tile drew. 0 past MAX_TILE_PX."""
    return _fewest(bool(index))[tile_px] if 0 <= tile_px <= MAX_TILE_PX else 0


def distinct_faces(lay) -> int:
    """The faces a layout's image draws when none is cached: one per code, lying, dimmed, over
    every placement (a scene's dora strip and seats too). Every face of a layout is drawn at its
    tile height; a table seat's turned tiles are the same faces, turned.

    >>> from service.notation.grammar import parse
    >>> from service.layout.layout import layout
    >>> distinct_faces(layout(parse("111m-111m"), 38))
    2
    """
    return len({(p.tile.code, p.sideways, p.tile.tsumogiri, p.size) for p in lay.placements})  # size: a smaller face


def fits(width: int, height: int, tile_height: int, scale: int, faces: int = 1, index: bool = False) -> bool:
    """True when an image of CSS ``width`` x ``height`` with tiles ``tile_height``
    tall, showing ``faces`` distinct faces (with corner indices when ``index``), is within every
    limit at ``scale``."""
    w, h, tile_px = width * scale, height * scale, tile_height * scale
    return (tile_px <= MAX_TILE_PX and max(w, h) <= MAX_SIDE and w * h <= MAX_PIXELS
            and faces <= max_faces(tile_px, index))


def densities(width: int, height: int, tile_height: int, scales: tuple[int, ...] = (1, 2, 3),
              faces: int = 1, index: bool = False) -> tuple[int, ...]:
    """The `scales` the service draws an image at, as the component's ``densitiesFor`` asks:
    those within every limit, or the first alone when none is (its error image says why)."""
    return tuple(s for s in scales if fits(width, height, tile_height, s, faces, index)) or scales[:1]
