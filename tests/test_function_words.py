"""Function words WordNet lacks ("the", "and", "of") have a short gloss from the project's
own list, wordlists/function-words.txt, served by /define as WordNet's entries are."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from boggle.__main__ import main
from boggle.definitions import (
    FUNCTION_WORDS_FILE,
    WORDNET,
    Definitions,
    DefinitionsFileError,
    read_function_words,
)
from boggle.rules import RULES

#: Everyday words a player finds on a board, which WordNet has no entry for at all.
WORDNET_LACKS = ["the", "and", "of", "you", "she", "they", "their", "could", "because"]


@pytest.fixture(scope="module")
def wordnet_alone(tmp_path_factory: pytest.TempPathFactory) -> Definitions:
    """WordNet's definitions without the function words' list."""
    empty = tmp_path_factory.mktemp("function-words") / "none.txt"
    empty.write_text("# no words\n")
    return Definitions(function_words=empty)


def test_the_words_the_issue_names_are_missing_from_wordnet(wordnet_alone: Definitions) -> None:
    assert [w for w in WORDNET_LACKS if wordnet_alone.has_entry(w)] == []


@pytest.mark.parametrize("word", WORDNET_LACKS)
def test_a_common_function_word_is_defined(client: FlaskClient, word: str) -> None:
    response = client.get("/define", query_string={"word": word.capitalize()})
    assert response.status_code == 200, response.get_json()
    entry = response.get_json()["entries"][0]
    assert list(entry) == ["lemma", "pos", "senses"]
    assert entry["lemma"] == word
    assert entry["senses"][0]["gloss"]


def test_the_is_served_as_a_wordnet_entry_is(client: FlaskClient) -> None:
    assert client.get("/define?word=the").get_json() == {
        "word": "the",
        "entries": [
            {
                "lemma": "the",
                "pos": "article",
                "senses": [
                    {
                        "gloss": "this or that one: the one already known, or about to be named",
                        "example": "the sun; the book you lent me",
                    }
                ],
            }
        ],
        "language": "en",
        "source": WORDNET.as_dict(),
    }


def test_a_function_word_comes_before_wordnets_other_senses(client: FlaskClient) -> None:
    entries = client.get("/define?word=can").get_json()["entries"]
    assert [(e["lemma"], e["pos"]) for e in entries] == [
        ("can", "auxiliary verb"),
        ("can", "noun"),
        ("can", "verb"),
    ]
    that = client.get("/define?word=that").get_json()["entries"]
    assert [e["pos"] for e in that] == ["conjunction", "pronoun"]


def test_a_word_still_undefined_is_a_404(client: FlaskClient) -> None:
    assert client.get("/define?word=serac").status_code == 404


def test_the_command_line_defines_them_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["define", "and"]) == 0
    assert capsys.readouterr().out.startswith("and (conjunction)\n  1. joins words or clauses")


def test_the_list_states_its_source_and_licence() -> None:
    header = [line for line in FUNCTION_WORDS_FILE.read_text().splitlines() if line[:1] == "#"]
    text = " ".join(header)
    assert "Source: written for this project" in text
    assert "licence: GPL-3.0-or-later" in text


def test_the_list_is_sorted_letters_only_and_each_words_senses_together() -> None:
    rows = [
        line.split("\t")
        for line in FUNCTION_WORDS_FILE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    words = [row[0] for row in rows]
    assert words == sorted(words)
    assert all(RULES.is_letters(row[0]) and len(row) == 4 for row in rows)
    assert all(re.fullmatch(r"[a-z ]+", row[1]) for row in rows)
    entries = read_function_words()
    assert len(entries) == len(set(words)) >= 100


def test_a_malformed_list_is_refused_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "function-words.txt"
    bad.write_text("# words\nthe\tarticle\n")
    with pytest.raises(DefinitionsFileError, match="line 2: expected word"):
        Definitions(function_words=bad)
