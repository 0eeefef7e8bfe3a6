"""Segments read as melds that are no meld: where another tool's gap became our meld.

Here a space (or ``+``) ends a segment, and every segment after the hand is a meld; many other
tools draw a space as a mere gap inside one hand. So ``345m 1111p 678s 22z``, one hand there, is
here a hand and three melds, the last a pair. The picture is drawn all the same; `misreads` is
the warning that says so, with what to write for one hand.

A meld is a chi (a run of three of one suit), a pon (three of a kind) or a kan (four of a kind,
``x11xs`` concealed), sideways and stacked tiles allowed; a joker, an any-tile or a face-down
tile may stand for any of its tiles. A segment of face-down tiles only (``+x``), the bonus
group and the winning tile are what the notation says they are, and never warned about.

>>> [w.message for w in misreads(parse("345m 1111p 678s 22z"))]
["'22z' is read as a meld, but it is a pair, not a chi, pon or kan: a space or '+' starts a meld here; for one hand write 345m1111p678s22z, or x11xp for a concealed kan"]
>>> misreads(parse("11222333s22m+-456m+4s")), misreads(parse("123m+1234f+x"))
([], [])

A text of melds only (a table seat's ``melds:``) is checked segment by segment, the first too:
`meld_misreads`. Scenes note both at the field (`service.notation.scene`, `service.notation.table`).
"""

from __future__ import annotations

from .grammar import ParseError, parse
from .model import Group, Hand, ParseWarning, Tile

_RUN_SUITS = "mps"


def misreads(hand: Hand) -> list[ParseWarning]:
    """The warning for a hand whose segments after the first (or a called first one) are read as
    melds but are none: at the first such segment, naming it and what to write for one hand."""
    spans = segment_spans(hand.notation)
    if len(spans) != len(hand.groups):  # a hand made in code, not read from text
        return []
    bad = [k for k, g in enumerate(hand.groups) if g.kind == "meld" and not is_meld(g.tiles)]
    if not bad:
        return []
    k = bad[0]
    start, end = spans[k]
    raw = hand.notation[start:end]
    if not _spells(raw, hand.groups[k]):  # read from another text (a dialect's): no segment to point at
        return []
    what = _what(hand.groups[k].tiles)
    tiles = hand.groups[k].tiles
    if any(t.sideways for t in tiles) and len(tiles) > 4:  # a '-' meant as a gap (merjong, LaTeX)
        gap = raw[0] + raw[1:].replace("-", "+")
        advice = (f"'-' lays the next tile sideways here, as a called tile, and makes its segment a meld;"
                  f" for a gap write '+' or a space: {gap.lstrip('-')}")
    elif any(t.sideways for t in tiles):
        advice = "a called meld is the three or four tiles of a chi, pon or kan"
    else:
        advice = _one_hand(hand, spans)
    return [ParseWarning(f"'{raw}' is read as a meld, but it is {what}, not a chi, pon or kan:"
                         f" a space or '+' starts a meld here; {advice}", start)]


def meld_misreads(hand: Hand) -> list[ParseWarning]:
    """The warning for a text of melds only, at its first segment that is no chi, pon or kan.

    >>> [w.message for w in meld_misreads(parse("-123m 55z"))], meld_misreads(parse("-123m 555z x11xp"))
    (["'55z' is read as a meld, but it is a pair, not a chi, pon or kan: each segment of melds is one meld, and a space or '+' starts the next"], [])
    """
    spans = segment_spans(hand.notation)
    if len(spans) != len(hand.groups):
        return []
    for group, (start, end) in zip(hand.groups, spans):
        raw = hand.notation[start:end]
        if not is_meld(group.tiles) and _spells(raw, group):
            return [ParseWarning(f"'{raw}' is read as a meld, but it is {_what(group.tiles)}, not a chi, pon or kan:"
                                 " each segment of melds is one meld, and a space or '+' starts the next", start)]
    return []


def segment_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each segment of a notation: the runs between spaces and ``+``.

    >>> segment_spans(" 123m +4p 5s")
    [(1, 5), (7, 9), (10, 12)]
    """
    spans, start = [], None
    for i, c in enumerate(text):
        if c == "+" or c.isspace():
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(text)))
    return spans


def is_meld(tiles: tuple[Tile, ...]) -> bool:
    """A chi, a pon or a kan, or a segment of face-down tiles only; a joker, an any-tile or a
    face-down tile may stand for any tile of it.

    >>> [is_meld(parse(n).groups[0].tiles) for n in ("-456m", "x11xs", "5-5=55p", "-5pj5p", "-4m5p6m", "-79m")]
    [True, True, True, True, False, False]
    """
    if any(t.domino or t.bonus for t in tiles):
        return True  # Tienjiu tiles and bonus tiles have melds of their own kind, or none
    if all(t.face_down for t in tiles):
        return True
    faces = [t for t in tiles if not t.face_down and not t.single]
    if len(tiles) not in (3, 4):
        return False
    if len({t.base_kind for t in faces}) <= 1:
        return True  # pon or kan (a face-down tile or a joker stands for one of them)
    if len(tiles) != 3 or len({t.suit for t in faces}) != 1 or faces[0].suit not in _RUN_SUITS:
        return False
    numbers = sorted(t.number for t in faces)
    return len(set(numbers)) == len(numbers) and numbers[-1] - numbers[0] <= 2


def _spells(raw: str, group: Group) -> bool:
    """Whether ``raw`` is the text of ``group``: its tiles, or digits whose suit letter comes later.

    >>> _spells("22z", parse("1m 22z").groups[1]), _spells("2_2z", parse("1m 22z").groups[1])
    (True, False)
    """
    try:
        return parse(raw).tiles == group.tiles
    except ParseError:
        return raw.isdigit() or raw[:1] in "-=" and raw[1:].isdigit()


def _what(tiles: tuple[Tile, ...]) -> str:
    """What a segment that is no meld is, in a few words."""
    if len(tiles) == 1:
        return "one tile"
    if len(tiles) == 2:
        return "a pair" if tiles[0].same_kind(tiles[1]) else "two tiles"
    if len(tiles) > 4:
        return f"{len(tiles)} tiles"
    return f"{len(tiles)} tiles that make no run or set"


def _one_hand(hand: Hand, spans: list[tuple[int, int]]) -> str:
    """What to write for one hand: the upright segments run together, called melds, concealed
    kans, the bonus group and the winning tile kept apart (and an upright four of a kind offered
    as a concealed kan)."""
    joined, apart, kans = [], [], []
    for group, (start, end) in zip(hand.groups, spans):
        raw = hand.notation[start:end]
        keep = group.kind in ("bonus", "winning") or group.called or group.concealed_kan \
            or all(t.face_down for t in group.tiles)
        (apart if keep else joined).append(raw)
        if not keep and len(group.tiles) == 4 and is_meld(group.tiles) and not any(t.face_down for t in group.tiles):
            kans.append(_concealed(group))
    if not joined:
        return "write each meld as a segment of its own"
    text = "".join(joined) + "".join("+" + raw for raw in apart)
    out = f"for one hand write {text}"
    if kans:
        out += f", or {' and '.join(kans)} for a concealed kan"
    return out


def _concealed(group: Group) -> str:
    """An upright four of a kind written as a concealed kan: ``1111p`` is ``x11xp``."""
    tile = group.tiles[1]
    return f"x{tile.code[0]}{tile.code[0]}x{tile.suit}"
