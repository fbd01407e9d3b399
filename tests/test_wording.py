"""Tests for boggle/wording.py: counts with their nouns, and lists of names (in English,
outside a request; tests/test_i18n_api.py has them in the other languages)."""

from __future__ import annotations

import pytest

from boggle.wording import join_names, long_words, points, words


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, "0 points"), (1, "1 point"), (2, "2 points"), (2576, "2,576 points")],
)
def test_a_count_takes_its_noun_in_the_singular_only_for_one(count: int, expected: str) -> None:
    assert points(count) == expected


def test_words_and_long_words_agree_with_their_counts() -> None:
    assert words(1) == "1 word"
    assert words(1204) == "1,204 words"
    assert long_words(1) == "1 long word"
    assert long_words(3) == "3 long words"


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ([], ""),
        (["Ann"], "Ann"),
        (["Ann", "Bob"], "Ann and Bob"),
        (["Ann", "Bob", "Cy"], "Ann, Bob and Cy"),
    ],
)
def test_names_are_joined_with_commas_and_a_last_and(names: list[str], expected: str) -> None:
    assert join_names(names) == expected
