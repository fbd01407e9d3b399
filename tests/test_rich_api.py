"""POST /rich and the no-script "Roll a rich board": bounded, gated, and strict about input.

The search runs in slices of RICH_SLICE_SECONDS (short here) holding a place of a gate
of its own; a full gate is a 503 server_busy with Retry-After, and a solve meanwhile
still runs. Bad input is a 400 naming the field, never a 500.
"""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from boggle import Catalog, parse_board, solve
from boggle.dice import ALL_DICE_SETS, DICE_SETS
from tests.test_rich import rollable


@pytest.fixture
def app(catalog: Catalog, cache_dir: object) -> Iterator[Flask]:
    config = {
        "TESTING": True,
        "CACHE_DIR": str(cache_dir),
        "RICH_SLICE_SECONDS": 0.2,
        "RICH_SECONDS": 0.4,
    }
    yield create_app(config, catalog=catalog)


def test_a_slice_answers_a_board_its_dice_can_show(client: FlaskClient, catalog: Catalog) -> None:
    answer = client.post("/rich", json={"dice": "Classic", "seed": 5, "dictionary": "common"})
    assert answer.status_code == 200
    found = answer.get_json()
    assert (found["dice"], found["dictionary"], found["seed"]) == ("classic", "common", 5)
    board = parse_board(found["text"])
    assert found["board"] == board.display_rows() and (found["rows"], found["cols"]) == (4, 4)
    assert rollable(board, DICE_SETS["classic"])
    solution = solve(board, catalog.get("common"), 3)
    assert (found["total_score"], found["count"]) == (solution.total_score, solution.count)
    assert found["steps"] >= 1 and found["min_length"] == 3
    assert found["elapsed_ms"] < 5000


def test_a_slice_goes_on_from_the_board_it_is_given(client: FlaskClient) -> None:
    start = "sers patg line sers"  # 2,576 points on standard; the new dice can show it
    answer = client.post("/rich", json={"dice": "new", "seed": 1, "board": start})
    assert answer.status_code == 200
    assert answer.get_json()["total_score"] >= 2576


def test_a_form_post_to_rich_answers_json_too(client: FlaskClient) -> None:
    answer = client.post("/rich", data={"dice": "big", "seed": "2"})
    assert answer.status_code == 200
    found = answer.get_json()
    assert (found["rows"], found["cols"], found["dice"]) == (5, 5, "big")


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"dice": "huge"}, "unknown_dice", "dice"),
        ({"dice": 4}, "bad_dice", "dice"),
        ({"dice": ["new"]}, "bad_dice", "dice"),
        ({"dice": "x" * 500}, "bad_dice", "dice"),
        ({"seed": -1}, "bad_seed", "seed"),
        ({"seed": 2**63}, "bad_seed", "seed"),
        ({"seed": "soon"}, "bad_seed", "seed"),
        ({"seed": 1.5}, "bad_seed", "seed"),
        ({"dictionary": "klingon"}, "unknown_dictionary", None),
        ({"dictionary": {}}, "bad_dictionary", "dictionary"),
        ({"board": "abc"}, "bad_board", "board"),
        ({"board": 7}, "bad_board", "board"),
        ({"board": "abcde fghij klmno pqrst uvwxy"}, "bad_board", "board"),
        ({"board": "zzzz zzzz zzzz zzzz"}, "bad_board", "board"),
        ({"board": "a" * 20_000}, "board_too_long", "board"),
        ({"seeds": 3}, "unknown_field", "seeds"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    client: FlaskClient, body: dict, code: str, field: str | None
) -> None:
    answer = client.post("/rich", json={"dice": "new", **body})
    assert 400 <= answer.status_code < 500
    error = answer.get_json()["error"]
    assert error["code"] == code
    assert error["message"]
    if field:
        assert error.get("field") == field
    if code == "unknown_dice":
        assert error["choices"] == sorted(ALL_DICE_SETS)
    assert client.post("/rich", json={"dice": "new", "seed": 1}).status_code == 200


def test_the_wrong_shape_says_what_the_dice_make(client: FlaskClient) -> None:
    answer = client.post("/rich", json={"dice": "big", "board": "sers patg line sers"})
    assert answer.get_json()["error"]["message"] == (
        "the big dice make a 5x5 board; this one is 4x4"
    )


def test_rich_takes_only_post(client: FlaskClient) -> None:
    answer = client.get("/rich?dice=new")
    assert answer.status_code == 405
    assert answer.get_json()["error"]["code"] == "method_not_allowed"


def test_a_full_pool_answers_503_with_retry_after_and_solving_goes_on(
    app: Flask, client: FlaskClient
) -> None:
    with app.extensions["boggle.rich_gate"].hold():
        busy = client.post("/rich", json={"dice": "new", "seed": 1})
        assert busy.status_code == 503
        assert busy.get_json()["error"] == {
            "code": "server_busy",
            "message": "one search for a rich board is running already, the most allowed "
            "at once; try again in a moment",
        }
        assert busy.headers["Retry-After"] == "1"
        page = client.post("/rich-board", data={"dice": "new"})
        assert page.status_code == 503
        assert page.headers["Retry-After"] == "1"
        assert "running already" in page.get_data(as_text=True)
        # The solver's own places are untouched.
        assert client.get("/solve?board=sers+patg+line+sers").status_code == 200
    assert client.post("/rich", json={"dice": "new", "seed": 1}).status_code == 200


def test_rich_searches_at_once_follow_the_setting(catalog: Catalog) -> None:
    app = create_app({"TESTING": True, "RICH_SEARCHES": 2}, catalog=catalog)
    assert app.extensions["boggle.rich_gate"].limit == 2
    with pytest.raises(SystemExit, match="RICH_SLICE_SECONDS"):
        create_app({"TESTING": True, "RICH_SLICE_SECONDS": 6}, catalog=catalog)
    with pytest.raises(SystemExit, match=r"make a search of 6 s; the most is 5"):
        create_app({"TESTING": True, "RICH_SLICES": 3, "RICH_SLICE_SECONDS": 2}, catalog=catalog)
    page = create_app({"TESTING": True, "RICH_SLICES": 2}, catalog=catalog).test_client().get("/")
    assert 'data-slices="2"' in page.get_data(as_text=True)


def test_the_form_without_script_opens_the_board_solved(client: FlaskClient) -> None:
    answer = client.post(
        "/rich-board", data={"dice": "classic", "dictionary": "common", "board": "ignored"}
    )
    assert answer.status_code == 303
    location = urlsplit(answer.headers["Location"])
    query = parse_qs(location.query)
    assert location.path == "/" and query["dictionary"] == ["common"]
    assert query["min_length"] == ["3"]
    board = parse_board(query["board"][0])
    assert rollable(board, DICE_SETS["classic"])
    page = client.get(f"{location.path}?{location.query}")
    assert page.status_code == 200
    assert 'id="word-list"' in page.get_data(as_text=True)


def test_the_form_without_script_shows_a_bad_dice_set_beside_it(client: FlaskClient) -> None:
    answer = client.post("/rich-board", data={"dice": "huge"})
    assert answer.status_code == 400
    text = answer.get_data(as_text=True)
    assert 'id="dice-error"' in text and "no dice set called &#39;huge&#39;" in text


# --- the rating in /solve and on the page -------------------------------------------


def test_solve_rates_a_board_among_its_size_s_dice(client: FlaskClient) -> None:
    document = client.get("/solve?board=sers+patg+line+sers").get_json()
    rating = document["rating"]
    assert (rating["dice"], rating["dictionary"], rating["points"]) == ("new", "standard", 2576)
    assert rating["rolls"] == 10_000 and rating["percentile"] == 100.0
    assert sum(b["count"] for b in rating["bins"]) == 10_000
    assert rating["bin"] == len(rating["bins"]) - 1 and rating["bins"][-1]["high"] is None
    poor = client.get("/solve?board=xxxxxxxxxxxxxxxx").get_json()["rating"]
    assert poor["percentile"] == 0 and poor["bin"] == 0 and poor["points"] == 0
    # The sentence comes worded, so every client says it the same way.
    assert (
        rating["text"] == "Richer than 100% of boards rolled with the same dice"
        and rating["share_text"] == "100%"
    )
    assert poor["text"] == "Richer than 0% of boards rolled with the same dice"
    first = poor["bins"][0]
    assert first["text"] == f"{first['low']} to {first['high']} points: {first['count']:,} boards"


def test_solve_has_no_rating_where_no_dice_make_the_size(client: FlaskClient) -> None:
    assert "rating" not in client.get("/solve?board=abc+def+ghi").get_json()
    assert "rating" in client.get("/solve?board=abcde/fghij/klmno/prstu/vwxyz").get_json()


def test_the_page_says_how_rich_the_board_is_and_marks_its_bar(client: FlaskClient) -> None:
    text = client.get("/?board=sers+patg+line+sers").get_data(as_text=True)
    assert "Richer than <strong>100%</strong> of boards rolled with the same dice" in text
    assert text.count('class="rating-bar rating-mark"') == 1
    assert text.count('class="rating-bar') == 12
    assert "or more points: " in text and "boards (this board)</title>" in text
    plain = client.get("/?board=abc+def+ghi").get_data(as_text=True)
    assert 'id="rating" class="rating" hidden' in plain


def test_a_request_never_computes_a_rating(tmp_path: object, cache_dir: object) -> None:
    from pathlib import Path

    words = Path(str(tmp_path)) / "tiny.txt"
    words.write_text("cat\ncats\nact\nscat\n")
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "WORDLISTS": f"tiny={words}"})
    answer = app.test_client().get("/solve?board=cats+xxxx+xxxx+xxxx&dictionary=tiny")
    assert answer.status_code == 200
    # cat and cats along the top row; act and scat need c next to t and s next to c.
    assert answer.get_json()["total_score"] == 2 and "rating" not in answer.get_json()


def test_preloading_the_ratings_of_an_unknown_list_stops_the_app(catalog: Catalog) -> None:
    with pytest.raises(SystemExit, match="no dictionary called 'nowhere'"):
        create_app({"TESTING": True, "PRELOAD_RATINGS": "nowhere"}, catalog=catalog)
