"""What each module pulls in: the model stands alone, the layout is pure geometry."""

import subprocess
import sys


def modules_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    code = f"import sys\n{statement}\nprint(' '.join(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def test_the_model_imports_nothing_from_the_parser():
    loaded = modules_after("from service.notation.model import Hand, Group, Tile\n"
                           "Hand((Group('hand', (Tile.from_code('0p'),)),)).canonical()")
    assert "service.notation.grammar" not in loaded


def test_layout_is_pure_geometry():
    loaded = modules_after("from service.layout.layout import layout\nfrom service.notation.model import Group, Hand, Tile\n"
                           "layout(Hand((Group('hand', (Tile.from_code('1m'),)),)), 40)")
    drawing = {"PIL", "cachetools", "tile_art.faces", "tile_art.glyphs", "noto_cjk"}
    assert not drawing & loaded, drawing & loaded


def test_the_art_still_loads_on_first_use():
    loaded = modules_after("import tile_art\nassert tile_art.face('1m', 38).size == (28, 38)\n"
                           "from tile_art import THEMES, write_sheet\nassert 'light' in THEMES")
    assert {"PIL", "tile_art.faces", "tile_art.sheet"} <= loaded


def test_render_names_one_function():
    """tile_art's uncached face drawer is draw_face; `render` is service.drawing.render.render alone."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    where = [str(p.relative_to(root)) for folder in ("service", "tile_art") for p in sorted((root / folder).rglob("*.py"))
             if any(isinstance(n, ast.FunctionDef) and n.name == "render" for n in ast.parse(p.read_text()).body)]
    assert where == ["service/__init__.py", "service/drawing/render.py"]
