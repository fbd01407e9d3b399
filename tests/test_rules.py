"""Tests for the ruleset (boggle/rules.py): one frozen value the engine reads its rules from."""

from __future__ import annotations

import dataclasses

import pytest

from boggle import Catalog, parse_board
from boggle.board import Board
from boggle.dice import DICE_SETS
from boggle.dictionary import MASK, MAX_WORD_LENGTH, STRIDE, cache_name, face_column
from boggle.rules import ENGLISH, RULES
from boggle.scoring import LONG_WORD, word_score
from boggle.summary import LONG_WORD as SUMMARY_LONG_WORD


def test_the_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        RULES.long_word = 6  # type: ignore[misc]


def test_english_faces_are_the_letters_but_q_and_the_six_multi_letter_faces() -> None:
    assert ENGLISH.faces == set("abcdefghijklmnoprstuvwxyz") | {"qu", "th", "in", "er", "he", "an"}
    assert ENGLISH.run_together_faces == set("abcdefghijklmnoprstuvwxyz") | {"qu"}
    assert ENGLISH.extra_columns == ("th", "in", "er", "he", "an")


def test_the_word_graph_table_has_a_column_per_letter_and_extra_face_and_one_mask() -> None:
    assert (MASK, STRIDE) == (31, 32)
    assert len(RULES.alphabet) + len(RULES.extra_columns) == MASK
    assert [face_column(face) for face in ("a", "qu", "z", "th", "an")] == [0, 16, 25, 26, 30]
    assert MAX_WORD_LENGTH == RULES.longest_word == 64


def test_the_cache_key_changes_with_the_letters_and_faces_of_the_rules() -> None:
    fewer_faces = dataclasses.replace(ENGLISH, multi_letter_faces=("qu", "th"))
    other_alphabet = dataclasses.replace(ENGLISH, alphabet=ENGLISH.alphabet + "é")
    keys = {ENGLISH.graph_key, fewer_faces.graph_key, other_alphabet.graph_key}
    assert len(keys) == 3
    assert f".{RULES.graph_key}." in cache_name("ab" * 32)


@pytest.mark.parametrize(
    ("length", "points"),
    [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (20, 11)],
)
def test_words_score_by_the_rules_table(length: int, points: int) -> None:
    assert RULES.word_score("a" * length) == word_score("a" * length) == points


def test_the_long_word_threshold_is_one_rule_read_by_scoring_and_the_summary() -> None:
    assert LONG_WORD == SUMMARY_LONG_WORD == RULES.long_word == 5


def test_every_published_die_shows_faces_of_the_rules_or_the_blank() -> None:
    assert [spec.name for spec in RULES.dice_sets] == list(DICE_SETS)
    faces = {face for dice in DICE_SETS.values() for face in dice.faces}
    assert faces <= RULES.faces | {RULES.blank}


def test_the_shipped_word_lists_and_default_are_the_rules(catalog: Catalog) -> None:
    assert catalog.names[:3] == [spec.name for spec in RULES.word_lists]
    assert catalog.default == RULES.default_dictionary == "standard"


def test_a_lone_letter_of_a_multi_letter_face_is_read_as_that_face() -> None:
    assert parse_board("qabc") == parse_board("quabc") == Board(2, 2, ("qu", "a", "b", "c"))
    assert parse_board("q a b c") == Board(2, 2, ("qu", "a", "b", "c"))
