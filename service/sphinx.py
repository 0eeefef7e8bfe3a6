"""``extensions = ["service.sphinx"]``: the Sphinx extension (`service.docs.sphinx_ext`) under a short name.

>>> callable(setup)
True
"""

from .docs.sphinx_ext import setup

__all__ = ["setup"]
