"""The npm packages as users get them: `npm pack` tarballs in build/npm, under names without a version.

    python3 -m tests.npm_packs                        # pack every package (.ci/run does, before the fixtures' npm ci)
    python3 -m tests.npm_packs --relock tests/browser  # after changing a fixture's package.json: its lockfile anew

The fixtures (tests/browser and its sites) depend on ``file:…/build/npm/<name>.tgz``, and their
package-lock.json holds no ``integrity`` for it: with one, `npm ci` would install the tarball of
that hash from npm's cache, not the one packed now. `installed` puts the current tarball into a
fixture whose copy is stale, as `npm ci` would (the packages have no dependencies of their own).

>>> sorted(PACKAGES)
['mahjong-tiles', 'remark-tiles']
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKS = ROOT / "build" / "npm"
PACKAGES = {"remark-tiles": ROOT / "docs" / "integrations" / "remark-tiles", "mahjong-tiles": ROOT / "docs" / "components"}


def pack(name: str, dest: Path = PACKS) -> Path:
    """`npm pack` of package ``name`` into ``dest``/<name>.tgz; its path."""
    dest.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(["npm", "pack", "--json", "--pack-destination", str(dest)], cwd=PACKAGES[name],
                         capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        raise RuntimeError(f"npm pack {PACKAGES[name]} failed:\n{run.stderr[-3000:]}")
    made = dest / json.loads(run.stdout)[0]["filename"]
    return made.replace(dest / f"{name}.tgz")


def contents(tarball: Path) -> dict[str, bytes]:
    """``{path inside the package: bytes}`` of a packed tarball (npm puts it all under package/)."""
    with tarfile.open(tarball) as tar:
        return {m.name.removeprefix("package/"): tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}


def installed(fixture: Path, name: str) -> Path:
    """The fixture's node_modules/<name>, made the current tarball's contents if it is not; its path."""
    files = contents(pack(name))
    where = fixture / "node_modules" / name
    have = {str(p.relative_to(where)): p.read_bytes() for p in where.rglob("*") if p.is_file()} \
        if where.is_dir() and not where.is_symlink() else None
    if have != files:
        if where.is_symlink() or where.is_file():
            where.unlink()
        shutil.rmtree(where, ignore_errors=True)
        with tarfile.open(fileobj=io.BytesIO((PACKS / f"{name}.tgz").read_bytes())) as tar:
            for m in tar.getmembers():
                if m.isfile():
                    out = where / m.name.removeprefix("package/")
                    out.parent.mkdir(parents=True, exist_ok=True)
                    out.write_bytes(tar.extractfile(m).read())
    return where


def relock(fixture: Path) -> None:
    """The fixture's package-lock.json for its package.json (`npm install --package-lock-only`, which keeps
    every locked version it can), without the integrity of our tarballs."""
    for name in PACKAGES:
        pack(name)
    subprocess.run(["npm", "install", "--package-lock-only", "--no-audit", "--no-fund", "--loglevel=error"],
                   cwd=fixture, check=True, timeout=600)
    lockfile = fixture / "package-lock.json"
    lock = json.loads(lockfile.read_text())
    for name in PACKAGES:
        lock["packages"].get(f"node_modules/{name}", {}).pop("integrity", None)
    lockfile.write_text(json.dumps(lock, indent=2) + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--relock"]:
        for folder in sys.argv[2:]:
            relock(Path(folder).resolve())
    else:
        for package in sys.argv[1:] or PACKAGES:
            print(pack(package))
