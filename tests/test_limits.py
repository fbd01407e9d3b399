"""The time budget holds on the most expensive board found under the cell limit."""

from __future__ import annotations

import time

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hard_boards import worst_board

from app import create_app
from boggle import Catalog, SearchBudgetExceeded, parse_board, solve


def test_budget_stops_the_worst_board_in_time(catalog: Catalog) -> None:
    board, dictionary = parse_board(worst_board()), catalog.get("large")
    started = time.thread_time()
    with pytest.raises(SearchBudgetExceeded, match="budget of 300 ms"):
        solve(board, dictionary, budget=0.3)
    # The budget is the thread's CPU time; the alarm fires when the watchdog next gets
    # the interpreter (every few ms). The whole search would take about 5 s.
    assert time.thread_time() - started < 1.0


def test_budget_not_reached_gives_the_whole_answer(catalog: Catalog) -> None:
    board = parse_board("sers patg line sers")
    dictionary = catalog.get("standard")
    assert solve(board, dictionary, budget=10.0) == solve(board, dictionary)


def test_solve_route_answers_422_past_the_budget(cache_dir) -> None:
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "SOLVE_BUDGET": 0.2})
    client = app.test_client()
    app.extensions["boggle.catalog"].get("large")  # loaded before the clock starts
    started = time.thread_time()
    response = client.post("/solve", json={"board": worst_board(), "dictionary": "large"})
    assert response.status_code == 422
    assert response.json["error"]["code"] == "search_budget_exceeded"
    assert "budget of 200 ms" in response.json["error"]["message"]
    assert time.thread_time() - started < 1.5  # parse + budget, not the full 5 s
    # The server keeps serving normally right after.
    assert client.get("/solve?board=abcdefghijklmnop").status_code == 200


def test_board_over_the_cell_limit_is_refused(client) -> None:
    side = 41  # 1,681 cells, over the default 1,600
    board = "/".join("a" * side for _ in range(side))
    response = client.post("/solve", json={"board": board})
    assert response.status_code == 413
    error = response.json["error"]
    assert error["code"] == "board_too_large"
    assert "1,600 cells" in error["message"]


# --- /score: each limit is the most allowed, and one more is refused -------------------


def score(client: FlaskClient, players: list[dict]) -> tuple[int, dict]:
    """POST /score on a 4x4 board; the status and the JSON answer."""
    response = client.post("/score", json={"board": "sers patg line sers", "players": players})
    return response.status_code, response.json


def test_score_takes_exactly_the_most_players_allowed(client: FlaskClient, app: Flask) -> None:
    most = app.config["SCORE_MAX_PLAYERS"]
    assert most == 20  # the documented default
    status, document = score(client, [{"name": f"P{i}", "words": ["sea"]} for i in range(most)])
    assert status == 200
    assert [p["name"] for p in document["players"]] == [f"P{i}" for i in range(most)]


def test_score_refuses_one_player_over_the_limit(client: FlaskClient, app: Flask) -> None:
    most = app.config["SCORE_MAX_PLAYERS"]
    status, document = score(client, [{"name": f"P{i}", "words": []} for i in range(most + 1)])
    assert status == 400
    assert document["error"]["code"] == "too_many_players"
    assert document["error"]["message"] == f"{most + 1} players; the limit is {most}"


def test_score_takes_exactly_the_most_words_a_player_may_list(
    client: FlaskClient, app: Flask
) -> None:
    most = app.config["SCORE_MAX_WORDS"]
    status, document = score(client, [{"name": "Ann", "words": ["sea"] * most}])
    assert status == 200
    assert [w["word"] for w in document["players"][0]["words"]] == ["sea"]
    status, document = score(client, [{"name": "Ann", "words": ["sea"] * (most + 1)}])
    assert status == 400
    assert document["error"]["code"] == "too_many_words"
    assert document["error"]["message"] == f"Ann listed {most + 1:,} words; the limit is {most:,}"


def test_score_takes_a_name_of_exactly_the_most_characters(client: FlaskClient, app: Flask) -> None:
    most = app.config["SCORE_MAX_NAME_CHARS"]
    status, document = score(client, [{"name": "n" * most, "words": []}])
    assert status == 200
    assert document["players"][0]["name"] == "n" * most
    status, document = score(client, [{"name": "n" * (most + 1), "words": []}])
    assert status == 400
    assert document["error"]["code"] == "bad_player_name"
    assert f"the limit is {most}" in document["error"]["message"]


def test_score_takes_a_word_of_exactly_the_most_characters(client: FlaskClient, app: Flask) -> None:
    most = app.config["SCORE_MAX_WORD_CHARS"]
    status, document = score(client, [{"name": "Ann", "words": ["s" * most]}])
    assert status == 200
    assert document["players"][0]["words"][0]["verdict"] == "not_a_word"
    status, document = score(client, [{"name": "Ann", "words": ["s" * (most + 1)]}])
    assert status == 400
    assert document["error"]["code"] == "bad_words"
    assert f"the limit is {most}" in document["error"]["message"]
