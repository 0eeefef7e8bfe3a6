"""Timing helpers shared by the benchmarks.

>>> median_ms(lambda: None, repeat=5) >= 0
True
"""

import statistics
import time


def median_ms(fn, repeat: int = 200) -> float:
    """Median wall time of ``fn()`` in ms, after one warm-up call."""
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000
