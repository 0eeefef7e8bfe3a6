"""Tile art: every mahjong face drawn with Pillow by our own code.

>>> import tile_art
>>> img = tile_art.face("0p", 38, scale=2, theme="dark")
>>> img.size == (tile_art.tile_width(38) * 2, 76), img.mode
(True, 'RGBA')
"""

from importlib import import_module

from .proportions import TILE_ASPECT, tile_width, width_of

# Drawing loads Pillow and the font; geometry needs only the proportions, so
# these names load their module on first use (PEP 562).
_LAZY = {"CODES": "faces", "TIENJIU": "faces", "face": "faces", "clear_cache": "faces",
         "contact_sheet": "sheet", "write_sheet": "sheet", "THEMES": "theme"}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = ["CODES", "TIENJIU", "THEMES", "TILE_ASPECT", "tile_width", "width_of", "face", "contact_sheet", "write_sheet", "clear_cache"]
