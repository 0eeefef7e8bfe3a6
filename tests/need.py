"""One rule for tests that need tools from outside Python (node, npm packages, Chromium):
skipped on a developer's machine, failed on CI (``CI=true``), where they must run.

>>> need(True, "node is not installed")
"""

from __future__ import annotations

import os

import pytest


def need(ok: bool, why: str) -> None:
    """Skip locally, fail on CI, unless `ok`."""
    if ok:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"this test must run on CI but cannot: {why}")
    pytest.skip(why)


def need_modules(*names: str) -> None:
    """`need` each Python module (a docs tool from the ``test`` extra) to import."""
    for name in names:
        try:
            __import__(name)
        except ImportError:
            need(False, f"{name} is not installed (pip install -e '.[test]')")
