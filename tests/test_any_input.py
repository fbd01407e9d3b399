"""Whatever a client sends, every route answers 2xx-4xx in its error format and keeps working.

Hypothesis generates JSON values of any shape, strings with any code point (lone
surrogates included, where JSON can carry them) and field names of its own, and
sends them to every route as JSON bodies, forms and query strings.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples
from werkzeug.datastructures import MultiDict

from boggle import Dictionary, parse_board, solve

#: Every route and the methods it takes.
ROUTES = [
    ("GET", "/solve"),
    ("POST", "/solve"),
    ("POST", "/score"),
    ("GET", "/lookup"),
    ("GET", "/random"),
    ("GET", "/dictionaries"),
    ("GET", "/healthz"),
    ("GET", "/"),
    ("GET", "/scoring"),
    ("POST", "/scoring"),
    ("GET", "/practice"),
]
#: Routes whose every answer is JSON; the others are pages.
JSON_ROUTES = {"/solve", "/score", "/lookup", "/random", "/dictionaries", "/healthz"}
#: The fields the routes read, so that generated values reach the code that reads them.
FIELDS = [
    "board",
    "min_length",
    "dictionary",
    "players",
    "word",
    "dice",
    "seed",
    "rows",
    "cols",
    "size",
    "seconds",
    "name",
    "words",
]

#: Characters that have broken a reader before, mixed into the generated text: a letter
#: whose lower case is longer, a lone surrogate, Qu, blanks and separators.
AWKWARD = "\u0130\ud800qQu#./, \n\x00"
any_text = st.text(  # any code point, lone surrogates too
    st.characters(exclude_categories=()) | st.sampled_from(AWKWARD) | st.sampled_from("abcse"),
    max_size=30,
)
url_text = st.text(  # what a URL or form carries: no surrogates
    st.characters(exclude_categories=("Cs",)) | st.sampled_from(AWKWARD.replace("\ud800", "")),
    max_size=30,
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(FIELDS) | any_text
json_bodies = (
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5)
    | st.dictionaries(field_names, json_values, max_size=5)
    | json_values
)
form_fields = st.lists(st.tuples(st.sampled_from(FIELDS) | url_text, url_text), max_size=6)

NORMAL_BOARD = "serspatglinesers"


@pytest.fixture(scope="module")
def normal_count(standard: Dictionary) -> int:
    """How many words the normal request's board has, computed by the engine."""
    return solve(parse_board(NORMAL_BOARD), standard).count


def check_answer(method: str, path: str, response: Any) -> None:
    """No 5xx, and an error in the route's format."""
    assert response.status_code < 500, (method, path, response.get_data(as_text=True)[:300])
    if path in JSON_ROUTES:
        assert response.mimetype == "application/json"
        document = response.get_json()
        if response.status_code >= 400:
            assert set(document["error"]) >= {"code", "message"}
            assert document["error"]["message"]
    else:
        assert response.mimetype == "text/html"


def check_still_correct(client: FlaskClient, count: int) -> None:
    """A normal request right after is answered in full."""
    response = client.get("/solve", query_string={"board": NORMAL_BOARD})
    assert response.status_code == 200
    assert response.json["count"] == count


FUZZ = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@settings(FUZZ, max_examples=examples(100))
@given(body=json_bodies, route=st.sampled_from([r for r in ROUTES if r[0] == "POST"]))
def test_any_json_body_is_answered_in_the_error_format(
    client: FlaskClient, normal_count: int, body: Any, route: tuple[str, str]
) -> None:
    method, path = route
    # json.dumps writes a lone surrogate as a \ud800 escape, which is valid JSON text.
    response = client.open(
        path, method=method, data=json.dumps(body), content_type="application/json"
    )
    check_answer(method, path, response)
    check_still_correct(client, normal_count)


@FUZZ
@given(fields=form_fields, route=st.sampled_from(ROUTES))
def test_any_query_or_form_is_answered_in_the_error_format(
    client: FlaskClient, normal_count: int, fields: list[tuple[str, str]], route: tuple[str, str]
) -> None:
    method, path = route
    if method == "GET":
        response = client.get(path, query_string=MultiDict(fields))
    else:
        response = client.post(path, data=MultiDict(fields))
    check_answer(method, path, response)
    check_still_correct(client, normal_count)


@FUZZ
@given(
    body=json_bodies,
    route=st.sampled_from(ROUTES),
    accept=st.sampled_from(["application/json", "text/html", "*/*"]),
)
def test_any_body_with_any_method_keeps_the_server_whole(
    app: Flask,
    client: FlaskClient,
    normal_count: int,
    body: Any,
    route: tuple[str, str],
    accept: str,
) -> None:
    _, path = route
    # The wrong method, a body where none is read, and a client asking for either format.
    for method in ("PUT", "DELETE", "PATCH", "GET", "POST"):
        response = client.open(
            path,
            method=method,
            data=json.dumps(body),
            content_type="application/json",
            headers={"Accept": accept},
        )
        assert response.status_code < 500, (method, path, response.get_data(as_text=True)[:300])
        if response.status_code == 405:
            assert "Allow" in response.headers
    check_still_correct(client, normal_count)
