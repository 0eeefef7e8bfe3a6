"""Run every benchmark in this folder: ``make bench`` or ``python -m bench``.

Pass names to run a few: ``python -m bench render analysis``. Run from the
project root so ``bench`` is importable.
"""

import pathlib
import runpy
import sys

here = pathlib.Path(__file__).parent
wanted = set(sys.argv[1:])
for path in sorted(here.glob("bench_*.py")):
    if wanted and path.stem.removeprefix("bench_") not in wanted:
        continue
    print(f"\n=== {path.stem} ===", flush=True)
    sys.argv = [str(path)]  # each bench's own defaults, not our names
    runpy.run_module(f"bench.{path.stem}", run_name="__main__")
