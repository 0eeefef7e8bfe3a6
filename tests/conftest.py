"""Shared test settings.

These machines are shared and noisy: no Hypothesis example may fail for being
slow (speed is measured in bench/, not here).
"""

import threading

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


@pytest.fixture
def service_url():
    """The tiles HTTP app on a free loopback port, served by werkzeug on a thread (remark-tiles' `service` option, curl)."""
    from werkzeug.serving import make_server

    from service.http import create_app

    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
