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

from boggle import BoardError, parse_board
from boggle.board import BLANK, MULTI_LETTER_FACES, Board

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

    def call(fn: str, arg: Any) -> Any:
        process.stdin.write(json.dumps({"fn": fn, "arg": arg}) + "\n")
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
