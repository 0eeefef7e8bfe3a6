"""The tree shows the pipeline: no import circle between modules or packages.

Every import counts, also one inside a function or under ``TYPE_CHECKING``: an
import put off to run time is still a dependency, and a circle hidden that way is
still a circle. Layers, lowest first: tile_art, service.notation, service.analysis,
service.layout, service.drawing, service.pictures, service.docs, service.http, then the top
(``service/*.py``). The layout is geometry: nothing it imports loads Pillow or numpy. The HTTP
layer imports nothing from the docs tools (POST /batch answers with `service.pictures`).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("service", "tile_art")
LAYERS = ["tile_art", "service.notation", "service.records", "service.analysis", "service.scoring", "service.efficiency", "service.layout", "service.drawing", "service.pictures",
          "service.docs", "service.http", "service"]
PIXELS = ("PIL", "numpy")  # what the layout never loads
MAX_TOP_MODULES = 6


def modules() -> dict[str, Path]:
    """``{dotted name: file}`` for every module of the project's packages."""
    out = {}
    for top in PACKAGES:
        for f in sorted((ROOT / top).rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def imports(name: str, path: Path, known: dict[str, Path], outside: bool = False) -> set[str]:
    """The project modules ``name`` imports anywhere in its file (with `outside`: every module it
    names, the project's or not)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            for a in node.names:  # `from pkg import module` imports the module
                found.add(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base)
    return {m for m in found if (outside or m in known) and m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                out.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def layer_of(module: str) -> str:
    return next(layer for layer in LAYERS if module == layer or module.startswith(layer + "."))


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_modules():
    found = circles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_each_layer_imports_only_from_layers_below():
    upward = sorted(f"{m} imports {d}" for m, deps in graph().items() for d in deps
                    if LAYERS.index(layer_of(d)) > LAYERS.index(layer_of(m)))
    assert not upward, upward


def test_no_import_circle_between_packages():
    edges: dict[str, set[str]] = {}
    for m, deps in graph().items():
        here = m if (ROOT / m.replace(".", "/")).is_dir() else m.rpartition(".")[0]
        for d in deps:
            there = d if (ROOT / d.replace(".", "/")).is_dir() else d.rpartition(".")[0]
            if there != here:  # service/*.py is the package "service", above its subpackages
                edges.setdefault(here, set()).add(there)
    found = circles(edges)
    assert not found, found


def test_service_holds_few_modules_beside_its_packages():
    top = sorted(p.name for p in (ROOT / "service").glob("*.py"))
    packages = sorted(p.name for p in (ROOT / "service").iterdir() if (p / "__init__.py").exists())
    assert len(top) <= MAX_TOP_MODULES, top
    assert len(packages) >= 4, packages


def below(roots: set[str], edges: dict[str, set[str]]) -> set[str]:
    """`roots` and every project module they import, directly or not."""
    seen, todo = set(), list(roots)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo += edges.get(m, ())
    return seen


def test_below_follows_imports():
    assert below({"a"}, {"a": {"b"}, "b": {"c"}, "d": {"a"}}) == {"a", "b", "c"}


def test_the_layout_never_reaches_pillow_or_numpy():
    """Every module the layout imports, however indirectly (`tile_art.proportions`, `tile_art.font`),
    names neither Pillow nor numpy anywhere in its file, a function's import included."""
    known, edges = modules(), graph()
    layout = below({m for m in known if layer_of(m) == "service.layout"}, edges)
    assert {"service.layout.arrange", "tile_art.proportions", "tile_art.font"} <= layout
    found = sorted(f"{m} imports {d}" for m in layout for d in imports(m, known[m], known, outside=True)
                   if d.split(".")[0] in PIXELS)
    assert not found, found


def test_laying_out_loads_neither_pillow_nor_numpy():
    """A fresh interpreter imports every layout module and lays out what each draws: hands, rivers,
    dora strips with labels, a problem card and a table in each language, the cost ceiling."""
    names = sorted(m for m in modules() if layer_of(m) == "service.layout")
    code = "\n".join([f"import {m}" for m in names] + [
        "import sys",
        "from service.layout.arrange import arrange, arrange_scene",
        "from service.layout.limits import densities, distinct_faces",
        "from service.notation.options import RenderOptions",
        "from service.notation.scene import read_scene",
        "from service.notation.subject import read",
        "card = read_scene('problem: {round: E1, seat: S, dora: 3m, hand: 2345m067p34588s5z+4p, scores: [1, 2, 3, 4]}')",
        "table = read_scene('table: {round: S2, honba: 1, riichi_sticks: 2, dora: 3m, view: S, '",
        "                   'seats: {E: {hand: 13, river: 19m-4z, score: 31000}, S: {hand: 13}}}')",
        "for lang in ('en', 'ja', 'zh'):",
        "    o = RenderOptions(dora='3m', ura='4z', lang=lang)",
        "    for lay in (arrange(read('123m+-4-56p'), o), arrange(read('1m-2m', 'river'), o),",
        "                arrange_scene(card, o).layout, arrange_scene(table, o).layout):",
        "        assert lay.labels and densities(lay.width, lay.height, 38, (1, 2, 3), distinct_faces(lay))",
        f"print(' '.join(m for m in {PIXELS!r} if m in sys.modules))",
    ])
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == [], f"laying out loaded {run.stdout.split()}"


def test_http_imports_nothing_from_the_docs_tools():
    """POST /batch and /scene.* answer with `service.pictures` and `service.notation`, not `service.docs`."""
    found = sorted(f"{m} imports {d}" for m, deps in graph().items() if layer_of(m) == "service.http"
                   for d in deps if layer_of(d) == "service.docs")
    assert not found, found
