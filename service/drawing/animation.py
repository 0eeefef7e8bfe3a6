"""Table scenes as one animation: a frame a moment, each frame storing only what changed.

Every frame is drawn on one canvas (the largest frame's size, each table centred on it) and
mapped to one shared palette, so a pixel that does not change keeps its index from frame to
frame. Then, by format:

- APNG (``png``): written chunk by chunk (`apng`): after the first frame, each frame is the box
  around the pixels that changed, the unchanged ones in it transparent and blended over the
  frame before (``blend_op`` OVER, ``dispose_op`` NONE);
- GIF: Pillow's writer, which crops each frame to the box that changed and (``optimize``, the spare
  palette entry `COLOURS` transparent) makes the unchanged pixels in it transparent;
- WebP: Pillow's animated lossless WebP (libwebp's animation encoder finds the changed boxes).

A frame's `mark` names the seat whose newest river tile is outlined: the last discard.

>>> from service.notation.scene import read_scene
>>> a = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m}}}")
>>> b = read_scene("table: {round: E1, seats: {E: {hand: 13, river: 1m2m}}}")
>>> data = animate([Frame(a, 500), Frame(b, 1500, mark="E")], RenderOptions(height=24), "png")
>>> [f["delay"] for f in apng_frames(data)], apng_frames(data)[1]["width"] < apng_frames(data)[0]["width"]
([500, 1500], True)
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, replace

import deflate
import numpy as np
from PIL import Image, ImageDraw

from service.layout.arrange import arrange_scene
from service.notation.options import OptionError, RenderOptions
from service.notation.table import TableScene
from tile_art.theme import get_theme

from .indexed import quantized_picture
from .png import PALETTE_LEVEL, SIGNATURE, chunk, indexed_png
from .render import compose, encode

FORMATS = ("png", "gif", "webp")
COLOURS = 255  # the shared palette's colours; one entry more is the APNG frames' transparent one
# Lossless WebP effort: over a whole round (80 frames, 549 px square) effort 0 writes 676 KiB, 2-4 about
# 285 KiB in about a second; 4 was no slower than 2 there.
WEBP_METHOD = 4
_IEND = chunk(b"IEND", b"")
MAX_PIXELS = 3_000_000  # a frame's canvas: a table at height 38 is 0.3 megapixels at 1x, 2.7 at 3x


@dataclass(frozen=True)
class Frame:
    """One moment of the animation: the table, how long it shows (ms), the seat whose last
    river tile is outlined (None: no mark)."""

    scene: TableScene
    delay: int
    mark: str | None = None


class Canvas:
    """The frames laid out on one canvas (the largest frame's size, each table centred on it),
    drawn one at a time (`image`), so a round's frames are held as palette indices only."""

    def __init__(self, frames: list[Frame], options: RenderOptions):
        if not frames:
            raise ValueError("an animation needs at least one frame")
        self.frames = frames
        self.theme = get_theme(options.theme)
        self.back = options.background or (*self.theme.page, 255)
        self.options = replace(options, background=self.back, format="png")
        self.laid = [arrange_scene(f.scene, self.options) for f in frames]
        s = self.options.scale
        self.width = max(sl.layout.width for sl in self.laid) * s
        self.height = max(sl.layout.height for sl in self.laid) * s
        if self.width * self.height > MAX_PIXELS:
            raise OptionError(f"a frame at height {options.height} and scale {s} is {self.width} x {self.height} px; "
                              f"an animation's frames are at most {MAX_PIXELS // 1_000_000} megapixels: lower the "
                              f"height or the scale", "scale")

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def image(self, k: int) -> Image.Image:
        """Frame `k` as an opaque RGB picture (the background: ``options.background``, else the
        theme's page colour), its mark outlined."""
        frame, sl, s = self.frames[k], self.laid[k], self.options.scale
        canvas = Image.new("RGB", self.size, self.back[:3])
        img = compose(None, self.options, sl.layout)
        dx, dy = (self.width - img.width) // 2, (self.height - img.height) // 2
        canvas.paste(img.convert("RGB"), (dx, dy))
        if frame.mark is not None:
            river = [t.placement for t in sl.tiles if t.role == "river" and t.seat == frame.mark]
            if river:
                _outline(canvas, river[-1], s, dx, dy, self.theme.gold)
        return canvas

    def indexed(self) -> tuple[list[np.ndarray], bytes]:
        """Each frame's palette indices on the shared palette (`shared_palette` of the first, middle
        and last frames) and the palette's RGB bytes."""
        n = len(self.frames)
        picks = sorted({0, n // 2, n - 1})
        palette = shared_palette([self.image(k) for k in picks])
        return [_indices(self.image(k), palette) for k in range(n)], bytes(palette.getpalette()[:3 * COLOURS])


def frame_images(frames: list[Frame], options: RenderOptions) -> list[Image.Image]:
    """Every frame as an opaque RGB picture on one canvas (`Canvas.image`)."""
    canvas = Canvas(frames, options)
    return [canvas.image(k) for k in range(len(frames))]


def _outline(img: Image.Image, p, s: int, dx: int, dy: int, colour) -> None:
    """A ring just inside the tile's box: the last discard, seen at a glance."""
    w = max(2, p.h // 14) * s
    box = (p.x * s + dx, p.y * s + dy, (p.x + p.w) * s + dx - 1, (p.y + p.h) * s + dy - 1)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=3 * s, outline=colour, width=w)


def shared_palette(images: list[Image.Image]) -> Image.Image:
    """One palette (`COLOURS` entries) for every frame, fitted to `images` side by side (the first,
    middle and last frames: the tiles dealt, in play and in the rivers)."""
    w, h = images[0].size
    sample = Image.new("RGB", (w * len(images), h))
    for n, img in enumerate(images):
        sample.paste(img, (n * w, 0))
    return sample.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _indices(img: Image.Image, palette: Image.Image) -> np.ndarray:
    """No dithering: a pixel that does not change keeps its index."""
    return np.asarray(img.quantize(palette=palette, dither=Image.Dither.NONE))


def indexed_frames(images: list[Image.Image]) -> tuple[list[np.ndarray], bytes]:
    """Each frame's palette indices on one palette (fitted to the first, middle and last) and the
    palette's RGB bytes."""
    picks = sorted({0, len(images) // 2, len(images) - 1})
    palette = shared_palette([images[k] for k in picks])
    return [_indices(img, palette) for img in images], bytes(palette.getpalette()[:3 * COLOURS])


def apng(indices: list[np.ndarray], palette: bytes, delays: list[int], loop: int = 0) -> bytes:
    """An APNG of palette frames: the first whole, each next one the box that changed, its
    unchanged pixels the transparent entry `COLOURS`, blended over the frame before; a frame
    that changes nothing adds its delay to the one before."""
    h, w = indices[0].shape
    frames: list[list] = [[(0, 0, indices[0]), delays[0]]]
    for prev, cur, delay in zip(indices, indices[1:], delays[1:]):
        changed = prev != cur
        if not changed.any():
            frames[-1][1] += delay
            continue
        rows, cols = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
        y0, y1, x0, x1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        part = np.where(changed[y0:y1, x0:x1], cur[y0:y1, x0:x1], COLOURS).astype(np.uint8)
        frames.append([(x0, y0, part), delay])
    pal = palette.ljust(3 * COLOURS, b"\0") + b"\0\0\0"
    out = [SIGNATURE, chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
           chunk(b"acTL", struct.pack(">II", len(frames), loop)), chunk(b"PLTE", pal),
           chunk(b"tRNS", b"\xff" * COLOURS + b"\0")]
    seq = 0
    for n, ((x, y, part), delay) in enumerate(frames):
        ph, pw = part.shape
        blend = 0 if n == 0 else 1  # the first frame is its own; the rest are laid over it
        out.append(chunk(b"fcTL", struct.pack(">IIIIIHHBB", seq, pw, ph, x, y, min(delay, 65535), 1000, 0, blend)))
        seq += 1
        rows = np.zeros((ph, pw + 1), np.uint8)
        rows[:, 1:] = part
        data = deflate.zlib_compress(rows.tobytes(), PALETTE_LEVEL)
        if n == 0:
            out.append(chunk(b"IDAT", data))
        else:
            out.append(chunk(b"fdAT", struct.pack(">I", seq) + data))
            seq += 1
    out.append(_IEND)
    return b"".join(out)


def apng_frames(data: bytes) -> list[dict]:
    """The frames an APNG holds, read from its ``fcTL`` chunks: box and delay (ms).

    >>> apng_frames(apng([np.zeros((2, 3), np.uint8)], b"\\0\\0\\0", [100]))
    [{'width': 3, 'height': 2, 'x': 0, 'y': 0, 'delay': 100}]
    """
    out, at = [], len(SIGNATURE)
    while at < len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"fcTL":
            _, w, h, x, y, num, den = struct.unpack(">IIIIIHH", data[at + 8:at + 32])
            out.append({"width": w, "height": h, "x": x, "y": y, "delay": round(num * 1000 / (den or 100))})
        at += 12 + size
    return out


def animate(frames: list[Frame], options: RenderOptions = RenderOptions(), fmt: str = "png",
            canvas: Canvas | None = None) -> bytes:
    """The frames as one looping animation in `fmt`: ``png`` (APNG), ``gif`` or ``webp`` (`canvas`:
    the frames already laid out)."""
    if fmt not in FORMATS:
        raise ValueError(f"an animation is png (APNG), gif or webp, not {fmt!r}")
    canvas = canvas or Canvas(frames, options)
    delays = [f.delay for f in frames]
    indices, palette = canvas.indexed()
    if fmt == "png":
        return apng(indices, palette, delays)
    buf = io.BytesIO()
    if fmt == "gif":
        pictures = [_palette_image(i, palette) for i in indices]
        pictures[0].save(buf, "GIF", save_all=True, append_images=pictures[1:], duration=delays, loop=0,
                         disposal=1, optimize=True, transparency=COLOURS)
    else:  # palette frames: Pillow turns each to RGB as it hands it to libwebp
        pictures = [_palette_image(i, palette) for i in indices]
        pictures[0].save(buf, "WEBP", save_all=True, append_images=pictures[1:], duration=delays, loop=0,
                         lossless=True, method=WEBP_METHOD)
    return buf.getvalue()


def still(image: Image.Image, fmt: str = "png") -> bytes:
    """One frame alone (the last: for readers who prefer reduced motion), PNG or WebP: a palette
    picture where its palette keeps the look (`service.drawing.indexed.quantized_picture`), as a scene's PNG is."""
    picture = quantized_picture(image.convert("RGBA"))
    if picture is None:
        return encode(image, fmt)
    if fmt == "png":
        return indexed_png(picture.indices, picture.palette, picture.transparency)
    return encode(picture.image(), fmt)


def _palette_image(indices: np.ndarray, palette: bytes) -> Image.Image:
    img = Image.fromarray(indices, "P")
    img.putpalette(palette)
    return img


__all__ = ["FORMATS", "Canvas", "Frame", "animate", "apng", "apng_frames", "frame_images", "still"]
