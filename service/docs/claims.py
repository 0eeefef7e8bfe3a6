"""`tiles lint --check-efficiency`: counts a page claims for a hand, held to its acceptance table.

A claim is in the tag's caption, or in the text after the tag to the end of its
paragraph: ``6 kinds 20 tiles`` (``6 kinds, 20 tiles``, ``6 kinds · 20 tiles``), ``20 tiles``,
``6種20枚`` (``20枚``), ``discard 9p``. For a hand that must discard, a claimed discard
must be among the best rows (lowest shanten, most tiles) and the counts must be its row's;
counts without a discard must be a best row's. For a hand that must draw, the counts are its own.

>>> from service.pictures.scan import scan_text
>>> tag = scan_text('<Tiles notation="123456789m12p355s" caption="discard 5s: 6 kinds 20 tiles" />', "a.md")[0]
>>> [str(p) for p in check_counts(tag, tag.props["notation"])]
['a.md:1:46: the caption says discard 5s, but the best is 3s: 1 kind, 4 tiles (5s: shanten 1, 6 kinds, 20 tiles)']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from service.efficiency import efficiency
from service.notation.grammar import ParseError
from service.pictures.scan import TilesTag, line_col
from service.pictures.tag_props import Problem, problem_at

_COUNTS = re.compile(
    r"(?:\b(?P<kinds>\d+)\s*kinds?\b[\s,·・/;:-]*)?\b(?P<tiles>\d+)\s*tiles?\b"
    r"|(?:(?P<jkinds>\d+)\s*種\s*)?(?P<jtiles>\d+)\s*枚",
    re.IGNORECASE,
)
_DISCARD = re.compile(r"\b(?:discard|cut)\s+(?:the\s+)?(?P<tile>[0-9][mpsz])\b|(?P<jtile>[0-9][mpsz])\s*切り", re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    """What a piece of text says: counts and a discard (None where it says nothing), and where."""

    kinds: int | None
    tiles: int | None
    discard: str | None
    at: int  # index of the first claim in the text

    @property
    def empty(self) -> bool:
        return self.tiles is None and self.discard is None


def read_claim(text: str) -> Claim:
    """The first counts and the first discard a text claims.

    >>> read_claim("Discard 0p: 6 kinds, 20 tiles")
    Claim(kinds=6, tiles=20, discard='5p', at=0)
    >>> read_claim("9p切り、6種20枚")
    Claim(kinds=6, tiles=20, discard='9p', at=0)
    """
    counts, cut = _COUNTS.search(text), _DISCARD.search(text)
    kinds = tiles = discard = None
    at = len(text)
    if counts:
        kinds = counts["kinds"] or counts["jkinds"]
        kinds = int(kinds) if kinds else None
        tiles = int(counts["tiles"] or counts["jtiles"])
        at = counts.start()
    if cut:
        code = (cut["tile"] or cut["jtile"]).lower()
        discard = ("5" if code[0] == "0" else code[0]) + code[1]
        at = min(at, cut.start())
    return Claim(kinds, tiles, discard, at if at < len(text) else 0)


def text_after(tag: TilesTag) -> tuple[int, str]:
    r"""Where the text after the tag starts in the file, and that text to the end of its
    paragraph (a blank line), the next tag or fence.

    >>> from service.pictures.scan import scan_text
    >>> text_after(scan_text('<Tiles notation="1m" /> Discard 9p:\n6 kinds.\n\nMore.', "a.md")[0])
    (23, ' Discard 9p:\n6 kinds.')
    """
    start = tag.end
    if not tag.text.startswith("<", tag.offset):  # a fence: its end is the body's; skip the closing fence
        close = re.compile(r"\s*(```|~~~)[^\n]*").match(tag.text, start)
        start = close.end() if close else start
    rest = tag.text[start:]
    end = len(rest)
    for stop in ("\n\n", "\n\r\n", "<", "```", "~~~"):
        at = rest.find(stop)
        if 0 <= at < end:
            end = at
    return start, rest[:end]


def check_counts(tag: TilesTag, hand) -> list[Problem]:
    """Problems for the claims of the caption and of the text after the tag (``hand``: parsed or notation)."""
    out = []
    caption = tag.props.get("caption")
    if isinstance(caption, str):
        said = read_claim(caption)
        if not said.empty:
            out += _judge(said, hand, "the caption says", lambda m, at=said.at: problem_at(tag, m, at, "caption"))
    start, after = text_after(tag) if tag.end else (0, "")
    said = read_claim(after)
    if not said.empty:
        line, col = line_col(tag.text, start + said.at)
        out += _judge(said, hand, "the text after the tag says", lambda m: Problem(tag.path, line, col, m))
    return out


def _judge(claim: Claim, hand, said: str, problem) -> list[Problem]:
    try:
        table = efficiency(hand)
    except ParseError as err:
        return [problem(f"{said} {_words(claim)}, but there is no table: {err.message}")]
    if "discards" not in table:
        if claim.discard:
            return [problem(f"{said} discard {claim.discard}, but the hand must draw: {_row(table)}")]
        return [] if _fits(claim, table) else [problem(f"{said} {_words(claim)}, but the hand accepts {_row(table)}")]
    rows = table["discards"]
    best = [r for r in rows if (r["shanten"], r["tiles"]) == (rows[0]["shanten"], rows[0]["tiles"])]
    best_text = " or ".join(r["tile"] for r in best) + ": " + _row(best[0])
    if claim.discard:
        row = next((r for r in rows if r["tile"] == claim.discard), None)
        if row is None:
            return [problem(f"{said} discard {claim.discard}, but the hand holds no {claim.discard}")]
        if row not in best:
            return [problem(f"{said} discard {claim.discard}, but the best is {best_text} "
                            f"({claim.discard}: shanten {row['shanten']}, {_row(row)})")]
        if claim.tiles is not None and not _fits(claim, row):
            return [problem(f"{said} {_words(claim)}, but discard {claim.discard} leaves {_row(row)}")]
        return []
    if any(_fits(claim, r) for r in best):
        return []
    return [problem(f"{said} {_words(claim)}, but the best is {best_text}")]


def _fits(claim: Claim, row: dict) -> bool:
    return row["tiles"] == claim.tiles and claim.kinds in (None, row["kinds"])


def _row(row: dict) -> str:
    kinds = "kind" if row["kinds"] == 1 else "kinds"
    return f"{row['kinds']} {kinds}, {row['tiles']} tiles"


def _words(claim: Claim) -> str:
    counts = f"{claim.tiles} tiles" if claim.kinds is None else f"{claim.kinds} kinds {claim.tiles} tiles"
    if claim.discard and claim.tiles is not None:
        return f"discard {claim.discard}: {counts}"
    return f"discard {claim.discard}" if claim.discard else counts
