"""The API's sentences and error messages in the reader's language (``Accept-Language``).

Every expected text is worked by hand from the translations in the catalogues
(``translations/<code>/LC_MESSAGES/messages.po``): the counts from boards whose words are known (the
3x3 board of test_summary.py on its own word list; README's 4x4 board, 867 words and
2,576 points on ``standard``, as test_multiplayer.py has them), written each language's
way (German groups thousands with a dot, French with a narrow no-break space). Codes,
field names and data never change with the language; without the header, and outside
a request, everything stays English.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from app import create_app
from boggle import Catalog, i18n, parse_board, solve
from boggle.dice import ALL_DICE_SETS
from boggle.dictionary import Dictionary
from boggle.languages import DICE_TITLES
from boggle.rules import ENGLISH
from boggle.standings import VERDICT_TEXT
from boggle.summary import summarize, summary_line
from boggle.wording import join_names

NBSP = "\u00a0"  # French puts one before ; and :, and German and French one before %
NNBSP = "\u202f"  # French groups thousands with it


def german_number(n: int) -> str:
    """A whole number as German writes it: thousands grouped with a dot."""
    return f"{n:,}".replace(",", ".")


# test_summary.py's board on its own list: cater (5 letters, 2 points); near, ones,
# rate (4 letters, 1 point each); ace, cat, eat, tax, tea (3 letters, 1 point each).
CAT_BOARD = "cat xer son"
CAT_WORDS = ["cat", "act", "tea", "rate", "cater", "notes", "near", "ace", "eat", "tax", "ones"]
# README's board: 867 words worth 2,576 points on `standard` (test_multiplayer.py).
BIG_BOARD = "sers patg line sers"


def either_order(message: str) -> set[str]:
    """A 405's message with /solve's methods in either order (werkzeug keeps them in a set)."""
    return {message.format("GET, POST"), message.format("POST, GET")}


def asked(language: str) -> dict[str, str]:
    return {"Accept-Language": language}


# The apps here are not pytest-flask's ``app``, on purpose: for an ``app`` it pushes one
# request context for the whole test, whose app context every request then shares, and
# Flask-Babel keeps the first request's language there; a test that asks in two
# languages needs each request in a context of its own, as a server gives it.


@pytest.fixture
def api(catalog: Catalog, cache_dir: Path) -> Flask:
    """The app as a user runs it, on the session's word lists."""
    return create_app({"TESTING": True, "CACHE_DIR": str(cache_dir)}, catalog=catalog)


@pytest.fixture
def client(api: Flask) -> FlaskClient:
    return api.test_client()


@pytest.fixture
def cat_app(tmp_path: Path, cache_dir: Path) -> Iterator[Flask]:
    """The app with the 3x3 board's words as a list of their own, named ``cat``."""
    words = tmp_path / "cat.txt"
    words.write_text("\n".join(CAT_WORDS) + "\n", encoding="utf-8")
    yield create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "WORDLISTS": f"cat={words}"})


@pytest.mark.parametrize(
    ("language", "line", "rows", "share"),
    [
        (
            "de",
            "9 Wörter gefunden, insgesamt 10 Punkte.",
            ["5 Wörter, 5 Punkte", "3 Wörter, 3 Punkte", "1 Wort, 2 Punkte"],
            f"20{NBSP}%",
        ),
        (
            "fr",
            "9 mots trouvés, pour 10 points au total.",
            ["5 mots, 5 points", "3 mots, 3 points", "1 mot, 2 points"],
            f"20{NBSP}%",
        ),
        (
            "nl",
            "9 woorden gevonden, samen goed voor 10 punten.",
            ["5 woorden, 5 punten", "3 woorden, 3 punten", "1 woord, 2 punten"],
            "20%",
        ),
        (
            "en",
            "Found 9 words worth 10 points.",
            ["5 words, 5 points", "3 words, 3 points", "1 word, 2 points"],
            "20%",
        ),
    ],
)
def test_the_summary_of_a_solved_board_is_worded_in_the_readers_language(
    cat_app: Flask, language: str, line: str, rows: list[str], share: str
) -> None:
    response = cat_app.test_client().get(
        "/solve", query_string={"board": CAT_BOARD, "dictionary": "cat"}, headers=asked(language)
    )
    assert response.status_code == 200
    assert response.headers["Content-Language"] == language
    summary = response.get_json()["summary"]
    assert summary["line"] == line
    assert [row["text"] for row in summary["by_length"]] == rows
    assert [(row["length"], row["count"], row["points"]) for row in summary["by_length"]] == [
        (3, 5, 5),
        (4, 3, 3),
        (5, 1, 2),
    ]
    assert summary["long_share_text"] == share
    assert summary["long_share"] == 0.2


def test_a_board_without_words_says_so_in_german(cat_app: Flask) -> None:
    response = cat_app.test_client().get(
        "/solve", query_string={"board": "zzzz", "dictionary": "cat"}, headers=asked("de")
    )
    assert response.get_json()["summary"]["line"] == (
        "Keine Wörter mit 3 Buchstaben oder mehr auf diesem Spielfeld."
    )


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("de", "867 Wörter gefunden, insgesamt 2.576 Punkte."),
        ("fr", f"867 mots trouvés, pour 2{NNBSP}576 points au total."),
        ("nl", "867 woorden gevonden, samen goed voor 2.576 punten."),
        ("en", "Found 867 words worth 2,576 points."),
    ],
)
def test_counts_past_999_are_grouped_the_languages_way(
    client: FlaskClient, language: str, line: str
) -> None:
    response = client.get("/solve", query_string={"board": BIG_BOARD}, headers=asked(language))
    assert response.get_json()["summary"]["line"] == line


def test_the_rating_reads_in_german_around_its_german_percentage(client: FlaskClient) -> None:
    german = client.get("/solve", query_string={"board": BIG_BOARD}, headers=asked("de"))
    english = client.get("/solve", query_string={"board": BIG_BOARD})
    rating, english_rating = german.get_json()["rating"], english.get_json()["rating"]
    share = english_rating["share_text"].removesuffix("%")
    assert english_rating["text"] == f"Richer than {share}% of boards rolled with the same dice"
    assert rating["share_text"] == f"{share}{NBSP}%"
    assert rating["text"] == f"Ergiebiger als {share}{NBSP}% der Spielfelder aus denselben Würfeln"
    # The data is the same in every language.
    assert {k: v for k, v in rating.items() if k not in ("text", "share_text", "bins")} == {
        k: v for k, v in english_rating.items() if k not in ("text", "share_text", "bins")
    }
    bars = [(b["low"], b["high"], b["count"]) for b in rating["bins"]]
    assert bars == [(b["low"], b["high"], b["count"]) for b in english_rating["bins"]]
    low, high, count = map(german_number, bars[0])
    boards = "Spielfeld" if count == "1" else "Spielfelder"
    assert rating["bins"][0]["text"] == f"{low} bis {high} Punkte: {count} {boards}"
    low, count = german_number(bars[-1][0]), german_number(bars[-1][2])
    boards = "Spielfeld" if count == "1" else "Spielfelder"
    assert rating["bins"][-1]["text"] == f"{low} Punkte oder mehr: {count} {boards}"


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("de", "'1' (Feld 3) ist kein Buchstabe a-z"),
        ("fr", "'1' (case 3) n'est pas une lettre de a à z"),
        ("nl", "'1' (vakje 3) is geen letter a-z"),
        ("en", "'1' (cell 3) is not a letter a-z"),
    ],
)
def test_a_board_error_is_translated_with_the_same_code_and_cell(
    client: FlaskClient, language: str, message: str
) -> None:
    response = client.get("/solve", query_string={"board": "ab1d"}, headers=asked(language))
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error == {"code": "bad_board", "message": message, "cell": [1, 0], "field": "board"}


def test_a_row_of_the_wrong_length_is_named_in_german_with_its_row(client: FlaskClient) -> None:
    response = client.post("/solve", json={"board": "abc de fgh"}, headers=asked("de"))
    error = response.get_json()["error"]
    assert (response.status_code, error["code"], error["row"]) == (400, "bad_board", 1)
    assert error["message"] == "Zeile 2 hat 2 Felder; die anderen haben 3"


def test_a_letter_outside_a_languages_alphabet_names_the_language_in_the_readers(
    client: FlaskClient,
) -> None:
    response = client.get(
        "/solve", query_string={"board": "1x3: a ñ o", "dictionary": "de"}, headers=asked("fr")
    )
    error = response.get_json()["error"]
    assert (error["code"], error["cell"]) == ("bad_board", [0, 1])
    assert error["message"] == (
        "'ñ' (case 2) n'est pas une lettre de l'alphabet allemand (a-z, ä, ö, ü) "
        "du dictionnaire 'de'"
    )


def test_a_square_board_hint_is_translated_around_the_example_shape(client: FlaskClient) -> None:
    response = client.get("/solve", query_string={"board": "hearths"}, headers=asked("it"))
    assert response.get_json()["error"]["message"] == (
        "7 caselle non possono formare una griglia quadrata; indica le righe, o prima "
        "la forma: '1x7: hearths'"
    )


def test_a_count_of_cells_is_written_the_readers_way(client: FlaskClient) -> None:
    # 5,000 cells are not square: English groups the thousands with a comma, German
    # with a point, French with a space (a narrow no-break space in CLDR's data).
    board = "q" * 5000
    english = client.get("/solve", query_string={"board": board}).get_json()["error"]
    german = client.get("/solve", query_string={"board": board}, headers=asked("de"))
    french = client.get("/solve", query_string={"board": board}, headers=asked("fr"))
    assert english["message"].startswith("5,000 cells cannot make a square board")
    assert german.get_json()["error"]["message"].startswith("5.000 ")
    assert french.get_json()["error"]["message"].startswith("5\u202f000 ")


def test_score_headline_and_verdicts_in_spanish(client: FlaskClient) -> None:
    # test_multiplayer.py's game: 2 points each, Ann's in one long word (slate), Bob's
    # in two short ones; Bob's "xyzzy" is not a word, "pa" too short. 864 words worth
    # 2,572 points are left.
    body = {
        "board": BIG_BOARD,
        "players": [
            {"name": "Bob", "words": ["tap", "sea", "xyzzy", "pa"]},
            {"name": "Ann", "words": ["slate"]},
        ],
    }
    document = client.post("/score", json=body, headers=asked("es")).get_json()
    assert document["headline"] == (
        "Ann gana por desempate: 2 puntos cada uno, y 1 palabra larga frente a 0 de Bob."
    )
    bob, _ann = document["players"]
    assert [(w["verdict"], w["verdict_text"]) for w in bob["words"]] == [
        ("scored", "puntúa"),
        ("scored", "puntúa"),
        ("not_a_word", "no es una palabra"),
        ("too_short", "demasiado corta"),
    ]
    assert document["missed"]["text"] == "Nadie encontró 864 palabras, que valen 2.572 puntos."


def test_a_shared_first_place_joins_the_names_in_italian(client: FlaskClient) -> None:
    # tap (3 letters) and sea (3 letters): 1 point each, no long words.
    body = {
        "board": BIG_BOARD,
        "players": [
            {"name": "Ann", "words": ["tap"]},
            {"name": "Bob", "words": ["sea"]},
            {"name": "Cy", "words": ["pat"]},
        ],
    }
    document = client.post("/score", json=body, headers=asked("it")).get_json()
    assert document["headline"] == (
        "Ann, Bob e Cy condividono il primo posto con 1 punto e 0 parole lunghe ciascuno."
    )


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("it", "'min_length' deve essere un numero intero da 3 a 64, non 99"),
        ("de", "'min_length' muss eine ganze Zahl von 3 bis 64 sein, hier aber 99"),
        ("en", "'min_length' must be a whole number from 3 to 64, not 99"),
    ],
)
def test_a_field_out_of_range_is_refused_in_the_readers_language(
    client: FlaskClient, language: str, message: str
) -> None:
    response = client.get(
        "/solve", query_string={"board": BIG_BOARD, "min_length": "99"}, headers=asked(language)
    )
    assert response.status_code == 400
    assert response.get_json()["error"] == {
        "code": "bad_min_length",
        "message": message,
        "field": "min_length",
    }


def test_a_misspelt_json_field_is_refused_in_dutch_with_its_suggestion(
    client: FlaskClient,
) -> None:
    response = client.post("/solve", json={"board": "abcd", "minLength": 4}, headers=asked("nl"))
    assert response.get_json()["error"] == {
        "code": "unknown_field",
        "message": "dit verzoek kent geen veld 'minLength'; bedoel je 'min_length'?",
        "field": "minLength",
        "suggestion": "min_length",
    }


def test_the_apps_own_errors_follow_the_readers_language(client: FlaskClient) -> None:
    wrong_method = client.put("/solve", headers=asked("nl"))
    assert wrong_method.status_code == 405
    assert wrong_method.get_json()["error"]["message"] in either_order(
        "/solve accepteert {}, niet PUT"
    )
    nowhere = client.get("/nowhere", headers={"Accept": "application/json", **asked("fr")})
    assert nowhere.status_code == 404
    error = nowhere.get_json()["error"]
    assert error["code"] == "not_found"
    # The list itself is test_web_layer's; here, its French wording and French "et".
    message = error["message"]
    assert message.startswith(f"il n'y a rien à cette adresse{NBSP}; les pages sont /, ")
    pages, calls = message.split(", l'API ")
    assert pages.endswith(" et /privacy") and calls.startswith("/solve, ")
    assert calls.endswith(" et /challenges/CODE/qr")


def test_dictionaries_describe_each_list_in_the_readers_language(client: FlaskClient) -> None:
    german = {
        d["name"]: d for d in client.get("/dictionaries", headers=asked("de")).json["dictionaries"]
    }
    english = {d["name"]: d for d in client.get("/dictionaries").json["dictionaries"]}
    assert german.keys() == english.keys()
    assert german["standard"]["description"] == "Standard: was ein gutes Handwörterbuch enthält"
    assert german["fr"]["description"] == "Français: französische Wörter"
    assert german["fr"]["language"] == {
        "code": "fr",
        "name": "Französisch",
        "native_name": "Français",
    }
    assert german["standard"]["language"]["name"] == "Englisch"
    assert english["fr"]["description"] == "Français: French words"
    assert english["fr"]["language"]["name"] == "French"
    for name, entry in german.items():
        same = {k: v for k, v in entry.items() if k not in ("description", "language")}
        assert same == {
            k: v for k, v in english[name].items() if k not in ("description", "language")
        }


def test_every_dice_title_is_in_the_catalogue_and_translated(api: Flask) -> None:
    # The languages' titles come from a data file: each must be written out for the
    # catalogue (boggle/languages.py, DICE_TITLES) or it would stay English.
    marked = set(DICE_TITLES) | {spec.title for spec in ENGLISH.dice_sets}
    assert {dice.title for dice in ALL_DICE_SETS.values()} <= marked
    with api.test_request_context(headers=asked("de")):
        assert i18n._(ALL_DICE_SETS["de-big"].title) == (
            "Big Boggle 5x5, Deutsch (aus Buchstabenhäufigkeiten)"
        )
        assert i18n._(ALL_DICE_SETS["new"].title) == "Boggle, neu (ab 1987)"
    with api.test_request_context(headers=asked("es")):
        assert i18n._(ALL_DICE_SETS["classic"].title) == "Boggle, clásico (1976-1986)"


def test_labels_defined_at_import_stay_english_for_whoever_shows_them(api: Flask) -> None:
    # Marked with N_, translated where shown: a German request first changes nothing.
    api.test_client().get("/dictionaries", headers=asked("de"))
    assert VERDICT_TEXT["not_a_word"] == "not a word"
    assert ALL_DICE_SETS["new"].title == "Boggle, new (1987 onwards)"


def test_one_readers_language_never_reaches_the_next_reader(cat_app: Flask) -> None:
    client = cat_app.test_client()
    query = {"board": CAT_BOARD, "dictionary": "cat"}
    assert (
        client.get("/solve", query_string=query, headers=asked("de")).json["summary"]["line"]
        == "9 Wörter gefunden, insgesamt 10 Punkte."
    )
    assert client.get("/solve", query_string=query).json["summary"]["line"] == (
        "Found 9 words worth 10 points."
    )
    assert client.put("/solve", headers=asked("de")).json["error"]["message"] in either_order(
        "/solve nimmt {} an, nicht PUT"
    )
    assert client.put("/solve").json["error"]["message"] in either_order("/solve takes {}, not PUT")


def test_the_engine_outside_a_request_speaks_english(api: Flask) -> None:
    # The app has installed its source of languages; outside a request it gives none.
    api.test_client().get("/solve", query_string={"board": CAT_BOARD}, headers=asked("de"))
    assert summary_line(1204, 3507, 3) == "Found 1,204 words worth 3,507 points."
    assert join_names(["Ann", "Bob", "Cy"]) == "Ann, Bob and Cy"
    assert i18n.number(1204) == "1,204"
    solution = solve(parse_board(CAT_BOARD), Dictionary.from_words(CAT_WORDS))
    assert summarize(solution).by_length[-1].text == "1 word, 2 points"


def test_a_stub_language_groups_the_engines_counts_its_own_way() -> None:
    # A language whose numbers are grouped with a dot, and no catalogue: the engine's
    # counts take its numbers, whatever the words.
    stub = i18n.Language(
        "xx",
        i18n.ENGLISH.translations,
        lambda value: f"{value:,}".replace(",", "."),
        lambda share: f"{share:.0%}".replace("%", " %"),
    )
    before = i18n._source  # an app's, if one was made: put back after
    try:
        i18n.set_source(lambda: stub)
        assert summary_line(1204, 3507, 3) == "Found 1.204 words worth 3.507 points."
        assert i18n.percent(0.34) == "34 %"
    finally:
        i18n.set_source(before)


def test_a_full_pool_of_rich_searches_is_a_503_counted_in_german(
    catalog: Catalog, cache_dir: Path
) -> None:
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "RICH_SEARCHES": 2}, catalog=catalog
    )
    gate = app.extensions["boggle.rich_gate"]
    with gate.hold(), gate.hold():
        busy = app.test_client().post("/rich", json={"dice": "new", "seed": 1}, headers=asked("de"))
    assert busy.status_code == 503
    assert busy.get_json()["error"] == {
        "code": "server_busy",
        "message": "2 Suchen nach einem ergiebigen Spielfeld laufen bereits, mehr sind "
        "gleichzeitig nicht erlaubt; versuche es gleich noch einmal",
    }


def test_the_wrong_shape_for_the_dice_is_said_in_french(client: FlaskClient) -> None:
    answer = client.post("/rich", json={"dice": "big", "board": BIG_BOARD}, headers=asked("fr"))
    assert answer.get_json()["error"] == {
        "code": "bad_board",
        "message": f"le jeu de dés big forme une grille 5x5{NBSP}; celle-ci fait 4x4",
        "field": "board",
    }


def test_a_fault_on_our_side_is_owned_in_italian(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_solve(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a fault")

    monkeypatch.setattr("web.service.solve", broken_solve)
    response = client.post("/solve", json={"board": "abcd"}, headers=asked("it"))
    assert response.status_code == 500
    assert response.get_json()["error"] == {
        "code": "internal_error",
        "message": "qualcosa è andato storto da parte nostra",
    }


def test_a_fault_in_the_translations_themselves_is_still_a_json_500_in_english(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a damaged catalogue")

    monkeypatch.setattr("web.service.solve", broken)
    monkeypatch.setattr("flask_babel.Domain.get_translations", broken)
    response = client.post("/solve", json={"board": "abcd"}, headers=asked("it"))
    assert response.status_code == 500
    assert response.get_json()["error"] == {
        "code": "internal_error",
        "message": "something went wrong on our side",
    }
