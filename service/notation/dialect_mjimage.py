"""mjimage: its tile text in our notation.

==============  ==============================================  ==============
mjimage         meaning                                         ours
==============  ==============================================  ==============
``123m``        digits share the next suit letter               ``123m``
``0m`` ``r5m``  a red five                                      ``0m``
``1w``..``4w``  the winds                                       ``1z``..``4z``
``1d``..``3d``  the dragons: white, green, red                  ``5z 6z 7z``
``_``           a back                                          ``x``
``-1``          before a digit: it lies sideways                ``-1``
``,``           ends a block (blocks are drawn apart)           ``+``
``t3p``         the drawn tile (tsumo), a block of its own      ``+3p`` (last)
``v3p``         the tile won off a discard (ron)                ``+-3p`` (last)
``^1``          before a digit: greyed (a river's tsumogiri)    ``*1`` (river)
==============  ==============================================  ==============

mjimage draws each block as the meld it makes out of it, and these readings follow it: a block
with no sideways tile or back is drawn sorted (``3m1m2m`` as ``123m``, a red five before a five);
a called meld (pon, chi, open kan) keeps its sideways tile where it is written and sorts the
others around it; four tiles with two backs are a concealed kan, drawn back, two faces, back;
four of a kind with two sideways tiles are an added kan, the second on top of the first; any
other block is drawn as written. A ``t`` or ``v`` block is our winning tile, the last segment
wherever it is written.
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
OPERATORS = "-tvdr^"
ORDER = {"m": 0, "p": 1, "s": 2, "z": 3, "x": 4}


@dataclass
class Tile:
    """A tile of mjimage's as read, before its block is known."""

    piece: Piece
    ops: str  # mjimage's operators before it: - t v d r ^
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
                n = int(t.piece.code)
                if c == "d" and not 1 <= n <= 3 or c == "w" and not 1 <= n <= 4:
                    kinds = "dragons are 1d 2d 3d (white, green, red)" if c == "d" else "winds are 1w to 4w"
                    w.fail(f"mjimage's {kinds}; there is no {t.piece.code}{c}", t.piece.at)
                n += 4 if c == "d" else 0
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
            if "r" in ops and c != "5":
                w.fail(f"'r' marks a red five and must be followed by 5, not {c}", ops_at + ops.index("r"))
            cluster.append(Tile(Piece(i, "0" if "r" in ops else c), ops, ops_at))
            ops = ""
        else:
            w.fail(f"'{c}' is not part of mjimage's notation", i)
    if ops:
        w.fail(f"'{ops[0]}' must come right before a tile's digit", ops_at)
    winning: list[tuple[int, Piece]] = []
    for at, tiles in blocks:
        if not tiles:
            continue
        marked = [t for t in tiles if set(t.ops) & set("tvd")]
        if marked:
            t = marked[0]
            op = next(o for o in t.ops if o in "tvd")
            if op == "d":
                w.fail("'d' before a tile is mjimage's dora block; here give the indicator as the dora option"
                       " (dora=3p)", t.ops_at)
            if len(tiles) > 1:
                w.fail(f"'{op}' marks a block of one tile (the winning tile), like ,{op}3p", t.ops_at)
            t.piece.sideways, t.piece.mark_at = op == "v", t.ops_at
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
    kind = block_kind(pieces)
    if kind == "ankan":  # back, two faces (the red five first), back
        backs = [p for p in pieces if p.code == "x"]
        face = next(p for p in pieces if p.code != "x")
        five = face.code[0] in "05" and face.code[1] != "z"
        first = Piece(face.at, ("0" if five else face.code[0]) + face.code[1], suit_at=face.suit_at)
        second = Piece(face.at, ("5" if five else face.code[0]) + face.code[1], suit_at=face.suit_at)
        return [backs[0], first, second, backs[1]]
    if kind in CALLED:  # its sideways tiles where written, the others sorted around them
        out = sorted((p for p in pieces if not p.sideways), key=order)
        for n, p in enumerate(pieces):
            if p.sideways:
                out.insert(n, p)
        if kind == "shokan":  # the second sideways tile lies on the first
            first, second = [p for p in out if p.sideways]
            out.remove(second)
            second.stacked = True
            out.insert(out.index(first) + 1, second)
        return out
    return pieces if kind == "discard" else sorted(pieces, key=order)


CALLED = ("pon", "chi", "daikan", "shokan", "ankan")


def block_kind(pieces: list[Piece]) -> str:
    """What mjimage makes of a block's tiles: a hand, a called meld (pon, chi, daikan: an open kan,
    shokan: an added kan, ankan: a concealed kan), or tiles drawn as written (discard)."""
    if len(pieces) == 1:
        return "hand"
    same = len({same_kind(p) for p in pieces}) == 1
    sideways = sum(p.sideways for p in pieces)
    backs = sum(p.code == "x" for p in pieces)
    if not sideways and not backs:
        return "hand"
    if len(pieces) == 3 and not backs:
        return "pon" if same else "chi" if sideways == 1 and run(pieces) else "discard"
    if len(pieces) == 4 and backs == 2:
        return "ankan"
    if len(pieces) == 4 and same and sideways in (1, 2):
        return "daikan" if sideways == 1 else "shokan"
    return "discard"


def order(p: Piece) -> tuple[int, int, int]:
    """mjimage's order: m p s z then backs, by number, a red five before the other fives."""
    if p.code == "x":
        return ORDER["x"], 0, 0
    return ORDER[p.code[1]], int(p.code[0]) or 5, 0 if p.code[0] == "0" else 1


def same_kind(p: Piece) -> str:
    """A tile's kind, a red five as a five."""
    return "5" + p.code[1] if p.code[0] == "0" and p.code != "x" else p.code


def run(pieces: list[Piece]) -> bool:
    """Three faces of one suit in a row."""
    if any(p.code == "x" for p in pieces):
        return False
    codes = sorted((same_kind(p) for p in pieces), key=lambda c: (c[1], c[0]))
    if len({c[1] for c in codes}) != 1:
        return False
    numbers = [int(c[0]) for c in codes]
    return numbers == list(range(numbers[0], numbers[0] + 3))
