"""The five other languages through the JSON API: /dictionaries, /solve, /score, /lookup,
/random, /rich and /define with ``de fr es it nl``. Each language's graph is built once
for the session by the catalog fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from reference import is_valid_path, reference_words

from boggle import Catalog, parse_board, random_board
from boggle.__main__ import main
from boggle.dice import dice_set
from boggle.languages import LANGUAGES

CODES = ["de", "fr", "es", "it", "nl"]


def error_of(response, status: int, code: str) -> dict:
    """The error document of a JSON error answer, checked for its status and code."""
    assert response.status_code == status, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == code
    return error


def test_dictionaries_say_each_ones_language_and_alphabet(
    client: FlaskClient, catalog: Catalog
) -> None:
    listed = {d["name"]: d for d in client.get("/dictionaries").get_json()["dictionaries"]}
    expected = {
        "de": ("German", "Deutsch", "abcdefghijklmnopqrstuvwxyzäöü", ["Qu"]),
        "fr": ("French", "Français", "abcdefghijklmnopqrstuvwxyz", ["Qu"]),
        "es": ("Spanish", "Español", "abcdefghijklmnopqrstuvwxyzñ", ["Qu"]),
        "it": ("Italian", "Italiano", "abcdefghijklmnopqrstuvwxyz", ["Qu"]),
        "nl": ("Dutch", "Nederlands", "abcdefghijklmnopqrstuvwxyz", ["Qu"]),
    }
    for code, (name, native, alphabet, faces) in expected.items():
        entry = listed[code]
        assert entry["language"] == {"code": code, "name": name, "native_name": native}
        assert entry["alphabet"] == alphabet
        assert entry["multi_letter_faces"] == faces
        assert entry["default"] is False
        assert entry["word_count"] == len(catalog.get(code))
    assert listed["standard"]["language"]["code"] == "en"


@pytest.mark.parametrize(
    ("code", "board", "word", "score"),
    [
        ("de", "1x7: m ä d c h e n", "mädchen", 5),
        ("de", [["M", "Ä", "D", "C", "H", "E", "N"]], "mädchen", 5),
        ("es", "1x3: a ñ o", "año", 1),
        ("fr", "1x6: é l è v e s", "eleves", 3),
        ("fr", "1x6: eleves", "eleves", 3),
        ("it", "1x5: città", "citta", 2),
        ("nl", "1x3: i j s", "ijs", 1),
        # The ligature a keyboard may give is two letters, two cubes.
        ("nl", "1x3: ĳs", "ijs", 1),
        ("nl", [["i", "j", "s"]], "ijs", 1),
    ],
)
def test_solve_finds_hand_worked_words_in_each_language(
    client: FlaskClient, code: str, board: str | list, word: str, score: int
) -> None:
    response = client.post("/solve", json={"board": board, "dictionary": code})
    assert response.status_code == 200, response.get_json()
    document = response.get_json()
    assert document["dictionary"] == code
    found = {w["word"]: w for w in document["words"]}
    assert found[word]["score"] == score
    parsed = parse_board(board, rules=LANGUAGES[code])
    assert is_valid_path(parsed, word, [tuple(cell) for cell in found[word]["path"]])


@pytest.mark.parametrize(
    ("code", "board", "message"),
    [
        ("de", "1x3: a ñ o", "'ñ' (cell 2) is not a letter of the German alphabet"),
        ("es", "1x3: a ä o", "'ä' (cell 2) is not a letter of the Spanish alphabet"),
        ("fr", "1x3: a 7 o", "'7' (cell 2) is not a letter of the French alphabet"),
        ("standard", "1x3: a ñ o", "'ñ' (row 2, cell 1) is not a letter a-z"),
    ],
)
def test_a_letter_outside_the_dictionarys_alphabet_is_a_400_naming_it(
    client: FlaskClient, code: str, board: str, message: str
) -> None:
    response = client.get("/solve", query_string={"board": board, "dictionary": code})
    error = error_of(response, 400, "bad_board")
    assert message in error["message"]
    if code != "standard":
        assert f"the {code!r} dictionary" in error["message"]


@pytest.mark.parametrize(
    ("code", "written", "word", "known"),
    [
        ("fr", "Élève", "eleve", True),
        ("fr", "eleve", "eleve", True),
        ("de", "Mädchen", "mädchen", True),
        ("de", "Madchen", "madchen", False),
        ("de", "Straße", "strasse", True),
        ("es", "Año", "año", True),
        ("es", "canción", "cancion", True),
        ("it", "Città", "citta", True),
        ("nl", "IJs", "ijs", True),
    ],
)
def test_lookup_folds_written_words_as_the_list_does(
    client: FlaskClient, code: str, written: str, word: str, known: bool
) -> None:
    document = client.get("/lookup", query_string={"word": written, "dictionary": code}).get_json()
    assert document == {"word": word, "dictionary": code, "in_dictionary": known}


def test_score_reads_french_words_with_and_without_accents_as_one(client: FlaskClient) -> None:
    body = {
        "board": "1x6: é l è v e s",
        "dictionary": "fr",
        "players": [
            {"name": "Ann", "words": ["Élèves", "lève"]},
            {"name": "Bob", "words": "eleves"},
        ],
    }
    response = client.post("/score", json=body)
    assert response.status_code == 200, response.get_json()
    players = {p["name"]: p for p in response.get_json()["players"]}
    ann = {w["word"]: w for w in players["Ann"]["words"]}
    # Élèves and eleves are one word, written by both: a duplicate, worth nothing.
    assert ann["eleves"]["verdict"] == "duplicate" and ann["eleves"]["with"] == ["Bob"]
    assert ann["leve"]["verdict"] == "scored" and ann["leve"]["points"] == 1
    assert players["Ann"]["total_score"] == 1
    assert players["Bob"]["total_score"] == 0


def test_score_judges_german_words_with_umlauts(client: FlaskClient) -> None:
    body = {
        "board": "1x7: m ä d c h e n",
        "dictionary": "de",
        "players": [{"name": "Ann", "words": ["MÄDCHEN", "madchen"]}],
    }
    words = {
        w["word"]: w for w in client.post("/score", json=body).get_json()["players"][0]["words"]
    }
    assert words["mädchen"]["verdict"] == "scored" and words["mädchen"]["points"] == 5
    assert words["madchen"]["verdict"] in {"not_a_word", "not_on_board"}
    assert words["madchen"]["points"] == 0


@pytest.mark.parametrize("code", CODES)
def test_random_with_a_dictionary_rolls_its_languages_dice(client: FlaskClient, code: str) -> None:
    document = client.get("/random", query_string={"dictionary": code, "seed": 5}).get_json()
    assert document["dice"] == code
    assert document["dictionary"] == code
    assert (document["rows"], document["cols"]) == (4, 4)
    faces = {face.capitalize() for face in dice_set(code).faces}
    assert {cell for row in document["board"] for cell in row} <= faces
    # The same seed rolls the same board by the dice's name as by the dictionary's.
    by_dice = client.get("/random", query_string={"dice": code, "seed": 5}).get_json()
    assert by_dice["board"] == document["board"]
    big = client.get("/random", query_string={"dictionary": code, "rows": 5}).get_json()
    assert big["dice"] == f"{code}-big"


def test_a_german_random_board_solves_in_german(client: FlaskClient, catalog: Catalog) -> None:
    rolled = client.get("/random", query_string={"dictionary": "de", "seed": 7}).get_json()
    solved = client.get("/solve", query_string={"board": rolled["text"], "dictionary": "de"})
    assert solved.status_code == 200
    assert solved.get_json()["board"] == rolled["board"]
    board, _ = random_board("de", seed=7)
    words = reference_words(board, catalog.get("de"), 3)
    assert len(words) > 10
    assert {w["word"] for w in solved.get_json()["words"]} == words


def test_dice_with_faces_the_language_lacks_are_refused(client: FlaskClient) -> None:
    response = client.get("/random", query_string={"dictionary": "de", "dice": "superbig"})
    error = error_of(response, 400, "bad_dice")
    assert "'An'" in error["message"] and "German" in error["message"]
    assert error["choices"] == ["de", "de-big"]
    response = client.post("/rich", json={"dictionary": "it", "dice": "superbig"})
    assert error_of(response, 400, "bad_dice")["choices"] == ["it", "it-big"]


def test_define_says_which_languages_have_definitions(client: FlaskClient) -> None:
    response = client.get("/define", query_string={"word": "casa", "dictionary": "es"})
    error = error_of(response, 400, "definitions_english_only")
    assert error["message"] == (
        "there are no definitions in Spanish; 'es' is the Spanish dictionary, and "
        "definitions are in: English, German, French"
    )
    assert error["field"] == "dictionary"
    response = client.get("/define", query_string={"word": "haus", "dictionary": "klingon"})
    error_of(response, 400, "unknown_dictionary")


def test_the_command_line_reads_a_board_in_its_dictionarys_language(
    capsys: pytest.CaptureFixture[str], cache_dir: Path
) -> None:
    argv = ["solve", "1x7: m ä d c h e n", "--dictionary", "de", "--cache-dir", str(cache_dir)]
    assert main([*argv, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [w["word"] for w in document["words"]] == ["mädchen"]
    assert main(["solve", "1x3: a ñ o", "--dictionary", "de", "--cache-dir", str(cache_dir)]) == 2
    assert "'ñ' (cell 2) is not a letter of the German alphabet" in capsys.readouterr().err


def test_the_practice_page_reads_its_board_in_the_dictionarys_language(
    client: FlaskClient,
) -> None:
    page = client.get("/practice", query_string={"board": "1x3: a ñ o", "dictionary": "es"})
    assert page.status_code == 200
    refused = client.get("/practice", query_string={"board": "1x3: a ñ o", "dictionary": "de"})
    assert refused.status_code == 400
    assert "is not a letter of the German alphabet" in refused.text


@pytest.mark.parametrize("code", CODES)
def test_solve_rates_a_language_s_board_among_its_own_dice(client: FlaskClient, code: str) -> None:
    board, _ = random_board(dice_set(code), 11)
    document = client.get(
        "/solve", query_string={"board": str(board), "dictionary": code}
    ).get_json()
    rating = document["rating"]
    assert (rating["dice"], rating["dictionary"], rating["rolls"]) == (code, code, 10_000)
    assert 0 <= rating["percentile"] <= 100
