"""Rivers: a player's discards, read from tile text with two marks of their own.

Grammar (docs/notation.md, "Rivers"): the ordinary tile text of one segment
(digits share the next suit letter, ``0``/``r5`` red fives, any case), and
before a tile ``-`` for the riichi declaration tile (drawn sideways, one per
river) and ``*`` for tsumogiri, a tile thrown straight from the draw (drawn
dimmed); ``*-5m`` and ``-*5m`` are a tsumogiri riichi tile. Whitespace is
ignored everywhere and never starts a row. ``x``, ``=`` and ``+`` are errors,
and so are bonus tiles (``1f``: set aside, never discarded); a joker ``j`` and
an any-tile ``?`` are discards like any other.

The river marks are read here; the tiles themselves by `service.notation.grammar.parse`,
so a river and a hand agree on every tile rule and message.

>>> river = parse_river("1m *2m 34-5p *6s")
>>> river.canonical(), river.riichi
('1*2m34-5p*6s', 4)
>>> describe_river(river)
'River: 1m 2m 3p 4p, riichi on 5p, 6s; tsumogiri: 2m 6s'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .grammar import MAX_CHARS, ParseError, parse
from .model import Group, Hand, ParseWarning, Tile
from .words import WORDS, group_text, join_groups, tile_name, tiles_text

RIICHI = "-"
TSUMOGIRI = "*"


@dataclass(frozen=True, slots=True)
class River:
    """A player's discards in order; equality compares the tiles only.

    Shaped like a `Hand` (``groups``, ``tiles``, ``warnings``, ``notation``,
    ``canonical()``) so the JSON view, the renderer and the cache keys take either.
    """

    tiles: tuple[Tile, ...]
    warnings: tuple[ParseWarning, ...] = field(default=(), compare=False)
    notation: str = field(default="", compare=False)
    called: tuple[int, ...] = ()  # indexes of the discards another seat called (a game record's river)

    @property
    def groups(self) -> tuple[Group, ...]:
        return (Group("river", self.tiles),)

    @property
    def riichi(self) -> int | None:
        """Index of the riichi declaration tile, or None before riichi."""
        return next((i for i, t in enumerate(self.tiles) if t.sideways), None)

    def canonical(self) -> str:
        """One spelling per picture: the hand spelling of the tiles, ``*`` before ``-``.

        >>> parse_river("-*R5P *4S").canonical()
        '*-0p*4s'
        """
        plain = Hand((Group("hand", self.tiles),)).canonical()  # one tile per digit, j or ?: no backs
        out: list[str] = []
        n = 0
        for c in plain:
            if c.isdigit() or c in "j?":
                if self.tiles[n].tsumogiri:  # before the tile's '-' if it has one
                    out.insert(len(out) - 1 if out and out[-1] == RIICHI else len(out), TSUMOGIRI)
                n += 1
            out.append(c)
        return "".join(out)


def parse_river(text: str) -> River:
    """Read a river; raise `ParseError` (position in ``text``) on any mistake.

    >>> parse_river("12m+3m")
    Traceback (most recent call last):
    ...
    service.notation.grammar.ParseError: '+' separates a hand from its melds; a river has none: leave it out (spaces are ignored) (at position 3)
    """
    if len(text) > MAX_CHARS:
        raise ParseError(f"river is {len(text)} characters long; the limit is {MAX_CHARS}", MAX_CHARS, text)
    kept: list[str] = []  # what the tile grammar reads: no whitespace, no '*'
    where: list[int] = []  # position in text of each kept character
    tsumogiri: set[int] = set()  # tile indexes (one tile per digit: a river has no backs)
    riichi = -1  # where the '-' stands
    riichi_discard = 0  # which discard it marks, counted from 1 as a reader counts them
    star = -1  # a '*' waiting for its tile
    digits = 0

    def fail(message: str, position: int):
        raise ParseError(message, position, text)

    for i, c in enumerate(text):
        if c.isspace():
            continue
        if c == TSUMOGIRI:
            if star >= 0:
                fail("'*' cannot follow '*': one tsumogiri mark per tile", i)
            if kept and kept[-1] in "rR":
                fail("'*' goes before the 'r' of a red five, as in *r5m", i)
            star = i
            continue
        if c in "xX":
            fail("a river has no face-down tiles: every discard lies face up", i)
        if c == "=":
            fail("'=' adds a tile to a called kan; a river has no melds", i)
        if c == "+":
            fail("'+' separates a hand from its melds; a river has none: leave it out (spaces are ignored)", i)
        if c in "fF":
            fail("a river has no bonus tiles: they are set aside, never discarded (show them in a hand)", i)
        if c in "dD":
            fail("a river is a mahjong player's discards; Tienjiu tiles (d) have none: show them as a hand", i)
        if c == RIICHI:
            if riichi >= 0:
                fail(f"a river has one riichi tile; the '-' before discard {riichi_discard} marks it already", i)
            riichi, riichi_discard = i, digits + 1
        elif c.isascii() and c.isdigit() or c in "jJ?":
            if star >= 0:
                tsumogiri.add(digits)
                star = -1
            digits += 1
        elif star >= 0 and c not in "rR":
            fail("'*' must come right before a tile", star)
        kept.append(c)
        where.append(i)
    if star >= 0:
        fail("'*' must come right before a tile", star)

    def back(position: int) -> int:
        """A position in the kept text, as a position in ``text``."""
        if position < len(where):
            return where[position]
        return where[-1] + 1 if where else 0

    try:
        hand = parse("".join(kept))
    except ParseError as err:
        raise ParseError(err.message, back(err.position), text) from None
    tiles = tuple(Tile(t.kind, t.sideways, False, n in tsumogiri) for n, t in enumerate(hand.tiles))
    warnings = tuple(ParseWarning(w.message, back(w.position)) for w in hand.warnings)
    return River(tiles, warnings, text)


def describe_river(river: River, lang: str = "en") -> str:
    """Alt text in `lang`: the discards in order, the riichi tile named, then the tsumogiri ones.

    A tsumogiri tile whose name appears twice in the river gets its place in it.

    >>> describe_river(parse_river("-1z 8p *8p 0s"))
    'River: riichi on East, 8p 8p 5s (red); tsumogiri: 8p (3rd discard)'
    >>> from dataclasses import replace
    >>> describe_river(replace(parse_river("1m 2m 3m"), called=(1,)))
    'River: 1m 2m 3m; called: 2m'
    >>> describe_river(parse_river("1m *2m 34-5p *0s *0s"), "ja")
    '捨て牌：一萬 二萬 三筒 四筒、五筒で立直、赤五索 赤五索；ツモ切り：二萬 赤五索（6打目） 赤五索（7打目）'
    """
    w = WORDS[lang]
    names = [tile_name(t, lang) for t in river.tiles]
    r = river.riichi
    if r is None:
        body = tiles_text(names, lang)
    else:
        parts = (tiles_text(names[:r], lang), w["riichi"].format(tile=names[r]), tiles_text(names[r + 1 :], lang))
        body = w["join_parts"].join(p for p in parts if p)
    thrown = [_placed(names, n, lang) for n, t in enumerate(river.tiles) if t.tsumogiri]
    called = [_placed(names, n, lang) for n in river.called]
    groups = [w["group"].format(label=w["labels"]["river"], tiles=body)]
    groups += [group_text("tsumogiri", thrown, lang)] if thrown else []
    return join_groups(groups + ([group_text("called_discard", called, lang)] if called else []), lang)


def _placed(names: list[str], n: int, lang: str = "en") -> str:
    """``8p``, or ``8p (3rd discard)`` when another discard has the same name; a name that ends in
    its own note takes the place in it: ``5s (red, 14th discard)``."""
    name = names[n]
    if names.count(name) == 1:
        return name
    w, at = WORDS[lang], {"n": n + 1, "nth": ordinal(n + 1)}
    if name.endswith(w["placed"][-1]):
        return name[:-1] + w["placed_more"].format(**at)
    return w["placed"].format(tile=name, **at)


def ordinal(n: int) -> str:
    """``1st 2nd 3rd 4th 11th 12th 13th 21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"
