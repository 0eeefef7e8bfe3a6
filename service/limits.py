"""What one image may cost: the HTTP service refuses more, and the `<Tiles>`
component asks only for the densities that fit (the numbers reach it through
the generated tilesSpec.js).

Height, scale and tile count are each bounded, but not their product, so the
bitmap is checked before any drawing. Encoding dominates a render (about 60 ms
of CPU per megapixel on the 2-CPU development machine, see docs/service.md), so
the area bounds the worst request's CPU; the tile size bounds the cost of
drawing one face the face cache does not hold yet.

>>> fits(420, 38, 38, 3), fits(1400, 128, 128, 3)
(True, False)
>>> densities(1400, 128, 128)
(1, 2)
"""

MAX_PIXELS = 800_000     # device px of the whole image
MAX_SIDE = 16384         # device px of its longer side
MAX_TILE_PX = 512        # device px of an upright tile: height x scale


def fits(width: int, height: int, tile_height: int, scale: int) -> bool:
    """True when an image of CSS ``width`` x ``height`` with tiles ``tile_height``
    tall is within every limit at ``scale``."""
    w, h = width * scale, height * scale
    return tile_height * scale <= MAX_TILE_PX and max(w, h) <= MAX_SIDE and w * h <= MAX_PIXELS


def densities(width: int, height: int, tile_height: int, scales: tuple[int, ...] = (1, 2, 3)) -> tuple[int, ...]:
    """The `scales` the service draws an image at, as the component's ``densitiesFor`` asks:
    those within every limit, or the first alone when none is (its error image says why)."""
    return tuple(s for s in scales if fits(width, height, tile_height, s)) or scales[:1]
