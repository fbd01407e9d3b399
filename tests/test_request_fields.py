"""Tests for how the API reads request fields: names, misspellings, the shared vocabulary."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask
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


# --- A JSON body names each field once, at every depth ---------------------------------


def post_raw(client: FlaskClient, path: str, body: str) -> TestResponse:
    """POST a JSON body as written: a dict cannot hold a key twice, the text can."""
    return client.post(path, data=body, content_type="application/json")


PLAYERS = '"players": [{"name": "Ann", "words": "sea"}]'


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/solve", '{"board": "abcd", "board": "efgh"}', "board"),
        (
            "/solve",
            '{"board": "sers patg line sers", "min_length": 3, "min_length": 8}',
            "min_length",
        ),
        ("/rich", '{"dice": "classic", "seed": 1, "dice": "new"}', "dice"),
        ("/score", '{"board": "sers patg line sers", ' + PLAYERS + ', "board": "abcd"}', "board"),
        ("/score", '{"board": "abcd", "players": [{"name": "Ann", "name": "Bob"}]}', "name"),
        (
            "/score",
            '{"board": "abcd", "players": [{"name": "A", "words": "x", "words": []}]}',
            "words",
        ),
    ],
)
def test_a_json_body_that_gives_a_field_twice_is_refused_naming_it(
    client: FlaskClient, path: str, body: str, field: str
) -> None:
    error = error_of(post_raw(client, path, body))
    assert (error["code"], error["field"]) == ("duplicate_field", field)
    assert error["message"] == f"the JSON body gives {field!r} twice; give it once"


def test_the_room_routes_refuse_a_json_field_given_twice(
    make_rooms_app: Callable[..., Flask],
) -> None:
    client = make_rooms_app().test_client()
    error = error_of(post_raw(client, "/rooms", '{"name": "Ann", "name": "Bob"}'))
    assert (error["code"], error["field"]) == ("duplicate_field", "name")
    code = client.post("/rooms", json={"name": "Ann"}).get_json()["room"]
    guest = client.application.test_client()
    error = error_of(post_raw(guest, f"/rooms/{code}/players", '{"name": "Bo", "name": "Cy"}'))
    assert (error["code"], error["field"]) == ("duplicate_field", "name")
    error = error_of(post_raw(client, f"/rooms/{code}/rounds", '{"player": 1, "player": 1}'))
    assert (error["code"], error["field"]) == ("duplicate_field", "player")
    assert client.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    words = f"/rooms/{code}/rounds/1/words"
    error = error_of(post_raw(client, words, '{"word": "sea", "word": "tea"}'))
    assert (error["code"], error["field"]) == ("duplicate_field", "word")
    # Nothing was taken from the refused bodies: no guest, no word.
    room = client.get(f"/rooms/{code}").get_json()
    assert [player["name"] for player in room["players"]] == ["Ann"]
    assert client.get(words).get_json()["words"] == []


def test_a_json_body_with_each_field_once_is_still_answered(client: FlaskClient) -> None:
    body = (
        '{"board": "sers patg line sers", "players": [{"name": "Ann", "words": "sea"}, '
        '{"name": "Bob", "words": "sea"}]}'
    )
    response = post_raw(client, "/score", body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["winners"] == ["Ann", "Bob"]


# --- /score's players are read as strictly as the top level ---------------------------


@pytest.mark.parametrize(
    ("written", "meant"), [("word", "words"), ("nmae", "name"), ("Words", "words")]
)
def test_a_misspelt_key_in_a_player_is_refused_and_the_right_one_suggested(
    client: FlaskClient, written: str, meant: str
) -> None:
    player = {"name": "Ann", "words": "sea", written: "x"}
    body = {"board": "sers patg line sers", "players": [{"name": "Bob", "words": ""}, player]}
    assert error_of(client.post("/score", json=body)) == {
        "code": "unknown_field",
        "message": f"player 2 has no field {written!r}; did you mean {meant!r}?",
        "suggestion": meant,
        "field": "players",
    }


def test_an_unknown_key_in_a_player_with_nothing_close_lists_a_players_keys(
    client: FlaskClient,
) -> None:
    body = {"board": "abcd", "players": [{"name": "Ann", "words": "sea", "score": 3}]}
    error = error_of(client.post("/score", json=body))
    assert error["code"] == "unknown_field"
    assert error["message"] == "player 1 has no field 'score'; a player has 'name', 'words'"
    assert "suggestion" not in error


@pytest.mark.parametrize(
    ("name", "kind"), [(5, "a number"), (["Ann"], "an array"), (True, "true or false")]
)
def test_a_player_name_that_is_not_text_says_so(
    client: FlaskClient, name: object, kind: str
) -> None:
    body = {"board": "abcd", "players": [{"name": name, "words": "sea"}]}
    error = error_of(client.post("/score", json=body))
    assert error["code"] == "bad_player_name"
    assert error["message"] == f"player 1's name must be text, not {kind}"


@pytest.mark.parametrize("player", [{"words": "sea"}, {"name": None}, {"name": "  "}])
def test_a_player_without_a_name_is_still_told_it_has_none(
    client: FlaskClient, player: dict
) -> None:
    error = error_of(client.post("/score", json={"board": "abcd", "players": [player]}))
    assert (error["code"], error["message"]) == ("bad_player_name", "player 1 has no name")
