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
ALT_JA = ("何切る：東1局・南家・7巡目；ドラ表示牌：三萬；手牌：二萬 三萬 四萬 五萬 赤五筒 六筒 七筒 三索 四索 五索 八索 八索 白；"
          "ツモ牌：四筒；白切り")  # the card's alt text with lang=ja
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


def build_sphinx_rst(root, rst: str, conf: str = ""):
    """A one-page rST Sphinx site (``index.rst``) with the tiles extension and ``conf`` added, built afresh."""
    (root / "index.rst").write_text(rst, encoding="utf-8")
    (root / "conf.py").write_text('extensions = ["service.sphinx"]\n' + conf, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", "-E", "-b", "html", str(root), str(root / "_build")],
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


def test_link_md_puts_a_nested_blocks_image_in_its_blockquote_and_list(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "p.md"
    page.write_text(f"> ```tiles-scene\n> {CARD}\n> ```\n\n- A card:\n\n    ```tiles-scene\n    {CARD}\n    ```\n",
                    encoding="utf-8")
    args = ["build", str(docs), "--out", str(docs / "img"), "--link-md", "--jobs", "1"]
    assert main(args) == 0
    images = json.loads((docs / "img" / "manifest.json").read_text(encoding="utf-8"))["images"]
    img = f'<img src="img/{images[f"scene:{CARD}"]["2x"]}" width="402" height="159" alt="{html.escape(ALT)}">'
    lines = page.read_text(encoding="utf-8").split("\n")
    assert (lines[3], lines[10]) == ("> " + img, "    " + img)
    assert main(args) == 0  # kept as it is
    assert page.read_text(encoding="utf-8").split("\n") == lines
    capsys.readouterr()


def test_tiles_batch_answers_a_scene_block_with_its_files(tmp_path):
    from service.pictures.batch import Batch

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


# -- options on the fence line: ```tiles-scene lang=ja height=30 theme=dark ------------------------

OPTS = "lang=ja height=30 theme=dark"
SIZE = 'width="315" height="132"'  # the card at height 30 with Japanese labels (English: 320 wide)
BAD_OPTS = f"# Page\n\n```tiles-scene lang=ja  height=300\n{CARD}\n```\n"  # 3:32: the value 300


def test_markdown_scene_options_win_over_the_page():
    plain = convert(f"```tiles-scene\n{CARD}\n```\n", color_mode="material")
    html = convert(f"```tiles-scene {OPTS}\n{CARD}\n```\n\n```{{.tiles-scene height=30}}\n{CARD}\n```\n",
                   color_mode="material")
    svgs = [(size, cls) for cls, size in
            re.findall(r'<svg role="img"[^>]*class="([^"]+)"[^>]*?(width="\d+" height="\d+")', html)]
    assert plain.count('class="tiles tiles-scene tiles--dark"') == 1 and 'width="402" height="159"' in plain
    assert labels(html) == [ALT_JA, ALT, ALT]
    assert svgs == [(SIZE, "tiles tiles-scene"),  # its own theme: one dark picture, no pair
                    ('width="320" height="132"', "tiles tiles-scene tiles--light"),  # the attribute-list form:
                    ('width="320" height="132"', "tiles tiles-scene tiles--dark")]  # English, the page's pair
    ja, en = html.split("<svg", 2)[1], plain.split("<svg", 2)[1]
    assert ja != en


@pytest.mark.parametrize("info, where, message", [
    ("lang=ja  height=300", "3:32", "tiles-scene height=300: height must be a whole number from 16 to 256, not '300'"),
    ("lang=fr", "3:21", "tiles-scene lang=fr: lang must be one of en, ja, zh, not 'fr'"),
    ("theme=sepia", "3:22", "tiles-scene theme=sepia: theme must be one of light, dark, print, contrast, auto, not 'sepia'"),
    ("size=30", "3:16", "tiles-scene has no option 'size': it takes height, theme, lang, index, format and bg"),
    ("dark", "3:16", "tiles-scene options are name=value words, like lang=ja height=30; not 'dark'"),
])
def test_markdown_scene_option_errors_name_the_fence_line_and_column(info, where, message):
    with pytest.raises(TilesError) as err:
        convert(f"# Page\n\n```tiles-scene {info}\n{CARD}\n```\n", page="docs/bad.md")
    col = int(where.split(":")[1])
    assert str(err.value) == f"docs/bad.md:{where}: {message}\n  ```tiles-scene {info}\n  " + " " * (col - 1) + "^"


def test_mkdocs_draws_a_scene_at_its_options_and_fails_on_a_bad_one(tmp_path):
    pytest.importorskip("mkdocs")
    run = build_mkdocs(tmp_path, f"# Problems\n\n```tiles-scene {OPTS}\n{CARD}\n```\n\n```tiles-scene format=svg\n"
                                 f"{CARD}\n```\n", "color_mode: material")
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "site" / "problems" / "index.html").read_text(encoding="utf-8")
    imgs = re.findall(r'<img src="([^"]+)"( srcset="[^"]+")? (width="\d+" height="\d+")[^>]*class="([^"]+)"', html)
    assert [(i[2], i[3]) for i in imgs] == [(SIZE, "tiles tiles-scene"),  # its own theme: one picture
                                            ('width="402" height="159"', "tiles tiles-scene tiles--light"),
                                            ('width="402" height="159"', "tiles tiles-scene tiles--dark")]
    with Image.open(tmp_path / "site" / "problems" / imgs[0][0]) as im:
        assert im.size == (315, 132)
    assert imgs[1][0].endswith(".svg") and imgs[1][1] == ""  # format=svg: one file
    run = build_mkdocs(tmp_path, BAD_OPTS)
    assert run.returncode != 0
    assert "docs/problems/index.md:3:32: tiles-scene height=300: height must be a whole number" in run.stderr
    run = build_mkdocs(tmp_path, f"# P\n\n```tiles-scene theme=auto\n{CARD}\n```\n")  # PNG files cannot follow the page
    assert "index.md:3:22: tiles-scene theme=auto: theme auto is for SVG only" in run.stderr and run.returncode != 0


def test_sphinx_draws_a_scene_at_its_options_in_rst_and_myst(tmp_path):
    pytest.importorskip("myst_parser")
    rst = f"Problems\n========\n\n.. toctree::\n\n   more\n\n.. tiles-scene:: {OPTS}\n\n   {CARD}\n"
    md = f"# More\n\n```{{tiles-scene}} height=30 lang=ja\n{CARD}\n```\n"
    run = build_sphinx(tmp_path, {"index.rst": rst, "more.md": md})
    assert run.returncode == 0, run.stderr
    for page, classes in (("index", ["tiles tiles-scene"]), ("more", ["tiles tiles-scene tiles--light",
                                                                      "tiles tiles-scene tiles--dark"])):
        html = (tmp_path / "_build" / f"{page}.html").read_text(encoding="utf-8")
        imgs = re.findall(r'<img src="(_images/[0-9a-f]{16}\.png)" srcset="[^"]+" ' + SIZE + r'[^>]*class="([^"]+)"', html)
        assert [i[1] for i in imgs] == classes
        with Image.open(tmp_path / "_build" / imgs[0][0]) as im:
            assert im.size == (315, 132)
    run = build_sphinx(tmp_path, {"index.rst": "Bad\n===\n\n.. tiles-scene:: lang=ja  height=300\n\n   " + CARD + "\n",
                                  "more.md": "# More\n\n```{tiles-scene} lang=fr\n" + CARD + "\n```\n"})
    assert run.returncode == 1
    assert "index.rst:4:34: tiles-scene height=300: height must be a whole number" in run.stderr
    assert "more.md:3:23: tiles-scene lang=fr: lang must be one of en, ja, zh, not 'fr'" in run.stderr


def test_tiles_build_keys_and_names_a_scene_by_its_options(tmp_path, capsys):
    from service.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "p.md"
    page.write_text(f"```tiles-scene\n{CARD}\n```\n\n```tiles-scene {OPTS}\n{CARD}\n```\n\n"
                    f"```tiles-scene height=30 bg=fff\n{CARD}\n```\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["build", str(docs), "--out", str(out), "--jobs", "1", "--link-md"]) == 0
    images = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["images"]
    plain, ja, bg = (images[f"scene:{CARD}"], images[f"scene:{CARD}?height=30&theme=dark&lang=ja"],
                     images[f"scene:{CARD}?height=30&bg=ffffffff"])
    assert len({plain["1x"], ja["1x"], bg["1x"]}) == 3
    assert (ja["width"], ja["height"], bg["width"], bg["height"]) == (315, 132, 320, 132)
    with Image.open(out / ja["2x"]) as im:
        assert im.size == (630, 264)
    with Image.open(out / bg["1x"]) as im:
        assert im.convert("RGBA").getpixel((0, 0)) == (255, 255, 255, 255)
    lines = page.read_text(encoding="utf-8").split("\n")
    assert [line for line in lines if line.startswith("<img")] == [
        f'<img src="../out/{e["2x"]}" width="{e["width"]}" height="{e["height"]}" alt="{html.escape(alt)}">'
        for e, alt in ((plain, ALT), (ja, ALT_JA), (bg, ALT))]
    page.write_text(BAD_OPTS, encoding="utf-8")
    (out / "manifest.json").unlink()
    assert main(["build", str(docs), "--out", str(out)]) == 1
    assert f"{page}:3:32: tiles-scene height=300: height must be a whole number" in capsys.readouterr().err
    assert not (out / "manifest.json").exists()


def test_tiles_lint_names_a_bad_scene_option_at_the_fence(tmp_path, capsys):
    from service.cli import main

    page = tmp_path / "p.mdx"
    page.write_text(BAD_OPTS + "\n```tiles-scene {lang=zz}\nproblem: {round: E9}\n```\n", encoding="utf-8")
    assert main(["lint", str(tmp_path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{page}:3:32: tiles-scene height=300: height must be a whole number from 16 to 256, not '300'",
        f"{page}:7:22: tiles-scene lang=zz: lang must be one of en, ja, zh, not 'zz'",
        f"{page}:8:10: problem: problem needs 'seat'"]
    page.write_text(f"```tiles-scene {OPTS}\n{CARD}\n```\n", encoding="utf-8")
    assert main(["lint", str(tmp_path)]) == 0


def test_tiles_batch_names_a_scene_with_options_as_tiles_build_does(tmp_path):
    from service.pictures.batch import Batch
    from service.docs.build import collect

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "p.md").write_text(f"```tiles-scene {OPTS}\n{CARD}\n```\n", encoding="utf-8")
    [job], errors = collect([str(tmp_path / "docs")], ("light", "dark"))
    assert errors == [] and job.key == f"scene:{CARD}?height=30&theme=dark&lang=ja"
    (tmp_path / "out").mkdir()
    batch = Batch(out=tmp_path / "out", public_path="/t/", themes=("light", "dark"))
    answer = batch.answer({"id": 1, "path": "p.mdx", "line": 2, "column": 1, "scene": CARD + "\n",
                           "meta": "{" + OPTS + "}", "metaLine": 1, "metaColumn": 16})
    assert (answer["ok"], answer["width"], answer["height"]) == (True, 315, 132)
    [image] = answer["images"]  # its own theme: no pair
    assert image["theme"] == "dark" and image["files"] == {k: v for k, v in job.entry().items() if k.endswith("x")}
    bad = batch.answer({"id": 2, "path": "p.mdx", "line": 2, "column": 1, "scene": CARD, "meta": "{lang=ja height=x}",
                        "metaLine": 1, "metaColumn": 16})
    assert bad["errors"] == [{"line": 1, "column": 32, "warning": False,
                              "message": "tiles-scene height=x: height must be a whole number from 16 to 256, not 'x'"}]


def test_post_batch_takes_scene_options_and_never_answers_500():
    from service.http import create_app

    client = create_app().test_client()
    r = client.post("/batch", json={"id": 1, "path": "p.mdx", "line": 4, "column": 1, "scene": CARD,
                                    "meta": "lang=ja height=30 bg=fff", "metaLine": 3, "metaColumn": 16,
                                    "themes": ["light", "dark"]})
    assert r.status_code == 200 and (r.json["width"], r.json["height"]) == (315, 132)
    [light, dark] = r.json["images"]
    assert "lang=ja" in light["fetch"]["2x"] and "bg=ffffffff" in light["fetch"]["2x"]
    for scale in ("1x", "2x", "3x"):
        png = client.get("/" + dark["fetch"][scale])
        assert png.status_code == 200
    with Image.open(io.BytesIO(png.data)) as im:
        assert im.size == (315 * 3, 132 * 3) and im.convert("RGBA").getpixel((0, 0)) == (255, 255, 255, 255)
    bad = client.post("/batch", json={"path": "p.mdx", "line": 4, "scene": CARD, "meta": "theme=auto",
                                      "metaLine": 3, "metaColumn": 16})
    assert bad.status_code == 422 and bad.json["errors"][0]["column"] == 22
    assert bad.json["errors"][0]["message"].startswith("tiles-scene theme=auto: theme auto is for SVG only")
    for body in ({"scene": CARD, "meta": 3}, {"scene": CARD, "meta": "lang=ja", "metaColumn": "x"}):
        assert client.post("/batch", json=body).status_code == 400


def test_batch_places_each_yaml_line_at_its_own_column():
    """remark-tiles sends where each line of a block's YAML starts (a blockquote's "> ", a list's
    indent); an error on a line indented differently lands on its own column."""
    from service.http import create_app

    client = create_app().test_client()
    scene = "problem: {round: E1, seat: S, dora: 3m, hand: 123456789m1234z+5z,\nanswer: 6s}\n"
    body = {"path": "p.mdx", "line": 4, "column": 3, "scene": scene}
    r = client.post("/batch", json={**body, "columns": [3, 2]})
    assert r.status_code == 422 and (r.json["errors"][0]["line"], r.json["errors"][0]["column"]) == (5, 10)
    assert client.post("/batch", json=body).json["errors"][0]["column"] == 11  # without: the body's column
    for bad in ("3", [0], [True], [1.5], None):
        r = client.post("/batch", json={**body, "columns": bad})
        assert r.status_code == 400 and "columns must be a list" in r.json["error"]["message"]


def test_sphinx_rst_scene_with_its_yaml_right_under_the_directive(tmp_path):
    """rST takes the lines up to the first blank one as a directive's argument: YAML right under
    ``.. tiles-scene::`` is still the scene, and only the directive's own line holds options."""
    pytest.importorskip("sphinx")
    rst = ("Problems\n========\n\n.. tiles-scene::\n   " + CARD + "\n\n.. tiles-scene:: lang=ja height=30\n   problem:\n"
           "     round: E1\n     seat: S\n     turn: 7\n     dora: 3m\n     hand: 2345m067p34588s5z+4p\n\n     answer: 5z\n")
    run = build_sphinx(tmp_path, {"index.rst": rst})
    assert run.returncode == 0, run.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8").replace("&#x27;", "'")
    assert re.findall(r'(width="\d+" height="\d+") alt="([^"]+)"', html) == [
        ('width="402" height="159"', ALT)] * 2 + [(SIZE, ALT_JA)] * 2
    run = build_sphinx(tmp_path, {"index.rst": rst.replace("     answer: 5z", "     answer: 6s")})
    assert run.returncode == 1 and "index.rst:15:14: problem.answer: 6s is not in the hand" in run.stderr
