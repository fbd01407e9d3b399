"""Tests for how the API reads request fields: names, misspellings, the shared vocabulary."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from boggle import Catalog, parse_board, solve


def error_of(response: TestResponse, status: int = 400) -> dict:
    """The error of a JSON error answer with this status."""
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()["error"]


@pytest.mark.parametrize("field", ["min_length", "dictionary", "board"])
def test_a_field_given_twice_names_the_field(client: FlaskClient, field: str) -> None:
    query = {"board": "serspatglinesers", "min_length": "3", "dictionary": "standard"}
    pairs = [*query.items(), (field, query[field])]
    error = error_of(client.get("/solve", query_string=pairs))
    assert (error["code"], error["field"]) == ("duplicate_field", field)
    assert error["message"] == f"give {field!r} once, not 2 times"


# "minL" is close to min_length only as "min_l": its capital must become "_l".
@pytest.mark.parametrize("written", ["minLength", "min-length", "minlength", "MIN_LENGTH", "minL"])
def test_a_misspelt_json_field_is_refused_and_the_right_one_suggested(
    client: FlaskClient, written: str
) -> None:
    response = client.post("/solve", json={"board": "serspatglinesers", written: 5})
    error = error_of(response)
    assert error == {
        "code": "unknown_field",
        "message": f"this request takes no field {written!r}; did you mean 'min_length'?",
        "suggestion": "min_length",
        "field": written,
    }


def test_an_unknown_json_field_with_nothing_close_lists_the_fields(client: FlaskClient) -> None:
    error = error_of(client.post("/solve", json={"board": "abcd", "colour": "red"}))
    assert error["message"] == (
        "this request takes no field 'colour'; the fields are 'board', 'min_length', 'dictionary'"
    )
    assert "suggestion" not in error


def test_score_refuses_a_misspelt_json_field_too(client: FlaskClient) -> None:
    body = {"board": "serspatglinesers", "player": [{"name": "Ann", "words": "sea"}]}
    error = error_of(client.post("/score", json=body))
    assert (error["code"], error["suggestion"]) == ("unknown_field", "players")


def test_the_query_string_stays_lenient_about_unknown_fields(client: FlaskClient) -> None:
    response = client.get("/solve", query_string={"board": "serspatglinesers", "minLength": 5})
    assert response.status_code == 200
    assert response.get_json()["min_length"] == 3


@pytest.mark.parametrize("name", ["Standard", "STANDARD", "standard"])
def test_dictionary_names_are_case_insensitive(client: FlaskClient, name: str) -> None:
    response = client.get("/solve", query_string={"board": "serspatglinesers", "dictionary": name})
    assert response.status_code == 200
    assert response.get_json()["dictionary"] == "standard"
    lookup = client.get("/lookup", query_string={"word": "sea", "dictionary": name})
    assert lookup.get_json() == {"word": "sea", "dictionary": "standard", "in_dictionary": True}


def test_dice_names_are_case_insensitive(client: FlaskClient) -> None:
    upper = client.get("/random", query_string={"dice": "SuperBig", "seed": 7}).get_json()
    lower = client.get("/random", query_string={"dice": "superbig", "seed": 7}).get_json()
    assert upper == lower
    assert upper["dice"] == "superbig"


def test_dictionaries_and_healthz_say_word_count_as_solve_says_count(
    client: FlaskClient, catalog: Catalog
) -> None:
    listed = client.get("/dictionaries").get_json()["dictionaries"]
    # English's lists here; the other languages' in tests/test_languages_api.py.
    assert [entry["word_count"] for entry in listed[:3]] == [
        len(catalog.get(name)) for name in ("common", "standard", "large")
    ]
    assert client.get("/healthz").get_json()["word_count"] == len(catalog.get("standard"))


def test_score_says_total_score_and_missed_as_solve_does(
    client: FlaskClient, catalog: Catalog
) -> None:
    body = {"board": "sers patg line sers", "players": [{"name": "Ann", "words": "slate sea"}]}
    document = client.post("/score", json=body).get_json()
    solution = solve(parse_board("sers patg line sers"), catalog.get("standard"))
    assert document["players"][0]["total_score"] == 3
    assert document["ranking"] == [
        {
            "rank": 1,
            "name": "Ann",
            "total_score": 3,
            "long_words": 1,
            "winner": True,
            "tied": False,
            "tie_break": False,
        }
    ]
    # The board's own count and points, named as /solve names them.
    assert (document["count"], document["total_score"]) == (solution.count, solution.total_score)
    missed = [w for w in solution.words if w.word not in ("slate", "sea")]
    assert list(document["missed"]) == ["count", "total_score", "words", "text"]
    assert document["missed"]["count"] == len(missed)
    assert document["missed"]["total_score"] == sum(w.score for w in missed)
    assert [w["word"] for w in document["missed"]["words"]] == [w.word for w in missed]


SUPER_BIG = "abcdef ghijkl mnoprs tuvwxy zabcde fghijk"


def test_a_6x6_board_counts_words_of_4_letters_by_default_as_super_big_boggle(
    client: FlaskClient,
) -> None:
    document = client.get("/solve", query_string={"board": SUPER_BIG}).get_json()
    assert document["min_length"] == 4
    assert all(len(w["word"]) >= 4 for w in document["words"])
    given = client.get("/solve", query_string={"board": SUPER_BIG, "min_length": 3}).get_json()
    assert given["min_length"] == 3


def test_other_sizes_count_words_of_3_letters_by_default(client: FlaskClient) -> None:
    for board in ("serspatglinesers", "abcde fghij klmno prstu vwxyz", "2x3: abcdef"):
        document = client.get("/solve", query_string={"board": board}).get_json()
        assert document["min_length"] == 3, board


def test_a_post_with_no_body_and_no_content_type_reads_its_query(client: FlaskClient) -> None:
    # `curl -X POST '/solve?board=...'` sends no Content-Type: read like an empty form,
    # so the query's fields count, not refused as a body of an unknown type.
    response = client.post("/solve?board=sers+patg+line+sers")
    assert response.request.headers.get("Content-Type") is None
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["board"] == [list("SERS"), list("PATG"), list("LINE"), list("SERS")]
