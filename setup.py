"""The one thing pyproject.toml cannot say (but experimentally): the C extension.

The palette fit's inner loops (service/drawing/_fit.c; no numpy headers needed). Optional:
without a C compiler the install goes on and the fit runs on numpy, to the same bytes.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("service.drawing._fit", ["service/drawing/_fit.c"], optional=True)])
