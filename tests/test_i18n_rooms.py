"""The game rooms in the reader's language: the new-room form, the lobby, a round in
play and its results drawn under ``Accept-Language: de`` and ``it``, the room API's
error messages, the poll's ETag per language, and the scripts' words in the page.

Each translation expected here is written out by hand (German and Italian as the
catalogue's translators give them), never read back from the catalogue. The English
texts listed must not appear in a translated page's main part (the header and footer
are another area's). The rooms run on SQLite and on PostgreSQL (tests/rooms_db.py), on
the test's clock, from a fixed seed.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from html_tree import Node, parse
from rooms_db import START, Clock

from app import create_app
from boggle import Catalog

SEED = 2026
GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ITALIAN = {"Accept-Language": "it"}


@pytest.fixture
def rooms(make_rooms_app: Callable[..., Flask]) -> Flask:
    """The app on the test's database and clock, its boards rolled from a fixed seed.

    Not called ``app``: for a fixture of that name pytest-flask keeps one request
    context pushed through the test, and every request of the test shares its
    application context (``g``), where Flask-Babel keeps the language it chose first.
    """
    made = make_rooms_app()
    made.extensions["boggle.rooms"].seeds = lambda: SEED
    return made


def page(response: Any) -> Node:
    return parse(response.get_data(as_text=True))


def main_text(doc: Node) -> str:
    """The text of the page's own part (not the site's header and footer)."""
    return doc.find("main").text


def by_class(doc: Node, name: str) -> list[Node]:
    return [node for node in doc.iter() if name in (node.attrs.get("class") or "").split()]


def the(doc: Node, name: str) -> Node:
    (found,) = by_class(doc, name)
    return found


def catalogue(doc: Node) -> dict[str, Any]:
    """The scripts' words the page carries (#messages)."""
    return json.loads(doc.by_id("messages").text)


def make_room(client: FlaskClient, headers: dict[str, str], **settings: str) -> str:
    """Make a room with the page's form (no script); its code."""
    response = client.post("/room", data={"name": "Ann", **settings}, headers=headers)
    assert response.status_code == 303
    return response.headers["Location"].removeprefix("/room/")


def a_word_of(client: FlaskClient, code: str, letters: int) -> str:
    """A word of this many letters on the round's board (from /solve: the solver is not
    what is tested here)."""
    board = client.get(f"/rooms/{code}").get_json()["round"]["board"]
    text = " / ".join(" ".join(row) for row in board)
    words = client.get(f"/solve?{urlencode({'board': text})}").get_json()["words"]
    return next(w["word"] for w in words if len(w["word"]) == letters)


def assert_none_in(text: str, english: list[str]) -> None:
    left = [phrase for phrase in english if phrase in text]
    assert left == [], f"English left in a translated page: {left}"


# --- Making a room ----------------------------------------------------------------------

NEW_ROOM_ENGLISH = [
    "Make a room, then share",
    "Your name",
    "Shortest word",
    "The dice's rule",
    "The dice's time",
    "letters",
    "minutes",
    "seconds",
    "Make the room",
]


def test_the_new_room_form_is_in_german(rooms: Flask) -> None:
    doc = page(rooms.test_client().get("/room", headers=GERMAN))
    assert doc.find("html").attrs["lang"] == "de"
    assert doc.by_id("new-room-title").text == "Zusammen spielen"
    assert doc.find("label", **{"for": "name"}).text == "Dein Name"
    assert doc.find("label", **{"for": "min_length"}).text == "Kürzestes Wort"
    assert doc.find("label", **{"for": "seconds"}).text == "Runde"
    lengths = [option.text for option in doc.by_id("min_length").find_all("option")]
    assert lengths == [
        "Regel des Würfelsatzes (3 Buchstaben)",
        "3 Buchstaben",
        "4 Buchstaben",
        "5 Buchstaben",
        "6 Buchstaben",
    ]
    times = [option.text for option in doc.by_id("seconds").find_all("option")]
    assert times[0] == "Zeit des Würfelsatzes (3 Minuten)"
    assert times[1:3] == ["30 Sekunden", "1 Minute"]
    assert doc.by_id("create").text == "Spielraum anlegen"
    assert doc.find("title").text.startswith("Zusammen spielen · ")
    assert_none_in(main_text(doc), NEW_ROOM_ENGLISH)


def test_the_new_room_form_is_in_italian(rooms: Flask) -> None:
    doc = page(rooms.test_client().get("/room?seconds=90", headers=ITALIAN))
    assert doc.find("html").attrs["lang"] == "it"
    assert doc.by_id("new-room-title").text == "Gioca insieme"
    assert doc.by_id("min_length").find_all("option")[0].text == (
        "Regola del set di dadi (3 lettere)"
    )
    chosen = doc.by_id("seconds").find("option", selected=True)
    assert (chosen.attrs["value"], chosen.text) == ("90", "90 secondi")
    assert doc.by_id("create").text == "Crea la stanza"
    assert_none_in(main_text(doc), NEW_ROOM_ENGLISH)


def test_a_bad_name_is_refused_in_the_readers_language(rooms: Flask) -> None:
    response = rooms.test_client().post("/room", data={"name": "x" * 25}, headers=GERMAN)
    assert response.status_code == 400
    assert page(response).by_id("name-error").text == (
        "der Name hat 25 Zeichen; erlaubt sind höchstens 24"
    )


# --- The lobby --------------------------------------------------------------------------

LOBBY_ENGLISH = [
    "Waiting for players",
    "The room's link",
    "Share the link",
    "You play as",
    "host the room",
    "Players",
    "Start round",
    "The host starts",
    "letters or more",
    "rounds of",
    "Refresh",
    "Join the game",
]


def test_the_lobby_is_in_german(rooms: Flask) -> None:
    client = rooms.test_client()
    code = make_room(client, GERMAN, seconds="60")
    doc = page(client.get(f"/room/{code}", headers=GERMAN))
    assert doc.find("html").attrs["lang"] == "de"
    assert doc.find("title").text.startswith(f"Spielraum {code} · Zusammen spielen · ")
    assert doc.by_id("room-title").text == f"Spielraum {code}"
    assert doc.by_id("room-who").text == "Du spielst als Ann und bist Gastgeber des Spielraums."
    assert doc.by_id("lobby-title").text == "Warten auf Spieler"
    assert doc.find("label", **{"for": "room-url"}).text == "Link zum Spielraum"
    assert doc.by_id("share-room").text == "Link teilen"
    assert doc.by_id("room-qr").attrs["alt"] == (
        "Ein QR-Code mit dem Link zum Spielraum: die Kamera eines Handys öffnet ihn"
    )
    assert [li.text for li in doc.by_id("players").find_all("li")] == ["Ann Gastgeber du"]
    # The dice set's title is the engine's to translate; the rest of the sentence is ours.
    assert the(doc, "room-settings").text.endswith(
        ", 4 \u00d7 4; Wörter ab 3 Buchstaben aus dem Wörterbuch standard; Runden von 1 Minute."
    )
    assert doc.by_id("start-round").text == "Runde starten"
    assert doc.by_id("refresh").text.startswith("Neu laden, um zu sehen, was sich geändert hat")
    assert_none_in(main_text(doc), LOBBY_ENGLISH)


def test_the_join_form_is_in_italian(rooms: Flask) -> None:
    code = make_room(rooms.test_client(), ITALIAN)
    doc = page(rooms.test_client().get(f"/room/{code}", headers=ITALIAN))
    assert doc.find("html").attrs["lang"] == "it"
    assert doc.by_id("join-title").text == "Partecipa alla partita"
    assert doc.by_id("join-lede").text == (
        "1 giocatore finora. Scegli un nome con cui ti conosce il tavolo."
    )
    assert doc.by_id("join-button").text == "Entra"
    assert doc.by_id("room-who").text == ""
    assert_none_in(main_text(doc), LOBBY_ENGLISH)


# --- A round and its results ------------------------------------------------------------

PLAY_ENGLISH = [
    "Your words",
    "Type a word",
    "Only you see your words",
    "Drag across the cubes",
    "accepted",
    "point",
    "Round 1",
    "Time left",
]
RESULTS_ENGLISH = [
    "time's up",
    "The room after",
    "This round",
    "All rounds",
    "Next round",
    "Rank ",
    "winner",
    "Each player's words",
    "crossed off for all",
    "The best words nobody found",
    "Pick a word",
]


def test_a_round_and_its_results_are_in_german(rooms: Flask, clock: Clock) -> None:
    client = rooms.test_client()
    code = make_room(client, GERMAN, seconds="30")
    assert client.post(f"/room/{code}/rounds", headers=GERMAN).status_code == 303
    doc = page(client.get(f"/room/{code}", headers=GERMAN))
    assert doc.by_id("play-title").text == "Runde 1"
    assert doc.by_id("words-title").text == "Deine Wörter"
    assert doc.by_id("no-words").text == "Noch keine."
    assert doc.by_id("word-input").attrs["placeholder"] == "Wort eintippen"
    assert doc.by_id("tally").text == "0 Punkte · 0 Wörter"

    # A word of four letters scores one point by the rules: the singular, in German.
    word = a_word_of(client, code, 4)
    clock.advance(5)
    sent = client.post(f"/room/{code}/rounds/1/words", data={"word": word}, headers=GERMAN)
    doc = page(client.get(sent.headers["Location"], headers=GERMAN))
    assert doc.by_id("message").text == f"{word}: angenommen, +1 Punkt"
    assert doc.by_id("tally").text == "1 Punkt · 1 Wort"
    assert_none_in(main_text(doc), PLAY_ENGLISH)

    clock.now = START + 30 + 2.5  # past the end and its grace
    doc = page(client.get(f"/room/{code}", headers=GERMAN))
    assert doc.by_id("result-title").text == "Runde 1: Die Zeit ist um"
    assert doc.by_id("totals-title").text == "Der Spielraum nach 1 Runde"
    headings = [th.text for th in doc.by_id("totals-title").parent.find_all("th")]
    assert headings[:3] == ["Spieler", "Diese Runde", "Alle Runden"]
    assert the(doc, "room-rank").text == "Platz 1 Sieger"
    assert the(doc, "player-total").text == "1 Punkt"
    assert doc.by_id("next-round").text == "Nächste Runde"
    assert doc.by_id("missed-title").text == "Die besten Wörter, die niemand gefunden hat"
    assert doc.by_id("selection").text == "Wähle ein Wort, um seinen Weg zu sehen."
    assert_none_in(main_text(doc), RESULTS_ENGLISH)


def test_the_results_are_in_italian(rooms: Flask, clock: Clock) -> None:
    client = rooms.test_client()
    code = make_room(client, ITALIAN, seconds="10")
    client.post(f"/room/{code}/rounds", headers=ITALIAN)
    clock.now = START + 10 + 2.5
    doc = page(client.get(f"/room/{code}", headers=ITALIAN))
    assert doc.by_id("result-title").text == "Turno 1: tempo scaduto"
    assert doc.by_id("totals-title").text == "La stanza dopo 1 turno"
    assert the(doc, "room-rank").text == "Posizione 1 vincitore"
    assert the(doc, "player-total").text == "0 punti"
    assert by_class(doc, "room-column")[0].find("p", **{"class": "empty"}).text == (
        "Nessuna parola."
    )
    assert_none_in(main_text(doc), RESULTS_ENGLISH)


# --- The API's messages -------------------------------------------------------------------


def error_of(response: Any) -> dict[str, Any]:
    assert response.is_json
    return response.get_json()["error"]


def test_a_room_error_is_worded_in_the_readers_language_with_the_same_code(rooms: Flask) -> None:
    client = rooms.test_client()
    address = "/rooms/ZZZZZZZZZZ/players"
    english = client.post(address, json={"name": "Bob"})
    german = client.post(address, json={"name": "Bob"}, headers=GERMAN)
    assert english.status_code == german.status_code == 404
    assert error_of(english) == {
        "code": "unknown_room",
        "message": "there is no room 'ZZZZZZZZZZ'; check the code or link",
    }
    assert error_of(german) == {
        "code": "unknown_room",
        "message": "es gibt keinen Spielraum 'ZZZZZZZZZZ'; prüfe den Code oder den Link",
    }
    assert german.headers["Content-Language"] == "de"


def test_the_games_own_errors_follow_the_request(rooms: Flask) -> None:
    host = rooms.test_client()
    made = host.post("/rooms", json={"name": "Ann"}).get_json()
    code = made["room"]
    taken = rooms.test_client().post(
        f"/rooms/{code}/players", json={"name": "ann"}, headers=ITALIAN
    )
    assert taken.status_code == 409
    assert error_of(taken) == {
        "code": "name_taken",
        "message": f"nella stanza {code} qualcuno si chiama già 'ann'",
    }
    guest = rooms.test_client()
    guest.post(f"/rooms/{code}/players", json={"name": "Bob"})
    refused = guest.post(f"/rooms/{code}/rounds", json={}, headers=GERMAN)
    assert refused.status_code == 403
    assert error_of(refused) == {
        "code": "not_host",
        "message": f"nur der Gastgeber von Spielraum {code} startet eine Runde",
    }
    form = host.post(f"/rooms/{code}/rounds", data={"x": "1"}, headers=GERMAN)
    assert form.status_code == 415
    assert error_of(form)["message"] == (
        "sende den Body als JSON (Content-Type: application/json), nicht als "
        "application/x-www-form-urlencoded; ein leerer ist {}"
    )
    bare = host.post(f"/rooms/{code}/rounds", headers=ITALIAN)
    assert (bare.status_code, error_of(bare)["code"]) == (415, "unsupported_media_type")
    assert error_of(bare)["message"] == (
        "invia il corpo come JSON (Content-Type: application/json); questo non ha un "
        "Content-Type; uno vuoto è {}"
    )


def test_the_operators_errors_are_logged_in_english_and_shown_translated(
    catalog: Catalog, cache_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A database never migrated: the rooms answer 503 database_not_ready.
    url = f"sqlite:///{tmp_path / 'never-made.sqlite3'}"
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": url}, catalog=catalog
    )
    with caplog.at_level(logging.WARNING):
        response = app.test_client().get("/rooms/ZZZZZZZZZZ", headers=GERMAN)
    assert response.status_code == 503
    error = error_of(response)
    assert error["code"] == "database_not_ready"
    assert error["message"] == (
        "die Datenbank der Spielräume hat noch keine Tabellen oder veraltete: führe "
        "`make db-upgrade` (alembic upgrade head) mit der BOGGLE_DATABASE_URL des Servers aus"
    )
    logged = [record.getMessage() for record in caplog.records]
    assert any("the rooms database has no tables yet" in line for line in logged), logged
    assert not any("Datenbank" in line for line in logged)
    app.extensions["boggle.rooms"].database.dispose()


# --- The poll's ETag ------------------------------------------------------------------------


def test_the_rooms_etag_differs_by_language_so_a_switch_is_never_answered_304(
    rooms: Flask,
) -> None:
    client = rooms.test_client()
    code = client.post("/rooms", json={"name": "Ann"}).get_json()["room"]
    address = f"/rooms/{code}"
    english = client.get(address)
    german = client.get(address, headers=GERMAN)
    assert english.status_code == german.status_code == 200
    assert english.headers["ETag"] != german.headers["ETag"]
    assert (english.headers["Content-Language"], german.headers["Content-Language"]) == (
        "en",
        "de",
    )
    # The German copy is current for a German reader...
    same = client.get(address, headers={**GERMAN, "If-None-Match": german.headers["ETag"]})
    assert same.status_code == 304
    # ...but a reader who switched (the lang cookie) gets the whole answer again.
    switched = client.get("/language/it")
    assert switched.status_code == 303
    after = client.get(address, headers={**GERMAN, "If-None-Match": german.headers["ETag"]})
    assert after.status_code == 200
    assert after.headers["Content-Language"] == "it"
    assert after.headers["ETag"] not in (english.headers["ETag"], german.headers["ETag"])
    assert "Accept-Language" in after.headers["Vary"] and "Cookie" in after.headers["Vary"]


# --- The scripts' words -------------------------------------------------------------------


def test_the_room_page_carries_its_scripts_words_translated(rooms: Flask) -> None:
    client = rooms.test_client()
    code = make_room(client, GERMAN)
    data = catalogue(page(client.get(f"/room/{code}", headers=GERMAN)))
    assert data["lang"] == "de"
    messages = data["messages"]
    assert messages["Link copied: paste it to the other players."] == (
        "Link kopiert: Füge ihn für die anderen Spieler ein."
    )
    assert messages["Round %(number)s has started."] == "Runde %(number)s hat begonnen."
    assert messages["too late: time was up"] == "zu spät: Die Zeit war um"
    assert messages["You play as <strong>%(name)s</strong>."] == (
        "Du spielst als <strong>%(name)s</strong>."
    )
    assert messages["<strong>%(num)s</strong> point"] == {
        "one": "<strong>%(num)s</strong> Punkt",
        "other": "<strong>%(num)s</strong> Punkte",
    }
    assert messages["The room after %(num)s round"] == {
        "one": "Der Spielraum nach %(num)s Runde",
        "other": "Der Spielraum nach %(num)s Runden",
    }
    # The verdicts the script says are the server's, as data, in the reader's language.
    rules = json.loads(page(client.get(f"/room/{code}", headers=GERMAN)).by_id("rules").text)
    assert rules["verdicts"]["accepted"] == "angenommen"
    assert rules["verdicts"]["repeat"] == "schon eingegeben"


def test_the_new_room_page_carries_its_scripts_words_in_italian(rooms: Flask) -> None:
    messages = catalogue(page(rooms.test_client().get("/room", headers=ITALIAN)))["messages"]
    assert messages["The dice's time (%(duration)s)"] == "Tempo del set di dadi (%(duration)s)"
    # Italian has a third plural category (CLDR's "many"); its form is the "other" one.
    assert messages["The dice's rule (%(num)s letter)"]["one"] == (
        "Regola del set di dadi (%(num)s lettera)"
    )
    assert messages["The dice's rule (%(num)s letter)"]["other"] == (
        "Regola del set di dadi (%(num)s lettere)"
    )
    assert messages["%(num)s minute"]["other"] == "%(num)s minuti"


def test_without_a_language_the_rooms_stay_english(rooms: Flask) -> None:
    client = rooms.test_client()
    code = make_room(client, {})
    doc = page(client.get(f"/room/{code}"))
    assert doc.find("html").attrs["lang"] == "en"
    assert doc.by_id("lobby-title").text == "Waiting for players"
    assert catalogue(doc) == {"lang": "en", "messages": {}}
    assert re.fullmatch(r"You play as Ann and host the room\.", doc.by_id("room-who").text)
