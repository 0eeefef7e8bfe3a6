"""Runs remark-tiles' own node:test suite (docs/integrations/remark-tiles/test) in `make test`.

Its devDependencies (@mdx-js/mdx, react) come from its package-lock.json by
`npm ci` (.ci/run does it; here too when they are missing). The plugin finds
`tiles` on PATH: this venv's scripts folder goes first. Its `service` option is
tested against the Flask app served on 127.0.0.1 here (TILES_TEST_SERVICE).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.need import need

PLUGIN = Path(__file__).parents[1] / "docs" / "integrations" / "remark-tiles"


def test_remark_tiles_node_suite(service_url):
    need(shutil.which("node") is not None, "node is not installed")
    if not (PLUGIN / "node_modules" / "@mdx-js" / "mdx").exists() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PLUGIN, check=False, timeout=600)
    need((PLUGIN / "node_modules" / "@mdx-js" / "mdx").exists(), f"run `npm ci` in {PLUGIN}")
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
           "TILES_TEST_SERVICE": service_url}
    suites = sorted(str(p.relative_to(PLUGIN)) for p in (PLUGIN / "test").glob("*.test.js"))  # not helpers.js
    run = subprocess.run(["node", "--test", *suites], cwd=PLUGIN, env=env, capture_output=True, text=True,
                         timeout=600)
    summary = [line for line in run.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in summary and any(line.startswith("# pass") and line != "# pass 0" for line in summary)
    assert "# skipped 0" in run.stdout, "the service tests did not run: " + run.stdout[-3000:]
