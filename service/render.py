"""Hand to image bytes: paste cached faces at their placements, then encode.

>>> from service.notation import parse
>>> data = render(parse("123m+-456p"), RenderOptions(scale=2))
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

from PIL import Image

import tile_art

from .dimmed import dimmed
from .layout import Layout
from .model import Hand
from .options import RenderOptions
from .subject import arrange



def _drawing_fingerprint() -> str:
    """A short hash of the code that decides pixels (tile_art, layout, this module).

    It is part of RENDERER_VERSION, so any change to the drawing changes every
    cache key, ETag and built file name without anyone remembering to bump it.
    """
    here = Path(__file__).parent
    files = sorted(Path(tile_art.__file__).parent.glob("*.py")) + [
        here / name for name in ("layout.py", "render.py", "river_layout.py", "dimmed.py")]
    digest = hashlib.blake2b(digest_size=5)
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()


# Part of every cache key and ETag: the same URL draws the same bytes under one version.
RENDERER_VERSION = f"2-{_drawing_fingerprint()}"

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
    return encode(compose(hand, options, lay), options.format)
