"""Hand analysis: does the hand win, how does it split, what does it wait on.

No HTTP or drawing here; see docs/analysis.md.

>>> from service.notation.grammar import parse
>>> analyse(parse("2z+x11xs+x11xp+x11xm+x11xz+2z")).complete
True
"""

from . import forms, tables, wilds
from .parts import Block, Split
from .result import FAILED, Analysis, analyse, analyse_safely


def clear_caches() -> None:
    """Forget every memo: suit splits, fits, waits, shanten tables and wild searches (benchmarks use this)."""
    forms.clear()
    tables.clear()
    wilds.clear()


__all__ = ["FAILED", "Analysis", "Block", "Split", "analyse", "analyse_safely", "clear_caches"]
