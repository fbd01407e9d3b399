"""Tests for the native search core (boggle/_native.c) beside the pure-Python one.

The native core must find what search_python finds, down to the first path of each
word and the order the words are found in, and what tests/reference.py finds; its
ranked answer and its score-only answer must be what the Python ranking and sum give.
Without the built module these tests are skipped, unless BOGGLE_REQUIRE_NATIVE=1 (as
in CI), which turns the skip into a failure; with BOGGLE_PURE_PYTHON=1 the module is
switched off on purpose and they are skipped. The tests of a build without the module
run in any case, in subprocesses.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import subprocess
import sys
import threading
from array import array
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples
from reference import reference_words
from test_solver import WEIGHTED_FACES, expensive_board

import boggle.board as board_module
from boggle import (
    BoardError,
    Catalog,
    Dictionary,
    SearchBudgetExceeded,
    parse_board,
    random_board,
    solver,
)
from boggle.board import Board
from boggle.dictionary import (
    MASK,
    MAX_WORD_LENGTH,
    STRIDE,
    CompactGraph,
    face_column,
    load_dictionary,
)
from boggle.languages import LANGUAGES
from boggle.rules import RULES
from boggle.scoring import word_score
from boggle.solver import FoundWord, Limit, score_board, search_python, solve

ROOT = Path(__file__).resolve().parent.parent
PURE_PYTHON = os.environ.get("BOGGLE_PURE_PYTHON", "") not in ("", "0")


@pytest.fixture(scope="module")
def native() -> ModuleType:
    """The built native module; skipped (or failed, in CI) without it."""
    if PURE_PYTHON:
        pytest.skip("BOGGLE_PURE_PYTHON is set: the native core is switched off")
    if solver._native is None:
        reason = f"the native core is not built: {solver.ENGINE_NOTICE}"
        if os.environ.get("BOGGLE_REQUIRE_NATIVE") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_NATIVE=1 but {reason}")
        pytest.skip(reason)
    return solver._native


@pytest.fixture(scope="module")
def common(catalog: Catalog) -> Dictionary:
    return catalog.get("common")


@pytest.fixture(scope="module")
def common_words(common: Dictionary) -> list[str]:
    return list(common)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 8) -> Board:
    """Random boards from 1x1 to 8x8 (64 cells: the most the used-cells bit set holds)
    with Qu, the two-letter faces and blanks."""
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    cells = draw(
        st.lists(st.sampled_from(WEIGHTED_FACES), min_size=rows * cols, max_size=rows * cols)
    )
    return Board(rows, cols, tuple(cells))


def python_ranked(board: Board, dictionary: Dictionary, min_length: int) -> tuple[FoundWord, ...]:
    return solve(board, dictionary, min_length, engine=search_python).words


# --- The same answers -----------------------------------------------------------------


# Every min_length the rules allow, the short ones (where the words are) most often.
MIN_LENGTHS = st.one_of(st.integers(3, 8), st.integers(3, MAX_WORD_LENGTH))


@settings(max_examples=examples(60), deadline=None)
@given(boards(), MIN_LENGTHS)
def test_native_equals_python_and_the_reference(
    native: ModuleType,
    common: Dictionary,
    common_words: list[str],
    board: Board,
    min_length: int,
) -> None:
    found = solver.search_native(board, common, min_length, None)
    expected = search_python(board, common, min_length, None)
    # The same words, each with the same first path, found in the same order.
    assert list(found.items()) == list(expected.items())
    assert set(found) == reference_words(board, common_words, min_length)
    ranked = solve(board, common, min_length, engine=solver.search_native).words
    assert ranked == python_ranked(board, common, min_length)
    assert all(type(word) is FoundWord for word in ranked)
    total = sum(word_score(word) for word in expected)
    assert score_board(board, common, min_length, engine="native") == (total, len(expected))


def test_boards_over_64_cells_use_a_byte_per_cell_and_agree(
    native: ModuleType, standard: Dictionary
) -> None:
    for rows, cols, seed in ((9, 9, 1), (8, 9, 2), (40, 40, 3), (1, 100, 4)):
        board, _ = random_board("superbig", seed, rows, cols)
        found = solver.search_native(board, standard, 3, None)
        assert list(found.items()) == list(search_python(board, standard, 3, None).items())
        assert solve(board, standard).words == python_ranked(board, standard, 3)
        found = search_python(board, standard, 3, None)
        expected = (sum(word_score(word) for word in found), len(found))
        assert score_board(board, standard, engine="native") == expected


def test_the_score_of_a_board_with_more_words_than_its_first_block_holds(
    native: ModuleType, standard: Dictionary
) -> None:
    # The score mode keeps its first 12 words a cell on the stack and moves them to the
    # heap when a board has more: these dense boards have far more, some of them long
    # enough (over 8 letters) to be told apart by their text, and blanks.
    boards = [
        parse_board("sers patg line sers"),
        parse_board("serss patge lines serst pater"),
        parse_board("sers pa#g line s#rs"),
    ]
    for board in boards:
        for min_length in (3, 9):
            found = search_python(board, standard, min_length, None)
            expected = (sum(word_score(word) for word in found), len(found))
            assert score_board(board, standard, min_length, engine="native") == expected
    assert len(search_python(boards[0], standard, 3, None)) > 12 * 16


def test_a_known_board_by_hand(native: ModuleType) -> None:
    # "quits": Qu I T S is four cubes and five letters; "its" and "sit" both end on S.
    dictionary = Dictionary.from_words(["quit", "quits", "its", "sit", "suit", "tis"])
    board = parse_board("qu i / t s")
    assert solve(board, dictionary, engine=solver.search_native).words == (
        ("quits", 2, ((0, 0), (0, 1), (1, 0), (1, 1))),
        ("its", 1, ((0, 1), (1, 0), (1, 1))),
        ("quit", 1, ((0, 0), (0, 1), (1, 0))),
        ("sit", 1, ((1, 1), (0, 1), (1, 0))),
        ("tis", 1, ((1, 0), (0, 1), (1, 1))),
    )
    assert score_board(board, dictionary, engine="native") == (6, 5)
    assert score_board(board, dictionary, 5, engine="native") == (2, 1)


def test_words_alike_in_their_first_seven_letters_rank_by_all_their_letters(
    native: ModuleType,
) -> None:
    # The ranking's sort key holds the score and the first seven letters: these words
    # tie on it (8 letters and more score 11), so their other letters decide.
    dictionary = Dictionary.from_words(["abcdefghj", "abcdefg", "abcdefghi", "abcdefgh"])
    board = parse_board("abcd / hgfe / ijxx")
    spelt = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1))
    assert solve(board, dictionary, engine=solver.search_native).words == (
        ("abcdefgh", 11, (*spelt, (1, 0))),
        ("abcdefghi", 11, (*spelt, (1, 0), (2, 0))),
        ("abcdefghj", 11, (*spelt, (1, 0), (2, 1))),
        ("abcdefg", 5, spelt),
    )


def test_a_long_word_found_twice_is_kept_once_with_its_first_path(native: ModuleType) -> None:
    # Words are told apart 8 letters at a time: this one is 10, and its last letter can
    # be either j; the j first in neighbour order, (1, 0), is the path kept.
    dictionary = Dictionary.from_words(["abcdefghij"])
    board = parse_board("abcde / jihgf / jxxxx")
    spelt = ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 4), (1, 3), (1, 2), (1, 1))
    assert solve(board, dictionary, engine=solver.search_native).words == (
        ("abcdefghij", 11, (*spelt, (1, 0))),
    )
    assert score_board(board, dictionary, engine="native") == (11, 1)


def test_a_face_the_rules_lack_is_refused_by_name_on_every_native_path(
    native: ModuleType, common: Dictionary
) -> None:
    # The native paths leave the check of the faces to the walk, and name the face only
    # when the walk refuses one: the message must still be check_faces'.
    board = Board(1, 3, ("a", "ä", "th"))
    message = r"'Ä' \(cell 2\) is not a letter of the English dice"
    with pytest.raises(BoardError, match=message):
        solve(board, common)
    with pytest.raises(BoardError, match=message):
        score_board(board, common, engine="native")
    with pytest.raises(BoardError, match=message):
        solver.search_native(board, common, 3, None)


@pytest.mark.parametrize("engine", ["native", "python"])
def test_score_board_is_the_sum_over_solve(
    request: pytest.FixtureRequest, standard: Dictionary, engine: str
) -> None:
    if engine == "native":
        request.getfixturevalue("native")  # skipped (or failed) without the module
    for dice, seed in (("new", 1), ("big", 2), ("superbig", 3)):
        board, _ = random_board(dice, seed)
        for min_length in (3, 4, 6):
            solution = solve(board, standard, min_length, engine=search_python)
            expected = (sum(w.score for w in solution.words), solution.count)
            assert score_board(board, standard, min_length, engine=engine) == expected


def test_score_board_refuses_a_bad_min_length(standard: Dictionary) -> None:
    with pytest.raises(ValueError, match="min_length"):
        score_board(parse_board("abcd efgh ijkl mnop"), standard, 2)


def widened(dictionary: Dictionary, stride: int) -> array:
    """The dictionary's table re-laid in rows of ``stride`` entries, without the bit-set
    column (a 64-column table has no room for one in 32 bits): a larger alphabet's
    table, holding the same words."""
    rows = len(dictionary.table) // STRIDE
    table = array("i", bytes(4 * stride * rows))
    old = dictionary.table
    for row in range(rows):
        for column in range(MASK):
            table[row * stride + column] = old[row * STRIDE + column] // STRIDE * stride
    return table


def test_a_wider_table_finds_the_same_words(native: ModuleType, common: Dictionary) -> None:
    stride = 64
    table = widened(common, stride)
    root = common.root // STRIDE * stride
    terminal_limit = common.terminal_limit // STRIDE * stride
    for seed in range(6):
        board, _ = random_board("superbig", seed)
        arguments = list(solver._native_board(board, common, 3))
        arguments[:5] = [table, stride, root, terminal_limit, -1]
        found = native.walk(native.MODE_PATHS, *arguments)
        expected = search_python(board, common, 3, None)
        assert list(found.items()) == list(expected.items())
        total = sum(word_score(word) for word in expected)
        assert native.walk(native.MODE_SCORE, *arguments) == (total, len(expected))


def on_the_table(arguments: list, dictionary: Dictionary) -> list:
    """The walk's arguments (solver._native_board's) with the dictionary's table and
    without its compact form: the walk of the table, as a graph without one has it."""
    table, root, terminal_limit = dictionary.table_graph()
    arguments = list(arguments)
    arguments[0], arguments[2], arguments[3], arguments[15] = table, root, terminal_limit, None
    return arguments


def test_a_corrupt_table_is_an_error_not_a_crash(native: ModuleType, common: Dictionary) -> None:
    table = array("i", common.table)
    root = common.root
    table[root + 0] = len(table) + 4 * STRIDE  # "a" leads past the end of the table
    board = parse_board("abcd efgh ijkl mnop")
    arguments = on_the_table(solver._native_board(board, common, 3), common)
    arguments[0] = table
    with pytest.raises(ValueError, match="table is corrupt"):
        native.walk(native.MODE_PATHS, *arguments)
    arguments[0] = array("h", [0] * 64)
    with pytest.raises(TypeError, match="32-bit"):
        native.walk(native.MODE_PATHS, *arguments)
    arguments[0] = None  # no table, and no compact form to walk instead
    with pytest.raises(TypeError, match="the table is needed without a compact form"):
        native.walk(native.MODE_PATHS, *arguments)
    arguments[0] = common.table
    arguments[7] = {"a": 0}  # the column of each face but "a" missing
    with pytest.raises(ValueError, match="'b' is not a face with a column"):
        native.walk(native.MODE_PATHS, *arguments)


MODES = ("MODE_PATHS", "MODE_RANKED", "MODE_SCORE")


def test_the_compact_walks_agree_with_the_tables_in_every_mode(
    native: ModuleType, standard: Dictionary
) -> None:
    # Every mode walks the graph's compact form, the score of a board up to 64 cells
    # with a walk of its own; without it, the table. The same words, each with the same
    # first path, found in the same order, and the same ranking and score.
    shapes = (
        ("classic", 4, 4), ("big", 5, 5), ("superbig", 6, 6), ("superbig", 8, 8),
        ("superbig", 9, 9), ("superbig", 1, 70),
    )  # fmt: skip
    for seed in range(30):
        for dice, rows, cols in shapes:
            board, _ = random_board(dice, seed, rows, cols)
            for min_length in (3, 5):
                arguments = list(solver._native_board(board, standard, min_length))
                assert arguments[15] is standard.compact is not None
                assert arguments[0] is None  # the table is not read, nor laid out for it
                tables = on_the_table(arguments, standard)
                for mode in MODES:
                    compact = native.walk(getattr(native, mode), *arguments)
                    on_table = native.walk(getattr(native, mode), *tables)
                    if mode == "MODE_PATHS":
                        assert list(compact.items()) == list(on_table.items())
                    else:
                        assert compact == on_table
                if seed < 3:
                    found = search_python(board, standard, min_length, None)
                    paths = native.walk(native.MODE_PATHS, *arguments)
                    assert list(paths.items()) == list(found.items())
                    score = native.walk(native.MODE_SCORE, *arguments)
                    assert score == (sum(word_score(word) for word in found), len(found))


def test_a_search_with_the_native_core_never_lays_the_table_out(
    native: ModuleType, tmp_path: Path
) -> None:
    # What a server does with a list: load it (built, then from the cache), solve, score,
    # score every face of a cube, look words up and list them, all on the compact form.
    for _ in range(2):
        standard = load_dictionary(ROOT / "wordlists" / "common.txt", cache_dir=tmp_path)
        for seed in range(3):
            board, _ = random_board("superbig", seed, 9, 9)
            solve(board, standard)
            solver.search_native(board, standard, 3, None)
            score_board(board, standard)
            small, _ = random_board("big", seed)
            score_board(small, standard)
            solver.score_faces(small, standard, 0, ("a", "e", "qu"))
        assert "serpent" in standard and standard.has_prefix("serp") and len(list(standard))
        assert not standard.has_table


def test_the_compact_score_walk_with_a_column_in_the_sign_bit(
    native: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A ruleset with 32 face columns: the bit set's top bit is the face "ij", which no
    # shipped language has (Dutch IJ is two letters), so boards are let take it here.
    monkeypatch.setattr(board_module, "ALL_FACES", board_module.ALL_FACES | {"ij"})
    rules = dataclasses.replace(RULES, multi_letter_faces=(*RULES.multi_letter_faces, "ij"))
    wide = Dictionary.from_words(["ijst", "ijsta", "sat", "tai"], rules=rules)
    board = Board(2, 2, ("ij", "s", "a", "t"))
    # ijst (4 letters, 1 point), ijsta (5, 2 points), sat (1 point); no "i" face for tai.
    assert score_board(board, wide, engine="native") == (4, 3)
    assert score_board(board, wide, engine="python") == (4, 3)
    arguments = list(solver._native_board(board, wide, 3))
    assert arguments[4] == 32 and arguments[15] is wide.compact is not None
    # The full walk on the compact form too, and both on the table.
    expected = {"ijst": ((0, 0), (0, 1), (1, 1)), "ijsta": ((0, 0), (0, 1), (1, 1), (1, 0))}
    expected["sat"] = ((0, 1), (1, 0), (1, 1))
    assert native.walk(native.MODE_PATHS, *arguments) == expected
    assert solver.search_native(board, wide, 3, None) == search_python(board, wide, 3, None)
    tables = on_the_table(arguments, wide)
    assert native.walk(native.MODE_SCORE, *tables) == (4, 3)
    assert native.walk(native.MODE_PATHS, *tables) == expected


def test_a_corrupt_compact_graph_is_an_error_not_a_crash(
    native: ModuleType, common: Dictionary
) -> None:
    nodes, root, terminal_limit = common.compact
    assert nodes[root] & 1  # words start with "a": the root's first child
    a = nodes[root + 1]
    assert nodes[a] & 1 << face_column("b")  # "ab...": the "a" record's child by "b"
    ab = a + 1 + (nodes[a] & (1 << face_column("b")) - 1).bit_count()
    # Every mode, on a 4x4 board and on one over 64 cells (used cubes as bytes), halts as
    # it did on a corrupt table: the root's child (the first step), or one further down.
    long_row = Board(1, 70, ("a", "b", *"cdefghij" * 8, *"klmn"))
    boards = [parse_board("abcd efgh ijkl mnop"), long_row]
    for board in boards:
        arguments = list(solver._native_board(board, common, 3))
        # Past the end, in the padding (a record there could not be read whole), or none.
        for at, child in [(root + 1, len(nodes)), (root + 1, len(nodes) - 32), (root + 1, 0),
                          (ab, len(nodes)), (ab, 0)]:  # fmt: skip
            corrupt = array("I", nodes)
            corrupt[at] = child
            arguments[15] = (corrupt, root, terminal_limit)
            for mode in MODES:
                with pytest.raises(ValueError, match="compact graph is corrupt"):
                    native.walk(getattr(native, mode), *arguments)
    arguments = list(solver._native_board(boards[0], common, 3))
    for mode in MODES:
        arguments[15] = (array("i", nodes), root, terminal_limit)
        with pytest.raises(TypeError, match="32-bit unsigned"):
            native.walk(getattr(native, mode), *arguments)
        for bad_root in (0, len(nodes) - 32, len(nodes)):
            arguments[15] = (nodes, bad_root, terminal_limit)
            with pytest.raises(ValueError, match="compact root or terminal_limit"):
                native.walk(getattr(native, mode), *arguments)
        arguments[15] = (nodes, root, len(nodes) + 1)
        with pytest.raises(ValueError, match="compact root or terminal_limit"):
            native.walk(getattr(native, mode), *arguments)
        arguments[15] = (array("I", [0] * 33), 0, 0)  # shorter than a record and its padding
        with pytest.raises(ValueError, match="compact root or terminal_limit"):
            native.walk(getattr(native, mode), *arguments)
        arguments[15] = [nodes, root, terminal_limit]
        with pytest.raises(TypeError, match="compact must be None or"):
            native.walk(getattr(native, mode), *arguments)


# --- Every face at one cube (score_faces, for the search for rich boards) -----------


def face_by_face(
    board: Board,
    dictionary: Dictionary,
    cell: int,
    faces: tuple[str, ...],
    min_length: int,
    engine: str = "python",
) -> tuple[tuple[int, int], ...]:
    """What score_faces must give: each board scored on its own (by the Python search
    unless told: the native score is held equal to it above)."""
    return tuple(
        score_board(solver._with_face(board, cell, face), dictionary, min_length, engine)
        for face in faces
    )


# The faces a cube may show, blank left out: a search never offers the blank.
OFFERED = sorted(RULES.faces)


@settings(max_examples=examples(40), deadline=None)
@given(
    boards(max_side=6),
    st.data(),
    st.lists(st.sampled_from(OFFERED), min_size=1, max_size=len(OFFERED), unique=True),
    st.sampled_from([3, 3, 4, 6]),
)
def test_one_walk_scores_every_face_of_a_cube_as_boards_one_by_one(
    native: ModuleType,
    common: Dictionary,
    board: Board,
    data: st.DataObject,
    faces: list[str],
    min_length: int,
) -> None:
    cell = data.draw(st.integers(0, board.size - 1))
    offered = tuple(faces)
    expected = face_by_face(board, common, cell, offered, min_length)
    assert solver.score_faces(board, common, cell, offered, min_length, "native") == expected
    assert solver.score_faces(board, common, cell, offered, min_length, "python") == expected


def test_every_face_of_a_cube_on_rich_boards_with_long_words(
    native: ModuleType, standard: Dictionary
) -> None:
    # Rich boards: thousands of words, found again and again through the wild cube, some
    # longer than 8 letters (kept by their text), and the hash table grown many times.
    letters = (*"abcdefghijklmnoprstuvwxyz", "qu")
    for text in ("sers patg line sers", "serss patge lines serst pater"):
        board = parse_board(text)
        for cell in (0, 6, board.size - 1):
            expected = face_by_face(board, standard, cell, letters, 3, "native")
            assert solver.score_faces(board, standard, cell, letters, 3, "native") == expected
    assert max(count for _, count in expected) > 1000  # the 5x5 board's


def test_every_face_of_a_cube_where_one_walk_cannot_cover_them(
    native: ModuleType, standard: Dictionary
) -> None:
    # Over 64 cubes, or a graph without its compact form: scored a board at a time.
    board, _ = random_board("superbig", 3, 9, 9)
    faces = ("e", "s", "qu", "th")
    expected = face_by_face(board, standard, 40, faces, 3)
    assert solver.score_faces(board, standard, 40, faces, 3, "native") == expected
    bare = Dictionary(
        standard.table, standard.root, standard.terminal_limit, standard.stats, "bare"
    )
    bare.compact = None
    small = parse_board("sers patg line sers")
    expected = face_by_face(small, standard, 5, faces, 3)
    assert solver.score_faces(small, bare, 5, faces, 3, "native") == expected


def test_every_face_of_a_cube_in_a_language_with_letters_after_z(native: ModuleType) -> None:
    # The walk reads German's letters past z as symbols: offered ones too.
    german = Dictionary.from_words(["bär", "bären", "öde", "rad"], rules=LANGUAGES["de"])
    board = Board(2, 3, ("b", "ä", "r", "ö", "e", "n"))
    faces = ("ä", "a", "ö", "d")
    expected = face_by_face(board, german, 1, faces, 3)
    assert solver.score_faces(board, german, 1, faces, 3, "native") == expected
    assert solver.score_faces(board, german, 1, faces, 3, "python") == expected
    assert expected[0] == (1 + 2, 2)  # bär, bären
    assert expected[3] == (1, 1)  # öde, through the d; rad needs an a


def test_score_faces_refuses_what_it_cannot_score(standard: Dictionary) -> None:
    board = parse_board("sers patg line sers")
    for engine in ("python", *(["native"] if solver._native else [])):
        with pytest.raises(ValueError, match="cell 16 is not on a board of 16 cubes"):
            solver.score_faces(board, standard, 16, ("a",), engine=engine)
        with pytest.raises(ValueError, match="each once"):
            solver.score_faces(board, standard, 0, ("a", "a"), engine=engine)
        with pytest.raises(ValueError, match="each once"):
            solver.score_faces(board, standard, 0, (), engine=engine)
        with pytest.raises(ValueError, match="'#' is not a face of the dictionary's rules"):
            solver.score_faces(board, standard, 0, ("a", "#"), engine=engine)
        with pytest.raises(ValueError, match="min_length"):
            solver.score_faces(board, standard, 0, ("a",), 2, engine=engine)
        with pytest.raises(BoardError):
            solver.score_faces(Board(1, 2, ("a", "ä")), standard, 0, ("a",), engine=engine)


def test_score_faces_with_a_corrupt_compact_graph_or_bad_arguments(
    native: ModuleType, common: Dictionary
) -> None:
    nodes, root, terminal_limit = common.compact
    codes = solver._native_layout(common.rules).codes
    scores = solver._SCORE_OF_LENGTH
    faces = tuple("abcdefghijklmnop")

    def call(**changed: object) -> object:
        arguments = {
            "nodes": nodes, "root": root, "terminal_limit": terminal_limit, "column_of": codes,
            "rows": 4, "cols": 4, "faces": faces, "min_length": 3, "scores": scores, "wild": 5,
            "offered": ("a", "e"),
        }  # fmt: skip
        return native.score_faces(*{**arguments, **changed}.values())

    assert call() == face_by_face(Board(4, 4, faces), common, 5, ("a", "e"), 3)
    for child in (len(nodes), len(nodes) - 32, 0):
        corrupt = array("I", nodes)
        corrupt[root + 1] = child  # the root's child by "a"
        with pytest.raises(ValueError, match="corrupt"):
            call(nodes=corrupt)
    with pytest.raises(TypeError, match="32-bit unsigned"):
        call(nodes=array("i", nodes))
    for bad_root in (len(nodes) - 32, len(nodes)):
        with pytest.raises(ValueError, match="compact root or terminal_limit"):
            call(root=bad_root)
    with pytest.raises(ValueError, match="compact root or terminal_limit"):
        call(terminal_limit=len(nodes) + 1)
    with pytest.raises(ValueError, match="more than 64 cells"):
        call(rows=8, cols=9, faces=tuple("a" * 72))
    with pytest.raises(ValueError, match="wild must be from 0 to 15"):
        call(wild=16)
    with pytest.raises(ValueError, match="offered face 'a' is offered twice"):
        call(offered=("a", "e", "a"))
    with pytest.raises(ValueError, match="offered must be a tuple of 1 to 32"):
        call(offered=())
    with pytest.raises(ValueError, match="offered face 1: '#' is not a face"):
        call(offered=("a", "#"))
    with pytest.raises(ValueError, match="cell 3: 'ä' is not a face"):
        call(faces=("a", "b", "c", "ä", *faces[4:]))
    with pytest.raises(ValueError, match="faces must be a tuple, one per cell"):
        call(faces=faces[:-1])
    with pytest.raises(TypeError, match="takes 11 arguments"):
        native.score_faces(nodes)


# --- The words numbered (score_faces_numbered: each word known by its number) --------


def number_of(dictionary: Dictionary, columns: list[int]) -> int | None:
    """The number word_steps gives the word spelt by ``columns`` (None: not a word)."""
    nodes, limit = dictionary.compact.nodes, dictionary.compact.terminal_limit
    steps = solver.word_steps(dictionary).steps
    node, number = dictionary.compact.root, 0
    for column in columns:
        mask = nodes[node]
        if not (mask >> column) & 1:
            return None
        entry = node + 1 + (mask & ((1 << column) - 1)).bit_count()
        node, number = nodes[entry], number + steps[entry]
    return number if 0 < node < limit else None


def test_word_steps_number_the_words_in_order_whichever_faces_spell_them(
    common: Dictionary, common_words: list[str]
) -> None:
    numbered = solver.word_steps(common)
    assert numbered is not None and numbered.words == len(common_words)
    assert solver.word_steps(common) is numbered  # worked out once a graph
    columns = RULES.face_columns
    spelt = sorted([columns["qu" if ch == "q" else ch] for ch in word.replace("qu", "q")]
                   for word in common_words)  # fmt: skip
    assert [number_of(common, word) for word in spelt] == list(range(len(spelt)))
    # A two-letter face steps as its two letters: the same word, the same number.
    pairs = [word for word in common_words if "th" in word and "q" not in word]
    assert pairs
    for word in pairs[:50]:
        letters = [columns[ch] for ch in word]
        at = word.index("th")
        joined = [*letters[:at], columns["th"], *letters[at + 2 :]]
        assert number_of(common, joined) == number_of(common, letters) is not None


def test_words_are_not_numbered_where_two_spellings_could_meet() -> None:
    # "x" reads as the face "ab": "ab" then "a" and "a" then "ba" could spell one word.
    rules = dataclasses.replace(
        RULES, name="prefix", letter_faces={"q": "qu", "x": "ab"},
        multi_letter_faces=(*RULES.multi_letter_faces, "ab"),
    )  # fmt: skip
    assert not solver._spelt_once(rules)
    assert solver._spelt_once(RULES)
    assert all(solver._spelt_once(rules) for rules in LANGUAGES.values())
    assert solver.word_steps(Dictionary.from_words(["abc", "abd"], rules=rules)) is None


def test_every_face_of_a_cube_by_numbers_or_by_letters_alike(
    native: ModuleType, standard: Dictionary, common: Dictionary, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The same answers from either record of the words, from one call to the next and
    # from one list to another (the stamps of the last call, and of another list, kept).
    letters = (*"abcdefghijklmnoprstuvwxyz", "qu", "th", "in")
    boards = [parse_board("serss patge lines serst pater"), parse_board("sers patg line sers")]
    numbered = [
        solver.score_faces(board, dictionary, cell, letters, 3, "native")
        for dictionary in (standard, common, standard)
        for board in boards
        for cell in (0, 7, board.size - 1)
    ]
    monkeypatch.setattr(solver, "word_steps", lambda dictionary: None)
    by_letters = [
        solver.score_faces(board, dictionary, cell, letters, 3, "native")
        for dictionary in (standard, common, standard)
        for board in boards
        for cell in (0, 7, board.size - 1)
    ]
    assert numbered == by_letters
    assert numbered[0] != numbered[len(numbered) // 3]  # the two lists differ


def test_every_face_of_a_cube_by_numbers_from_threads_at_once(
    native: ModuleType, standard: Dictionary
) -> None:
    # One call holds the kept stamps; a call meanwhile takes stamps of its own.
    board = parse_board("serss patge lines serst pater")
    letters = (*"abcdefghijklmnoprstuvwxyz", "qu")
    expected = [solver.score_faces(board, standard, cell, letters, 3) for cell in range(25)]
    answers: list[list[tuple[tuple[int, int], ...]]] = []

    def run() -> None:
        answers.append(
            [solver.score_faces(board, standard, cell, letters, 3) for cell in range(25)]
        )

    threads = [threading.Thread(target=run) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [expected] * 4


def test_score_faces_numbered_with_corrupt_steps_or_bad_arguments(
    native: ModuleType, common: Dictionary
) -> None:
    nodes, root, terminal_limit = common.compact
    steps, words = solver.word_steps(common)
    codes = solver._native_layout(common.rules).codes
    faces = tuple("abcdefghijklmnop")
    rest = (nodes, root, terminal_limit, codes, 4, 4, faces, 3, solver._SCORE_OF_LENGTH, 5)

    def call(steps: object = steps, words: object = words, offered: object = ("a", "e")) -> object:
        return native.score_faces_numbered(steps, words, *rest, offered)

    assert call() == face_by_face(Board(4, 4, faces), common, 5, ("a", "e"), 3)
    corrupt = array("I", steps)
    corrupt[root + 1] = words  # the root's child by "a": its words' numbers past the last
    with pytest.raises(ValueError, match="corrupt"):
        call(steps=corrupt)
    with pytest.raises(ValueError, match="corrupt"):
        call(words=1)
    with pytest.raises(ValueError, match="one per entry of the nodes"):
        call(steps=steps[:-1])
    with pytest.raises(TypeError, match="steps must be 32-bit unsigned"):
        call(steps=array("i", steps))
    with pytest.raises(ValueError, match="words must be from 1"):
        call(words=0)
    with pytest.raises(ValueError, match="offered face 'a' is offered twice"):
        call(offered=("a", "e", "a"))
    with pytest.raises(TypeError, match="takes 13 arguments"):
        native.score_faces_numbered(steps)
    assert call() == face_by_face(Board(4, 4, faces), common, 5, ("a", "e"), 3)


# --- The limit ------------------------------------------------------------------------


def worst_board() -> Board:
    """The slowest 40x40 board found (benchmarks/solver_speed.py): 4x4 tiles of asar."""
    rows = ["asar", "asar", "asar", "asas"]
    return Board(40, 40, tuple(rows[r % 4][c % 4] for r in range(40) for c in range(40)))


def test_the_budget_stops_a_native_search(native: ModuleType, standard: Dictionary) -> None:
    board = worst_board()
    whole = solve(board, standard)
    with pytest.raises(SearchBudgetExceeded) as raised:
        solve(board, standard, budget=0.001)
    assert (raised.value.budget, raised.value.ceiling) == (0.001, None)
    with pytest.raises(SearchBudgetExceeded) as raised:
        solve(board, standard, budget=60, ceiling=0.001)
    assert raised.value.ceiling == 0.001
    # Nothing of the stopped searches is left behind.
    assert solve(board, standard, budget=60).words == whole.words
    assert solve(expensive_board(), standard, budget=60).words == python_ranked(
        expensive_board(), standard, 3
    )


def test_the_budget_and_the_ceiling_stop_the_score_walk(
    native: ModuleType, standard: Dictionary
) -> None:
    # The score walk of a board up to 64 cells is its own code (score_from), with its
    # own count of steps between readings of the clocks.
    rows = ["sers", "patg", "line", "sers"]
    board = Board(8, 8, tuple(rows[r % 4][c % 4] for r in range(8) for c in range(8)))
    found = search_python(board, standard, 3, None)
    arguments = list(solver._native_board(board, standard, 3))
    whole = (sum(word_score(word) for word in found), len(found))
    assert native.walk(native.MODE_SCORE, *arguments) == whole
    arguments[10:12] = [0.0, None]
    assert native.walk(native.MODE_SCORE, *arguments) is None
    arguments[10:12] = [60, 0.0]
    assert native.walk(native.MODE_SCORE, *arguments) is None
    arguments[10:12] = [60, 60]
    assert native.walk(native.MODE_SCORE, *arguments) == whole


def test_the_budget_stops_the_search_core_called_alone(
    native: ModuleType, standard: Dictionary
) -> None:
    # search_native is the Search interface itself (ENGINES["native"]), not only what
    # solve() ranks: it must enforce the limit it is handed, as search_python does.
    with pytest.raises(SearchBudgetExceeded) as raised:
        solver.search_native(worst_board(), standard, 3, Limit(0.001))
    assert (raised.value.budget, raised.value.ceiling) == (0.001, None)


def test_the_search_core_spells_a_languages_own_letters_back(native: ModuleType) -> None:
    # The walk reads German's letters past z (ä ö ü ß) as symbols after z; the words
    # it finds must come back spelt in letters. Worked by hand: one row, so each word
    # is a run of cubes.
    german = Dictionary.from_words(["mädchen", "chen", "mad"], rules=LANGUAGES["de"])
    board = parse_board("1x7: m ä d c h e n", rules=LANGUAGES["de"])
    assert solver.search_native(board, german, 3, None) == {
        "mädchen": tuple((0, col) for col in range(7)),
        "chen": ((0, 3), (0, 4), (0, 5), (0, 6)),
    }


def test_the_layouts_worked_out_afresh_give_the_same_answers(
    native: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each ruleset's layout is worked out once a process and kept: once any test has
    # searched a language, a mistake in working its layout out would not show again.
    # Worked out afresh here, for English and for German (symbols past z).
    monkeypatch.setattr(solver, "_LAYOUTS", {})
    monkeypatch.setattr(solver, "_last_layout", (None, None))
    german = Dictionary.from_words(["mädchen", "chen", "mad"], rules=LANGUAGES["de"])
    board = parse_board("1x7: m ä d c h e n", rules=LANGUAGES["de"])
    assert solve(board, german).words == solve(board, german, engine=search_python).words
    assert [w.word for w in solve(board, german).words] == ["mädchen", "chen"]
    # A word of nothing but German's own letters: no face of the board reads as itself.
    board = parse_board("1x3: ä ö ü", rules=LANGUAGES["de"])
    only_own = Dictionary.from_words(["äöü"], rules=LANGUAGES["de"])
    assert [w.word for w in solve(board, only_own).words] == ["äöü"]
    # c a t / x e r / s o #, with a blank: cat, tea, ace (1 point each) and cater (2).
    english = Dictionary.from_words(["cat", "tea", "cater", "ace", "act"])
    board = parse_board("cat xer so#")
    assert solve(board, english).words == solve(board, english, engine=search_python).words
    assert score_board(board, english, engine="native") == (5, 4)


def test_a_score_first_on_a_fresh_layout_keeps_it_for_the_next_search(
    native: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The layout worked out for a score is kept beside its ruleset, and the next board
    # reads it from there.
    monkeypatch.setattr(solver, "_LAYOUTS", {})
    monkeypatch.setattr(solver, "_last_layout", (None, None))
    english = Dictionary.from_words(["cat", "tea", "cater", "ace", "act"])
    board = parse_board("cat xer so#")
    assert score_board(board, english, engine="native") == (5, 4)
    assert solver._last_layout[0] is english.rules
    assert score_board(board, english, engine="native") == (5, 4)


# --- Threads --------------------------------------------------------------------------


def test_the_walk_lets_other_threads_run_python(native: ModuleType, standard: Dictionary) -> None:
    # While a walk reads its graph, the graph's array is exported (an array cannot
    # grow). If the walk held the interpreter lock, no Python code could run in another
    # thread until the call had let go of the array again; here this thread sees it
    # exported, from Python, while another thread's walk is under way.
    nodes, root, terminal_limit = standard.compact
    private = Dictionary.from_compact(
        CompactGraph(array("I", nodes), root, terminal_limit), standard.stats
    )
    table = private.compact.nodes
    board = worst_board()
    answers: list[int] = []

    def search() -> None:
        for _ in range(20):
            answers.append(solve(board, private).count)

    searcher = threading.Thread(target=search)
    seen_walking = False
    gc.disable()  # no collection (and no finalizer's Python code) while results are built
    try:
        searcher.start()
        while searcher.is_alive() and not seen_walking:
            try:
                table.append(0)
            except BufferError:
                seen_walking = True
            else:
                table.pop()
        searcher.join()
    finally:
        gc.enable()
    assert seen_walking
    assert len(table) == len(nodes)
    assert set(answers) == {solve(board, standard, engine=search_python).count}


# --- Which core runs, and a build without the native one -------------------------------


def test_engine_is_native_unless_switched_off_or_not_built() -> None:
    if PURE_PYTHON:
        assert solver.ENGINE == "python"
        assert "BOGGLE_PURE_PYTHON" in str(solver.ENGINE_NOTICE)
    elif solver._native is not None:
        assert solver.ENGINE == "native"
        assert solver.ENGINE_NOTICE is None
        assert solver.ENGINES["native"] is solver.search_native
    if os.environ.get("BOGGLE_REQUIRE_NATIVE") == "1" and not PURE_PYTHON:
        assert solver.ENGINE == "native"


def test_the_start_up_line_is_given_the_first_time_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # The app and the command line each ask for it at start; a process that makes
    # several apps (the tests, a server's workers) must print it once.
    monkeypatch.setattr(solver, "_notice_given", False)
    monkeypatch.setattr(solver, "ENGINE_NOTICE", "boggle: searching with the pure-Python core")
    assert solver.engine_notice() == "boggle: searching with the pure-Python core"
    assert solver.engine_notice() is None
    assert solver.engine_notice() is None


def test_score_board_uses_the_core_it_names_and_refuses_a_missing_native_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As in a process where the native core is not built: "python" still scores, and
    # "native" is refused with the start-up line saying why, not searched in Python.
    notice = "boggle: the native search core is not built (no C compiler)"
    monkeypatch.setattr(solver, "_native", None)
    monkeypatch.setattr(solver, "ENGINE_NOTICE", notice)
    dictionary = Dictionary.from_words(["cat", "tea", "cater", "ace", "act", "xi"])
    # c a t / x e r / s o n: cat, tea, ace (1 point each) and cater (2) can be traced;
    # act cannot (c and t are not adjacent), xi has no i.
    board = parse_board("cat xer son")
    assert score_board(board, dictionary, engine="python") == (5, 4)
    with pytest.raises(ValueError) as raised:
        score_board(board, dictionary, engine="native")
    assert str(raised.value) == f"the native search core is not in use: {notice}"
    # And so is every face at one cube: the rich boards' search asks as score_board does.
    assert solver.score_faces(board, dictionary, 0, ("c", "s"), engine="python") == (
        (5, 4),
        (1, 1),  # s a t / x e r / s o n: tea alone
    )
    with pytest.raises(ValueError) as raised:
        solver.score_faces(board, dictionary, 0, ("c", "s"), engine="native")
    assert str(raised.value) == f"the native search core is not in use: {notice}"


CHILD = """
import json, sys
{setup}
from boggle import Catalog, parse_board, solve, solver
from boggle.solver import score_board
from app import create_app
catalog = Catalog(cache_dir=sys.argv[1])
board = parse_board("a b c qu / th e r s / in an he er / # s e t")
solution = solve(board, catalog.get("standard"))
create_app({{"TESTING": True, "CACHE_DIR": sys.argv[1]}}, catalog=catalog)
create_app({{"TESTING": True, "CACHE_DIR": sys.argv[1]}}, catalog=catalog)
health = create_app({{"TESTING": True}}, catalog=catalog).test_client().get("/healthz")
print(json.dumps({{
    "engine": solver.ENGINE,
    "engines": sorted(solver.ENGINES),
    "solution": solution.as_dict("standard"),
    "score": score_board(board, catalog.get("standard")),
    "healthz": health.get_json()["engine"],
}}))
"""
# As if the package had been installed where no C compiler was found.
WITHOUT_MODULE = "sys.modules['boggle._native'] = None"


def run_child(cache_dir: Path, setup: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "BOGGLE_PURE_PYTHON"}
    return subprocess.run(
        [sys.executable, "-c", CHILD.format(setup=setup), str(cache_dir)],
        cwd=ROOT,
        env={**environment, **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


@pytest.mark.parametrize(
    ("setup", "env", "says"),
    [
        ("", {"BOGGLE_PURE_PYTHON": "1"}, "BOGGLE_PURE_PYTHON is set"),
        (WITHOUT_MODULE, {}, "the native search core is not built (no C compiler"),
    ],
    ids=["forced", "not built"],
)
def test_without_the_native_core_python_searches_and_says_so_once(
    cache_dir: Path, standard: Dictionary, setup: str, env: dict[str, str], says: str
) -> None:
    child = run_child(cache_dir, setup, **env)
    answer = json.loads(child.stdout)
    assert answer["engine"] == answer["healthz"] == "python"
    assert answer["engines"] == ["python"]
    board = parse_board("a b c qu / th e r s / in an he er / # s e t")
    expected = solve(board, standard, engine=search_python)
    assert answer["solution"] == json.loads(json.dumps(expected.as_dict("standard")))
    assert answer["score"] == [expected.total_score, expected.count]
    # Three apps made in the process, one line said.
    assert child.stderr.count(says) == 1, child.stderr
    assert len(child.stderr.splitlines()) == 1, child.stderr


PRELOADED_TABLES = """
import json, sys
from app import DEFAULTS, _load_catalog
catalog = _load_catalog({**DEFAULTS, "CACHE_DIR": sys.argv[1], "PRELOAD_DICTIONARIES": "common"})
print(json.dumps({name: catalog.get(name).has_table for name in ("standard", "common", "large")}))
"""


@pytest.mark.parametrize(("env", "expected"), [({}, False), ({"BOGGLE_PURE_PYTHON": "1"}, True)])
def test_the_app_lays_out_the_preloaded_lists_tables_for_the_pure_python_search_alone(
    request: pytest.FixtureRequest, cache_dir: Path, env: dict[str, str], expected: bool
) -> None:
    # The native core walks the compact form: the tables are never laid out. The
    # pure-Python one walks the tables: laid out with the lists, before the workers
    # fork, rather than on a first request; a list not preloaded, on its first use.
    if not env:
        request.getfixturevalue("native")  # skipped (or failed) without the module
    environment = {k: v for k, v in os.environ.items() if k != "BOGGLE_PURE_PYTHON"}
    child = subprocess.run(
        [sys.executable, "-c", PRELOADED_TABLES, str(cache_dir)],
        cwd=ROOT, env={**environment, **env}, capture_output=True, text=True, timeout=120,
        check=True,
    )  # fmt: skip
    has_table = json.loads(child.stdout)
    assert has_table == {"standard": expected, "common": expected, "large": False}


def test_the_command_line_says_which_core_runs(cache_dir: Path) -> None:
    def boggle(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
        environment = {k: v for k, v in os.environ.items() if k != "BOGGLE_PURE_PYTHON"}
        return subprocess.run(
            [sys.executable, "-m", "boggle", *argv],
            cwd=ROOT,
            env={**environment, **env},
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )

    forced = boggle("--version", BOGGLE_PURE_PYTHON="1")
    assert forced.stdout.startswith("boggle ")
    assert forced.stdout.rstrip().endswith("(python search)")
    solved = boggle("solve", "sers patg line sers", "--cache-dir", str(cache_dir),
                    BOGGLE_PURE_PYTHON="1")  # fmt: skip
    assert solved.stderr.splitlines() == [
        "boggle: BOGGLE_PURE_PYTHON is set: searching with the pure-Python core"
    ]
    default = boggle("solve", "sers patg line sers", "--cache-dir", str(cache_dir))
    assert default.stdout == solved.stdout
    if solver._native is not None and not PURE_PYTHON:
        assert boggle("--version").stdout.rstrip().endswith("(native search)")
        assert default.stderr == ""
