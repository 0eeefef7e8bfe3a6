"""The tree shows the pipeline: no import circle between modules or packages.

Every import counts, also one inside a function or under ``TYPE_CHECKING``: an
import put off to run time is still a dependency, and a circle hidden that way is
still a circle. Layers, lowest first: tile_art, service.notation, service.analysis,
service.drawing, service.docs, service.http, then the top (``service/*.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("service", "tile_art")
LAYERS = ["tile_art", "service.notation", "service.analysis", "service.drawing", "service.docs", "service.http",
          "service"]
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


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file."""
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
    return {m for m in found if m in known and m != name}


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
