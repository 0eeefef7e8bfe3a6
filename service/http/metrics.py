"""Prometheus metrics for the HTTP service, one registry per app.

Under gunicorn with several workers, set ``PROMETHEUS_MULTIPROC_DIR`` (``tiles
serve`` does it for you) and every worker's numbers are summed on /metrics.

>>> m = Metrics()
>>> m.requests.labels(route="image", status="200").inc()
>>> b"tiles_http_requests_total" in m.exposition()[0]
True
"""

from __future__ import annotations

import os

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import CONTENT_TYPE_LATEST, disable_created_metrics

disable_created_metrics()  # no *_created series: they double the output and nobody graphs them

# Render times run from well under a millisecond (tiny hands) to tens of ms.
RENDER_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)


def multiprocess() -> bool:
    """True when prometheus_client was imported in multiprocess mode (env var set first)."""
    from prometheus_client import values

    return values.ValueClass is not values.MutexValue and bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class Metrics:
    """Counters and a histogram for requests, renders, the cache and errors."""

    def __init__(self):
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.requests = Counter("tiles_http_requests", "HTTP requests by route and status",
                                ["route", "status"], registry=r)
        self.renders = Counter("tiles_renders", "Images rendered (cache misses that drew)",
                               ["format"], registry=r)
        self.cache_hits = Counter("tiles_cache_hits", "Image cache hits (including waits on a render in flight)",
                                  registry=r)
        self.cache_misses = Counter("tiles_cache_misses", "Image cache misses", registry=r)
        self.cache_bytes = Gauge("tiles_cache_bytes", "Bytes held by the image cache", registry=r,
                                 multiprocess_mode="livesum")
        self.render_seconds = Histogram("tiles_render_seconds", "Time to render and encode one image",
                                        ["format"], buckets=RENDER_BUCKETS, registry=r)
        self.errors = Counter("tiles_errors", "Client and server errors by kind", ["kind"], registry=r)
        self.not_modified = Counter("tiles_not_modified", "304 answers to If-None-Match", registry=r)

    def exposition(self) -> tuple[bytes, str]:
        """The text format body and its content type, for GET /metrics."""
        if multiprocess():
            from prometheus_client import multiprocess as mp

            registry = CollectorRegistry()
            mp.MultiProcessCollector(registry)
            return generate_latest(registry), CONTENT_TYPE_LATEST
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
