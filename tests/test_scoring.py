"""Tests for boggle/scoring.py: the rules' score table."""

from __future__ import annotations

import pytest

from boggle import Dictionary, parse_board, solve
from boggle.scoring import LONGEST_SCORED, SCORE_BY_LENGTH, SHORTEST_SCORED, total_score, word_score


@pytest.mark.parametrize(
    ("length", "points"),
    [(0, 0), (1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (9, 11), (16, 11)],
)
def test_score_table(length: int, points: int) -> None:
    assert word_score("x" * length) == points


def test_table_constants() -> None:
    assert SHORTEST_SCORED == 3
    assert LONGEST_SCORED == 8
    assert SCORE_BY_LENGTH[SHORTEST_SCORED:] == (1, 1, 2, 3, 5, 11)
    assert all(points == 0 for points in SCORE_BY_LENGTH[:SHORTEST_SCORED])


def test_qu_counts_as_two_letters() -> None:
    # Scores go by letters, not cubes: "squid" is five letters on four cubes.
    assert word_score("squid") == 2
    assert word_score("quit") == 1
    assert word_score("quiets") == 3


def test_total_score() -> None:
    assert total_score([]) == 0
    assert total_score(["cat", "cats", "catch", "quartz", "quietly", "quarters"]) == 23


def test_solver_scores_with_the_table() -> None:
    words = ["ant", "ants", "tansy", "nasty", "stand", "sandy", "standby"]
    solution = solve(parse_board("s t a / a n d / y b x"), Dictionary.from_words(words))
    assert solution.count > 0
    for found in solution.words:
        assert found.score == SCORE_BY_LENGTH[min(len(found.word), LONGEST_SCORED)]
    assert solution.total_score == total_score(w.word for w in solution.words)
