"""Security headers on every response, and no debug output or stack traces for clients."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask, Response
from flask.testing import FlaskClient

from app import create_app
from web.headers import complete
from web.i18n import language_headers
from web.security import missing_security_headers

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
    ("GET", "/openapi.json", {}, 200),
    ("GET", "/api", {}, 200),
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
    # Playing apart's API, answered before any database is reached (tests/test_daily_*.py
    # have its answers from a database): a browser with no player key, bad addresses,
    # bodies that are not JSON.
    ("GET", "/daily", {}, 200),
    ("GET", "/daily/2027-1-15/en/4x4", {}, 404),
    ("POST", "/daily/2027-01-15/xx/4x4/play", {"json": {}}, 404),
    ("POST", "/daily/2027-01-15/en/6x6/words", {"json": {"word": "sea"}}, 404),
    ("GET", "/daily/2027-01-15/en/6x6/words", {}, 404),
    ("POST", "/daily/2027-01-15/en/6x6/finish", {"json": {}}, 404),
    ("GET", "/daily/2027-01-15/en/6x6/results", {}, 404),
    ("POST", "/daily/2027-01-15/en/6x6/challenge", {"json": {}}, 404),
    ("GET", "/daily/me", {}, 200),
    ("POST", "/daily/me/name", {"data": {"name": "Ann"}}, 415),
    ("DELETE", "/daily/me", {}, 200),
    ("POST", "/daily/me/transfer", {"json": {}}, 401),
    ("POST", "/daily/transfers/abc", {"json": {}}, 404),
    ("GET", "/daily/transfers/abc/qr", {}, 404),
    ("POST", "/challenges", {"data": {"board": BOARD}}, 415),
    ("GET", "/challenges/abc", {}, 404),
    ("POST", "/challenges/abc/play", {"json": {}}, 404),
    ("POST", "/challenges/abc/words", {"json": {"word": "sea"}}, 404),
    ("GET", "/challenges/abc/words", {}, 404),
    ("POST", "/challenges/abc/finish", {"json": {}}, 404),
    ("GET", "/challenges/abc/qr", {}, 404),
    # Its pages, likewise (tests/test_daily_pages.py plays them on a database).
    ("GET", "/today", {}, 200),
    ("GET", "/day/2027-01-15/en/6x6", {}, 404),
    ("POST", "/day/2027-01-15/en/6x6/play", {}, 404),
    ("POST", "/day/2027-01-15/en/6x6/words", {"data": {"word": "sea"}}, 404),
    ("POST", "/day/2027-01-15/en/6x6/finish", {}, 404),
    ("POST", "/day/2027-01-15/en/6x6/challenge", {}, 404),
    ("GET", "/challenge/abc", {}, 404),
    ("POST", "/challenge/abc/play", {}, 404),
    ("POST", "/challenge/abc/words", {"data": {"word": "sea"}}, 404),
    ("POST", "/challenge/abc/finish", {}, 404),
    ("GET", "/me", {}, 200),
    ("POST", "/me/name", {"data": {"name": "x" * 200}}, 400),
    ("POST", "/me/transfer", {}, 401),
    ("POST", "/me/delete", {}, 400),
    ("GET", "/transfer/abc", {}, 404),
    ("POST", "/transfer/abc", {}, 404),
    ("GET", "/privacy", {}, 200),
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


def test_an_answer_that_sets_a_security_header_itself_keeps_its_own(app: Flask) -> None:
    @app.get("/framed")
    def framed() -> Response:
        return Response("x", headers={"X-Frame-Options": "SAMEORIGIN"})

    response = app.test_client().get("/framed")
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]
    others = {name: value for name, value in EXPECTED_HEADERS.items() if name != "X-Frame-Options"}
    assert {name: response.headers.get(name) for name in others} == others


@pytest.mark.parametrize(
    ("scheme", "path", "cookie"),
    [("http", "/solve", ""), ("https", "/solve", "lang=de"), ("http", "/static/app.js", "")],
)
def test_an_answer_that_sets_none_of_them_gets_each_as_the_general_rule_adds_it(
    scheme: str, path: str, cookie: str
) -> None:
    # A JSON answer's type and length alone take the short way (lists made once):
    # the same headers, in the same order, as the rule for any answer gives them.
    environ = {"wsgi.url_scheme": scheme, "PATH_INFO": path, "HTTP_COOKIE": cookie}
    plain = [("Content-Type", "application/json"), ("Content-Length", "2")]
    headers = list(plain)
    complete(environ, headers)
    present = {"content-type": "application/json", "content-length": "2"}
    secure = scheme == "https"
    rule = missing_security_headers(present.keys(), secure) + language_headers(environ, present)
    assert headers == plain + rule
    assert ("Strict-Transport-Security" in dict(headers)) == secure


@pytest.mark.parametrize(
    ("scheme", "vary"),
    [("http", "Authorization, Cookie"), ("https", "Origin"), ("http", "accept-language")],
)
def test_an_answer_whose_own_vary_is_its_only_one_of_them_gets_what_the_general_rule_gives(
    scheme: str, vary: str
) -> None:
    # A room's poll sets its own Vary, ETag and Cache-Control: the short way for it
    # gives the same headers, in the same order, as the rule for any answer.
    environ = {"wsgi.url_scheme": scheme, "PATH_INFO": "/api/rooms/ABCD", "HTTP_COOKIE": ""}
    own = [("ETag", '"1"'), ("Vary", vary), ("Cache-Control", "no-cache")]
    headers = list(own)
    complete(environ, headers)
    present = {"etag": '"1"', "vary": vary, "cache-control": "no-cache"}
    rule = missing_security_headers(present.keys(), scheme == "https") + language_headers(
        environ, present
    )
    assert headers == [("ETag", '"1"'), ("Cache-Control", "no-cache"), *rule]
    assert dict(headers)["Vary"].lower().count("accept-language") == 1


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
