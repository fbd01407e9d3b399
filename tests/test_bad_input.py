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
import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from html_tree import parse

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
    "abcdefghijklmnop\u0130",
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


def case_id(value: Any) -> str:
    """A test id in plain ASCII letters, digits and _.=+-, so it can be named on a command
    line and read back by pytest (repr's backslashes and non-ASCII letters cannot)."""
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", ascii(value))[:48]


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


@pytest.mark.parametrize("value", STRINGS + WRONG_TYPES, ids=case_id)
def test_solve_board_values(client: FlaskClient, value: Any) -> None:
    response = client.post("/solve", json={"board": value})
    if response.status_code == 200:
        # Some odd strings are still boards (none here should be), so say which.
        pytest.fail(f"{value!r} was accepted as a board: {response.json['board']}")
    assert_json_error(response)
    assert_still_serving(client)


@pytest.mark.parametrize("value", [s for s in STRINGS if "\x00" not in s], ids=case_id)
def test_solve_board_in_query_string(client: FlaskClient, value: str) -> None:
    response = client.get("/solve", query_string={"board": value})
    assert_json_error(response)


@pytest.mark.parametrize("field", ["min_length", "dictionary"])
@pytest.mark.parametrize("value", STRINGS[1:] + WRONG_TYPES[1:] + NUMBERS, ids=case_id)
def test_solve_other_fields(client: FlaskClient, field: str, value: Any) -> None:
    response = client.post("/solve", json={"board": "abcdefghijklmnop", field: value})
    assert_json_error(response, (400,))
    assert field.split("_")[0] in response.json["error"]["message"]
    assert_still_serving(client)


@pytest.mark.parametrize(
    "body",
    [b"{", b'{"board": }', b"\xff\xfe\x00", b"null", b"[]", b'"abcd"', b"123", b"", b"{}" * 9],
    ids=case_id,
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


ANN = "Ann"
# Each bad players field, and the one answer it gets: 400 with this code and message.
BAD_PLAYERS: list[tuple[Any, str, str]] = [
    (None, "no_players", "add at least one player, with a name and words"),
    ([], "no_players", "add at least one player, with a name and words"),
    ("Ann", "bad_players", "'players' must be a list of players, not a string"),
    (5, "bad_players", "'players' must be a list of players, not a number"),
    ({"name": "Ann"}, "bad_players", "'players' must be a list of players, not an object"),
    ([None], "bad_players", "player 1 must be an object with a name and words, not null"),
    (["Ann"], "bad_players", "player 1 must be an object with a name and words, not a string"),
    ([{"name": ""}], "bad_player_name", "player 1 has no name"),
    ([{"name": None, "words": []}], "bad_player_name", "player 1 has no name"),
    ([{"name": 5, "words": []}], "bad_player_name", "player 1's name must be text, not a number"),
    (
        [{"name": "x" * 5_000, "words": []}],
        "bad_player_name",
        "player 1's name is 5,000 characters; the limit is 40",
    ),
    (
        [{"name": "Ann\x00", "words": []}],
        "bad_player_name",
        "player 1's name contains control characters",
    ),
    ([{"name": ANN, "words": 5}], "bad_words", "Ann's words must be a list or text, not a number"),
    (
        [{"name": ANN, "words": {"a": 1}}],
        "bad_words",
        "Ann's words must be a list or text, not an object",
    ),
    ([{"name": ANN, "words": [1, 2]}], "bad_words", "Ann's words must be strings, not a number"),
    ([{"name": ANN, "words": [None]}], "bad_words", "Ann's words must be strings, not null"),
    (
        [{"name": ANN, "words": ["cat"] * 10_000}],
        "too_many_words",
        "Ann listed 10,000 words; the limit is 1,000",
    ),
    (
        [{"name": ANN, "words": ["x" * 1_000]}],
        "bad_words",
        "one of Ann's words is 1,000 characters; the limit is 64",
    ),
    (
        [{"name": ANN, "words": []}, {"name": "ann", "words": []}],
        "duplicate_player",
        "two players are called 'ann'",
    ),
    (
        [{"name": f"P{i}", "words": []} for i in range(21)],
        "too_many_players",
        "21 players; the limit is 20",
    ),
]


@pytest.mark.parametrize(
    ("players", "code", "message"), BAD_PLAYERS, ids=[case_id(p) for p, _, _ in BAD_PLAYERS]
)
def test_score_bad_players(client: FlaskClient, players: Any, code: str, message: str) -> None:
    response = client.post("/score", json={"board": "abcdefghijklmnop", "players": players})
    error = assert_json_error(response, (400,))
    assert (error["code"], error["message"], error["field"]) == (code, message, "players")
    assert_still_serving(client)


def test_score_a_name_of_5_mb(client: FlaskClient) -> None:
    body = json.dumps({"board": "abcd", "players": [{"name": "x" * 5_000_000, "words": []}]})
    assert_json_error(client.post("/score", data=body, content_type="application/json"), (413,))


@pytest.mark.parametrize("value", [*STRINGS, 5, None, [[1]]], ids=case_id)
def test_score_bad_board(client: FlaskClient, value: Any) -> None:
    players = [{"name": "Ann", "words": ["cat"]}]
    response = client.post("/score", json={"board": value, "players": players})
    assert_json_error(response)


# What the page answers to each string typed as the board: the status and the message
# beside the field (None: no board given, so the empty form and no message).
PAGE_ANSWERS: dict[str, tuple[int, str | None]] = {
    "": (200, None),
    " ": (200, None),
    "\x1b[31mred": (400, "'\\x1b' (cell 1) is not a letter a-z"),
    "\u202eabcd": (400, "'\\u202e' (cell 1) is not a letter a-z"),
    "жжжж": (400, "'ж' (cell 1) is not a letter a-z"),
    "😀😀😀😀": (400, "'😀' (cell 1) is not a letter a-z"),
    "ｱｲｳｴ": (400, "'ｱ' (cell 1) is not a letter a-z"),
    "İİİİ": (400, "'İ' (cell 1) is not a letter a-z"),
    "ßßßß": (400, "'ß' (cell 1) is not a letter a-z"),
    "<script>alert(1)</script>": (400, "'<' (row 1, cell 1) is not a letter a-z"),
    "' OR 1=1 --": (400, '"\'" (row 1, cell 1) is not a letter a-z'),
    "a" * 10_001: (413, "the board text is 10,001 characters; the limit is 10,000"),
    "q" * 5000: (
        400,
        "5,000 cells cannot make a square board; give the rows, "
        "or the shape first: '50x100:' before the cells",
    ),
    "/" * 1000: (400, "the board is empty"),
    "../../etc/passwd": (400, "row 3 has 3 cells; most have 2"),
    "abcdefghijklmnop\u0130": (400, "'\u0130' (cell 17) is not a letter a-z"),
}


def test_the_page_answers_are_given_for_every_string_without_a_nul() -> None:
    assert sorted(PAGE_ANSWERS) == sorted(s for s in STRINGS if "\x00" not in s)


@pytest.mark.parametrize("value", list(PAGE_ANSWERS), ids=case_id)
def test_page_keeps_the_form_filled_in(client: FlaskClient, value: str) -> None:
    status, message = PAGE_ANSWERS[value]
    response = client.get("/", query_string={"board": value, "min_length": "4"})
    assert response.status_code == status
    assert response.mimetype == "text/html"
    doc = parse(response.get_data(as_text=True))
    assert doc.by_id("board").attrs["value"] == value  # shown back as typed...
    assert "<script>alert" not in response.get_data(as_text=True)  # ...escaped, never markup
    assert doc.find("input", name="min_length").attrs["value"] == "4"
    error = doc.by_id("board-error")
    if message is None:
        assert error is None or not error.text.strip()
    else:
        assert error.text == message
        json_error = client.get("/solve", query_string={"board": value}).json["error"]
        assert (json_error["message"], json_error["field"]) == (message, "board")


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


# --- the wrong cube as data -----------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "cell"),
    [
        ({"board": "abcdefghijklmno7"}, [3, 3]),
        ({"board": "sers patg li!e sers"}, [2, 2]),
        ({"board": [["S", "E"], ["R", "7"]]}, [1, 1]),
        ({"board": "1x3: a ñ o", "dictionary": "de"}, [0, 1]),
        ({"board": "ab/cä", "dictionary": "standard"}, [1, 1]),
        ({"board": "a b c / d th e / f g h", "dictionary": "de"}, [1, 1]),
    ],
)
def test_a_board_error_about_one_cube_gives_its_row_and_column(
    client: FlaskClient, fields: dict[str, Any], cell: list[int]
) -> None:
    error = assert_json_error(client.post("/solve", json=fields), (400,))
    assert (error["code"], error["field"], error["cell"]) == ("bad_board", "board", cell)
    assert "row" not in error


def test_a_row_of_the_wrong_length_is_given_as_its_row(client: FlaskClient) -> None:
    error = assert_json_error(client.get("/solve?board=sers+patg+linex+sers"), (400,))
    assert error["message"] == "row 3 has 5 cells; the others have 4"
    assert error["row"] == 2 and "cell" not in error


def test_an_error_about_the_whole_board_names_no_cube(client: FlaskClient) -> None:
    error = assert_json_error(client.get("/solve?board=hearths"), (400,))
    assert error["code"] == "bad_board" and "cell" not in error and "row" not in error


def test_the_typed_board_is_never_sent(client: FlaskClient) -> None:
    error = assert_json_error(client.get("/solve?board=abc7"), (400,))
    assert set(error) == {"code", "message", "field", "cell"}
