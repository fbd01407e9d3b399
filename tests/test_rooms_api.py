"""The rooms' JSON API (web/rooms/api.py), on SQLite and PostgreSQL: each route's answer,
each error code, the cookie, ETag and 304, and the rule that nothing sent before a
round's end shows its words.

The board is rolled with seed 0 from the classic dice (the tests hand the rooms their
seeds), which is

    F L A T
    N O P U
    H F D S
    A S L N

and the words and paths below are traced on it by hand.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from reference import reference_words
from rooms_db import Clock

from boggle.board import Board
from boggle.catalog import SHIPPED_DIR

BOARD = [["F", "L", "A", "T"], ["N", "O", "P", "U"], ["H", "F", "D", "S"], ["A", "S", "L", "N"]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def app(rooms_app: Flask) -> Flask:
    """The app on the test's database; every round rolls seed 0."""
    rooms_app.extensions["boggle.rooms"].seeds = lambda: 0
    return rooms_app


def create(app: Flask, name: str = "Ann", **settings: Any) -> tuple[FlaskClient, dict]:
    """A browser that creates a room: its client (holding the cookie) and the answer."""
    client = app.test_client()
    response = client.post("/rooms", json={"name": name, "seconds": 60, **settings})
    assert response.status_code == 201, response.json
    return client, response.json


def join(app: Flask, code: str, name: str) -> tuple[FlaskClient, dict]:
    """A browser that joins the room: its client and the answer."""
    client = app.test_client()
    response = client.post(f"/rooms/{code}/players", json={"name": name})
    assert response.status_code == 201, response.json
    return client, response.json


# --- Creating and joining ---------------------------------------------------------------


def test_creating_a_room_seats_its_host_with_a_token_and_a_cookie(app: Flask) -> None:
    client = app.test_client()
    response = client.post("/rooms", json={"name": "Ann"})
    document = response.json
    code = document["room"]
    assert response.status_code == 201
    assert re.fullmatch(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}", code)  # short enough to say
    assert document["url"] == f"http://localhost/room/{code}"
    assert document["player"] == {"id": 1, "name": "Ann", "host": True}
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", document["token"])  # 256 bits, base64url
    # The classic dice's defaults: 4x4, words of 3 letters, three minutes.
    assert document["settings"] == {
        "dice": "classic",
        "rows": 4,
        "cols": 4,
        "min_length": 3,
        "dictionary": "standard",
        "seconds": 180,
    }
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"boggle_room_{code}={document['token']};")
    assert {"HttpOnly", "Path=/", "SameSite=Lax"} <= {part.strip() for part in cookie.split(";")}


def test_a_room_takes_the_settings_it_is_given(app: Flask) -> None:
    _, document = create(app, dice="superbig", dictionary="Large", min_length=5, seconds=10)
    assert document["settings"] == {
        "dice": "superbig",
        "rows": 6,
        "cols": 6,
        "min_length": 5,
        "dictionary": "large",
        "seconds": 10,
    }


def test_a_super_big_board_plays_four_letter_words_for_four_minutes(app: Flask) -> None:
    _, document = create(app, dice="superbig", seconds=None)
    assert document["settings"]["min_length"] == 4
    assert document["settings"]["seconds"] == 240


def test_a_german_dictionary_rolls_german_dice(app: Flask) -> None:
    _, document = create(app, dictionary="de")
    assert (document["settings"]["dice"], document["settings"]["dictionary"]) == ("de", "de")


def test_a_token_is_stored_only_as_its_hash(app: Flask) -> None:
    _, document = create(app)
    rooms = app.extensions["boggle.rooms"]
    with rooms.database.engine.connect() as connection:
        stored = [
            str(value)
            for row in connection.exec_driver_sql("SELECT * FROM players").all()
            for value in row
        ]
    assert document["token"] not in stored
    assert hashlib.sha256(document["token"].encode()).hexdigest() in stored


def test_joining_seats_the_next_player(app: Flask) -> None:
    _, created = create(app)
    client, joined = join(app, created["room"].lower(), "Bob")
    assert joined["room"] == created["room"]
    assert joined["player"] == {"id": 2, "name": "Bob", "host": False}
    assert joined["token"] != created["token"]
    room = client.get(f"/rooms/{created['room']}").json
    assert room["you"] == 2
    assert [p["name"] for p in room["players"]] == ["Ann", "Bob"]


def test_a_browser_with_a_seat_gets_it_back_when_it_joins_again(app: Flask) -> None:
    _, created = create(app)
    client, joined = join(app, created["room"], "Bob")
    again = client.post(f"/rooms/{created['room']}/players", json={"name": "Robert"})
    assert again.status_code == 200
    assert again.json["player"] == {"id": 2, "name": "Bob", "host": False}
    assert again.json["token"] == joined["token"]
    room = client.get(f"/rooms/{created['room']}").json
    assert len(room["players"]) == 2


def test_a_name_can_be_taken_once_per_room_in_any_case(app: Flask) -> None:
    _, created = create(app)
    response = app.test_client().post(f"/rooms/{created['room']}/players", json={"name": "ANN"})
    assert response.status_code == 409
    assert response.json["error"]["code"] == "name_taken"


def test_a_room_seats_at_most_its_limit(make_rooms_app: Callable[..., Flask]) -> None:
    app = make_rooms_app(ROOM_MAX_PLAYERS=3)
    _, created = create(app)
    join(app, created["room"], "Bob")
    join(app, created["room"], "Cy")
    response = app.test_client().post(f"/rooms/{created['room']}/players", json={"name": "Di"})
    assert response.status_code == 409
    assert response.json["error"] == {
        "code": "room_full",
        "message": f"room {created['room']} has 3 players, the most a room seats",
    }


def test_names_are_trimmed_and_bounded(app: Flask) -> None:
    _, created = create(app, name="  Ann  ")
    assert created["player"]["name"] == "Ann"
    code = created["room"]

    def named(name: str) -> Any:
        return app.test_client().post(f"/rooms/{code}/players", json={"name": name})

    assert named("x" * 24).status_code == 201
    long = named("y" * 25)
    assert (long.status_code, long.json["error"]["code"]) == (400, "bad_name")
    assert long.json["error"]["message"] == "the name is 25 characters; the limit is 24"
    tab = named("a\tb")
    assert (tab.status_code, tab.json["error"]["code"]) == (400, "bad_name")


def test_a_name_with_markup_comes_back_as_text(app: Flask) -> None:
    _, created = create(app, name="<b>Ann</b>")
    response = app.test_client().get(f"/rooms/{created['room']}")
    assert response.mimetype == "application/json"
    assert response.json["players"][0]["name"] == "<b>Ann</b>"
    # As JSON that no browser may take for a page: the name is data, never markup.
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_rooms_created_per_client_are_limited_per_hour(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_CREATIONS_PER_HOUR=2)
    client = app.test_client()
    assert client.post("/rooms", json={"name": "Ann"}).status_code == 201
    clock.advance(600)
    assert client.post("/rooms", json={"name": "Ann"}).status_code == 201
    refused = client.post("/rooms", json={"name": "Ann"})
    assert refused.status_code == 429
    assert refused.json["error"]["code"] == "too_many_rooms"
    # The first creation leaves the hour 3,000 s from now.
    assert refused.headers["Retry-After"] == "3000"
    other = app.test_client().post(
        "/rooms", json={"name": "Bob"}, environ_base={"REMOTE_ADDR": "192.0.2.7"}
    )
    assert other.status_code == 201
    clock.advance(3000)
    assert client.post("/rooms", json={"name": "Ann"}).status_code == 201


def test_behind_nginx_the_client_is_the_last_forwarded_address(
    make_rooms_app: Callable[..., Flask],
) -> None:
    # gunicorn on a Unix socket (the production recipe) sees no peer address; nginx
    # appends the one it saw to X-Forwarded-For, after whatever the client sent.
    app = make_rooms_app(ROOM_CREATIONS_PER_HOUR=1)

    def create_from(forwarded: str) -> int:
        return (
            app.test_client()
            .post(
                "/rooms",
                json={"name": "Ann"},
                headers={"X-Forwarded-For": forwarded},
                environ_base={"REMOTE_ADDR": ""},
            )
            .status_code
        )

    assert create_from("203.0.113.9") == 201
    assert create_from("198.51.100.1, 203.0.113.9") == 429  # a forged first entry
    assert create_from("203.0.113.10") == 201


# --- The room's document, ETag and 304 ----------------------------------------------------


def test_the_room_before_its_first_round(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    response = client.get(f"/rooms/{created['room']}")
    assert response.status_code == 200
    assert response.json == {
        "room": created["room"],
        "url": created["url"],
        "settings": created["settings"],
        "players": [{"id": 1, "name": "Ann", "host": True, "total_score": 0, "total": 0}],
        "you": 1,
        "removed": False,
        "locked": False,
        "handoff": None,
        "round": {
            "number": 0,
            "state": "waiting",
            "board": None,
            "started_at": None,
            "ends_at": None,
            "closes_at": None,
        },
        "now": clock.now,
    }


def test_a_room_read_without_a_seat_says_you_are_nobody(app: Flask) -> None:
    _, created = create(app)
    assert app.test_client().get(f"/rooms/{created['room']}").json["you"] is None


def test_the_etag_changes_with_the_room_and_not_with_the_time(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    address = f"/rooms/{created['room']}"
    first = client.get(address)
    tag = first.headers["ETag"]
    clock.advance(5)
    again = client.get(address, headers={"If-None-Match": tag})
    assert (again.status_code, again.data, again.headers["ETag"]) == (304, b"", tag)
    weak = client.get(address, headers={"If-None-Match": f"W/{tag}"})
    assert weak.status_code == 304
    other = client.get(address, headers={"If-None-Match": '"0123456789abcdef"'})
    assert other.status_code == 200
    join(app, created["room"], "Bob")
    changed = client.get(address, headers={"If-None-Match": tag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != tag
    assert changed.json["now"] == clock.now
    assert "private" in changed.headers["Cache-Control"]


def test_an_unknown_room_is_a_404(app: Flask) -> None:
    client = app.test_client()
    for response in (
        client.get("/rooms/ABCDEFGHJK"),
        client.get("/rooms/abc"),
        client.post("/rooms/ABCDEFGHJK/players", json={"name": "Ann"}),
    ):
        assert response.status_code == 404
        assert response.json["error"]["code"] == "unknown_room"


# --- Rounds ---------------------------------------------------------------------------


def start(client: FlaskClient, code: str, **headers: str) -> Any:
    return client.post(f"/rooms/{code}/rounds", json={}, headers=headers)


def test_the_etag_follows_every_change_of_a_round_and_a_current_copy_costs_no_document(
    app: Flask, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, created = create(app)
    code, address = created["room"], f"/rooms/{created['room']}"
    seen: list[str] = []

    def changed() -> dict:
        """The room after a change: a new tag, and the document of the new state."""
        response = client.get(address, headers={"If-None-Match": seen[-1]} if seen else {})
        assert response.status_code == 200
        assert response.headers["ETag"] not in seen
        seen.append(response.headers["ETag"])
        return response.json

    assert changed()["round"]["state"] == "waiting"
    start(client, code)
    assert changed()["round"]["state"] == "playing"
    send(client, code, "flat")  # a word changes nothing anyone else may see
    clock.advance(59)
    # A current copy: answered 304 from the room's version alone, the document unbuilt.
    rooms = app.extensions["boggle.rooms"]
    with monkeypatch.context() as patched:
        patched.setattr(rooms, "state", lambda *args: pytest.fail("the document was built"))
        current = client.get(address, headers={"If-None-Match": seen[-1]})
    assert (current.status_code, current.headers["ETag"]) == (304, seen[-1])
    clock.advance(2)  # past the end and its grace: closed, and the scores get stored
    finished = changed()
    assert finished["round"]["state"] == "finished"
    assert finished["players"][0]["total"] > 0
    # The scores stored by that read make the totals current: one more full answer.
    assert changed()["players"] == finished["players"]
    assert client.get(address, headers={"If-None-Match": seen[-1]}).status_code == 304
    join(app, code, "Bob")
    assert [p["name"] for p in changed()["players"]] == ["Ann", "Bob"]
    start(client, code)
    assert changed()["round"]["number"] == 2


def test_the_host_starts_a_round_on_a_board_of_the_rooms_dice(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    response = start(client, created["room"])
    assert response.status_code == 201
    assert response.json["round"] == {
        "number": 1,
        "state": "playing",
        "board": BOARD,
        "started_at": clock.now,
        "ends_at": clock.now + 60,
        "closes_at": clock.now + 60.5,
    }
    again = start(client, created["room"])
    assert (again.status_code, again.json["error"]["code"]) == (409, "round_in_progress")


def test_only_the_host_starts_a_round(app: Flask) -> None:
    _, created = create(app)
    guest, _ = join(app, created["room"], "Bob")
    response = start(guest, created["room"])
    assert (response.status_code, response.json["error"]["code"]) == (403, "not_host")


def test_starting_a_round_needs_a_seat(app: Flask) -> None:
    _, created = create(app)
    response = start(app.test_client(), created["room"])
    assert (response.status_code, response.json["error"]["code"]) == (401, "unauthorized")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    wrong = start(app.test_client(), created["room"], Authorization="Bearer not-a-token")
    assert (wrong.status_code, wrong.json["error"]["code"]) == (401, "unauthorized")


def test_a_bearer_token_works_without_the_cookie(app: Flask) -> None:
    _, created = create(app)
    response = start(app.test_client(), created["room"], **bearer(created["token"]))
    assert response.status_code == 201
    assert response.json["you"] == 1


def test_a_body_naming_another_player_is_refused(app: Flask) -> None:
    host, created = create(app)
    code = created["room"]
    join(app, code, "Bob")
    response = host.post(f"/rooms/{code}/rounds", json={"player": 2})
    assert (response.status_code, response.json["error"]["code"]) == (403, "not_your_seat")
    assert host.post(f"/rooms/{code}/rounds", json={"player": 1}).status_code == 201
    word = host.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat", "player": 2})
    assert (word.status_code, word.json["error"]["code"]) == (403, "not_your_seat")


def test_room_posts_take_json_only(app: Flask) -> None:
    client, created = create(app)
    form = client.post(f"/rooms/{created['room']}/rounds", data={"player": "1"})
    assert (form.status_code, form.json["error"]["code"]) == (415, "unsupported_media_type")
    new = app.test_client().post("/rooms", data={"name": "Ann"})
    assert (new.status_code, new.json["error"]["code"]) == (415, "unsupported_media_type")


# --- Words ------------------------------------------------------------------------------


def send(client: FlaskClient, code: str, word: str, number: int = 1) -> Any:
    return client.post(f"/rooms/{code}/rounds/{number}/words", json={"word": word})


def test_words_get_their_verdicts_and_paths(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    code = created["room"]
    start(client, code)
    assert send(client, code, "Float").json == {
        "word": "float",
        "verdict": "accepted",
        "path": [[0, 0], [0, 1], [1, 1], [0, 2], [0, 3]],
        "score": 2,
    }
    assert send(client, code, "float!").json["verdict"] == "repeat"
    assert send(client, code, "xyzzy").json == {
        "word": "xyzzy",
        "verdict": "not_a_word",
        "path": None,
        "score": 0,
    }
    assert send(client, code, "zebra").json["verdict"] == "not_on_board"
    short = send(client, code, "up").json
    assert (short["verdict"], short["path"], short["score"]) == ("too_short", [[1, 3], [1, 2]], 0)
    clock.advance(1)  # five words a second at most
    # A browser playing keeps its seat's cookie for another idle room's lifetime.
    renewed = send(client, code, "flap").headers["Set-Cookie"]
    assert renewed.startswith(f"boggle_room_{code}={created['token']};")
    assert "Max-Age=86400" in renewed
    by_token = app.test_client().post(
        f"/rooms/{code}/rounds/1/words", json={"word": "flat"}, headers=bearer(created["token"])
    )
    assert "Set-Cookie" not in by_token.headers
    listed = client.get(f"/rooms/{code}/rounds/1/words").json
    assert [(w["word"], w["verdict"]) for w in listed["words"]] == [
        ("float", "accepted"),
        ("xyzzy", "not_a_word"),
        ("zebra", "not_on_board"),
        ("up", "too_short"),
        ("flap", "accepted"),
        ("flat", "accepted"),
    ]


def test_words_sent_too_fast_are_refused_with_retry_after(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_WORDS_PER_SECOND=2)
    app.extensions["boggle.rooms"].seeds = lambda: 0
    client, created = create(app)
    code = created["room"]
    start(client, code)
    assert send(client, code, "flat").status_code == 200
    clock.advance(0.5)
    assert send(client, code, "flat").status_code == 200  # a repeat counts too
    refused = send(client, code, "flap")
    assert (refused.status_code, refused.json["error"]["code"]) == (429, "too_many_words")
    assert refused.headers["Retry-After"] == "1"
    clock.advance(0.5)
    assert send(client, code, "flap").json["verdict"] == "accepted"


def test_a_word_for_a_round_that_does_not_exist_is_a_404(app: Flask) -> None:
    client, created = create(app)
    code = created["room"]
    start(client, code)
    for number in (2, 0, 10**30):
        response = send(client, code, "flat", number)
        assert (response.status_code, response.json["error"]["code"]) == (404, "unknown_round")


def test_a_word_after_the_grace_is_refused(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    code = created["room"]
    start(client, code)
    clock.advance(60.4)
    assert send(client, code, "flat").json["verdict"] == "accepted"
    clock.advance(0.2)
    response = send(client, code, "flap")
    assert (response.status_code, response.json["error"]["code"]) == (409, "round_over")


def test_a_word_for_an_earlier_round_is_refused(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    code = created["room"]
    start(client, code)
    clock.advance(63)
    start(client, code)
    response = send(client, code, "flat", 1)
    assert (response.status_code, response.json["error"]["code"]) == (409, "round_not_current")


# --- Results ----------------------------------------------------------------------------


def test_results_cross_off_shared_words_and_break_the_tie(app: Flask, clock: Clock) -> None:
    ann, created = create(app)
    code = created["room"]
    bob, _ = join(app, code, "Bob")
    start(ann, code)
    for word in ("float", "upon"):
        send(ann, code, word)
    for word in ("upon", "flat", "flap"):
        send(bob, code, word)
    early = ann.get(f"/rooms/{code}/rounds/1/results")
    assert (early.status_code, early.json["error"]["code"]) == (409, "round_not_over")
    assert early.headers["Retry-After"] == "61"  # 60.5 s, rounded up
    clock.advance(62)
    results = bob.get(f"/rooms/{code}/rounds/1/results").json
    assert results["board"] == BOARD
    assert (
        results["headline"]
        == "Ann wins on the tie-break: 2 points each, and 1 long word to Bob's 0."
    )
    players = {p["name"]: p for p in results["players"]}
    assert (players["Ann"]["id"], players["Bob"]["id"]) == (1, 2)
    assert [
        (w["word"], w["verdict"], w["shared"], w["points"]) for w in players["Ann"]["words"]
    ] == [
        ("float", "scored", False, 2),
        ("upon", "duplicate", True, 0),
    ]
    assert [(w["word"], w["verdict"], w["shared"]) for w in players["Bob"]["words"]] == [
        ("upon", "duplicate", True),
        ("flat", "scored", False),
        ("flap", "scored", False),
    ]
    upon = players["Bob"]["words"][0]
    assert upon["path"] == [[1, 3], [1, 2], [1, 1], [1, 0]]
    assert [(r["rank"], r["id"], r["tie_break"]) for r in results["ranking"]] == [
        (1, 1, True),
        (2, 2, True),
    ]
    missed = {w["word"] for w in results["missed"]["words"]}
    assert {"talon", "plods", "splat"} <= missed
    assert not {"float", "upon", "flat", "flap"} & missed
    room = ann.get(f"/rooms/{code}").json
    assert [(p["name"], p["total"]) for p in room["players"]] == [("Ann", 2), ("Bob", 2)]
    assert room["round"]["state"] == "finished"


def test_results_need_a_seat(app: Flask, clock: Clock) -> None:
    client, created = create(app)
    start(client, created["room"])
    clock.advance(62)
    response = app.test_client().get(f"/rooms/{created['room']}/rounds/1/results")
    assert (response.status_code, response.json["error"]["code"]) == (401, "unauthorized")


# --- Secrecy ------------------------------------------------------------------------------

#: What the API's own documents say, whatever the board: keys and values that are not
#: anybody's words even where they spell one.
API_WORDS = {
    "room", "url", "settings", "dice", "rows", "cols", "min", "length", "dictionary",
    "seconds", "players", "name", "host", "total", "you", "round", "number", "state",
    "board", "started", "ends", "closes", "now", "true", "false", "null", "waiting",
    "playing", "finished", "word", "verdict", "path", "score", "accepted", "repeat",
    "too", "short", "not", "a", "on", "classic", "standard", "player", "token", "http",
    "localhost", "words", "error", "code", "message", "at",
}  # fmt: skip


def test_nothing_sent_during_a_round_shows_its_words(app: Flask, clock: Clock) -> None:
    ann, created = create(app)
    code = created["room"]
    bob, joined = join(app, code, "Bob")
    board = Board(4, 4, tuple(face.lower() for row in BOARD for face in row))
    # Every word of the list on the board, by the plain reference search.
    listed = (SHIPPED_DIR / "standard.txt").read_text().split()
    secret = reference_words(board, listed, 3)
    assert {"float", "talon", "plods", "upon", "flat"} <= secret
    bodies: dict[str, list[bytes]] = {"ann": [], "bob": []}
    sent = {"ann": {"float", "upon"}, "bob": {"upon", "flat"}}

    def keep(who: str, response: Any) -> None:
        bodies[who].append(response.data)

    keep("ann", start(ann, code))
    for who, client in (("ann", ann), ("bob", bob)):
        for word in [*sorted(sent[who]), "xyzzy"]:
            keep(who, send(client, code, word))
            keep(who, client.get(f"/rooms/{code}"))
        keep(who, client.get(f"/rooms/{code}/rounds/1/words"))
        keep(who, client.get(f"/rooms/{code}/rounds/1/results"))
        keep(who, client.post(f"/rooms/{code}/players", json={"name": "again"}))
        clock.advance(30)
    keep("bob", app.test_client().get(f"/rooms/{code}"))
    known = {code.lower(), created["token"].lower(), joined["token"].lower()}
    for who, kept in bodies.items():
        allowed = sent[who] | API_WORDS
        for body in kept:
            text = body.decode().lower()
            for value in known:
                text = text.replace(value, " ")
            shown = set(re.findall(r"[a-z]+", text))
            assert not (shown & secret) - allowed, (who, body[:300])
    # The check can see a leak: the results, once the round is over, show the words.
    clock.advance(10)
    after = ann.get(f"/rooms/{code}/rounds/1/results").data.decode().lower()
    assert "talon" in set(re.findall(r"[a-z]+", after)) & secret


def test_the_rooms_qr_code_holds_its_link(app: Flask) -> None:
    _, created = create(app)
    response = app.test_client().get(f"/rooms/{created['room']}/qr")
    assert (response.status_code, response.mimetype) == (200, "image/svg+xml")
    # The title names the link the code holds (decoding the modules is segno's own test).
    assert f"<title>QR code: {created['url']}</title>" in response.get_data(as_text=True)
    missing = app.test_client().get("/rooms/ABCDEFGHJK/qr")
    assert (missing.status_code, missing.json["error"]["code"]) == (404, "unknown_room")
