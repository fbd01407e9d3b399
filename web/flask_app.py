"""The app's Flask class: Flask, less the work on every request that this app never uses.

Flask opens a session for every request (with no ``SECRET_KEY``, an empty one made
anew) and asks of each hook and view it calls whether it is a coroutine
(``inspect.iscoroutinefunction``: three times a JSON request, through four calls
each). The app keeps nothing in Flask's session (a room's seat is a token of its own,
the language and the theme cookies of their own) and has no async view, so both are
left out here: every request shares one empty session that refuses writes, as
Flask's own refuses them without a secret key, and a plain function is called as it
is, found so by its code's flags alone. An ``async def`` view or hook would still be
run as Flask runs it. A teardown with nothing registered for it, and no receiver of its
signal, is skipped. And a body made whole goes to the server as it is (``Answer``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import FunctionType
from typing import Any

from flask import Flask, Request, Response
from flask.sessions import NullSession, SessionInterface
from flask.signals import appcontext_tearing_down, request_tearing_down
from werkzeug.http import is_entity_header

#: Marks of code that Flask must run through ``async_to_sync``.
_ASYNC_CODE = inspect.CO_COROUTINE
#: Headers whose values Werkzeug rewrites as the answer leaves (made absolute, quoted).
_REWRITTEN = frozenset({"location", "content-location"})
#: The entity headers a 304 keeps (Werkzeug's ``remove_entity_headers``).
_KEPT_BY_304 = frozenset({"expires", "content-location"})


class NoSessions(SessionInterface):
    """Flask's session for an app that keeps none: one empty session for every request,
    which refuses writes (Flask's ``NullSession``), never read from a cookie or saved."""

    def __init__(self) -> None:
        self.null = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        """The shared empty session."""
        return self.null

    def save_session(self, app: Flask, session: Any, response: Any) -> None:
        """Nothing to save (never called for a null session)."""


class Answer(Response):
    """Flask's response, whose body made whole (a JSON answer's, a page's) is handed to
    the server as it is: Werkzeug would wrap it in two generators and an iterator that
    closes the answer when the server is done, which for a list of bytes with no
    ``call_on_close`` closes nothing."""

    def get_app_iter(self, environ: dict[str, Any]) -> Any:
        """The body's list itself when nothing is to be left out of it or closed after it
        (a HEAD, a 1xx, 204 or 304 is sent empty, as Werkzeug sends it)."""
        body = self.response
        if (
            type(body) is list
            and len(body) == 1
            and type(body[0]) is bytes
            and not self._on_close
            and not self.direct_passthrough
            and environ["REQUEST_METHOD"] != "HEAD"
            and self.status_code >= 200
            and self.status_code not in (204, 304)
        ):
            return body
        return super().get_app_iter(environ)

    def get_wsgi_response(self, environ: dict[str, Any]) -> tuple[Any, str, list[Any]]:
        """Werkzeug's answer to the server, without copying the headers into a new
        ``Headers`` (each value checked again) when it would change nothing in them: no
        address to rewrite, nothing to close after the answer, and a body made whole
        whose length is set, or a 304 (its entity headers left out, as Werkzeug leaves
        them out). Anything else goes through Werkzeug, which closes what it must."""
        headers = list(self.headers)
        names = [name.lower() for name, _value in headers]
        if _REWRITTEN.isdisjoint(names) and not self._on_close and type(self.response) is list:
            if self.status_code == 304:
                kept = [
                    h for h in headers if not is_entity_header(h[0]) or h[0].lower() in _KEPT_BY_304
                ]
                return (), self.status, kept
            if "content-length" in names:
                body = self.get_app_iter(environ)
                if body is self.response:
                    return body, self.status, headers
        return super().get_wsgi_response(environ)


class App(Flask):
    """Flask without a session, without asking each plain function if it is async, and
    without the teardowns that have nothing to do; its answers are ``Answer``."""

    session_interface = NoSessions()
    response_class = Answer

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """A plain function as it is; anything else as Flask sees to it."""
        if type(func) is FunctionType and not func.__code__.co_flags & _ASYNC_CODE:
            return func
        return super().ensure_sync(func)

    def do_teardown_request(self, *args: Any, **kwargs: Any) -> None:
        """Flask's teardown of a request, when there is one to do: a function registered
        for it, or a receiver of its signal (the app has neither: nothing is looked for
        in each blueprint, and no signal sent to nobody)."""
        if self.teardown_request_funcs or request_tearing_down.receivers:
            super().do_teardown_request(*args, **kwargs)

    def do_teardown_appcontext(self, *args: Any, **kwargs: Any) -> None:
        """Flask's teardown of an app context, when there is one to do (as above)."""
        if self.teardown_appcontext_funcs or appcontext_tearing_down.receivers:
            super().do_teardown_appcontext(*args, **kwargs)
