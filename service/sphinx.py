"""``extensions = ["service.sphinx"]``: the Sphinx extension under a short name: the directives and role
(`service.docs.sphinx_ext`) and, in MyST pages, `<Tiles>` tags and tiles fences (`service.docs.sphinx_myst`).

>>> callable(setup)
True
"""

from .docs import sphinx_ext, sphinx_myst


def setup(app):
    meta = sphinx_ext.setup(app)
    sphinx_myst.setup(app)
    return meta
