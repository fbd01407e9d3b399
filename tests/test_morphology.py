"""WordNet's morphology (boggle/morphology.py): inflected forms resolve to their lemmas.

The lexicon is the shipped WordNet file, so each row is what WordNet's own ``wn``
command resolves the word to.
"""

from __future__ import annotations

import pytest

from boggle.definitions import Definitions, WordNetLexicon
from boggle.morphology import DETACHMENT_RULES, base_forms, lemmas


@pytest.fixture(scope="module")
def lexicon() -> WordNetLexicon:
    """The shipped WordNet lexicon."""
    return Definitions().lexicon()


IRREGULAR = [
    ("ran", "verb", ["run"]),
    ("went", "verb", ["go"]),
    ("was", "verb", ["be"]),
    ("sang", "verb", ["sing"]),
    ("hopping", "verb", ["hop"]),
    ("geese", "noun", ["goose"]),
    ("mice", "noun", ["mouse"]),
    ("children", "noun", ["child"]),
    ("feet", "noun", ["foot"]),
    ("media", "noun", ["medium"]),
    ("hooves", "noun", ["hoof"]),
    ("axes", "noun", ["ax", "axis"]),
    ("better", "adj", ["good", "well"]),
    ("bigger", "adj", ["big"]),
    ("best", "adv", ["well"]),
]

REGULAR = [
    ("retailers", "noun", ["retailer"]),
    ("boxes", "noun", ["box"]),
    ("churches", "noun", ["church"]),
    ("wishes", "noun", ["wish"]),
    ("flies", "noun", ["fly"]),
    ("women", "noun", ["woman"]),
    ("cupsful", "noun", ["cupful"]),
    ("hoped", "verb", ["hope"]),
    ("tried", "verb", ["try"]),
    ("boxes", "verb", ["box"]),
    ("larger", "adj", ["large"]),
    ("quickest", "adj", ["quick"]),
]


@pytest.mark.parametrize(("word", "pos", "bases"), IRREGULAR)
def test_irregular_forms_resolve_by_the_exception_lists(
    lexicon: WordNetLexicon, word: str, pos: str, bases: list[str]
) -> None:
    assert base_forms(word, pos, lexicon) == bases


@pytest.mark.parametrize(("word", "pos", "bases"), REGULAR)
def test_regular_forms_resolve_by_the_detachment_rules(
    lexicon: WordNetLexicon, word: str, pos: str, bases: list[str]
) -> None:
    assert base_forms(word, pos, lexicon) == bases


def test_the_first_rule_that_gives_a_lemma_wins(lexicon: WordNetLexicon) -> None:
    # "hop" is a verb too, but WordNet tries ed -> e before ed -> "".
    assert lexicon.is_lemma("hop", "verb")
    assert base_forms("hoped", "verb", lexicon) == ["hope"]


def test_nouns_ending_in_ss_or_of_two_letters_are_left_whole(lexicon: WordNetLexicon) -> None:
    # The s rule would give the lemmas "bos" (the cattle genus) and "a" (the letter).
    assert lexicon.is_lemma("bos", "noun") and lexicon.is_lemma("a", "noun")
    assert base_forms("boss", "noun", lexicon) == []
    assert base_forms("as", "noun", lexicon) == []


def test_adverbs_have_only_their_exception_list(lexicon: WordNetLexicon) -> None:
    assert DETACHMENT_RULES["adv"] == ()
    assert base_forms("quicklier", "adv", lexicon) == []


def test_a_listed_form_is_never_detached_by_rule(lexicon: WordNetLexicon) -> None:
    # "was" is in the verb exception list; the s rule would give "wa", which is no verb.
    assert lexicon.exceptions("was", "verb") == ["be"]
    assert base_forms("was", "verb", lexicon) == ["be"]


def test_a_word_is_its_own_lemma_first_then_its_bases(lexicon: WordNetLexicon) -> None:
    assert lemmas("lay", lexicon) == [
        ("lay", "noun"),
        ("lay", "verb"),
        ("lie", "verb"),
        ("lay", "adj"),
    ]


def test_a_word_with_no_lemma_resolves_to_nothing(lexicon: WordNetLexicon) -> None:
    assert lemmas("xyzzy", lexicon) == []
    assert lemmas("during", lexicon) == []
