"""Hand to image bytes: the faces at their placements, then encode.

A palette picture (`service.drawing.indexed`: 1 byte a pixel) wherever its palette keeps the
look, else the exact RGBA picture (`compose`); ``RenderOptions(exact=True)`` always
the exact one.

>>> from service.notation.grammar import parse
>>> data = render(parse("123m+-456p"), RenderOptions(scale=2))
>>> data[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from service.layout.arrange import arrange
from service.layout.layout import Layout
from service.notation.model import Hand
from service.notation.options import RenderOptions

from .indexed import face_image, face_key, indexed_picture, quantized_picture
from .labels import draw_labels
from .shapes import draw_shapes
from .png import indexed_png, rgba_png
from .version import RENDERER_VERSION  # noqa: F401  (app and build read it here)

# Lossless. Over the sample hands effort 1 is 66-85% of our PNG's bytes at ~2.5x the
# time of effort 0, which is no smaller than the PNG; 2-3 cost more for 1% less.
WEBP_METHOD = 1
# A picture of many colours (an exact one: anti-aliased edges, dimmed faces) can take libwebp's
# slow way at effort 1: ~0.27 us a pixel, 210 ms of a request's CPU at the ceiling's 0.8
# megapixels (`python -m bench.bench_cost grid`), where effort 0 at quality 100 takes ~0.02 us.
# Past this many pixels such a picture is written at effort 0: 1-3x the bytes, at 10-20 ms. A
# docs-size picture (14 tiles at 38 px x3: 0.14 megapixels) keeps effort 1; a palette picture,
# whose encoding is quick either way (23-33 ms at 0.8 megapixels), keeps it at any size.
WEBP_FAST_PIXELS = 160_000
_TURNS = {90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}  # clockwise


def compose(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> Image.Image:
    """The RGBA picture of ``hand`` (or river): its size is the layout's size times ``scale``."""
    lay = lay or arrange(hand, options)
    s = options.scale
    img = Image.new("RGBA", (lay.width * s, lay.height * s), options.background or (0, 0, 0, 0))
    opaque = options.background is not None
    draw_shapes(img, lay.shapes, s, options.theme)
    for p in lay.placements:
        face = face_image(face_key(p, options))
        if p.rotation:  # a table seat's tile, turned to face its player
            face = face.transpose(_TURNS[p.rotation])
        if opaque or lay.shapes:
            img.alpha_composite(face, (p.x * s, p.y * s))
        else:  # tiles never overlap (each other or shapes), so a plain copy keeps their own alpha
            img.paste(face, (p.x * s, p.y * s))
    draw_shapes(img, lay.shapes, s, options.theme, over=True)
    draw_labels(img, lay.labels, s, options.theme)
    return img


def encode(img: Image.Image, fmt: str = "png") -> bytes:
    """PNG (`service.drawing.png`) or lossless WebP bytes; deterministic (no timestamps or metadata)."""
    if fmt == "webp":
        effort = {"method": WEBP_METHOD}
        if img.mode == "P":
            img = img.convert("RGBA")  # WebP has no palette mode; its encoder finds the few colours
        elif img.width * img.height > WEBP_FAST_PIXELS:
            effort = {"method": 0, "quality": 100}
        buf = io.BytesIO()
        img.save(buf, "WEBP", lossless=True, exact=False, **effort)
        return buf.getvalue()
    if img.mode == "P" and img.palette.mode == "RGB":
        indices = np.asarray(img)
        entries = int(indices.max()) + 1  # PLTE need not list the entries past the last one used
        alpha = img.info.get("transparency")
        if isinstance(alpha, int):  # one transparent entry (as GIF has): tRNS up to it
            alpha = b"\xff" * alpha + b"\0" if alpha < entries else None
        return indexed_png(indices, img.palette.tobytes()[:3 * entries], alpha[:entries] if alpha else None)
    return rgba_png(np.asarray(img if img.mode == "RGBA" else img.convert("RGBA")))


def render(hand: Hand, options: RenderOptions = RenderOptions(), lay: Layout | None = None) -> bytes:
    """Encoded image bytes of ``hand`` in ``options.format`` (pass ``lay`` if already laid out)."""
    if options.format == "svg":  # vectors: the same faces through the vector pen (service/drawing/svg.py)
        from .svg import render_svg

        return render_svg(hand, options, lay)
    lay = lay or arrange(hand, options)
    if options.exact:
        picture = None
    elif lay.labels or lay.shapes:  # not only faces (a scene): a palette fitted to the drawn picture
        img = compose(hand, options, lay)
        picture = quantized_picture(img)  # WebP too: of the exact picture, a table costs 4x and takes 3x the bytes
        if picture is None:
            return encode(img, options.format)
    else:
        picture = indexed_picture(lay, options)
    if picture is None:
        return encode(compose(hand, options, lay), options.format)
    if options.format == "png":
        return indexed_png(picture.indices, picture.palette, picture.transparency)
    return encode(picture.image(), options.format)
