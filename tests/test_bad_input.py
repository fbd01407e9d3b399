"""Whatever a client sends, every route answers a clear 4xx and keeps serving.

A battery of bad input for every route and parameter: malformed JSON, JSON of the
wrong types, empty and huge strings, control characters and NUL bytes, non-Latin
letters and emoji, HTML and script text, wrong methods and content types, duplicated
parameters and absurd numbers. JSON routes answer with the JSON error format; the
page answers with HTML and keeps the form filled in. After each, a normal request
still gets the right answer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

JSON_ROUTES = ("/solve", "/score", "/random", "/lookup", "/define", "/dictionaries", "/healthz")

STRINGS = [
    "",
    " ",
    "\x00",
    "abcd\x00efgh",
    "\x1b[31mred",
    "\u202eabcd",
    "жжжж",
    "😀😀😀😀",
    "ｱｲｳｴ",
    "İİİİ",
    "ßßßß",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "a" * 10_001,
    "q" * 5000,
    "/" * 1000,
    "../../etc/passwd",
]
WRONG_TYPES: list[Any] = [
    None,
    0,
    -1,
    3.5,
    1e309,
    10**40,
    True,
    [],
    [[]],
    [[["a"]]],
    {},
    {"a": "b"},
    [None],
    [1, 2],
]
# The last is a full-width 3: a digit to str.isdigit, not to the API.
NUMBERS = ["-1", "0", "2", "65", "3.5", "1e3", "NaN", "Infinity", "99999999999999999999", "\uff13"]


def assert_json_error(response, statuses: tuple[int, ...] = ()) -> dict[str, Any]:
    """A 4xx with the JSON error format; return the error."""
    assert 400 <= response.status_code < 500, (response.status_code, response.data[:300])
    if statuses:
        assert response.status_code in statuses
    assert response.mimetype == "application/json"
    error = response.json["error"]
    assert isinstance(error["code"], str) and error["code"]
    assert isinstance(error["message"], str) and error["message"]
    return error


def assert_still_serving(client: FlaskClient) -> None:
    """A normal request right after gets the right answer."""
    response = client.get("/solve?board=sers+patg+line+sers&dictionary=common")
    assert response.status_code == 200
    words = {w["word"] for w in response.json["words"]}
    assert {"slate", "tapers", "lines"} <= words


@pytest.mark.parametrize("value", STRINGS + WRONG_TYPES, ids=repr)
def test_solve_board_values(client: FlaskClient, value: Any) -> None:
    response = client.post("/solve", json={"board": value})
    if response.status_code == 200:
        # Some odd strings are still boards (none here should be), so say which.
        pytest.fail(f"{value!r} was accepted as a board: {response.json['board']}")
    assert_json_error(response)
    assert_still_serving(client)


@pytest.mark.parametrize("value", [s for s in STRINGS if "\x00" not in s], ids=repr)
def test_solve_board_in_query_string(client: FlaskClient, value: str) -> None:
    response = client.get("/solve", query_string={"board": value})
    assert_json_error(response)


@pytest.mark.parametrize("field", ["min_length", "dictionary"])
@pytest.mark.parametrize("value", STRINGS[1:] + WRONG_TYPES[1:] + NUMBERS, ids=repr)
def test_solve_other_fields(client: FlaskClient, field: str, value: Any) -> None:
    response = client.post("/solve", json={"board": "abcdefghijklmnop", field: value})
    assert_json_error(response, (400,))
    assert field.split("_")[0] in response.json["error"]["message"]
    assert_still_serving(client)


@pytest.mark.parametrize(
    "body",
    [b"{", b'{"board": }', b"\xff\xfe\x00", b"null", b"[]", b'"abcd"', b"123", b"", b"{}" * 9],
    ids=repr,
)
def test_malformed_json(client: FlaskClient, body: bytes) -> None:
    for route in ("/solve", "/score"):
        response = client.post(route, data=body, content_type="application/json")
        assert_json_error(response, (400,))
    assert_still_serving(client)


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/xml", "image/png", "application/json-patch"]
)
def test_wrong_content_types(client: FlaskClient, content_type: str) -> None:
    for route in ("/solve", "/score"):
        response = client.post(route, data="board=abcd", content_type=content_type)
        assert_json_error(response, (415,))


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
@pytest.mark.parametrize("route", JSON_ROUTES)
def test_wrong_methods(client: FlaskClient, method: str, route: str) -> None:
    response = client.open(route, method=method)
    error = assert_json_error(response, (405,))
    assert method in error["message"]


@pytest.mark.parametrize("route", ["/random", "/lookup", "/define", "/dictionaries", "/healthz"])
def test_post_to_get_only_routes(client: FlaskClient, route: str) -> None:
    assert_json_error(client.post(route, json={}), (405,))


@pytest.mark.parametrize(
    "query",
    [
        "board=abcd&board=efgh",
        "board=abcd&min_length=3&min_length=4",
        "board=abcd&dictionary=common&dictionary=large",
    ],
)
def test_duplicated_parameters(client: FlaskClient, query: str) -> None:
    error = assert_json_error(client.get(f"/solve?{query}"), (400,))
    assert error["code"] == "duplicate_field"


def test_body_over_the_limit(client: FlaskClient) -> None:
    body = json.dumps({"board": "a" * 300_000})
    error = assert_json_error(
        client.post("/solve", data=body, content_type="application/json"), (413,)
    )
    assert "262,144 bytes" in error["message"]
    assert_still_serving(client)


@pytest.mark.parametrize(
    "query",
    [f"seed={n}" for n in NUMBERS if n not in ("0", "2", "65")]
    + [f"dice={s}" for s in ("nope", "<b>", "x" * 200)]
    + [f"rows={n}" for n in NUMBERS if n not in ("2",)]
    + ["rows=100&cols=100", "rows=1000000000&cols=1", "cols=-5"],
)
def test_random_bad_fields(client: FlaskClient, query: str) -> None:
    assert_json_error(client.get(f"/random?{query}"))
    assert client.get("/random?dice=new&seed=1").status_code == 200


@pytest.mark.parametrize(
    "query", ["", "word=", "word=" + "a" * 200, "word=cat&dictionary=nope", "word=a&word=b"]
)
def test_lookup_bad_fields(client: FlaskClient, query: str) -> None:
    assert_json_error(client.get(f"/lookup?{query}"), (400,))


@pytest.mark.parametrize("value", [s for s in STRINGS if "\x00" not in s], ids=repr)
def test_define_bad_words(client: FlaskClient, value: str) -> None:
    # None of these strings is a word; each is refused as such, none is looked up.
    error = assert_json_error(client.get("/define", query_string={"word": value}), (400,))
    assert error["code"] in ("missing_word", "bad_word")
    assert error["field"] == "word"
    assert client.get("/define?word=ran").json["entries"][0]["lemma"] == "run"


@pytest.mark.parametrize(
    "query", ["word=a&word=b", "word=%00", "word=c%0At", "word=ca%09t", "word=" + "e" * 65]
)
def test_define_bad_fields(client: FlaskClient, query: str) -> None:
    assert_json_error(client.get(f"/define?{query}"), (400,))


def test_define_a_word_wordnet_lacks_is_a_404_not_a_guess(client: FlaskClient) -> None:
    error = assert_json_error(client.get("/define?word=xyzzyq"), (404,))
    assert error["code"] == "no_definition"


@pytest.mark.parametrize(
    "players",
    [
        None,
        [],
        "Ann",
        5,
        {"name": "Ann"},
        [None],
        ["Ann"],
        [{"name": ""}],
        [{"name": None, "words": []}],
        [{"name": 5, "words": []}],
        [{"name": "x" * 5_000, "words": []}],
        [{"name": "Ann\x00", "words": []}],
        [{"name": "Ann", "words": 5}],
        [{"name": "Ann", "words": {"a": 1}}],
        [{"name": "Ann", "words": [1, 2]}],
        [{"name": "Ann", "words": [None]}],
        [{"name": "Ann", "words": ["cat"] * 10_000}],
        [{"name": "Ann", "words": ["x" * 1_000]}],
        [{"name": "Ann", "words": []}, {"name": "ann", "words": []}],
        [{"name": f"P{i}", "words": []} for i in range(21)],
    ],
    ids=lambda p: repr(p)[:60],
)
def test_score_bad_players(client: FlaskClient, players: Any) -> None:
    response = client.post("/score", json={"board": "abcdefghijklmnop", "players": players})
    assert_json_error(response, (400, 413))
    assert_still_serving(client)


def test_score_a_name_of_5_mb(client: FlaskClient) -> None:
    body = json.dumps({"board": "abcd", "players": [{"name": "x" * 5_000_000, "words": []}]})
    assert_json_error(client.post("/score", data=body, content_type="application/json"), (413,))


@pytest.mark.parametrize("value", [*STRINGS, 5, None, [[1]]], ids=repr)
def test_score_bad_board(client: FlaskClient, value: Any) -> None:
    players = [{"name": "Ann", "words": ["cat"]}]
    response = client.post("/score", json={"board": value, "players": players})
    assert_json_error(response)


@pytest.mark.parametrize("value", [s for s in STRINGS if "\x00" not in s], ids=repr)
def test_page_keeps_the_form_filled_in(client: FlaskClient, value: str) -> None:
    response = client.get("/", query_string={"board": value, "min_length": "4"})
    assert response.status_code in (200, 400, 413)
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    if value.strip():
        assert response.status_code != 200
        assert "<script>alert" not in page  # shown back escaped, never as markup
    assert 'value="4"' in page


@pytest.mark.parametrize(
    "query", ["min_length=-1", "min_length=NaN", "dictionary=<b>x</b>", "board=a&board=b"]
)
def test_page_bad_fields(client: FlaskClient, query: str) -> None:
    response = client.get(f"/?board=abcdefghijklmnop&{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert "<b>x</b>" not in page
    assert 'value="abcdefghijklmnop"' in page  # the form is kept filled in


def test_unknown_address(client: FlaskClient) -> None:
    assert client.get("/nope").status_code == 404
    error = assert_json_error(client.get("/nope", headers={"Accept": "application/json"}))
    assert error["code"] == "not_found"


@pytest.mark.parametrize(
    ("route", "body", "field"),
    [
        ("/solve", {"board": "ab7"}, "board"),
        ("/solve", {}, "board"),
        ("/solve", {"board": "abcd", "min_length": 2}, "min_length"),
        ("/solve", {"board": "abcd", "dictionary": "nope"}, "dictionary"),
        ("/score", {"board": "abcd", "players": []}, "players"),
        ("/score", {"board": "abcd", "players": [{"name": ""}]}, "players"),
        ("/define", {"word": "c4t"}, "word"),
        ("/define", {}, "word"),
    ],
)
def test_errors_name_their_field(client: FlaskClient, route: str, body: dict, field: str) -> None:
    if route == "/define":  # GET only
        response = client.get(route, query_string=body)
    else:
        response = client.post(route, json=body)
    assert assert_json_error(response)["field"] == field


def test_errors_about_the_whole_request_name_no_field(client: FlaskClient) -> None:
    error = assert_json_error(client.post("/solve", data=b"{", content_type="application/json"))
    assert "field" not in error
