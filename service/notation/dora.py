"""Dora indicators: the ``dora=``/``ura=`` options, the dead wall strip, and the dora they show.

An indicator shows the tile after it: 1-9 of a suit round to 1, the winds
East > South > West > North > East, the dragons White > Green > Red > White.
A strip shows ``SLOTS`` tiles as the dead wall does: the indicators, then backs.
Labels are in the page's language (``lang=en|ja|zh``).

>>> ind = read_indicators("4z0m", "dora")
>>> [t.code for t in ind], [dora_of(t).code for t in ind]
(['4z', '0m'], ['1z', '6m'])
>>> [t.code for t in strip(ind).tiles]
['4z', '0m', 'x', 'x', 'x']
>>> held(parse("123406m067p+1z"), ind)
{'indicators': ['4z', '0m'], 'tiles': ['1z', '6m'], 'count': 4, 'red_fives': 2}
>>> LABELS["ja"]["dora"]
'ドラ表示'
"""

from __future__ import annotations

from .grammar import ParseError, parse
from .model import ANY_TILE, BONUS, JOKER, Group, Hand, Tile, pack
from .words import group_text, tile_name

SLOTS = 5  # the dead wall's upper row shows five tiles: up to four kan dora besides the first
LANGS = ("en", "ja", "zh")
KINDS = ("dora", "ura")
LABELS = {
    "en": {"dora": "Dora indicator", "ura": "Ura dora indicator"},
    "ja": {"dora": "ドラ表示", "ura": "裏ドラ表示"},
    "zh": {"dora": "宝牌指示牌", "ura": "里宝牌指示牌"},
}
_CYCLES = {"z": ((1, 4), (5, 7))}  # honor cycles: winds, dragons


class IndicatorError(ValueError):
    """Indicators that are not 1-5 face-up tiles: the message, and where in the option's text."""

    def __init__(self, message: str, position: int, text: str):
        super().__init__(f"{message} (at position {position})")
        self.message, self.position, self.text = message, position, text


def read_indicators(text: str, name: str = "dora") -> tuple[Tile, ...]:
    """1 to `SLOTS` face-up tiles in tile text (``3m``, ``4z1m``, ``0p``); `IndicatorError` otherwise.

    >>> read_indicators("3mx", "ura")
    Traceback (most recent call last):
    ...
    service.notation.dora.IndicatorError: ura indicators lie face up: no 'x' (at position 2)
    >>> read_indicators("3m1f")
    Traceback (most recent call last):
    ...
    service.notation.dora.IndicatorError: dora indicators are tiles of the 34 kinds: no jokers, any-tiles or bonus tiles (at position 3)
    """
    try:
        hand = parse(text)
    except ParseError as err:
        raise IndicatorError(f"{name}: {err.message}", err.position, text) from None
    if len(hand.groups) > 1 or hand.groups[0].kind != "hand":
        at = next((i for i, c in enumerate(text) if c in "+-=" or (c.isspace() and text[:i].strip())), 0)
        raise IndicatorError(f"{name} indicators are tiles in a row: no melds, '+', '-' or spaces", at, text)
    tiles = hand.tiles
    if any(t.domino for t in tiles):  # a Tienjiu tile points at no next tile either
        at = next(i for i, c in enumerate(text.lower()) if c == "d")
        raise IndicatorError(f"{name} indicators are mahjong tiles: no Tienjiu tiles (d)", at, text)
    if any(t.face_down for t in tiles):
        raise IndicatorError(f"{name} indicators lie face up: no 'x'", text.lower().index("x"), text)
    if any(t.kind in (JOKER, ANY_TILE) or t.suit == BONUS for t in tiles):  # they point at no next tile
        at = next(i for i, c in enumerate(text.lower()) if c in "j?f")
        raise IndicatorError(f"{name} indicators are tiles of the 34 kinds: no jokers, any-tiles or bonus tiles",
                             at, text)
    if len(tiles) > SLOTS:
        raise IndicatorError(f"{len(tiles)} {name} indicators; the dead wall shows at most {SLOTS}",
                             len(text), text)
    return tiles


def dora_of(indicator: Tile) -> Tile:
    """The dora an indicator shows (a plain tile: a red five indicator shows the 6).

    >>> [dora_of(Tile.from_code(c)).code for c in ("9m", "4z", "7z", "5p")]
    ['1m', '1z', '5z', '6p']
    """
    n, suit = indicator.number, indicator.suit
    lo, hi = next(((a, b) for a, b in _CYCLES.get(suit, ((1, 9),)) if a <= n <= b))
    return Tile(pack(lo if n == hi else n + 1, suit))


def strip(indicators: tuple[Tile, ...], kind: str = "dora") -> Group:
    """The strip as drawn: the indicators in order, then backs up to `SLOTS`."""
    return Group(kind, indicators + (Tile.from_code("x"),) * (SLOTS - len(indicators)))  # type: ignore[arg-type]


def held(hand: Hand, indicators: tuple[Tile, ...]) -> dict:
    """Which tiles are dora and how many of the hand's face-up tiles (melds and the winning tile
    too) they count; each red five counts one more (``red_fives``, included in ``count``)."""
    dora = [dora_of(t) for t in indicators]
    faces = [t for t in hand.tiles if not t.face_down]
    count = sum(1 for d in dora for t in faces if t.same_kind(d))
    reds = sum(1 for t in faces if t.red)
    return {"indicators": [t.code for t in indicators], "tiles": [d.code for d in dora],
            "count": count + reds, "red_fives": reds}


def describe_indicators(indicators: tuple[Tile, ...], kind: str = "dora", lang: str = "en") -> str:
    """``dora indicator: North 1m``: alt text in `lang` (`service.notation.words`).

    >>> describe_indicators(read_indicators("4z1m"), "ura")
    'ura dora indicator: North 1m'
    >>> describe_indicators(read_indicators("4z1m"), "dora", "zh")
    '宝牌指示牌：北 一万'
    """
    return group_text(kind, [tile_name(t, lang) for t in indicators], lang)
