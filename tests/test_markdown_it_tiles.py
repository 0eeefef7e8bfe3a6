"""Runs markdown-it-tiles' own node:test suite (docs/integrations/markdown-it-tiles/test) in `make test`.

Its devDependency (markdown-it) comes from its package-lock.json by `npm ci` (.ci/run does
it; here too when it is missing). The plugin finds `tiles` on PATH: this venv's scripts
folder goes first.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.need import need

PLUGIN = Path(__file__).parents[1] / "docs" / "integrations" / "markdown-it-tiles"


def test_markdown_it_tiles_node_suite():
    need(shutil.which("node") is not None, "node is not installed")
    if not (PLUGIN / "node_modules" / "markdown-it").exists() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PLUGIN, check=False, timeout=600)
    need((PLUGIN / "node_modules" / "markdown-it").exists(), f"run `npm ci` in {PLUGIN}")
    env = {**os.environ, "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])}
    suites = sorted(str(p.relative_to(PLUGIN)) for p in (PLUGIN / "test").glob("*.test.js"))
    run = subprocess.run(["node", "--test", *suites], cwd=PLUGIN, env=env, capture_output=True, text=True,
                         timeout=600)
    summary = [line for line in run.stdout.splitlines() if line.startswith(("# pass", "# fail", "not ok"))]
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "# fail 0" in summary and any(line.startswith("# pass") and line != "# pass 0" for line in summary)
