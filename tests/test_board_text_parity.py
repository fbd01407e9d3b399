"""The page script's board text (static/js/lib/board-text.js) agrees with boggle/board.py.

The script keeps a copy of the parser so the grid fills as the user types; these tests
run it under node on generated boards and text and compare it with ``parse_board`` and
``str(Board)``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import BoardError, Catalog, parse_board
from boggle.board import BLANK, MULTI_LETTER_FACES, Board
from boggle.rules import Ruleset
from web.pages import board_reading

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

HARNESS = Path(__file__).parent / "js" / "board_text_harness.mjs"
# Each example is a round trip to a node process: on a busy machine one can take longer
# than Hypothesis's default 200 ms deadline without anything being wrong.
through_node = settings(deadline=None)
LETTERS = [letter for letter in "abcdefghijklmnopqrstuvwxyz" if letter != "q"]


@pytest.fixture(scope="module")
def script() -> Iterator[Callable[[str, Any], Any]]:
    """Call a function of lib/board-text.js by name in one node process."""
    node = shutil.which("node")
    assert node, "node is needed to run the page script's functions (see .ci/run)"
    process = subprocess.Popen(
        [node, str(HARNESS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert process.stdin and process.stdout

    def call(fn: str, arg: Any, language: dict[str, Any] | None = None) -> Any:
        message = {"fn": fn, "arg": arg} | ({"language": language} if language else {})
        process.stdin.write(json.dumps(message) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    yield call
    process.stdin.close()
    process.wait(timeout=10)


def rows_of(board: Board) -> list[list[str]]:
    return [list(board.faces[r * board.cols : (r + 1) * board.cols]) for r in range(board.rows)]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """Boards up to 6x6, half of them letters only (they are written run together)."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    faces = st.sampled_from(
        draw(st.sampled_from([[*LETTERS, "qu"], [*LETTERS, *MULTI_LETTER_FACES, BLANK]]))
    )
    return Board(
        rows, cols, tuple(draw(st.lists(faces, min_size=rows * cols, max_size=rows * cols)))
    )


@through_node
@given(boards())
def test_the_script_writes_a_board_as_the_server_does(script: Callable, board: Board) -> None:
    assert script("boardText", rows_of(board)) == str(board)


@through_node
@given(boards())
def test_the_script_reads_back_the_board_the_server_wrote(script: Callable, board: Board) -> None:
    assert script("parseBoard", str(board)) == rows_of(board)


# Text built from the pieces people type: letters, multi-letter faces, blanks, spaces,
# row separators and shapes, in either case.
PIECES = [*"abehnqrtu", "qu", "th", "#", ".", " ", "  ", "/", ",", "\n", "2x2:", "1x4:", "4x1:"]


@through_node
@given(st.lists(st.sampled_from(PIECES), max_size=24), st.booleans())
def test_the_script_reads_typed_text_as_the_server_does(
    script: Callable, pieces: list[str], upper: bool
) -> None:
    text = "".join(pieces)
    text = text.upper() if upper else text
    try:
        expected = rows_of(parse_board(text))
    except BoardError:
        expected = None
    assert script("parseBoard", text) == expected, text


# --- Every language's letters, with the server's data for each (web/pages.py) --------

LANGUAGE_PIECES = {
    # German: its own letters in both cases, typed composed or as a letter and a mark
    # (NFC), a letter of another language (ñ: named, not read as n), a ß (no cube).
    "de": ["ä", "Ä", "ö", "Ü", "a\u0308", "ñ", "é", "ß", "qu"],
    "es": ["ñ", "Ñ", "n\u0303", "ä", "á", "qu"],
    # French and Italian fold accents: é is e, Ç is c; ñ folds to n as well.
    "fr": ["é", "É", "è", "ç", "Ç", "ñ", "œ", "qu"],
    "it": ["à", "È", "ì", "qu"],
    # Dutch: IJ is two letters, i and j, in either case; its ligature ĳ (Ĳ) is both.
    "nl": ["ij", "IJ", "Ij", "ĳ", "Ĳ", "é", "qu"],
    # English takes a-z only: every accented letter is refused, never folded.
    "standard": ["é", "ä", "ñ", "Ä", "a\u0308", "qu", "th", "İ", "\u212a"],
}
BASE_PIECES = [*"abenrstu", "#", " ", "  ", "/", "\n", "2x2:", "1x3:", "7"]


@pytest.fixture(scope="module")
def readings() -> dict[str, tuple[Ruleset, dict[str, Any]]]:
    """Each dictionary's rules and the data the page hands the script for it."""
    catalog = Catalog()
    return {
        name: (catalog.rules(name), board_reading(catalog.rules(name))) for name in catalog.names
    }


@pytest.mark.parametrize("name", list(LANGUAGE_PIECES))
def test_the_script_reads_each_language_s_letters_as_the_server_does(
    script: Callable, readings: dict, name: str
) -> None:
    rules, reading = readings[name]

    @through_node
    @given(st.lists(st.sampled_from(BASE_PIECES + LANGUAGE_PIECES[name]), max_size=20))
    def reads_the_same(pieces: list[str]) -> None:
        text = "".join(pieces)
        try:
            board = parse_board(text, rules=rules)
        except BoardError as error:
            expected, typed = None, error
        else:
            expected, typed = rows_of(board), None
        assert script("parseBoard", text, reading) == expected, text
        # A board refused for one cube: the script draws it and places the cube as the
        # server does (BoardError.typed and .cell), or neither.
        drawn = script("typedBoard", text, reading)
        if typed is None or typed.cell is None:
            assert drawn is None, text
        else:
            rows = None if typed.typed is None else [list(row) for row in typed.typed]
            assert drawn == {"rows": rows, "cell": list(typed.cell)}, text

    reads_the_same()


@pytest.mark.parametrize(
    ("name", "text", "rows"),
    [
        ("de", "1x7: m ä d c h e n", [["m", "ä", "d", "c", "h", "e", "n"]]),
        ("de", "MÄDCHEN", None),  # 7 cells: no square, no shape
        ("de", "1x7: MÄDCHEN", [["m", "ä", "d", "c", "h", "e", "n"]]),
        ("es", "1x3: a ñ o", [["a", "ñ", "o"]]),
        ("fr", "1x6: élèves", [["e", "l", "e", "v", "e", "s"]]),
        ("nl", "1x3: ijs", [["i", "j", "s"]]),
        ("nl", "1x3: ĳs", [["i", "j", "s"]]),
        ("nl", "ĲSE", [["i", "j"], ["s", "e"]]),
        ("standard", "1x3: a ñ o", None),
    ],
)
def test_hand_worked_boards_read_the_same_in_each_language(
    script: Callable, readings: dict, name: str, text: str, rows: list | None
) -> None:
    rules, reading = readings[name]
    assert script("parseBoard", text, reading) == rows
    expected = None if rows is None else rows_of(parse_board(text, rules=rules))
    assert expected == rows


def test_the_script_marks_a_wrong_cube_where_the_server_does(script: Callable) -> None:
    assert script("typedBoard", "sers patg li7e sers") == {
        "rows": [list("SERS"), list("PATG"), ["L", "I", "7", "E"], list("SERS")],
        "cell": [2, 2],
    }
    assert script("typedBoard", "abcdefghijklmn7") is None  # 15 cells: no shape to place it in
    assert script("typedBoard", "sers patg line sers") is None  # nothing wrong


def test_a_wrong_letter_among_spaced_cells_is_one_cell_in_another_language(
    script: Callable, readings: dict
) -> None:
    # In German any one character is a cell, so "a ñ o o" is a 2x2 board with one wrong
    # cube, not four rows; the script draws it as the server places it.
    rules, reading = readings["de"]
    with pytest.raises(BoardError) as caught:
        parse_board("a ñ o o", rules=rules)
    assert (caught.value.cell, caught.value.typed) == ((0, 1), (("A", "ñ"), ("O", "O")))
    assert script("typedBoard", "a ñ o o", reading) == {
        "rows": [["A", "ñ"], ["O", "O"]],
        "cell": [0, 1],
    }
