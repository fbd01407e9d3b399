"""A dictionary's language picks its dice everywhere, and a language's dice its list: the
rich board search (`POST /rich`), `boggle best` and `boggle random` as `/random` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from app import create_app
from boggle import Catalog, parse_board
from boggle.__main__ import main
from boggle.dice import ALL_DICE_SETS, random_board, rules_of
from boggle.languages import LANGUAGES
from boggle.rich import FREE_FACES, dice_assignment, find_rich_board, free_faces
from boggle.rules import RULES

GERMAN = LANGUAGES["de"]
UMLAUTS = {"ä", "ö", "ü"}


@pytest.fixture
def client(catalog: Catalog, cache_dir: Path) -> FlaskClient:
    """The app with short rich board searches."""
    config = {"TESTING": True, "CACHE_DIR": str(cache_dir), "RICH_SLICE_SECONDS": 0.05}
    return create_app(config, catalog=catalog).test_client()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The command line, in this process: its status, stdout and stderr."""
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = exit_.code  # argparse's errors
    out, err = capsys.readouterr()
    return status, out, err


def test_each_dice_set_belongs_to_the_language_it_was_made_for() -> None:
    assert rules_of(ALL_DICE_SETS["de-big"]) is GERMAN
    assert rules_of(ALL_DICE_SETS["nl"]) is LANGUAGES["nl"]
    assert rules_of(ALL_DICE_SETS["superbig"]) is RULES


def test_a_rich_board_for_a_german_list_is_searched_with_german_dice(
    client: FlaskClient,
) -> None:
    document = client.post("/rich", data={"dictionary": "de", "seed": 4}).get_json()
    assert (document["dice"], document["dictionary"]) == ("de", "de")
    board = parse_board(document["text"], rules=GERMAN)
    assert dice_assignment(board, ALL_DICE_SETS["de"]) is not None


def test_german_dice_alone_search_the_german_list(client: FlaskClient) -> None:
    document = client.post("/rich", json={"dice": "de-big", "seed": 4}).get_json()
    assert (document["dice"], document["dictionary"], document["rows"]) == ("de-big", "de", 5)


def test_english_dice_and_no_list_still_search_the_default_list(client: FlaskClient) -> None:
    document = client.post("/rich", data={"dice": "classic", "seed": 4}).get_json()
    assert (document["dice"], document["dictionary"]) == ("classic", "standard")
    assert client.post("/rich", data={"seed": 4}).get_json()["dice"] == "new"


def test_a_free_search_proposes_its_languages_letters(catalog: Catalog) -> None:
    # German dice's faces: no J, Q(u), X, Y or Ö, each rarer than 0.5% of the list's
    # letters (wordlists/README.md, "Dice"), but Ä and Ü.
    assert set(free_faces(GERMAN)) == set("abcdefghiklmnoprstuvwz") | UMLAUTS - {"ö"}
    assert free_faces(RULES) == FREE_FACES
    german = catalog.get("de")
    boards = [find_rich_board(german, seed=seed, steps=0).board for seed in range(16)]
    letters = {face for board in boards for face in board.faces}
    assert letters <= set(free_faces(GERMAN))
    assert letters & UMLAUTS  # 256 cells drawn from German's dice place an umlaut


def test_boggle_best_with_german_dice_searches_german_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "best", "--dice", "de", "--steps", "40", "--seed", "2")
    assert status == 0, err
    assert "dice: de, seed: 2, steps: 40, dictionary: de" in err
    board = parse_board(out.strip(), rules=GERMAN)
    assert dice_assignment(board, ALL_DICE_SETS["de"]) is not None


def test_boggle_best_refuses_dice_its_list_cannot_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "best", "--dice", "de", "--dictionary", "standard")
    assert (status, out) == (2, "")
    assert err == (
        "error: the de dice show 'Ä', which is not a face of the English dictionary "
        "'standard'; roll English dice (classic, new, big, deluxe, superbig)\n"
    )


@pytest.mark.parametrize(("rows", "dice"), [("4", "de"), ("5", "de-big")])
def test_boggle_random_rolls_the_dictionarys_own_dice(
    capsys: pytest.CaptureFixture[str], rows: str, dice: str
) -> None:
    status, out, err = run(capsys, "random", "--dictionary", "DE", "--rows", rows, "--seed", "3")
    assert status == 0, err
    expected, _ = random_board(ALL_DICE_SETS[dice], 3)
    assert out == f"{expected}\n"
    assert err == f"# dice: {dice}, seed: 3, minimum word length: 3\n"


def test_boggle_random_rolls_as_the_api_does(
    capsys: pytest.CaptureFixture[str], client: FlaskClient
) -> None:
    answer = client.get("/random", query_string={"dictionary": "fr", "seed": 11}).get_json()
    status, out, _ = run(capsys, "random", "--dictionary", "fr", "--seed", "11")
    assert (status, out) == (0, f"{answer['text']}\n")


def test_boggle_random_refuses_dice_the_dictionary_cannot_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "random", "--dictionary", "nl", "--dice", "de")
    assert (status, out) == (2, "")
    assert err.startswith("error: the de dice show 'Ä', which is not a face of the Dutch")
