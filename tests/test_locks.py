"""The locks `make serve` and `make test` install hold what pyproject.toml asks for.

requirements/serve.txt pins the dependencies, requirements/test.txt those and the test extra
(`make lock` writes both). The project is installed on top with ``--no-deps``, so a dependency
added to pyproject.toml without `make lock` would be missing from every `make` venv: each must
be pinned, at a version its range allows, and the two locks agree on what both pin.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
LOCKS = {"serve": (ROOT / "requirements" / "serve.txt", []),
         "test": (ROOT / "requirements" / "test.txt", ["test"])}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def pins(lock: Path) -> dict[str, str]:
    """``{name: version}`` the lock installs on this Python (its markers evaluated here).

    >>> sorted(pins(LOCKS["serve"][0]))[:2]
    ['blinker', 'cachetools']
    """
    found = {}
    for line in lock.read_text().splitlines():
        m = PIN.match(line)
        if m and (m[3] is None or Marker(m[3]).evaluate()):
            found[canonicalize_name(m[1])] = m[2]
    return found


def asked(extras: list[str]) -> list[Requirement]:
    """pyproject.toml's dependencies, and those of ``extras``, that apply on this Python."""
    lines = PROJECT["dependencies"] + [r for e in extras for r in PROJECT["optional-dependencies"][e]]
    return [r for r in map(Requirement, lines) if r.marker is None or r.marker.evaluate({"extra": ""})]


@pytest.mark.parametrize("name", LOCKS)
def test_the_lock_pins_every_dependency_within_its_range(name):
    lock, extras = LOCKS[name]
    pinned = pins(lock)
    unpinned = [str(r) for r in asked(extras) if canonicalize_name(r.name) not in pinned]
    assert unpinned == [], f"not in {lock.name}: run `make lock`"
    outside = [f"{r} (locked {pinned[canonicalize_name(r.name)]})" for r in asked(extras)
               if not r.specifier.contains(pinned[canonicalize_name(r.name)], prereleases=True)]
    assert outside == [], f"{lock.name} is outside pyproject.toml's ranges: run `make lock`"


def test_the_locks_agree_on_what_both_pin():
    serve, test = pins(LOCKS["serve"][0]), pins(LOCKS["test"][0])
    assert {n: (v, test.get(n)) for n, v in serve.items() if test.get(n) != v} == {}
