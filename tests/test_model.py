"""The hand model: how tiles read back to a person."""

import re
from pathlib import Path

from service.notation import model
from service.notation.model import Tile
from service.notation.grammar import parse
from service.notation.river import parse_river

ROOT = Path(__file__).resolve().parent.parent


def test_tile_repr_names_the_tile():
    assert repr(Tile.from_code("5p")) == "Tile.from_code('5p')"
    assert repr(parse("-0p").tiles[0]) == "Tile.from_code('0p', sideways=True)"
    assert repr(parse("5-5=5p").tiles[2]) == "Tile.from_code('5p', sideways=True, stacked=True)"
    assert repr(Tile.from_code("x")) == "Tile.from_code('x')"
    river = parse_river("*-5m 12*3p")
    assert repr(river.tiles[0]) == "Tile.from_code('5m', sideways=True, tsumogiri=True)"
    for t in parse("1-23m0p+x11xz+5-5=55s").tiles + river.tiles:
        assert eval(repr(t), {"Tile": Tile}) == t


def test_every_model_constant_is_used():
    """A constant nobody reads (like the old SUIT_NAMES) is a second, silent copy of a rule."""
    sources = [p.read_text() for p in (ROOT / "service").rglob("*.py")] + \
              [p.read_text() for p in (ROOT / "tile_art").glob("*.py")]
    for name in [n for n in vars(model) if re.fullmatch(r"[A-Z][A-Z_]+", n)]:
        uses = sum(len(re.findall(rf"\b{name}\b", text)) for text in sources)
        assert uses > 1, f"model.{name} is defined but never used"
