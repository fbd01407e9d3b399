"""Tests for boggle/board.py: every way of typing a board, the errors, str() and neighbours."""

from __future__ import annotations

import gettext
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples

from boggle import i18n
from boggle.board import (
    BLANK,
    MULTI_LETTER_FACES,
    Board,
    display_face,
    grid_neighbors,
    parse_board,
)
from boggle.errors import BoardError
from boggle.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent

ABC16 = tuple("abcdefghijklmnop")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
EVERY_FACE = (*LETTERS.replace("q", ""), *MULTI_LETTER_FACES, BLANK)


def shape(board: Board) -> tuple[int, int, tuple[str, ...]]:
    """A board as (rows, cols, faces), for compact comparisons."""
    return board.rows, board.cols, board.faces


# --- The ways people type a board ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "abcdefghijklmnop",
        "abcd efgh ijkl mnop",
        "abcd   efgh\tijkl  mnop",
        "abcd,efgh,ijkl,mnop",
        "abcd, efgh, ijkl, mnop",
        "abcd/efgh/ijkl/mnop",
        "abcd / efgh / ijkl / mnop",
        "abcd\nefgh\nijkl\nmnop",
        "abcd\nefgh\nijkl\nmnop\n",
        "abcd\r\nefgh\r\nijkl\r\nmnop\r\n",
        "abcd\refgh\rijkl\rmnop",
        "abcd;efgh;ijkl;mnop",
        "abcd; efgh; ijkl; mnop;",
        "\n\n  abcd efgh ijkl mnop  \n\n",
        "a b c d / e f g h / i j k l / m n o p",
        "a b c d\ne f g h\ni j k l\nm n o p",
        "a b c d, e f g h, i j k l, m n o p",
        "a b c d e f g h i j k l m n o p",
        "ABCDEFGHIJKLMNOP",
        "ABCD EFGH IJKL MNOP",
        "aBcD EfGh iJkL MnOp",
        "A B C D / E F G H / I J K L / M N O P",
    ],
)
def test_every_text_form_reads_the_same_board(text: str) -> None:
    assert shape(parse_board(text)) == (4, 4, ABC16)


@pytest.mark.parametrize(
    "rows",
    [
        [list("abcd"), list("efgh"), list("ijkl"), list("mnop")],
        [list("ABCD"), list("EFGH"), list("IJKL"), list("MNOP")],
        ["abcd", "efgh", "ijkl", "mnop"],
        ["ABCD", "efgh", " ijkl ", "mnop"],
        ["a b c d", "e f g h", "i j k l", "m n o p"],
        (tuple("abcd"), tuple("efgh"), tuple("ijkl"), tuple("mnop")),
        json.loads('[["a","b","c","d"],["e","f","g","h"],["i","j","k","l"],["m","n","o","p"]]'),
    ],
)
def test_list_of_rows_reads_the_same_board(rows: list) -> None:
    assert shape(parse_board(rows)) == (4, 4, ABC16)


def test_cells_one_by_one_hold_multi_letter_faces_and_blanks() -> None:
    board = parse_board("a b c qu / th e r s / in an he er / # . x y")
    assert shape(board) == (
        4,
        4,
        ("a", "b", "c", "qu", "th", "e", "r", "s", "in", "an", "he", "er", "#", "#", "x", "y"),
    )


def test_cells_one_by_one_are_case_insensitive() -> None:
    board = parse_board("A B QU / TH iN Er / He aN #")
    assert board.faces == ("a", "b", "qu", "th", "in", "er", "he", "an", "#")


def test_cells_one_by_one_without_row_separators_make_a_square() -> None:
    board = parse_board("qu a b c th e r s in an he er # . x y")
    assert (board.rows, board.cols) == (4, 4)
    assert board.faces[:5] == ("qu", "a", "b", "c", "th")
    assert board.faces[12:14] == ("#", "#")


def test_json_cells_hold_multi_letter_faces_and_blanks() -> None:
    board = parse_board([["Qu", "A", "#"], ["Th", "IN", "."], ["q", "QU", "he"]])
    assert shape(board) == (3, 3, ("qu", "a", "#", "th", "in", "#", "qu", "qu", "he"))


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("qbcd", ("qu", "b", "c", "d")),
        ("qubc", ("qu", "b", "c")),  # padded below to a square
        ("QUIT", ("qu", "i", "t")),
        ("quua", ("qu", "u", "a")),
        ("qqqq", ("qu", "qu", "qu", "qu")),
        ("ab#d", ("a", "b", "#", "d")),
        ("a.c.", ("a", "#", "c", "#")),
        ("thes", ("t", "h", "e", "s")),  # run together, "th" is two cells
    ],
)
def test_run_together_q_and_blanks(text: str, faces: tuple[str, ...]) -> None:
    # Pad to a square board so every case parses on its own.
    cells = list(faces)
    padding = ""
    while len(cells) not in (1, 4, 9, 16):
        cells.append("z")
        padding += "z"
    assert parse_board(text + padding).faces == tuple(cells)


def test_lone_q_and_qu_in_rows() -> None:
    assert parse_board("qa ab").faces == ("qu", "a", "a", "b")
    assert parse_board("qua ab").faces == ("qu", "a", "a", "b")
    assert parse_board("q a / a b").faces == ("qu", "a", "a", "b")
    assert parse_board("qu a / a b").faces == ("qu", "a", "a", "b")


@pytest.mark.parametrize(
    ("kwargs", "size"),
    [
        ({"rows": 3}, (3, 4)),
        ({"cols": 4}, (3, 4)),
        ({"rows": 3, "cols": 4}, (3, 4)),
        ({"rows": 4}, (4, 3)),
        ({"rows": 2, "cols": 6}, (2, 6)),
        ({"rows": 1}, (1, 12)),
        ({"cols": 1}, (12, 1)),
    ],
)
def test_rows_and_cols_shape_run_together_text(kwargs: dict, size: tuple[int, int]) -> None:
    board = parse_board("abcdefghijkl", **kwargs)
    assert (board.rows, board.cols) == size
    assert board.faces == tuple("abcdefghijkl")


@pytest.mark.parametrize("kwargs", [{"rows": 5}, {"cols": 5}, {"rows": 3, "cols": 3}, {"rows": 0}])
def test_rows_and_cols_that_do_not_fit_are_an_error(kwargs: dict) -> None:
    with pytest.raises(BoardError, match="12 cells cannot make a"):
        parse_board("abcdefghijkl", **kwargs)


def test_three_by_four_from_rows() -> None:
    board = parse_board("abcd efgh ijkl")
    assert (board.rows, board.cols) == (3, 4)
    assert board.face(2, 3) == "l"
    tall = parse_board("abc def ghi jkl")
    assert (tall.rows, tall.cols) == (4, 3)
    assert tall.face(3, 0) == "j"


@pytest.mark.parametrize("side", [1, 2, 3, 5, 8, 13, 30])
def test_square_boards_from_1x1_to_30x30(side: int) -> None:
    letters = "".join(LETTERS[(i * 7) % 26] for i in range(side * side)).replace("q", "x")
    board = parse_board(letters)
    assert (board.rows, board.cols, board.size) == (side, side, side * side)
    assert "".join(board.faces) == letters
    rows = " ".join(letters[r * side : (r + 1) * side] for r in range(side))
    assert parse_board(rows) == board


def test_one_row_board_from_a_list() -> None:
    # A JSON list of rows says how many rows there are: one row is a 1xN board.
    assert shape(parse_board([["a", "b", "c"]])) == (1, 3, ("a", "b", "c"))


def test_one_row_of_text_in_a_list() -> None:
    assert shape(parse_board(["abcd"])) == (1, 4, tuple("abcd"))


def test_one_column_board_from_rows() -> None:
    assert shape(parse_board("a/b/c")) == (3, 1, ("a", "b", "c"))
    assert shape(parse_board([["a"], ["b"], ["c"]])) == (3, 1, ("a", "b", "c"))


# --- Errors say what is wrong and where ----------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abcd efgh ijklm nopq", "row 3 has 5 cells; the others have 4"),
        ("abcd efg ijkl mnop", "row 2 has 3 cells; the others have 4"),
        ("abcd efgh ijklm nop", "row 3 has 5 cells; most have 4"),
        ("ab cd e", "row 3 has 1 cell; the others have 2"),
        ("abc d ef ghij", "row 2 has 1 cell; most have 3"),
        ([["a", "b"], ["c"]], "row 2 has 1 cell; the others have 2"),
        ("abcdefgh7ijklmnop", "'7' (cell 9) is not a letter a-z"),
        ("qbcdefgh7ijklmnop", "'7' (cell 9) is not a letter a-z"),
        ("abcd efgh ij7l mnop", "'7' (row 3, cell 3) is not a letter a-z"),
        ("abcd efgh ijkl mnö", "'ö' (row 4, cell 3) is not a letter a-z"),
        # U+0130 lower-cases to two characters: the message must still blame it.
        ("abc\u0130", "'\u0130' (cell 4) is not a letter a-z"),
        ("\u0130bcd", "'\u0130' (cell 1) is not a letter a-z"),
        ("\u0130\u0130qu\u0130", "'\u0130' (cell 1) is not a letter a-z"),
        ("abqu\u0130", "'\u0130' (cell 4) is not a letter a-z"),
        ("abcd efgh ijkl mn\u0130p", "'\u0130' (row 4, cell 3) is not a letter a-z"),
        ("a b c d / e f 9 h", "'9' (row 2, cell 3) is not a letter a-z"),
        ("a b xy d / e f g h", "'xy' (row 1, cell 3) is not a cube face"),
        ([["a", "zz"], ["c", "d"]], "'zz' (row 1, cell 2) is not a cube face"),
        ("abcdefghijklmnopq", "17 cells cannot make a square board; give the rows"),
        ("ab", "2 cells cannot make a square board; give the rows"),
        ("", "the board is empty"),
        ("   \n\t ", "the board is empty"),
        ("/ / ,, ;", "the board is empty"),
        ([], "the board is empty"),
        ([[]], "row 1 is empty"),
        ([["a"], []], "row 2 is empty"),
        (42, "a board is text or a list of rows, not a number"),
        (None, "a board is text or a list of rows, not null"),
        ({"board": "abcd"}, "a board is text or a list of rows, not an object"),
        ([1, 2], "row 1 is a number; a row is a list of cells or text"),
        ([["a", "b"], None], "row 2 is null; a row is a list of cells or text"),
        ([["a", 1], ["c", "d"]], "row 1, cell 2 is a number, not a string"),
        ([["a", "b"], ["c", ["d"]]], "row 2, cell 2 is list, not a string"),
    ],
)
def test_errors_say_what_and_where(value: object, message: str) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(value)  # type: ignore[arg-type]
    assert message in str(raised.value)


def test_multi_letter_face_error_lists_the_faces() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("a b ch d / e f g h")
    assert "Qu, Th, In, Er, He, An" in str(raised.value)


@pytest.mark.parametrize(
    ("rows", "cols", "faces", "message"),
    [
        (0, 3, (), "a board needs at least one row and one column, not 0x3"),
        (2, 0, (), "a board needs at least one row and one column, not 2x0"),
        (2, 3, ("a",) * 5, "2x3 board needs 6 cells, got 5"),
        (3, 2, ("a",) * 7, "3x2 board needs 6 cells, got 7"),
    ],
)
def test_a_board_of_the_wrong_shape_says_its_shape_in_whole(
    rows: int, cols: int, faces: tuple[str, ...], message: str
) -> None:
    with pytest.raises(BoardError) as raised:
        Board(rows, cols, faces)
    assert str(raised.value) == message


def test_one_cell_given_a_shape_is_refused_in_the_singular() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("a", rows=2, cols=3)
    assert str(raised.value) == "1 cell cannot make a 2x3 board"


def test_board_checks_its_own_shape_and_faces() -> None:
    with pytest.raises(BoardError, match="needs 4 cells, got 3"):
        Board(2, 2, ("a", "b", "c"))
    with pytest.raises(BoardError, match="at least one row"):
        Board(0, 1, ())
    with pytest.raises(BoardError, match=r"'ch' \(cell 2\) is not a Boggle face"):
        Board(1, 2, ("a", "ch"))
    with pytest.raises(BoardError, match=r"'A' \(cell 1\) is not a Boggle face"):
        Board(1, 1, ("A",))


# --- str() and the JSON rows read back to the same board -----------------------------

faces = st.sampled_from(EVERY_FACE)


@st.composite
def boards(draw: st.DrawFn, min_rows: int = 1, min_cols: int = 1, max_side: int = 8) -> Board:
    """Any board: any shape, any faces, blanks included."""
    rows = draw(st.integers(min_rows, max_side))
    cols = draw(st.integers(min_cols, max_side))
    cells = draw(st.lists(faces, min_size=rows * cols, max_size=rows * cols))
    return Board(rows, cols, tuple(cells))


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_a_run_of_plain_letters_reads_as_the_same_cells_typed_one_by_one(code: str) -> None:
    # A run in the letters that are faces of their own is read at once; typed apart,
    # each cell is read on its own: the same cubes, whatever the case.
    rules = LANGUAGES[code]
    letters = "".join(sorted(rules.plain_letters))
    text = letters + "".join(ch for ch in letters if ch.isascii()).upper()
    shape = f"1x{len(text)}: "
    run = parse_board(shape + text, rules=rules)
    assert run == parse_board(shape + " ".join(text), rules=rules)
    assert run.faces == tuple(text.lower())


@settings(max_examples=examples(300), deadline=None)
@given(boards(min_rows=2, min_cols=3))
def test_str_round_trips(board: Board) -> None:
    assert parse_board(str(board)) == board


@settings(max_examples=examples(300), deadline=None)
@given(boards())
def test_str_round_trips_every_shape(board: Board) -> None:
    # Board.__str__ promises "the syntax parse_board reads back to the same board".
    assert parse_board(str(board)) == board


@pytest.mark.parametrize(
    "board",
    [
        Board(1, 4, tuple("abcd")),
        Board(1, 5, tuple("abcde")),
        Board(4, 1, tuple("abcd")),
        Board(3, 1, tuple("abc")),
        Board(1, 3, ("a", "#", "b")),
        Board(2, 2, ("t", "h", "e", "r")),
        Board(3, 2, ("a", "n", "i", "n", "h", "e")),
    ],
    ids=["1x4", "1x5", "4x1", "3x1", "1x3-blank", "2x2-th-er", "3x2-an-in-he"],
)
def test_str_round_trips_narrow_boards(board: Board) -> None:
    assert parse_board(str(board)) == board


def test_str_of_a_known_board() -> None:
    assert str(parse_board("serspatglinesers")) == "sers patg line sers"
    assert str(parse_board("qbcd efgh ijkl mnop")) == "qubcd efgh ijkl mnop"
    assert str(parse_board([["Qu", "A"], ["#", "Th"]])) == "qu a / # th"


@settings(max_examples=examples(200), deadline=None)
@given(boards(min_rows=2))
def test_display_rows_round_trip_through_json(board: Board) -> None:
    rows = json.loads(json.dumps(board.display_rows()))
    assert parse_board(rows) == board


def test_display_faces() -> None:
    board = parse_board([["qu", "a"], ["#", "th"]])
    assert board.display_rows() == [["Qu", "A"], ["#", "Th"]]
    assert [display_face(f) for f in ("qu", "in", "x", "#")] == ["Qu", "In", "X", "#"]


def test_face_and_cell_are_row_major() -> None:
    board = parse_board("abcd efgh ijkl")
    assert board.size == 12
    assert board.face(0, 0) == "a"
    assert board.face(1, 2) == "g"
    assert board.cell(6) == (1, 2)
    assert board.cell(11) == (2, 3)


# --- Neighbours --------------------------------------------------------------------


def test_neighbours_of_a_4x4_board() -> None:
    board = parse_board("abcdefghijklmnop")
    assert set(board.neighbors(0)) == {1, 4, 5}  # corner
    assert set(board.neighbors(15)) == {10, 11, 14}  # corner
    assert set(board.neighbors(1)) == {0, 2, 4, 5, 6}  # edge
    assert set(board.neighbors(8)) == {4, 5, 9, 12, 13}  # edge
    assert set(board.neighbors(5)) == {0, 1, 2, 4, 6, 8, 9, 10}  # interior


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 7) for c in range(1, 7)])
def test_neighbours_are_the_eight_around(rows: int, cols: int) -> None:
    neighbours = grid_neighbors(rows, cols)
    assert len(neighbours) == rows * cols
    for index, around in enumerate(neighbours):
        r, c = divmod(index, cols)
        expected = {
            rr * cols + cc
            for rr in range(rows)
            for cc in range(cols)
            if (rr, cc) != (r, c) and abs(rr - r) <= 1 and abs(cc - c) <= 1
        }
        assert set(around) == expected
        assert len(around) == len(expected)  # no repeats
        for other in around:
            assert index in neighbours[other]
    corners = {0, cols - 1, (rows - 1) * cols, rows * cols - 1}
    if rows >= 2 and cols >= 2:
        assert all(len(neighbours[i]) == 3 for i in corners)
    if rows >= 3 and cols >= 3:
        assert len(neighbours[cols + 1]) == 8
        assert len(neighbours[1]) == 5


def test_neighbours_of_one_row_and_one_column() -> None:
    assert grid_neighbors(1, 1) == ((),)
    assert [set(n) for n in grid_neighbors(1, 4)] == [{1}, {0, 2}, {1, 3}, {2}]
    assert [set(n) for n in grid_neighbors(4, 1)] == [{1}, {0, 2}, {1, 3}, {2}]


def test_neighbours_include_blanks() -> None:
    board = parse_board("a # / # b")
    assert set(board.neighbors(0)) == {1, 2, 3}


# --- Separators at the edges, and what a message suggests ---------------------------


@pytest.mark.parametrize("ending", ["", "\n", "\r\n", ";", "/", ",", " / \n"])
def test_separators_after_the_last_row_mean_nothing(ending: str) -> None:
    assert parse_board("sers patg line sers" + ending) == parse_board("serspatglinesers")
    assert parse_board("serspatglinesers" + ending).rows == 4
    assert parse_board("\n" + "sers/patg/line/sers" + ending).rows == 4


@pytest.mark.parametrize("ending", ["", "\n", ";", "/"])
def test_one_row_typed_without_its_shape_is_refused_the_same_with_any_ending(
    ending: str,
) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("hearths" + ending)
    assert str(raised.value) == (
        "7 cells cannot make a square board; give the rows, or the shape first: '1x7: hearths'"
    )
    assert parse_board("1x7: hearths" + ending) == Board(1, 7, tuple("hearths"))


def test_a_run_of_cells_suggests_the_most_nearly_square_shape() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("abcdefghijkl")
    assert str(raised.value).endswith("the shape first: '3x4: abcdefghijkl'")
    assert parse_board("3x4: abcdefghijkl").cols == 4


def test_sixteen_letters_with_qu_explain_that_qu_is_one_cube() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("aquabcdefghijklm")
    assert str(raised.value) == (
        "15 cells cannot make a square board ('qu' is one cube, so 16 letters make 15 cells); "
        "give the rows, or the shape first: '3x5: aquabcdefghijklm'"
    )


def test_a_run_of_cells_that_is_not_square_is_refused_in_the_readers_language() -> None:
    # The catalogue finds each message by its English texts, the singular's among them,
    # though no count of cells that is not square takes the singular in English.
    catalogue = gettext.translation("messages", ROOT / "translations", ["it"])
    italian = i18n.Language("it", catalogue, i18n.ENGLISH.number, i18n.ENGLISH.percent)
    before = i18n._source
    i18n.set_source(lambda: italian)
    try:
        with pytest.raises(BoardError) as plain:
            parse_board("hearths")
        with pytest.raises(BoardError) as with_qu:
            parse_board("aquabcdefghijklm")
    finally:
        i18n.set_source(before)
    assert str(plain.value) == (
        "7 caselle non possono formare una griglia quadrata; indica le righe, o prima "
        "la forma: '1x7: hearths'"
    )
    assert str(with_qu.value) == (
        "15 caselle non possono formare una griglia quadrata ('qu' è un solo dado, quindi 16 "
        "lettere fanno 15 caselle); indica le righe, o prima la forma: '3x5: aquabcdefghijklm'"
    )


@pytest.mark.timeout(30)  # a hang, not a speed target
def test_long_runs_of_separators_are_read_in_linear_time() -> None:
    # An end-anchored pattern once rescanned a run of spaces from each of them: 2 s a board.
    for _ in range(20):
        with pytest.raises(BoardError, match="2 cells cannot make a square board"):
            parse_board("a" + " " * 9990 + "b")
        with pytest.raises(BoardError, match="the board is empty"):
            parse_board(" /" * 4995)
        assert parse_board("a" + "/ " * 4995 + "b") == Board(2, 1, ("a", "b"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Lowered, "İ" is two characters: the positions are still the text's own.
        ("abcdefghijklmnop\u0130", "'\u0130' (cell 17) is not a letter a-z"),
        ("ab\u0130d" * 4, "'\u0130' (cell 3) is not a letter a-z"),
        ("\u0130\u0130\u0130\u0130", "'\u0130' (cell 1) is not a letter a-z"),
        # The Kelvin sign lowers to "k", and is still not one of the letters a-z.
        ("\u212a" * 16, "'\u212a' (cell 1) is not a letter a-z"),
        ("a b c \u212a", "'\u212a' (cell 4) is not a letter a-z"),
        ("1x1: \u212a", "'\u212a' (cell 1) is not a letter a-z"),
        ("ab/c\u212a", "'\u212a' (row 2, cell 2) is not a letter a-z"),
    ],
)
def test_letters_outside_a_to_z_are_named_where_they_were_typed(text: str, message: str) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(text)
    assert str(raised.value) == message


def test_a_capital_u_after_q_is_part_of_the_qu_cube() -> None:
    board = parse_board("QUITA/abcd/efgh/ijkl")
    assert board == parse_board("quita/abcd/efgh/ijkl")
    assert board.faces[:4] == ("qu", "i", "t", "a")
    assert parse_board("qUit/abc/def").faces[:3] == ("qu", "i", "t")


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([[True]], "row 1, cell 1 is true or false, not a string"),
        ([["a", None]], "row 1, cell 2 is null, not a string"),
        ([["a"], [3.5]], "row 2, cell 1 is a number, not a string"),
        ([["a"], [{}]], "row 2, cell 1 is an object, not a string"),
        ([["a"], 5], "row 2 is a number; a row is a list of cells or text"),
        ([False], "row 1 is true or false; a row is a list of cells or text"),
    ],
)
def test_a_cell_or_row_of_the_wrong_json_type_is_named_as_json_calls_it(
    rows: list, message: str
) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(rows)
    assert str(raised.value) == message


def test_a_board_that_is_neither_text_nor_rows_is_refused_by_its_type() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(True)  # type: ignore[arg-type]
    assert str(raised.value) == "a board is text or a list of rows, not true or false"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        # The characters between Z and a in ASCII are not letters either.
        ("abc_", "'_' (cell 4) is not a letter a-z"),
        ("ab[d", "'[' (cell 3) is not a letter a-z"),
        ("ab`d", "'`' (cell 3) is not a letter a-z"),
        ([["a", ""]], "row 1, cell 2 is empty; a blank cube is written '#'"),
        ([["a", "  "], ["b", "c"]], "row 1, cell 2 is empty; a blank cube is written '#'"),
        (["ab", "c7"], "'7' (row 2, cell 2) is not a letter a-z"),
    ],
)
def test_a_bad_cell_is_named_with_its_row_and_place(value: str | list, message: str) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board(value)
    assert str(raised.value) == message


def test_the_odd_row_out_is_blamed_even_when_it_comes_first() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("abc defg hijk lmno")
    assert str(raised.value) == "row 1 has 3 cells; the others have 4"


def test_a_lone_q_among_spaced_cells_is_one_cell_of_a_square_board() -> None:
    assert parse_board("a b q d") == Board(2, 2, ("a", "b", "qu", "d"))


def test_a_shape_given_beside_rows_must_match_them_on_each_side() -> None:
    assert parse_board("ab cd", rows=2) == parse_board("ab cd", rows=2, cols=2)
    assert parse_board("ab cd", cols=2) == Board(2, 2, ("a", "b", "c", "d"))
    for shape, wanted in [
        ({"rows": 3}, "3x?"),
        ({"cols": 3}, "?x3"),
        ({"rows": 2, "cols": 3}, "2x3"),
    ]:
        with pytest.raises(BoardError) as raised:
            parse_board("ab cd", **shape)
        assert str(raised.value) == f"the rows given make a 2x2 board, not {wanted}"


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ({"cols": 0}, "4 cells cannot make a 0x0 board"),
        ({"rows": 0}, "4 cells cannot make a 0x0 board"),
        ({"rows": 0, "cols": 4}, "4 cells cannot make a 0x4 board"),
        ({"rows": 3}, "4 cells cannot make a 3x1 board"),
    ],
)
def test_a_run_of_cells_that_cannot_take_the_shape_given_says_so(shape: dict, message: str) -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("abcd", **shape)
    assert str(raised.value) == message


def test_a_shape_prefix_and_a_shape_given_must_agree() -> None:
    assert parse_board("2x3: abcdef", rows=2, cols=3) == Board(2, 3, tuple("abcdef"))
    with pytest.raises(BoardError) as raised:
        parse_board("2x3: abcdef", rows=3, cols=2)
    assert str(raised.value) == "the board says it is 2x3, not 3x2"


@pytest.mark.parametrize(
    ("text", "shape", "faces"),
    [
        ("1x1: th", (1, 1), ("th",)),
        ("1x1: QU", (1, 1), ("qu",)),
        ("1x1:  He ", (1, 1), ("he",)),
        ("2x1: th", (2, 1), ("t", "h")),
        ("1x2: th", (1, 2), ("t", "h")),
        ("1x2: in", (1, 2), ("i", "n")),
    ],
)
def test_a_two_letter_face_is_one_cube_only_when_the_shape_is_one_cube(
    text: str, shape: tuple[int, int], faces: tuple[str, ...]
) -> None:
    # "1x1: th" is what str() writes for a board of one Th cube; any other shape
    # reads the same letters as cells of their own.
    assert parse_board(text) == Board(*shape, faces)


def test_sixty_five_cells_name_the_shape_alone_not_the_cells() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("a" * 65)
    assert str(raised.value) == (
        "65 cells cannot make a square board; give the rows, or the shape first: "
        "'5x13:' before the cells"
    )


def test_a_run_with_a_two_letter_face_is_shown_with_spaces_and_no_qu_hint() -> None:
    # "abth" is 4 letters, a square number, but there is no qu to explain it.
    with pytest.raises(BoardError) as raised:
        parse_board("a b th")
    assert str(raised.value) == (
        "3 cells cannot make a square board; give the rows, or the shape first: '1x3: a b th'"
    )


def test_qu_gets_no_hint_when_the_letters_typed_are_not_square_either() -> None:
    with pytest.raises(BoardError) as raised:
        parse_board("quabcde")
    assert str(raised.value) == (
        "6 cells cannot make a square board; give the rows, or the shape first: '2x3: quabcde'"
    )


# --- The wrong cube as data: BoardError.cell, row and typed ----------------------------

RUN_FACES = (*LETTERS.replace("q", ""), "qu")


@st.composite
def wrong_cells(draw: st.DrawFn) -> tuple[int, int, list[str], int]:
    """A board's faces (letters and Qu) with one cell replaced by a '7', and where."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    cells = draw(st.lists(st.sampled_from(RUN_FACES), min_size=rows * cols, max_size=rows * cols))
    wrong = draw(st.integers(0, rows * cols - 1))
    cells[wrong] = "7"
    return rows, cols, cells, wrong


def written(rows: int, cols: int, cells: list[str], style: str) -> str:
    """The cells as a person types them: cell by cell, rows run together, or one run."""
    lines = [cells[r * cols : (r + 1) * cols] for r in range(rows)]
    if style == "spaced":
        text = " / ".join(" ".join(line) for line in lines)
    elif style == "rows":
        text = " / ".join("".join(line) for line in lines)
    else:
        text = "".join(cells)
    # One row cannot show its shape, and a run shows none: say it, as the solver does.
    return text if rows > 1 and style != "run" else f"{rows}x{cols}: {text}"


@settings(max_examples=examples(200), deadline=None)
@given(wrong_cells(), st.sampled_from(["spaced", "rows", "run"]))
def test_a_wrong_cell_is_placed_on_the_grid_however_the_board_is_written(
    case: tuple[int, int, list[str], int], style: str
) -> None:
    rows, cols, cells, wrong = case
    with pytest.raises(BoardError) as caught:
        parse_board(written(rows, cols, cells, style))
    assert caught.value.cell == divmod(wrong, cols)
    assert caught.value.row is None
    shown = [display_face(cell) for cell in cells]
    assert caught.value.typed == tuple(tuple(shown[r * cols : (r + 1) * cols]) for r in range(rows))


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("abcdefghijklmno7", (3, 3)),  # a run of 16: a square, so the 16th cube is (3, 3)
        ("abcd efgh ijkl mn!p", (3, 2)),
        ("a b c qu / th e r s / a b x9 d / e f g h", (2, 2)),
        ("ab/ /c7", (1, 1)),  # a row of nothing but a space is no row
        ("3x2: ab cd e7", (2, 1)),
        ("1x4: w o 7 d", (0, 2)),  # four rows of one by the grammar; one row by its shape
    ],
)
def test_the_wrong_cube_is_given_as_row_and_column_from_zero(
    text: str, cell: tuple[int, int]
) -> None:
    with pytest.raises(BoardError) as caught:
        parse_board(text)
    assert caught.value.cell == cell


@pytest.mark.parametrize(
    ("shape", "cell", "typed"),
    [
        ({"rows": 2}, (0, 2), (("A", "B", "7"), ("D", "E", "F"))),
        ({"cols": 3}, (0, 2), (("A", "B", "7"), ("D", "E", "F"))),
        ({"rows": 3}, (1, 0), (("A", "B"), ("7", "D"), ("E", "F"))),
        ({"cols": 2}, (1, 0), (("A", "B"), ("7", "D"), ("E", "F"))),
    ],
)
def test_a_run_is_placed_by_the_one_side_the_caller_gives(
    shape: dict[str, int], cell: tuple[int, int], typed: tuple[tuple[str, ...], ...]
) -> None:
    # Six cells run together make no square: the side given (the API's rows or cols
    # field) gives the other, 2x3 or 3x2, and so the third cube's place.
    with pytest.raises(BoardError, match=r"'7' \(cell 3\)") as caught:
        parse_board("ab7def", **shape)
    assert (caught.value.cell, caught.value.typed) == (cell, typed)


@pytest.mark.parametrize(
    ("shape", "typed"),
    [
        ({}, (("A", "B", "7"), ("D", "E", "F"))),
        ({"rows": 2}, (("A", "B", "7"), ("D", "E", "F"))),
        ({"rows": 3}, None),
        ({"cols": 4}, None),
    ],
)
def test_rows_typed_are_drawn_only_in_the_shape_the_caller_gives(
    shape: dict[str, int], typed: tuple[tuple[str, ...], ...] | None
) -> None:
    # Two rows of three typed: the cube is placed either way, but drawing them where
    # the caller asked for three rows, or four columns, would draw another board.
    with pytest.raises(BoardError, match=r"'7' \(row 1, cell 3\)") as caught:
        parse_board("ab7 def", **shape)
    assert (caught.value.cell, caught.value.typed) == ((0, 2), typed)


def test_a_wrong_cube_of_a_board_that_is_no_rectangle_is_placed_but_not_drawn() -> None:
    with pytest.raises(BoardError, match=r"row 2, cell 3") as caught:
        parse_board("abcd/ef7/ghij")
    assert caught.value.cell == (1, 2) and caught.value.typed is None


def test_a_run_that_makes_no_shape_has_no_cube_to_point_at() -> None:
    with pytest.raises(BoardError, match=r"'7' \(cell 15\)") as caught:
        parse_board("abcdefghijklmn7")  # 15 cells: no square, and no shape given
    assert caught.value.cell is None and caught.value.typed is None


def test_a_row_of_the_wrong_length_is_given_as_its_row() -> None:
    with pytest.raises(BoardError, match="row 3 has 5 cells") as caught:
        parse_board("abcd efgh ijklm nopr")
    assert (caught.value.row, caught.value.cell) == (2, None)


def test_errors_about_the_whole_board_point_at_no_cube() -> None:
    for text in ("hearths", "2x2: abc", "1x1:", "3x3: abcd/efgh"):
        with pytest.raises(BoardError) as caught:
            parse_board(text)
        assert (caught.value.cell, caught.value.row) == (None, None), text


@pytest.mark.parametrize(
    ("rows", "cell", "row"),
    [
        ([["a", "b"], ["c", 7]], (1, 1), None),
        ([["a", "b"], ["c", "xy"]], (1, 1), None),
        ([["a", "b"], ["c", "7"]], (1, 1), None),  # no letter at all: the last error
        ([["a", "b"], ["c", " "]], (1, 1), None),
        ([["a", "b"], []], None, 1),
        ([["a", "b"], 5], None, 1),
        ([["a", "b"], ["c", "d", "e"]], None, 1),
    ],
)
def test_a_list_of_rows_names_the_wrong_cell_or_row_by_its_place_in_the_list(
    rows: list, cell: tuple[int, int] | None, row: int | None
) -> None:
    with pytest.raises(BoardError) as caught:
        parse_board(rows)
    assert (caught.value.cell, caught.value.row) == (cell, row)


def test_a_face_the_board_cannot_hold_is_placed_too() -> None:
    with pytest.raises(BoardError) as caught:
        Board(2, 3, ("a", "b", "c", "d", "x!", "f"))
    assert caught.value.cell == (1, 1)


# --- What mutation testing found unpinned (docs/development.md) ---------------------------------


def test_a_cell_of_two_characters_that_are_not_both_letters_is_no_letter() -> None:
    # Only letters run together ("xy") are taken for a face the dice lack.
    with pytest.raises(BoardError) as caught:
        parse_board([["a", "x9"]])
    assert str(caught.value) == "'x9' (row 1, cell 2) is not a letter a-z"


def test_english_text_is_read_as_typed_not_composed() -> None:
    # An e and a combining acute accent stay two characters in English (its letters are
    # ASCII): the message shows the cell as typed, and in a row the accent is cell 2.
    with pytest.raises(BoardError) as caught:
        parse_board([["e\u0301"]])
    assert str(caught.value) == "'e\u0301' (row 1, cell 1) is not a letter a-z"
    with pytest.raises(BoardError) as caught:
        parse_board(["e\u0301b"])
    assert str(caught.value) == "'\u0301' (row 1, cell 2) is not a letter a-z"


def test_a_languages_rows_of_text_in_a_list_are_read_in_its_letters() -> None:
    # An a and a combining diaeresis, composed: the German letter ä.
    board = parse_board(["ma\u0308", "dc"], rules=LANGUAGES["de"])
    assert board.faces == ("m", "ä", "d", "c")


def test_a_languages_run_that_is_not_square_is_shown_run_together_in_its_letters() -> None:
    with pytest.raises(BoardError) as caught:
        parse_board("mädchen", rules=LANGUAGES["de"])
    assert str(caught.value) == (
        "7 cells cannot make a square board; give the rows, or the shape first: '1x7: mädchen'"
    )


def test_a_languages_letters_run_together_in_one_cell_are_no_cube_face() -> None:
    # Ä and a are both German letters (Äa lowers to äa): two letters, no face of the dice.
    with pytest.raises(BoardError) as caught:
        parse_board([["Äa", "b"]], rules=LANGUAGES["de"])
    assert str(caught.value) == "'Äa' (row 1, cell 1) is not a cube face; multi-letter faces are Qu"
