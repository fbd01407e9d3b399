"""The colour theme the reader chose with the header's switch, drawn from the first paint.

The switch (static/js/theme.js) keeps the choice in the ``theme`` cookie, and every
page names it on ``<html data-theme>``: the browser paints the chosen theme at once,
with no script before the page (inline script is forbidden by the CSP, and a script
in the head holds back the first paint for its own request). Without the cookie, or
with a value that is not a theme, the page follows the system's setting (style.css,
``light-dark()``). Pages already vary by ``Cookie`` (web/i18n.py), so no cache hands
one reader's theme to another.
"""

from __future__ import annotations

from flask import Flask, has_request_context, request

#: The cookie the switch writes, and the themes it may hold.
COOKIE = "theme"
THEMES = ("light", "dark")


def chosen_theme() -> str | None:
    """The theme the reader chose, or None to follow the system (and outside a request)."""
    if not has_request_context():
        return None
    value = request.cookies.get(COOKIE, "")
    return value if value in THEMES else None


def init_app(app: Flask) -> None:
    """Give every template the chosen theme, as ``theme``."""

    @app.context_processor
    def _theme_context() -> dict[str, str | None]:
        return {"theme": chosen_theme()}
