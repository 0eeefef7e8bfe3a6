"""Chinese Official (MCR) scores, through PyMahjongGB: the extra ``mahjong-tiles[mcr]``.

>>> from service.notation.grammar import parse
>>> try:
...     import MahjongGB
... except ImportError:
...     score_mcr(parse("1m"), None)
Traceback (most recent call last):
...
service.notation.options.OptionError: rules mcr (Chinese Official) needs PyMahjongGB: pip install 'mahjong-tiles[mcr]'
"""

from __future__ import annotations

from typing import Any

from service.notation.options import OptionError

MISSING = "rules mcr (Chinese Official) needs PyMahjongGB: pip install 'mahjong-tiles[mcr]'"


def score_mcr(hand, ctx) -> dict[str, Any]:
    """The fan of a Chinese Official win; `OptionError` when PyMahjongGB is not installed."""
    try:
        import MahjongGB  # noqa: F401
    except ImportError:
        raise OptionError(MISSING, "rules") from None
    raise OptionError("rules mcr: Chinese Official scoring is not written yet", "rules")
