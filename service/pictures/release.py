"""The release: the version of mahjong-tiles, kept in one place, service/VERSION.

pyproject.toml reads the same file (setuptools' dynamic version), and every npm package
(remark-tiles, the `<Tiles>` component) carries the same version in its package.json, checked by
tests/test_packaging.py. `tiles --version`, /healthz and `tiles batch`'s first line say it. It is
not the renderer's version (service/drawing/version.py), which changes with every drawing change.

>>> TILES_VERSION.count(".")
2
"""

from pathlib import Path

TILES_VERSION = (Path(__file__).parents[1] / "VERSION").read_text(encoding="utf-8").strip()
