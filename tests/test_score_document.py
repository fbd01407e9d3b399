"""The ``POST /score`` document written in one pass (boggle/standings.py
``score_document``), held equal to the one built from the game's verdicts
(``game_document(score_game(...))``), which the pages read: on random boards of every
language, with words shared, repeated, misspelt, too short, off the board and not
words, read in each reader's language; and the answer's bytes, with the missed words
written by the native core (web/service.py ``written_words``), equal to orjson's.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from boggle import Catalog, random_board, solve, solver
from boggle.scoring import score_game
from boggle.standings import game_document, score_document
from web import service
from web.answers import Written

LANGUAGES = ("standard", "de", "fr", "es", "it", "nl")
SEEDS = range(12)
NAMES = ("Ann", "Bob", "Cy", "Dee")


def players(words: list[str], seed: int) -> list[tuple[str, list[str]]]:
    """Four players' lists: the board's words dealt out (every third word to two
    players), each with a miss, a word written twice, one in capitals with a quote
    around it, a short one, one of two words and blanks; the last player writes
    nothing on some boards."""
    words = words or ["none"]
    lists = []
    for number, name in enumerate(NAMES):
        own = [*words[number::3][:8], words[0][::-1] + "x", words[-1], " ", "a b", "at"]
        lists.append((name, [*own, f"«{own[0].upper()}»"]))
    if seed % 3 == 0:
        lists[-1] = (NAMES[-1], [])
    return lists


def both(catalog: Catalog, name: str, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The one-pass document and the verdicts' document of a game on a random board."""
    dictionary = catalog.get(name)
    board, _seed = random_board(dictionary.rules.default_set, seed)
    solution = solve(board, dictionary)
    game = players([found.word for found in solution.words], seed)
    return (
        score_document(solution, dictionary, game),
        game_document(score_game(solution, dictionary, game)),
    )


@pytest.mark.parametrize("name", LANGUAGES)
@pytest.mark.parametrize("reader", ["en", "de", "fr"])
def test_the_one_pass_document_is_the_verdicts_document_in_every_language(
    app: Flask, catalog: Catalog, name: str, reader: str
) -> None:
    with app.test_request_context("/score", headers={"Accept-Language": reader}):
        for seed in SEEDS:
            one_pass, reference = both(catalog, name, seed)
            assert one_pass == reference
            # The same keys in the same order, each player's and each word's too.
            assert list(one_pass) == list(reference)
            for ours, theirs in zip(one_pass["players"], reference["players"], strict=True):
                assert list(ours) == list(theirs)
                assert [list(w) for w in ours["words"]] == [list(w) for w in theirs["words"]]
            assert list(one_pass["missed"]) == list(reference["missed"])


def test_a_game_of_shared_duplicates_ties_and_no_misses_is_the_same_either_way(
    app: Flask, catalog: Catalog
) -> None:
    dictionary = catalog.get("standard")
    solution = solve(random_board("new", 3)[0], dictionary)
    every = [found.word for found in solution.words]
    game = [("Ann", every), ("Bob", every[:2]), ("Cy", ["zzz"]), ("Dee", ["zzz"])]
    with app.test_request_context("/score"):
        one_pass = score_document(solution, dictionary, game)
        assert one_pass == game_document(score_game(solution, dictionary, game))
    assert one_pass["missed"]["count"] == 0
    assert one_pass["missed"]["text"] == "Between you, you found every word on the board."
    assert [w["verdict"] for w in one_pass["players"][1]["words"]] == ["duplicate"] * 2
    assert [w["with"] for w in one_pass["players"][2]["words"]] == [["Dee"]]


@pytest.mark.parametrize("debug", [False, True])
def test_the_answer_with_the_missed_words_written_natively_is_the_same_bytes(
    app: Flask, catalog: Catalog, debug: bool
) -> None:
    app.debug = debug  # indented by Python's encoder, which reads the written words back
    with app.test_request_context("/score"):
        for name in LANGUAGES:
            dictionary = catalog.get(name)
            for seed in range(4):
                solution = solve(random_board(dictionary.rules.default_set, seed)[0], dictionary)
                game = players([found.word for found in solution.words], seed)
                written = score_document(
                    solution, dictionary, game, write_words=service.written_words
                )
                plain = score_document(solution, dictionary, game)
                if name == "standard":  # words of plain ASCII: the core writes them
                    written_natively = isinstance(written["missed"]["words"], Written)
                    assert written_natively == (solver._native is not None)
                assert app.json.response(written).get_data() == (
                    app.json.response(plain).get_data()
                )
