"""No page leaks English in a translated language.

Each page (solver empty, solved and refusing a board; practice; the tabletop board and
its refusal; scoring, empty and with a game scored; a room's form, lobby, round and
results; today's boards, a day's board ready, in play and scored, a challenge's
invitation, round and results, the player's page, its transfer link and the privacy
note; the 404 page) is rendered in German, French, Spanish, Italian and Dutch, and
read for English left behind as tests/english_leaks.py reads a page
(tests/browser/test_languages_in_browser.py reads the pages as their scripts draw them).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from english_leaks import leaks, translated_english
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock

from app import create_app
from boggle import Catalog

LOCALES = ("de", "fr", "es", "it", "nl")
BOARD = "s e r s / p a t g / l i n e / s e r s"


@pytest.fixture
def room_app(
    tmp_path: Path, sqlite_template: Path, cache_dir: Path, catalog: Catalog, clock: Clock
) -> Iterator[Flask]:
    path = tmp_path / "rooms.sqlite3"
    shutil.copy(sqlite_template, path)
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{path}"},
        catalog=catalog,
    )
    app.extensions["boggle.rooms"].clock = clock
    app.extensions["boggle.rooms"].seeds = lambda: 2026
    app.extensions["boggle.apart"].clock = clock
    yield app
    app.extensions["boggle.rooms"].database.dispose()


def pages(client: FlaskClient, clock: Clock) -> Iterator[tuple[str, str]]:
    """(what, HTML) of every page, in the client's language."""
    yield "solver", client.get("/").get_data(as_text=True)
    yield "solved", client.get("/", query_string={"board": BOARD}).get_data(as_text=True)
    yield "refused", client.get("/", query_string={"board": "ab7d"}).get_data(as_text=True)
    yield "practice", client.get("/practice").get_data(as_text=True)
    yield "table", client.get("/table?dice=superbig").get_data(as_text=True)
    yield "table refused", client.get("/table?seconds=0").get_data(as_text=True)
    yield "scoring", client.get("/scoring").get_data(as_text=True)
    scored = client.post(
        "/scoring",
        data={"board": BOARD, "names": "Ann\nBob", "words-0": "rest tale", "words-1": "tale"},
    )
    yield "scored", scored.get_data(as_text=True)
    yield "404", client.get("/nowhere", headers={"Accept": "text/html"}).get_data(as_text=True)
    yield "new room", client.get("/room").get_data(as_text=True)
    made = client.post("/room", data={"name": "Ann", "seconds": "60"})
    code = made.headers["Location"].removeprefix("/room/")
    yield "lobby", client.get(f"/room/{code}").get_data(as_text=True)
    client.post(f"/room/{code}/rounds")
    yield "countdown", client.get(f"/room/{code}").get_data(as_text=True)
    clock.now += 10  # past the countdown
    yield "round", client.get(f"/room/{code}").get_data(as_text=True)
    clock.now += 120  # past the round's end and its grace
    yield "results", client.get(f"/room/{code}").get_data(as_text=True)
    yield from apart_pages(client, clock)


def apart_pages(client: FlaskClient, clock: Clock) -> Iterator[tuple[str, str]]:
    """(what, HTML) of today's boards, a day's board, a challenge and the player's pages."""
    day = f"/day/{clock_day(clock)}/en/4x4"
    yield "today", client.get("/today").get_data(as_text=True)
    yield "day's board", client.get(day).get_data(as_text=True)
    client.post(f"{day}/play")
    client.post(f"{day}/words", data={"word": "zzzz"})
    yield "day's round", client.get(f"{day}?said=zzzz").get_data(as_text=True)
    client.post(f"{day}/finish")
    yield "day's results", client.get(day).get_data(as_text=True)
    code = client.post(f"{day}/challenge").headers["Location"].rsplit("/", 1)[1]
    yield "own challenge", client.get(f"/challenge/{code}").get_data(as_text=True)
    made = client.post("/challenges", json={"board": BOARD.replace(" ", ""), "words": ["rest"]})
    friend = client.application.test_client()
    friend.set_cookie("lang", client.get_cookie("lang").value)
    other = made.json["challenge"]
    yield "invitation", friend.get(f"/challenge/{other}").get_data(as_text=True)
    friend.post(f"/challenge/{other}/play")
    friend.post(f"/challenge/{other}/words", data={"word": "rest"})
    yield "challenge's round", friend.get(f"/challenge/{other}").get_data(as_text=True)
    friend.post(f"/challenge/{other}/finish")
    yield "challenge's results", friend.get(f"/challenge/{other}").get_data(as_text=True)
    yield "player's page", client.get("/me").get_data(as_text=True)
    yield "transfer", client.post("/me/transfer").get_data(as_text=True)
    yield "privacy", client.get("/privacy").get_data(as_text=True)


def clock_day(clock: Clock) -> str:
    """The UTC date of the test's clock."""
    return datetime.fromtimestamp(clock.now, UTC).date().isoformat()


@pytest.mark.parametrize("code", LOCALES)
def test_no_page_shows_english_in(room_app: Flask, clock: Clock, code: str) -> None:
    client = room_app.test_client()
    client.set_cookie("lang", code)
    catalogue = translated_english(code)
    found: dict[str, list[str]] = {}
    for what, html in pages(client, clock):
        assert f'<html lang="{code}">' in html, what
        page_leaks = leaks(html, code, catalogue)
        if page_leaks:
            found[what] = page_leaks
    assert not found, "\n".join(f"{what}: {texts}" for what, texts in found.items())


def test_the_check_finds_english_on_a_page() -> None:
    """The reader above is not blind: English on a German page is found."""
    html = (
        '<html lang="de"><body><h1>Dein Spielfeld</h1><p>Find the words</p>'
        '<button aria-label="Copy the list">⧉</button>'
        '<ol translate="no"><li>the</li></ol><code>/solve?board=the</code></body></html>'
    )
    assert leaks(html, "de", set()) == ["Find the words", "Copy the list"]
    assert leaks("<p>Wörter finden</p>", "de", {"Find words"}) == []
    assert leaks("<p>Find words</p>", "de", {"Find words"}) == ["Find words"]
