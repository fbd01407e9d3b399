"""Playing apart's pages without JavaScript (Flask's client): today's boards from the home
page, a day's board started, played with the plain forms and its results, a challenge
made, taken and compared, the player's page (name, history with its chart, transfer
link, deleting) and the privacy note; and what the pages refuse. On SQLite.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from apart_db import board_words
from flask import Flask
from flask.testing import FlaskClient
from html_tree import Node, parse
from rooms_db import Clock

DAY = "2027-01-15"
PAGE = f"/day/{DAY}/en/4x4"


@pytest.fixture
def room_database(tmp_path: Path, sqlite_template: Path) -> str:
    """A fresh SQLite database: the pages draw the API's answers, tested on both."""
    path = tmp_path / "rooms.sqlite3"
    shutil.copy(sqlite_template, path)
    return f"sqlite:///{path}"


def page(response: Any) -> Node:
    return parse(response.get_data(as_text=True))


def played(client: FlaskClient, words: list[str], address: str = PAGE) -> Node:
    """A day's board played through its forms: started, the words typed, stopped."""
    assert client.post(f"{address}/play").status_code == 303
    for word in words:
        sent = client.post(f"{address}/words", data={"word": word})
        assert sent.status_code == 303, sent.get_data(as_text=True)
    assert client.post(f"{address}/finish").status_code == 303
    return page(client.get(address))


def test_the_home_page_and_the_navigation_lead_to_todays_boards(apart_app: Flask) -> None:
    client = apart_app.test_client()
    home = page(client.get("/"))
    assert home.by_id("today-link").attrs["href"] == "/today"
    nav = home.find("nav", **{"class": "site-nav"})
    assert "/today" in [a.attrs["href"] for a in nav.find_all("a")]
    today = page(client.get("/today"))
    cards = today.find_all("li", **{"class": "apart-card"})
    assert [card.attrs["data-key"] for card in cards][:2] == [f"{DAY}/en/4x4", f"{DAY}/en/5x5"]
    assert len(cards) == 12
    assert cards[0].find("a").attrs["href"] == PAGE


def test_a_german_reader_sees_the_german_boards_first(apart_app: Flask) -> None:
    client = apart_app.test_client()
    client.set_cookie("lang", "de")
    cards = page(client.get("/today")).find_all("li", **{"class": "apart-card"})
    assert [card.attrs["data-key"] for card in cards][:2] == [f"{DAY}/de/4x4", f"{DAY}/de/5x5"]


def test_a_days_board_is_started_played_and_scored_without_script(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    client = apart_app.test_client()
    ready = page(client.get(PAGE))
    assert ready.by_id("start").text == "Start"
    assert ready.find_all("div", **{"class": "cube"}) == []  # no faces before starting
    assert client.post(f"{PAGE}/play").headers["Location"] == PAGE
    playing = page(client.get(PAGE))
    cubes = playing.by_id("play-board").find_all("div", role="cell")
    assert len(cubes) == 16 and all("data-row" in c.attrs and "data-col" in c.attrs for c in cubes)
    assert playing.by_id("timer").text == "3:00"
    sent = client.post(f"{PAGE}/words", data={"word": words[0]})
    assert sent.headers["Location"] == f"{PAGE}?said={words[0]}#word-form"
    said = page(client.get(sent.headers["Location"]))
    assert said.by_id("message").text.startswith(f"{words[0]}: accepted, +")
    entered = said.by_id("entered").find_all("span", **{"class": "attempt-word"})
    assert [span.text for span in entered] == [words[0]]
    clock.advance(30)
    client.post(f"{PAGE}/words", data={"word": "zzzz"})
    client.post(f"{PAGE}/finish")
    done = page(client.get(PAGE))
    assert done.by_id("result-title").text.startswith("You scored ")
    assert done.by_id("standing").text == "You are the first to finish this board."
    finders = done.find("ul", **{"class": "words apart-finders"}).find_all("li")
    assert [li.find("button").attrs["data-word"] for li in finders] == [words[0]]
    assert finders[0].find("span", **{"class": "apart-found-by"}).text == "found by 1 player"
    missed = done.by_id("missed-list").find_all("button")
    assert missed and all(b.attrs["data-path"] for b in missed)
    bars = done.find("svg", **{"class": "apart-chart"}).find_all("rect")
    assert [bar.attrs["class"] for bar in bars if "yours" in bar.attrs["class"]] == [
        "apart-bar yours"
    ]


def test_the_results_page_ranks_among_all_so_far(apart_app: Flask, clock: Clock) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    first, second = apart_app.test_client(), apart_app.test_client()
    played(first, words[:1])
    second.post("/me/name", data={"name": "Bob"})
    done = played(second, words[:3])
    assert done.by_id("standing").text == "Rank 1 of 2 players, percentile 100."
    again = page(first.get(PAGE))
    assert again.by_id("standing").text == "Rank 2 of 2 players, percentile 0."
    rows = again.by_id("top").find_all("tr")
    assert [[cell.text for cell in row.children if not isinstance(cell, str)] for row in rows] == [
        ["1", "Bob", done.by_id("result-title").text.split()[2]]
    ]


def test_a_second_play_is_refused_on_the_page_too(apart_app: Flask) -> None:
    client = apart_app.test_client()
    played(client, [])
    again = client.post(f"{PAGE}/play")
    assert again.status_code == 409
    assert page(again).by_id("page-error").text == (
        "you have played this board already; each board is played once"
    )


def test_a_challenge_is_made_taken_and_compared_without_script(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    ann, bob = apart_app.test_client(), apart_app.test_client()
    ann.post("/me/name", data={"name": "Ann"})
    played(ann, words[:2])
    made = ann.post(f"{PAGE}/challenge")
    link = made.headers["Location"]
    assert link.startswith("/challenge/")
    own = page(ann.get(link))
    assert own.by_id("challenge-title").text == "Your challenge"
    assert own.by_id("share-url").attrs["value"] == f"http://localhost{link}"
    assert own.find("img", **{"class": "room-qr"}).attrs["src"] == f"/challenges{link[10:]}/qr"
    invite = page(bob.get(link))
    assert invite.by_id("challenge-title").text == "Ann's challenge"
    assert invite.by_id("invite-title").text.startswith("Ann scored ")
    assert invite.find_all("div", role="cell") == []
    assert bob.post(f"{link}/play").status_code == 303
    assert page(bob.get(link)).by_id("timer").text == "3:00"
    bob.post(f"{link}/words", data={"word": words[1]})
    bob.post(f"{link}/words", data={"word": words[4]})
    bob.post(f"{link}/finish")
    seen = page(bob.get(link))
    columns = seen.by_id("columns").find_all("section")
    assert {c.find("span", **{"class": "player-name"}).text for c in columns} == {"Ann", "Player 2"}
    crossed = [
        li.find("button").attrs["data-word"]
        for li in seen.find_all("li", **{"class": "room-word verdict-duplicate shared"})
    ]
    assert crossed == [words[1], words[1]]
    back = page(ann.get(link))
    assert {row.attrs["data-number"] for row in back.by_id("ranking").find_all("tr")} == {"1", "2"}
    assert back.by_id("columns").find_all("section")


def test_the_players_page_names_lists_charts_carries_and_deletes(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    client = apart_app.test_client()
    empty = page(client.get("/me"))
    assert empty.find_all("form", id="delete-form") == []  # nothing to delete yet
    played(client, words[:2])
    me = page(client.get("/me"))
    assert me.by_id("streak").text.startswith("1 day in a row")
    rows = me.by_id("history").find_all("tr")
    assert len(rows) == 1 and rows[0].find("a").attrs["href"] == PAGE
    assert len(me.find("svg", **{"class": "apart-chart apart-history"}).find_all("rect")) == 1
    too_long = client.post("/me/name", data={"name": "x" * 30})
    assert too_long.status_code == 400
    assert page(too_long).by_id("name-error").text == "the name is 30 characters; the limit is 24"
    assert client.post("/me/name", data={"name": "Ann"}).headers["Location"] == "/me?done=name"
    assert page(client.get("/me")).by_id("name").attrs["value"] == "Ann"
    carried = page(client.post("/me/transfer"))
    link = carried.by_id("share-url").attrs["value"]
    code = link.rsplit("/", 1)[1]
    other = apart_app.test_client()
    assert page(other.get(f"/transfer/{code}")).by_id("use-transfer").text == "Play as me here"
    used = other.post(f"/transfer/{code}")
    assert used.headers["Location"] == "/me?done=moved"
    assert page(other.get("/me")).by_id("name").attrs["value"] == "Ann"
    assert other.post(f"/transfer/{code}").status_code == 404
    unconfirmed = client.post("/me/delete")
    assert unconfirmed.status_code == 400
    assert page(unconfirmed).by_id("confirm-error").text.startswith("tick the box")
    deleted = client.post("/me/delete", data={"confirm": "yes"})
    assert deleted.headers["Location"] == "/me?done=deleted"
    assert "boggle_player=;" in deleted.headers["Set-Cookie"]
    assert page(other.get("/me")).find_all("tbody", id="history") == []


def test_the_privacy_page_says_what_is_kept_and_for_how_long(make_apart_app) -> None:
    app = make_apart_app(PLAY_WORDS_DAYS=14, PLAY_DAYS=90)
    text = page(app.test_client().get("/privacy")).find("main").text
    for said in (
        "There are no accounts.",
        "kept for 400 days",
        "deleted after 14 days, the plays after 90 days",
        "a hash of the address",
    ):
        assert said in " ".join(text.split()), said


def test_a_form_posted_from_another_site_is_refused(apart_app: Flask) -> None:
    client = apart_app.test_client()
    for address in (f"{PAGE}/play", "/me/name", "/me/delete"):
        answer = client.post(address, headers={"Origin": "https://evil.example"})
        assert answer.status_code == 403, address


def test_the_practice_page_offers_a_challenge_after_a_round(apart_app: Flask) -> None:
    button = page(apart_app.test_client().get("/practice")).by_id("challenge")
    assert (button.text, "hidden" in button.attrs) == ("Challenge a friend", True)
