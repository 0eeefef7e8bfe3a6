"""`tiles convert --from DIALECT`: a docs tree in a peer's notation rewritten into ours, drawing what the
``dialect`` option draws (service/docs/convert.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.cli import main
from service.docs import convert
from service.docs.build import collect
from service.notation import dialects
from service.notation.grammar import parse
from service.notation.subject import read
from service.pictures.pages import read_docs
from service.pictures.scan import scan_text

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "dialects.json").read_text(encoding="utf-8"))


READ = [d for d in dialects.DIALECTS if d in FIXTURE and convert.readable(d)]


def quoted(source: str) -> str:
    return f'"{source}"' if '"' not in source else "{'" + source.replace("'", "\\'") + "'}"


def tree(root: Path, dialect: str) -> list[str]:
    """Pages naming ``dialect`` in every form convert reads; the sources, in page order."""
    sources = [c["source"] for c in FIXTURE[dialect]["cases"]]
    (root / "guide").mkdir(parents=True)
    tags = "".join(f'<Tiles dialect="{dialect}" notation={quoted(s)} caption="case {k}" />\n\n'
                   for k, s in enumerate(sources))
    (root / "tags.mdx").write_text(f"# Tags\n\n{tags}`<Tiles dialect=\"{dialect}\" notation=\"1m\" />` is code.\n")
    lines = sources  # a mahgen line's '|' gaps are no caption
    (root / "guide" / "fence.md").write_text(
        "# Fence\n\n```tiles dialect=" + dialect + "\n" + "".join(f"{s} | line {k}\n" for k, s in enumerate(lines))
        + "```\n\n> ```{tiles} " + sources[0] + f"\n> :dialect: {dialect}\n> :caption: MyST\n> ```\n")
    (root / "guide" / "sphinx.rst").write_text(
        f"Sphinx\n======\n\n.. tiles:: {sources[-1]}\n   :dialect: {dialect}\n   :caption: rST\n")
    return sources + lines + [sources[0], sources[-1]]


@pytest.mark.parametrize("dialect", READ)
def test_a_tree_converts_to_the_pictures_the_dialect_option_draws(tmp_path, dialect, capsys):
    sources = tree(tmp_path, dialect)
    before = {job.image for job in collect([tmp_path])[0]}  # the files `tiles build` writes, read in the dialect
    assert main(["convert", "--from", dialect, "--check", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("--- a/") and "+<Tiles notation=" in out.out and "-```tiles dialect=" in out.out
    assert f"dialect=\"{dialect}\" notation=" in (tmp_path / "tags.mdx").read_text()  # --check wrote nothing
    assert main(["convert", "--from", dialect, str(tmp_path)]) == 0
    assert f"converted {len(sources)} picture(s) in 3 file(s) from {dialect}" in capsys.readouterr().err
    assert {job.image for job in collect([tmp_path])[0]} == before  # the same pictures, in our notation
    md_sources = sources[:-1]  # the rST page is Sphinx's alone
    assert [r.request.hand for r in read_docs([str(tmp_path)])] == [read(s, dialect=dialect) for s in md_sources]
    for page in ("tags.mdx", "guide/fence.md", "guide/sphinx.rst"):
        text = (tmp_path / page).read_text()
        assert "dialect" not in text.replace('`<Tiles dialect="', "")
    rst = (tmp_path / "guide" / "sphinx.rst").read_text().splitlines()
    assert rst[3] == f".. tiles:: {dialects.translate(sources[-1], dialect)}"
    assert rst[4] == "   :caption: rST"
    assert '`<Tiles dialect="' in (tmp_path / "tags.mdx").read_text()  # code stays as written
    # idempotent: nothing names the dialect any more
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert main(["convert", "--from", dialect, "--check", str(tmp_path)]) == 0
    assert main(["convert", "--from", dialect, str(tmp_path)]) == 0
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("dialect", READ)
def test_an_error_leaves_its_page_untouched_and_is_told_at_its_character(tmp_path, dialect, capsys):
    bad = FIXTURE[dialect]["errors"][0]
    good = FIXTURE[dialect]["cases"][0]["source"]
    page = tmp_path / "bad.md"
    text = f'# Bad\n\n<Tiles dialect="{dialect}" notation="{good}" />\n\n<Tiles dialect="{dialect}" notation={quoted(bad["source"])} />\n'
    page.write_text(text)
    other = tmp_path / "good.md"
    other.write_text(f'<Tiles dialect="{dialect}" notation="{good}" />\n')
    assert main(["convert", "--from", dialect, str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    opening = 1 if quoted(bad["source"]).startswith('"') else 2  # " or {'
    col = len(f'<Tiles dialect="{dialect}" notation=') + opening + bad["position"] + 1
    assert err[0].startswith(f"{page}:5:{col}: ")
    assert page.read_text() == text  # nothing written to the page with an error
    assert other.read_text() == f'<Tiles notation="{dialects.translate(good, dialect)}" />\n'  # the others are
    assert main(["convert", "--from", dialect, "--check", str(page)]) == 2


def test_only_what_names_the_dialect_is_converted_unless_all(tmp_path, capsys):
    page = tmp_path / "a.md"
    text = ('<Tiles notation="123m_4*56p" />\n<Tiles dialect="mahgen" notation="1m|2m" />\n'
            '<Tiles dialect="chombo-gen" notation="E*EE" />\n')
    page.write_text(text)
    assert main(["convert", "--from", "riichi-hand-rs", str(page)]) == 0
    assert page.read_text() == ('<Tiles notation="123m_4*56p" />\n<Tiles dialect="mahgen" notation="1m|2m" />\n'
                                '<Tiles notation="-111z" />\n')  # an alias names its tool
    site = tmp_path / "site.md"  # a site whose plugin setting names the dialect: --all, once
    site.write_text('<Tiles notation="123m_4*56p" />\n<Tiles dialect="mahgen" notation="1m|2m" />\n')
    assert main(["convert", "--from", "riichi-hand-rs", "--all", "--diff", str(site)]) == 0
    assert "+<Tiles notation=\"123m+-456p\" />" in capsys.readouterr().out
    assert site.read_text() == '<Tiles notation="123m+-456p" />\n<Tiles dialect="mahgen" notation="1m|2m" />\n'


def test_line_endings_bom_and_river_are_kept(tmp_path):
    page = tmp_path / "a.md"
    page.write_bytes(b'\xef\xbb\xbf# R\r\n\r\n<Tiles river dialect="mahgen" notation="1m2m" />\r\n')
    assert main(["convert", "--from", "mahgen", str(page)]) == 0
    assert page.read_bytes() == b'\xef\xbb\xbf# R\r\n\r\n<Tiles river notation="12m" />\r\n'


def test_bad_arguments_exit_2_with_one_line(tmp_path, capsys):
    assert main(["convert", "--from", "tenhou", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith("error: --from: dialect must be one of riichi-hand-rs, mahgen")
    assert main(["convert", "--from", "mahgen", str(tmp_path / "nope")]) == 2
    assert "no such file or folder" in capsys.readouterr().err


# -- pymdownx-mahjong's own Markdown: ```mahjong blocks and :123m: shortcodes ------------------------

PYMDOWNX_PAGE = """# Hands

Lorem :1m: ipsum :123p: and `:5z:` in code.

```mahjong
123456m7z(789m<) (666z^)
dora: 1p9p
draw: 7z
title: "Open hand"
```

> ```mahjong
> hand: 1112345678s [9999s]
> uradora: 2m
> ```

```md
```mahjong
1m
```
"""


def test_pymdownx_blocks_and_shortcodes_become_our_fences_and_tags(tmp_path):
    page = tmp_path / "index.md"
    page.write_text(PYMDOWNX_PAGE)
    assert main(["convert", "--from", "pymdownx-mahjong", str(tmp_path)]) == 0
    text = page.read_text()
    open_hand = dialects.translate("123456m7z(789m<) (666z^)", "pymdownx-mahjong") + "+7z"
    kan = dialects.translate("1112345678s [9999s]", "pymdownx-mahjong")
    dora = dialects.translate("1p9p", "pymdownx-mahjong")
    assert text == f"""# Hands

Lorem <Tiles notation="1m" inline /> ipsum <Tiles notation="123p" inline /> and `:5z:` in code.

```tiles dora="{dora}"
{open_hand} | Open hand
```

> ```tiles ura="2m"
> {kan}
> ```

```md
```mahjong
1m
```
"""
    hands = [r.request.hand for r in read_docs([str(tmp_path)])]
    assert hands == [parse("1m"), parse("123p"), parse(open_hand), parse(kan)]
    reads = list(read_docs([str(tmp_path)]))
    assert reads[2].request.options.dora == parse(dora).canonical() and reads[2].request.caption == "Open hand"
    assert reads[3].request.options.ura == "2m"
    assert reads[0].request.inline
    assert main(["convert", "--from", "pymdownx-mahjong", "--check", str(tmp_path)]) == 0  # idempotent


def test_a_mahjong_block_without_a_hand_is_an_error(tmp_path, capsys):
    page = tmp_path / "a.md"
    page.write_text("Hi :1m:\n\n```mahjong\ndora: 1m\n```\n")
    assert main(["convert", "--from", "pymdownx-mahjong", str(page)]) == 2
    assert f"{page}:3:1: a mahjong block with no hand" in capsys.readouterr().err
    assert page.read_text() == "Hi :1m:\n\n```mahjong\ndora: 1m\n```\n"


def test_the_docstring_example_converts():
    page = scan_text(convert.convert_text('<Tiles dialect="mahgen" notation="1m|2m" />', "a.md", "mahgen").text)
    assert page[0].props == {"notation": "1m+2m"}


def test_a_dialect_this_version_cannot_read_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(convert, "readable", lambda d: False)
    assert main(["convert", "--from", "mahgen", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "error: --from: tiles cannot read mahgen yet\n"


# -- merjong's own HTML and mdbook-merjong's blocks -----------------------------------------------

def test_merjong_elements_and_blocks_become_our_tags_and_fences(tmp_path):
    sources = ["19m19p19s1234567z-q", "5'55m-55\"5s-555'0''p-X55Xz"]
    page = tmp_path / "index.md"
    page.write_text(f'# Hands\n\n<pre class="merjong">{sources[0]}</pre>\n\n<div class="merjong"> {sources[1]} </div>\n\n'
                    f'```merjong\n{sources[0]}\n```\n\n`<div class="merjong">1m</div>` is code.\n')
    assert main(["convert", "--from", "merjong", str(tmp_path)]) == 0
    ours = [dialects.translate(s, "merjong") for s in sources]
    assert page.read_text() == (f'# Hands\n\n<Tiles notation="{ours[0]}" />\n\n<Tiles notation="{ours[1]}" />\n\n'
                                f'```tiles\n{ours[0]}\n```\n\n`<div class="merjong">1m</div>` is code.\n')
    hands = [r.request.hand for r in read_docs([str(tmp_path)])]
    assert hands == [read(sources[0], dialect="merjong"), read(sources[1], dialect="merjong"),
                     read(sources[0], dialect="merjong")]
    assert main(["convert", "--from", "merjong", "--check", str(tmp_path)]) == 0


def test_riichi_wiki_tiles_become_tags_inline_in_text(tmp_path):
    page = tmp_path / "wiki.md"
    page.write_text("# Riichi\n\n{{#mjt:123m 1111z}}\n\nWait on {{#mjt: 5'55m}} here, not `{{#mjt:1m}}`.\n")
    assert main(["convert", "--from", "riichi-wiki", str(page)]) == 0
    one, two = dialects.translate("123m 1111z", "riichi-wiki"), dialects.translate("5'55m", "riichi-wiki")
    assert page.read_text() == (f'# Riichi\n\n<Tiles notation="{one}" />\n\n'
                                f'Wait on <Tiles notation="{two}" inline /> here, not `{{{{#mjt:1m}}}}`.\n')
    assert [r.request.hand for r in read_docs([str(page)])] == [read("123m 1111z", dialect="riichi-wiki"),
                                                                 read("5'55m", dialect="riichi-wiki")]


def test_a_tree_naming_no_dialect_says_how_to_convert_a_site_wide_one(tmp_path, capsys):
    (tmp_path / "a.md").write_text('<Tiles notation="1m|2m" />\n')
    assert main(["convert", "--from", "mahgen", "--check", str(tmp_path)]) == 0
    assert capsys.readouterr().err.splitlines()[-1] == ("no picture names mahgen: for a site whose plugin setting"
                                                        " names it, add --all")
    assert main(["convert", "--from", "mahgen", "--all", "--check", str(tmp_path)]) == 1
    assert "+<Tiles notation=\"1m+2m\" />" in capsys.readouterr().out


def test_a_notation_ending_in_a_character_reference_or_escape_is_replaced_whole(tmp_path):
    page = tmp_path / "a.mdx"
    page.write_text('<Tiles dialect="riichi-hand-rs" notation="EE&#39;" />\n'
                    "<Tiles dialect=\"riichi-hand-rs\" notation={'EE\\''} />\n")
    assert main(["convert", "--from", "riichi-hand-rs", str(page)]) == 0
    ours = dialects.translate("EE'", "riichi-hand-rs")
    assert page.read_text() == f'<Tiles notation="{ours}" />\n<Tiles notation={{\'{ours}\'}} />\n'


def test_the_dialect_prop_is_taken_off_not_a_caption_that_says_it(tmp_path):
    page = tmp_path / "a.mdx"
    page.write_text('<Tiles caption="written with dialect=mahgen" dialect="mahgen"\n  notation="1m|2m" />\n')
    assert main(["convert", "--from", "mahgen", str(page)]) == 0
    assert page.read_text() == '<Tiles caption="written with dialect=mahgen"\n  notation="1m+2m" />\n'


def test_mahgen_hexo_tags_and_obsidian_inline_code_become_tags(tmp_path):
    page = tmp_path / "post.md"
    page.write_text("# Post\n\n{% mahgen 1m|_123p|66^6z %}\n\nWait on `mg 14s` here; `mahgen 1m|2m` too.\n\n"
                    "```\n{% mahgen 1m %}\n```\n\nPlain `code` and ``mg 1m`` stay.\n")
    assert main(["convert", "--from", "mahgen", str(page)]) == 0
    t = lambda s: dialects.translate(s, "mahgen")  # noqa: E731
    assert page.read_text() == (f'# Post\n\n<Tiles notation="{t("1m|_123p|66^6z")}" />\n\n'
                                f'Wait on <Tiles notation="{t("14s")}" inline /> here; '
                                f'<Tiles notation="{t("1m|2m")}" inline /> too.\n\n'
                                "```\n{% mahgen 1m %}\n```\n\nPlain `code` and ``mg 1m`` stay.\n")
    assert [r.request.hand for r in read_docs([str(page)])] == [read(s, dialect="mahgen")
                                                                 for s in ("1m|_123p|66^6z", "14s", "1m|2m")]


def site(root: Path, dialect: str) -> None:
    """A site whose plugin setting names ``dialect``: tags and a fence naming none, in that tool's notation."""
    sources = [c["source"] for c in FIXTURE[dialect]["cases"]]
    (root / "guide").mkdir(parents=True)
    (root / "index.mdx").write_text("# Tags\n\n" + "".join(f"<Tiles notation={quoted(s)} caption=\"case {k}\" />\n\n"
                                                         for k, s in enumerate(sources)))
    (root / "guide" / "fence.md").write_text("# Fence\n\n```tiles\n" + "".join(f"{s}\n" for s in sources) + "```\n")


def files(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.mark.parametrize("dialect", READ)
def test_convert_all_twice_changes_nothing_the_second_time(tmp_path, dialect, capsys):
    site(tmp_path, dialect)
    drawn = {job.image for job in collect([tmp_path], dialect=dialect)[0]}  # as the site's setting draws it
    assert main(["convert", "--from", dialect, "--all", "--check", str(tmp_path)]) in (0, 1)
    assert not (tmp_path / convert.MARK).exists()  # --check writes no mark either
    assert main(["convert", "--from", dialect, "--all", str(tmp_path)]) == 0
    once = files(tmp_path)
    assert {job.image for job in collect([tmp_path])[0]} == drawn  # the setting taken out: the same pictures
    mark = json.loads((tmp_path / convert.MARK).read_text(encoding="utf-8"))
    changed = [p.relative_to(tmp_path).as_posix() for p in once if p.name != convert.MARK]
    assert set(mark["pages"]) <= set(changed) and set(mark["pages"].values()) <= {dialect}
    capsys.readouterr()
    assert main(["convert", "--from", dialect, "--all", "--check", str(tmp_path)]) == 0
    assert capsys.readouterr().out == ""  # no diff
    assert main(["convert", "--from", dialect, "--all", str(tmp_path)]) == 0
    assert files(tmp_path) == once
    assert {job.image for job in collect([tmp_path])[0]} == drawn


def test_a_second_all_run_reads_our_notation_as_ours_and_a_new_page_as_the_dialect(tmp_path, capsys):
    page = tmp_path / "a.md"
    page.write_text('<Tiles notation="1m|2m" />\n')  # mahgen's gap; ours would call '|' an error
    assert main(["convert", "--from", "mahgen", "--all", str(tmp_path)]) == 0
    assert page.read_text() == '<Tiles notation="1m+2m" />\n'
    assert json.loads((tmp_path / ".tiles-converted").read_text())["pages"] == {"a.md": "mahgen"}
    page.write_text('<Tiles notation="1m+2m" />\n<Tiles notation="-123m" />\n')  # written since, in ours
    (tmp_path / "guide").mkdir()
    new = tmp_path / "guide" / "b.md"
    new.write_text('<Tiles notation="3m|4m" />\n')  # a page still in mahgen, the setting not yet out
    capsys.readouterr()
    assert main(["convert", "--from", "mahgen", "--all", str(tmp_path)]) == 0
    assert page.read_text() == '<Tiles notation="1m+2m" />\n<Tiles notation="-123m" />\n'  # left as ours
    assert new.read_text() == '<Tiles notation="3m+4m" />\n'
    err = capsys.readouterr().err
    assert "1 file(s) were converted by an earlier --all run (listed in .tiles-converted)" in err
    assert json.loads((tmp_path / ".tiles-converted").read_text())["pages"] == {"a.md": "mahgen",
                                                                                 "guide/b.md": "mahgen"}
    assert main(["convert", "--from", "mahgen", "--all", str(new)]) == 0  # the page alone: its folder's mark above
    assert new.read_text() == '<Tiles notation="3m+4m" />\n' and not (tmp_path / "guide" / ".tiles-converted").exists()


def test_a_mark_that_cannot_be_read_is_one_line_and_exit_2(tmp_path, capsys):
    (tmp_path / "a.md").write_text('<Tiles notation="1m|2m" />\n')
    (tmp_path / ".tiles-converted").write_text("{not json")
    assert main(["convert", "--from", "mahgen", "--all", str(tmp_path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: {tmp_path / '.tiles-converted'}: not a mark tiles convert wrote")
    assert (tmp_path / "a.md").read_text() == '<Tiles notation="1m|2m" />\n'
