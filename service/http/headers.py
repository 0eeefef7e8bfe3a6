"""The headers every answer carries, and the playground's own policy.

Every answer says ``X-Content-Type-Options: nosniff`` and, unless a view set
its own, a Content-Security-Policy that allows nothing (an image or JSON body
has no business running code or being framed). The playground's policy allows
exactly its own inline style and script, by hash, and nothing from elsewhere.

>>> dict(EVERY_ANSWER)["X-Content-Type-Options"]
'nosniff'
>>> with_defaults([("Content-Type", "image/png")])[-1]
('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
"""

from __future__ import annotations

import base64
import hashlib

from flask import current_app

LOCKED_CSP = "default-src 'none'; frame-ancestors 'none'"
EVERY_ANSWER = (("X-Content-Type-Options", "nosniff"),)
PLAYGROUND_CACHE_CONTROL = "public, max-age=300"


def with_defaults(headers: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`headers` plus nosniff, and the locked CSP when none is set (called per answer)."""
    headers.extend(EVERY_ANSWER)
    for name, _ in headers:
        if name == "Content-Security-Policy":
            return headers
    headers.append(("Content-Security-Policy", LOCKED_CSP))
    return headers


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def playground_headers() -> dict[str, str]:
    """CSP (inline style and script allowed by hash only), no framing, a short cache life.

    The hashes come from the template files, rendered alone, never from the
    page (which echoes the visitor's notation), so nothing injected can be allowed.
    """
    policy = current_app.extensions.get("tiles_playground_csp")
    if policy is None:
        env = current_app.jinja_env
        style = _sha256(env.get_template("playground.css").render())
        script = _sha256(env.get_template("playground.js").render())
        policy = current_app.extensions["tiles_playground_csp"] = (
            f"default-src 'none'; style-src {style}; script-src {script}; img-src 'self'; "
            "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        )
    return {
        "Content-Security-Policy": policy,
        "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
        "Referrer-Policy": "no-referrer",
        "Cache-Control": PLAYGROUND_CACHE_CONTROL,
    }
