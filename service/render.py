"""Hand to image bytes: paste cached faces at their placements, then encode.

>>> from service.notation import parse
>>> data = render(parse("123m+-456p"), RenderOptions(scale=2))
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io

from PIL import Image

import tile_art

from .dimmed import dimmed
from .layout import Layout
from .model import Hand
from .options import RenderOptions
from .subject import arrange
from .version import RENDERER_VERSION  # noqa: F401  (app and build read it here)


# Chosen with bench/bench_render.py on a 14-tile hand at 38 px x2: levels 1-3
# cost the same (row filtering dominates), 3 is smallest of them; 6 takes ~1.6x
# the time for 14% less; 9 takes 8x. A 256-colour palette was 2x smaller and
# faster but lossy (channel error up to 29 on anti-aliased edges): rejected.
PNG_COMPRESS_LEVEL = 3
WEBP_METHOD = 0  # lossless; effort 0 is 14x faster than 4 and still beats PNG on size


def compose(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> Image.Image:
    """The RGBA picture of ``hand`` (or river): its size is the layout's size times ``scale``."""
    lay = lay or arrange(hand, options)
    s = options.scale
    img = Image.new("RGBA", (lay.width * s, lay.height * s), options.background or (0, 0, 0, 0))
    opaque = options.background is not None
    for p in lay.placements:
        face = tile_art.face(p.tile.code, options.height, s, options.theme, sideways=p.sideways)
        if p.tile.tsumogiri:
            face = dimmed(face)
        if opaque:
            img.alpha_composite(face, (p.x * s, p.y * s))
        else:  # tiles never overlap, so a plain copy keeps their own alpha
            img.paste(face, (p.x * s, p.y * s))
    return img


def encode(img: Image.Image, fmt: str = "png") -> bytes:
    """PNG or lossless WebP bytes; deterministic (no timestamps or metadata)."""
    buf = io.BytesIO()
    if fmt == "webp":
        img.save(buf, "WEBP", lossless=True, method=WEBP_METHOD, exact=False)
    else:
        img.save(buf, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buf.getvalue()


def render(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> bytes:
    """Encoded image bytes of ``hand`` in ``options.format`` (pass ``lay`` if already laid out)."""
    if options.format == "svg":  # vectors: the same faces through the vector pen (service/svg.py)
        from .svg import render_svg

        return render_svg(hand, options, lay)
    return encode(compose(hand, options, lay), options.format)
