"""One Markdown page of 20 random 14-tile hands: our `tiles` extension next to pymdownx-mahjong.

Run by hand: ``.venv/bin/python -m bench pages`` (``make bench`` installs
pymdownx-mahjong, the `bench` extra; it is never a dependency of tiles). Both
convert the same hands, written as fences, through Python-Markdown with a fresh
`Markdown` per page (as MkDocs and Zensical convert a page). Bytes are the
page's HTML raw and gzipped (level 9, as the service packs SVG); times are
medians in ms, "warm" once each side has drawn its faces, the sides run in turns so
that the same load falls on both. Ours is timed twice: the page converted again (its
tags come from the cache of drawn tags, as when MkDocs converts a page for its toc
and search, or rebuilds it while serving) and with hands never seen before. The "20 SVGs" row is
the same hands as self-contained `/tiles/<n>.svg` documents, what inlining did
before the page sprite. Ours is then split into what each part costs: the
sprite (each face once) and the hands (`<use>`s, alt text, figure markup).
"""

from __future__ import annotations

import gzip
import random
import re
import statistics
import time

import markdown

from bench.timing import median_ms
from service.notation.grammar import parse
from service.docs.markdown_ext import _DRAWN
from service.notation.options import RenderOptions
from service.drawing.svg import render_svg

SEED, HANDS, TILES = 28, 20, 14
SUITS = "mpsz"


def random_hands(seed: int = SEED) -> list[str]:
    """`HANDS` hands of `TILES` tiles drawn from a 136-tile wall, sorted, in compact notation."""
    rng = random.Random(seed)
    wall = [(s, n) for s in range(4) for n in range(1, 10 if s < 3 else 8) for _ in range(4)]
    out = []
    for _ in range(HANDS):
        hand = sorted(rng.sample(wall, TILES))
        out.append("".join("".join(str(n) for t, n in hand if t == s) + SUITS[s]
                           for s in range(4) if any(t == s for t, _ in hand)))
    return out


def ours_page(hands: list[str], theme: str) -> tuple[str, callable]:
    text = "\n\n".join(f"```tiles\n{h}\n```" for h in hands)

    def convert():
        return markdown.Markdown(extensions=["tiles"], extension_configs={"tiles": {"theme": theme}}).convert(text)

    return text, convert


def theirs_page(hands: list[str], theme: str):
    from pymdownx_mahjong import superfences_formatter, superfences_validator

    text = "\n\n".join(f"```mahjong\n{h}\n```" for h in hands)
    fences = [{"name": "mahjong", "class": "mahjong", "format": superfences_formatter,
               "validator": superfences_validator}]

    def convert():
        return markdown.Markdown(extensions=["pymdownx_mahjong", "pymdownx.superfences"], extension_configs={
            "pymdownx_mahjong": {"theme": theme}, "pymdownx.superfences": {"custom_fences": fences}}).convert(text)

    return text, convert


def paired_ms(fns: dict, repeat: int = 40) -> dict:
    """Median ms of each function, run in turns (the same load falls on each side), after a warm-up."""
    times = {k: [] for k in fns}
    for f in fns.values():
        f()
    for _ in range(repeat):
        for k, f in fns.items():
            t0 = time.perf_counter()
            f()
            times[k].append((time.perf_counter() - t0) * 1000)
    return {k: statistics.median(v) for k, v in times.items()}


def unseen(convert):
    """`convert` with our cache of drawn tags emptied first: hands never seen before (the faces,
    written once per height and theme by `service.drawing.svg_page`, stay warm, as in a building process)."""
    def run():
        _DRAWN.clear()
        return convert()
    return run


def gz(data: str) -> int:
    return len(gzip.compress(data.encode(), 9, mtime=0))


def row(name: str, html: str, ms: float | None, base: tuple[int, float] | None = None) -> None:
    raw, packed = len(html.encode()), gz(html)
    ratio = f"{packed / base[0]:6.2f}x gz" + (f" {ms / base[1]:5.2f}x time" if ms is not None and base[1] else "") \
        if base else ""
    time = f"{ms:9.2f}" if ms is not None else f"{'':>9}"
    print(f"{name:34}{raw / 1024:9.1f}{packed / 1024:9.1f}{time}  {ratio}")


def main() -> None:
    hands = random_hands()
    print(f"{HANDS} random {TILES}-tile hands (seed {SEED}) on one page; KB = 1024 bytes; ms = median")
    print(f"{'':34}{'raw KB':>9}{'gzip KB':>9}{'warm ms':>9}")
    try:
        import pymdownx_mahjong  # noqa: F401
    except ImportError:
        theirs = None
        print("pymdownx-mahjong is not installed: pip install -e '.[bench]' (make bench does)")
    else:
        theirs = True
    for theme in ("light", "auto"):
        _, ours = ours_page(hands, theme)
        fns = {"ours": ours, "unseen": unseen(ours)}
        if theirs is not None:
            fns["theirs"] = theirs_page(hands, theme)[1]
        ms = paired_ms(fns)
        base = None
        if theirs is not None:
            html = fns["theirs"]()
            base = (gz(html), ms["theirs"])
            row(f"pymdownx-mahjong, theme={theme}", html, ms["theirs"])
        html = ours()
        row(f"tiles, theme={theme}", html, ms["ours"], base)
        row("  the same, hands not seen before", html, ms["unseen"], base)
        sprite = re.search(r'<div class="tiles-sprite".*?</svg></div>', html, re.S).group()
        row("  of which the sprite", sprite, None, base)
        row("  of which the hands", html.replace(sprite, ""), None, base)
        options = RenderOptions(format="svg", theme=theme)
        svgs = "\n".join(render_svg(parse(h), options).decode() for h in hands)
        row(f"20 standalone SVGs, theme={theme}", svgs,
            median_ms(lambda: [render_svg(parse(h), options) for h in hands], repeat=10), base)
    print("ratios: to pymdownx-mahjong at the same theme (target: gzip <= 0.75x, time <= 1.00x)")


if __name__ == "__main__":
    main()
