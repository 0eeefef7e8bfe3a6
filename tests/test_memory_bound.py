"""The caches' bounds are what they hold in memory, not their data's bytes alone
(docs/service.md, "Memory"). Measured with tracemalloc."""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from service.http.cache import ImageCache

MiB = 1024 * 1024


@pytest.mark.parametrize("size, key_length", [(2_000, 60), (8_000, 100), (30_000, 600)])
def test_a_full_image_cache_holds_its_bound_in_memory(size, key_length):
    """Issue 35 #19: the cache counted its images' bytes only; each entry's key, LRU entries and
    headers (~0.5 KB) came on top: ~5 MB over a 64 MiB cache of docs images (~8 KB each).
    Measured with tracemalloc: every entry (probation, protected, large) and every ghost."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        cache = ImageCache(max_bytes=4 * MiB)
        for n in range(3 * cache.max_bytes // size):  # three times what fits: full, and churned
            key = f"{n}|".ljust(key_length, "k")
            cache.get_or_render(key, lambda: bytes([n % 251]) * size, large=n % 8 == 0)
            if n % 3:
                cache.get(key)  # asked for twice: promoted
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held <= cache.max_bytes and cache.bytes <= cache.max_bytes, (held, cache.bytes)
    assert held >= 0.85 * cache.max_bytes, held  # and full: the charge is not far above the cost


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def test_full_face_colour_tables_hold_their_bound_in_memory():
    """Issue 35 #19: a face's colour table was counted by its arrays' data; the objects round
    them (~0.9 KB: array headers, the table, its key, the LRU's entries) came on top, as much
    again for a small face at 1x."""
    from service.drawing import indexed

    bounds = indexed.cache_bytes()
    indexed.set_cache_bytes(faces=MiB)
    codes = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
    tracemalloc.start()
    try:
        indexed.clear_cache()
        drawn = 0
        for height in range(20, 64, 4):  # small faces at 1x, where the objects weigh most
            for theme in ("light", "dark"):
                for code in codes:
                    indexed.face_colours((code, height, 1, theme, False, False, False))
                    drawn += 1
        held_by_tables = indexed.cache_bytes()["face_colours"]
        with_tables = traced()
        indexed.clear_cache()
        held = with_tables - traced()
    finally:
        tracemalloc.stop()
        indexed.clear_cache()
        indexed.set_cache_bytes(bounds["face_colours_max"], bounds["palettes_max"])
    assert len(codes) * 22 == drawn and held_by_tables <= MiB
    assert held <= held_by_tables, (held, held_by_tables)
    assert held >= 0.8 * MiB, held  # full, and the charge not far above the cost


def test_the_analysis_memos_hold_their_budget_in_memory(monkeypatch):
    """The analysis memos were each cleared at 200,000 entries: a client asking for the JSON views
    of hands of new shapes grew them by ~67 MiB in 40 s, and further (their worst case was
    hundreds of MiB, past the worker's memory bound). Now they share one budget, charged per
    entry as measured here: a stream of new shapes never holds more."""
    from service.analysis import analyse, clear_caches, memo
    from service.notation.grammar import parse
    from tests.sample_hands import shape_hands

    budget = 2 * MiB
    monkeypatch.setattr(memo, "BUDGET_BYTES", budget)
    analyse(parse("123456789m1234p"))  # reads the suit tables made ahead of time: data, never a memo
    clear_caches()
    tracemalloc.start()
    try:
        base = traced()
        highest = before_clear = 0
        clears = 0
        last_held = 0
        hands = shape_hands(5)
        while clears < 6:
            notation, wild = next(hands)
            analyse(parse(notation), wild)
            now = tracemalloc.get_traced_memory()[0] - base
            held = memo.held()
            if held < last_held:  # make_room cleared a memo on the way
                clears += 1
                before_clear = max(before_clear, highest)
            highest = max(highest, now)
            last_held = held
    finally:
        tracemalloc.stop()
        clear_caches()
    # the shanten tables themselves (a few thousand, never cleared) and one analysis' temporaries on top
    assert highest <= budget + MiB // 2, highest
    assert before_clear >= 0.6 * budget, before_clear  # and the charge not far above the cost


def test_healthz_reports_the_analysis_memos(client):
    from service.analysis import memo

    client.get("/tiles/1112345678999m.json")
    memory = client.get("/healthz").get_json()["memory"]
    assert 0 < memory["analysis"] <= memory["analysis_max"] == memo.BUDGET_BYTES
