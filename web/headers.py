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
from operator import itemgetter
from typing import Any

from .i18n import STATIC_PATH, VARY, language_headers, language_of, vary_by_language
from .security import BY_LOWER_NAME, HSTS, missing_security_headers

StartResponse = Callable[..., Any]
#: The schemes of a request over TLS (Werkzeug's ``request.is_secure``).
SECURE_SCHEMES = frozenset({"https", "wss"})
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]
#: The names (in lower case) of every header added here: an answer that has none of
#: them, a JSON answer's type and length alone, gets each one.
ADDED_NAMES = frozenset({*BY_LOWER_NAME, HSTS[0], "content-language", "vary"})
#: The security headers an answer that sets none of them gets, without TLS and with it.
ALL_PLAIN = tuple(missing_security_headers((), secure=False))
ALL_SECURE = tuple(missing_security_headers((), secure=True))
#: The added names of an answer that sets its own Vary alone.
VARY_ALONE = frozenset({"vary"})
_name = itemgetter(0)


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
    secure = environ.get("wsgi.url_scheme") in SECURE_SCHEMES
    if ADDED_NAMES.isdisjoint(map(str.lower, map(_name, headers))):
        # The common case, an answer that sets none of them (a JSON answer's type and
        # length alone): every one is added, from lists made once.
        headers += ALL_SECURE if secure else ALL_PLAIN
        if not environ.get("PATH_INFO", "").startswith(STATIC_PATH):
            headers += (("Content-Language", language_of(environ)), VARY)
        return
    names = list(map(str.lower, map(_name, headers)))
    if (
        names.count("vary") == 1
        and ADDED_NAMES.intersection(names) == VARY_ALONE
        and not environ.get("PATH_INFO", "").startswith(STATIC_PATH)
    ):
        # An answer whose only one of them is its own Vary (a room's poll, a cached
        # page): the same headers as below, in the same order, from the lists made
        # once, where the general way below cost a poll four times the common case.
        vary = headers.pop(names.index("vary"))[1]
        headers += ALL_SECURE if secure else ALL_PLAIN
        headers += (
            ("Content-Language", language_of(environ)),
            ("Vary", vary_by_language(vary)),
        )
        return
    present: dict[str, str] = {}
    for name, value in headers:
        lower = name.lower()
        present[lower] = f"{present[lower]}, {value}" if lower in present else value
    added = missing_security_headers(present.keys(), secure) + language_headers(environ, present)
    if "vary" in present and any(name == "Vary" for name, _value in added):
        headers[:] = [header for header in headers if header[0].lower() != "vary"]
    headers += added
