"""Tsumogiri discards are drawn dimmed: the tile's colours pulled toward a grey veil.

A per-placement step of compositing (service/render.py), not a face of its own:
it works on any face of any theme and keeps the tile's own alpha, so the shape
and edges stay crisp on every background.

>>> import tile_art
>>> face = tile_art.face("5p", 38)
>>> out = dimmed(face)
>>> out.size == face.size, out.getchannel("A").tobytes() == face.getchannel("A").tobytes()
(True, True)
"""

from __future__ import annotations

from PIL import Image

# Each colour channel c becomes c + (VEIL - c) * STRENGTH: ivory tiles turn grey,
# dark ink turns mid-grey, so a dimmed tile reads as "faded" in light and dark themes.
VEIL = 128
STRENGTH = 0.5
_CHANNEL = [round(c + (VEIL - c) * STRENGTH) for c in range(256)]
_LUT = _CHANNEL * 3 + list(range(256))  # R, G, B pulled to the veil; alpha untouched


def dimmed(face: Image.Image) -> Image.Image:
    """A new RGBA image: ``face`` with its colours veiled (the cached face is not touched)."""
    return face.point(_LUT)
