"""Whatever a client sends to a room route, the answer is a clear 4xx in JSON, never a 5xx,
and the room keeps working: tests/test_bad_input.py's battery (its strings, wrong JSON
types and numbers) in every field, address segment and header of every room route, on
SQLite and PostgreSQL (whose text refuses NUL characters and lone surrogates: they
must be stopped before they reach it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_bad_input import NUMBERS, STRINGS, WRONG_TYPES, assert_json_error, case_id

from web.params import FLAG_TEXTS

#: What a JSON body can hold that a form cannot: a lone surrogate (from "\\ud800" in the
#: JSON), a right-to-left mark, a name of only spaces of other kinds.
MORE_STRINGS = ["\ud800", "a\udfffb", "\u200f", "\u3000\u3000", "x" * 1000]
VALUES: list[Any] = STRINGS + MORE_STRINGS + WRONG_TYPES + NUMBERS


@pytest.fixture
def app(make_rooms_app: Callable[..., Flask]) -> Flask:
    # No limit on rooms or words per second gets in the way of the battery's requests.
    return make_rooms_app(ROOM_CREATIONS_PER_HOUR=100_000, ROOM_WORDS_PER_SECOND=1000)


@pytest.fixture
def room(app: Flask) -> tuple[FlaskClient, str]:
    """A room with a round playing: the host's client and the room's code."""
    client = app.test_client()
    code = client.post("/rooms", json={"name": "Host"}).json["room"]
    assert client.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    return client, code


def assert_no_server_error(response: Any, value: Any) -> None:
    """A success, or a 4xx with the JSON error format."""
    assert response.status_code < 500, (value, response.status_code, response.data[:300])
    if response.status_code >= 400:
        assert_json_error(response)


def assert_room_still_works(client: FlaskClient, code: str) -> None:
    """The room still answers, and takes a normal word."""
    assert client.get(f"/rooms/{code}").status_code == 200
    response = client.post(f"/rooms/{code}/rounds/1/words", json={"word": "zzz"})
    assert response.status_code == 200, response.json


@pytest.mark.parametrize(
    "field", ["name", "dice", "rows", "cols", "min_length", "dictionary", "seconds"]
)
def test_create_room_fields(app: Flask, field: str) -> None:
    client = app.test_client()
    for value in VALUES:
        body = {"name": "Ann", field: value}
        response = client.post("/rooms", json=body)
        assert_no_server_error(response, value)
        if response.status_code == 201 and field == "name":
            # An accepted name comes back exactly as it was kept: trimmed, printable.
            kept = response.json["player"]["name"]
            assert kept == value.strip() and kept.isprintable() and 1 <= len(kept) <= 24
    assert client.post("/rooms", json={"name": "Ann"}).status_code == 201


def test_join_names(app: Flask, room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for value in VALUES:
        response = app.test_client().post(f"/rooms/{code}/players", json={"name": value})
        assert_no_server_error(response, value)
    assert_room_still_works(host, code)


@pytest.mark.parametrize("field", ["word", "player"])
def test_word_fields(room: tuple[FlaskClient, str], field: str) -> None:
    host, code = room
    for value in VALUES:
        body = {"word": "flat", field: value}
        response = host.post(f"/rooms/{code}/rounds/1/words", json=body)
        assert_no_server_error(response, value)
    assert_room_still_works(host, code)


def test_start_round_player_field(app: Flask) -> None:
    host = app.test_client()
    code = host.post("/rooms", json={"name": "Host"}).json["room"]
    for value in VALUES:
        response = host.post(f"/rooms/{code}/rounds", json={"player": value})
        assert_no_server_error(response, value)
        # Only the host's own seat (or no player named) starts the round.
        assert response.status_code != 201 or value in (1, "1", "", None)


@pytest.mark.parametrize("value", STRINGS, ids=case_id)
def test_room_codes_in_addresses(app: Flask, value: str) -> None:
    client = app.test_client()
    segment = value.replace("/", "%2F").replace("?", "%3F").replace("#", "%23")
    for method, address, body in (
        ("GET", f"/rooms/{segment}", None),
        ("POST", f"/rooms/{segment}/players", {"name": "Ann"}),
        ("POST", f"/rooms/{segment}/rounds", {}),
        ("POST", f"/rooms/{segment}/rounds/1/words", {"word": "flat"}),
        ("GET", f"/rooms/{segment}/rounds/1/words", None),
        ("GET", f"/rooms/{segment}/rounds/1/results", None),
        ("GET", f"/rooms/{segment}/qr", None),
        ("POST", f"/rooms/{segment}/lock", {"locked": True}),
        ("DELETE", f"/rooms/{segment}/players/2", None),
    ):
        # An empty code makes "//", which the router redirects to its single slash.
        response = client.open(address, method=method, json=body, follow_redirects=True)
        assert_json_error(response, (404, 405))


def test_lock_field(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for value in VALUES:
        response = host.post(f"/rooms/{code}/lock", json={"locked": value})
        assert_no_server_error(response, value)
        # Only a yes or a no, as JSON or a form writes it, locks or opens the room.
        flag = isinstance(value, bool) or (
            isinstance(value, str) and value.strip().lower() in FLAG_TEXTS
        )
        assert response.status_code == (200 if flag else 400), value
    assert_room_still_works(host, code)


def test_player_numbers_in_addresses(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for number in ["0", "-1", "1.5", "1e3", "abc", "99999999999999999999", "2147483648", "7"]:
        response = host.delete(f"/rooms/{code}/players/{number}")
        assert_json_error(response, (404,))
    assert_room_still_works(host, code)


def test_round_numbers_in_addresses(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for number in ["0", "-1", "1.5", "1e3", "abc", "99999999999999999999", "2147483648"]:
        for method, tail in (("POST", "words"), ("GET", "words"), ("GET", "results")):
            response = host.open(
                f"/rooms/{code}/rounds/{number}/{tail}", method=method, json={"word": "flat"}
            )
            assert_json_error(response, (404,))
    assert_room_still_works(host, code)


@pytest.mark.parametrize(
    "body",
    [b"{", b'{"word": }', b"\xff\xfe\x00", b"null", b"[]", b'"abcd"', b"123", b"", b"{}" * 9],
    ids=case_id,
)
def test_malformed_json(room: tuple[FlaskClient, str], body: bytes) -> None:
    host, code = room
    for address in (
        "/rooms",
        f"/rooms/{code}/players",
        f"/rooms/{code}/rounds",
        f"/rooms/{code}/rounds/1/words",
    ):
        response = host.post(address, data=body, content_type="application/json")
        assert_json_error(response, (400, 409))
    assert_room_still_works(host, code)


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "", "image/png"],
)
def test_wrong_content_types(room: tuple[FlaskClient, str], content_type: str) -> None:
    host, code = room
    for address in (
        "/rooms",
        f"/rooms/{code}/players",
        f"/rooms/{code}/rounds",
        f"/rooms/{code}/rounds/1/words",
    ):
        response = host.post(address, data="name=Ann&word=flat", content_type=content_type)
        assert_json_error(response, (415,))


def test_unknown_and_repeated_fields(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for address, body in (
        ("/rooms", {"name": "Ann", "minLength": 4}),
        (f"/rooms/{code}/players", {"name": "Ann", "token": "x"}),
        (f"/rooms/{code}/rounds", {"seconds": 10}),
        (f"/rooms/{code}/rounds/1/words", {"word": "flat", "words": ["flap"]}),
    ):
        error = assert_json_error(host.post(address, json=body), (400,))
        assert error["code"] == "unknown_field"
    repeated = host.post(
        f"/rooms/{code}/rounds/1/words",
        data='{"word": "flat", "word": "flap"}',
        content_type="application/json",
    )
    assert_no_server_error(repeated, "a repeated key")  # JSON keeps the last one


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_wrong_methods(room: tuple[FlaskClient, str], method: str) -> None:
    host, code = room
    for address in (
        "/rooms",
        f"/rooms/{code}",
        f"/rooms/{code}/players",
        f"/rooms/{code}/rounds",
        f"/rooms/{code}/rounds/1/words",
        f"/rooms/{code}/rounds/1/results",
        f"/rooms/{code}/qr",
    ):
        error = assert_json_error(host.open(address, method=method), (405,))
        assert method in error["message"]


def test_get_on_post_routes_and_post_on_get_routes(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    assert_json_error(host.get("/rooms"), (405,))
    assert_json_error(host.get(f"/rooms/{code}/players"), (405,))
    assert_json_error(host.get(f"/rooms/{code}/rounds"), (405,))
    assert_json_error(host.post(f"/rooms/{code}", json={}), (405,))
    assert_json_error(host.post(f"/rooms/{code}/rounds/1/results", json={}), (405,))


def test_authorization_headers(app: Flask, room: tuple[FlaskClient, str]) -> None:
    host, code = room
    headers = [
        "",
        "Bearer",
        "Bearer ",
        "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
        "bearer x",
        "Bearer " + "x" * 8000,
        "Bearer \x7f\x01",
        "Bearer é",
        "Bearer a b c",
        "Token abc",
    ]
    client = app.test_client()
    for header in headers:
        for method, address, body in (
            ("GET", f"/rooms/{code}", None),
            ("POST", f"/rooms/{code}/rounds", {}),
            ("POST", f"/rooms/{code}/rounds/1/words", {"word": "flat"}),
            ("GET", f"/rooms/{code}/rounds/1/words", None),
            ("GET", f"/rooms/{code}/rounds/1/results", None),
        ):
            response = client.open(
                address, method=method, json=body, headers={"Authorization": header}
            )
            assert_no_server_error(response, header)
            assert response.status_code in (401, 409, 200) or address.endswith(code)
    assert_room_still_works(host, code)


def test_cookie_values(app: Flask, room: tuple[FlaskClient, str]) -> None:
    host, code = room
    for value in ["", "x", "x" * 4000, "%00", '"quoted"', "é"]:
        client = app.test_client()
        client.set_cookie(f"boggle_room_{code}", value)
        response = client.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat"})
        assert_json_error(response, (401,))
        assert client.get(f"/rooms/{code}").json["you"] is None
    assert_room_still_works(host, code)


def test_body_over_the_limit(room: tuple[FlaskClient, str]) -> None:
    host, code = room
    body = json.dumps({"word": "a" * 300_000})
    error = assert_json_error(
        host.post(f"/rooms/{code}/rounds/1/words", data=body, content_type="application/json"),
        (413,),
    )
    assert "262,144 bytes" in error["message"]
    assert_room_still_works(host, code)


def test_the_longest_names_and_words_the_settings_allow_fit_the_database(
    make_rooms_app: Callable[..., Flask],
) -> None:
    # Lower-casing and case-folding lengthen these: "İ" is two characters lower-cased,
    # "ß" two case-folded (PostgreSQL refuses text longer than its column).
    app = make_rooms_app(ROOM_MAX_NAME_CHARS=100, SCORE_MAX_WORD_CHARS=200)
    host = app.test_client()
    created = host.post("/rooms", json={"name": "ß" * 100})
    assert created.status_code == 201, created.json
    code = created.json["room"]
    joined = app.test_client().post(f"/rooms/{code}/players", json={"name": "İ" * 100})
    assert joined.status_code == 201, joined.json
    assert host.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    for word in ("İ" * 200, "ß" * 200, "ﬃ" * 200):
        response = host.post(f"/rooms/{code}/rounds/1/words", json={"word": word})
        assert response.status_code == 200, response.json
