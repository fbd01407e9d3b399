"""The API says things one way: times in messages are relative, a player's points are
`total_score` in rooms too, an error names the field the client sent, and a message
about a word names the character the person typed."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock
from werkzeug.test import TestResponse


def error_of(response: TestResponse, status: int = 400) -> dict:
    """The error of a JSON error answer with this status."""
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()["error"]


def room_with_a_round(app: Flask) -> tuple[FlaskClient, str]:
    """A room of 60 s rounds whose first round has just started: its host and its code."""
    host = app.test_client()
    code = host.post("/rooms", json={"name": "Ann", "seconds": 60}).get_json()["room"]
    assert host.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    return host, code


# --- Times in messages are relative ------------------------------------------------------


def test_a_round_in_progress_says_how_long_it_has_left(rooms_app: Flask, clock: Clock) -> None:
    host, code = room_with_a_round(rooms_app)
    clock.advance(19.4)
    error = error_of(host.post(f"/rooms/{code}/rounds", json={}), 409)
    assert (error["code"], error["message"]) == (
        "round_in_progress",
        "round 1 is still being played; it ends in 41 s",
    )


def test_a_round_in_its_grace_says_when_the_next_can_start(rooms_app: Flask, clock: Clock) -> None:
    host, code = room_with_a_round(rooms_app)
    clock.advance(60.25)  # past its end, inside the grace for late words
    response = host.post(f"/rooms/{code}/rounds", json={})
    error = error_of(response, 409)
    assert error["message"] == (
        "round 1 has just ended; start the next in 1 s, once its last words are in"
    )
    assert response.headers["Retry-After"] == "1"


def test_no_message_of_the_rooms_holds_a_unix_time(rooms_app: Flask, clock: Clock) -> None:
    host, code = room_with_a_round(rooms_app)
    messages = [error_of(host.post(f"/rooms/{code}/rounds", json={}), 409)["message"]]
    clock.advance(1)
    messages.append(error_of(host.get(f"/rooms/{code}/rounds/1/results"), 409)["message"])
    unix_time = re.compile(r"\d{9,}")  # a Unix time has ten digits for centuries yet
    assert not [message for message in messages if unix_time.search(message.replace(",", ""))]


# --- One vocabulary -------------------------------------------------------------------------


def test_a_rooms_players_carry_total_score_beside_total(rooms_app: Flask, clock: Clock) -> None:
    host, code = room_with_a_round(rooms_app)
    assert host.post(f"/rooms/{code}/rounds/1/words", json={"word": "zzz"}).status_code == 200
    clock.advance(63)
    host.get(f"/rooms/{code}/rounds/1/results")  # the first read stores the points
    players = host.get(f"/rooms/{code}").get_json()["players"]
    assert [(p["total_score"], p["total"]) for p in players] == [(0, 0)]
    assert list(players[0]) == ["id", "name", "host", "total_score", "total"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"rows": 50, "cols": 50}, "rows"),
        ({"rows": 40, "cols": 41}, "rows"),
        ({"cols": 41}, "cols"),
    ],
)
def test_random_names_the_side_that_makes_a_board_too_large(
    client: FlaskClient, query: dict, field: str
) -> None:
    error = error_of(client.get("/random", query_string=query), 413)
    assert (error["code"], error["field"]) == ("board_too_large", field)


def test_a_room_too_large_names_its_rows(rooms_app: Flask) -> None:
    response = rooms_app.test_client().post("/rooms", json={"name": "Ann", "rows": 50, "cols": 50})
    error = error_of(response, 413)
    assert (error["code"], error["field"]) == ("board_too_large", "rows")


def test_the_404_lists_the_rooms_pages_and_healthz(client: FlaskClient) -> None:
    error = error_of(client.get("/nowhere", headers={"Accept": "application/json"}), 404)
    listed = set(re.findall(r"/[\w./-]*", error["message"]))
    assert {"/", "/practice", "/scoring", "/room", "/room/CODE", "/healthz", "/rooms"} <= listed
    assert "/rich-board" not in listed  # a form's target, not a page


# --- /lookup refuses what /define refuses ---------------------------------------------------


@pytest.mark.parametrize(
    ("written", "shown", "where"),
    [("sea\x00", r"'\x00'", 4), ("se\u202ea", r"'\u202e'", 3), ("\u200fsea", r"'\u200f'", 1)],
)
def test_lookup_refuses_a_nul_or_a_direction_mark_as_define_does(
    client: FlaskClient, written: str, shown: str, where: int
) -> None:
    looked_up = error_of(client.get("/lookup", query_string={"word": written}))
    assert (looked_up["code"], looked_up["field"]) == ("bad_word", "word")
    assert looked_up["message"] == (
        f"{shown} (character {where}) is a control character, not a letter; words are letters only"
    )
    defined = error_of(client.get("/define", query_string={"word": written}))
    assert defined["code"] == "bad_word"


def test_lookup_still_reads_a_word_with_quotes_around_it(client: FlaskClient) -> None:
    answer = client.get("/lookup", query_string={"word": "«Sea»"}).get_json()
    assert answer == {"word": "sea", "dictionary": "standard", "in_dictionary": True}


# --- A message about a word names what was typed -------------------------------------------


@pytest.mark.parametrize(
    ("written", "named"),
    [
        ("İstanbul", "'İ' (character 1)"),  # its lower case is i and a combining dot
        ("«Straße»", "'ß' (character 5)"),  # counted in the word, without the quotes
        ("caﬁ", "'ﬁ' (character 3)"),  # a ligature, lower case of itself
    ],
)
def test_a_message_about_a_word_names_the_character_typed(
    client: FlaskClient, written: str, named: str
) -> None:
    error = error_of(client.get("/define", query_string={"word": written}))
    assert error["message"] == f"{named} is not a letter a-z; words are letters only"
