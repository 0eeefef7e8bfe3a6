"""Shared test settings.

These machines are shared and noisy: no Hypothesis example may fail for being
slow (speed is measured in bench/, not here).
"""

import pytest
from hypothesis import settings

settings.register_profile("tiles", deadline=None, print_blob=True)
settings.load_profile("tiles")

# The palette fit runs on numpy here unless a test turns the compiled one on (and back off:
# tests/test_fit_kernels.py); the session never loads numba by itself at its 200th fit.
from service.drawing.palette import use_compiled  # noqa: E402

use_compiled(False)


@pytest.fixture
def app():
    """A fresh HTTP app (its own caches and metrics) for one test."""
    from service.http import create_app

    return create_app()


@pytest.fixture
def client(app):
    return app.test_client()
