"""Security headers on every response (added as it leaves the app, web/headers.py).

The page has no inline script or style (everything is in static/), so the policy can
forbid both; ``frame-ancestors 'none'`` stops the app being framed by another site.
"""

from __future__ import annotations

from collections.abc import Container

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
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


#: The headers by their names in lower case, as the names an answer has are compared.
BY_LOWER_NAME = {name.lower(): (name, value) for name, value in HEADERS.items()}


def missing_security_headers(present: Container[str]) -> list[tuple[str, str]]:
    """The security headers an answer whose header names (in lower case) are ``present``
    does not set itself: every one, but for a page that sets its own."""
    return [header for lower, header in BY_LOWER_NAME.items() if lower not in present]
