"""The rules each page hands its script as data (web/pages.py page_rules, lib/rules.js)."""

from __future__ import annotations

import json
import re

import pytest
from flask.testing import FlaskClient

from boggle.board import BLANK, MULTI_LETTER_FACES
from boggle.dice import min_length_for
from boggle.scoring import SCORE_BY_LENGTH, word_score

RULES_BLOB = re.compile(r'<script type="application/json" id="rules">(.*?)</script>', re.S)


def rules_of(client: FlaskClient, url: str) -> dict:
    """The page's rules blob, read as lib/rules.js reads it."""
    blobs = RULES_BLOB.findall(client.get(url).text)
    assert len(blobs) == 1
    return json.loads(blobs[0])


@pytest.mark.parametrize("url", ["/", "/scoring", "/practice"])
def test_every_page_gives_its_script_the_faces_and_the_score_table(
    client: FlaskClient, url: str
) -> None:
    rules = rules_of(client, url)
    assert rules["multi_letter_faces"] == list(MULTI_LETTER_FACES)
    assert rules["blank"] == BLANK
    # Each row of the table scores as the engine scores a word of that length.
    for letters, points in rules["score_table"]:
        assert word_score("a" * letters) == points
    assert rules["score_table"][-1][1] == SCORE_BY_LENGTH[-1]


def test_the_shortest_word_by_board_size_is_the_rule_of_its_dice(client: FlaskClient) -> None:
    rules = rules_of(client, "/")
    assert rules["min_length_by_size"] == {"4x4": 3, "5x5": 3, "6x6": 4}
    assert rules["min_length_by_size"]["6x6"] == min_length_for(6, 6)
    assert rules["default_min_length"] == min_length_for(3, 7) == 3


def test_practice_gets_the_rules_time_for_a_round(client: FlaskClient) -> None:
    rules = rules_of(client, "/practice")
    assert (rules["round_seconds"], rules["big_round_seconds"]) == (180, 240)
    assert rules["big_board_cells"] == 36


def test_practice_gets_how_the_verdicts_it_shares_with_scoring_read(client: FlaskClient) -> None:
    verdicts = rules_of(client, "/practice")["verdicts"]
    # Worded by hand: the same words the scoring page shows beside each verdict.
    assert verdicts["not_on_board"] == "not on the board"
    assert verdicts["not_a_word"] == "not a word"
    assert verdicts["too_short"] == "too short"


def test_scoring_gets_no_wording_the_score_document_carries(client: FlaskClient) -> None:
    # The verdicts' wording comes in each /score answer; a second copy could drift.
    assert "verdicts" not in rules_of(client, "/scoring")
