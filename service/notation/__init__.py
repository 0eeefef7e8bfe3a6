"""The notation and the model: tiles, groups, hands, rivers, render options, alt text.

Nothing here draws; every other stage reads what this package makes. Names load
on first use, so ``service.notation.model`` alone pulls in no parser.

>>> from service.notation import parse
>>> hand = parse("11222333s22m+-456m+4s")
>>> [g.kind for g in hand.groups], hand.canonical()
(['hand', 'meld', 'winning'], '11222333s22m+-456m+4s')
"""

from __future__ import annotations

from importlib import import_module

_LAZY = {"parse": "grammar", "ParseError": "grammar", "Tile": "model", "Group": "model", "Hand": "model",
         "RenderOptions": "options", "OptionError": "options"}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    return value


__all__ = list(_LAZY)
