"""`tiles batch`: the JSON-lines process remark-tiles drives, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

from service.pictures import batch
from service.pictures.jobs import file_name, image_id
from service.notation.grammar import parse
from service.notation.options import RenderOptions


def run_batch(out, requests, *flags) -> list[dict]:
    """The hello line, then the answers in the order of the requests (matched by id, as
    the plugin does: with several --jobs they come as their files are written)."""
    lines = "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in requests)
    run = subprocess.run([sys.executable, "-m", "service.cli", "batch", "--out", str(out), *flags],
                         input=lines, capture_output=True, text=True, timeout=120, check=True)
    hello, *answers = [json.loads(line) for line in run.stdout.splitlines()]
    ids = [r.get("id") if isinstance(r, dict) else None for r in requests]
    return [hello, *sorted(answers, key=lambda a: ids.index(a.get("id")))]


def test_batch_on_several_processes_answers_and_draws_the_same(tmp_path):
    """Issue 26: `--jobs 2` draws on a pool; every answer and every file is that of one job."""
    reqs = [{"id": i, "path": "a.mdx", "line": i, "column": 1, "source": f'<Tiles notation="{n}" />',
             "themes": ["light", "dark"]}
            for i, n in enumerate(["11222333s22m+-456m+4s", "5-5=55p", "13579m2468p1357s+7z", "123a", "5-5=55p"])]
    runs = {}
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        runs[jobs] = (run_batch(out, reqs, "--jobs", jobs), {p.name: p.read_bytes() for p in out.iterdir()})
    assert runs["1"] == runs["2"]
    answers, files = runs["2"]
    images = [name for name in files if name.endswith(".png")]  # beside them: the .tiles-batch mark
    assert [a["ok"] for a in answers[1:]] == [True, True, True, False, True] and len(images) == 3 * 2 * 3


def test_batch_answers_each_request_and_reuses_files(tmp_path):
    reqs = [
        {"id": 1, "path": "a.mdx", "line": 4, "column": 10,
         "source": '<Tiles notation="14s" inline caption="waits" />', "themes": ["light", "dark"]},
        {"id": 2, "path": "a.mdx", "line": 9, "column": 1, "source": '<Tiles\n  notation="5-5=55p" theme="dark" />'},
        {"id": 3, "path": "a.mdx", "line": 12, "column": 3, "source": '<Tiles\n  height={40}\n  notation="12a" />'},
        {"id": 4, "path": "a.mdx", "line": 20, "column": 1, "source": "<Tiles notation={hand} />"},
        {"id": 5, "path": "a.mdx", "line": 21, "column": 1, "source": '<Tiles notation="1m" inline={wide} />'},
        "not json",
        {"id": 6, "path": "a.mdx", "line": 22, "column": 1, "source": '<Tiles notation="11111m" />'},
    ]
    hello, one, two, three, four, five, junk, six = run_batch(tmp_path, reqs, "--public-path", "/base/tiles")
    assert hello["hello"]["protocol"] == batch.PROTOCOL == 2 and hello["hello"]["renderer"]
    assert (one["ok"], one["inline"], one["caption"], one["width"], one["height"]) == (True, True, "waits", 36, 24)
    assert [i["theme"] for i in one["images"]] == ["light", "dark"]
    light = image_id(parse("14s"), RenderOptions(height=24))
    assert one["images"][0]["src"] == f"/base/tiles/{light}.png"
    assert one["images"][0]["srcSet"].endswith(f"/base/tiles/{light}@3x.png 3x")
    assert [i["theme"] for i in two["images"]] == ["dark"]  # the tag names its theme: no pair
    assert three["ok"] is False
    assert three["errors"] == [{"line": 14, "column": 15, "message": "'a' is not a suit letter (use m, p, s or z)",
                                "warning": False}]
    assert four["errors"][0]["message"].startswith("notation={...} is an expression")
    assert (four["errors"][0]["line"], four["errors"][0]["column"]) == (20, 8)
    assert five["errors"][0]["message"].startswith("inline={...} is an expression")
    assert junk["fatal"].startswith("unreadable request")
    assert six["ok"] and six["warnings"][0]["message"].startswith("more than four copies")
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files[0] == ".tiles-batch"  # `tiles build --prune` spares this folder
    assert len(files) == 1 + 3 * 4 and file_name(light, 2) in files
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    again = run_batch(tmp_path, reqs[:2])
    assert again[1:] == [one | {"images": [{**i, "src": i["src"].removeprefix("/base/tiles/"),
                                            "srcSet": i["srcSet"].replace("/base/tiles/", "")}
                                           for i in one["images"]]}, again[2]]
    assert {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()} == before  # nothing redrawn


def test_batch_error_images(tmp_path):
    [_, bad] = run_batch(tmp_path, [{"id": "x", "path": "b.mdx", "source": '<Tiles notation="123a" />'}],
                         "--error-images", "--public-path", "/t/")
    img = bad["errorImage"]
    assert img["alt"] == "Invalid tile notation: 123a" and img["width"] > 0 and img["src"].startswith("/t/")
    assert (tmp_path / img["src"].removeprefix("/t/")).exists()


def test_a_tags_own_format_wins_over_the_sites(tmp_path):
    """As in <Tiles>: format="svg" on a tag gives one SVG on a PNG site, and format="png" PNGs
    on an SVG site; theme="auto" is for the SVG tag only."""
    reqs = [
        {"id": 1, "path": "a.mdx", "source": '<Tiles notation="123m" format="svg" theme="auto" />'},
        {"id": 2, "path": "a.mdx", "source": '<Tiles notation="123m" format="png" />', "format": "svg"},
        {"id": 3, "path": "a.mdx", "source": '<Tiles notation="123m" />', "format": "svg"},
        {"id": 4, "path": "a.mdx", "source": '<Tiles notation="123m" format={f} />'},
    ]
    _, svg, png, site, expr = run_batch(tmp_path, reqs)
    [image] = svg["images"]
    assert image["theme"] == "auto" and image["src"].endswith(".svg") and list(image["files"]) == ["1x"]
    assert image["srcSet"] == f"{image['src']} 1x, {image['src']}#2x 2x"  # one file: its 2x drawing at #2x
    assert (tmp_path / image["src"]).read_text().startswith("<svg")
    assert png["images"][0]["src"].endswith(".png") and png["images"][0]["srcSet"].endswith("@3x.png 3x")
    assert site["images"][0]["src"].endswith(".svg")
    assert expr["errors"][0]["message"].startswith("format={...} is an expression")


def test_batch_reads_the_tag_name_and_the_blockquote_it_is_in():
    """Issue 23 items 13, 14: remark-tiles sends `tag` (its tagName) and `prefix` (the "> " before the tag)."""
    from service.pictures.batch import Batch

    batch = Batch(None, "/tiles/")
    hand = batch.answer({"id": 1, "path": "a.mdx", "line": 2, "column": 1, "tag": "Hand",
                         "source": '<Hand\n  notation="123m" />'})
    assert hand["ok"] and hand["alt"].startswith("Hand: 1m 2m 3m")
    quoted = batch.answer({"id": 2, "path": "a.mdx", "line": 5, "column": 5, "prefix": "> > ",
                           "source": '<Tiles\n> >   notation="1m&#43;2a"\n> >   caption="x" />'})
    assert quoted["ok"] is False
    assert quoted["errors"][0] == {"line": 6, "column": 25, "message": "'a' is not a suit letter (use m, p, s or z)",
                                   "warning": False}
    bad = batch.answer({"id": 3, "source": '<Hand notation="1m" />', "tag": "<script"})
    assert bad["fatal"] == "tag: '<script' is not a JSX element name"


def test_batch_draws_a_tiles_fence_line_as_the_same_tag(tmp_path):
    """Issue 37 items 3, 4: remark-tiles and markdown-it-tiles send each line of a ```tiles fence with the
    fence's info string; the answer is the tag's (same files, alt, caption) and a typo is placed in the page,
    where `tiles lint` places it."""
    fence = {"path": "a.md", "info": 'tiles river theme="dark"', "infoLine": 3, "infoColumn": 1, "column": 1}
    reqs = [
        {"id": 1, **fence, "fenceLine": "1m9p*2z3s-5p8s | Riichi on 5p", "line": 4},
        {"id": 2, "path": "a.md", "line": 9, "column": 1,
         "source": '<Tiles notation="1m9p*2z3s-5p8s" river theme="dark" caption="Riichi on 5p" />'},
        {"id": 3, **fence, "fenceLine": "  123m456a", "line": 5},
        {"id": 4, **fence, "info": 'tiles river theme="dusk"', "fenceLine": "123m", "line": 5},
        {"id": 5, **fence, "info": 'tiles river theme="dark', "fenceLine": "123m", "line": 5},
    ]
    hello, line, tag, typo, bad_prop, unclosed = run_batch(tmp_path, reqs, "--public-path", "/tiles/")
    assert "fence" in hello["hello"]["requests"]
    assert line == {**tag, "id": 1}
    assert (line["caption"], line["river"], [i["theme"] for i in line["images"]]) == ("Riichi on 5p", True, ["dark"])
    assert [(e["line"], e["column"]) for e in typo["errors"]] == [(5, 10)]
    assert typo["errors"][0]["message"] == "'a' is not a suit letter (use m, p, s or z)"
    # a bad value spoils every line alike: at the fence, as lint says it (once)
    assert [(e["line"], e["column"], e["message"]) for e in bad_prop["errors"]] == [
        (3, 1, "in the tiles fence: theme must be one of light, dark, print, contrast, auto, not 'dusk'")]
    page = "\n\n```tiles river theme=\"dusk\"\n\n123m\n4p\n```\n"
    from service.pictures.pages import fence_tags
    [lint] = fence_tags(page, "a.md")
    assert (lint.line, lint.col, lint.message) == (3, 1, bad_prop["errors"][0]["message"])
    assert unclosed["errors"][0]["line"] == 3 and "in the tiles fence" in unclosed["errors"][0]["message"]
