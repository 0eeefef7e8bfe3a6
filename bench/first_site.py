"""A new user's first site, timed: the README's steps for MkDocs and for Docusaurus.

Run by hand from the project root (it downloads MkDocs, Docusaurus and their
dependencies, so it is not part of ``python -m bench``)::

    .venv/bin/python -m bench.first_site            # both stacks
    .venv/bin/python -m bench.first_site mkdocs     # one

It builds the sdist, wheel and npm tarballs first (what a release uploads), then
follows the README in an empty folder as a docs author would, with the wheel and
``remark-tiles.tgz`` standing in for ``pip install mahjong-tiles`` and
``npm install remark-tiles``. Downloads are fetched first and timed apart; the
author's steps then run offline. It prints each step's seconds, the venv and
``node_modules`` sizes, and checks that the built page shows tile pictures.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TAG = '<Tiles notation="11222333s22m+-456m+4s" caption="Tsumo on 4s" />\n'


def run(cmd, cwd, env=None):
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"failed ({out.returncode}): {' '.join(map(str, cmd))}\n{out.stdout[-3000:]}{out.stderr[:4000]}")
    return out.stdout


class Clock:
    def __init__(self, title):
        self.title, self.steps = title, []

    def step(self, name, fn):
        t0 = time.perf_counter()
        result = fn()
        self.steps.append((name, time.perf_counter() - t0))
        return result

    def report(self, user_steps):
        print(f"\n{self.title}")
        for name, s in self.steps:
            print(f"  {s:7.1f} s  {name}")
        total = sum(s for name, s in self.steps if name in user_steps)
        print(f"  {total:7.1f} s  the author's steps (downloads aside)")


def size_mb(path: pathlib.Path) -> float:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink()) / 2**20


def artifacts(work: pathlib.Path):
    """The sdist, wheel and npm tarballs, built from this checkout."""
    run([sys.executable, "-m", "build", "--outdir", work / "dist", ROOT], cwd=ROOT)
    run([sys.executable, "-m", "tests.npm_packs"], cwd=ROOT)
    wheel = next((work / "dist").glob("mahjong_tiles-*.whl"))
    return wheel, ROOT / "build" / "npm" / "remark-tiles.tgz"


def pictures_in(html: str, files: pathlib.Path) -> int:
    """How many tile <img> the page shows whose files exist."""
    srcs = re.findall(r'<img[^>]*\bsrc="?([^"\s>]*tiles/[^"\s>]+\.png)', html)  # minified: no quotes
    found = [s for s in srcs if (files / s.rsplit("tiles/", 1)[1]).is_file()]
    if not found:
        raise SystemExit("the built page shows no tile picture")
    return len(found)


def mkdocs_site(work: pathlib.Path, wheel: pathlib.Path) -> pathlib.Path:
    clock = Clock("MkDocs: pip install \"mahjong-tiles[mkdocs]\", plugins: [search, tiles]")
    house = work / "wheelhouse"
    clock.step("downloads: pip download mahjong-tiles[mkdocs] and what it needs", lambda: run(
        [sys.executable, "-m", "pip", "download", "-q", "-d", house, f"{wheel}[mkdocs]"], cwd=work))
    site = work / "mkdocs-site"
    site.mkdir()
    venv = site / ".venv"
    clock.step("python -m venv .venv", lambda: run([sys.executable, "-m", "venv", venv], cwd=site))
    clock.step('pip install "mahjong-tiles[mkdocs]"', lambda: run(
        [venv / "bin/pip", "install", "-q", "--no-index", "--find-links", house, f"{wheel}[mkdocs]"], cwd=site))
    clock.step("mkdocs new .", lambda: run([venv / "bin/mkdocs", "new", "."], cwd=site))

    def configure():
        with open(site / "mkdocs.yml", "a") as f:
            f.write("plugins: [search, tiles]\n")
        with open(site / "docs/index.md", "a") as f:
            f.write("\n" + TAG)

    clock.step("the config line and a tag in docs/index.md", configure)
    clock.step("mkdocs build", lambda: run([venv / "bin/mkdocs", "build"], cwd=site))
    html = (site / "site/index.html").read_text()
    n = pictures_in(html, site / "site/tiles")
    clock.report({"python -m venv .venv", 'pip install "mahjong-tiles[mkdocs]"', "mkdocs new .",
                  "the config line and a tag in docs/index.md", "mkdocs build"})
    print(f"  {n} tile <img> on the built page; venv {size_mb(venv):.0f} MB")
    return venv


def docusaurus_site(work: pathlib.Path, wheel: pathlib.Path, remark: pathlib.Path, venv=None):
    clock = Clock("Docusaurus: pip install mahjong-tiles, npm install --save-dev remark-tiles")
    house = work / "wheelhouse-plain"
    clock.step("downloads: pip download mahjong-tiles", lambda: run(
        [sys.executable, "-m", "pip", "download", "-q", "-d", house, wheel], cwd=work))
    clock.step("downloads: npx create-docusaurus (classic, JavaScript) and npm install", lambda: run(
        ["npx", "--yes", "create-docusaurus@3", "docusaurus-site", "classic", "--javascript",
         "--package-manager", "npm"], cwd=work))
    site = work / "docusaurus-site"
    venv = site / ".venv"
    clock.step("python -m venv .venv", lambda: run([sys.executable, "-m", "venv", venv], cwd=site))
    clock.step("pip install mahjong-tiles", lambda: run(
        [venv / "bin/pip", "install", "-q", "--no-index", "--find-links", house, wheel], cwd=site))
    clock.step("npm install --save-dev remark-tiles", lambda: run(
        ["npm", "install", "--save-dev", "--offline", "--no-audit", "--no-fund", remark], cwd=site))

    def configure():
        config = site / "docusaurus.config.js"
        text = config.read_text()
        text = 'import remarkTiles from "remark-tiles";\n' + text
        text, n = re.subn(r"(docs: \{\n)", r"\1          remarkPlugins: [remarkTiles],\n", text, count=1)
        if not n:
            raise SystemExit("the template's docusaurus.config.js has no `docs: {` to configure")
        config.write_text(text)
        intro = next(site.glob("docs/intro.md*"))  # intro.mdx in Docusaurus 3.10's template
        with open(intro, "a") as f:
            f.write("\n" + TAG)

    clock.step("the config line and a tag in docs/intro.mdx", configure)
    env = dict(os.environ, PATH=f"{venv / 'bin'}:{os.environ['PATH']}")
    clock.step("npm run build", lambda: run(["npm", "run", "build"], cwd=site, env=env))
    html = (site / "build/docs/intro/index.html").read_text()
    n = pictures_in(html, site / "build/tiles")
    clock.report({"python -m venv .venv", "pip install mahjong-tiles", "npm install --save-dev remark-tiles",
                  "the config line and a tag in docs/intro.mdx", "npm run build"})
    print(f"  {n} tile <img> on the built page; venv {size_mb(venv):.0f} MB, "
          f"node_modules {size_mb(site / 'node_modules'):.0f} MB")


def main(argv):
    wanted = set(argv) or {"mkdocs", "docusaurus"}
    work = pathlib.Path(tempfile.mkdtemp(prefix="tiles-first-site-"))
    try:
        t0 = time.perf_counter()
        wheel, remark = artifacts(work)
        print(f"artifacts (python -m build, npm pack): {time.perf_counter() - t0:.1f} s: {wheel.name}, {remark.name}")
        if "mkdocs" in wanted:
            mkdocs_site(work, wheel)
        if "docusaurus" in wanted:
            docusaurus_site(work, wheel, remark)
    except BaseException:
        print(f"kept for a look: {work}")
        raise
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
