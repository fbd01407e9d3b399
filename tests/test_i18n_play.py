"""The practice and scoring pages in German and Spanish: no English of their own left.

Each page is rendered with ``Accept-Language`` and read like the other page tests
(html_tree): ``<html lang>``, texts translated by hand where the page shows them, and
none of a list of the pages' English texts anywhere a reader sees them (text, titles,
placeholders, labels for screen readers). The page scripts' words travel in the page's
``#messages`` catalogue; every text the practice and scoring scripts mark must be in
it, translated.

The board, its words, player names and the engine's sentences (verdicts, headline,
what was missed) are not this module's: the API's tests hold those.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_file
from flask.testing import FlaskClient
from html_tree import Node, parse

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = [ROOT / "static/js/practice.js", ROOT / "static/js/scoring.js"]

BOARD = "sers patg line sers"
# Worked by hand on the board (rows SERS / PATG / LINE / SERS): slate and lines are on
# it and worth 2 points each (5 letters, so long words too); sea is on both lists, so
# crossed off both; tap is 1 point; xyzzy is not a word. Ann: 4 points and 2 long
# words; Bob: 1 point and none.
GAME = {"Ann": "slate lines sea", "Bob": "sea tap xyzzy"}

# What a reader sees of an element besides its text.
SEEN_ATTRIBUTES = ("placeholder", "aria-label", "title", "alt")
# Where the engine's sentences are laid out (the headline, what was missed, each
# verdict): the engine words them (boggle/standings.py), and the API's tests hold them.
ENGINE_IDS = {"headline", "announce", "missed-count"}


def seen(doc: Node) -> str:
    """Everything a reader sees or hears of the page but the engine's sentences.

    Scripts are left out (the ``#messages`` catalogue holds English keys), and so are
    the fields' values, which are what the reader typed, and the title once a game is
    scored (it starts with the headline; the empty page's title is checked whole).
    """
    parts: list[str] = []

    def walk(node: Node) -> None:
        if node.tag in ("script", "style", "template", "textarea", "title"):
            return
        if node.attrs.get("id") in ENGINE_IDS:
            return
        for name in SEEN_ATTRIBUTES:
            value = node.attrs.get(name)
            if value:
                parts.append(value)
        verdict = node.tag == "td" and node.attrs.get("class") == "verdict"
        for child in node.children:
            if isinstance(child, str):
                if not verdict:
                    parts.append(child)
            else:
                walk(child)

    walk(doc)
    return " ".join(" ".join(parts).split())


def get(client: FlaskClient, url: str, lang: str, status: int = 200) -> Node:
    response = client.get(url, headers={"Accept-Language": lang})
    assert response.status_code == status, response.text[:500]
    assert response.headers["Content-Language"] == lang
    doc = parse(response.text)
    assert doc.find("html").attrs["lang"] == lang
    return doc


def post_game(
    client: FlaskClient, lang: str, players: dict[str, str], status: int = 200, **fields: str
) -> Node:
    data: dict[str, Any] = {"board": BOARD, "min_length": "3", "dictionary": "standard"}
    data |= fields | {"name": [*players, ""], "words": [*players.values(), ""]}
    response = client.post("/scoring", data=data, headers={"Accept-Language": lang})
    assert response.status_code == status, response.text[:500]
    doc = parse(response.text)
    assert doc.find("html").attrs["lang"] == lang
    return doc


def assert_no_english(doc: Node, english: list[str]) -> None:
    shown = seen(doc)
    leaks = [text for text in english if text in shown]
    assert not leaks, leaks


# --- The practice page ------------------------------------------------------------------

PRACTICE_ENGLISH = [
    "Timed practice",
    "Practice needs JavaScript",
    "find every word on a board with the solver",
    "Find as many words as you can",
    "Random 4",
    "The solver's board",
    "1 minute",
    "3 minutes",
    "seconds",
    "Start the round",
    "Words need",
    "The timer keeps running",
    "The round",
    "Time left",
    "Type a word",
    "Stop the round?",
    "Stop now",
    "Keep playing",
    "New round",
    "Time's up",
    "Your words",
    "None yet.",
    "Drag across the cubes",
    "points ·",
]

PRACTICE = {
    "de": {
        "title": "Üben mit Zeitlimit · Boggle-Löser",
        "heading": "Üben mit Zeitlimit",
        "link": "finde mit dem Löser alle Wörter auf einem Spielfeld",
        "given": "Das Spielfeld aus dem Löser (4 \u00d7 4)",
        "random": ["Zufällig 4 \u00d7 4", "Zufällig 5 \u00d7 5", "Zufällig 6 \u00d7 6"],
        "minutes": ["45 Sekunden", "1 Minute", "2 Minuten", "3 Minuten"],
        "labels": ["Spielfeld", "Zeit", "Wörterbuch", "Wort"],
        "start": "Runde starten",
        "hint": "Wörter brauchen mindestens 4 Buchstaben.",
        "clock": "Verbleibende Zeit:",
        "placeholder": "Wort eintippen",
        "buttons": ["Eingeben", "Beenden", "Jetzt beenden", "Weiterspielen", "Neue Runde"],
        "question": "Runde beenden?",
        "headings": ["Die Zeit ist um", "Gefunden", "Verpasst", "Deine Wörter"],
        "none": "Noch keine.",
    },
    "es": {
        "title": "Práctica cronometrada · Solucionador de Boggle",
        "heading": "Práctica cronometrada",
        "link": "encuentra todas las palabras de un tablero con el solucionador",
        "given": "El tablero del solucionador (4 \u00d7 4)",
        "random": ["Aleatorio 4 \u00d7 4", "Aleatorio 5 \u00d7 5", "Aleatorio 6 \u00d7 6"],
        "minutes": ["45 segundos", "1 minuto", "2 minutos", "3 minutos"],
        "labels": ["Tablero", "Tiempo", "Diccionario", "Palabra"],
        "start": "Empezar la ronda",
        "hint": "Las palabras necesitan 4 letras o más.",
        "clock": "Tiempo restante:",
        "placeholder": "Escribe una palabra",
        "buttons": ["Introducir", "Parar", "Parar ya", "Seguir jugando", "Nueva ronda"],
        "question": "¿Parar la ronda?",
        "headings": ["Se acabó el tiempo", "Encontradas", "No encontradas", "Tus palabras"],
        "none": "Ninguna todavía.",
    },
}


@pytest.mark.parametrize("lang", sorted(PRACTICE))
def test_the_practice_page_is_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    want = PRACTICE[lang]
    doc = get(client, f"/practice?board={BOARD}&min_length=4&seconds=45", lang)
    assert doc.find("title").text == want["title"]
    notice = doc.by_id("needs-js")
    assert notice.find("h1").text == want["heading"]
    assert notice.find("a", href="/").text == want["link"]
    assert doc.by_id("setup-title").text == want["heading"]
    options = [option.text for option in doc.by_id("source").find_all("option")]
    assert options == [want["given"], *want["random"]]
    assert [option.text for option in doc.by_id("minutes").find_all("option")][:4] == want[
        "minutes"
    ]
    labels = [doc.find("label", **{"for": name}).text for name in ("source", "minutes")]
    labels += [doc.find("label", **{"for": name}).text for name in ("dictionary", "word-input")]
    assert labels == want["labels"]
    assert doc.by_id("start").text == want["start"]
    # The shortest length stays in its own element, for the script to change.
    assert doc.by_id("setup-min").text == "4"
    assert want["hint"] in doc.by_id("setup-min").parent.text
    assert doc.find("p", **{"class": "clock"}).find("span", **{"class": "vh"}).text == want["clock"]
    assert doc.by_id("word-input").attrs["placeholder"] == want["placeholder"]
    form_button = doc.by_id("word-form").find("button").text
    controls = [doc.by_id(i).text for i in ("stop", "stop-yes", "stop-no", "new-round")]
    assert [form_button, *controls] == want["buttons"]
    assert doc.by_id("stop-question").text == want["question"]
    headings = ["summary-title", "found-title", "missed-title", "words-title"]
    assert [doc.by_id(i).text for i in headings] == want["headings"]
    assert doc.by_id("no-words").text == want["none"]
    assert_no_english(doc, PRACTICE_ENGLISH)


def test_the_practice_pages_empty_form_is_translated_too(client: FlaskClient) -> None:
    doc = get(client, "/practice", "de")
    options = [option.text for option in doc.by_id("source").find_all("option")]
    assert options == ["Zufällig 4 \u00d7 4", "Zufällig 5 \u00d7 5", "Zufällig 6 \u00d7 6"]
    minutes = [option.text for option in doc.by_id("minutes").find_all("option")]
    assert minutes == ["1 Minute", "2 Minuten", "3 Minuten", "4 Minuten", "5 Minuten", "10 Minuten"]
    assert doc.by_id("setup-min").text == "3"
    assert_no_english(doc, PRACTICE_ENGLISH)


# --- The scoring page -------------------------------------------------------------------

SCORING_ENGLISH = [
    "Player 1",
    "Remove",
    "As on",
    "with spaces between cubes",
    "A name and the words each player wrote down",
    "Score the game",
    "Add player",
    "How a game is scored",
    "is crossed off every list",
    "Every other word must have",
    "The highest total wins",
    "punctuation around a word",
    "Each player's words",
    "Ranking",
    "Long words",
    "Verdict",
    "Pick a word",
    "winner",
    "also:",
    "long word",
    " points",
    " point ",
    "No words.",
]

SCORING = {
    "de": {
        "title": "Spiel auswerten · Boggle-Löser",
        "heading": "Spiel auswerten",
        "legend": "Spieler 1",
        "remove": ("Entfernen", ": Spieler 1"),
        "fields": ["Name", "Wörter"],
        "board_help": "Wie im Löser: sers patg line sers oder a th e # / … mit Leerzeichen "
        "zwischen den Würfeln.",
        "players": "Spieler",
        "buttons": ["Punkte zählen", "Spieler hinzufügen"],
        "rules_title": "So wird gezählt",
        "rules": [
            "Ein Wort, das auf den Listen von zwei oder mehr Spielern steht, wird überall "
            "gestrichen.",
            "Jedes andere Wort muss mindestens 3 Buchstaben haben, im Wörterbuch stehen und "
            "auf dem Spielfeld liegen.",
            "Die höchste Summe gewinnt. Bei gleicher Summe gewinnt, wer mehr lange Wörter hat "
            "(5 Buchstaben oder mehr); wer in beidem gleich ist, teilt sich den Platz.",
            "Groß- und Kleinschreibung, Leerzeichen und Satzzeichen um ein Wort spielen keine "
            "Rolle; schreib Qu als qu.",
        ],
        # After a game is scored:
        "board": "Das Spielfeld",
        "pick": "Wähle ein Wort, um seinen Weg zu sehen.",
        "selected": "slate: 2 Punkte",
        "ranking": ["Rangliste", "Platz", "Spieler", "Punkte", "Lange Wörter"],
        "winner": "Ann Sieger",
        "lists": "Die Wörter jedes Spielers",
        "totals": ["4 Punkte", "1 Punkt"],
        "columns": ["Wort", "Urteil", "Punkte"],
        "also": ["auch: Bob", "auch: Ann"],
        "footers": ["Summe · 2 lange Wörter", "Summe · 0 lange Wörter"],
        "missed": "Verpasst",
        "missed_points": {1: "Punkt", 11: "Punkte"},
    },
    "es": {
        "title": "Puntuar una partida · Solucionador de Boggle",
        "heading": "Puntuar una partida",
        "legend": "Jugador 1",
        "remove": ("Quitar", "al jugador 1"),
        "fields": ["Nombre", "Palabras"],
        "board_help": "Como en el solucionador: sers patg line sers, o a th e # / … con espacios "
        "entre los dados.",
        "players": "Jugadores",
        "buttons": ["Puntuar la partida", "Añadir jugador"],
        "rules_title": "Cómo se puntúa una partida",
        "rules": [
            "Una palabra que aparece en las listas de dos o más jugadores se tacha de todas.",
            "Cualquier otra palabra debe tener al menos 3 letras, estar en el diccionario y "
            "estar en el tablero.",
            "Gana el total más alto. Con el mismo total, gana quien tenga más palabras largas "
            "(5 letras o más); los jugadores empatados en ambas cosas comparten el puesto.",
            "Las mayúsculas, los espacios y la puntuación alrededor de una palabra no importan; "
            "escribe Qu como qu.",
        ],
        "board": "El tablero",
        "pick": "Elige una palabra para ver su recorrido.",
        "selected": "slate: 2 puntos",
        "ranking": ["Clasificación", "Puesto", "Jugador", "Puntos", "Palabras largas"],
        "winner": "Ann ganador",
        "lists": "Las palabras de cada jugador",
        "totals": ["4 puntos", "1 punto"],
        "columns": ["Palabra", "Veredicto", "Puntos"],
        "also": ["también: Bob", "también: Ann"],
        "footers": ["Total · 2 palabras largas", "Total · 0 palabras largas"],
        "missed": "No encontradas",
        "missed_points": {1: "punto", 11: "puntos"},
    },
}


def check_form(doc: Node, want: dict[str, Any]) -> None:
    """The scoring form and its rules, in the reader's language."""
    assert doc.by_id("entry-title").text == want["heading"]
    slot = doc.by_id("player-list").find_all("fieldset")[0]
    assert slot.find("legend").text == want["legend"]
    # "Remove" shown, the player's number said to screen readers.
    remove = slot.find("button")
    assert (remove.children[0], remove.find("span", **{"class": "vh"}).text) == want["remove"]
    assert [label.text for label in slot.find_all("label")] == want["fields"]
    assert doc.by_id("board-help").text == want["board_help"]
    players = doc.find("fieldset", **{"class": "players"})
    assert players.find_all("legend")[0].text == want["players"]
    buttons = doc.by_id("score-form").find("div", **{"class": "actions"}).find_all("button")
    assert [button.text for button in buttons] == want["buttons"]
    rules = doc.find("aside", **{"class": "panel rules"})
    assert rules.find("h2").text == want["rules_title"]
    assert [item.text for item in rules.find("ul").find_all("li")] == want["rules"]


@pytest.mark.parametrize("lang", sorted(SCORING))
def test_the_empty_scoring_page_is_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    want = SCORING[lang]
    doc = get(client, "/scoring", lang)
    assert doc.find("title").text == want["title"]
    check_form(doc, want)
    assert_no_english(doc, SCORING_ENGLISH)


@pytest.mark.parametrize("lang", sorted(SCORING))
def test_a_scored_game_is_laid_out_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    want = SCORING[lang]
    doc = post_game(client, lang, GAME)
    check_form(doc, want)
    assert doc.by_id("board-title").text == want["board"]
    assert doc.by_id("selection").text == want["pick"]
    ranking = doc.find("section", **{"class": "ranking"})
    headers = [ranking.find("h2"), *ranking.find("thead").find_all("th")]
    assert [header.text for header in headers] == want["ranking"]
    rows = doc.by_id("ranking-rows").find_all("tr")
    assert rows[0].find("th").text == want["winner"]
    assert [row.find_all("td")[1].text for row in rows] == ["4", "1"]
    assert doc.by_id("lists-title").text == want["lists"]
    players = doc.by_id("player-scores").find_all("section")
    totals = [p.find("span", **{"class": "player-total"}).text for p in players]
    assert totals == want["totals"]
    for player in players:
        assert [th.text for th in player.find("thead").find_all("th")] == want["columns"]
    also = [p.find("span", **{"class": "also"}).text for p in players]
    assert also == want["also"]
    assert [p.find("tfoot").find("th").text for p in players] == want["footers"]
    assert doc.by_id("missed-title").text == want["missed"]
    # Each missed word's points, said to screen readers after the number shown.
    for button in doc.by_id("missed-list").find_all("button", **{"data-word": True}):
        score = int(button.attrs["data-score"])
        if score in want["missed_points"]:
            assert button.find("span", **{"class": "vh"}).text == want["missed_points"][score]
    assert_no_english(doc, SCORING_ENGLISH)

    chosen = post_game(client, lang, GAME, word="slate")
    assert chosen.by_id("selection").text == want["selected"]
    assert chosen.by_id("selection").find("strong").text == "slate"


# One language per test: pytest-flask keeps one app context for a whole test, and
# Flask-Babel keeps the locale it chose in it (on ``g``), so a second request in another
# language would be answered in the first (a server gives each request its own).


def test_too_many_players_is_said_in_the_readers_language(client: FlaskClient) -> None:
    players = {f"P{n}": "sea" for n in range(21)}
    doc = post_game(client, "de", players, status=400)
    assert doc.by_id("players-error").text == "21 Spieler; erlaubt sind höchstens 20"


def test_json_sent_to_the_scoring_page_is_refused_in_the_readers_language(
    client: FlaskClient,
) -> None:
    response = client.post("/scoring", json={"board": BOARD}, headers={"Accept-Language": "es"})
    assert response.status_code == 415
    assert parse(response.text).by_id("players-error").text == (
        "la página de puntuación lee campos de formulario; envía el JSON a POST /score"
    )


# --- The scripts' words -----------------------------------------------------------------


def script_texts() -> set[str]:
    """Every text the practice and scoring scripts mark (a counted one by its singular)."""
    texts = set()
    for script in SCRIPTS:
        for _, message, _, _ in extract_from_file("javascript", str(script)):
            texts.add(message[0] if isinstance(message, tuple) else message)
    return texts


def catalogue(doc: Node) -> dict[str, Any]:
    data = json.loads(doc.by_id("messages").text)
    assert data["lang"] == doc.find("html").attrs["lang"]
    return data["messages"]


@pytest.mark.parametrize(
    ("lang", "url", "expected"),
    [
        (
            "de",
            "/practice",
            {
                "Round stopped": "Runde beendet",
                "Every word. Well played!": "Alle Wörter. Gut gespielt!",
                "One minute left.": "Noch eine Minute.",
                "already found": "schon gefunden",
                "%(size)s board, words of %(shortest)s letters or more.": (
                    "Spielfeld %(size)s, Wörter ab %(shortest)s Buchstaben."
                ),
            },
        ),
        (
            "es",
            "/scoring",
            {
                "tie-break": "desempate",
                "No words.": "Ninguna palabra.",
                "also: %(names)s": "también: %(names)s",
                "Pick a word to see its path.": "Elige una palabra para ver su recorrido.",
            },
        ),
    ],
)
def test_the_pages_carry_their_scripts_words_translated(
    client: FlaskClient, lang: str, url: str, expected: dict[str, str]
) -> None:
    messages = catalogue(get(client, url, lang))
    texts = script_texts()
    assert set(expected) <= texts  # the extraction finds the scripts' texts at all
    for english, translated in expected.items():
        assert messages[english] == translated
    missing = script_texts() - messages.keys()
    assert not missing, sorted(missing)


@pytest.mark.parametrize(
    ("lang", "english", "forms"),
    [
        ("de", "%(num)s point", ("%(num)s Punkt", "%(num)s Punkte")),
        (
            "de",
            "%(found)s of %(num)s word",
            ("%(found)s von %(num)s Wort", "%(found)s von %(num)s Wörtern"),
        ),
        (
            "es",
            "found, +%(num)s point",
            ("encontrada, +%(num)s punto", "encontrada, +%(num)s puntos"),
        ),
    ],
)
def test_the_scripts_counted_texts_carry_their_forms(
    client: FlaskClient, lang: str, english: str, forms: tuple[str, str]
) -> None:
    translated = catalogue(get(client, "/practice", lang))[english]
    # By CLDR category: Spanish has a third, "many" (a million), as its "other" here.
    assert (translated["one"], translated["other"]) == forms
    assert set(translated) == {"de": {"one", "other"}, "es": {"one", "many", "other"}}[lang]
