"""The rooms' pages without JavaScript (Flask's client): making a room by its form,
joining by the link, the lobby, a round played with the plain forms, the results, and
what the pages refuse. The rooms run on a database of each test's own (SQLite, migrated
as `make db-upgrade` does), with a clock the test moves and a fixed seed.

Words played are chosen from /solve's answer for the board the page shows (the solver
is not what is tested here); what the pages must say is worked out from the rules.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import replace
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


@pytest.fixture
def room_app(
    tmp_path: Path, sqlite_template: Path, cache_dir: Path, catalog: Catalog, clock: Clock
) -> Iterator[Flask]:
    """The app on a fresh, migrated SQLite database (tests/rooms_db.py's), its rooms on
    the test's clock and rolling from a fixed seed."""
    path = tmp_path / "rooms.sqlite3"
    shutil.copy(sqlite_template, path)
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{path}"},
        catalog=catalog,
    )
    rooms = app.extensions["boggle.rooms"]
    rooms.clock = clock
    rooms.seeds = lambda: SEED
    rooms.limits = replace(rooms.limits, countdown=0.0)  # see rooms_db.make_rooms_app
    yield app
    rooms.database.dispose()


def page(response: Any) -> Node:
    return parse(response.get_data(as_text=True))


def shown(doc: Node, id_: str) -> bool:
    return "hidden" not in doc.by_id(id_).attrs


def make_room(client: FlaskClient, name: str = "Ann", **settings: str) -> str:
    """Make a room with the form, as a browser without script does; its code."""
    response = client.post("/room", data={"name": name, **settings})
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/room/")
    return response.headers["Location"].removeprefix("/room/")


def join(client: FlaskClient, code: str, name: str) -> None:
    response = client.post(f"/room/{code}/join", data={"name": name})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/room/{code}"


def by_class(doc: Node, name: str) -> list[Node]:
    """The elements with this class among theirs."""
    return [node for node in doc.iter() if name in (node.attrs.get("class") or "").split()]


def the(doc: Node, name: str) -> Node:
    """The one element with this class."""
    (found,) = by_class(doc, name)
    return found


def cells(row: Node) -> list[str]:
    return [child.text for child in row.children if isinstance(child, Node)]


def solved(client: FlaskClient, board: str) -> dict[str, Any]:
    return client.get(f"/solve?{urlencode({'board': board, 'min_length': 3})}").get_json()


# --- Making a room ----------------------------------------------------------------------


def test_the_form_offers_each_dice_set_with_its_own_rule_and_time(room_app: Flask) -> None:
    doc = page(room_app.test_client().get("/room"))
    dice = {o.attrs["value"]: o for o in doc.by_id("dice").find_all("option")}
    english = ["classic", "new", "big", "deluxe", "superbig"]
    others = [f"{code}{size}" for code in ("de", "fr", "es", "it", "nl") for size in ("", "-big")]
    assert list(dice) == english + others
    # A group per language, each dice set marked with its language and size.
    groups = doc.by_id("dice").find_all("optgroup")
    assert [g.attrs["label"] for g in groups] == [
        "English",
        "German",
        "French",
        "Spanish",
        "Italian",
        "Dutch",
    ]
    assert (dice["de-big"].attrs["data-language"], dice["de-big"].attrs["data-size"]) == (
        "de",
        "5x5",
    )
    assert "selected" in dice["classic"].attrs
    # Super Big Boggle's rules: words of 4 letters, rounds of 4 minutes.
    assert dice["superbig"].attrs["data-min-length"] == "4"
    assert dice["superbig"].attrs["data-seconds"] == "240"
    assert dice["classic"].attrs["data-seconds"] == "180"
    assert doc.by_id("min_length").find_all("option")[0].text == "The dice's rule (3 letters)"
    assert doc.by_id("seconds").find_all("option")[0].text == "The dice's time (3 minutes)"
    assert doc.by_id("dictionary").find("option", selected=True).attrs["value"] == "standard"
    # The header links to the page.
    link = doc.find("a", href="/room")
    assert link.text == "Play together" and link.attrs["aria-current"] == "page"


def test_a_reader_of_another_language_starts_with_its_list_and_dice(room_app: Flask) -> None:
    client = room_app.test_client()
    doc = page(client.get("/room", headers={"Accept-Language": "de"}))
    assert doc.by_id("dictionary").find("option", selected=True).attrs["value"] == "de"
    assert doc.by_id("dice").find("option", selected=True).attrs["value"] == "de"
    # A German room, made by the form, plays German dice with the German list.
    code = make_room(client, dice="de", dictionary="de")
    settings = client.get(f"/rooms/{code}").get_json()["settings"]
    assert (settings["dice"], settings["dictionary"]) == ("de", "de")
    lobby = page(client.get(f"/room/{code}", headers={"Accept-Language": "de"}))
    assert "Boggle 4x4, Deutsch" in lobby.text
    # What the address asks for wins over the reader's language.
    doc = page(client.get("/room?dice=big", headers={"Accept-Language": "de"}))
    assert doc.by_id("dice").find("option", selected=True).attrs["value"] == "big"


def test_an_address_can_offer_a_round_as_short_as_ten_seconds(room_app: Flask) -> None:
    doc = page(room_app.test_client().get("/room?seconds=10"))
    chosen = doc.by_id("seconds").find("option", selected=True)
    assert (chosen.attrs["value"], chosen.text) == ("10", "10 seconds")
    # One past the shortest round the API takes is not offered.
    doc = page(room_app.test_client().get("/room?seconds=9"))
    assert doc.by_id("seconds").find_all("option", selected=True) == []


def test_the_form_makes_the_room_and_seats_its_host_in_a_cookie(room_app: Flask) -> None:
    client = room_app.test_client()
    response = client.post("/room", data={"name": "Ann", "dice": "big", "seconds": "60"})
    assert response.status_code == 303
    code = response.headers["Location"].removeprefix("/room/")
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"boggle_room_{code}=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie

    doc = page(client.get(f"/room/{code}"))
    assert shown(doc, "lobby") and not shown(doc, "join") and not shown(doc, "play")
    assert doc.by_id("room-url").attrs["value"] == f"http://localhost/room/{code}"
    assert doc.by_id("room-qr").attrs["src"] == f"/rooms/{code}/qr"
    assert [li.text for li in doc.by_id("players").find_all("li")] == ["Ann host you"]
    assert "hidden" not in the(doc, "room-start").attrs
    assert the(doc, "room-settings").text == (
        "Big Boggle (1979), 5 \u00d7 5; words of 3 letters or more from the standard "
        "dictionary; rounds of 1 minute."
    )
    # The API says the same of the room.
    room = client.get(f"/rooms/{code}").get_json()
    assert room["settings"]["seconds"] == 60 and room["you"] == 1


def test_a_bad_name_is_said_beside_its_field_and_the_form_is_kept(room_app: Flask) -> None:
    client = room_app.test_client()
    response = client.post("/room", data={"name": "x" * 25, "dice": "new", "min_length": "4"})
    assert response.status_code == 400
    doc = page(response)
    assert doc.by_id("name-error").text == "The name is 25 characters; the limit is 24".replace(
        "The", "the"
    )
    assert doc.by_id("name").attrs["aria-invalid"] == "true"
    assert doc.by_id("dice").find("option", selected=True).attrs["value"] == "new"
    assert doc.by_id("min_length").find("option", selected=True).attrs["value"] == "4"


def test_a_form_posted_from_another_site_is_refused(room_app: Flask) -> None:
    client = room_app.test_client()
    for headers in ({"Origin": "https://elsewhere.example"}, {"Sec-Fetch-Site": "cross-site"}):
        response = client.post("/room", data={"name": "Ann"}, headers=headers)
        assert response.status_code == 403
        assert "Set-Cookie" not in response.headers
    # The site's own form, as a browser sends it, is taken.
    response = client.post("/room", data={"name": "Ann"}, headers={"Origin": "http://localhost"})
    assert response.status_code == 303


# --- Joining, and a round played by forms ------------------------------------------------


def test_a_browser_without_a_seat_gets_the_join_form_then_the_lobby(room_app: Flask) -> None:
    host, guest = room_app.test_client(), room_app.test_client()
    code = make_room(host)
    doc = page(guest.get(f"/room/{code}"))
    assert shown(doc, "join") and not shown(doc, "lobby")
    assert doc.by_id("join-form").attrs["action"] == f"/room/{code}/join"
    # A name taken already is said beside the field, and the form keeps what was typed.
    response = guest.post(f"/room/{code}/join", data={"name": "ann"})
    assert response.status_code == 409
    doc = page(response)
    assert shown(doc, "join") and doc.by_id("name").attrs["value"] == "ann"
    assert "is called 'ann' already" in doc.by_id("name-error").text
    join(guest, code, "Bob")
    join(guest, code, "Bob again")  # a browser with a seat keeps it, and no other
    doc = page(guest.get(f"/room/{code}"))
    assert shown(doc, "lobby")
    assert [li.text for li in doc.by_id("players").find_all("li")] == ["Ann host", "Bob you"]
    assert "hidden" in the(doc, "room-start").attrs  # only the host starts
    assert shown(doc, "waiting-host")


def test_a_round_is_played_with_forms_and_each_player_sees_only_their_words(
    room_app: Flask, clock: Clock
) -> None:
    host, guest = room_app.test_client(), room_app.test_client()
    code = make_room(host, seconds="60")
    join(guest, code, "Bob")
    assert guest.post(f"/room/{code}/rounds").status_code == 403  # not the host
    assert host.post(f"/room/{code}/rounds").status_code == 303
    doc = page(host.get(f"/room/{code}"))
    assert shown(doc, "play") and not shown(doc, "lobby")
    assert doc.by_id("timer").text == "1:00"
    cubes = doc.by_id("play-board").find_all("div", **{"data-row": True})
    assert len(cubes) == 16
    board = host.get(f"/rooms/{code}").get_json()["round"]["board"]
    assert [c.text for c in cubes] == [face for row in board for face in row]
    words = solved(host, " / ".join(" ".join(row) for row in board))["words"]
    mine = words[0]

    clock.now += 12.5
    response = host.post(f"/room/{code}/rounds/1/words", data={"word": mine["word"].upper()})
    assert response.status_code == 303
    doc = page(host.get(response.headers["Location"]))
    points = f"{mine['score']} point{'s' if mine['score'] != 1 else ''}"
    assert doc.by_id("message").text == f"{mine['word']}: accepted, +{points}"
    assert doc.by_id("timer").text == "0:48"  # 47.5 s left, rounded up
    assert [li.text for li in doc.by_id("entered").find_all("li")] == [
        f"{mine['word']} +{mine['score']}"
    ]
    assert doc.by_id("tally").text == f"{mine['score']} {points.split()[1]} · 1 word"
    # Bob's page shows the board, not Ann's word.
    guest_page = guest.get(f"/room/{code}").get_data(as_text=True)
    assert mine["word"] not in guest_page.lower().replace(f"/room/{code.lower()}", "")
    assert shown(parse(guest_page), "no-words")


def test_after_the_round_the_results_cross_off_a_shared_word_for_both(
    room_app: Flask, clock: Clock
) -> None:
    host, guest = room_app.test_client(), room_app.test_client()
    code = make_room(host, seconds="30")
    join(guest, code, "Bob")
    host.post(f"/room/{code}/rounds")
    board = host.get(f"/rooms/{code}").get_json()["round"]["board"]
    words = solved(host, " / ".join(" ".join(row) for row in board))["words"]
    shared, own = words[0], words[1]
    for client, word in ((host, shared), (host, own), (guest, shared)):
        clock.now += 1
        client.post(f"/room/{code}/rounds/1/words", data={"word": word["word"]})
    clock.now = START + 30 + 2.5  # past the end and its grace
    for client in (host, guest):
        doc = page(client.get(f"/room/{code}"))
        assert shown(doc, "finished") and not shown(doc, "play")
        columns = {
            section.attrs["data-player"]: section for section in by_class(doc, "room-column")
        }
        assert list(columns) == ["Ann", "Bob"]  # as ranked
        assert [the(c, "room-rank").text for c in columns.values()] == ["Rank 1 winner", "Rank 2"]
        items = {
            (name, the(li, "room-word-text").text): li
            for name, column in columns.items()
            for li in column.find_all("li")
        }
        for name in ("Ann", "Bob"):
            item = items[name, shared["word"]]
            assert "shared" in item.attrs["class"].split()
            assert "crossed off" in item.text
        item = items["Ann", own["word"]]
        assert "shared" not in item.attrs["class"].split()
        assert item.find("button").attrs["data-path"] == " ".join(
            f"{r},{c}" for r, c in own["path"]
        )
        # This round's points and the room's, most first.
        assert [cells(row) for row in doc.by_id("totals").find_all("tr")] == [
            ["Ann", str(own["score"]), str(own["score"])],
            ["Bob", "0", "0"],
        ]
        missed = doc.by_id("missed-list").find_all("button")
        assert len(missed) == min(30, len(words) - 2)
        assert int(missed[0].attrs["data-score"]) == max(w["score"] for w in words[2:])
        assert ("hidden" in the(doc, "room-next").attrs) == (client is guest)


def test_the_room_totals_add_up_its_rounds_and_next_round_starts_the_next(
    room_app: Flask, clock: Clock
) -> None:
    host, guest = room_app.test_client(), room_app.test_client()
    code = make_room(host, seconds="10")
    join(guest, code, "Bob")
    points = []
    for number in (1, 2):
        assert host.post(f"/room/{code}/rounds").status_code == 303
        board = host.get(f"/rooms/{code}").get_json()["round"]["board"]
        best = solved(host, " / ".join(" ".join(row) for row in board))["words"][0]
        host.post(f"/room/{code}/rounds/{number}/words", data={"word": best["word"]})
        points.append(best["score"])
        clock.now += 10 + 2.5  # the round and its grace
    doc = page(guest.get(f"/room/{code}"))
    assert doc.by_id("totals-title").text == "The room after 2 rounds"
    assert [cells(row) for row in doc.by_id("totals").find_all("tr")] == [
        ["Ann", str(points[1]), str(sum(points))],
        ["Bob", "0", "0"],
    ]
    assert "winner" in doc.by_id("totals").find_all("tr")[0].attrs["class"]


def test_a_word_after_the_end_is_refused_and_the_page_says_so(
    room_app: Flask, clock: Clock
) -> None:
    host = room_app.test_client()
    code = make_room(host, seconds="10")
    host.post(f"/room/{code}/rounds")
    clock.now = START + 10 + 2.5
    response = host.post(f"/room/{code}/rounds/1/words", data={"word": "tea"})
    assert response.status_code == 409
    doc = page(response)
    assert shown(doc, "room-error") and "is over" in doc.by_id("room-error").text
    assert shown(doc, "finished")


# --- What the pages refuse, and the QR code ---------------------------------------------


def test_an_unknown_room_is_a_404_page(room_app: Flask) -> None:
    response = room_app.test_client().get("/room/ZZZZZZZZZZ")
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "there is no room 'ZZZZZZZZZZ'" in page(response).text


def test_the_qr_code_is_an_svg_of_the_rooms_link(room_app: Flask) -> None:
    client = room_app.test_client()
    code = make_room(client)
    qr = page(client.get(f"/room/{code}")).by_id("room-qr").attrs["src"]
    response = client.get(qr)
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert f"<title>QR code: http://localhost/room/{code}</title>" in response.get_data(
        as_text=True
    )


# --- Bad input: a 4xx page that says what, never a 500 ------------------------------------

HOSTILE_WORDS = ["", " ", "\x00", "a" * 5000, "\ufeff", "<script>", "é" * 70, "qu!?"]


def test_bad_input_to_every_form_is_a_4xx_page_never_a_500(room_app: Flask) -> None:
    host, guest = room_app.test_client(), room_app.test_client()
    code = make_room(host)
    answers = []
    for value in HOSTILE_WORDS:
        for field in ("name", "dice", "min_length", "dictionary", "seconds"):
            answers.append(host.post("/room", data={"name": "Cy", field: value}))
        answers.append(guest.post(f"/room/{code}/join", data={"name": value}))
        answers.append(host.post(f"/room/{code}/rounds/1/words", data={"word": value}))
        answers.append(host.get(f"/room/{code}", query_string={"said": value}))
        answers.append(guest.get("/room/join", query_string={"code": value}))
        answers.append(host.post(f"/room/{code}/lock", data={"locked": value}))
    answers += [
        host.post("/room", json={"name": 5}),
        host.post("/room", json=["Ann"]),
        host.post("/room", data=b"\xff\xfe", content_type="application/x-www-form-urlencoded"),
        host.post("/room", data={"name": "Cy", "rows": "99999"}),
        host.post(f"/room/{code}/rounds/0/words", data={"word": "sea"}),
        host.post(f"/room/{code}/rounds/99999999999/words", data={"word": "sea"}),
        host.post(f"/room/{code}/rounds/7/words", data={"word": "sea"}),
        host.post(f"/room/{code}/players/1/remove"),
        host.post(f"/room/{code}/players/99999999999/remove"),
        guest.post(f"/room/{code}/players/1/remove"),
        host.get(f"/room/{code}", headers={"Authorization": "Basic QW5uOnB3"}),
        host.get(f"/room/{'Z' * 5000}"),
        host.get(f"/room/{code}", headers={"Cookie": f"boggle_room_{code}=\x7f"}),
    ]
    statuses = [answer.status_code for answer in answers]
    assert all(status < 500 for status in statuses), statuses
    for answer in answers:
        if answer.status_code >= 400:
            assert answer.mimetype == "text/html"
            assert "<script>" not in answer.get_data(as_text=True)
    # A guest called "<script>" joined: their name is text on every page.
    html = host.get(f"/room/{code}").get_data(as_text=True)
    assert '<li data-player="2">&lt;script&gt;' in html
    # A page that sends a Basic password of its site's own still sees its seat.
    doc = page(host.get(f"/room/{code}", headers={"Authorization": "Basic QW5uOnB3"}))
    assert shown(doc, "lobby")
