"""Security headers on every response.

The page has no inline script or style (everything is in static/), so the policy can
forbid both; ``frame-ancestors 'none'`` stops the app being framed by another site.
"""

from __future__ import annotations

from flask import Response

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        # WebAssembly (the page's search, static/wasm/walk.wasm) may be compiled; no
        # script but the app's own files may run.
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def add_security_headers(response: Response) -> Response:
    """Set the security headers (an ``after_request`` hook)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response
