"""Every `tiles …` command in the shell blocks of README.md and docs/scenes.md runs as written.

Each runs from a scratch folder that sees the repository's `examples/` and `docs/` (what a reader
who cloned it has), so the files the commands write land there. `tiles serve` is started with its
own words on a free port, asked for /healthz and stopped; `tiles batch` (remark-tiles' image
server, which waits on its standard input) is no command for the README. The curl lines of
docs/scenes.md run against the app on 127.0.0.1, and its URL examples are ones curl takes as they are.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.need import need

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "docs" / "scenes.md"]
LOCAL = "http://127.0.0.1:8000"  # the service's address as the docs write it
SIGNATURES = {".png": b"\x89PNG", ".svg": b"<svg", ".webp": b"RIFF", ".json": b"{", ".pdf": b"%PDF"}


def shell_lines(page: Path) -> list[str]:
    """The lines of the page's ```sh blocks, a line ending in a backslash joined with the next."""
    lines, inside, held = [], False, ""
    for line in page.read_text().splitlines():
        if line.strip().startswith("```"):
            inside = not inside and line.strip() in ("```sh", "```bash", "```shell")
            continue
        if inside:
            held += line
            if held.endswith("\\"):
                held = held[:-1] + " "
                continue
            lines.append(held)
            held = ""
    return lines


def commands(program: str, pages: list[Path] = PAGES) -> list[list[str]]:
    """Every `program …` line of the pages' shell blocks, as words (comments dropped)."""
    found = []
    for page in pages:
        for line in shell_lines(page):
            words = shlex.split(line, comments=True)
            if words and words[0] == program:
                found.append(words)
    return found


def test_the_reader_finds_the_commands():
    assert shell_lines(ROOT / "docs" / "scenes.md")[0].startswith("tiles scene examples/card.yaml")
    readme = commands("tiles", [ROOT / "README.md"])
    assert len(readme) >= 15 and ["tiles", "--version"] in readme
    assert {w[1] for w in readme} >= {"parse", "render", "scene", "sheet", "serve", "lint", "build"}
    assert not [w for w in readme if w[1] == "batch"]  # remark-tiles' server, described with remark-tiles


@pytest.fixture
def workspace(tmp_path) -> Path:
    """A scratch folder that sees the repository's examples/ and docs/."""
    for name in ("examples", "docs"):
        (tmp_path / name).symlink_to(ROOT / name, target_is_directory=True)
    return tmp_path


def tiles() -> str:
    exe = Path(sys.executable).with_name("tiles")
    need(exe.exists(), f"no `tiles` beside {sys.executable} (pip install -e .)")
    return str(exe)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(words: list[str], cwd: Path) -> None:
    """`tiles serve` with the docs' words on a free port: /healthz answers, TERM stops it."""
    port = free_port()
    args = [tiles(), *words[1:]]
    args = args[:args.index("--port") + 1] + [str(port)] + args[args.index("--port") + 2:] \
        if "--port" in args else args + ["--port", str(port)]
    log = tempfile.TemporaryFile()  # not a pipe: a server whose log nobody reads never blocks on it
    server = subprocess.Popen(args + ["--workers", "1"], cwd=cwd, stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 120  # a loaded machine boots a worker slowly
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                    assert json.load(r)["status"] == "ok"
                    return
            except OSError:
                time.sleep(0.3)
        log.seek(0)
        pytest.fail(f"{shlex.join(words)}: no /healthz answer\n" + log.read().decode(errors="replace")[-3000:])
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)


def test_every_tiles_command_runs_as_written(workspace):
    ran = []
    for words in commands("tiles"):
        if words[1:2] == ["serve"]:
            serve(words, workspace)
        else:
            run = subprocess.run([tiles(), *words[1:]], cwd=workspace, stdin=subprocess.DEVNULL,
                                 capture_output=True, text=True, timeout=300)
            assert run.returncode == 0, f"{shlex.join(words)}\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
        ran.append(shlex.join(words))
        if "-o" in words:  # what it wrote is the picture it names
            out = workspace / words[words.index("-o") + 1]
            assert out.read_bytes().startswith(SIGNATURES[out.suffix]), ran[-1]
    assert len(ran) >= 18, ran


def test_each_command_writes_a_file_of_its_own():
    """Issue 42 #24: the `--exact` line wrote over the `--scale 2` line's kan.png, so a reader who ran
    them all could not look at both."""
    for page in PAGES:
        written = [words[words.index("-o") + 1] for words in commands("tiles", [page]) if "-o" in words]
        assert sorted({f for f in written if written.count(f) > 1}) == [], page.name


def test_the_scene_urls_work_with_plain_curl(workspace, service_url):
    need(shutil.which("curl") is not None, "curl is not installed")
    lines = commands("curl", [ROOT / "docs" / "scenes.md"])
    assert len(lines) >= 2
    for words in lines:
        args = [w.replace(LOCAL, service_url) for w in words]
        run = subprocess.run(args + ["--fail", "--silent", "--show-error"], cwd=workspace, capture_output=True,
                             text=True, timeout=120)
        assert run.returncode == 0, f"{shlex.join(words)}\n{run.stderr}"
        out = workspace / words[words.index("-o") + 1]
        assert out.read_bytes().startswith(SIGNATURES[out.suffix]), shlex.join(words)
    urls = re.findall(r"`(/scene\.\w+\?s=[^`]+)`", (ROOT / "docs" / "scenes.md").read_text())
    assert urls
    for url in urls:
        assert not set("{}[] ") & set(url), url  # curl globs braces and brackets
        run = subprocess.run(["curl", "--fail", "--silent", "--show-error", "-o", "/dev/null", service_url + url],
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, f"{url}\n{run.stderr}"
