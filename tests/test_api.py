"""Tests for the JSON API in app.py: /solve, /random, /dictionaries, /healthz."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_budget import examples
from reference import is_valid_path, reference_words
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from app import create_app
from boggle import Catalog, parse_board, random_board, solve, solver
from boggle.dice import ALL_DICE_SETS, DEFAULT_SET_FOR_SIZE, DICE_SETS, nearest_set
from boggle.scoring import word_score

SOLVE_KEYS = [
    "board",
    "rows",
    "cols",
    "text",
    "dictionary",
    "min_length",
    "count",
    "total_score",
    "words",
    "elapsed_ms",
    "summary",
]
BOARD = "serspatglinesers"


def check_headers(response: TestResponse) -> None:
    """The security headers every response carries."""
    policy = response.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in policy
    assert "default-src 'self'" in policy
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "same-origin"
    assert response.headers.get("X-Frame-Options") == "DENY"


def check_error(response: TestResponse, status: int, code: str) -> dict:
    """A JSON error: {"error": {"code", "message"}} with this status; return the error."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert list(body) == ["error"]
    error = body["error"]
    assert error["code"] == code
    assert isinstance(error["message"], str) and error["message"].strip()
    check_headers(response)
    return error


def check_solve_document(document: dict, catalog: Catalog) -> None:
    """The GUIDE's /solve shape: keys in order, words sorted, scores and paths right."""
    rows, cols = document["rows"], document["cols"]
    # A board of a size some dice make is rated among their rolls (boggle/ratings.py).
    rated = (rows, cols) in DEFAULT_SET_FOR_SIZE
    assert list(document) == SOLVE_KEYS + (["rating"] if rated else [])
    assert len(document["board"]) == rows
    assert all(len(row) == cols for row in document["board"])
    board = parse_board(document["board"])
    dictionary = catalog.get(document["dictionary"])
    words = document["words"]
    assert document["count"] == len(words)
    assert document["total_score"] == sum(w["score"] for w in words)
    assert [(-w["score"], w["word"]) for w in words] == sorted(
        (-w["score"], w["word"]) for w in words
    )
    for w in words:
        assert list(w) == ["word", "score", "path"]
        assert w["word"] in dictionary
        assert len(w["word"]) >= document["min_length"]
        assert w["score"] == word_score(w["word"])
        assert is_valid_path(board, w["word"], [tuple(cell) for cell in w["path"]])
    assert isinstance(document["elapsed_ms"], int | float) and document["elapsed_ms"] >= 0


# --- /solve answers ------------------------------------------------------------------


def test_get_solve(client: FlaskClient, catalog: Catalog) -> None:
    response = client.get("/solve", query_string={"board": BOARD})
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    document = response.get_json()
    check_solve_document(document, catalog)
    assert document["board"] == [list("SERS"), list("PATG"), list("LINE"), list("SERS")]
    assert (document["rows"], document["cols"]) == (4, 4)
    assert document["dictionary"] == "standard"
    assert document["min_length"] == 3
    assert {"word": "slate", "score": 2, "path": [[3, 0], [2, 0], [1, 1], [1, 2], [0, 1]]} in (
        document["words"]
    )
    # The README's figures for this board, and its first word with the path it gives.
    assert (document["count"], document["total_score"]) == (867, 2576)
    assert document["words"][0] == {
        "word": "arteries",
        "score": 11,
        "path": [[1, 1], [0, 2], [1, 2], [2, 3], [3, 2], [2, 1], [3, 1], [3, 0]],
    }
    # The plain reference search finds the same words.
    assert {w["word"] for w in document["words"]} == reference_words(
        parse_board(BOARD), list(catalog.get("standard")), 3
    )
    check_headers(response)


def test_get_solve_on_a_board_with_qu_worked_by_hand(client: FlaskClient, catalog: Catalog) -> None:
    #   Qu I  T
    #   E  A  S
    #   R  N  D     every letter once, so each word has one path
    response = client.get(
        "/solve", query_string={"board": "qu i t / e a s / r n d", "dictionary": "common"}
    )
    document = response.get_json()
    words = {w["word"]: (w["score"], w["path"]) for w in document["words"]}
    assert words["nastier"] == (5, [[2, 1], [1, 1], [1, 2], [0, 2], [0, 1], [1, 0], [2, 0]])
    assert words["quits"] == (2, [[0, 0], [0, 1], [0, 2], [1, 2]])
    assert words["stand"] == (2, [[1, 2], [0, 2], [1, 1], [2, 1], [2, 2]])
    assert words["quad"] == (1, [[0, 0], [1, 1], [2, 2]])
    assert "quite" not in words  # no E beside the T
    # Counted with the plain reference search: 55 words, 71 points.
    assert (document["count"], document["total_score"]) == (55, 71)
    assert set(words) == reference_words(
        parse_board("qu i t / e a s / r n d"), list(catalog.get("common")), 3
    )


# The rules' points by length, written out by hand for the summary's expected sums.
POINTS_BY_HAND = {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}


def test_solve_sends_the_summary_the_page_lays_out(client: FlaskClient, catalog: Catalog) -> None:
    document = client.get("/solve", query_string={"board": BOARD}).get_json()
    # Counted from the plain reference search, with the points table above (8+ is 11).
    words = reference_words(parse_board(BOARD), list(catalog.get("standard")), 3)
    rows: dict[int, list[int]] = {}
    for word in words:
        row = rows.setdefault(len(word), [0, 0])
        row[0] += 1
        row[1] += POINTS_BY_HAND.get(len(word), 11)
    summary = document["summary"]
    assert [(r["length"], r["count"], r["points"]) for r in summary["by_length"]] == [
        (length, count, points) for length, (count, points) in sorted(rows.items())
    ]
    for r in summary["by_length"]:
        noun = "word" if r["count"] == 1 else "words"
        assert r["text"] == f"{r['count']:,} {noun}, {r['points']:,} points"
    assert summary["line"] == "Found 867 words worth 2,576 points."
    long_points = sum(points for length, (_, points) in rows.items() if length >= 5)
    assert summary["long_share"] == round(long_points / 2576, 4)
    assert summary["long_share_text"] == f"{round(100 * long_points / 2576)}%"
    longest = sorted(words, key=lambda w: (-len(w), w))[:5]
    assert summary["longest"] == longest


def test_a_board_without_words_says_so_in_the_summary(client: FlaskClient) -> None:
    document = client.get("/solve", query_string={"board": "xq zj", "min_length": 4}).get_json()
    assert document["count"] == 0
    assert document["summary"] == {
        "by_length": [],
        "longest": [],
        "long_share": 0.0,
        "long_share_text": "0%",
        "line": "No words of 4 letters or more on this board.",
    }


def test_post_json(client: FlaskClient, catalog: Catalog) -> None:
    board = [["Qu", "A", "#", "S"], ["Th", "E", "R", "S"], ["In", "An", "He", "Er"], list("TEAS")]
    response = client.post("/solve", json={"board": board, "min_length": 4, "dictionary": "common"})
    assert response.status_code == 200
    document = response.get_json()
    check_solve_document(document, catalog)
    assert document["board"] == board
    assert (document["dictionary"], document["min_length"]) == ("common", 4)
    parsed = parse_board(board)
    assert {w["word"] for w in document["words"]} == reference_words(
        parsed, list(catalog.get("common")), 4
    )


def test_post_json_text_board(client: FlaskClient, catalog: Catalog) -> None:
    response = client.post("/solve", json={"board": "sers / patg / line / sers"})
    assert response.status_code == 200
    document = response.get_json()
    check_solve_document(document, catalog)
    get = client.get("/solve", query_string={"board": BOARD}).get_json()
    assert document["words"] == get["words"]


def test_post_json_min_length_as_text(client: FlaskClient) -> None:
    response = client.post("/solve", json={"board": BOARD, "min_length": " 5 "})
    assert response.status_code == 200
    assert response.get_json()["min_length"] == 5


def test_post_form(client: FlaskClient, catalog: Catalog) -> None:
    response = client.post(
        "/solve", data={"board": BOARD, "min_length": "5", "dictionary": "large"}
    )
    assert response.status_code == 200
    document = response.get_json()
    check_solve_document(document, catalog)
    assert (document["dictionary"], document["min_length"]) == ("large", 5)
    assert all(len(w["word"]) >= 5 for w in document["words"])


def test_post_multipart_form(client: FlaskClient) -> None:
    response = client.post("/solve", data={"board": BOARD}, content_type="multipart/form-data")
    assert response.status_code == 200
    assert response.get_json()["count"] > 0


@pytest.mark.parametrize("dictionary", ["common", "standard", "large"])
def test_each_dictionary(client: FlaskClient, catalog: Catalog, dictionary: str) -> None:
    response = client.get("/solve", query_string={"board": BOARD, "dictionary": dictionary})
    document = response.get_json()
    assert document["dictionary"] == dictionary
    assert document["count"] == solve(parse_board(BOARD), catalog.get(dictionary)).count


def test_board_syntaxes_agree(client: FlaskClient) -> None:
    forms = [
        BOARD,
        "SERS PATG LINE SERS",
        "sers,patg,line,sers",
        "sers\r\npatg\r\nline\r\nsers\r\n",
        "s e r s / p a t g / l i n e / s e r s",
    ]
    documents = [client.get("/solve", query_string={"board": f}).get_json() for f in forms]
    documents.append(
        client.post("/solve", json={"board": ["sers", "patg", "line", "sers"]}).get_json()
    )
    words = [d["words"] for d in documents]
    assert all(w == words[0] for w in words)


# --- /solve errors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "code", "message"),
    [
        ({}, "missing_board", "board"),
        ({"board": "   "}, "missing_board", "board"),
        ({"board": "abcd efgh ijklm nopq"}, "bad_board", "row 3 has 5 cells; the others have 4"),
        ({"board": "abcdefgh7ijklmnop"}, "bad_board", "'7' (cell 9) is not a letter a-z"),
        ({"board": "abcdefghijklmnopq"}, "bad_board", "17 cells cannot make a square board"),
        ({"board": "ab\x00cd"}, "bad_board", "NUL"),
        ({"board": BOARD, "min_length": "2"}, "bad_min_length", "from 3 to 64"),
        ({"board": BOARD, "min_length": "65"}, "bad_min_length", "from 3 to 64"),
        ({"board": BOARD, "min_length": "four"}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": "-3"}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": "3.5"}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": "99999999"}, "bad_min_length", "whole number"),
        ({"board": BOARD, "dictionary": "huge"}, "unknown_dictionary", "common, standard, large"),
        ({"board": BOARD, "dictionary": "x" * 101}, "bad_dictionary", "short"),
    ],
)
def test_get_errors(client: FlaskClient, query: dict, code: str, message: str) -> None:
    error = check_error(client.get("/solve", query_string=query), 400, code)
    assert message in error["message"]


def test_unknown_dictionary_lists_the_choices(client: FlaskClient) -> None:
    response = client.get("/solve", query_string={"board": BOARD, "dictionary": "huge"})
    error = check_error(response, 400, "unknown_dictionary")
    assert error["choices"] == ["common", "standard", "large", "de", "fr", "es", "it", "nl"]
    assert "'huge'" in error["message"]


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [
        ({}, "missing_board", "board"),
        ({"board": None}, "missing_board", "board"),
        ({"board": 1234}, "bad_board", "not a number"),
        ({"board": True}, "bad_board", "not true or false"),
        ({"board": {"rows": 4}}, "bad_board", "not an object"),
        ({"board": []}, "bad_board", "empty"),
        ({"board": [[]]}, "bad_board", "row 1 is empty"),
        ({"board": [["a", "b"], ["c"]]}, "bad_board", "row 2 has 1 cell; the others have 2"),
        ({"board": [["a", 1], ["c", "d"]]}, "bad_board", "row 1, cell 2"),
        ({"board": [["a", "b"], 7]}, "bad_board", "row 2"),
        ({"board": [["abcdefghijk"]]}, "bad_board", "not a cube face"),
        ({"board": BOARD, "min_length": 2}, "bad_min_length", "from 3 to 64"),
        ({"board": BOARD, "min_length": 100}, "bad_min_length", "from 3 to 64"),
        ({"board": BOARD, "min_length": 3.5}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": 4.0}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": True}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": [4]}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": {"n": 4}}, "bad_min_length", "whole number"),
        ({"board": BOARD, "min_length": "x"}, "bad_min_length", "whole number"),
        ({"board": BOARD, "dictionary": "huge"}, "unknown_dictionary", "huge"),
        ({"board": BOARD, "dictionary": 3}, "bad_dictionary", "name"),
        ({"board": BOARD, "dictionary": ["common"]}, "bad_dictionary", "name"),
    ],
)
def test_post_json_errors(client: FlaskClient, body: dict, code: str, message: str) -> None:
    error = check_error(client.post("/solve", json=body), 400, code)
    assert message in error["message"]


def test_duplicate_query_fields(client: FlaskClient) -> None:
    for query in ("board=abcd&board=efgh", f"board={BOARD}&min_length=3&min_length=4"):
        error = check_error(client.get(f"/solve?{query}"), 400, "duplicate_field")
        assert "once" in error["message"]
    form = MultiDict([("board", BOARD), ("board", BOARD)])
    check_error(client.post("/solve", data=form), 400, "duplicate_field")


def test_field_in_both_form_and_query_is_a_duplicate(client: FlaskClient) -> None:
    # "a name given twice is an error, not a guess" (web/params.py); a board in the query
    # string and another in the form is given twice.
    response = client.post("/solve?board=abcd", data={"board": BOARD})
    check_error(response, 400, "duplicate_field")


@pytest.mark.parametrize("body", ["{", '{"board": }', "", "nul", '{"board": "abcd"} x'])
def test_malformed_json(client: FlaskClient, body: str) -> None:
    response = client.post("/solve", data=body, content_type="application/json")
    check_error(response, 400, "bad_json")


@pytest.mark.parametrize(
    ("body", "kind"),
    [("[1, 2]", "an array"), ('"abcd"', "a string"), ("42", "a number"), ("null", "null")],
)
def test_json_that_is_not_an_object(client: FlaskClient, body: str, kind: str) -> None:
    response = client.post("/solve", data=body, content_type="application/json")
    error = check_error(response, 400, "bad_json")
    assert kind in error["message"]


@pytest.mark.parametrize("content_type", ["text/plain", "application/xml", "image/png"])
def test_wrong_content_type(client: FlaskClient, content_type: str) -> None:
    response = client.post("/solve", data=BOARD, content_type=content_type)
    error = check_error(response, 415, "unsupported_media_type")
    assert content_type in error["message"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("put", "/solve"),
        ("delete", "/solve"),
        ("patch", "/solve"),
        ("post", "/random"),
        ("delete", "/random"),
        ("post", "/dictionaries"),
        ("put", "/healthz"),
    ],
)
def test_wrong_method(client: FlaskClient, method: str, path: str) -> None:
    response = getattr(client, method)(path)
    error = check_error(response, 405, "method_not_allowed")
    assert path in error["message"]
    assert method.upper() in error["message"]
    assert "GET" in error["message"]


def test_body_over_the_limit(client: FlaskClient, app: Flask) -> None:
    limit = app.config["MAX_CONTENT_LENGTH"]
    board = "a" * (limit + 10)
    for response in (
        client.post("/solve", data=f'{{"board": "{board}"}}', content_type="application/json"),
        client.post("/solve", data={"board": board}),
    ):
        error = check_error(response, 413, "request_entity_too_large")
        assert f"{limit:,}" in error["message"]


def test_board_over_max_cells(client: FlaskClient, app: Flask) -> None:
    cells = app.config["MAX_CELLS"]
    side = 41
    assert side * side > cells
    error = check_error(
        client.get("/solve", query_string={"board": "a" * side * side}), 413, "board_too_large"
    )
    assert f"{cells:,}" in error["message"]
    rows = [["e"] * side for _ in range(side)]
    check_error(client.post("/solve", json={"board": rows}), 413, "board_too_large")
    # Within the limit it is solved.
    assert client.get("/solve", query_string={"board": "e" * 40 * 40}).status_code == 200


def test_board_over_max_side(client: FlaskClient, app: Flask) -> None:
    side = app.config["MAX_SIDE"] + 1
    rows = [["a"] * side, ["b"] * side]
    check_error(client.post("/solve", json={"board": rows}), 413, "board_too_large")


def test_board_text_over_max_chars(client: FlaskClient, app: Flask) -> None:
    limit = app.config["MAX_BOARD_CHARS"]
    text = "ab " * (limit // 3 + 1)
    error = check_error(client.get("/solve", query_string={"board": text}), 413, "board_too_long")
    assert f"{limit:,}" in error["message"]


def test_search_over_budget_is_422(cache_dir: Path) -> None:
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "SOLVE_BUDGET": 0.001})
    client = app.test_client()
    board, _ = random_board("superbig", seed=1, rows=40, cols=40)
    response = client.post("/solve", json={"board": str(board)})
    check_error(response, 422, "search_budget_exceeded")


def test_configuration_from_the_environment(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOGGLE_MAX_CELLS", "20")
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)})
    client = app.test_client()
    assert client.get("/solve", query_string={"board": BOARD}).status_code == 200
    check_error(client.get("/solve", query_string={"board": "a" * 25}), 413, "board_too_large")


# Requests built with one bad field at most, each with the one answer it must get: with
# every field good, the solution; with one bad, a 400 naming that field with its code.
GOOD_FACES = ["a", "e", "s", "t", "r", "n", "o", "l", "qu", "th", "in", "#"]
ABSENT = object()  # the field is left out of the request


@st.composite
def good_boards(draw: st.DrawFn, as_text: bool = False) -> tuple[Any, list[list[str]]]:
    """A board as a client sends it (text, or in JSON a list of rows) and its faces as shown."""
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    faces = draw(st.lists(st.sampled_from(GOOD_FACES), min_size=rows * cols, max_size=rows * cols))
    grid = [faces[r * cols : (r + 1) * cols] for r in range(rows)]
    shown = [[face.capitalize() for face in row] for row in grid]
    if as_text or draw(st.booleans()):
        return " / ".join(" ".join(row) for row in grid), shown
    return shown, shown


def bad_boards(as_text: bool = False) -> st.SearchStrategy[tuple[Any, str]]:
    """A board value that is wrong, and the code of the error it must get."""
    # A stray character in an otherwise good board.
    stray = st.tuples(good_boards(as_text=True), st.sampled_from("7!é\u212a\u0130")).map(
        lambda t: (t[0][0].replace(t[0][0][0], t[1], 1), "bad_board")
    )
    blank = st.sampled_from(["", "   "]).map(lambda v: (v, "missing_board"))
    if as_text:
        return stray | blank
    wrong_type = (st.integers() | st.floats(allow_nan=False) | st.booleans()).map(
        lambda v: (v, "bad_board")
    )
    return (
        stray
        | blank
        | wrong_type
        | st.just((None, "missing_board"))
        | st.just(({"board": "abcd"}, "bad_board"))
        | st.just(([["a", "b"], ["c"]], "bad_board"))
        | st.just(([[1, 2], [3, 4]], "bad_board"))
    )


def good_min_lengths(as_text: bool = False) -> st.SearchStrategy[tuple[Any, int]]:
    """A min_length as sent (absent or empty means the default, 3) and its value."""
    numbers = st.integers(3, 64)
    sent = numbers.map(lambda n: (str(n), n))
    if not as_text:
        sent |= numbers.map(lambda n: (n, n)) | st.just((None, 3))
    return sent | st.just((ABSENT, 3)) | st.just(("", 3))


def bad_min_lengths(as_text: bool = False) -> st.SearchStrategy[Any]:
    """A min_length that is not a whole number from 3 to 64."""
    out_of_range = st.integers(-1000, 2) | st.integers(65, 10**30)
    text = out_of_range.map(str) | st.sampled_from(["x", "3.0", "+4", " ", "1e3", "\uff13"])
    if as_text:
        return text
    return text | out_of_range | st.sampled_from([3.5, 4.0, True, False, [], [3], {"n": 3}])


GOOD_DICTIONARIES = st.sampled_from(
    [
        (ABSENT, "standard"),
        ("", "standard"),
        ("common", "common"),
        ("standard", "standard"),
        ("large", "large"),
        (" common ", "common"),
    ]
)


def bad_dictionaries(as_text: bool = False) -> st.SearchStrategy[tuple[Any, str]]:
    """A dictionary field that names no shipped list, and its error code."""
    unknown = st.sampled_from(["nope", "english", "standard2", "<b>"]).map(
        lambda v: (v, "unknown_dictionary")
    )
    too_long = st.just(("x" * 101, "bad_dictionary"))
    if as_text:
        return unknown | too_long
    return (
        unknown
        | too_long
        | st.sampled_from([5, True, ["common"]]).map(lambda v: (v, "bad_dictionary"))
    )


@st.composite
def solve_requests(draw: st.DrawFn, as_text: bool = False) -> tuple[dict, int, Any]:
    """Fields for /solve, the status they must get, and the board or the error code expected."""
    bad = draw(st.sampled_from([None, "board", "min_length", "dictionary"]))
    board, shown = draw(good_boards(as_text))
    min_length, length = draw(good_min_lengths(as_text))
    dictionary, name = draw(GOOD_DICTIONARIES)
    expected: Any = (shown, length, name)
    if bad == "board":
        board, expected = draw(bad_boards(as_text))
    elif bad == "min_length":
        min_length, expected = draw(bad_min_lengths(as_text)), "bad_min_length"
    elif bad == "dictionary":
        dictionary, expected = draw(bad_dictionaries(as_text))
    sent = {"board": board, "min_length": min_length, "dictionary": dictionary}
    fields = {key: value for key, value in sent.items() if value is not ABSENT}
    return fields, 200 if bad is None else 400, (bad, expected)


def check_solve_answer(
    response: TestResponse, status: int, expected: tuple[str | None, Any], catalog: Catalog
) -> None:
    """The one right answer: the solution of the board sent, or an error about the bad field."""
    bad, detail = expected
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    document = response.get_json()
    if bad is None:
        shown, min_length, name = detail
        assert (document["board"], document["min_length"], document["dictionary"]) == (
            shown,
            min_length,
            name,
        )
        check_solve_document(document, catalog)
    else:
        assert list(document) == ["error"]
        assert (document["error"]["code"], document["error"]["field"]) == (detail, bad)
        assert document["error"]["message"].strip()


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(solve_requests())
def test_each_json_request_to_solve_gets_its_one_right_answer(
    app: Flask, catalog: Catalog, request: tuple[dict, int, Any]
) -> None:
    fields, status, expected = request
    response = app.test_client().post("/solve", json=fields)
    check_solve_answer(response, status, expected, catalog)


@settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(solve_requests(as_text=True))
def test_each_query_to_solve_gets_its_one_right_answer(
    app: Flask, catalog: Catalog, request: tuple[dict, int, Any]
) -> None:
    fields, status, expected = request
    response = app.test_client().get("/solve", query_string=fields)
    check_solve_answer(response, status, expected, catalog)


# --- /random -------------------------------------------------------------------------


def test_random_with_seed_is_stable(client: FlaskClient) -> None:
    first = client.get("/random", query_string={"seed": 42})
    assert first.status_code == 200
    document = first.get_json()
    assert list(document) == ["board", "rows", "cols", "text", "dice", "seed", "min_length"]
    assert document["seed"] == 42
    assert (document["rows"], document["cols"], document["dice"]) == (4, 4, "new")
    assert document["min_length"] == 3
    assert client.get("/random?seed=42").get_json() == document
    board = random_board("new", 42)[0]
    assert document["board"] == board.display_rows()
    assert parse_board(document["text"]) == board
    check_headers(first)


def test_random_without_seed_gives_one_that_rolls_again(client: FlaskClient) -> None:
    document = client.get("/random").get_json()
    again = client.get("/random", query_string={"seed": document["seed"]}).get_json()
    assert again == document


@pytest.mark.parametrize("dice", list(DICE_SETS))
def test_random_dice_sets(client: FlaskClient, dice: str) -> None:
    document = client.get("/random", query_string={"dice": dice, "seed": 7}).get_json()
    chosen = DICE_SETS[dice]
    assert document["dice"] == dice
    assert (document["rows"], document["cols"]) == (chosen.rows, chosen.cols)
    assert document["min_length"] == chosen.min_length
    assert parse_board(document["board"]) == random_board(dice, 7)[0]
    assert parse_board(document["text"]) == random_board(dice, 7)[0]


# Seed 5 at each size: the board (pinned, so that a change to the rolls shows), and the
# set it comes from, the one nearest in cell count (worked by hand: 4x4 has 16 cells,
# 5x5 25, 6x6 36), with that set's shortest word.
RANDOM_SIZES = {
    (3, 3): ("lmr rur yhe", "new", 3),
    (5, 5): ("ieaes otpmn adiho eefos riezn", "big", 3),
    (6, 6): (
        "i e h j o t / n u e m w c / e d e e f o / f l c he p n / s a n y r e / e r e qu n t",
        "superbig",
        4,
    ),
    (3, 8): ("thrauian erfihoeo ifcitsnn", "big", 3),
    (7, 7): (
        "# u r d z r u / r t n a u t j / n t a e i n d / n e h d i n f / o e i y m y i / "
        "e s n a n o o / y e n a a n j",
        "superbig",
        4,
    ),
    (6, 5): ("thrau ianer fihoe oifci tsnna utega", "big", 3),
    (1, 5): ("1x5: l m r r u", "new", 3),
}


@pytest.mark.parametrize(("rows", "cols"), list(RANDOM_SIZES))
def test_random_sizes(client: FlaskClient, rows: int, cols: int) -> None:
    response = client.get("/random", query_string={"rows": rows, "cols": cols, "seed": 5})
    assert response.status_code == 200
    document = response.get_json()
    assert (document["rows"], document["cols"]) == (rows, cols)
    text, dice, min_length = RANDOM_SIZES[rows, cols]
    assert (document["text"], document["dice"], document["min_length"]) == (text, dice, min_length)
    board = random_board(None, 5, rows, cols)[0]
    assert document["board"] == board.display_rows()
    # The dice named are the dice the board was rolled from, with their rules.
    used = nearest_set(rows, cols)
    assert document["dice"] == used.name
    assert document["min_length"] == used.min_length
    assert set(board.faces) <= set(used.faces)


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 8), (7, 7), (10, 10), (1, 5), (6, 1)])
def test_random_text_reads_back(client: FlaskClient, rows: int, cols: int) -> None:
    # "text" is the board in the syntax /solve reads: solving it gives the same board.
    response = client.get("/random", query_string={"rows": rows, "cols": cols, "seed": 5})
    document = response.get_json()
    assert parse_board(document["text"]) == parse_board(document["board"])
    solved = client.get("/solve", query_string={"board": document["text"]})
    assert solved.status_code == 200
    assert solved.get_json()["board"] == document["board"]


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({"dice": "huge"}, 400, "unknown_dice"),
        ({"seed": "abc"}, 400, "bad_seed"),
        ({"seed": "-1"}, 400, "bad_seed"),
        ({"seed": "1" * 20}, 400, "bad_seed"),
        ({"rows": "0"}, 400, "bad_rows"),
        ({"rows": "x"}, 400, "bad_rows"),
        ({"cols": "65"}, 400, "bad_cols"),
        ({"rows": "40", "cols": "41"}, 413, "board_too_large"),
    ],
)
def test_random_errors(client: FlaskClient, query: dict, status: int, code: str) -> None:
    error = check_error(client.get("/random", query_string=query), status, code)
    if code == "unknown_dice":
        assert error["choices"] == sorted(ALL_DICE_SETS)


@pytest.mark.parametrize("query", [{"rows": 41}, {"cols": 50}, {"rows": 64}])
def test_random_one_side_over_max_cells(client: FlaskClient, app: Flask, query: dict) -> None:
    # One side given means a square board: 41x41 is over MAX_CELLS as surely as rows=41&cols=41.
    side = next(iter(query.values()))
    assert side * side > app.config["MAX_CELLS"]
    check_error(client.get("/random", query_string=query), 413, "board_too_large")


@st.composite
def random_requests(draw: st.DrawFn) -> tuple[dict[str, str], int, Any]:
    """Fields for /random with one bad at most, the status they must get, and what else."""
    fields: dict[str, str] = {}
    if draw(st.booleans()):
        fields["dice"] = draw(st.sampled_from(sorted(DICE_SETS)))
    if draw(st.booleans()):
        fields["seed"] = str(draw(st.integers(0, 2**63 - 1)))
    for side in draw(st.sampled_from([(), ("rows",), ("cols",), ("rows", "cols")])):
        fields[side] = str(draw(st.integers(1, 12)))
    bad = draw(st.sampled_from([None, "dice", "seed", "rows", "cols", "size"]))
    if bad == "dice":
        fields["dice"] = draw(st.sampled_from(["nope", "huge", "classic2"]))
        return fields, 400, "unknown_dice"
    if bad == "seed":
        fields["seed"] = draw(
            st.sampled_from(["-1", "x", "1.5", str(2**63), "9" * 20])
            | st.integers(2**63, 10**30).map(str)
        )
        return fields, 400, "bad_seed"
    if bad in ("rows", "cols"):
        fields[bad] = draw(st.sampled_from(["0", "65", "-3", "x", "2.0"]))
        return fields, 400, f"bad_{bad}"
    if bad == "size":
        # Each side within the limit of 64, the board over the 1,600 cells.
        rows = draw(st.integers(26, 64))
        fields |= {"rows": str(rows), "cols": str(draw(st.integers(1600 // rows + 1, 64)))}
        return fields, 413, "board_too_large"
    return fields, 200, None


@settings(
    max_examples=examples(100),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(random_requests())
def test_each_random_query_gets_its_one_right_answer(
    app: Flask, request: tuple[dict[str, str], int, Any]
) -> None:
    fields, status, code = request
    response = app.test_client().get("/random", query_string=fields)
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    document = response.get_json()
    if code is not None:
        assert list(document) == ["error"]
        assert document["error"]["code"] == code
        return
    dice = DICE_SETS[fields.get("dice", "new")]
    if "rows" in fields or "cols" in fields:
        rows = int(fields.get("rows", fields.get("cols", 0)))
        cols = int(fields.get("cols", fields.get("rows", 0)))
    else:
        rows, cols = dice.rows, dice.cols
    assert (document["rows"], document["cols"]) == (rows, cols)
    assert [len(row) for row in document["board"]] == [cols] * rows
    if "dice" in fields:
        assert document["dice"] == fields["dice"]
    if "seed" in fields:
        assert document["seed"] == int(fields["seed"])
    pool = {face.capitalize() for face in DICE_SETS[document["dice"]].faces}
    assert {face for row in document["board"] for face in row} <= pool
    assert parse_board(document["text"]) == parse_board(document["board"])


def test_random_duplicate_field(client: FlaskClient) -> None:
    check_error(client.get("/random?seed=1&seed=2"), 400, "duplicate_field")


# --- /dictionaries and /healthz --------------------------------------------------------


def test_dictionaries(client: FlaskClient, catalog: Catalog) -> None:
    response = client.get("/dictionaries")
    assert response.status_code == 200
    document = response.get_json()
    assert document["default"] == "standard"
    # English's lists; the other languages' are tested in tests/test_languages.py.
    listed = document["dictionaries"][:3]
    assert [d["name"] for d in document["dictionaries"][3:]] == ["de", "fr", "es", "it", "nl"]
    assert [d["name"] for d in listed] == ["common", "standard", "large"]
    assert [d["default"] for d in listed] == [False, True, False]
    for entry in listed:
        assert entry["word_count"] == len(catalog.get(entry["name"]))
        assert entry["description"]
    assert listed[0]["word_count"] < listed[1]["word_count"] < listed[2]["word_count"]
    check_headers(response)


def test_healthz(client: FlaskClient, catalog: Catalog) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {
        "status": "ok",
        "dictionary": "standard",
        "word_count": len(catalog.get("standard")),
        # tests/test_native.py holds ENGINE to what the build and the environment say.
        "engine": solver.ENGINE,
        "rooms_database": "sqlite",
    }
    check_headers(response)


# --- Security headers on every route, errors included ----------------------------------


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"),
    [
        ("get", "/solve", {"query_string": {"board": BOARD}}, 200),
        ("post", "/solve", {"json": {"board": BOARD}}, 200),
        ("get", "/solve", {}, 400),
        ("post", "/solve", {"data": "x", "content_type": "text/plain"}, 415),
        ("put", "/solve", {}, 405),
        ("post", "/solve", {"data": "x" * 300_000, "content_type": "application/json"}, 413),
        ("get", "/random", {}, 200),
        ("get", "/random", {"query_string": {"dice": "huge"}}, 400),
        ("get", "/dictionaries", {}, 200),
        ("get", "/healthz", {}, 200),
        ("get", "/", {}, 200),
        ("get", "/no-such-page", {}, 404),
    ],
)
def test_security_headers(
    client: FlaskClient, method: str, path: str, kwargs: dict, status: int
) -> None:
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code == status
    check_headers(response)
