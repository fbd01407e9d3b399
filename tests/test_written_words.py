"""Tests for reading a written word (boggle/words.py): one normalisation everywhere."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from boggle.words import normalize_word

BOARD = "sers patg line sers"


@pytest.mark.parametrize(
    "written",
    [
        "slate",
        "«slate»",
        "« slate »",
        "„Slate“",
        "\u2039slate\u203a",
        "「slate」",
        '"slate!"',
        "\u2018slate\u2019",
        "\u00a0slate\u3000",
        "\ufeffSLATE.",
        "¿slate?",
        "★slate★",
    ],
)
def test_quotes_punctuation_symbols_and_spaces_of_any_script_around_a_word_are_dropped(
    written: str,
) -> None:
    assert normalize_word(written) == "slate"


@pytest.mark.parametrize(
    ("written", "word"),
    [
        ("sea-lane", "sea-lane"),
        ("the bath", "the bath"),
        ("café", "café"),
        ("«»", ""),
        ("\u202eslate", "\u202eslate"),
    ],
)
def test_marks_inside_a_word_are_kept_so_that_it_is_judged_as_written(
    written: str, word: str
) -> None:
    assert normalize_word(written) == word


def test_a_word_in_guillemets_scores_as_the_word(client: FlaskClient) -> None:
    body = {"board": BOARD, "players": [{"name": "Ann", "words": ["«slate»"]}]}
    response = client.post("/score", json=body)
    judged = response.get_json()["players"][0]["words"][0]
    assert (judged["word"], judged["verdict"], judged["points"]) == ("slate", "scored", 2)


def test_a_word_in_guillemets_is_looked_up_as_the_word(client: FlaskClient) -> None:
    response = client.get("/lookup", query_string={"word": "«slate»"})
    assert response.get_json() == {"word": "slate", "dictionary": "standard", "in_dictionary": True}


def test_a_word_in_guillemets_is_defined_as_the_word(client: FlaskClient) -> None:
    quoted = client.get("/define", query_string={"word": "«Geese»"})
    assert quoted.status_code == 200
    assert quoted.get_json() == client.get("/define", query_string={"word": "geese"}).get_json()


@pytest.mark.parametrize("written", ["«cater»", "„rates“", "\u2018tea\u2019", "“seat”", "(sat)"])
def test_lookup_and_scoring_read_a_written_word_alike(client: FlaskClient, written: str) -> None:
    looked_up = client.get("/lookup", query_string={"word": written}).get_json()
    body = {"board": BOARD, "players": [{"name": "Ann", "words": [written]}]}
    judged = client.post("/score", json=body).get_json()["players"][0]["words"][0]
    assert looked_up["word"] == judged["word"] == normalize_word(written)
