"""Tile art: every mahjong face drawn with Pillow by our own code.

>>> import tile_art
>>> img = tile_art.face("0p", 38, scale=2, theme="dark")
>>> img.size == (tile_art.tile_width(38) * 2, 76), img.mode
(True, 'RGBA')
"""

from .faces import CODES, clear_cache, face, tile_width
from .sheet import contact_sheet, write_sheet
from .theme import THEMES

__all__ = ["CODES", "THEMES", "tile_width", "face", "contact_sheet", "write_sheet", "clear_cache"]
