"""The solver page and the site's frame in the reader's language.

Each page is drawn under ``Accept-Language: de`` or ``fr`` and read as a reader meets
it: the text on screen and the words in the attributes a screen reader speaks
(``aria-label``, ``title``, ``alt``, ``placeholder``). The translations expected are
written out here by hand; the English texts of this page must not show through. The
sentences the engine words (a board's summary, its error messages) are tested with the
API (tests/test_i18n_api.py), and the dictionary names with it: this module checks only
what the page itself says around them.

The page scripts' words come in the page as data (``#messages``): every text the
solver's scripts mark must be there, translated.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from flask.testing import FlaskClient
from flask_babel import refresh
from html_tree import Node, parse

BOARD = "serspatglinesers"
#: The attributes whose words a reader meets (spoken, shown on hover, or in the field).
SPOKEN = ("aria-label", "title", "alt", "placeholder", "content")
#: The solver's scripts: every text they mark must reach the page translated.
SCRIPTS = [
    "static/js/main.js",
    "static/js/results.js",
    "static/js/entry.js",
    "static/js/definitions.js",
    "static/js/rich.js",
    "static/js/theme.js",
    "static/js/lib/board-view.js",
    "static/js/lib/word-list.js",
    "static/js/lib/dom.js",
    "static/js/lib/api.js",
    "static/js/lib/roving.js",
    "static/js/lib/board-text.js",
]
ROOT = Path(__file__).resolve().parent.parent

#: English texts of the solver page and the frame that no translated page may show.
ENGLISH = [
    "Boggle solver",
    "Skip to content",
    "Every word on the board, with where it is and what it scores.",
    "Solver",
    "Practice",
    "Score a game",
    "Play together",
    "Dark theme",
    "Word lists built from",
    "Your board",
    "Board as text",
    "Rows apart",
    "Type the letters",
    "Find words",
    "Random board",
    "Roll a rich board",
    "Shortest word",
    "Super Big Boggle's rules say",
    "The rules",
    "Trace a word through cubes",
    "may not use the same cube twice",
    "is one cube and counts as two letters",
    "Points for a word",
    "Group by length",
    "by score",
    "A to Z",
    "Board cubes",
    "Cubes with more than one letter",
]
#: ... and, once a board is solved, these.
ENGLISH_RESULTS = [
    "The board",
    "found in",
    "What this board holds",
    "of the points are in words of",
    "Longest:",
    "Share this board",
    "Copy the words",
    "Download CSV",
    "QR code of this board",
    "a phone's camera opens it",
    "Practise on this board",
    "Score a game on this board",
    "this board marked",
    "Words and points by length",
    "(this board)",
]

#: What each language says, worked out by hand from the glossary the catalogues keep.
EXPECTED = {
    "de": {
        "title": "Boggle-Löser",
        "entry-title": "Dein Spielfeld",
        "submit": "Wörter finden",
        "rules-title": "Die Regeln",
        "nav": [
            "Löser",
            "Üben",
            "Spiel auswerten",
            "Zusammen spielen",
            "Spielfeld des Tages",
            "Am Tisch",
        ],
        "skip": "Zum Inhalt springen",
        "skip-words": "Zu den Wörtern springen",
        "board-label": "Spielfeld als Text",
        "dictionary-label": "Wörterbuch",
        "language-nav": "Sprache",
        "rule-min": "Wörter brauchen mindestens 3 Buchstaben (die Einstellung „Kürzestes Wort“).",
        "words": "Wörter",
        "points": "Punkte",
        "group": "Buchstaben",
        "chosen": "slate: 2 Punkte",
        "cube": "Zeile 3, Spalte 3",
        "english-only": "Die Definitionen stammen aus WordNet und sind nur auf Englisch.",
        "not-found": "Nicht gefunden",
        "back": "Zurück zum Löser",
        "board-aria": "Das Spielfeld, 4 mal 4",
    },
    "fr": {
        "title": "Solveur de Boggle",
        "entry-title": "Votre grille",
        "submit": "Trouver les mots",
        "rules-title": "Les règles",
        "nav": [
            "Solveur",
            "Entraînement",
            "Compter les points",
            "Jouer ensemble",
            "Grille du jour",
            "Sur la table",
        ],
        "skip": "Aller au contenu",
        "skip-words": "Aller aux mots",
        "board-label": "Grille en texte",
        "dictionary-label": "Dictionnaire",
        "language-nav": "Langue",
        "rule-min": "Les mots ont au moins 3 lettres (le réglage « Mot le plus court »).",
        "words": "mots",
        "points": "points",
        "group": "lettres",
        "chosen": "slate: 2 points",
        "cube": "ligne 3, colonne 3",
        "english-only": "Les définitions viennent de WordNet et n'existent qu'en anglais.",
        "not-found": "Introuvable",
        "back": "Retour au solveur",
        "board-aria": "La grille, 4 sur 4",
    },
}


def visible(doc: Node) -> str:
    """What a reader meets on the page: its text (not the scripts' data) and the words
    of its spoken attributes, one run of text."""
    parts: list[str] = []

    def walk(node: Node) -> None:
        if node.tag in ("script", "style"):
            return
        parts.extend(str(node.attrs[name]) for name in SPOKEN if node.attrs.get(name))
        for child in node.children:
            if isinstance(child, Node):
                walk(child)
            else:
                parts.append(child)

    walk(doc)
    return " ".join(" ".join(parts).split())


def get(client: FlaskClient, lang: str | None, url: str = "/", status: int = 200) -> Node:
    """The page at ``url`` asked for in ``lang`` (None: no Accept-Language), parsed."""
    headers = {"Accept": "text/html"} | ({"Accept-Language": lang} if lang else {})
    # Flask-Babel keeps the locale it chose in ``g``, and a test's requests share the
    # application context pytest-flask pushes for the test (a served request has one of
    # its own): forget the last request's choice, as a new request would.
    refresh()
    response = client.get(url, headers=headers)
    assert response.status_code == status
    return parse(response.text)


def english_left(doc: Node, texts: list[str]) -> list[str]:
    shown = visible(doc)
    return [text for text in texts if text in shown]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_empty_solver_page_speaks_the_readers_language(client: FlaskClient, lang: str) -> None:
    doc = get(client, lang)
    words = EXPECTED[lang]
    assert doc.find("html").attrs["lang"] == lang
    assert doc.find("head").find("title").text == words["title"]
    assert doc.by_id("entry-title").text == words["entry-title"]
    assert doc.find("button", type="submit", **{"class": "primary"}).text == words["submit"]
    assert doc.by_id("rules-title").text == words["rules-title"]
    assert doc.find("a", href="#main").text == words["skip"]
    # The skip link to the words is there too, for the script to show once a board is solved.
    assert doc.by_id("skip-words").text == words["skip-words"]
    assert doc.find("label", **{"for": "board"}).text == words["board-label"]
    assert doc.find("label", **{"for": "dictionary"}).text == words["dictionary-label"]
    nav = doc.find("nav", **{"class": "site-nav"})
    assert [a.text for a in nav.find_all("a")] == words["nav"]
    assert doc.find("nav", **{"class": "language-nav"}).attrs["aria-label"] == words["language-nav"]
    # The shortest-word rule keeps its number in a span of its own, for the script.
    assert doc.by_id("rule-min").parent.text == words["rule-min"]
    # Each dictionary's word count is said in the language, around the list's name.
    options = doc.by_id("dictionary").find_all("option")
    assert options and all(o.text.endswith(f" {words['words']})") for o in options)
    assert english_left(doc, ENGLISH) == []


def test_a_number_in_the_page_is_written_the_languages_way(client: FlaskClient) -> None:
    """German groups thousands with a point: the dictionaries' word counts say so."""
    doc = get(client, "de")
    counts = [re.search(r"\(([\d.]+) Wörter\)$", o.text) for o in doc.find_all("option")]
    counts = [c.group(1) for c in counts if c]
    assert counts and all("." in c for c in counts)  # every list has over 999 words
    english = get(client, None)
    assert all(
        "," in re.search(r"\(([\d,]+) words\)$", o.text).group(1)
        for o in english.by_id("dictionary").find_all("option")
    )


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_solved_board_is_laid_out_in_the_readers_language(client: FlaskClient, lang: str) -> None:
    doc = get(client, lang, f"/?board={BOARD}&word=slate")
    words = EXPECTED[lang]
    assert doc.find("html").attrs["lang"] == lang
    found = len(doc.by_id("word-list").find_all("button"))
    stats = doc.find("ul", **{"class": "stats"}).find_all("li")
    assert stats[0].text == f"{found} {words['words']}"  # fewer than 1,000: no grouping
    assert stats[1].text.endswith(f" {words['points']}")
    # The search time has the language's decimal comma (German and French alike).
    assert re.fullmatch(r"\d,\d ms|\d+ ms", doc.by_id("stat-time").text)
    assert doc.find("head").find("title").text == f"{found} {words['words']} · {words['title']}"
    assert doc.by_id("result-board").attrs["aria-label"] == words["board-aria"]
    assert doc.by_id("selection").text == words["chosen"]
    for heading in doc.find_all("h3", **{"class": "group-title"}):
        assert re.match(rf"\d+ {words['group']} ", heading.text)
    # WordNet is English: its words are marked so, and the reader is told.
    definition = doc.by_id("definition")
    senses = definition.find_all("ol", **{"class": "senses"})
    assert senses and all(ol.attrs["lang"] == "en" for ol in senses)
    assert definition.find("p", **{"class": "hint definition-note"}).text == words["english-only"]
    assert english_left(doc, ENGLISH + ENGLISH_RESULTS) == []


def test_the_rating_chart_is_labelled_with_the_languages_numbers(client: FlaskClient) -> None:
    doc = get(client, "de", f"/?board={BOARD}")
    chart = doc.by_id("rating-chart")
    # 10,000 rolled boards (boggle/ratings.py, ROLLS), written the German way.
    label = "Punkte von 10.000 gewürfelten Spielfeldern, dieses Spielfeld markiert"
    assert chart.attrs["aria-label"] == label
    marked = chart.find("rect", **{"class": "rating-bar rating-mark"})
    assert marked.find("title").text.endswith(" (dieses Spielfeld)")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_board_refused_for_one_cube_is_drawn_in_the_readers_language(
    client: FlaskClient, lang: str
) -> None:
    doc = get(client, lang, "/?board=sers+patg+li7e+sers", status=400)
    words = EXPECTED[lang]
    assert doc.find("html").attrs["lang"] == lang
    grid = doc.by_id("entry-grid")
    wrong = [c for c in grid.find_all("input") if c.attrs.get("aria-invalid") == "true"]
    assert [c.attrs["aria-label"] for c in wrong] == [words["cube"]]
    assert doc.by_id("entry-title").text == words["entry-title"]
    assert english_left(doc, ENGLISH) == []


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_error_page_speaks_the_readers_language(client: FlaskClient, lang: str) -> None:
    doc = get(client, lang, "/no-such-page", status=404)
    words = EXPECTED[lang]
    assert doc.find("html").attrs["lang"] == lang
    assert doc.by_id("error-title").text == words["not-found"]
    assert doc.find("head").find("title").text == f"{words['not-found']} · {words['title']}"
    assert doc.find("a", **{"class": "button"}).text == words["back"]
    assert "Back to the solver" not in visible(doc)


def script_texts() -> list[str | tuple[str, str]]:
    """Every text the solver's scripts mark, as pybabel extracts it."""
    found = []
    for script in SCRIPTS:
        for _line, message, _comments, _context in extract_from_file(
            "javascript", ROOT / script, options={"parse_template_string": "true"}
        ):
            found.append(message)
    return found


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_page_carries_every_script_text_translated(client: FlaskClient, lang: str) -> None:
    doc = get(client, lang)
    catalogue = json.loads(doc.by_id("messages").text)
    assert catalogue["lang"] == lang
    messages = catalogue["messages"]
    texts = script_texts()
    assert len(texts) > 30  # the extraction found the scripts' texts at all
    for text in texts:
        key = text[0] if isinstance(text, tuple) else text
        assert messages.get(key), f"{key!r} has no {lang} translation in the page"
    # A few, worked by hand: a plain text, a placeholder's, and a counted text's forms.
    expected = {
        "de": {
            "Pick a word to see its path.": "Wähle ein Wort, um seinen Weg zu sehen.",
            "row %(row)s, column %(col)s": "Zeile %(row)s, Spalte %(col)s",
            "%(num)s point": {"one": "%(num)s Punkt", "other": "%(num)s Punkte"},
        },
        "fr": {
            "Pick a word to see its path.": "Choisissez un mot pour voir son chemin.",
            "row %(row)s, column %(col)s": "ligne %(row)s, colonne %(col)s",
            # French counts in three CLDR categories (one, many for millions, other).
            "%(num)s point": {
                "one": "%(num)s point",
                "many": "%(num)s points",
                "other": "%(num)s points",
            },
        },
    }[lang]
    assert {key: messages[key] for key in expected} == expected


def test_the_switch_is_remembered_for_a_page_asked_without_a_language(
    client: FlaskClient,
) -> None:
    refresh()
    response = client.get("/language/de?next=/")
    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    doc = get(client, None)  # no Accept-Language: the cookie decides
    assert doc.find("html").attrs["lang"] == "de"
    assert doc.by_id("entry-title").text == "Dein Spielfeld"
    assert english_left(doc, ENGLISH) == []


def test_without_a_language_the_page_stays_english(client: FlaskClient) -> None:
    doc = get(client, None, f"/?board={BOARD}&word=slate")
    assert doc.find("html").attrs["lang"] == "en"
    assert doc.by_id("entry-title").text == "Your board"
    assert doc.find("head").find("title").text.endswith(" words · Boggle solver")
    assert doc.by_id("selection").text == "slate: 2 points"
    assert doc.by_id("rule-min").parent.text == (
        "Words need at least 3 letters (the shortest word setting)."
    )
    assert not doc.find_all("p", **{"class": "hint definition-note"})
    assert json.loads(doc.by_id("messages").text) == {"lang": "en", "messages": {}}
    shown = visible(doc)
    assert all(text in shown for text in ("Find words", "The rules", "Download CSV"))
