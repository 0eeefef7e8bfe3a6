"""```` ```tiles-scene ```` blocks drawn into pages by the Python docs integrations (service/docs/scene_pictures.py)."""

from __future__ import annotations

import html
import io
import json
import re
import subprocess
import sys

import pytest
from PIL import Image

markdown = pytest.importorskip("markdown")

from service.docs.markdown_ext import TilesError  # noqa: E402

CARD = "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 2345m067p34588s5z+4p, answer: 5z}"
ALT = ("Problem: East 1 · South seat · Turn 7; dora indicator: 3m; Hand: 2m 3m 4m 5m 5p (red) 6p 7p 3s 4s 5s "
       "8s 8s White; drawn tile: 4p; Discard White")
PAGE = f"""# Problems

```tiles-scene
{CARD}
```

- In a list:

    ```{{tiles-scene}}
    problem:
      round: S2
      seat: W
      dora: 1z
      hand: 123456789m1234z+5z
    ```

````md
```tiles-scene
this stays code
```
````
"""
BAD = "# Page\n\nText\n\n  ```tiles-scene\n  problem:\n    round: E1\n    seat: S\n    dora: 3m\n" \
      "    hand: 2345m067p34588s5z+4p\n    answer: 6s\n  ```\n"


def convert(text: str, **config) -> str:
    return markdown.markdown(text, extensions=["tiles", "fenced_code"], extension_configs={"tiles": config})


def labels(html: str) -> list[str]:
    return [a.replace("&#x27;", "'") for a in re.findall(r'<svg role="img" aria-label="([^"]+)"', html)]


def test_markdown_draws_scene_fences_as_inline_svgs_with_their_alt_text():
    html = convert(PAGE)
    assert labels(html) == [ALT, "Problem: South 2 · West seat; dora indicator: East; Hand: 1m 2m 3m 4m 5m 6m 7m "
                                 "8m 9m East South West North; drawn tile: White"]
    assert 'class="tiles tiles-scene" style="display:block;max-width:100%;height:auto"' in html
    assert 'width="402" height="159"' in html
    assert "this stays code\n" in html
    assert "@media (prefers-color-scheme:dark)" in html  # theme auto, colour mode media: the SVG's own rules


def test_markdown_scene_pairs_under_a_selector_colour_mode():
    html = convert(PAGE, color_mode="material")
    assert html.count('class="tiles tiles-scene tiles--light"') == 2
    assert html.count('class="tiles tiles-scene tiles--dark"') == 2
    assert '<style>[data-md-color-scheme=slate] .tiles--light{display:none!important}' in html


def test_markdown_scene_error_names_file_line_col_and_field():
    with pytest.raises(TilesError) as err:
        convert(BAD, page="docs/bad.md")
    assert str(err.value).startswith("docs/bad.md:11:13: problem.answer: 6s is not in the hand")
    assert str(err.value).endswith("    answer: 6s\n" + " " * 14 + "^")


def build_mkdocs(root, page: str, *extra: str):
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "problems").mkdir(exist_ok=True)
    (root / "docs" / "problems" / "index.md").write_text(page, encoding="utf-8")
    (root / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (root / "mkdocs.yml").write_text("site_name: Scenes\nplugins:\n  - tiles:\n" + "".join(f"      {e}\n" for e in extra)
                                     + "markdown_extensions: [pymdownx.superfences]\n", encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", "mkdocs.yml", "-d", "site"],
                          cwd=root, capture_output=True, text=True, timeout=600)


def test_mkdocs_writes_scene_files_and_links_them_with_their_alt_text(tmp_path):
    pytest.importorskip("mkdocs")
    run = build_mkdocs(tmp_path, f"# Problems\n\n```tiles-scene\n{CARD}\n```\n", "color_mode: material")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "site" / "problems" / "index.html").read_text(encoding="utf-8")
    imgs = re.findall(r'<img src="([^"]+)" srcset="([^"]+)" width="402" height="159" alt="([^"]+)"[^>]*'
                      r'class="tiles tiles-scene tiles--(light|dark)"', html)
    assert [(i[0].startswith("../tiles/"), i[2].replace("&#x27;", "'"), i[3]) for i in imgs] == \
        [(True, ALT, "light"), (True, ALT, "dark")]
    for src, srcset, _, _ in imgs:
        for url in [src] + [u.split()[0] for u in srcset.split(", ")]:
            data = (tmp_path / "site" / "problems" / url).read_bytes()
            assert data[:4] == b"\x89PNG"
    assert len(list((tmp_path / "site" / "tiles").glob("*.png"))) == 6  # 2 themes x 3 scales
    run = build_mkdocs(tmp_path, "# Problems\n\n```tiles-scene\nproblem: {round: E1, seat: X, dora: 3m, "
                                 "hand: 123456789m1234z+5z}\n```\n")
    assert run.returncode != 0
    assert "docs/problems/index.md:4:28: problem.seat: " in run.stderr


def build_sphinx(root, pages: dict[str, str]):
    for name, text in pages.items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "conf.py").write_text('extensions = ["myst_parser", "service.sphinx"]\n'
                                  'source_suffix = {".rst": "restructuredtext", ".md": "markdown"}\n', encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(root), str(root / "_build")],
                          capture_output=True, text=True, timeout=600)


def test_sphinx_draws_scene_directives_in_rst_and_myst(tmp_path):
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    rst = f"Problems\n========\n\n.. toctree::\n\n   more\n\n.. tiles-scene::\n\n   {CARD}\n"
    md = "# More\n\n```{tiles-scene}\nproblem:\n  round: S2\n  seat: W\n  dora: 1z\n  hand: 123456789m1234z+5z\n```\n"
    run = build_sphinx(tmp_path, {"index.rst": rst, "more.md": md})
    assert run.returncode == 0, run.stderr
    for page, alt in (("index", ALT), ("more", "Problem: South 2 · West seat; dora indicator: East")):
        html = (tmp_path / "_build" / f"{page}.html").read_text(encoding="utf-8").replace("&#x27;", "'")
        imgs = re.findall(r'<img src="(_images/[0-9a-f]{16}\.png)" srcset="[^"]+" width="\d+" height="\d+" '
                          r'alt="([^"]+)"[^>]*class="tiles tiles-scene tiles--(light|dark)"', html)
        assert [(i[1].startswith(alt), i[2]) for i in imgs] == [(True, "light"), (True, "dark")]
        assert all((tmp_path / "_build" / i[0]).read_bytes()[:4] == b"\x89PNG" for i in imgs)


def test_sphinx_scene_error_fails_the_build_at_file_line_col(tmp_path):
    pytest.importorskip("myst_parser")
    md = "# Bad\n\n```{tiles-scene}\nproblem:\n  round: E1\n  seat: S\n  dora: 3m\n  hand: 2345m067p34588s5z+4p\n" \
         "  answer: 6s\n```\n"
    run = build_sphinx(tmp_path, {"index.md": md})
    assert run.returncode == 1
    assert "index.md:9:11: problem.answer: 6s is not in the hand" in run.stderr
    assert "    answer: 6s\n" + " " * 12 + "^" in run.stderr


def test_tiles_build_draws_scene_blocks_into_the_manifest_and_links_them(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "p.md"
    page.write_text(f"# Problems\r\n\r\n```tiles-scene\r\n{CARD}  \r\n```\r\ntext\r\n", encoding="utf-8", newline="")
    out = docs / "img"
    args = ["build", str(docs), "--out", str(out), "--theme", "light", "--theme", "dark", "--link-md", "--prune",
            "--jobs", "1"]
    assert main(args) == 0
    images = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["images"]
    light, dark = images[f"scene:{CARD}"], images[f"scene:{CARD}?theme=dark"]
    assert (light["width"], light["height"], light["alt"]) == (402, 159, ALT) and dark["alt"] == ALT
    for e in (light, dark):
        for s in (1, 2, 3):
            with Image.open(out / e[f"{s}x"]) as im:
                assert im.size == (402 * s, 159 * s)
    assert light["1x"] != dark["1x"]
    lines = page.read_bytes().decode().split("\n")
    assert lines[5] == f'<img src="img/{light["2x"]}" width="402" height="159" alt="{html.escape(ALT)}">\r'
    assert lines[6] == "text\r"
    assert main(args) == 0  # a second run: nothing drawn, the line kept, nothing pruned
    assert page.read_bytes().decode().split("\n") == lines
    assert "rendered 0 file(s)" in capsys.readouterr().out and (out / light["3x"]).exists()


def test_tiles_batch_answers_a_scene_block_with_its_files(tmp_path):
    from service.docs.batch import Batch

    batch = Batch(out=tmp_path, public_path="/tiles/", themes=("light", "dark"))
    answer = batch.answer({"id": 7, "path": "p.mdx", "line": 4, "column": 1, "scene": CARD + "\n"})
    assert (answer["ok"], answer["scene"], answer["width"], answer["height"], answer["alt"]) == \
        (True, True, 402, 159, ALT)
    assert [i["theme"] for i in answer["images"]] == ["light", "dark"]
    for image in answer["images"]:
        assert image["srcSet"].endswith("@3x.png 3x") and image["src"].startswith("/tiles/")
        for s in (1, 2, 3):
            with Image.open(tmp_path / image["files"][f"{s}x"]) as im:
                assert im.size == (402 * s, 159 * s)
    bad = batch.answer({"id": 8, "path": "p.mdx", "line": 4, "column": 3, "scene": "problem:\n  round: E9\n  seat: S\n"
                                                                 "  dora: 3m\n  hand: 123456789m1234z+5z\n"})
    assert bad == {"id": 8, "ok": False, "errors": [
        {"line": 5, "column": 12, "message": "problem.round: round must be a wind and a hand number 1-4, "
                                             "like E1 or S3, not 'E9'", "warning": False}]}
    fetch = Batch(out=None, fetch=True).answer({"id": 9, "scene": CARD, "format": "svg"})
    assert fetch["images"][0]["fetch"]["1x"].startswith("scene.svg?s=problem%3A+%7Bround")


def test_post_batch_answers_a_scene_with_urls_the_service_draws():
    from service.http import create_app

    client = create_app().test_client()
    r = client.post("/batch", json={"id": 1, "path": "p.mdx", "line": 4, "column": 1, "scene": CARD,
                                    "themes": ["dark"], "publicPath": "/tiles/"})
    assert r.status_code == 200 and r.json["scene"] is True and r.json["alt"] == ALT
    [image] = r.json["images"]
    for scale in ("1x", "2x", "3x"):
        png = client.get("/" + image["fetch"][scale])
        assert png.status_code == 200 and png.mimetype == "image/png"
    with Image.open(io.BytesIO(png.data)) as im:
        assert im.size == (402 * 3, 159 * 3)
    bad = client.post("/batch", json={"path": "p.mdx", "line": 4, "scene": "problem: {round: E1}"})
    assert bad.status_code == 422 and bad.json["errors"][0]["line"] == 4
