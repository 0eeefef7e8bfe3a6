"""mjimage: its tile text in our notation.

==============  ==============================================  ==============
mjimage         meaning                                         ours
==============  ==============================================  ==============
``123m``        digits share the next suit letter               ``123m``
``0m``          a red five                                      ``0m``
``1w``..``4w``  the winds                                       ``1z``..``4z``
``1d``..``3d``  the dragons: white, green, red                  ``5z 6z 7z``
``_``           a back                                          ``x``
``-1``          before a digit: it lies sideways                ``-1``
``,``           ends a block (blocks are drawn apart)           ``+``
``t3p``         the drawn tile (tsumo), a block of its own      ``+3p`` (last)
``r3p``         the tile won off a discard (ron)                ``+-3p`` (last)
``^1``          before a digit: greyed (a river's tsumogiri)    ``*1`` (river)
==============  ==============================================  ==============

mjimage draws each block as the meld it makes out of it, and these readings follow it: a block
with no sideways tile or back is drawn sorted (``3m1m2m`` as ``123m``), as is a pon or open kan;
a chi shows its sideways tile first; four tiles with two backs are a concealed kan, drawn back,
two faces, back; four of a kind with two sideways tiles are an added kan, the second on top of
the first. A ``t`` or ``r`` block is our winning tile, the last segment wherever it is written.
Whitespace is skipped, as mjimage skips it. ``d3p`` (a dora block) is our ``dora`` option, not
tile text.

>>> from service.notation.dialects import translate
>>> translate("456m456s456p1w2w3w1d,t2p", "mjimage")
'456m456p456s1235z+2p'
>>> translate("23789p, t1w, -456p, 9-99p", "mjimage")
'23789p+-456p+9-99p+1z'
>>> translate("11p__, -5-555s", "mjimage")
'x11xp+-5=555s'
"""

from __future__ import annotations

from dataclasses import dataclass

from .dialect_writing import DIGITS, Piece, Writer

SUITS = "mpsz"
OPERATORS = "-trd^"
ORDER = {"m": 0, "p": 1, "s": 2, "z": 3, "x": 4}


@dataclass
class Tile:
    """A tile of mjimage's as read, before its block is known."""

    piece: Piece
    ops: str  # mjimage's operators before it: - t r d ^
    ops_at: int


def read(text: str, river: bool = False) -> Writer:
    """Read mjimage's ``text`` into a `Writer`; a `ParseError` for what it does not accept."""
    w = Writer(text, river)
    blocks: list[tuple[int, list[Tile]]] = [(0, [])]
    cluster: list[Tile] = []
    ops, ops_at = "", -1
    last = next((i for i in range(len(text) - 1, -1, -1) if not text[i].isspace()), -1)
    if last >= 0 and text[last] not in SUITS + "_wd":
        w.fail(f"mjimage's text ends with a suit letter (m p s z w d) or '_', not '{text[last]}'", last)
    for i, c in enumerate(text):
        if c.isspace():
            continue
        if c == ",":
            if cluster:
                w.fail(f"'{text[cluster[0].piece.at]}' has no suit letter after it", cluster[0].piece.at)
            blocks.append((i, []))
        elif c == "_" and not ops:
            blocks[-1][1].append(Tile(Piece(i, "x"), "", -1))
        elif (c in SUITS or (c in "wd" and cluster)) and not ops:
            if not cluster:
                w.fail(f"suit letter '{c}' has no digits before it", i)
            for t in cluster:
                n = int(t.piece.code) + (4 if c == "d" else 0)
                t.piece.code, t.piece.suit_at = f"{n}{'z' if c in 'wd' else c}", i
            blocks[-1][1].extend(cluster)
            cluster = []
        elif c in OPERATORS:
            if c in ops:
                w.fail(f"'{c}' cannot follow '{c}': once per tile", i)
            if not ops:
                ops_at = i
            ops += c
        elif c in DIGITS:
            cluster.append(Tile(Piece(i, c), ops, ops_at))
            ops = ""
        else:
            w.fail(f"'{c}' is not part of mjimage's notation", i)
    if ops:
        w.fail(f"'{ops[0]}' must come right before a tile's digit", ops_at)
    winning: list[tuple[int, Piece]] = []
    for at, tiles in blocks:
        if not tiles:
            continue
        marked = [t for t in tiles if set(t.ops) & set("trd")]
        if marked:
            t = marked[0]
            op = next(o for o in t.ops if o in "trd")
            if op == "d":
                w.fail("'d' before a tile is mjimage's dora block; here give the indicator as the dora option"
                       " (dora=3p)", t.ops_at)
            if len(tiles) > 1:
                w.fail(f"'{op}' marks a block of one tile (the winning tile), like ,{op}3p", t.ops_at)
            t.piece.sideways, t.piece.mark_at = op == "r", t.ops_at
            winning.append((at, t.piece))
            continue
        w.gap(at)
        for t in tiles:
            if "^" in t.ops:
                if not river:
                    w.fail("'^' greys a discard (tsumogiri) in mjimage; a hand has no greyed tiles: read it as a"
                           " river (layout=river)", t.ops_at)
                t.piece.tsumogiri = True
            if "-" in t.ops:
                t.piece.sideways, t.piece.mark_at = True, t.ops_at
        w.pieces.extend(drawn(tiles))
    for at, piece in winning:
        w.gap(at)
        w.pieces.append(piece)
    return w


def drawn(tiles: list[Tile]) -> list[Piece]:
    """A block's tiles in the order and shape mjimage draws the meld it makes of them."""
    pieces = [t.piece for t in tiles]
    sideways = [p for p in pieces if p.sideways]
    backs = [p for p in pieces if p.code == "x"]
    faces = [p for p in pieces if p.code != "x"]
    same = bool(faces) and len({same_kind(p) for p in faces}) == 1

    def key(p: Piece):
        return ORDER[p.code[-1] if p.code != "x" else "x"], 5 if p.code[0] == "0" else int(p.code[0] or 0)

    if len(pieces) == 4 and len(backs) == 2 and faces:  # a concealed kan: back, two faces, back
        a, b = (faces * 2)[:2]
        reds = [p for p in faces if p.code[0] == "0"]
        if reds:
            a = reds[0]
            b = next((p for p in faces if p is not a), a)
        return [backs[0], a, b, backs[1]]
    if len(pieces) == 4 and same and len(sideways) == 2 and not backs:  # an added kan, drawn as written
        first, second = sideways
        second.stacked = True
        rest = [p for p in pieces if p is not second]
        rest.insert(rest.index(first) + 1, second)
        return rest
    if len(pieces) == 3 and len(sideways) == 1 and not backs and not same and run(pieces):  # a chi
        return sideways + sorted((p for p in pieces if not p.sideways), key=key)
    if len(sideways) == 1 and not same or (backs and not (len(pieces) == 4 and len(backs) == 2)):
        return pieces  # a discard-like block: as written
    return sorted(pieces, key=key)


def same_kind(p: Piece) -> str:
    """A face's kind, a red five as a five."""
    return p.code.replace("0", "5", 1) if p.code[0] == "0" else p.code


def run(pieces: list[Piece]) -> bool:
    """Three faces of one number suit in a row."""
    codes = sorted(same_kind(p) for p in pieces)
    suits = {c[1] for c in codes}
    if len(suits) != 1 or "z" in suits:
        return False
    numbers = [int(c[0]) for c in codes]
    return numbers == list(range(numbers[0], numbers[0] + 3))
