"""Tests for boggle/solver.py: known boards, the reference search, order, budget, threads."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_budget import examples
from reference import is_valid_path, reference_words

from boggle import (
    BoardError,
    Catalog,
    Dictionary,
    SearchBudgetExceeded,
    parse_board,
    random_board,
)
from boggle.board import Board
from boggle.languages import LANGUAGES
from boggle.scoring import word_score
from boggle.solver import ENGINES, FoundWord, Limit, Solution, describe_path, search_python
from boggle.solver import solve as solve_with

#: ``solve`` with its search core chosen: the tests below run once per core.
Solve = Callable[..., Solution]

ROOT = Path(__file__).resolve().parent.parent

# A 3x3 board of nine different letters, so that every word has exactly one path.
#   c a t
#   x e r
#   s o n
CAT_BOARD = "cat xer son"
CAT_WORDS = ["cat", "act", "tea", "rate", "cater", "notes", "near", "ace", "caca", "eat"]
CAT_WORDS += ["tax", "ones", "xi", "at", "catered", "z"]


@pytest.fixture(scope="module", params=sorted(ENGINES))
def solve(request: pytest.FixtureRequest) -> Solve:
    """``solve`` on each search core in turn; tests/reference.py is the judge of all."""
    return partial(solve_with, engine=ENGINES[request.param])


@pytest.fixture(scope="module")
def cat_dictionary() -> Dictionary:
    return Dictionary.from_words(CAT_WORDS)


@pytest.fixture(scope="module")
def common(catalog: Catalog) -> Dictionary:
    return catalog.get("common")


@pytest.fixture(scope="module")
def common_words(common: Dictionary) -> list[str]:
    return list(common)


def as_tuples(solution: Solution) -> list[tuple[str, int, list[tuple[int, int]]]]:
    return [(w.word, w.score, list(w.path)) for w in solution.words]


def check_solution(solution: Solution, dictionary: Dictionary, min_length: int = 3) -> None:
    """Every found word is real, long enough, scored by the table, and traced by a valid path."""
    board = solution.board
    for found in solution.words:
        assert isinstance(found, FoundWord)
        assert found.word in dictionary
        assert len(found.word) >= min_length
        assert found.score == word_score(found.word)
        assert is_valid_path(board, found.word, found.path), found
    words = [w.word for w in solution.words]
    assert len(set(words)) == len(words)
    assert words == sorted(words, key=lambda w: (-word_score(w), w))
    assert solution.count == len(words)
    assert solution.total_score == sum(word_score(w) for w in words)


# --- Known boards, checked by hand ---------------------------------------------------


def test_known_3x3_board(solve: Solve, cat_dictionary: Dictionary) -> None:
    solution = solve(parse_board(CAT_BOARD), cat_dictionary)
    assert as_tuples(solution) == [
        ("cater", 2, [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2)]),
        ("ace", 1, [(0, 1), (0, 0), (1, 1)]),
        ("cat", 1, [(0, 0), (0, 1), (0, 2)]),
        ("eat", 1, [(1, 1), (0, 1), (0, 2)]),
        ("near", 1, [(2, 2), (1, 1), (0, 1), (1, 2)]),
        ("ones", 1, [(2, 1), (2, 2), (1, 1), (2, 0)]),
        ("rate", 1, [(1, 2), (0, 1), (0, 2), (1, 1)]),
        ("tax", 1, [(0, 2), (0, 1), (1, 0)]),
        ("tea", 1, [(0, 2), (1, 1), (0, 1)]),
    ]
    assert solution.count == 9
    assert solution.total_score == 10
    assert solution.min_length == 3
    check_solution(solution, cat_dictionary)


def test_a_face_the_dictionary_has_no_cube_for_is_refused_naming_its_cell(solve: Solve) -> None:
    # c a t / x e r / s Ä n: the eighth cell, row 3 column 2, is no English letter. A
    # list without a name is "the given" one. The cell is data too, for the page's ring.
    board = Board(3, 3, ("c", "a", "t", "x", "e", "r", "s", "ä", "n"))
    with pytest.raises(BoardError) as raised:
        solve(board, Dictionary.from_words(["cat"]))
    assert str(raised.value) == (
        "'Ä' (cell 8) is not a letter of the English dice of the 'given' dictionary"
    )
    assert raised.value.cell == (2, 1)


def test_a_cube_face_the_dictionary_has_no_cube_for_is_refused_by_name(solve: Solve) -> None:
    # Super Big Boggle's "Th" is an English cube; German dice have none. Read with the
    # English rules (as a board typed for an English list), solved with a German list.
    board = Board(2, 2, ("th", "e", "s", "e"))
    german = Dictionary.from_words(["these"], rules=LANGUAGES["de"], name="de")
    with pytest.raises(BoardError) as raised:
        solve(board, german)
    assert str(raised.value) == (
        "'Th' (cell 1) is not a cube face of the German dice of the 'de' dictionary"
    )
    assert raised.value.cell == (0, 0)


# Two paths spell "aba" on this board, (0,0) (0,1) (0,2) and back the other way:
#   a b a
#   c d e
#   f g h
# The walk starts from the cells in reading order, so the first path found starts at
# the top left, and that is the one kept.
ABA_BOARD = "aba cde fgh"


def test_a_word_with_two_paths_keeps_the_first_found_when_it_ends_a_branch(solve: Solve) -> None:
    # Nothing extends "aba", so both paths are recorded at their last step.
    solution = solve(parse_board(ABA_BOARD), Dictionary.from_words(["aba"]))
    assert as_tuples(solution) == [("aba", 1, [(0, 0), (0, 1), (0, 2)])]


def test_a_word_with_two_paths_keeps_the_first_found_when_the_walk_goes_on(solve: Solve) -> None:
    # "abac" goes on from the A at (0,0), beside the C; the later path ends there.
    solution = solve(parse_board(ABA_BOARD), Dictionary.from_words(["aba", "abac"]))
    assert as_tuples(solution) == [
        ("aba", 1, [(0, 0), (0, 1), (0, 2)]),
        ("abac", 1, [(0, 2), (0, 1), (0, 0), (1, 0)]),
    ]


@pytest.mark.parametrize(
    ("min_length", "words"),
    [
        (4, ["cater", "near", "ones", "rate"]),
        (5, ["cater"]),
        (6, []),
    ],
)
def test_min_length_filters(
    solve: Solve, cat_dictionary: Dictionary, min_length: int, words: list[str]
) -> None:
    solution = solve(parse_board(CAT_BOARD), cat_dictionary, min_length=min_length)
    assert [w.word for w in solution.words] == words
    assert solution.min_length == min_length


def test_qu_cube_counts_as_two_letters(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["quit", "quits", "its", "sit", "suit", "qi", "tui"])
    board = parse_board("qu i / t s")
    solution = solve(board, dictionary)
    assert as_tuples(solution) == [
        ("quits", 2, [(0, 0), (0, 1), (1, 0), (1, 1)]),
        ("its", 1, [(0, 1), (1, 0), (1, 1)]),
        ("quit", 1, [(0, 0), (0, 1), (1, 0)]),
        ("sit", 1, [(1, 1), (0, 1), (1, 0)]),
    ]
    # "quit" is three cubes but four letters; "quits" four cubes, five letters.
    assert [w.word for w in solve(board, dictionary, min_length=4).words] == ["quits", "quit"]
    assert [w.word for w in solve(board, dictionary, min_length=5).words] == ["quits"]


def test_squid_scores_as_five_letters(solve: Solve) -> None:
    solution = solve(parse_board("s q / i d"), Dictionary.from_words(["squid", "quid"]))
    assert as_tuples(solution) == [
        ("squid", 2, [(0, 0), (0, 1), (1, 0), (1, 1)]),
        ("quid", 1, [(0, 1), (1, 0), (1, 1)]),
    ]


def test_long_words_score_eleven(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["abundant", "abundance", "thousand", "thou"])
    row = solve(Board(1, 9, tuple("abundance")), dictionary)
    assert as_tuples(row) == [("abundance", 11, [(0, c) for c in range(9)])]
    eight = solve(Board(1, 8, tuple("abundant")), dictionary)
    assert as_tuples(eight) == [("abundant", 11, [(0, c) for c in range(8)])]
    # Seven cubes, eight letters.
    thousand = solve(Board(1, 7, ("th", "o", "u", "s", "a", "n", "d")), dictionary)
    assert as_tuples(thousand) == [
        ("thousand", 11, [(0, c) for c in range(7)]),
        ("thou", 1, [(0, 0), (0, 1), (0, 2)]),
    ]


def test_two_letter_faces_are_one_step(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["the", "think", "thin", "ink", "then", "her", "here"])
    board = Board(2, 2, ("th", "e", "in", "k"))
    solution = solve(board, dictionary)
    assert sorted(w.word for w in solution.words) == ["ink", "the", "thin", "think"]
    assert {w.word: w.path for w in solution.words}["think"] == ((0, 0), (1, 0), (1, 1))
    check_solution(solution, dictionary)
    he = solve(parse_board("t he / r e"), dictionary)
    assert sorted(w.word for w in he.words) == ["her", "here", "the"]


def test_blanks_block_words(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["cat", "sea", "cats", "seat", "tea", "act"])
    solution = solve(parse_board("c a t / # # # / s e a"), dictionary)
    assert sorted(w.word for w in solution.words) == ["cat", "sea"]
    blank = solve(parse_board("# # / # #"), dictionary)
    assert blank.words == ()


def test_no_cube_is_used_twice(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["aaa", "aa", "aaaa", "abab", "ccc", "cab"])
    assert [w.word for w in solve(parse_board("a a / b c"), dictionary).words] == ["cab"]
    three = solve(Board(1, 3, ("a", "a", "a")), dictionary)
    assert [w.word for w in three.words] == ["aaa"]


def test_one_by_one_board(solve: Solve) -> None:
    dictionary = Dictionary.from_words(["qua", "a"])
    assert solve(Board(1, 1, ("a",)), dictionary).words == ()


def test_real_board_with_the_standard_list(solve: Solve, standard: Dictionary) -> None:
    solution = solve(parse_board("serspatglinesers"), standard)
    words = {w.word: w for w in solution.words}
    for word in ("slate", "sea", "arteries", "entrails", "pales", "lines"):
        assert word in words
    assert words["arteries"].score == 11
    assert solution.words[0].score == 11
    check_solution(solution, standard)
    assert {w.word for w in solution.words} == reference_words(solution.board, list(standard), 3)


# --- The fast search equals the reference search -------------------------------------

# Weighted as Boggle dice are: vowels and common consonants more often, the two-letter
# faces and blanks now and then.
WEIGHTED_FACES = (
    list("eeeeeaaaaiiiooouu")
    + list("ssssttttrrrnnnllldddcchhmmppgbbfykwvxzj")
    + ["qu", "qu", "th", "in", "er", "he", "an", "#", "#"]
)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 6) -> Board:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    cells = draw(
        st.lists(st.sampled_from(WEIGHTED_FACES), min_size=rows * cols, max_size=rows * cols)
    )
    return Board(rows, cols, tuple(cells))


@settings(max_examples=examples(80), deadline=None)
@given(boards(), st.sampled_from([3, 3, 4, 5]))
def test_fast_search_equals_reference(
    solve: Solve, common: Dictionary, common_words: list[str], board: Board, min_length: int
) -> None:
    solution = solve(board, common, min_length)
    assert {w.word for w in solution.words} == reference_words(board, common_words, min_length)
    check_solution(solution, common, min_length)


@settings(max_examples=examples(40), deadline=None)
@given(boards(max_side=5), st.lists(st.sampled_from(WEIGHTED_FACES), min_size=1, max_size=6))
def test_fast_search_equals_reference_on_a_small_list(
    solve: Solve, board: Board, pieces: list[str]
) -> None:
    # A tiny list of words made from the board's own faces, so that most of them are found.
    faces = [f for f in board.faces if f != "#"] or ["a"]
    rng = random.Random(len(faces) * 31 + len(pieces))
    words = {"".join(rng.choice(faces) for _ in range(rng.randint(2, 6))) for _ in range(60)} | {
        "".join(p for p in pieces if p != "#")
    }
    dictionary = Dictionary.from_words(words)
    playable = list(dictionary)
    solution = solve(board, dictionary)
    assert {w.word for w in solution.words} == reference_words(board, playable, 3)
    check_solution(solution, dictionary)


def test_big_board_equals_reference(
    solve: Solve, common: Dictionary, common_words: list[str]
) -> None:
    board, _ = random_board("superbig", seed=11, rows=9, cols=11)
    solution = solve(board, common)
    assert solution.count > 100
    assert {w.word for w in solution.words} == reference_words(board, common_words, 3)
    check_solution(solution, common)


# --- Order and determinism -----------------------------------------------------------


def test_sorted_by_score_then_alphabetically(solve: Solve, standard: Dictionary) -> None:
    board, _ = random_board("big", seed=3)
    solution = solve(board, standard)
    keys = [(-w.score, w.word) for w in solution.words]
    assert keys == sorted(keys)
    # Lengths that share a score form one alphabetical run (3 and 4 letters; 8 and more).
    ones = [w.word for w in solution.words if w.score == 1]
    assert {len(w) for w in ones} == {3, 4}
    assert ones == sorted(ones)


def test_same_paths_every_run(solve: Solve, standard: Dictionary) -> None:
    board = parse_board("serspatglinesers")
    first = solve(board, standard)
    for _ in range(3):
        assert solve(board, standard).words == first.words


SOLVE_IN_CHILD = """
import json, sys
from boggle import Catalog, parse_board, solve
solution = solve(parse_board(sys.argv[1]), Catalog(cache_dir=sys.argv[2]).get("common"))
print(json.dumps(solution.as_dict("common")))
"""


def test_same_paths_in_another_process(solve: Solve, common: Dictionary, cache_dir: Path) -> None:
    board = "a b c qu / th e r s / in an he er / # s e t"
    expected = json.loads(json.dumps(solve(parse_board(board), common).as_dict("common")))
    for hash_seed in ("1", "2"):
        child = subprocess.run(
            [sys.executable, "-c", SOLVE_IN_CHILD, board, str(cache_dir)],
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert json.loads(child.stdout) == expected


# --- min_length and budget -----------------------------------------------------------


@pytest.mark.parametrize("min_length", [2, 1, 0, -3, 3.0, "3", None])
def test_invalid_min_length_raises(
    solve: Solve, cat_dictionary: Dictionary, min_length: object
) -> None:
    with pytest.raises(ValueError, match="min_length"):
        solve(parse_board(CAT_BOARD), cat_dictionary, min_length)  # type: ignore[arg-type]


def expensive_board(side: int = 30) -> Board:
    """A big board of common letters: tens of milliseconds to search with the standard list."""
    rng = random.Random(7)
    return Board(side, side, tuple(rng.choice("aeiosrtnl") for _ in range(side * side)))


def test_budget_exceeded_raises(solve: Solve, standard: Dictionary) -> None:
    with pytest.raises(SearchBudgetExceeded) as raised:
        solve(expensive_board(), standard, budget=0.001)
    assert raised.value.budget == 0.001
    assert "budget of 1 ms" in str(raised.value)


def test_the_ceiling_ends_a_search_its_budget_would_let_run(
    solve: Solve, standard: Dictionary
) -> None:
    # The ceiling is wall-clock time, for a machine too busy for the CPU budget alone.
    with pytest.raises(SearchBudgetExceeded) as raised:
        solve(expensive_board(), standard, budget=60, ceiling=0.0)
    assert (raised.value.budget, raised.value.ceiling) == (60, 0.0)


class WaitsForItsRoot:
    """A dictionary whose graph's root, read once the search's budget runs, is given only
    after ``wait`` seconds in which the searching thread sleeps: waits, and does no work."""

    def __init__(self, dictionary: Dictionary, wait: float) -> None:
        self.dictionary, self.wait, self.waited = dictionary, wait, 0.0

    def __getattr__(self, name: str) -> object:
        return getattr(self.dictionary, name)

    @property
    def root(self) -> int:
        started = time.monotonic()
        time.sleep(self.wait)
        self.waited += time.monotonic() - started
        return self.dictionary.root


def test_a_python_search_that_waits_past_its_budget_is_not_stopped_for_it(
    cat_dictionary: Dictionary,
) -> None:
    # The budget is the thread's CPU time (watchdog.py): a search held up by others for
    # longer, doing nothing, still has it all (test_gate.py's hogs, made certain here).
    board = parse_board(CAT_BOARD)
    waits = WaitsForItsRoot(cat_dictionary, wait=0.5)
    found = search_python(board, waits, 3, Limit(budget=0.1, ceiling=None))  # type: ignore[arg-type]
    assert waits.waited >= 0.5  # the wait came while the budget ran
    assert found == search_python(board, cat_dictionary, 3, None)
    assert "cater" in found


def test_budget_not_exceeded_gives_the_whole_answer(solve: Solve, standard: Dictionary) -> None:
    board = expensive_board()
    assert solve(board, standard, budget=60).words == solve(board, standard).words
    small = parse_board("serspatglinesers")
    assert solve(small, standard, budget=5).words == solve(small, standard).words


def test_search_after_an_exceeded_budget_is_whole(solve: Solve, standard: Dictionary) -> None:
    board = expensive_board()
    whole = solve(board, standard)
    with pytest.raises(SearchBudgetExceeded):
        solve(board, standard, budget=0.001)
    assert solve(board, standard).words == whole.words
    assert solve(board, standard, budget=60).words == whole.words


# --- One dictionary, many threads ----------------------------------------------------


def test_threads_share_one_dictionary(solve: Solve, standard: Dictionary) -> None:
    boards = [
        random_board(name, seed)[0] for name in ("new", "big", "superbig") for seed in range(8)
    ]
    boards += [random_board(None, seed, rows=8, cols=9)[0] for seed in range(4)]
    one_by_one = [solve(board, standard).words for board in boards]
    with ThreadPoolExecutor(max_workers=8) as pool:
        together = list(pool.map(lambda b: solve(b, standard).words, boards * 3))
        budgeted = list(pool.map(lambda b: solve(b, standard, budget=60).words, boards))
    assert together == one_by_one * 3
    assert budgeted == one_by_one


# --- The JSON document ---------------------------------------------------------------


def test_as_dict_has_the_guide_shape(solve: Solve, cat_dictionary: Dictionary) -> None:
    solution = solve(parse_board("c a t / x e r / s o qu"), cat_dictionary)
    # The document is what JSON writes: compare it as a client reads it.
    document = json.loads(json.dumps(solution.as_dict("tiny", elapsed_ms=1.23456)))
    assert list(document) == [
        "board",
        "rows",
        "cols",
        "text",
        "dictionary",
        "min_length",
        "count",
        "total_score",
        "words",
        "elapsed_ms",
    ]
    assert document["board"] == [["C", "A", "T"], ["X", "E", "R"], ["S", "O", "Qu"]]
    assert (document["rows"], document["cols"]) == (3, 3)
    assert document["text"] == "cat xer soqu"  # reads back to the same board
    assert parse_board(document["text"]) == solution.board
    assert document["dictionary"] == "tiny"
    assert document["min_length"] == 3
    assert document["count"] == len(document["words"]) == solution.count
    assert document["total_score"] == solution.total_score
    assert document["elapsed_ms"] == 1.235
    assert document["words"][0] == {
        "word": "cater",
        "score": 2,
        "path": [[0, 0], [0, 1], [0, 2], [1, 1], [1, 2]],
    }
    assert all(list(w) == ["word", "score", "path"] for w in document["words"])
    for w, found in zip(document["words"], solution.words, strict=True):
        assert w == {
            "word": found.word,
            "score": found.score,
            "path": [list(c) for c in found.path],
        }
    assert "elapsed_ms" not in solution.as_dict("tiny")


def test_a_path_is_described_as_people_read_it_one_based_with_faces_as_printed() -> None:
    board = parse_board("qu a # s / th e r s / a b c d / e f g h")
    assert describe_path(board, ((0, 0), (0, 1), (1, 1), (1, 0))) == "Qu(1,1) A(1,2) E(2,2) Th(2,1)"
    assert describe_path(board, ((3, 3),)) == "H(4,4)"
    assert describe_path(board, ()) == ""


def test_the_longest_minimum_allowed_is_the_longest_word_kept(
    solve: Solve, cat_dictionary: Dictionary
) -> None:
    # 64 letters, MAX_WORD_LENGTH: allowed, and no word on this board is that long.
    assert solve(parse_board(CAT_BOARD), cat_dictionary, min_length=64).words == ()
    with pytest.raises(ValueError, match="from 3 to 64, not 65"):
        solve(parse_board(CAT_BOARD), cat_dictionary, min_length=65)
