"""Cold `tiles build` of a synthetic docs tree, on one process and on every core.

Run by hand: ``.venv/bin/python -m bench build`` (``--pages 12 --hands 20`` by default:
240 random 14-tile hands, 720 files at 1x/2x/3x). Each build runs as a fresh
`tiles build` process into an empty folder, so faces are drawn and every palette is
fitted, as on a new docs tree. Printed, as medians of ``--rounds`` (the machine is
shared, so only ratios within a run compare):

- the build with ``--jobs 1`` and with ``--jobs N`` (N: the cores);
- the reference: the same images rendered exact (RGBA, no palette fit) one after
  the other in one fresh process, and written;
- the ratios; issue 26's target: the N-job build within ~1.3x of that reference.

Wall time and CPU time (user + system, of the process and its workers) are both
printed: on a machine whose other work keeps its cores busy (the load average is
printed) N jobs cannot finish sooner, and CPU time is what compares.

The N-job build's files and manifest are checked to be the 1-job build's, byte for byte.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.pictures.jobs import default_workers
from tests.sample_hands import hand_of, near_complete

# Exact renders of every image of the tree, written as `tiles build` names them.
EXACT = """
import sys
from dataclasses import replace
from pathlib import Path
from service.docs.build import collect
from service.pictures.jobs import file_name, scales_of, write_file
from service.drawing.render import render
docs, out = Path(sys.argv[1]), Path(sys.argv[2])
out.mkdir()
for job in collect([docs])[0]:
    for s in scales_of(job.options):
        write_file(out / file_name(job.image, s), render(job.hand, replace(job.options, scale=s, exact=True)))
"""


def docs_tree(root: Path, pages: int, hands: int, seed: int = 26) -> int:
    """``pages`` MDX pages of ``hands`` random near-complete 14-tile hands each; returns
    how many distinct images they name."""
    rng = random.Random(seed)
    seen = set()
    for p in range(pages):
        notations = [hand_of(near_complete(rng, 14)).canonical() for _ in range(hands)]
        seen.update(notations)
        body = "".join(f'<Tiles notation="{n}" />\n\n' for n in notations)
        (root / f"page{p:02}.mdx").write_text(f"# Page {p}\n\n{body}")
    return len(seen)


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall s, CPU s) of running ``cmd`` and every process it starts."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=12)
    ap.add_argument("--hands", type=int, default=20, help="hands a page")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=default_workers(), help="N (default: the cores)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        docs = root / "docs"
        docs.mkdir()
        images = docs_tree(docs, args.pages, args.hands)
        print(f"{args.pages} pages x {args.hands} hands: {images} images, {3 * images} files; "
              f"{args.rounds} rounds, N = {args.jobs}")
        cli = [sys.executable, "-m", "service.cli", "build", str(docs)]
        times: dict[str, list[tuple[float, float]]] = {"exact, 1 process": [], "build --jobs 1": [], f"build --jobs {args.jobs}": []}
        for r in range(args.rounds):
            out = {name: root / f"out{r}-{i}" for i, name in enumerate(times)}
            for name, folder in out.items():
                if name.startswith("exact"):
                    times[name].append(timed([sys.executable, "-c", EXACT, str(docs), str(folder)]))
                else:
                    times[name].append(timed(cli + ["--out", str(folder), "--jobs", name.rsplit(" ", 1)[1]]))
            one, many = files(out["build --jobs 1"]), files(out[f"build --jobs {args.jobs}"])
            assert one == many, "the N-job build wrote other bytes than the 1-job build"
        wall = {name: statistics.median(t[0] for t in ts) for name, ts in times.items()}
        cpu = {name: statistics.median(t[1] for t in ts) for name, ts in times.items()}
        ref = "exact, 1 process"
        for name in times:
            print(f"  {name:<18} wall {wall[name]:6.2f} s ({wall[name] / wall[ref]:.2f}x exact)   "
                  f"CPU {cpu[name]:6.2f} s ({cpu[name] / cpu[ref]:.2f}x exact)")
        print(f"  load average while it ran: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"  target: build --jobs N <= ~1.3x the exact renders; files of 1 and {args.jobs} jobs identical: yes")
        print(f"  bytes: palette build {sum(map(len, one.values())) / 1e6:.2f} MB "
              f"(manifest included), exact {sum(p.stat().st_size for p in out['exact, 1 process'].iterdir()) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
