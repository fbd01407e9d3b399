"""Tests for web/params.py called directly, with small limits, at and just past each limit.

The routes' tests use the app's limits (1,600 cells, 20 players...), too big to reach
cheaply case by case; here each limit is a small number, so that a limit taken as
``>=`` for ``>``, a count taken wrongly, or a ``limit`` left out of the answer fails a
test. Every expected message is written out by hand.
"""

from __future__ import annotations

import pytest
from flask import Flask, request

from web.errors import APIError
from web.params import (
    BOARD,
    Limits,
    PlayerLimits,
    Setting,
    read_board,
    read_dice_set,
    read_fields,
    read_flag,
    read_json_body,
    read_name,
    read_players,
    read_seed,
    read_whole_number,
    unknown_field,
    whole_number,
)

# Four cells at most, two a side: a 2x2 board is the largest allowed.
SMALL = Limits(max_board_chars=100, max_cells=4, max_side=2)
SMALL_LIMITS = "; the limit is 4 cells and 2 cells a side"
# Two players, each with at most three words of at most four letters and a name of at
# most five characters.
FEW = PlayerLimits(max_players=2, max_words=3, max_name_chars=5, max_word_chars=4)


def refusal(call, *args) -> APIError:
    """The APIError the call raises."""
    with pytest.raises(APIError) as raised:
        call(*args)
    return raised.value


def test_a_list_of_rows_with_exactly_the_most_cells_and_rows_is_read() -> None:
    board = read_board([["a", "b"], ["c", "d"]], SMALL)
    assert board is not None
    assert (board.rows, board.cols, board.faces) == (2, 2, ("a", "b", "c", "d"))


def test_a_list_of_more_rows_than_a_side_allows_is_refused_before_it_is_read() -> None:
    error = refusal(read_board, [["a"], ["b"], ["c"]], SMALL)
    assert (error.status, error.code, error.details) == (413, "board_too_large", {"limit": 4})
    assert error.message == "the board has 3 rows and 3 cells" + SMALL_LIMITS


def test_a_list_of_rows_counts_every_cell_of_each_row() -> None:
    error = refusal(read_board, [["a", "b", "c"], ["d", "e", "f"]], SMALL)
    assert (error.status, error.code, error.details) == (413, "board_too_large", {"limit": 4})
    assert error.message == "the board has 2 rows and 6 cells" + SMALL_LIMITS


def test_a_list_of_rows_counts_text_rows_by_their_characters() -> None:
    error = refusal(read_board, ["abc", "de"], SMALL)
    assert error.message == "the board has 2 rows and 5 cells" + SMALL_LIMITS


def test_a_row_that_is_neither_list_nor_text_counts_as_one_cell() -> None:
    # Two such rows make 2 cells, under the limit, so the board is read and its first
    # row refused for its type (counted as more cells, it would be refused for size).
    error = refusal(read_board, [5, 6], Limits(max_board_chars=100, max_cells=3, max_side=2))
    assert (error.status, error.code) == (400, "bad_board")
    assert error.message == "row 1 is a number; a row is a list of cells or text"


def test_a_cell_of_eight_characters_is_left_for_the_board_reader_to_name() -> None:
    error = refusal(read_board, [["abcdefgh"]], SMALL)
    assert (error.status, error.code) == (400, "bad_board")
    assert error.message == (
        "'abcdefgh' (row 1, cell 1) is not a cube face; "
        "multi-letter faces are Qu, Th, In, Er, He, An"
    )


def test_a_cell_of_nine_characters_is_refused_before_the_board_is_read() -> None:
    error = refusal(read_board, [["abcdefghi"]], SMALL)
    assert (error.status, error.code) == (400, "bad_board")
    assert error.message == "'abcdefghi'... is not a cube face"


def test_a_long_cell_is_named_by_its_first_twenty_characters() -> None:
    error = refusal(read_board, [["abcdefghijklmnopqrstuvwxyz"]], SMALL)
    assert error.message == "'abcdefghijklmnopqrst'... is not a cube face"


def test_exactly_the_most_players_names_words_and_letters_are_taken() -> None:
    players = [
        {"name": "Abcde", "words": ["seas", "ate", "tea"]},
        {"name": "Bo", "words": "sat"},
    ]
    assert read_players(players, FEW) == [("Abcde", ["seas", "ate", "tea"]), ("Bo", ["sat"])]


def test_one_player_more_than_the_limit_is_refused_with_the_limit() -> None:
    players = [{"name": name, "words": []} for name in ("A", "B", "C")]
    error = refusal(read_players, players, FEW)
    assert (error.code, error.details) == ("too_many_players", {"limit": 2})
    assert error.message == "3 players; the limit is 2"


def test_a_name_one_character_too_long_is_refused_with_the_limit() -> None:
    error = refusal(read_players, [{"name": "Abcdef", "words": []}], FEW)
    assert (error.code, error.details) == ("bad_player_name", {"limit": 5})
    assert error.message == "player 1's name is 6 characters; the limit is 5"


def test_one_word_more_than_the_limit_is_refused_with_the_limit() -> None:
    error = refusal(read_players, [{"name": "Ann", "words": "a b c d"}], FEW)
    assert (error.code, error.details) == ("too_many_words", {"limit": 3})
    assert error.message == "Ann listed 4 words; the limit is 3"


def test_a_word_one_letter_too_long_is_refused_with_the_limit() -> None:
    error = refusal(read_players, [{"name": "Ann", "words": ["seats"]}], FEW)
    assert (error.code, error.details) == ("bad_words", {"limit": 4})
    assert error.message == "one of Ann's words is 5 characters; the limit is 4"


def test_the_largest_seed_is_two_to_the_63rd_less_one() -> None:
    assert read_seed("9223372036854775807") == 9223372036854775807
    error = refusal(read_seed, "9223372036854775808")
    assert (error.code, error.message) == (
        "bad_seed",
        "'seed' must be a whole number from 0 to 9223372036854775807, not 9223372036854775808",
    )


def test_a_field_with_dashes_for_underscores_is_matched_to_its_name() -> None:
    # Unconverted, "a-b-c-d" is too unlike "a_b_c_d" (ratio 8/14) to be suggested.
    error = unknown_field("a-b-c-d", ("a_b_c_d", "board"))
    assert (error.field, error.details) == ("a-b-c-d", {"suggestion": "a_b_c_d"})
    assert error.message == "this request takes no field 'a-b-c-d'; did you mean 'a_b_c_d'?"


def test_an_unknown_field_is_shown_cut_to_forty_characters() -> None:
    error = unknown_field("q" * 45, ("board",))
    assert error.field == "q" * 40
    assert error.message == f"this request takes no field {'q' * 40!r}; the fields are 'board'"


def test_a_field_sent_to_a_request_that_takes_none_is_named_without_an_empty_list() -> None:
    error = unknown_field("colour", ())
    assert (error.code, error.field) == ("unknown_field", "colour")
    assert error.message == "this request takes no fields; 'colour' is one too many"


def test_a_json_array_is_named_an_array() -> None:
    error = refusal(read_name, ["standard"], "dictionary")
    assert (error.code, error.message) == (
        "bad_dictionary",
        "'dictionary' must be a name, not an array",
    )


def test_a_value_json_cannot_hold_is_named_by_its_python_type() -> None:
    error = refusal(read_board, ("abcd",), SMALL)
    assert error.message == "'board' must be text or a list of rows, not tuple"


def test_a_blank_board_is_asked_for() -> None:
    error = refusal(read_board, "  ", SMALL)
    assert (error.code, error.message) == ("missing_board", "give the board's letters in 'board'")


def test_board_text_of_exactly_the_most_characters_is_read() -> None:
    board = read_board("abcd", Limits(max_board_chars=4, max_cells=4, max_side=2))
    assert board is not None
    assert (board.rows, board.cols, board.faces) == (2, 2, ("a", "b", "c", "d"))


def test_board_text_one_character_too_long_is_refused_with_the_limit() -> None:
    error = refusal(read_board, "abcde", Limits(max_board_chars=4, max_cells=4, max_side=2))
    assert (error.status, error.code, error.details) == (413, "board_too_long", {"limit": 4})
    assert error.message == "the board text is 5 characters; the limit is 4"


def test_a_nul_in_board_text_is_refused_saying_so() -> None:
    error = refusal(read_board, "ab\x00c", SMALL)
    assert (error.code, error.message) == ("bad_board", "the board contains a NUL character")


def test_typed_text_that_makes_too_large_a_board_is_refused_with_the_limit() -> None:
    error = refusal(read_board, "abcdefghi", SMALL)
    assert (error.status, error.code, error.details) == (413, "board_too_large", {"limit": 4})
    assert error.message == "the board is 3x3 (9 cells)" + SMALL_LIMITS


def test_a_name_that_is_not_text_is_named_by_its_json_type() -> None:
    error = refusal(read_name, 5, "dictionary")
    assert error.message == "'dictionary' must be a name, not a number"


def test_a_name_of_a_hundred_characters_is_taken_and_one_more_refused() -> None:
    assert read_name("a" * 100, "dictionary") == "a" * 100
    error = refusal(read_name, "a" * 101, "dictionary")
    assert (error.code, error.message) == (
        "bad_dictionary",
        "'dictionary' is 101 characters; names are short",
    )


def test_a_fraction_is_not_a_whole_number_and_is_named_by_its_json_type() -> None:
    error = refusal(read_whole_number, 3.5, "min_length", 3, 64)
    assert (error.code, error.message) == (
        "bad_min_length",
        "'min_length' must be a whole number from 3 to 64, not a number",
    )


def test_text_that_is_not_a_number_is_quoted_cut_to_twenty_characters() -> None:
    error = refusal(read_whole_number, "abcdefghijklmnopqrstuvwxy", "min_length", 3, 64)
    assert error.message == (
        "'min_length' must be a whole number from 3 to 64, not 'abcdefghijklmnopqrst'"
    )


def test_a_get_reads_its_query_string_whatever_content_type_it_names() -> None:
    # Only a GET's query string counts; a Content-Type sent with it names no body.
    with Flask(__name__).test_request_context(
        "/solve?board=abcd", method="GET", content_type="text/plain"
    ):
        assert read_fields(request, ("board", "min_length")) == {"board": "abcd"}


@pytest.mark.parametrize(
    ("value", "flag"),
    [
        (None, None),
        ("", None),
        (True, True),
        (False, False),
        ("true", True),
        ("1", True),
        ("on", True),
        (" On ", True),
        ("TRUE", True),
        ("false", False),
        ("0", False),
        ("off", False),
        (" Off", False),
    ],
)
def test_a_flag_is_json_true_or_false_or_a_forms_yes_or_no_in_any_case(value, flag) -> None:
    assert read_flag(value, "locked") is flag


@pytest.mark.parametrize(
    ("value", "given"),
    [
        ("yes", "'yes'"),
        (" ", "' '"),
        ("on" * 15, repr("on" * 10)),
        (1, "a number"),
        (0, "a number"),
        ([], "an array"),
        ({}, "an object"),
    ],
)
def test_anything_else_as_a_flag_is_refused_naming_the_field_and_what_came(value, given) -> None:
    error = refusal(read_flag, value, "locked")
    assert (error.status, error.code, error.field) == (400, "bad_locked", "locked")
    assert error.message == f"'locked' must be true or false, not {given}"


def test_a_whole_number_fields_schema_names_its_bounds_as_given() -> None:
    assert whole_number(3, Setting("MAX_SIDE")) == {
        "type": "integer",
        "minimum": 3,
        "maximum": Setting("MAX_SIDE"),
    }


def test_a_field_made_optional_is_the_same_field_not_required() -> None:
    assert BOARD.required
    optional = BOARD.optional()
    assert optional.required is False
    assert optional.name == BOARD.name == "board"
    assert (optional.schema, optional.codes, optional.json_schema) == (
        BOARD.schema,
        BOARD.codes,
        BOARD.json_schema,
    )
    assert BOARD.required  # the field itself is left as it was


def test_a_dice_set_named_by_something_not_text_is_refused_as_the_dice_field() -> None:
    error = refusal(read_dice_set, 3)
    assert (error.code, error.field) == ("bad_dice", "dice")
    assert error.message == "'dice' must be a name, not a number"


def test_a_key_given_twice_in_a_json_body_is_named_cut_to_forty_characters(app: Flask) -> None:
    key = "k" * 45
    body = f'{{"{key}": 1, "{key}": 2}}'
    with app.test_request_context(
        "/solve", method="POST", data=body, content_type="application/json"
    ):
        error = refusal(read_json_body, request)
    assert (error.code, error.field) == ("duplicate_field", "k" * 40)
    assert error.message == f"the JSON body gives {'k' * 40!r} twice; give it once"


def test_a_json_body_read_twice_in_one_request_reads_the_same(app: Flask) -> None:
    # The body is kept once read, as request.get_json() keeps it: a second reader (an
    # error's handler, a route reading its fields in two steps) finds it whole.
    with app.test_request_context(
        "/solve", method="POST", data='{"board": "abcd"}', content_type="application/json"
    ):
        assert read_json_body(request) == {"board": "abcd"}
        assert read_json_body(request) == {"board": "abcd"}


def test_a_key_a_player_does_not_take_is_named_cut_to_forty_characters() -> None:
    key = "z" * 45
    error = refusal(read_players, [{"name": "Ann", key: 1}], FEW)
    assert (error.code, error.field) == ("unknown_field", "players")
    assert error.message == f"player 1 has no field {'z' * 40!r}; a player has 'name', 'words'"
