"""Alt text for a hand, in the reader's language (a river's is `service.notation.river.describe_river`).

Every word and separator comes from `service.notation.words.WORDS`.

>>> from service.notation.grammar import parse
>>> describe(parse("11s+-456m+4s"))
'Hand: 1s 1s; called meld: 4m (sideways) 5m 6m; winning tile: 4s'
>>> describe(parse("11s+-4s"))
'Hand: 1s 1s; winning tile (ron): 4s (sideways)'
>>> describe(parse("11sj?+15f"))
'Hand: 1s 1s joker any tile; bonus tiles: plum spring'
>>> describe(parse("11s+-456m+4s"), "ja")
'手牌：一索 一索；副露：四萬（横） 五萬 六萬；和了牌：四索'
>>> describe(parse("0m+x11xz+1-1=11p"), "zh")
'手牌：红五万；暗杠：牌背 东 东 牌背；副露：一筒 一筒（横） 一筒（加杠） 一筒'
>>> describe(parse("6612d+-45d"), "zh")
'天九牌：天牌 丁三；杂九 4-5（横）'
"""

from __future__ import annotations

from .dora import KINDS, describe_indicators
from .model import Group, Hand
from .river import River, describe_river
from .tienjiu import LABEL as TIENJIU_LABEL
from .words import WORDS, join_groups, tile_word, tiles_text


def describe(hand: Hand | River, lang: str = "en") -> str:
    if isinstance(hand, River):
        return describe_river(hand, lang)
    parts, tienjiu = [], False
    for g in hand.groups:  # a run of Tienjiu groups takes its label once
        dominoes = bool(g.tiles) and all(t.domino for t in g.tiles)
        parts.append(tiles_text((tile_word(t, lang) for t in g.tiles), lang) if dominoes and tienjiu
                     else describe_group(g, lang))
        tienjiu = dominoes
    return join_groups(parts, lang)


def describe_group(g: Group, lang: str = "en", label: str | None = None) -> str:
    """One group: its label (or `label`, a `WORDS` ``labels`` key) and its tiles. A group of
    Tienjiu tiles only is no mahjong hand, meld or winning tile: its label says what they are."""
    w = WORDS[lang]
    if label is None and g.tiles and all(t.domino for t in g.tiles):
        text = TIENJIU_LABEL[lang]
    else:
        text = w["labels"][label or _label(g)]
    return w["group"].format(label=text, tiles=tiles_text((tile_word(t, lang) for t in g.tiles), lang))


def alt_text(subject: Hand | River, options=None) -> str:
    """The alt text of a picture in ``options.lang``: the subject, then the indicator strips
    `options` (RenderOptions) add.

    >>> from service.notation.grammar import parse
    >>> from service.notation.options import RenderOptions
    >>> alt_text(parse("11s"), RenderOptions(dora="4z1m"))
    'Hand: 1s 1s; dora indicator: North 1m'
    >>> alt_text(parse("11s"), RenderOptions(dora="4z1m", ura="0p", lang="ja"))
    '手牌：一索 一索；ドラ表示牌：北 一萬；裏ドラ表示牌：赤五筒'
    """
    lang = options.lang if options is not None else "en"
    parts = [describe(subject, lang)]
    if options is not None:
        parts += [describe_indicators(options.indicators(k), k, lang) for k in KINDS if getattr(options, k)]
    return join_groups(parts, lang)


def _label(g: Group) -> str:
    """The group's `WORDS` ``labels`` key."""
    if g.kind in ("hand", "bonus"):
        return g.kind
    if g.kind == "winning":
        return "ron" if g.ron else "winning"
    if g.concealed_kan:
        return "concealed_kan"
    return "called" if g.called else "meld"
