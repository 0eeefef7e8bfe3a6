"""The HTTP service: notation URLs in, cached images out, never a 500.

`create_app` (app.py) builds the Flask app; `routes` holds the views, `service`
the per-app state, `cache` the byte-bounded image cache, `metrics` Prometheus,
`error_image` the PNG that explains a bad notation, `canary` the pictures a worker
draws before it serves, `serve` gunicorn.

Importing this package loads none of them: `tiles serve` imports `serve` in
the master process, which must not load prometheus_client (its multiprocess
mode is chosen at import) nor Flask and Pillow (only workers need them).

>>> from service.http import create_app
>>> create_app().name
'service'
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
