"""Fuzz: seeded, mutated URLs and POST /batch bodies against a real `tiles serve`; any 5xx fails.

Starts the real server (gunicorn) on loopback and sends a bounded number of
requests built from the notation's own pieces, mutated: every route, every
query option with good, bad, empty, huge and repeated values, and batch bodies
with wrong types, missing fields, nesting, huge strings and bad UTF-8. It prints
a table of statuses; each 5xx or connection error is printed with its request
(method, path, body) so it can be reproduced, and makes the bench exit 1.

    python -m bench fuzz                              # 10,000 URLs and 500 bodies, seed 1
    python bench/bench_fuzz.py --urls 2000 --bodies 100 --seed 7
    python bench/bench_fuzz.py --seed 7 --show 1234        # one request of that run, in full

Run by hand (not in `make test`); it talks to 127.0.0.1 only, bounded in count and time.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import random
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from live_server import HOST, LiveServer  # noqa: E402

# -- the notation's pieces -------------------------------------------------------

SUITS = "mpsz"
MARKS = "-x+*='"
GOOD = ["11222333s22m+-456m+4s", "123m456p789s11z+-5-55s", "2z+x11xs+x11xp+x11xm+x11xz+2z", "0p", "r5p+0s+0m",
        "5-5=55p", "1234567z", "19m19p19s1234567z+1m", "345m345p345s22z+6-78s", "1m9p*2z", "1m-2m3m", "j1m?",
        "12345678999m+-5m", "x1mx", "1m2m3m4m*1m*2m*3m*4m1m2m"]
ODD = ["\uff11\uff12\uff13m", "%00", "%ff", "%2e%2e", "%2F", "..", "\u00e9", "\u6771", "\U0001f004", " ", "\t",
       "%", "%%", "%zz", "?", "#", ";", "&", "\\", "\x7f", "'", '"', "<", ">", "{", "}", "|", "^", "`", "[", "]"]
OPTIONS = {
    "height": ["16", "38", "64", "256", "15", "257", "0", "-1", "9999", "99999", "abc", "\uff13\uff18", "1e3", "38.5"],
    "scale": ["1", "2", "3", "4", "0", "-2", "x", "\uff12"],
    "theme": ["light", "dark", "sepia", "auto", "nope", "LIGHT"],
    "bg": ["fff", "ffffff", "000000ff", "transparent", "#fff", "ggg", "ffff", "fffffffff", "%23fff"],
    "gap": ["0", "4", "32", "999", "-1", "x"],
    "layout": ["river", "hand", "row", "x"],
    "row": ["6", "1", "30", "0", "100", "x"],
    "exact": ["1", "0", "true", "no", "maybe"],
    "index": ["1", "0", "yes", "2"],
    "dora": ["1m", "4z1m", "0p", "x", "1m2m3m4m5m6m", "10m", "1a", "1"],
    "ura": ["1m", "5z", "x", "1m1m1m1m1m", "?"],
    "lang": ["en", "ja", "zh", "fr", "EN"],
    "wild": ["5z", "0s", "j", "1", "10m", "5Z"],
    "score": ["1", "0", "on", "yes", "x"],
    "efficiency": ["1", "0", "yes", "x"],
    "seat": ["E", "S", "W", "N", "e", "X"],
    "round": ["E", "S", "W", "N", "E1", "x"],
    "rules": ["riichi", "mcr", "chinese", "x"],
    "riichi": ["1", "0", "x"],
    "double-riichi": ["1", "x"],
    "ippatsu": ["1", "x"],
    "honba": ["0", "3", "99", "100", "-1", "x"],
    "sticks": ["0", "2", "1000", "x"],
    "n": ["1m", "x", ""],
    "s": ["problem: {hand: 1m}", "x"],
}
FORMATS = ["png", "webp", "svg", "pdf", "json"]
SCENES = ["problem: {{round: E1, seat: S, turn: 7, dora: 3m, hand: {hand}}}",
          "table: {{round: S2, honba: 3, seats: {{E: {{hand: 13, river: 19m-4z, score: 25000}}, S: {{hand: '{hand}'}}}}}}",
          "table: {{seats: {{E: {{hand: {hand}}}, e: {{hand: 13}}}}}}",
          "problem: {{hand: {hand}, answer: {hand}}}", "wall: {{dead: {hand}}}", "{hand}", "[{hand}]",
          "problem: [1, 2]", "table: 7", "problem: {{hand: !!binary aGVsbG8=}}", "&a [*a]", "a: &a [*a, *a]",
          "problem: {{hand: {hand}, turn: 99999999999999999999}}", "table: {{round: E9, seats: {{}}}}"]


SCENE_VALUES = {
    "round": ["E1", "S2", "W4", "N1", "E", "E0", "E5", "x", "\u67711"], "seat": ["E", "S", "W", "N", "e", "X", "1"],
    "honba": ["0", "3", "99", "-1", "1e9", "x"], "turn": ["1", "7", "18", "0", "99999999999999999999", "x"],
    "riichi_sticks": ["0", "1", "-1", "x"], "sticks": ["0", "2", "x"], "view": ["E", "S", "x"], "front": ["E", "x"],
    "scores": ["[25000, 25000, 25000, 25000]", "[1]", "x", "{a: 1}"], "score": ["25000", "-1200", "1e9", "x", "[1]"],
}


SCENE_GOOD = {"hand": ["123m456p789s1122z+1z", "2345m067p34588s5z+4p", "13"], "answer": ["1z", "4p"],
              "dora": ["3m", "5z"], "melds": ["-123m", "555z-"], "river": ["19m-4z", "1m*2m3m"], "discard": ["19m4z"]}


def scene_text(rng: random.Random) -> str:
    """A problem or table scene in YAML flow style, each field good or mutated (or missing, or unknown)."""
    def value(name: str) -> str:
        if rng.random() < 0.85:  # good: the first two of each field's values
            text = rng.choice(SCENE_GOOD.get(name) or SCENE_VALUES[name][:2])
        elif name in SCENE_GOOD:
            text = notation(rng)
        else:
            text = rng.choice(SCENE_VALUES[name])
        return f"'{text}'" if rng.random() < 0.2 else text

    if rng.random() < 0.5:
        names = ["round", "seat", "dora", "hand", "honba", "turn", "answer", "scores"]
        chosen = [n for n in names if n in ("round", "seat", "dora", "hand") and rng.random() < 0.9 or rng.random() < 0.3]
        return "problem: {" + ", ".join(f"{n}: {value(n)}" for n in chosen) + "}"
    seats = []
    for wind in rng.sample("ESWNeswn", rng.randint(1, 4)):
        fields = [f for f in ("hand", "melds", "river", "discard", "score") if rng.random() < 0.5] or ["hand"]
        seats.append(f"{wind}: {{" + ", ".join(f"{f}: {value(f)}" for f in fields) + "}")
    names = ["round", "honba", "riichi_sticks", "dora", "doras", "view", "front", "sticks"]
    chosen = ["round"] * (rng.random() < 0.9) + [n for n in names[1:] if rng.random() < 0.25]
    top = [f"{n}: {value(n) if n != 'doras' else '[' + value('dora') + ', ' + value('dora') + ']'}" for n in chosen]
    return "table: {" + ", ".join(top + ["seats: {" + ", ".join(seats) + "}"]) + "}"


def notation(rng: random.Random) -> str:
    """A real notation, mutated: characters inserted, dropped, swapped, repeated, or made very long."""
    text = rng.choice(GOOD)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 6])):
        i = rng.randrange(len(text) + 1)
        r = rng.random()
        if r < 0.25:
            text = text[:i] + rng.choice(SUITS + MARKS + "0123456789jx?") + text[i:]
        elif r < 0.4:
            text = text[:i] + rng.choice(ODD) + text[i:]
        elif r < 0.55:
            text = text[:i] + text[i + 1:]
        elif r < 0.65:
            text = text[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x800),
                                              rng.randrange(0xff10, 0xff1a), rng.randrange(0x3000, 0x9fff)])) + text[i:]
        elif r < 0.75:
            text = text[:i] + "".join(rng.choice("123456789") for _ in range(rng.randint(1, 40))) + rng.choice(SUITS) + text[i:]
        elif r < 0.85:
            text = text[:i] + rng.choice(MARKS) * rng.randint(2, 30) + text[i:]
        else:
            text += rng.choice(GOOD)
    if rng.random() < 0.03:
        text = text * rng.randint(5, 300)  # very long (some past the line limit)
    return text


def escape(text: str, rng: random.Random) -> str:
    """Percent-escape the path as a client would, or leave some raw percent-escapes in."""
    out = quote(text, safe="" if rng.random() < 0.5 else "+*=-'%")
    return out


def query(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 5])):
        name = rng.choice(list(OPTIONS)) if rng.random() < 0.95 else notation(rng)[:10]
        r = rng.random()
        if r < 0.6:
            value = rng.choice(OPTIONS[name] if name in OPTIONS else ["1"])
        elif r < 0.7:
            value = ""
        elif r < 0.78:
            value = rng.choice(OPTIONS.get(name, ["1"])) * rng.randint(20, 1000)  # huge (some past the line limit)
        elif r < 0.88:
            value = notation(rng)
        else:
            value = rng.choice(ODD)
        parts.append(f"{quote(name)}={quote(value, safe='' if rng.random() < 0.7 else '%')}")
        if rng.random() < 0.1:
            parts.append(parts[-1])  # repeated
    if rng.random() < 0.03:
        parts.append(rng.choice(["=", "&&", "a", "%", "height", "=1"]))
    return ("?" + "&".join(parts)) if parts or rng.random() < 0.05 else ""


def url(rng: random.Random) -> str:
    """One fuzzed GET path, on any route."""
    r = rng.random()
    fmt = rng.choice(FORMATS) if rng.random() < 0.9 else rng.choice(["gif", "PNG", "", "png.png", "jpg"])
    text = notation(rng)
    if r < 0.3:
        path = f"/tiles/{escape(text, rng)}.{fmt}"
    elif r < 0.45:
        path = f"/{escape(text, rng)}" + (f".{fmt}" if rng.random() < 0.6 else "")
    elif r < 0.6:
        path = f"/tiles.{fmt}"
        q = query(rng)
        n = f"n={quote(text)}" if rng.random() < 0.9 else "n="
        return path + ("?" + n + ("&" + q[1:] if q else ""))
    elif r < 0.8:
        scene = scene_text(rng) if rng.random() < 0.7 else rng.choice(SCENES).format(hand=text)
        if rng.random() < 0.2:
            i = rng.randrange(len(scene) + 1)
            scene = scene[:i] + rng.choice("{}[]:,'\"&*!|>-\n\t #%") + scene[i:]
        q = query(rng)
        return f"/scene.{fmt}?s={quote(scene, safe='')}" + ("&" + q[1:] if q else "")
    elif r < 0.9:
        path = rng.choice(["/tiles/", "/tiles", "/tiles/.png", "/scene.png", "/tiles/" + escape(text, rng),
                           "/healthz", "/batch", "/", "/favicon.ico", "//" + escape(text, rng), "/tiles//1m.png",
                           "/tiles/1m.png/x", "/%", "/%zz.png", "/tiles/%C0%AF.png", "/tiles/%ff.svg"])
    else:
        path = f"/tiles/{rng.choice(GOOD)}.{fmt}"  # the options carry the fuzz
    return path + query(rng)


# -- batch bodies ------------------------------------------------------------------

VALID = [
    {"id": 1, "path": "a.mdx", "line": 1, "column": 1, "source": '<Tiles notation="123m" caption="c" />', "themes": ["light"]},
    {"id": 2, "source": '<Tiles river row={4} notation="1m-2m3m" />', "themes": ["light", "dark"], "publicPath": "/d/"},
    {"source": '<Tiles notation="123a" />', "line": 4, "column": 3, "errorImages": True, "themes": ["light"]},
    {"info": 'tiles river theme="dark"', "infoLine": 3, "infoColumn": 1, "fenceLine": "1m9p*2z | Riichi", "line": 4,
     "column": 1, "themes": ["light"]},
    {"scene": "problem: {round: E1, seat: S, turn: 7, dora: 3m, hand: 123m456p789s1122z}", "meta": "lang=ja",
     "metaLine": 1, "metaColumn": 1, "themes": ["light"], "lang": "en"},
    {"source": '<Tiles notation="1m" />', "tag": "Tiles", "prefix": "> ", "columns": [1, 3], "format": "svg",
     "index": False, "themes": ["light"]},
]
WRONG = [None, True, False, 0, -1, 1.5, 10 ** 30, "", "x", [], {}, [1, "a"], {"a": 1}, "\u6771" * 3, "\x00", "1e999",
         1e308]


def mutate(body: dict, rng: random.Random) -> dict:
    body = dict(body)
    texts = [k for k in ("source", "scene", "info", "fenceLine", "meta") if k in body]
    if texts and rng.random() < 0.5:  # the text itself: notation pieces, odd characters, very long
        key = rng.choice(texts)
        text = body[key]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(text) + 1)
            piece = rng.choice([notation(rng), rng.choice(ODD), rng.choice(MARKS), "\n", "{", "}", "<", "/>", '"',
                                " " * rng.randint(1, 5000), rng.choice(["x", "=", "1m", "\u6771"]) * rng.randint(1, 3000)])
            text = text[:i] + piece + text[i:]
        body[key] = text
        return body
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(list(body) + ["id", "path", "line", "column", "source", "scene", "themes", "format", "tag",
                                       "prefix", "meta", "metaLine", "metaColumn", "columns", "fenceLine", "info",
                                       "infoLine", "infoColumn", "lang", "index", "publicPath", "errorImages"])
        r = rng.random()
        if r < 0.35:
            body[key] = rng.choice(WRONG)
        elif r < 0.5:
            body.pop(key, None)
        elif r < 0.6:
            body[key] = [[[rng.choice(WRONG)]]] if rng.random() < 0.5 else {"a": {"b": body.get(key)}}
        elif r < 0.75:
            base = body.get(key) if isinstance(body.get(key), str) else "tiles "
            body[key] = base + rng.choice([" ", "x", "1m", "\u6771", "=", '"']) * rng.randint(100, 20000) + "x"
        elif r < 0.9 and isinstance(body.get(key), str):
            text = body[key]
            i = rng.randrange(len(text) + 1)
            body[key] = text[:i] + rng.choice(ODD + list(MARKS) + ["\n", "\r\n", "{", "}", "<", "/>", "\\"]) + text[i:]
        else:
            body[key] = notation(rng)
    return body


def batch_body(rng: random.Random) -> bytes:
    """One fuzzed POST /batch body (bytes: some are no JSON or no UTF-8)."""
    data = json.dumps(mutate(rng.choice(VALID), rng), ensure_ascii=rng.random() < 0.5).encode()
    r = rng.random()
    if r < 0.08:
        i = rng.randrange(len(data) + 1)
        data = data[:i] + rng.choice([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\x80", b"\xe6\x9d"]) + data[i:]
    elif r < 0.12:
        data = data[: rng.randrange(len(data))]  # cut short
    elif r < 0.15:
        depth = rng.choice([10, 17, 100, 5000])
        data = b"[" * depth + b"]" * depth
    elif r < 0.17:
        data = rng.choice([b"", b"null", b"1", b'"x"', b"[]", b"{}", b"{" * 40000])
    return data


# -- driving ------------------------------------------------------------------------


def send(port: int, requests: list, out: dict, bad: list, slow: list, timeout: float, deadline: float) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    for number, method, path, body in requests:
        if time.monotonic() > deadline:
            out["not sent (time)"] += 1
            continue
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            began = time.monotonic()
            conn.request(method, path, body=body, headers=headers)
            r = conn.getresponse()
            r.read()
            slow.append((time.monotonic() - began, number, r.status))
            out[r.status] += 1
            if r.status >= 500:
                bad.append((r.status, number, method, path, body))
            if r.will_close:
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
        except (OSError, http.client.HTTPException) as err:
            out["connection error"] += 1
            bad.append((type(err).__name__, number, method, path, body))
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    conn.close()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--urls", type=int, default=10_000)
    ap.add_argument("--bodies", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clients", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=20, help="stop sending after this long")
    ap.add_argument("--show", type=int, metavar="NUMBER", help="print request NUMBER of this seed in full, send nothing")
    ap.add_argument("--code", type=Path, help="a folder holding a copy of service and tile_art to serve instead")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    urls = [("GET", url(rng), None) for _ in range(args.urls)]
    bodies = [("POST", "/batch", batch_body(rng)) for _ in range(args.bodies)]
    jobs = [(number, *job) for number, job in enumerate(urls + bodies)]
    random.Random(args.seed + 1).shuffle(jobs)
    if args.show is not None:
        _, method, path, body = next(job for job in jobs if job[0] == args.show)
        print(method, path)
        print(repr(body))
        return
    per_client = [collections.Counter() for _ in range(args.clients)]
    bad: list = []
    slow: list = []
    with LiveServer("--workers", str(args.workers), code=args.code) as server:
        start = time.monotonic()
        deadline = start + args.minutes * 60
        threads = [threading.Thread(target=send, args=(server.port, jobs[k::args.clients], per_client[k], bad, slow, 60,
                                                       deadline)) for k in range(args.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(args.minutes * 60 + 120)
        elapsed = time.monotonic() - start
    total = collections.Counter()
    for c in per_client:
        total.update(c)
    print(f"fuzz: seed {args.seed}, {len(urls)} URLs + {len(bodies)} batch bodies in {elapsed:.0f} s "
          f"({len(jobs) / elapsed:.0f} req/s), {args.workers} workers, {args.clients} clients")
    print(f"{'status':>18} {'count':>7}")
    for status, n in sorted(total.items(), key=lambda kv: str(kv[0])):
        print(f"{status!s:>18} {n:>7}")
    times = sorted(t for t, _, _ in slow)
    if times:
        print(f"request time: median {times[len(times) // 2] * 1000:.1f} ms, p99 {times[int(len(times) * 0.99)] * 1000:.0f} ms; "
              "slowest: " + ", ".join(f"#{n} {t * 1000:.0f} ms ({st})" for t, n, st in sorted(slow, reverse=True)[:3]))
    for status, number, method, path, body in sorted(bad, key=lambda b: b[1])[:50]:
        shown = "" if body is None else f" body={body[:200]!r}" + (f"...{body[-60:]!r} ({len(body)} bytes)" if len(body) > 260 else "")
        print(f"FAIL {status} #{number} {method} {path[:500]}{' ...' if len(path) > 500 else ''}{shown}")
    if bad:
        print(f"{len(bad)} requests failed (5xx or connection error); "
              f"`--seed {args.seed} --show NUMBER` prints one in full")
        sys.exit(1)
    print("no 5xx, no connection errors")


if __name__ == "__main__":
    main()
