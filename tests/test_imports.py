"""What each module pulls in: the model stands alone, the layout is pure geometry."""

import subprocess
import sys


def modules_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    code = f"import sys\n{statement}\nprint(' '.join(sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(run.stdout.split())


def test_the_model_imports_nothing_from_the_parser():
    loaded = modules_after("from service.model import Hand, Group, Tile\n"
                           "Hand((Group('hand', (Tile.from_code('0p'),)),)).canonical()")
    assert "service.notation" not in loaded
