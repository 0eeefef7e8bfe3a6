"""The marks other tools' notations use, and what to write here instead: the parser's hints.

An author coming from another tool writes its marks from habit. When one of them is what our
parser stops at, the error names the mark, the tools that write it, and what this notation
writes for the same picture (with the tile at hand when it can tell). `MARKS` is the one table.

>>> print(hint_at("4'56m", 1))
"'" after a tile lays it sideways in merjong, riichi.wiki, LaTeX, riichinator and riichi-hand-rs; here write '-' before the tile: -4m
>>> hint_at("123m|456p", 4)
"'|' is mahgen's gap between groups; here '+' or a space separates melds: 123m+456p"
>>> explain("honors have no red five (0 and r5 are for m, p and s)", "0z", 0)
'honors have no red five (0 and r5 are for m, p and s); 0z is a face-down tile in mahgen, riichi.wiki and riichinator: here write x'
>>> hint_at("123m", 0) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SUIT_AFTER = re.compile(r"[0-9]*([mpszMPSZ])")
_GENERIC = re.compile(r"'.' is not (?:part of the tile notation|a suit letter \(use m, p, s or z\))")


@dataclass(frozen=True)
class PeerMark:
    """One mark of other tools: who writes it, what it means there, and what to write here.

    ``write`` may name ``{tile}`` (the tile the mark stands by, e.g. ``-4m``) and ``{joined}``
    (the text with the mark made a ``+``); ``example`` stands in when the tile cannot be told.
    """

    mark: str
    means: str
    write: str
    example: str = ""


# What each mark means to the tools that write it. A mark of two characters ("**") is looked up
# before its first one alone.
MARKS: tuple[PeerMark, ...] = (
    PeerMark("**", "after a tile stacks it on the sideways tile before it (an added kan) in riichi-hand-rs",
             "write '=' before the tile added on top: {tile}", "5-5=55p"),
    PeerMark("''", "after a tile stacks it on the sideways tile before it (an added kan) in riichi-hand-rs"
             " and merjong", "write '=' before the tile added on top: {tile}", "5-5=55p"),
    PeerMark("'", "after a tile lays it sideways in merjong, riichi.wiki, LaTeX, riichinator and riichi-hand-rs",
             "write '-' before the tile: {tile}", "-4m"),
    PeerMark("*", "marks tsumogiri only in a river (layout=river); after a tile it lays it sideways in"
             " riichi-hand-rs", "write '-' before the tile: {tile}", "-4m"),
    PeerMark('"', "after a tile lays two of it sideways, one on top of the other (an added kan), in merjong,"
             " LaTeX and riichinator, and lays it sideways in riichi.wiki", "write '-' before the called tile"
             " and '=' before the one on top: {pair} (or {tile} for one sideways tile)", "5-5=55p"),
    PeerMark("|", "is mahgen's gap between groups", "'+' or a space separates melds: {joined}", "123m+456p"),
    PeerMark(",", "separates blocks in mjimage", "'+' or a space separates melds: {joined}", "123m+456p"),
    PeerMark("_", "lays the next tile sideways in mahgen, is a face-down tile in mjimage and ends a group"
             " in riichi-hand-rs", "write '-' before a sideways tile (-4m), x for a face-down tile,"
             " '+' between melds"),
    PeerMark("(", "opens a called meld in pymdownx-mahjong, like (456p<)",
             "a meld is a segment of its own with '-' before the called tile: 123m+-456p"),
    PeerMark(")", "closes a called meld in pymdownx-mahjong, like (456p<)",
             "a meld is a segment of its own with '-' before the called tile: 123m+-456p"),
    PeerMark("[", "opens a concealed kan in pymdownx-mahjong, like [1111z]", "write x11xz for a concealed kan"),
    PeerMark("]", "closes a concealed kan in pymdownx-mahjong, like [1111z]", "write x11xz for a concealed kan"),
    PeerMark("<", "says the tile was called from the left in pymdownx-mahjong, like (456p<)",
             "write '-' before the called tile: -456p (left), 4-56p (across), 45-6p (right)"),
    PeerMark(">", "says the tile was called from the right in pymdownx-mahjong, like (456p>)",
             "write '-' before the called tile: -456p (left), 4-56p (across), 45-6p (right)"),
    PeerMark("^", "says the tile was called from across in pymdownx-mahjong (456p^); before a tile it lays"
             " it sideways with a tile added on top in mahgen (^5p)",
             "write '-' before the called tile (4-56p) and '=' before a tile added on top (5-5=55p)"),
    PeerMark("!", "highlights the tile's border in riichinator", "no mark does: leave it out"),
)
_BY_MARK = {m.mark: m for m in MARKS}

# Letters other tools write for honours, and ours: riichi-hand-rs' (case-sensitive) ...
HONOUR_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "w": "5z", "g": "6z", "r": "7z"}
_HONOUR_NAMES = {"1z": "East", "2z": "South", "3z": "West", "4z": "North", "5z": "White", "6z": "Green", "7z": "Red"}
# ... and mjimage's honour suits: 1w-4w the winds, 1d-3d the dragons
SUIT_LETTERS = {"w": ("the winds", 4, 0), "d": ("the dragons", 3, 4)}


def explain(message: str, text: str, position: int) -> str:
    """``message`` with the hint for a peer's mark at ``position`` of ``text``: the hint alone in
    place of a bare "not part of the tile notation", else after the message.

    >>> explain("'|' is not part of the tile notation", "1m|2m", 2)
    "'|' is mahgen's gap between groups; here '+' or a space separates melds: 1m+2m"
    >>> explain("'.' is not part of the tile notation", "1m.2m", 2)
    "'.' is not part of the tile notation"
    """
    hint = hint_at(text, position)
    if hint is None:
        return message
    return hint if _GENERIC.fullmatch(message) else f"{message}; {hint}"


def hint_at(text: str, position: int) -> str | None:
    """What to write here for the peer's mark at ``position`` of ``text``; None when it is none.

    >>> hint_at("12m*3m", 3), hint_at("ESW", 0)
    ("'*' marks tsumogiri only in a river (layout=river); after a tile it lays it sideways in riichi-hand-rs; here write '-' before the tile: -2m", 'E is East in riichi-hand-rs; here write 1z')
    """
    if not 0 <= position < len(text):
        return None
    c = text[position]
    if c.isdigit():
        return _digit_hint(text, position)
    if c.isalpha():
        return _letter_hint(text, position)
    mark = _BY_MARK.get(text[position:position + 2]) or _BY_MARK.get(c)
    if mark is None:
        return None
    write = mark.write
    if "{tile}" in write or "{pair}" in write:
        tile = _tile_before(text, position, stacked=len(mark.mark) == 2)
        pair = f"-{tile[1]}={tile[1:]}" if tile else None
        write = write.format(tile=tile, pair=pair) if tile else write.split(":")[0] + f": {mark.example}"
    elif "{joined}" in write:
        joined = _joined(text, position, mark.mark)
        write = write.format(joined=joined if joined.strip("+") else "leave it out")
    quoted = f'"{mark.mark}"' if "'" in mark.mark else f"'{mark.mark}'"
    return f"{quoted} {mark.means}; here {write}"


def _tile_before(text: str, position: int, stacked: bool) -> str | None:
    """``-4m`` (``=4m``) for the tile a mark after it lays sideways: the digit before the mark and
    the first suit letter after it (``4'56m``), or the tile just before it (``4m'``)."""
    sign = "=" if stacked else "-"
    if position >= 1 and text[position - 1].isdigit():
        suit = re.compile(r"[mpszMPSZ]").search(text, position)
        return f"{sign}{text[position - 1]}{suit.group().lower()}" if suit else None
    if position >= 2 and text[position - 1] in "mpszMPSZ" and text[position - 2].isdigit():
        return f"{sign}{text[position - 2]}{text[position - 1].lower()}"
    return None


def _joined(text: str, position: int, mark: str) -> str:
    """The notation around a gap mark with the marks made ``+``: what it means here."""
    start = max(text.rfind(" ", 0, position), text.rfind("+", 0, position)) + 1
    end = min([k for k in (text.find(" ", position), text.find("+", position + 1)) if k >= 0] or [len(text)])
    return text[start:end].replace(mark, "+")


def _letter_hint(text: str, position: int) -> str | None:
    """An honour written as a letter (riichi-hand-rs' ``E`` or ``r``, mjimage's ``1w`` or ``2d``),
    or mjimage's ``t`` (the drawn tile)."""
    c = text[position]
    k = position
    while k > 0 and text[k - 1].isdigit():
        k -= 1
    digits = text[k:position]
    if digits and c in SUIT_LETTERS:
        what, top, base = SUIT_LETTERS[c]
        if all("1" <= d <= str(top) for d in digits):
            ours = "".join(str(int(d) + base) for d in digits) + "z"
            return (f"1{c}-{top}{c} are {what} in mjimage; here they are"
                    f" {1 + base}z-{top + base}z: write {ours}")
    if c == "v" and text[position + 1:position + 2].isdigit():
        ron = "mjimage's tile won off a discard (v3p): here the last segment, sideways, like 123m+-3p"
        if text[position + 1] not in "05":
            return f"'v' before a tile is {ron}"
        red = "-0=5" if text[position + 1] == "0" else "-5=0"
        return (f"'v{text[position + 1]}' is mahgen's added kan with a red five, a sideways tile with one on"
                f" top (here write {red}, like 5{red}5s); 'v' before a tile is {ron}")
    if c == "t":
        return ("'t' marks the drawn tile in mjimage; here the drawn (winning) tile is the last segment,"
                " one tile after a '+': 123m+4m")
    if c == "r" and text[position + 1:position + 2] == "5":  # our red five
        return None
    if c in HONOUR_LETTERS and not digits:
        ours = HONOUR_LETTERS[c]
        return f"{c} is {_HONOUR_NAMES[ours]} in riichi-hand-rs; here write {ours}"
    return None


def _digit_hint(text: str, position: int) -> str | None:
    """A digit before a suit letter that means something else to a peer: mahgen's ``0z`` (a back)
    and mjimage's ``1d``-``3d`` (the dragons, which our ``d`` reads as Tienjiu tiles)."""
    m = _SUIT_AFTER.match(text, position)
    if m is None:
        return dragon_hint(text, position)
    suit = m.group(1).lower()
    if suit == "z" and text[position] == "0":
        return "0z is a face-down tile in mahgen, riichi.wiki and riichinator: here write x"
    return dragon_hint(text, position)


def dragon_hint(text: str, position: int) -> str | None:
    """mjimage's dragons ``1d``-``3d`` where our ``d`` finds an odd Tienjiu digit at ``position``.

    >>> dragon_hint("123m1d", 4)
    '1d-3d are the dragons in mjimage; here they are 5z-7z: write 5z'
    """
    k = position
    while k > 0 and text[k - 1].isdigit():
        k -= 1
    end = position + 1
    if end < len(text) and text[end] in "dD" and all("1" <= d <= "3" for d in text[k:end]):
        ours = "".join(str(int(d) + 4) for d in text[k:end]) + "z"
        return f"1d-3d are the dragons in mjimage; here they are 5z-7z: write {ours}"
    return None
