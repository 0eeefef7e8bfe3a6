"""Soak: `tiles serve` under mixed load for minutes, memory per worker against its bound.

Starts the real server (gunicorn, default caches) on loopback and drives it
with keep-alive clients: docs-size images that repeat (cached), new hands
(renders), the largest images the service accepts, JSON and errors. It samples
every worker's resident memory as it goes and prints the peak against the
documented bound (configured caches + 100 MB), the worst request's CPU time
(measured in-process, faces cached and not), and cached / uncached req/s.

    python -m bench soak                      # 3 minutes, 2 workers, recycling off
    python bench/bench_soak.py --minutes 5 --max-requests 20000

Run by hand (not in `make test`); every loop is bounded and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from live_server import HOST, LiveServer, fetch  # noqa: E402

MiB = 1024 * 1024
TILES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
DOCS = ["11222333s22m+-456m+4s", "123m456p789s11z+-5-55s", "2z+x11xs+x11xp+x11xm+x11xz+2z", "0p", "r5p+0s+0m",
        "5-5=55p", "1234567z", "19m19p19s1234567z+1m", "345m345p345s22z+6-78s", "12345678999m+-5m"]


def random_hand(rng: random.Random, tiles: int = 13, kinds: int = 8) -> str:
    """`tiles` + 1 tiles of at most `kinds` kinds (a docs hand shows 6-11; the cost
    ceiling refuses more than 18 different faces at 3x, see service/layout/limits.py)."""
    pool = rng.sample(TILES, kinds)
    return "".join(sorted(rng.choice(pool) for _ in range(tiles))) + "+" + rng.choice(pool)


def _most_tiles(height: int, scale: int) -> int:
    """The most tiles (one hand plus a winning tile) whose image the service accepts at this size."""
    from service.http.service import BadRequest, check_size
    from service.notation.grammar import parse
    from service.notation.options import RenderOptions

    best = 0
    for n in range(2, 65):
        try:
            check_size(parse("1m" * (n - 1) + "+1m"), RenderOptions(height=height, scale=scale))
            best = n
        except BadRequest:
            break
    return best


SIZES = [(64, 3), (128, 4), (38, 3)]
MOST = {size: _most_tiles(*size) for size in SIZES}


def largest(rng: random.Random) -> str:
    """One of the biggest images accepted (just under the pixel budget), with a new cache key."""
    height, scale = rng.choice(SIZES)
    bg = "%06x" % rng.randrange(1 << 24)
    from service.layout.limits import max_faces

    kinds = min(8, max_faces(height * scale))
    return f"/{random_hand(rng, MOST[height, scale] - 1, kinds)}?height={height}&scale={scale}&bg={bg}"


# A docs site's worth of images, each asked for again and again (so they fill the
# cache's protected share, not just probation), beside the few hot ones above.
SITE = [random_hand(random.Random(n)) for n in range(3000)]


def pss_bytes(pid: int) -> int:
    """Proportional set size (a shared page counted as its share), from /proc; 0 where unknown."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return next(int(line.split()[1]) * 1024 for line in f if line.startswith("Pss:"))
    except (OSError, StopIteration):
        return 0


SCENES = ["problem: {{round: E1, seat: S, turn: 7, dora: 3m, hand: {hand}}}",
          "table: {{round: S2, honba: 3, riichi_sticks: 1, dora: 5z, seats: {{E: {{hand: 13, river: 19m-4z, score: 25000}}, "
          "S: {{hand: '{seat}', score: 31000}}, W: {{hand: 13}}, N: {{hand: 13, score: -1200}}}}}}"]


def labelled(rng: random.Random) -> str:
    """A picture with labels at a size of its own: a hand with dora and ura strips, or a scene, in
    any language, tiles 16-64 px tall (each size draws its labels at a font size of its own)."""
    strip = rng.random() < 0.6
    size = f"height={rng.randint(16, 64 if strip else 40)}&scale={rng.randint(1, 3)}&lang={rng.choice(['en', 'ja', 'zh'])}"
    if strip:
        return f"/tiles/{random_hand(rng, 6, 5)}.png?dora={rng.choice(TILES)}&ura={rng.choice(TILES)}&{size}"
    hand = random_hand(rng, 13, 8)  # 14 with the drawn tile: a problem's; a seat's in one segment, 13
    return f"/scene.png?s={quote(rng.choice(SCENES).format(hand=hand, seat=hand.split('+')[0]))}&{size}"


def mixed_path(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.15:
        return f"/{rng.choice(DOCS)}?scale={rng.randint(1, 3)}"          # hot docs images
    if r < 0.50:
        return f"/{rng.choice(SITE)}?scale={rng.randint(1, 3)}"          # the rest of the site
    if r < 0.67:
        return f"/{random_hand(rng)}?scale={rng.randint(1, 3)}"          # new hands: rendered
    if r < 0.73:
        svg = f"/tiles/{random_hand(rng)}.svg"                           # vectors: glyph outlines too
        return svg + rng.choice(["", "?theme=auto", "?scale=2"])
    if r < 0.80:
        return largest(rng)                                            # the most expensive accepted
    if r < 0.84:
        return f"/tiles/{rng.choice(DOCS)}.json"
    if r < 0.88:
        return f"/tiles/{rng.choice(DOCS)}.webp?scale=2&bg=%06x" % rng.randrange(1 << 24)  # WebP, never cached
    if r < 0.96:
        return labelled(rng)                                           # labels: strips and scenes, any size
    return f"/{rng.choice(DOCS)}x?scale={rng.randint(1, 3)}&height={rng.randint(16, 100)}"  # a typo: an error picture


def client(port: int, pick, seconds: float, seed: int, out: list) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    n = bad = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        path = pick(rng)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            r.read()
            n += 1
            bad += r.status >= 500
            if r.will_close:
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=60)
        except (OSError, http.client.HTTPException):
            bad += 1
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
    conn.close()
    out.append((n, bad))


def drive(port: int, pick, seconds: float, clients: int, seed: int) -> tuple[float, int]:
    out: list = []
    threads = [threading.Thread(target=client, args=(port, pick, seconds, seed * 100 + k, out)) for k in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 120)
    elapsed = time.monotonic() - start
    return sum(n for n, _ in out) / elapsed, sum(b for _, b in out)


def fill_until(port: int, workers: int, clients: int, paths: list[list[str]], level, seconds: float) -> list[int]:
    """Ask for `paths` (client k asks for ``paths[k]``, each on one keep-alive connection, so a
    repeated path reaches the same worker) until `level` of every worker's /healthz, a
    ``(have, most)`` pair, is 90% full or `seconds` pass; returns the fill of the workers seen."""
    import json

    stop = threading.Event()
    deadline = time.monotonic() + seconds
    fill: dict[int, int] = {}

    def filler(k: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        for path in paths[k]:
            if stop.is_set() or time.monotonic() > deadline:
                break
            try:
                conn.request("GET", path)
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=60)
        conn.close()

    threads = [threading.Thread(target=filler, args=(k,), daemon=True) for k in range(clients)]
    for t in threads:
        t.start()
    while time.monotonic() < deadline and any(t.is_alive() for t in threads):
        try:
            health = json.loads(fetch(port, "/healthz", timeout=60)[2])
        except (OSError, http.client.HTTPException):  # a worker busy past the timeout, on a loaded machine
            continue
        have, most = level(health)
        fill[health["pid"]] = have
        if len(fill) >= workers and min(fill.values()) >= 0.9 * most:
            break
        time.sleep(0.5)
    stop.set()
    for t in threads:
        t.join(60)
    return sorted(fill.values())


def fill_caches(port: int, workers: int, max_bytes: int, clients: int, seconds: float = 240) -> list[int]:
    """Ask for the site's images twice each (so they are promoted) until every worker's
    image cache is 90% full or `seconds` pass; returns the fill of the workers seen."""
    paths = [[f"/{SITE[n // 3]}?scale={n % 3 + 1}" for n in range(k, len(SITE) * 3, clients) for _ in range(2)]
             for k in range(clients)]
    return fill_until(port, workers, clients, paths, lambda h: (h["cache"]["bytes"], max_bytes), seconds)


def fill_face_tables(port: int, workers: int, clients: int, seconds: float = 240) -> list[int]:
    """Ask for every face at many sizes (each size draws its faces anew) until every worker's
    face colour tables are 90% full or `seconds` pass; returns the fill of the workers seen."""
    suits = ["123456789m", "123456789p", "123456789s", "1234567z"]
    paths = [f"/{hand}?height={height}&scale={scale}&theme={theme}" for height in range(16, 129, 2)
             for scale in (1, 2, 3) for theme in ("light", "dark") for hand in suits]
    random.Random(9).shuffle(paths)
    return fill_until(port, workers, clients, [paths[k::clients] for k in range(clients)],
                      lambda h: (h["memory"]["face_colours"], h["memory"]["face_colours_max"]), seconds)


def fill_analysis(port: int, workers: int, clients: int, seconds: float = 240) -> list[int]:
    """Ask for the JSON view (its analysis) of hands of new shapes until every worker's analysis
    memos are 90% of their budget or `seconds` pass; returns the fill of the workers seen."""
    from tests.sample_hands import shape_hands

    hands = shape_hands(11)
    paths = [[f"/tiles/{notation}.json" + (f"?wild={wild}" if wild else "")
              for notation, wild in (next(hands) for _ in range(40_000))] for _ in range(clients)]
    return fill_until(port, workers, clients, paths,
                      lambda h: (h["memory"]["analysis"], h["memory"]["analysis_max"]), seconds)


def worst_request_cpu(trials: int = 5) -> dict[str, float]:
    """CPU seconds of the costliest accepted requests, in-process (one thread, no sockets)."""
    import tile_art
    from service.drawing import indexed
    from service.http import create_app

    client = create_app().test_client()
    rng = random.Random(7)
    cases = {
        "largest accepted, faces cached": lambda: largest(rng),
        "docs size (14 tiles x3), faces cached": lambda: f"/{random_hand(rng)}?scale=3&bg={rng.randrange(1 << 24):06x}",
    }
    result = {}
    for name, make in cases.items():
        client.get(make())  # warm the faces
        times = []
        for _ in range(trials):
            path = make()
            client.get(path.split("&bg=")[0])  # draws the faces of this very hand
            indexed.clear_cache(tables=False)  # but its palette is still to fit
            t = time.process_time()
            assert client.get(path).status_code == 200, path
            times.append(time.process_time() - t)
        result[name] = max(times)
    times = []
    for k in range(trials):  # nothing cached: every face of a new size drawn first
        tile_art.clear_cache()
        indexed.clear_cache()
        t = time.process_time()
        assert client.get(f"/{random_hand(rng)}?height={40 + k}&scale=3").status_code == 200
        times.append(time.process_time() - t)
    result["docs size, every face new"] = max(times)
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--clients", type=int, default=8, help="keep-alive connections")
    ap.add_argument("--max-requests", type=int, default=0, help="worker recycling (0: off, to show the bound without it)")
    ap.add_argument("--cache-bytes", default="64MiB", help="image cache per worker (smaller fills sooner)")
    ap.add_argument("--face-cache-bytes", default="32MiB")
    ap.add_argument("--palette-cache-bytes", default="8MiB")
    ap.add_argument("--fill-faces", action="store_true",
                    help="before the soak, also fill the face colour tables (every face at many sizes)")
    ap.add_argument("--fill-analysis", action="store_true",
                    help="before the soak, also fill the analysis memos (JSON views of hands of new shapes)")
    ap.add_argument("--code", type=Path, default=None,
                    help="serve the service and tile_art in this folder instead (another branch's, to compare)")
    args, _ = ap.parse_known_args(argv)

    from service.analysis.memo import BUDGET_BYTES as analysis_bytes
    from service.http.cache import parse_bytes
    from service.http.memory import rss_bytes
    from service.http.service import ERROR_CACHE_SHARE

    image_bytes, face_bytes = parse_bytes(args.cache_bytes), parse_bytes(args.face_cache_bytes)
    caches = image_bytes + face_bytes + parse_bytes(args.palette_cache_bytes) + image_bytes // ERROR_CACHE_SHARE
    caches += analysis_bytes  # the analysis memos' budget, fixed
    bound = caches + 100 * MiB

    print("worst accepted request, CPU time in-process (max of 5):")
    for name, seconds in worst_request_cpu().items():
        print(f"  {name:40s} {seconds * 1000:6.1f} ms")

    with LiveServer("--workers", str(args.workers), "--max-requests", str(args.max_requests),
                    "--cache-bytes", args.cache_bytes, "--face-cache-bytes", args.face_cache_bytes,
                    "--palette-cache-bytes", args.palette_cache_bytes, code=args.code) as live:
        live.wait_ready(60, workers=args.workers)
        port = live.port
        for path in [f"/{h}?scale={s}" for h in DOCS for s in (1, 2, 3)]:
            fetch(port, path)
            fetch(port, path)  # asked twice: promoted out of probation
        cached, _ = drive(port, lambda rng: f"/{rng.choice(DOCS)}?scale={rng.randint(1, 3)}", 10, args.clients, 1)
        uncached, _ = drive(port, lambda rng: f"/{random_hand(rng)}?scale=2", 10, args.clients, 2)
        print(f"throughput, {args.workers} workers, {args.clients} keep-alive clients on the same 2 CPUs:")
        print(f"  cached docs images      {cached:8.0f} req/s")
        print(f"  uncached 14-tile @2x    {uncached:8.0f} req/s")
        big, _ = drive(port, largest, 10, args.clients, 3)
        print(f"  largest accepted        {big:8.0f} req/s")

        filled = fill_caches(port, args.workers, image_bytes, args.clients)
        print("image caches filled to " + ", ".join(f"{b / MiB:.1f}" for b in filled)
              + f" MiB of {image_bytes / MiB:.0f} MiB before the soak")
        if args.fill_faces:
            faces = fill_face_tables(port, args.workers, args.clients)
            print("face colour tables filled to " + ", ".join(f"{b / MiB:.1f}" for b in faces)
                  + f" MiB of {face_bytes * 3 / 4 / MiB:.0f} MiB before the soak")
        if args.fill_analysis:
            memos = fill_analysis(port, args.workers, args.clients)
            print("analysis memos filled to " + ", ".join(f"{b / MiB:.1f}" for b in memos)
                  + f" MiB of {analysis_bytes / MiB:.0f} MiB before the soak")

        peak: dict[int, int] = {}
        peak_pss: dict[int, int] = {}
        stop = threading.Event()

        def sample() -> None:
            while not stop.wait(2.0):
                for pid in live.workers():
                    peak[pid] = max(peak.get(pid, 0), rss_bytes(pid))
                    peak_pss[pid] = max(peak_pss.get(pid, 0), pss_bytes(pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        seconds = args.minutes * 60
        print(f"soak: {args.minutes:g} min of mixed load (50% docs images, 17% new hands, 6% new SVGs, 7% largest, 4% JSON, "
              "4% WebP, 8% strips and scenes, 4% errors)...",
              flush=True)
        rate, bad = drive(port, mixed_path, seconds, args.clients, 4)
        stop.set()
        sampler.join(5)
        final = {pid: rss_bytes(pid) for pid in live.workers()}
        health = [fetch(port, "/healthz")[2] for _ in range(4)]
    print(f"  {rate:.0f} req/s, {bad} failed")
    print(f"RSS per worker (bound: caches {caches / MiB:.0f} MiB + 100 MB = {bound / MiB:.0f} MiB):")
    for pid in sorted(peak):
        mark = "ok" if peak[pid] <= bound else "OVER"
        now = f", now {final[pid] / MiB:.0f} MiB" if pid in final else " (recycled)"
        print(f"  worker {pid}: peak {peak[pid] / MiB:6.0f} MiB{now}  {mark} (PSS peak {peak_pss[pid] / MiB:.0f} MiB)")
    print(f"  worst peak {max(peak.values()) / MiB:.0f} MiB; median {statistics.median(peak.values()) / MiB:.0f} MiB")
    print("  last /healthz:", health[-1].decode()[:300])


if __name__ == "__main__":
    main()
