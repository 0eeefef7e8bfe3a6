"""The `tiles` command line: parse, render, sheet (lint/build/serve have their own tests)."""

import json
from pathlib import Path

import pytest

from service.cli import main

def test_cli_parse_prints_json(capsys):
    assert main(["parse", "-456m"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["notation"] == "-456m"
    assert out["canonical"] == "-456m"
    assert out["groups"][0]["kind"] == "meld"  # a lone called set (Group.of_segment)
    tile = out["groups"][0]["tiles"][0]
    assert {k: tile[k] for k in ("code", "sideways", "stacked", "face_down")} == {
        "code": "4m",
        "sideways": True,
        "stacked": False,
        "face_down": False,
    }
    assert (tile["x"], tile["w"], out["height"]) == (0, 38, 38)
    assert out["warnings"] == []


def test_cli_parse_wild_makes_a_kind_wild(capsys):
    assert main(["parse", "123456789m12p555z", "--wild", "5Z"]) == 0
    analysis = json.loads(capsys.readouterr().out)["analysis"]
    assert analysis["complete"] and analysis["wilds"] == 3
    assert main(["parse", "1m", "--wild", "1f"]) == 2
    assert "wild must be one tile kind like 5z or 2m" in capsys.readouterr().err


def test_cli_parse_error_has_caret_and_exit_2(capsys):
    assert main(["parse", "123a"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "error: 'a' is not a suit letter (use m, p, s or z)"
    assert err[1].strip() == "123a"
    assert err[2].index("^") == err[1].index("123a") + 3


def test_cli_options_after_a_dash_notation(capsys):
    assert main(["parse", "-1m", "--height", "40"]) == 0
    assert json.loads(capsys.readouterr().out)["height"] == 40
    assert main(["parse", "1m", "--height", "3"]) == 2
    assert "height must be" in capsys.readouterr().err


def test_cli_render_and_sheet_write_images(tmp_path, capsys):
    from PIL import Image

    out = tmp_path / "hand.png"
    assert main(["render", "-456m", "-o", str(out), "--scale", "2"]) == 0
    assert Image.open(out).size[1] == 76
    assert main(["render", "12a", "-o", str(out)]) == 2
    assert "not a suit letter" in capsys.readouterr().err
    sheet = tmp_path / "sheet.png"
    assert main(["sheet", "--height", "32", "--theme", "dark", "-o", str(sheet)]) == 0
    assert Image.open(sheet).size[0] > 32 * 5
    assert main(["sheet", "--theme", "neon", "-o", str(sheet)]) == 2


def test_cli_parse_includes_the_analysis(capsys):
    assert main(["parse", "11222333s22m+-456m+4s"]) == 0
    analysis = json.loads(capsys.readouterr().out)["analysis"]
    assert analysis["complete"] is True and analysis["shanten"] == -1


def test_option_errors_quote_what_was_typed(capsys):
    """No '@notation5' placeholder in any message, and a negative number gets the option's own error."""
    assert main(["render", "1m", "-o", "x.png", "--gap", "-1"]) == 2
    err = capsys.readouterr().err
    assert "gap must be a whole number from 0 to 256, not '-1'" in err and "@" not in err
    assert main(["parse", "1m", "--height", "-40"]) == 2
    err = capsys.readouterr().err
    assert "height must be a whole number from 16 to 256, not '-40'" in err and "@" not in err
    assert main(["render", "1m", "-o", "x.png", "--gap", "-4m"]) == 2
    err = capsys.readouterr().err
    assert "gap must be a whole number from 0 to 256, not '-4m'" in err and "@" not in err
    assert main(["parse", "-1"]) == 2  # a notation after all: no suit letter
    assert "'1' has no suit letter" in capsys.readouterr().err


def test_the_caret_comes_from_parse_error_pointer(capsys, monkeypatch):
    """One owner for the caret line: the CLI prints ParseError.pointer()."""
    from service.notation.grammar import ParseError

    monkeypatch.setattr(ParseError, "pointer", lambda self: "POINTER")
    assert main(["parse", "123a"]) == 2
    assert capsys.readouterr().err.splitlines()[1:] == ["  POINTER"]


def test_the_caret_lines_up_under_tabs_and_newlines(capsys):
    assert main(["parse", "1m\t2m\n3a"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[1:] == ["  1m 2m 3a", "         ^"]


def test_cli_parse_survives_an_analysis_bug(capsys, monkeypatch):
    from service.analysis import result

    monkeypatch.setattr(result, "_analyse", lambda reading: 1 / 0)
    assert main(["parse", "11222333s22456m+4s"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["analysis"]["warnings"] == ["internal error: this hand could not be analysed"]
    assert out["description"].startswith("Hand: 1s")


def test_a_reader_that_leaves_early_gets_no_traceback():
    # `tiles parse ... | head -1`: the pipe closes before the JSON is written
    import subprocess
    import sys

    p = subprocess.Popen([sys.executable, "-m", "service.cli", "parse", "11222333s22m+-456m+4s"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 1 and "Traceback" not in err, err


def test_cli_render_writes_palette_pictures_unless_exact(tmp_path):
    from PIL import Image

    pal, exact = tmp_path / "p.png", tmp_path / "e.png"
    assert main(["render", "11222333s22m+-456m+4s", "-o", str(pal), "--scale", "2"]) == 0
    assert main(["render", "11222333s22m+-456m+4s", "-o", str(exact), "--scale", "2", "--exact"]) == 0
    assert Image.open(pal).mode == "P" and Image.open(exact).mode == "RGBA"
    assert pal.stat().st_size < exact.stat().st_size / 2


def test_cli_version_is_the_package_version(capsys):
    from pathlib import Path

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    version = (Path(__file__).parents[1] / "service" / "VERSION").read_text().strip()
    assert capsys.readouterr().out.strip() == f"mahjong-tiles {version}"


@pytest.mark.parametrize("module, broken, line", [
    ("service/layout/arrange.py", "def broken(:\n", 1),                              # the CLI's own import
    ("service/notation/grammar.py", "import os\nraise ImportError('a deploy')\n", 2),  # a module's body raises
    ("service/docs/lint.py", "from .nowhere import lint\n", 1),                      # a subcommand's module
    ("service/http/worker.py", "def broken(:\n", 1),                                 # the master's worker class
])
def test_code_that_does_not_load_is_one_line_naming_it(tmp_path, module, broken, line):
    """Issue 35 #17: a broken deploy of a module the `tiles` command imports was a traceback."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for package in ("service", "tile_art"):
        shutil.copytree(root / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    (tmp_path / module).write_text(broken)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    for command in (["serve", "--port", "0"], ["parse", "123m"]):
        run = subprocess.run([sys.executable, "-m", "service.cli", *command], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=60)
        if module.endswith("worker.py") and command[0] == "parse":
            assert run.returncode == 0  # parse never loads the HTTP worker
            continue
        assert run.returncode == 3, run.stderr[-2000:]
        assert run.stderr.startswith(f"tiles: the code does not load: {tmp_path / module}:{line}: "), \
            run.stderr[-2000:]
        assert run.stderr.count("\n") == 1, run.stderr[-2000:]  # one line, no traceback


@pytest.mark.parametrize("module, importer", [
    ("greenlet", "gevent"),          # a dependency of a dependency, as gunicorn's `packaging` was (issue 42)
    ("gevent", "service/http/worker.py"),  # one we import ourselves
])
def test_a_missing_package_is_named_not_blamed_on_the_code(tmp_path, module, importer):
    """Issue 42: with `packaging` not installed, `tiles serve` said "the code does not load", which
    sends an operator to the code; it is the install that left a package out."""
    import os
    import subprocess
    import sys

    (tmp_path / "sitecustomize.py").write_text(f"import sys\nsys.modules[{module!r}] = None  # not installed\n")
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(root)])}
    run = subprocess.run([sys.executable, "-m", "service.cli", "serve", "--port", "0"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 3, run.stderr[-2000:]
    assert run.stderr.startswith(f"tiles: a package is missing: `{module}` is not installed (imported by "), \
        run.stderr[-2000:]
    assert importer in run.stderr and "does not load" not in run.stderr, run.stderr[-2000:]
    assert run.stderr.count("\n") == 1, run.stderr[-2000:]  # one line, no traceback


def test_cli_bg_paints_the_background_as_the_url_option_does(tmp_path, capsys):
    from PIL import Image

    out = tmp_path / "hand.png"
    assert main(["render", "-456m", "-o", str(out), "--theme", "dark", "--bg", "0d1117"]) == 0
    assert Image.open(out).convert("RGBA").getpixel((0, 0)) == (13, 17, 23, 255)
    card = Path(__file__).parents[1] / "examples" / "card.yaml"
    assert main(["scene", str(card), "-o", str(out), "--bg", "#fff"]) == 0
    assert Image.open(out).convert("RGBA").getpixel((0, 0)) == (255, 255, 255, 255)
    assert main(["render", "1m", "-o", str(out)]) == 0
    assert Image.open(out).convert("RGBA").getpixel((0, 0))[3] == 0  # transparent unless told
    assert main(["render", "1m", "-o", str(out), "--bg", "dark"]) == 2
    assert "bg must be a hex colour like fff or 1e1e1e" in capsys.readouterr().err


# -- issue 42 items 16 and 23: files, formats, option values, warnings, long notations ------------

CARD = str(Path(__file__).parents[1] / "examples" / "card.yaml")


def one_line(err: str) -> str:
    """The one line of an error, never a traceback."""
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("argv, named", [
    (["render", "1m", "-o", "/nonexistent/x.png"], "/nonexistent/x.png: No such file or directory"),
    (["scene", CARD, "-o", "/nonexistent/x.png"], "/nonexistent/x.png: No such file or directory"),
    (["sheet", "-o", "/nonexistent/s.png"], "/nonexistent/s.png: No such file or directory"),
    (["sheet", "-o", "/nonexistent/s.webp"], "/nonexistent/s.webp: No such file or directory"),
    (["build", "DOCS", "--out", "/dev/null/x"], "/dev/null/x: Not a directory"),
])
def test_a_file_that_cannot_be_written_is_one_line_naming_it(tmp_path, capsys, argv, named):
    (tmp_path / "a.md").write_text('<Tiles notation="123m" />\n')
    argv = [str(tmp_path) if a == "DOCS" else a for a in argv]
    assert main(argv) == 2
    assert one_line(capsys.readouterr().err) == f"error: {named}"


def test_the_file_name_gives_the_format_or_is_refused(tmp_path, capsys):
    from PIL import Image

    gif = tmp_path / "x.gif"
    assert main(["render", "1m", "-o", str(gif)]) == 2
    assert one_line(capsys.readouterr().err) == \
        f"error: {gif}: tiles writes .png, .webp, .svg or .pdf files, not .gif (or give --format)"
    assert main(["scene", CARD, "-o", str(gif)]) == 2 and ".gif" in capsys.readouterr().err
    assert not gif.exists()
    assert main(["render", "1m", "-o", str(tmp_path / "x.WEBP")]) == 0
    assert Image.open(tmp_path / "x.WEBP").format == "WEBP"
    assert main(["sheet", "--height", "16", "-o", str(tmp_path / "s.webp")]) == 0
    assert main(["sheet", "--height", "16", "-o", str(tmp_path / "s.png")]) == 0
    webp, png = Image.open(tmp_path / "s.webp"), Image.open(tmp_path / "s.png")
    assert (webp.format, png.format) == ("WEBP", "PNG")
    assert webp.convert("RGBA").tobytes() == png.convert("RGBA").tobytes()  # the same sheet, losslessly
    assert main(["sheet", "-o", str(tmp_path / "s.svg")]) == 2
    assert "tiles writes .png or .webp files, not .svg" in capsys.readouterr().err
    assert not (tmp_path / "s.svg").exists()


@pytest.mark.parametrize("argv, message", [
    (["render", "1m", "-o", "x.png", "--height", "abc"], "height must be a whole number from 16 to 256, not 'abc'"),
    (["render", "1m", "-o", "x.png", "--height", "5000"], "height must be a whole number from 16 to 256, not '5000'"),
    (["render", "1m", "-o", "x.png", "--lang", "fr"], "lang must be one of en, ja, zh, not 'fr'"),
    (["parse", "1m", "--row", "x"], "row must be a whole number from 4 to 10, not 'x'"),
    (["render", "1m", "-o", "x.png", "--layout", "pond"], "layout must be hand, river or efficiency, not 'pond'"),
    (["render", "1m", "-o", "x.png", "--format", "gif"], "format must be png, webp, svg or pdf, not 'gif'"),
    (["scene", CARD, "--json", "--scale", "9"], "scale must be a whole number from 1 to 4, not '9'"),
    (["scene", CARD, "--json", "--lang", "fr"], "lang must be one of en, ja, zh, not 'fr'"),
    (["sheet", "-o", "s.png", "--height", "1.5"], "height must be a whole number from 16 to 256, not '1.5'"),
    (["build", ".", "--out", "out", "--lang", "fr"], "lang must be one of en, ja, zh, not 'fr'"),
])
def test_a_bad_option_value_gets_one_kind_of_message(tmp_path, monkeypatch, capsys, argv, message):
    """`--height abc` and `--lang fr` printed argparse's usage, `--height 5000` our one line."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert one_line(capsys.readouterr().err) == f"error: {message}"
    assert not list(tmp_path.iterdir())


def test_argparse_own_errors_are_one_line_too(capsys):
    with pytest.raises(SystemExit) as done:
        main(["render", "-456m"])
    assert done.value.code == 2
    assert one_line(capsys.readouterr().err) == \
        "error: the following arguments are required: -o/--output (see tiles render --help)"


def test_render_prints_the_warnings_lint_prints(tmp_path, capsys):
    notation = "11111m222223333344444555556m"  # five copies of five tiles, 26 tiles
    (tmp_path / "a.md").write_text(f'<Tiles notation="{notation}" />\n')
    assert main(["lint", str(tmp_path)]) == 0
    linted = [line.split(": warning: ")[1] for line in capsys.readouterr().out.splitlines() if ": warning: " in line]
    assert len(linted) == 5
    assert main(["render", notation, "-o", str(tmp_path / "x.png")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.removeprefix("warning: ") for line in err[0::3]] == linted
    assert err[1::3] == [f"  {notation}"] * 5
    assert [line.index("^") - 2 for line in err[2::3]] == [4, 10, 15, 20, 25]  # the fifth copy of each


@pytest.mark.parametrize("notation, at", [("1m" * 4999 + "1a", 256), ("1m" * 60 + "1a" + "1m" * 60, 121)])
def test_a_long_notation_is_shown_around_the_error(capsys, notation, at):
    """A 10,000-character notation was echoed whole (its caret far off screen)."""
    assert main(["parse", notation]) == 2
    message, line, caret = capsys.readouterr().err.splitlines()
    assert message.startswith("error: ") and len(line) <= 80 and len(caret) <= 80
    shown = line[2:]
    assert shown.startswith("...") and shown.endswith("...")
    start = at - (caret.index("^") - 2 - 3)  # where the part shown starts in the notation
    assert shown[3:-3] == notation[start:start + len(shown) - 6]


def test_scene_help_names_tables(capsys):
    with pytest.raises(SystemExit):
        main(["scene", "--help"])
    assert "table" in capsys.readouterr().out
