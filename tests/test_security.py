"""Security headers on every response, and no debug output or stack traces for clients."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from web.security import CONTENT_SECURITY_POLICY

ADDRESSES = [
    "/",
    "/?board=sers+patg+line+sers",
    "/?board=abc",  # an error page
    "/solve?board=sers+patg+line+sers",
    "/solve",  # a JSON error
    "/random?seed=1",
    "/dictionaries",
    "/lookup?word=cat",
    "/healthz",
    "/static/style.css",
    "/no/such/page",
]


@pytest.mark.parametrize("address", ADDRESSES)
def test_headers_on_every_response(client: FlaskClient, address: str) -> None:
    response = client.get(address)
    headers = response.headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "frame-ancestors 'none'" in CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"


def test_headers_on_method_errors(client: FlaskClient) -> None:
    response = client.delete("/solve")
    assert response.status_code == 405
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_debug_is_off_by_default(app: Flask) -> None:
    assert app.debug is False


def test_an_unexpected_error_shows_no_stack_trace(cache_dir) -> None:
    app = create_app({"CACHE_DIR": str(cache_dir)})  # not TESTING: errors are handled

    @app.get("/boom")
    def boom() -> str:
        raise RuntimeError("secret internals")

    client = app.test_client()
    for accept in ("application/json", "text/html"):
        response = client.get("/boom", headers={"Accept": accept})
        assert response.status_code == 500
        body = response.get_data(as_text=True)
        assert "secret internals" not in body
        assert "Traceback" not in body
        assert "something went wrong on our side" in body
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
