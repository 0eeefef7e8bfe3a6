"""What a notation is read as: a hand (the default) or a river (``layout=river``).

The one place that turns the ``layout`` option into a grammar, and the ``dialect`` option (another
tool's notation, `service.notation.dialects`) into ours: the CLI, the HTTP app, `tiles lint` and
`tiles build` read through here (and lay out through `service.layout.arrange`).

>>> river = read("*-5m 123456p", "river")
>>> layout_of(river), layout_of(read("5m+123p"))
('river', 'hand')
>>> read("123m_4*56p", dialect="riichi-hand-rs").canonical()
'123m+-456p'
>>> read("12m_8z", dialect="riichi-hand-rs")
Traceback (most recent call last):
...
service.notation.grammar.ParseError: honors go from 1z to 7z; there is no 8z (at position 4)
"""

from __future__ import annotations

from dataclasses import replace

from .grammar import MAX_CHARS, ParseError, parse
from .model import Hand, ParseWarning
from .river import River, parse_river

Subject = Hand | River


def read(notation: str, layout: str = "hand", dialect: str | None = None) -> Subject:
    """Parse ``notation`` with the grammar of ``layout``, written in ``dialect`` (None: ours);
    raises `ParseError` with a position in ``notation``."""
    grammar = parse_river if layout == "river" else parse
    if not dialect:
        return grammar(notation)
    from .dialects import translation

    if len(notation) > MAX_CHARS:  # as long as ours may be, told before any reading
        what = "river" if layout == "river" else "notation"
        raise ParseError(f"{what} is {len(notation)} characters long; the limit is {MAX_CHARS}", MAX_CHARS, notation)

    ours = translation(notation, dialect, river=layout == "river")
    try:
        subject = grammar(ours.text)
    except ParseError as err:
        raise ours.error(err) from None
    warnings = tuple(ParseWarning(w.message, ours.original(w.position)) for w in subject.warnings)
    return replace(subject, warnings=warnings, notation=notation)


def layout_of(subject: Subject) -> str:
    """``"hand"`` or ``"river"``: the ``layout`` option that reads and draws it."""
    return "river" if isinstance(subject, River) else "hand"
