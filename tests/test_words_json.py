"""The words of a /solve answer written as JSON by the native core (boggle/_native.c,
``words_json``), held equal to what orjson writes for the engine's objects of them.

Without the built module the native tests are skipped, unless BOGGLE_REQUIRE_NATIVE=1
(as in CI); the answer's tests run either way, since without the core the words are
written from their objects, as before.
"""

from __future__ import annotations

import os
from typing import Any

import orjson
import pytest
from flask import Flask

from boggle import Catalog, Dictionary, parse_board, random_board, solve, solver
from boggle.solver import FoundWord, search_python
from boggle.summary import solve_document
from web import service
from web.answers import Written

BOARDS = [(dice, seed) for dice in ("new", "big", "superbig") for seed in range(8)]


@pytest.fixture(scope="module")
def native() -> None:
    """Skip (or fail, in CI) without the native core."""
    if solver._native is None:
        reason = f"the native core is not in use: {solver.ENGINE_NOTICE}"
        if os.environ.get("BOGGLE_REQUIRE_NATIVE") == "1" and not os.environ.get(
            "BOGGLE_PURE_PYTHON"
        ):
            pytest.fail(f"BOGGLE_REQUIRE_NATIVE=1 but {reason}")
        pytest.skip(reason)


def objects(words: tuple[FoundWord, ...]) -> list[dict[str, Any]]:
    """The words as the engine's document gives them (Solution.as_dict)."""
    return [{"word": word, "score": score, "path": path} for word, score, path in words]


@pytest.mark.parametrize(("dice", "seed"), BOARDS)
def test_the_native_core_writes_the_words_as_orjson_writes_their_objects(
    native: None, standard: Dictionary, dice: str, seed: int
) -> None:
    words = solve(random_board(dice, seed)[0], standard).words
    assert words
    assert solver.words_json(words) == orjson.dumps(objects(words))


def test_no_words_and_the_python_core_s_words_are_written_alike(
    native: None, standard: Dictionary
) -> None:
    assert solver.words_json(()) == b"[]"
    board = parse_board("sers patg line sers")
    words = solve(board, standard, engine=search_python).words
    assert solver.words_json(words) == orjson.dumps(objects(words))
    one = (FoundWord("qua", 11, ((10, 0), (123, 4567))),)
    assert solver.words_json(one) == b'[{"word":"qua","score":11,"path":[[10,0],[123,4567]]}]'


@pytest.mark.parametrize(
    "word",
    [
        FoundWord("élève", 2, ((0, 0),)),  # not ASCII: left to the encoder's UTF-8
        FoundWord('a"b', 1, ((0, 0),)),  # a quote to escape
        FoundWord("a\\b", 1, ((0, 0),)),
        FoundWord("a\nb", 1, ((0, 0),)),
        FoundWord("cat", -1, ((0, 0),)),
        FoundWord("cat", True, ((0, 0),)),  # a bool is written true, not 1
        FoundWord("cat", 2**40, ((0, 0),)),
        FoundWord("cat", 1, ((0, -1),)),
        FoundWord("cat", 1, ([0, 1],)),  # type: ignore[arg-type]
        FoundWord("cat", 1, [(0, 1)]),  # type: ignore[arg-type]
        ("cat", 1),
    ],
)
def test_a_word_it_cannot_write_plainly_leaves_every_word_to_the_encoder(
    native: None, word: Any
) -> None:
    plain = FoundWord("tea", 1, ((0, 0), (0, 1), (1, 1)))
    assert solver.words_json((plain, word)) is None


def test_it_takes_the_tuple_a_solution_holds(native: None) -> None:
    with pytest.raises(TypeError, match="tuple of words"):
        solver.words_json([FoundWord("tea", 1, ((0, 0),))])  # type: ignore[arg-type]


def answer_bytes(app: Flask, document: dict[str, Any]) -> bytes:
    return app.json.response(document).get_data()


@pytest.mark.parametrize("debug", [False, True])
def test_the_solve_answer_is_the_engine_s_document_byte_for_byte(
    app: Flask, standard: Dictionary, debug: bool
) -> None:
    app.debug = debug  # indented by Python's encoder, which reads the written words back
    with app.test_request_context("/solve"):
        for dice, seed in BOARDS:
            solution = solve(random_board(dice, seed)[0], standard)
            answer = service.solve_answer(solution, "standard", 1.25)
            reference = solve_document(solution, "standard", 1.25)
            reference["rating"] = service.rating_document(solution, "standard")
            assert isinstance(answer["words"], Written) == (solver._native is not None)
            assert answer_bytes(app, answer) == answer_bytes(app, reference)


def test_a_language_with_spellings_keeps_its_words_as_objects(app: Flask, catalog: Catalog) -> None:
    french = catalog.get("fr")
    board = parse_board("1x5: eleve", rules=french.rules)
    with app.test_request_context("/solve"):
        solution = solve(board, french)
        answer = service.solve_answer(solution, "fr", 1.0)
        assert isinstance(answer["words"], list)
        eleve = next(entry for entry in answer["words"] if entry["word"] == "eleve")
        assert eleve["spellings"] == ["élevé", "élève"]


@pytest.mark.parametrize(("dice", "seed"), BOARDS)
def test_the_native_core_counts_the_words_by_length_as_python_does(
    native: None, standard: Dictionary, dice: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = solve(random_board(dice, seed)[0], standard).words
    counted = solver.word_lengths(words)
    lengths = [len(word) for word, _score, _path in words]
    assert counted == tuple(lengths.count(n) for n in range(max(lengths) + 1))
    monkeypatch.setattr(solver, "_native", None)  # the count without the core
    assert solver.word_lengths(words) == counted
    assert solver.word_lengths(()) == ()


def test_word_lengths_takes_a_tuple_of_words(native: None) -> None:
    long = FoundWord("a" * 100, 11, ((0, 0),))
    assert solver.word_lengths((long, FoundWord("tea", 1, ()))) == (0, 0, 0, 1, *[0] * 96, 1)
    with pytest.raises(TypeError, match="tuple of words"):
        solver.word_lengths([long])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="word, score, path"):
        solver.word_lengths(((1, 2, 3),))  # type: ignore[arg-type]
