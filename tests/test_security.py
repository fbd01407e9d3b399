"""Security headers on every response, and no debug output or stack traces for clients."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app

# Written out here rather than imported from web/security.py, so that a change to the
# policy, or a response that leaves a header out, fails a test.
EXPECTED_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
        "img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
BOARD = "sers patg line sers"
PLAYERS = [{"name": "Ann", "words": ["sea"]}, {"name": "Bob", "words": ["slate"]}]

# (method, address, request arguments, the status it answers): every route, and the
# error answers of each kind, from the app's handlers and from Werkzeug's.
REQUESTS: list[tuple[str, str, dict[str, Any], int]] = [
    ("GET", "/", {}, 200),
    ("GET", "/", {"query_string": {"board": BOARD}}, 200),
    ("GET", "/", {"query_string": {"board": "abc"}}, 400),
    ("GET", "/solve", {"query_string": {"board": BOARD}}, 200),
    ("POST", "/solve", {"json": {"board": BOARD}}, 200),
    ("POST", "/solve", {"data": {"board": BOARD}}, 200),
    ("GET", "/solve", {}, 400),
    ("POST", "/solve", {"data": "board", "content_type": "text/plain"}, 415),
    ("POST", "/solve", {"data": "x" * 300_000, "content_type": "application/json"}, 413),
    ("DELETE", "/solve", {}, 405),
    ("POST", "/score", {"json": {"board": BOARD, "players": PLAYERS}}, 200),
    ("POST", "/score", {"json": {"board": BOARD, "players": []}}, 400),
    ("GET", "/score", {}, 405),
    ("GET", "/lookup", {"query_string": {"word": "cat"}}, 200),
    ("GET", "/lookup", {}, 400),
    ("GET", "/define", {"query_string": {"word": "ran"}}, 200),
    ("GET", "/define", {"query_string": {"word": "xyzzyq"}}, 404),
    ("GET", "/define", {}, 400),
    ("GET", "/random", {"query_string": {"seed": 1}}, 200),
    ("GET", "/random", {"query_string": {"dice": "huge"}}, 400),
    ("POST", "/rich", {"json": {"dice": "new", "seed": 1}}, 200),
    ("POST", "/rich", {"json": {"dice": "huge"}}, 400),
    ("GET", "/rich", {}, 405),
    ("POST", "/rich-board", {"data": {"dice": "classic"}}, 303),
    ("POST", "/rich-board", {"data": {"dice": "huge"}}, 400),
    ("GET", "/words.csv", {"query_string": {"board": BOARD}}, 200),
    ("GET", "/words.csv", {}, 400),
    ("GET", "/qr", {"query_string": {"board": BOARD}}, 200),
    ("GET", "/qr", {"query_string": {"board": "abc"}}, 400),
    ("GET", "/dictionaries", {}, 200),
    ("GET", "/healthz", {}, 200),
    ("GET", "/scoring", {}, 200),
    ("POST", "/scoring", {"data": {"board": BOARD, "name": "Ann", "words": "sea"}}, 200),
    ("POST", "/scoring", {"data": {"board": BOARD, "name": "", "words": ""}}, 400),
    ("GET", "/practice", {}, 200),
    ("GET", "/table", {}, 200),
    ("GET", "/table", {"query_string": {"dice": "huge"}}, 400),
    ("GET", "/language/de", {"query_string": {"next": "/practice"}}, 303),
    ("GET", "/language/xx", {}, 404),
    # The rooms' API, answered before any database is reached (tests/test_rooms_api.py
    # has its answers from a database).
    ("POST", "/rooms", {"data": {"name": "Ann"}}, 415),
    ("GET", "/rooms/abc", {}, 404),
    ("POST", "/rooms/abc/players", {"json": {"name": "Ann"}}, 404),
    ("POST", "/rooms/abc/rounds", {"json": {}}, 404),
    ("POST", "/rooms/abc/rounds/1/words", {"json": {"word": "sea"}}, 404),
    ("GET", "/rooms/abc/rounds/1/words", {}, 404),
    ("GET", "/rooms/abc/rounds/1/results", {}, 404),
    ("GET", "/rooms/abc/qr", {}, 404),
    ("POST", "/rooms/abc/lock", {"json": {"locked": True}}, 404),
    ("DELETE", "/rooms/abc/players/2", {}, 404),
    # The rooms' pages, likewise (tests/test_room_pages.py plays them on a database).
    ("GET", "/room", {}, 200),
    ("POST", "/room", {"data": {"name": ""}}, 400),
    ("GET", "/room/abc", {}, 404),
    ("POST", "/room/abc/join", {"data": {"name": "Ann"}}, 404),
    ("POST", "/room/abc/rounds", {}, 404),
    ("POST", "/room/abc/rounds/1/words", {"data": {"word": "sea"}}, 404),
    ("POST", "/room/abc/lock", {"data": {"locked": "1"}}, 404),
    ("POST", "/room/abc/players/2/remove", {}, 404),
    ("GET", "/room/join", {}, 200),
    ("GET", "/room/join", {"query_string": {"code": "abc"}}, 400),
    ("GET", "/static/style.css", {}, 200),
    ("GET", "/static/js/main.js", {}, 200),
    ("GET", "/static/favicon.svg", {}, 200),
    ("GET", "/static/no-such-file.js", {}, 404),
    ("GET", "/sw.js", {}, 200),
    ("GET", "/manifest.webmanifest", {}, 200),
    ("GET", "/offline", {}, 200),
    ("GET", "/graphs/standard", {}, 200),
    ("GET", "/graphs/no-such-list", {}, 400),
    ("GET", "/graphs/standard/0.v1.bin", {}, 404),
    ("GET", "/no/such/page", {}, 404),
    ("GET", "/no/such/page", {"headers": {"Accept": "application/json"}}, 404),
]


@pytest.mark.parametrize(
    ("method", "address", "kwargs", "status"),
    REQUESTS,
    ids=[f"{m} {a} {s}" for m, a, _, s in REQUESTS],
)
def test_every_response_carries_the_security_headers(
    client: FlaskClient, method: str, address: str, kwargs: dict[str, Any], status: int
) -> None:
    response = client.open(address, method=method, **kwargs)
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert {name: response.headers.get(name) for name in EXPECTED_HEADERS} == EXPECTED_HEADERS
    response.close()


def test_the_requests_above_reach_every_route_and_method(app: Flask) -> None:
    # A route added later without a line above fails here, not silently.
    adapter = app.url_map.bind("localhost")
    reached = set()
    for method, address, _, status in REQUESTS:
        if status != 405 and not address.startswith("/no/"):
            rule, _ = adapter.match(address.split("?")[0], method=method, return_rule=True)
            reached.add((rule.rule, method))
    routes = {
        (rule.rule, method)
        for rule in app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    assert routes - reached == set()


def test_the_policy_forbids_inline_script_and_framing() -> None:
    policy = dict(
        part.split(" ", 1) for part in EXPECTED_HEADERS["Content-Security-Policy"].split("; ")
    )
    # WebAssembly may be compiled (the page's search); no inline or evaluated script runs.
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"


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
        assert {name: response.headers.get(name) for name in EXPECTED_HEADERS} == EXPECTED_HEADERS
