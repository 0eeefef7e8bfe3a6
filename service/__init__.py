"""tiles: mahjong tile notation to images. The public API, stable whatever moves inside.

>>> from service import parse, render, RenderOptions, analyse
>>> hand = parse("11222333s22m+-456m+4s")
>>> analyse(hand).complete
True
>>> render("5-5=55p", RenderOptions(format="svg")).startswith(b"<svg")
True
>>> render(hand, RenderOptions(scale=2))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True

The stages are packages, each importing only from those below it:
``notation`` (the model and grammar) -> ``analysis`` -> ``layout`` (geometry) ->
``drawing`` (bytes; faces from ``tile_art``) -> ``pictures`` (tags read, files named,
batch) -> ``docs`` (lint, build, the docs sites) -> ``http`` -> ``cli``.
Names load on first use, so ``import service`` costs nothing.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .analysis import Analysis, analyse
    from .scoring import score
    from .efficiency import efficiency
    from .notation import Group, Hand, OptionError, ParseError, RenderOptions, Tile, parse

_LAZY = {"parse": "notation", "ParseError": "notation", "Tile": "notation", "Group": "notation",
         "Hand": "notation", "RenderOptions": "notation", "OptionError": "notation",
         "analyse": "analysis", "Analysis": "analysis", "score": "scoring",
         "efficiency": "efficiency"}


def render(subject, options=None) -> bytes:
    """Image bytes of a hand, a river or a notation string, in ``options.format``.

    A string is read with the grammar of ``options.layout`` (a hand unless ``"river"``), written in
    ``options.dialect`` (another tool's notation) when it names one.
    """
    from .drawing.render import render as draw
    from .notation.options import RenderOptions
    from .notation.subject import read

    options = options or RenderOptions()
    if isinstance(subject, str):
        subject = read(subject, options.layout, options.dialect)
    return draw(subject, options)


def __getattr__(name: str):
    if name not in _LAZY:  # a submodule (service.http, ...) is found by the import system
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(f".{_LAZY[name]}", __name__), name)
    return value


__all__ = ["parse", "render", "RenderOptions", "analyse", "ParseError", "OptionError", "Tile", "Group", "Hand",
           "Analysis", "score", "efficiency"]
