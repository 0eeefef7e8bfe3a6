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


def need_site(site, binary: str, package: str) -> None:
    """`need` node and the npm-installed docs-site fixture ``site`` (its ``binary`` in
    node_modules/.bin), then give it our ``package`` as the tarball packed now, as `npm ci` would."""
    import shutil

    from tests import npm_packs

    need(shutil.which("node") is not None, "node is not installed")
    need((site / "node_modules" / ".bin" / binary).exists(), f"run `npm ci` in {site}")
    npm_packs.installed(site, package)
