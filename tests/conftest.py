"""Shared test settings.

These machines are shared and noisy: no Hypothesis example may fail for being
slow (speed is measured in bench/, not here).
"""

import pytest
from hypothesis import settings

settings.register_profile("tiles", deadline=None, print_blob=True)
settings.load_profile("tiles")

# --doctest-modules would import each conftest.py a second time as a plain module named
# "conftest", and two of them (here and browser/) clash in sys.modules. They hold no doctests.
collect_ignore = ["conftest.py", "browser/conftest.py"]

# The palette fit runs compiled here, as it does for users; tests/test_fit_kernels.py
# holds it to its numpy twins.

@pytest.fixture
def app():
    """A fresh HTTP app (its own caches and metrics) for one test."""
    from service.http import create_app

    return create_app()


@pytest.fixture
def client(app):
    return app.test_client()
