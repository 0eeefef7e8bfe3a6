"""Our PNG writer (service/drawing/png.py): what Pillow and zlib read back is what was written."""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from PIL import Image

from service.notation.grammar import parse
from service.notation.options import RenderOptions
from service.drawing.png import SIGNATURE, chunk, indexed_png, rgba_png
from service.drawing.render import compose, encode, render
from service.drawing.version import pillow_build
from tests.sample_hands import sample_hands


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """(type, body) of every chunk, checking each CRC on the way."""
    assert data[:8] == SIGNATURE
    out, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        assert struct.unpack(">I", data[i + 8 + n:i + 12 + n])[0] == zlib.crc32(kind + body), kind
        out.append((kind, body))
        i += 12 + n
    assert out[-1] == (b"IEND", b"")
    return out


def read(data: bytes) -> Image.Image:
    Image.open(io.BytesIO(data)).verify()
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(1, 256), st.booleans(), st.randoms())
def test_a_palette_picture_reads_back_as_written(w, h, n, alpha, rnd):
    rng = np.random.default_rng(rnd.getrandbits(32))
    indices = rng.integers(0, n, (h, w), dtype=np.uint8)
    plte = rng.integers(0, 256, 3 * n, dtype=np.uint8).tobytes()
    trns = rng.integers(0, 256, n, dtype=np.uint8).tobytes() if alpha else None
    img = read(indexed_png(indices, plte, trns))
    assert img.mode == "P" and img.size == (w, h)
    assert np.array_equal(np.asarray(img), indices)
    # Pillow reads a tRNS of one 0 among 255s as an index, so compare what is shown
    alpha = np.frombuffer(trns, np.uint8) if trns else np.full(n, 255, np.uint8)
    entries = np.concatenate([np.frombuffer(plte, np.uint8).reshape(n, 3), alpha[:, None]], axis=1)
    assert np.array_equal(np.asarray(img.convert("RGBA")), entries[indices])


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.randoms())
def test_an_rgba_picture_reads_back_as_written(w, h, rnd):
    """Up rows wrap mod 256 (a row below a brighter one): every value must survive."""
    px = np.random.default_rng(rnd.getrandbits(32)).integers(0, 256, (h, w, 4), dtype=np.uint8)
    img = read(rgba_png(px))
    assert img.mode == ("RGB" if (px[:, :, 3] == 255).all() else "RGBA")
    assert np.array_equal(np.asarray(img.convert("RGBA")), px)


def test_an_opaque_picture_is_written_as_rgb():
    """A background colour makes every pixel opaque: no alpha channel to send."""
    img = compose(parse("123456789p"), RenderOptions(scale=2, background=(40, 44, 52, 255)))
    px = np.asarray(img)
    data = rgba_png(px)
    assert struct.unpack(">IIBB", dict(chunks(data))[b"IHDR"][:10])[3] == 2
    back = read(data)
    assert back.mode == "RGB" and np.array_equal(np.asarray(back.convert("RGBA")), px)
    translucent = px.copy()
    translucent[0, 0, 3] = 254
    assert read(rgba_png(translucent)).mode == "RGBA"
    assert len(data) < len(rgba_png(translucent))


def test_the_chunks_are_the_ones_png_wants_in_order():
    kinds = [k for k, _ in chunks(indexed_png(np.zeros((2, 2), np.uint8), b"\0\0\0", b"\0"))]
    assert kinds == [b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"]
    kinds = [k for k, _ in chunks(indexed_png(np.zeros((2, 2), np.uint8), b"\0\0\0"))]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]
    ihdr = dict(chunks(rgba_png(np.zeros((3, 5, 4), np.uint8))))[b"IHDR"]
    assert struct.unpack(">IIBBBBB", ihdr) == (5, 3, 8, 6, 0, 0, 0)
    assert chunk(b"IEND", b"") == b"\0\0\0\0IEND\xaeB`\x82"


@pytest.mark.parametrize("notation, scale", [("11222333s22m+-456m+4s", 2), ("123456789p", 1), ("1z2z+-3z", 3)])
def test_served_pngs_show_the_picture_they_were_made_from(notation, scale):
    hand, opts = parse(notation), RenderOptions(scale=scale)
    data = render(hand, opts)
    exact = np.asarray(compose(hand, opts))
    shown = np.asarray(read(data).convert("RGBA"))
    assert shown.shape == exact.shape
    if read(data).mode in ("RGBA", "RGB"):
        assert np.array_equal(shown, exact)
    else:  # palette pictures keep to the bound (tests/test_palette.py); PLTE lists no unused entry
        body = dict(chunks(data))
        assert len(body[b"PLTE"]) == 3 * (int(np.asarray(read(data)).max()) + 1)
    assert render(hand, opts) == data


def test_the_exact_png_is_smaller_than_pillows():
    """Up rows and libdeflate beat Pillow's adaptive filters at zlib 3 on tile pictures."""
    img = compose(parse("11222333s22m+-456m+4s"), RenderOptions(scale=2))
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=3)
    assert len(encode(img)) < 0.9 * len(buf.getvalue())


def test_a_palette_image_from_elsewhere_lists_only_the_entries_it_uses():
    img = Image.new("P", (4, 1))
    img.putpalette(bytes(range(12)))
    img.putdata([0, 1, 3, 1])
    body = dict(chunks(encode(img)))
    assert body[b"PLTE"] == bytes(range(12))
    assert np.asarray(read(encode(img))).tolist() == [[0, 1, 3, 1]]


def test_webp_is_smaller_than_the_png():
    """The point of asking for .webp: over sample hands at 1x and 2x (palette and exact
    pictures) it must beat our PNG (effort 0 does not)."""
    png = webp = 0
    for notation in sample_hands(4):
        for scale in (1, 2):
            hand = parse(notation)
            png += len(render(hand, RenderOptions(scale=scale)))
            webp += len(render(hand, RenderOptions(scale=scale, format="webp")))
    assert webp < 0.9 * png


def test_palette_images_of_every_kind_encode_to_what_they_show():
    """P images from elsewhere: one transparent index (as from a GIF), an RGBA palette."""
    img = Image.new("P", (3, 1))
    img.putpalette(bytes(range(9)))
    img.putdata([0, 1, 2])
    img.info["transparency"] = 1
    assert np.array_equal(np.asarray(read(encode(img)).convert("RGBA")), np.asarray(img.convert("RGBA")))
    rgba = Image.new("P", (2, 1))
    rgba.putpalette(bytes([10, 20, 30, 128, 40, 50, 60, 255]), "RGBA")
    rgba.putdata([0, 1])
    assert np.array_equal(np.asarray(read(encode(rgba)).convert("RGBA")), np.asarray(rgba.convert("RGBA")))


def test_the_renderer_version_names_the_deflate_build():
    assert " deflate " in pillow_build()
