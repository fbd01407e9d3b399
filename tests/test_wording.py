"""Tests for boggle/wording.py: counts with their nouns, and lists of names."""

from __future__ import annotations

import pytest

from boggle.wording import join_names, plural


@pytest.mark.parametrize(
    ("count", "one", "expected"),
    [
        (0, "point", "0 points"),
        (1, "point", "1 point"),
        (2, "point", "2 points"),
        (1204, "word", "1,204 words"),
        (1, "long word", "1 long word"),
        (3, "long word", "3 long words"),
    ],
)
def test_a_count_takes_its_noun_in_the_singular_only_for_one(
    count: int, one: str, expected: str
) -> None:
    assert plural(count, one) == expected


def test_an_irregular_plural_can_be_given() -> None:
    assert plural(2, "match", "matches") == "2 matches"
    assert plural(1, "match", "matches") == "1 match"


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
