"""Other tools' tile notations read into ours: the ``dialect`` option.

Each dialect has a module, ``dialect_<name>.py`` beside this one (with a table of its syntax beside
ours), that reads its tool's text into tiles; `service.notation.dialect_writing` writes them as our
notation, keeping where every character came from, so that a mistake is reported at its place in
the text as written. (Modules of this package, not a package of their own: they read through the
grammar's `ParseError`, and `subject` reads through them.)

>>> translate("123m456p_7*77z", "riichi-hand-rs")
'123m456p+-777z'
>>> translate("1m|_123p|66^6z", "mahgen")
'1m+-123p+66-6=6z'
>>> dialect_name("chombo-gen")
'riichi-hand-rs'
>>> dialect_name("markdown")
Traceback (most recent call last):
...
ValueError: dialect must be one of riichi-hand-rs, mahgen, pymdownx-mahjong, mjimage, merjong, riichi-wiki, latex, riichinator (or chombo-gen, handy-dora), not 'markdown'
"""

from __future__ import annotations

from importlib import import_module

from .dialect_writing import Translation

DIALECTS = ("riichi-hand-rs", "mahgen", "pymdownx-mahjong", "mjimage", "merjong", "riichi-wiki", "latex",
            "riichinator")
ALIASES = {"chombo-gen": "riichi-hand-rs", "handy-dora": "riichi-hand-rs"}  # tools that draw with another's parser
# The alt text the `<Tiles>` component gives a tag in a dialect when it asks the service for the
# picture: it reads our notation only, so it names the dialect and the text as written
# (tilesSpec.js carries it; a `tiles build` manifest has the hand read out).
ALT_WORDS = {"en": "Tiles in {dialect} notation: {notation}", "ja": "{dialect}記法の牌：{notation}",
             "zh": "{dialect}记法的牌：{notation}"}


def dialect_name(name: str) -> str:
    """The dialect ``name`` stands for (an alias gives the tool it draws with); a `ValueError`
    listing the names for any other."""
    if name in DIALECTS:
        return name
    if name in ALIASES:
        return ALIASES[name]
    raise ValueError(f"dialect must be one of {', '.join(DIALECTS)} (or {', '.join(ALIASES)}), not {name!r}")


def translation(text: str, dialect: str, river: bool = False) -> Translation:
    """``text`` in ``dialect`` as our notation, with the position map (a river when ``river``);
    a `ParseError` at its place in ``text`` for what the dialect does not accept."""
    module = import_module(f".dialect_{dialect_name(dialect).replace('-', '_')}", __package__)
    return module.read(text, river).translation()


def translate(text: str, dialect: str) -> str:
    """``text``, written in ``dialect``, rewritten as our notation; raises
    `service.notation.grammar.ParseError` with the position in ``text``."""
    return translation(text, dialect).text


__all__ = ["ALIASES", "ALT_WORDS", "DIALECTS", "Translation", "dialect_name", "translate", "translation"]
