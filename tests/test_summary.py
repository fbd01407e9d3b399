"""Tests for boggle/summary.py: words and points by length, the longest words, the long share."""

from __future__ import annotations

from collections import Counter

import pytest

from boggle import Dictionary, parse_board, random_board, solve
from boggle.board import Board
from boggle.solver import Solution
from boggle.summary import LONG_WORD, LengthRow, solve_document, summarize, summary_line

# The board and words of test_solver's hand-checked 3x3 board:
# cater (5 letters, 2 points); near, ones, rate (4, 1 each); ace, cat, eat, tax, tea (3, 1 each).
CAT_BOARD = "cat xer son"
CAT_WORDS = ["cat", "act", "tea", "rate", "cater", "notes", "near", "ace", "eat", "tax", "ones"]


@pytest.fixture(scope="module")
def solution() -> Solution:
    return solve(parse_board(CAT_BOARD), Dictionary.from_words(CAT_WORDS))


def test_counts_and_points_by_length(solution: Solution) -> None:
    summary = summarize(solution)
    assert summary.by_length == (
        LengthRow(length=3, count=5, points=5),
        LengthRow(length=4, count=3, points=3),
        LengthRow(length=5, count=1, points=2),
    )
    assert sum(row.count for row in summary.by_length) == solution.count
    assert sum(row.points for row in summary.by_length) == solution.total_score == 10


def test_long_share(solution: Solution) -> None:
    assert LONG_WORD == 5
    assert summarize(solution).long_share == pytest.approx(2 / 10)


def test_longest_words(solution: Solution) -> None:
    assert summarize(solution).longest == ("cater", "near", "ones", "rate", "ace")
    assert summarize(solution, longest=2).longest == ("cater", "near")
    assert len(summarize(solution, longest=50).longest) == solution.count


def test_as_dict(solution: Solution) -> None:
    assert summarize(solution).as_dict() == {
        "by_length": [
            {"length": 3, "count": 5, "points": 5, "text": "5 words, 5 points"},
            {"length": 4, "count": 3, "points": 3, "text": "3 words, 3 points"},
            {"length": 5, "count": 1, "points": 2, "text": "1 word, 2 points"},
        ],
        "longest": ["cater", "near", "ones", "rate", "ace"],
        "long_share": 0.2,
        "long_share_text": "20%",
        "line": "Found 9 words worth 10 points.",
    }


def test_a_group_of_one_word_worth_one_point_says_so_in_the_singular() -> None:
    # "ace" alone: 3 letters, 1 point.
    summary = summarize(solve(parse_board(CAT_BOARD), Dictionary.from_words(["ace"])))
    assert summary.by_length[0].text == "1 word, 1 point"
    assert summary.line == "Found 1 word worth 1 point."
    assert summary.long_share_text == "0%"


def test_counts_in_the_thousands_have_separators() -> None:
    assert summary_line(1204, 3507, 3) == "Found 1,204 words worth 3,507 points."
    assert LengthRow(8, 1000, 11000).text == "1,000 words, 11,000 points"


def test_long_share_rounds_in_json() -> None:
    words = ["cat", "ace", "cater", "tea"]  # 2 of 5 points from a long word
    summary = summarize(solve(parse_board(CAT_BOARD), Dictionary.from_words(words)))
    assert summary.long_share == pytest.approx(0.4)
    three = summarize(solve(parse_board(CAT_BOARD), Dictionary.from_words(["cater", "ace"])))
    assert three.as_dict()["long_share"] == round(2 / 3, 4) == 0.6667
    assert three.long_share_text == "67%"  # 2 of 3 points


def test_empty_solution() -> None:
    summary = summarize(solve(Board(1, 1, ("a",)), Dictionary.from_words(["cat"])))
    assert summary.by_length == ()
    assert summary.longest == ()
    assert summary.long_share == 0.0
    assert summary.as_dict() == {
        "by_length": [],
        "longest": [],
        "long_share": 0.0,
        "long_share_text": "0%",
        "line": "No words of 3 letters or more on this board.",
    }


def test_the_solve_document_is_the_solution_then_its_summary(solution: Solution) -> None:
    document = solve_document(solution, "cat-words", 1.25)
    assert list(document) == [*solution.as_dict("cat-words", 1.25), "summary"]
    assert document["summary"]["line"] == "Found 9 words worth 10 points."
    assert document["elapsed_ms"] == 1.25


@pytest.mark.parametrize(
    ("dice", "seed"), [(d, s) for d in ("new", "big", "superbig") for s in range(6)]
)
def test_the_summary_counts_as_a_plain_count_of_the_words_does(
    standard: Dictionary, dice: str, seed: int
) -> None:
    solution = solve(random_board(dice, seed)[0], standard)
    lengths = Counter(len(w.word) for w in solution.words)
    points = Counter()
    for w in solution.words:
        points[len(w.word)] += w.score
    by_length = sorted(solution.words, key=lambda w: (-len(w.word), w.word))
    for longest in (0, 1, 5, 50, 10_000):
        summary = summarize(solution, longest)
        assert summary.by_length == tuple(
            LengthRow(n, lengths[n], points[n]) for n in sorted(lengths)
        )
        assert summary.longest == tuple(w.word for w in by_length[:longest])
        assert summary.total == solution.total_score
        long_points = sum(p for n, p in points.items() if n >= LONG_WORD)
        assert summary.long_share == (long_points / summary.total if summary.total else 0.0)
