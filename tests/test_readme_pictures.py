"""The README's pictures are what their `tiles` commands draw now, and the README shows each at 1x.

When a drawing change makes this fail, `make docs` draws them again (tests/readme_pictures.py).
"""

from __future__ import annotations

import html
import io
import json
import re
from contextlib import redirect_stdout

from PIL import Image

from service.cli import main
from tests.readme_pictures import FOLDER, PICTURES, ROOT, command

MAX_BYTES = 32_000  # each picture a small file
IMG = re.compile(r'<img src="docs/img/readme/([^"]+)" width="(\d+)" height="(\d+)" alt="([^"]+)">')


def alt_of(words: list[str]) -> str:
    """What the command's picture says in words: `tiles parse`'s description, or `tiles scene --json`'s alt."""
    keep = {"--dora", "--ura", "--layout", "--row", "--lang"}
    if words[0] == "scene":
        args = ["scene", str(ROOT / words[1]), "--json"]
    else:
        args = ["parse", words[1]] + [w for i, w in enumerate(words) if w in keep or words[i - 1] in keep and i > 1]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(args) == 0
    view = json.loads(out.getvalue())
    return view["alt"] if words[0] == "scene" else view["description"]


def test_the_committed_pictures_are_what_the_commands_draw(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the commands are written for the repository root
    for name in PICTURES:
        assert main(command(name, tmp_path)) == 0, name
        drawn, kept = (tmp_path / name).read_bytes(), (FOLDER / name).read_bytes()
        assert drawn == kept, f"docs/img/readme/{name} is stale: run `make docs`"
        assert len(kept) <= MAX_BYTES, name
    assert sorted(p.name for p in FOLDER.iterdir()) == sorted(PICTURES)  # nothing else in the folder


def test_the_readme_shows_every_picture_at_half_its_pixels_with_its_alt():
    shown = IMG.findall((ROOT / "README.md").read_text())
    assert sorted(s[0] for s in shown) == sorted(PICTURES)
    for name, width, height, alt in shown:
        with Image.open(FOLDER / name) as img:
            assert img.size == (2 * int(width), 2 * int(height)), name
        assert html.unescape(alt) == alt_of(PICTURES[name]), name


def test_the_pictures_come_first():
    readme = (ROOT / "README.md").read_text()
    assert readme.index("docs/img/readme/") < readme.index("## Install")
    assert readme.index("make test") < readme.index("docs/img/readme/")
