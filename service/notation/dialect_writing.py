"""Write the tiles a dialect read as our notation, remembering where each character came from.

A dialect module reads its tool's text into `Piece`s and gaps; `Writer` writes them in our
notation (digits share a suit letter, ``-`` before a sideways tile, ``=`` before a stacked one,
``x`` a back, ``+`` between segments) and keeps, for every character it writes, the position in
the original text it stands for, so that an error of our grammar points into the text as written.

>>> w = Writer("11*1**1m")
>>> for at, digit in ((0, "1"), (1, "1"), (3, "1"), (6, "1")):
...     _ = w.tile(at, digit + "m", suit_at=7)
>>> w.pieces[1].sideways = w.pieces[2].sideways = w.pieces[2].stacked = True
>>> w.translation().text
'1-1=11m'
>>> w.translation().original(4)  # the '=' stands for the 1 at 3
3
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .grammar import ParseError

DIGITS = "0123456789"  # ASCII only: str.isdigit() takes other scripts' digits too
SINGLES = ("x", "?", "j")  # tiles written as one letter: a back, an any-tile, a joker


@dataclass(slots=True)
class Piece:
    """One tile a dialect read: ``code`` is a digit and suit (``"0p"``, ``"7z"``) or a single
    (``"x"``, ``"?"``); ``at`` where it stands in the original text."""

    at: int
    code: str
    sideways: bool = False
    stacked: bool = False
    tsumogiri: bool = False  # rivers only: a '*' before it
    mark_at: int = -1  # where its sideways or stacked mark stands (-1: at the tile)
    suit_at: int = -1  # where its suit letter stands (-1: at the tile)


@dataclass(frozen=True, slots=True)
class Translation:
    """Our notation for a dialect's text, and where each of its characters came from."""

    source: str
    text: str
    positions: tuple[int, ...]  # for each character of text, a position in source

    def original(self, position: int) -> int:
        """The position in the source of the character at ``position`` of the translation (its end
        for the end).

        >>> Translation("1m|2m", "1m+2m", (0, 1, 2, 3, 4)).original(5)
        5
        """
        if 0 <= position < len(self.positions):
            return self.positions[position]
        return len(self.source)

    def error(self, err: ParseError) -> ParseError:
        """``err`` (of our grammar, on the translation) told at its place in the source."""
        return ParseError(err.message, self.original(err.position), self.source)


@dataclass
class Writer:
    """Collects a dialect's tiles, segment by segment, and writes them as our notation."""

    source: str
    river: bool = False  # a river: spaces between groups, '*' for tsumogiri
    pieces: list[Piece] = field(default_factory=list)
    breaks: dict[int, int] = field(default_factory=dict)  # piece index a new segment starts at -> gap position

    def fail(self, message: str, position: int):
        raise ParseError(message, position, self.source)

    def unsuited(self, shown: str, at: int, before: str = "") -> None:
        """Fail at a tile (shown as ``shown``) still waiting for its suit letter when ``before`` (a gap
        mark) or the end comes."""
        where = f" before the '{before}'" if before else ""
        self.fail(f"'{shown}' has no suit letter after it (add m, p, s or z{where})", at)

    def tile(self, at: int, code: str, **marks) -> Piece:
        """Add a tile (``code`` as `Piece` has it) to the current segment."""
        piece = Piece(at, code, **marks)
        self.pieces.append(piece)
        return piece

    def gap(self, at: int) -> None:
        """End the segment (a gap in the tool's picture); gaps before any tile or after another
        gap add nothing."""
        if self.pieces and len(self.pieces) not in self.breaks:
            self.breaks[len(self.pieces)] = at

    def translation(self) -> Translation:
        """Our notation for what was read: one suit letter per run of a suit."""
        out: list[str] = []
        where: list[int] = []

        def put(text: str, at: int) -> None:
            out.append(text)
            where.extend([at] * len(text))

        run: list[Piece] = []

        def flush() -> None:
            # Backs stay inside a run that starts with one, before its suit letter (x11xs, as canonical()
            # has it); trailing backs of another run follow its letter (123mxx).
            digits = [n for n, p in enumerate(run) if p.code not in SINGLES]
            close = digits[-1] if digits and run[0].code != "x" else len(run) - 1 if digits else -1
            for n, p in enumerate(run):
                if p.tsumogiri:
                    put("*", p.mark_at if p.mark_at >= 0 else p.at)
                if p.sideways or p.stacked:
                    put("=" if p.stacked else "-", p.mark_at if p.mark_at >= 0 else p.at)
                put(p.code[0], p.at)
                if n == close:
                    last = run[digits[-1]]
                    put(last.code[1], last.suit_at if last.suit_at >= 0 else last.at)
            run.clear()

        for n, piece in enumerate(self.pieces):
            if n in self.breaks:
                flush()
                put(" " if self.river else "+", self.breaks[n])
            if piece.code in SINGLES[1:]:  # a joker or any-tile takes no digits: close the run
                flush()
                run.append(piece)
                flush()
                continue
            if piece.code != "x":
                suit = next((p.code[1] for p in run if p.code not in SINGLES), None)
                if suit is not None and suit != piece.code[1]:
                    flush()
            run.append(piece)
        flush()
        return Translation(self.source, "".join(out), tuple(where))
