"""Hand to image bytes: the faces at their placements, then encode.

A palette picture (`service.indexed`: 1 byte a pixel) wherever its palette keeps the
look, else the exact RGBA picture (`compose`); ``RenderOptions(exact=True)`` always
the exact one.

>>> from service.notation import parse
>>> data = render(parse("123m+-456p"), RenderOptions(scale=2))
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io

from PIL import Image


from .indexed import compose_indexed, face_image, face_key
from .layout import Layout
from .model import Hand
from .options import RenderOptions
from .subject import arrange
from .version import RENDERER_VERSION  # noqa: F401  (app and build read it here)


# Chosen with bench/bench_render.py on a 14-tile hand at 38 px x2: for RGBA levels
# 1-3 cost the same (row filtering dominates), 3 is smallest of them; 6 takes ~1.6x
# the time for 14% less; 9 takes 8x.
PNG_COMPRESS_LEVEL = 3
PALETTE_COMPRESS_LEVEL = 6  # palette pictures: 1 byte a pixel, so a stronger level is cheap
WEBP_METHOD = 0  # lossless; effort 0 is 14x faster than 4 and still beats PNG on size


def compose(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> Image.Image:
    """The RGBA picture of ``hand`` (or river): its size is the layout's size times ``scale``."""
    lay = lay or arrange(hand, options)
    s = options.scale
    img = Image.new("RGBA", (lay.width * s, lay.height * s), options.background or (0, 0, 0, 0))
    opaque = options.background is not None
    for p in lay.placements:
        face = face_image(face_key(p, options))
        if opaque:
            img.alpha_composite(face, (p.x * s, p.y * s))
        else:  # tiles never overlap, so a plain copy keeps their own alpha
            img.paste(face, (p.x * s, p.y * s))
    return img


def encode(img: Image.Image, fmt: str = "png") -> bytes:
    """PNG or lossless WebP bytes; deterministic (no timestamps or metadata)."""
    buf = io.BytesIO()
    if fmt == "webp":
        if img.mode == "P":
            img = img.convert("RGBA")  # WebP has no palette mode; its encoder finds the few colours
        img.save(buf, "WEBP", lossless=True, method=WEBP_METHOD, exact=False)
    elif img.mode == "P":
        img.save(buf, "PNG", compress_level=PALETTE_COMPRESS_LEVEL)
    else:
        img.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def render(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> bytes:
    """Encoded image bytes of ``hand`` in ``options.format`` (pass ``lay`` if already laid out)."""
    if options.format == "svg":  # vectors: the same faces through the vector pen (service/svg.py)
        from .svg import render_svg

        return render_svg(hand, options, lay)
    lay = lay or arrange(hand, options)
    img = None if options.exact else compose_indexed(lay, options)
    return encode(img if img is not None else compose(hand, options, lay), options.format)
