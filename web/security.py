"""Security headers on every response (added as it leaves the app, web/headers.py), and
the Host every request must name.

The page has no inline script or style (everything is in static/), so the policy can
forbid both; ``frame-ancestors 'none'`` stops the app being framed by another site.
An answer to a request that came over TLS (directly, or through the one proxy the
``PROXY_HOPS`` setting trusts) also tells the browser to use TLS alone from then on.
"""

from __future__ import annotations

from collections.abc import Container

from flask import request
from flask.globals import _cv_request
from werkzeug.exceptions import SecurityError

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

#: Sent over TLS only (RFC 6797 has browsers ignore it over plain HTTP): a year, the
#: least that browsers' preload lists take. No ``includeSubDomains``: the app cannot
#: know what else runs under its domain. deploy/nginx.conf sends the same on its own
#: answers (a test holds the two equal).
STRICT_TRANSPORT_SECURITY = "max-age=31536000"


#: The headers by their names in lower case, as the names an answer has are compared.
BY_LOWER_NAME = {name.lower(): (name, value) for name, value in HEADERS.items()}
HSTS = ("strict-transport-security", ("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY))


def missing_security_headers(present: Container[str], secure: bool) -> list[tuple[str, str]]:
    """The security headers an answer whose header names (in lower case) are ``present``
    does not set itself: every one, but for a page that sets its own; and over TLS
    (``secure``, as Werkzeug's ``request.is_secure`` says it), HSTS."""
    missing = [header for lower, header in BY_LOWER_NAME.items() if lower not in present]
    if secure and HSTS[0] not in present:
        missing.append(HSTS[1])
    return missing


def require_host() -> None:
    """Refuse a request that names no Host, or an empty one (a ``before_request`` hook).

    HTTP/1.0 allows leaving it out, and Werkzeug then builds links from the server's
    own address: behind nginx on a Unix socket that is nothing, and a room's link was
    ``http:///room/...``. Answered as an untrusted Host (400 ``untrusted_host``).
    """
    # The request through its context variable, not Flask's proxy: every request
    # passes here, and the proxy's look-up cost it a microsecond.
    context = _cv_request.get(None)
    environ = context.request.environ if context is not None else request.environ
    if not environ.get("HTTP_HOST", "").strip():
        raise SecurityError("the request names no Host")
