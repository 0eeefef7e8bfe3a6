"""The HTTP service: notation URLs in, cached images out, never a 500.

`create_app` (app.py) builds the Flask app; `routes` holds the views, `service`
the per-app state, `cache` the byte-bounded image cache, `metrics` Prometheus,
`error_image` the PNG that explains a bad notation, `serve` gunicorn.

>>> create_app().name
'service'
"""

from .app import create_app

__all__ = ["create_app"]
