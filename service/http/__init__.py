"""The HTTP service: notation URLs in, cached images out, never a 500.

`create_app` (app.py) builds the Flask app; `routes` holds the views, `service`
the per-app state, `cache` the byte-bounded image cache, `metrics` Prometheus,
`error_image` the PNG that explains a bad notation, `serve` gunicorn.

Importing this package loads nothing else: `serve` must set
``PROMETHEUS_MULTIPROC_DIR`` before prometheus_client is first imported.

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
