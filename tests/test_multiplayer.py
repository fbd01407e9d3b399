"""Tests for judging players' words (boggle/scoring.py's score_game, POST /score)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples
from reference import is_valid_path
from reference import trace as reference_trace

from app import create_app
from boggle import Board, Dictionary, SearchBudgetExceeded, parse_board, solve
from boggle.scoring import score_game
from boggle.tracing import Tracer, trace_word

BOARD = "sers patg line sers"


def verdicts(client: FlaskClient, words: list[str], **fields: object) -> dict[str, dict]:
    """Each word of one player's list as /score judged it, by the word as written."""
    body = {"board": BOARD, "players": [{"name": "Ann", "words": words}], **fields}
    response = client.post("/score", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    return {v["written"]: v for v in response.get_json()["players"][0]["words"]}


@pytest.mark.parametrize("written", ["the bath", "sea-lane", "sea2", "café"])
def test_a_word_with_spaces_or_other_non_letters_is_not_a_word_and_worth_nothing(
    client: FlaskClient, written: str
) -> None:
    judged = verdicts(client, [written])[written]
    assert (judged["verdict"], judged["points"], judged["score"]) == ("not_a_word", 0, 0)
    assert judged["path"] is None


def test_surrounding_punctuation_is_still_ignored(client: FlaskClient) -> None:
    judged = verdicts(client, ['"slate!"'])['"slate!"']
    assert (judged["word"], judged["verdict"], judged["points"]) == ("slate", "scored", 2)


def test_a_word_too_short_for_the_game_still_has_its_path(client: FlaskClient) -> None:
    judged = verdicts(client, ["pa", "sea", "slate"], min_length=4)
    assert judged["pa"]["verdict"] == "too_short"
    assert judged["pa"]["path"] == [[1, 0], [1, 1]]
    assert judged["sea"]["verdict"] == "too_short"
    assert judged["sea"]["path"] == [[0, 0], [0, 1], [1, 1]]
    assert judged["slate"]["path"] == [[3, 0], [2, 0], [1, 1], [1, 2], [0, 1]]


def test_a_non_word_on_the_board_has_its_path_and_one_off_it_has_none(
    client: FlaskClient,
) -> None:
    judged = verdicts(client, ["tapl", "xyzzy"])
    assert (judged["tapl"]["verdict"], judged["tapl"]["path"]) == (
        "not_a_word",
        [[1, 2], [1, 1], [1, 0], [2, 0]],
    )
    assert (judged["xyzzy"]["verdict"], judged["xyzzy"]["path"]) == ("not_a_word", None)


def test_a_word_written_twice_by_one_player_is_judged_once(client: FlaskClient) -> None:
    body = {"board": BOARD, "players": [{"name": "Ann", "words": "slate Slate sea slate"}]}
    player = client.post("/score", json=body).get_json()["players"][0]
    assert [v["word"] for v in player["words"]] == ["slate", "sea"]
    assert player["total_score"] == 3


def test_score_sends_the_headline_flags_and_wording_the_page_lays_out(
    client: FlaskClient,
) -> None:
    # 2 points each: Ann's in one long word (slate), Bob's in two short ones (tap, sea);
    # Bob's "xyzzy" is not a word, "pa" too short. The README's 867 words, 2,576 points.
    body = {
        "board": BOARD,
        "players": [
            {"name": "Bob", "words": ["tap", "sea", "xyzzy", "pa"]},
            {"name": "Ann", "words": ["slate"]},
        ],
    }
    document = client.post("/score", json=body).get_json()
    assert (document["count"], document["total_score"]) == (867, 2576)
    assert document["headline"] == (
        "Ann wins on the tie-break: 2 points each, and 1 long word to Bob's 0."
    )
    assert [
        (r["rank"], r["name"], r["winner"], r["tied"], r["tie_break"]) for r in document["ranking"]
    ] == [(1, "Ann", True, False, True), (2, "Bob", False, False, True)]
    bob, ann = document["players"]
    assert [(w["word"], w["verdict_text"]) for w in bob["words"]] == [
        ("tap", "scored"),
        ("sea", "scored"),
        ("xyzzy", "not a word"),
        ("pa", "too short"),
    ]
    assert (bob["scored_words"], ann["scored_words"]) == (2, 1)
    # Nobody found the board's other 864 words, worth 2,576 - 4 points.
    assert document["missed"]["text"] == "Nobody found 864 words worth 2,572 points."


def test_a_trace_follows_the_qu_cube_and_never_reuses_a_cube() -> None:
    board = parse_board("qu i / t s")
    assert trace_word(board, "quit") == ((0, 0), (0, 1), (1, 0))
    assert trace_word(board, "quiq") is None
    assert trace_word(board, "sits") is None  # one s on the board


@pytest.mark.timeout(30)  # a hang, not a speed target: that is benchmarks/score_speed.py
def test_a_trace_on_a_repetitive_board_ends_quickly_when_no_path_exists() -> None:
    # Every cube "a" but one "b": a plain search for "aaa...ac" would try astronomically
    # many chains of a's before giving up.
    faces = ["a"] * 400
    faces[0] = "b"
    board = parse_board([faces[r * 20 : (r + 1) * 20] for r in range(20)])
    assert trace_word(board, "a" * 40 + "c") is None
    assert trace_word(board, "a" * 40 + "b") is not None
    path = trace_word(board, "b" + "a" * 30)
    assert path is not None and len(set(path)) == 31


def test_tracing_past_its_deadline_raises_rather_than_guessing() -> None:
    board = parse_board("aaaa aaaa aaaa aaaa")
    with pytest.raises(SearchBudgetExceeded):
        trace_word(board, "a" * 16, deadline=time.monotonic() - 1)


@pytest.mark.timeout(30)  # the budgets are at most 0.05 s; this only stops a hang
@pytest.mark.parametrize("budget", [0.0, 0.05])
def test_a_trace_past_its_budget_reports_the_budget_it_was_given(budget: float) -> None:
    # 200 letters on 196 cubes: only the deadline ends the trace, and the error names
    # the budget score_game was given (the 422's message quotes it).
    board = parse_board("14x14: " + "a" * 196)
    dictionary = Dictionary.from_words(["aaa"])
    solution = solve(board, dictionary)
    with pytest.raises(SearchBudgetExceeded) as raised:
        score_game(solution, dictionary, [("Ann", ["a" * 200])], budget=budget)
    assert raised.value.budget == budget


def test_score_game_traces_words_with_the_solution_board() -> None:
    dictionary = Dictionary.from_words(["pale", "sea", "slate"])
    solution = solve(parse_board(BOARD), dictionary, min_length=5)
    game = score_game(solution, dictionary, [("Ann", ["pale", "pa"]), ("Bob", ["pale"])])
    ann = {v.word: v for v in game.players[0].words}
    assert ann["pale"].verdict == "duplicate"
    assert ann["pale"].path == ((1, 0), (1, 1), (2, 0), (3, 1))
    assert ann["pa"].path == ((1, 0), (1, 1))


def test_the_longest_word_a_setting_allows_is_traced_without_running_out_of_stack(
    cache_dir: Path,
) -> None:
    app = create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "SCORE_MAX_WORD_CHARS": 200})
    board = "15x15: " + "a" * 225
    body = {"board": board, "players": [{"name": "Ann", "words": ["a" * 200]}]}
    response = app.test_client().post("/score", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    judged = response.get_json()["players"][0]["words"][0]
    assert judged["verdict"] == "not_a_word"
    assert len(judged["path"]) == 200


@pytest.mark.timeout(30)  # the budget is 0.2 s; this only stops a hang
def test_a_word_that_cannot_be_traced_in_the_budget_is_a_422_not_a_hang(cache_dir: Path) -> None:
    # 200 letters on 196 cubes: the relaxed check cannot rule it out; the deadline does.
    app = create_app(
        {
            "TESTING": True,
            "CACHE_DIR": str(cache_dir),
            "SCORE_MAX_WORD_CHARS": 200,
            "SOLVE_BUDGET": 0.2,
        }
    )
    body = {"board": "14x14: " + "a" * 196, "players": [{"name": "Ann", "words": ["a" * 200]}]}
    response = app.test_client().post("/score", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"]["code"] == "search_budget_exceeded"


FACES = [*"aaeeeiioourssttnlcdpb", "qu", "th", "in", "er", "he", "an", "#"]


@st.composite
def boards_and_words(draw: st.DrawFn) -> tuple[Board, list[str]]:
    """A small board, with words read along random walks on it and random letter strings."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    faces = draw(st.lists(st.sampled_from(FACES), min_size=rows * cols, max_size=rows * cols))
    board = Board(rows, cols, tuple(faces))
    words = draw(st.lists(st.text("aeiorstnlquh", min_size=1, max_size=8), max_size=6))
    for _ in range(draw(st.integers(0, 6))):
        cell = draw(st.integers(0, board.size - 1))
        walk = [cell]
        for _ in range(draw(st.integers(0, 7))):
            cell = draw(st.sampled_from(board.neighbors(cell))) if board.neighbors(cell) else cell
            walk.append(cell)  # may revisit a cube: such a word may not be traceable
        words.append("".join(board.faces[i] for i in walk).replace("#", ""))
    return board, [w for w in words if w]


@settings(max_examples=examples(200), deadline=None)
@given(boards_and_words())
def test_the_tracer_finds_a_path_exactly_when_the_plain_search_does(
    drawn: tuple[Board, list[str]],
) -> None:
    board, words = drawn
    tracer = Tracer(board)
    for word in words:
        path = tracer.trace(word)
        assert (path is None) == (reference_trace(board, word) is None), word
        if path is not None:
            assert is_valid_path(board, word, path), word


def test_score_sent_as_a_form_reads_each_players_name_and_words_in_order(
    client: FlaskClient,
) -> None:
    # The scoring page's form without JavaScript: repeated name and words fields, one
    # pair a player, and the empty pairs (unused slots) dropped. It must judge the game
    # exactly as the same players sent as JSON.
    form = {
        "board": BOARD,
        "name": ["Ann", "", "Bob", " ", "Cy"],
        "words": ["sea tap", "", "slate", "", ""],
    }
    as_form = client.post("/score", data=form)
    assert as_form.status_code == 200, as_form.get_data(as_text=True)
    # Cy wrote nothing, but is a player all the same.
    players = [
        {"name": "Ann", "words": "sea tap"},
        {"name": "Bob", "words": "slate"},
        {"name": "Cy", "words": ""},
    ]
    as_json = client.post("/score", json={"board": BOARD, "players": players})
    judged, expected = as_form.get_json(), as_json.get_json()
    del judged["elapsed_ms"], expected["elapsed_ms"]
    assert judged == expected
    ann, bob, cy = judged["players"]
    assert (cy["name"], cy["words"]) == ("Cy", [])
    assert (ann["name"], [w["written"] for w in ann["words"]]) == ("Ann", ["sea", "tap"])
    assert (bob["name"], [w["written"] for w in bob["words"]]) == ("Bob", ["slate"])


def test_a_form_with_a_name_and_no_words_field_for_it_is_refused(client: FlaskClient) -> None:
    response = client.post("/score", data={"board": BOARD, "name": ["Ann", "Bob"], "words": "sea"})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert (error["code"], error["field"]) == ("bad_players", "players")
    assert error["message"] == "give each player a 'name' and a 'words' field"
