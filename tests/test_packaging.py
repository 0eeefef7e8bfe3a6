"""One name and one version for every package; the npm packages packed and installed as users get them.

The version is kept in service/VERSION (pyproject.toml reads it); each npm package.json and each
fixture's lock entry for our tarballs must say the same. `npm pack` must make tarballs that hold
what the packages need and nothing of their tests, and the tarballs must install into a new project
and import: `import remarkTiles from "remark-tiles"`, `import { Tiles, TilesProvider } from "mahjong-tiles"`.
"""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.need import need
from tests.npm_packs import PACKAGES, contents, pack

ROOT = Path(__file__).resolve().parents[1]
VERSION = (ROOT / "service" / "VERSION").read_text().strip()
# the fixtures that install our tarballs, and which
FIXTURES = {"tests/browser": ["mahjong-tiles"], "tests/browser/docusaurus": ["remark-tiles"],
            "tests/browser/astro": ["remark-tiles"], "tests/browser/nextra": ["remark-tiles"],
            "tests/browser/vitepress": ["markdown-it-tiles"]}
NPM_TIMEOUT = 600


def test_the_version_is_kept_in_one_place():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["name"] == "mahjong-tiles"
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"file": "service/VERSION"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)


def test_the_service_and_batch_say_the_version(client):
    """/healthz and `tiles batch`'s hello say service/VERSION, whatever the distribution's name."""
    from service.pictures.batch import Batch

    assert client.get("/healthz").get_json()["version"] == VERSION
    assert Batch(out=None).hello()["tiles"] == VERSION


def test_every_npm_package_carries_the_version():
    found = {json.loads((folder / "package.json").read_text())["name"]:
             json.loads((folder / "package.json").read_text())["version"] for folder in PACKAGES.values()}
    assert found == {name: VERSION for name in PACKAGES}


@pytest.mark.parametrize("fixture", sorted(FIXTURES))
def test_fixtures_install_our_tarballs_not_folders(fixture):
    """Each fixture depends on the packed tarball (file:…/build/npm/<name>.tgz) of the version, its lock
    entry without an integrity hash (npm ci would take the old tarball of that hash from its cache)."""
    folder = ROOT / fixture
    manifest = json.loads((folder / "package.json").read_text())
    deps = {**manifest.get("dependencies", {}), **manifest.get("devDependencies", {})}
    lock = json.loads((folder / "package-lock.json").read_text())["packages"]
    for name in FIXTURES[fixture]:
        tarball = (folder / deps[name].removeprefix("file:")).resolve()
        assert deps[name].startswith("file:") and tarball == ROOT / "build" / "npm" / f"{name}.tgz", deps[name]
        entry = lock[f"node_modules/{name}"]
        assert entry["resolved"] == deps[name] and entry["version"] == VERSION and "integrity" not in entry, entry
    linked = [k for k, v in lock.items() if v.get("link") or k.startswith("..")]
    assert linked == [], f"{fixture} links a folder: {linked}"


def imports_of(js: str) -> set[str]:
    """The relative modules a file imports."""
    return set(re.findall(r"""(?:from|import)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""", js))


def shipped_imports_resolve(files: dict[str, bytes]) -> list[str]:
    """Relative imports of the shipped JS that point at no shipped file."""
    missing = []
    for name, data in files.items():
        if name.endswith(".js"):
            for rel in imports_of(data.decode()):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(name), rel))
                if target not in files:
                    missing.append(f"{name} imports {rel}")
    return missing


@pytest.fixture(scope="module")
def packs(tmp_path_factory) -> dict[str, Path]:
    need(shutil.which("npm") is not None, "npm is not installed")
    out = tmp_path_factory.mktemp("packs")
    return {name: pack(name, out) for name in PACKAGES}


def test_remark_tiles_packs_what_it_needs(packs):
    files = contents(packs["remark-tiles"])
    lib = {f"lib/{p.name}" for p in (PACKAGES["remark-tiles"] / "lib").glob("*.js")}
    assert set(files) == {"package.json", "README.md", "index.js"} | lib
    assert shipped_imports_resolve(files) == []
    manifest = json.loads(files["package.json"])
    assert manifest["exports"] == "./index.js" and manifest["type"] == "module"
    assert not manifest.get("dependencies")  # node built-ins only: nothing else to install


def test_markdown_it_tiles_packs_what_it_needs(packs):
    files = contents(packs["markdown-it-tiles"])
    lib = {f"lib/{p.name}" for p in (PACKAGES["markdown-it-tiles"] / "lib").glob("*.js")}
    assert set(files) == {"package.json", "README.md", "index.js"} | lib
    assert shipped_imports_resolve(files) == []
    manifest = json.loads(files["package.json"])
    assert manifest["exports"] == "./index.js" and manifest["type"] == "module"
    assert not manifest.get("dependencies")  # node built-ins only: markdown-it is the site's


def test_the_component_packs_what_it_needs(packs):
    files = contents(packs["mahjong-tiles"])
    assert set(files) == {"package.json", "README.md", "Tiles.js", "tileLayout.js", "riverLayout.js",
                          "scoreProps.js", "tilesSpec.js", "index.d.ts"}
    assert shipped_imports_resolve(files) == []
    manifest = json.loads(files["package.json"])
    assert manifest["exports"]["."] == {"types": "./index.d.ts", "default": "./Tiles.js"}
    assert manifest["peerDependencies"] == {"react": ">=18"} and not manifest.get("dependencies")
    assert files["tilesSpec.js"] == (ROOT / "docs" / "components" / "tilesSpec.js").read_bytes()
    assert files["Tiles.js"].startswith(b'"use client";')  # Next.js: a client component, rendered on the server too


def test_the_types_declare_every_export():
    """index.d.ts is written by hand: every name Tiles.js exports is declared there, and no other."""
    source = (PACKAGES["mahjong-tiles"] / "Tiles.js").read_text()
    exported = set(re.findall(r"^export (?:default )?(?:function|const) (\w+)", source, re.M))
    exported |= {n.strip() for group in re.findall(r"^export \{([^}]*)\}", source, re.M) for n in group.split(",")}
    types = (PACKAGES["mahjong-tiles"] / "index.d.ts").read_text()
    declared = set(re.findall(r"^export declare (?:function|const) (\w+)", types, re.M))
    assert exported == declared
    assert "export default Tiles;" in types and "export default function Tiles" in source


def test_the_types_name_every_dialect():
    """index.d.ts's Dialect is every name a dialect prop takes (service/notation/dialects.py), and no other."""
    from service.notation.dialects import ALIASES, DIALECTS

    types = (PACKAGES["mahjong-tiles"] / "index.d.ts").read_text()
    union = re.search(r"^export type Dialect =(.*?);", types, re.M | re.S)
    assert union and re.findall(r'"([^"]+)"', union[1]) == [*DIALECTS, *ALIASES]


CONSUMER = """
import remarkTiles from "remark-tiles";
import DefaultTiles, { Tiles, TilesProvider, tilesUrl } from "mahjong-tiles";
import SPEC from "mahjong-tiles/tilesSpec.js";
import { tileLayout } from "mahjong-tiles/tileLayout.js";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const html = renderToStaticMarkup(
  h(TilesProvider, { base: "https://t.example" }, h(Tiles, { notation: "11222333s22m+-456m+4s", caption: "Tsumo" })));
let deep = "exported";
try { await import("mahjong-tiles/test/dora.test.js"); }
catch (err) { deep = err.code; }
console.log(JSON.stringify({ plugin: typeof remarkTiles, same: DefaultTiles === Tiles, html,
  url: tilesUrl("", "1m"), height: SPEC.defaultHeight, width: tileLayout("1m").width, deep }));
"""

TYPED = """
import { Tiles, TilesProvider, tilesUrl, manifestKey, type Manifest } from "mahjong-tiles";
const manifest: Manifest = { images: { "1m": { "1x": "a.png", width: 26, height: 38, alt: "Hand: 1m" } } };
export const page = (
  <TilesProvider manifest={manifest} assets="/tiles/" colorMode="data-theme" dialect="chombo-gen">
    <Tiles notation="123m" caption="Three" dora="4z" lang="ja" />
    <Tiles notation="1m9p" river row={5} format="svg" theme="auto" />
    <Tiles notation="23789p, t1w" dialect="mjimage" />
  </TilesProvider>
);
export const url: string = tilesUrl("https://t.example", "1m", { scale: 2 }) + manifestKey("1m", 38, "dark");
"""


@pytest.fixture(scope="module")
def consumer(packs, tmp_path_factory) -> Path:
    """A new npm project with both tarballs installed (React, TypeScript and its React types from the registry)."""
    project = tmp_path_factory.mktemp("consumer")
    (project / "package.json").write_text(json.dumps({"name": "consumer", "private": True, "type": "module"}))
    run = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error",
                          str(packs["remark-tiles"]), str(packs["mahjong-tiles"]), "react@19", "react-dom@19",
                          "typescript@5", "@types/react@19"],
                         cwd=project, capture_output=True, text=True, timeout=NPM_TIMEOUT)
    assert run.returncode == 0, run.stderr[-3000:]
    return project


@pytest.mark.slow
def test_the_tarballs_install_and_import(consumer):
    (consumer / "use.mjs").write_text(CONSUMER)
    run = subprocess.run(["node", "use.mjs"], cwd=consumer, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr[-3000:]
    got = json.loads(run.stdout)
    assert got["plugin"] == "function" and got["same"] is True
    assert got["html"].startswith('<figure class="tiles-figure"') and "<figcaption>Tsumo</figcaption>" in got["html"]
    assert 'src="https://t.example/tiles/11222333s22m%2B-456m%2B4s.png?height=38&amp;scale=1"' in got["html"]
    assert got["url"] == "/tiles/1m.png?height=38&scale=1" and got["height"] == 38 and got["width"] > 0
    assert got["deep"] == "ERR_PACKAGE_PATH_NOT_EXPORTED"  # only what `exports` names


@pytest.mark.slow
def test_the_types_compile_a_use(consumer):
    (consumer / "page.tsx").write_text(TYPED)
    tsc = consumer / "node_modules" / ".bin" / "tsc"
    run = subprocess.run([str(tsc), "--noEmit", "--strict", "--jsx", "react-jsx", "--module", "nodenext",
                          "--moduleResolution", "nodenext", "--target", "es2022", "page.tsx"],
                         cwd=consumer, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:]
    (consumer / "bad.tsx").write_text('import { Tiles } from "mahjong-tiles";\nexport const x = <Tiles notaton="1m" />;\n')
    run = subprocess.run([str(tsc), "--noEmit", "--strict", "--jsx", "react-jsx", "--module", "nodenext",
                          "--moduleResolution", "nodenext", "bad.tsx"], cwd=consumer, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode != 0 and "notaton" in run.stdout  # a misspelt prop is caught


def install_lines() -> list[tuple[str, str]]:
    """(file, line) of every `pip install` and `npm install` line in the README and docs/."""
    pages = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md") if "node_modules" not in p.parts)]
    return [(str(p.relative_to(ROOT)), line) for p in pages for line in p.read_text().splitlines()
            if re.search(r"\b(pip|npm) install\b", line)]


def test_every_install_line_names_our_packages():
    """`pip install tiles` is someone else's package on PyPI; a folder path breaks when the checkout moves."""
    found = install_lines()
    assert len(found) >= 10
    ours = re.compile(r"""(?<![\w-])["']?tiles(?=[\[@=<> "']|$)""")  # a bare `tiles` requirement
    requirements = [(f, line, part.split("install", 1)[1]) for f, line in found
                    for part in re.split(r"&&|;|\|", line.split("#")[0]) if re.search(r"\b(pip|npm) install\b", part)]
    bad = [(f, line) for f, line, words in requirements
           if ours.search(words) or "docs/integrations/" in words or "docs/components" in words or "-none-any.whl" in words]
    assert bad == []
    assert any('"mahjong-tiles[mkdocs]"' in line for _, line in found)


def test_every_pinned_version_in_the_docs_is_this_one():
    """Pins in install lines (`mahjong-tiles==X`, `remark-tiles@X`, `mahjong_tiles-X.tar.gz`) follow
    service/VERSION, so a release that bumps it updates what users copy (RELEASING.md)."""
    pin = re.compile(r"(?:mahjong-tiles==|mahjong_tiles-|(?:remark|markdown-it)-tiles@|mahjong-tiles@)(\d+\.\d+\.\d+)")
    pinned = [(f, m.group(1)) for f, line in install_lines() for m in pin.finditer(line)]
    assert len(pinned) >= 4
    assert [(f, v) for f, v in pinned if v != VERSION] == []
