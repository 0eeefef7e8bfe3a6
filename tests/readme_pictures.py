"""The README's pictures: each drawn by one `tiles` command into docs/img/readme/ at 2x.

`make docs` runs this (`python -m tests.readme_pictures`); `tests/test_readme_pictures.py` draws
them again and fails when a committed file is not what the command draws now. The light ones
lie on white and the dark one on GitHub's dark page (#0d1117), so each reads in either mode.

>>> PICTURES["river.png"][:2]
['render', '19m4z3s-5p8s2z*6p0s2m*3p']
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "docs" / "img" / "readme"
HAND = "11222333s22m+-456m+4s"  # the README's page syntax example
PICTURES = {  # file name: the `tiles` command's words, without -o
    "hand.png": ["render", HAND, "--dora", "1m", "--scale", "2", "--bg", "fff"],
    "river.png": ["render", "19m4z3s-5p8s2z*6p0s2m*3p", "--layout", "river", "--scale", "2", "--bg", "fff"],
    "card.png": ["scene", "examples/card.yaml", "--scale", "2", "--bg", "fff"],
    "hand-dark.png": ["render", HAND, "--dora", "1m", "--scale", "2", "--theme", "dark", "--bg", "0d1117"],
}


def command(name: str, out: Path) -> list[str]:
    """The words that draw picture `name` into folder `out`, run from the repository root."""
    return [*PICTURES[name], "-o", str(out / name)]


def draw(out: Path = FOLDER) -> None:
    """Draw every picture into `out` (the repository's files are read from its root)."""
    from service.cli import main

    out.mkdir(parents=True, exist_ok=True)
    for name in PICTURES:
        words = command(name, out)
        words = [str(ROOT / w) if w.startswith("examples/") else w for w in words]
        if main(words) != 0:
            sys.exit(f"tiles {shlex.join(words)} failed")


if __name__ == "__main__":
    draw()
    for stale in set(p.name for p in FOLDER.glob("*.png")) - set(PICTURES):
        (FOLDER / stale).unlink()
