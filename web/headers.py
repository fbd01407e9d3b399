"""The headers every answer carries, added as it leaves the app: the security headers
(web/security.py) and its language (web/i18n.py).

Added to the list of headers the answer hands the server (WSGI's ``start_response``),
in one pass over its names, rather than by Flask's ``after_request`` hooks through
Werkzeug's ``Headers``, where each name was looked for and each value checked anew:
two hooks cost a small JSON answer (/lookup) a third of its time in the app, as much
as the rest of the app around the route (benchmarks/README.md, "The hot path").
Every answer passes here, errors and static files included; an answer that sets one
of these headers itself keeps its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .i18n import language_headers
from .security import missing_security_headers

StartResponse = Callable[..., Any]
#: The schemes of a request over TLS (Werkzeug's ``request.is_secure``).
SECURE_SCHEMES = frozenset({"https", "wss"})
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class AnswerHeaders:
    """WSGI middleware: the app's answers with the headers every answer carries."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            complete(environ, headers)
            if exc_info is None:  # passed on only when given, as a server may take two
                return start_response(status, headers)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


def complete(environ: dict[str, Any], headers: list[tuple[str, str]]) -> None:
    """Add to an answer's headers, in place, those every answer carries that it lacks."""
    present: dict[str, str] = {}
    for name, value in headers:
        lower = name.lower()
        present[lower] = f"{present[lower]}, {value}" if lower in present else value
    secure = environ.get("wsgi.url_scheme") in SECURE_SCHEMES
    added = missing_security_headers(present.keys(), secure) + language_headers(environ, present)
    if "vary" in present and any(name == "Vary" for name, _value in added):
        headers[:] = [header for header in headers if header[0].lower() != "vary"]
    headers += added
