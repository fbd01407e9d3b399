"""No page leaks English in a translated language.

Each page (solver empty, solved and refusing a board; practice; scoring, empty and with
a game scored; a room's form, lobby, round and results; the 404 page) is rendered in
German, French, Spanish, Italian and Dutch, and every text a reader meets is read:
the text between tags and the attributes read aloud or shown (``aria-label``, ``title``,
``placeholder``, ``alt``, a button's ``value``, the page's description). A text fails if

- it is an English text of the catalogue that has a translation of its own (marked,
  but shown untranslated), or
- it holds a word of English that the language does not share (a text never marked:
  no catalogue knows it).

What is not the interface is left out, as the page marks it: the board's letters and
words (``translate="no"``, which also keeps a browser's page translator off them),
code, keyboard keys, the scripts' data, and the language names of the switch (each
in its own language, on purpose).
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient
from html_tree import Node, parse
from rooms_db import Clock

from app import create_app
from boggle import Catalog

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ("de", "fr", "es", "it", "nl")
BOARD = "s e r s / p a t g / l i n e / s e r s"
SKIPPED_TAGS = {"script", "style", "code", "kbd", "pre", "svg", "template"}
READ_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt", "aria-description")

#: Words of English a reader of the other languages would notice as English.
ENGLISH = frozenset(
    [
        "the",
        "and",
        "your",
        "you",
        "with",
        "this",
        "that",
        "from",
        "words",
        "word",
        "board",
        "points",
        "find",
        "found",
        "player",
        "players",
        "scoring",
        "what",
        "which",
        "when",
        "will",
        "here",
        "there",
        "than",
        "more",
        "letters",
        "letter",
        "cube",
        "cubes",
        "dice",
        "shortest",
        "longest",
        "share",
        "copy",
        "print",
        "join",
        "time",
        "results",
        "missed",
        "dictionary",
        "random",
        "size",
        "rows",
        "columns",
        "custom",
        "practice",
        "solver",
        "game",
        "games",
        "room",
        "rooms",
        "theme",
        "dark",
        "light",
        "skip",
        "content",
        "language",
        "round",
        "none",
        "each",
        "every",
    ]
)
#: Those that are also words of the language, or the name it uses for the thing.
SHARED = {
    "de": {"will", "time"},
    "fr": {"points", "content"},
    "es": set(),
    "it": {"dice", "round"},
    "nl": {"word", "letter", "letters", "time"},
}


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
    yield app
    app.extensions["boggle.rooms"].database.dispose()


def translated_english(code: str) -> set[str]:
    """The catalogue's English texts that have a translation unlike themselves."""
    texts: set[str] = set()
    for domain in ("messages", "js"):
        with (ROOT / "translations" / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for message in read_po(f, locale=code):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for english in ids:
                    if english and all(english != s for s in strings) and "%(" not in english:
                        texts.add(" ".join(english.split()))
    return texts


def read_texts(node: Node, texts: list[str]) -> None:
    """Every text of the interface under ``node``, as a reader meets it."""
    if node.tag in SKIPPED_TAGS or node.attrs.get("translate") == "no":
        return
    if node.tag == "nav" and node.attrs.get("class") == "language-nav":
        return
    for name in READ_ATTRIBUTES:
        if node.attrs.get(name):
            texts.append(node.attrs[name])
    if node.tag == "meta" and node.attrs.get("name") == "description":
        texts.append(node.attrs.get("content") or "")
    if node.tag == "input" and node.attrs.get("type") in {"submit", "button", "reset"}:
        texts.append(node.attrs.get("value") or "")
    for child in node.children:
        if isinstance(child, Node):
            read_texts(child, texts)
        elif child.strip():
            texts.append(child)


def leaks(html: str, code: str, catalogue: set[str]) -> list[str]:
    texts: list[str] = []
    read_texts(parse(html), texts)
    english_words = ENGLISH - SHARED[code]
    found = []
    for text in texts:
        text = " ".join(text.split())
        # Addresses are code, whatever the language: "/practice" is no English word.
        words = set(re.findall(r"[a-z]+", re.sub(r"/[\w./?=-]*", " ", text.lower())))
        if text in catalogue or words & english_words:
            found.append(text)
    return found


def pages(client: FlaskClient, clock: Clock) -> Iterator[tuple[str, str]]:
    """(what, HTML) of every page, in the client's language."""
    yield "solver", client.get("/").get_data(as_text=True)
    yield "solved", client.get("/", query_string={"board": BOARD}).get_data(as_text=True)
    yield "refused", client.get("/", query_string={"board": "ab7d"}).get_data(as_text=True)
    yield "practice", client.get("/practice").get_data(as_text=True)
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
    yield "round", client.get(f"/room/{code}").get_data(as_text=True)
    clock.now += 120  # past the round's end and its grace
    yield "results", client.get(f"/room/{code}").get_data(as_text=True)


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
