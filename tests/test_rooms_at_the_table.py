"""Rooms as a table plays them (web/rooms/, games/rooms.py), on SQLite and PostgreSQL: a
code short enough to say, and the limit on guessing one; the countdown to a round and
the server's time in every answer; a host who is away handing the room on; the host
removing players and locking the room.

The clock is the test's: a player "polls" by asking for the room, as the page does
every 2 s. Every round is rolled with seed 0 (F L A T / N O P U / H F D S / A S L N).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock
from sqlalchemy import func, select

from games import codes
from games.db import Database
from games.models import Miss, Room
from games.rooms import CODE_TRIES, RoomLimits, Rooms, RoomSettings

CLASSIC = RoomSettings("classic", 4, 4, 3, "standard", 60)
#: The letters of round 1's board (seed 0), which no answer may show before it starts.
BOARD = [["F", "L", "A", "T"], ["N", "O", "P", "U"], ["H", "F", "D", "S"], ["A", "S", "L", "N"]]


@pytest.fixture
def app(rooms_app: Flask) -> Flask:
    rooms_app.extensions["boggle.rooms"].seeds = lambda: 0
    return rooms_app


def create(app: Flask, name: str = "Ann", **settings: Any) -> tuple[FlaskClient, str]:
    """A browser that makes a room: its client and the room's code."""
    client = app.test_client()
    response = client.post("/rooms", json={"name": name, "seconds": 60, **settings})
    assert response.status_code == 201, response.json
    return client, response.json["room"]


def join(app: Flask, code: str, name: str) -> FlaskClient:
    client = app.test_client()
    response = client.post(f"/rooms/{code}/players", json={"name": name})
    assert response.status_code == 201, response.json
    return client


def poll(client: FlaskClient, code: str) -> dict[str, Any]:
    response = client.get(f"/rooms/{code}")
    assert response.status_code == 200, response.json
    return response.json


def from_address(address: str) -> dict[str, Any]:
    """A request's keyword arguments for a client at this address."""
    return {"environ_base": {"REMOTE_ADDR": address}}


# --- A code you can say across a table ----------------------------------------------------


def test_a_code_is_five_characters_without_look_alikes() -> None:
    made = {codes.new_code() for _ in range(200)}
    assert all(re.fullmatch(r"[2-9A-HJKMNP-Z]{5}", code) for code in made)
    assert not set("".join(made)) & set("01ILO")


def test_a_code_is_read_in_any_case_with_spaces_or_hyphens_typed_in_it() -> None:
    assert codes.read_code(" k7qx4 ") == "K7QX4"
    assert codes.read_code("K7Q X4") == codes.read_code("k7q-x4") == "K7QX4"
    assert codes.read_code("8KDGZEFYWP") == "8KDGZEFYWP"  # a room made before: 10 characters
    for wrong in ("K7QX", "K7QX4Z", "K7QO4", "K7Q14", "", "8KDGZEFYW"):
        assert codes.read_code(wrong) is None, wrong


def test_a_room_is_found_by_its_code_in_any_case(app: Flask) -> None:
    host, code = create(app)
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{5}", code)
    guest = app.test_client()
    spoken = f"{code[:3].lower()} {code[3:].lower()}"
    response = guest.post(f"/rooms/{spoken}/players", json={"name": "Bob"})
    assert (response.status_code, response.json["room"]) == (201, code)
    assert poll(host, code.lower())["players"][1]["name"] == "Bob"


def test_rooms_made_with_ten_character_codes_keep_their_codes_and_links(
    app: Flask, clock: Clock
) -> None:
    old = "8KDGZEFYWP"
    with app.extensions["boggle.rooms"].database.writing() as session:
        session.add(
            Room(
                code=old,
                created_at=clock.now,
                active_at=clock.now,
                locked=False,
                **CLASSIC.as_dict(),
            )
        )
    client = app.test_client()
    assert client.post(f"/rooms/{old.lower()}/players", json={"name": "Ann"}).status_code == 201
    assert poll(client, old)["room"] == old
    assert client.get(f"/room/{old}").status_code == 200  # the old link
    assert client.get(f"/rooms/{old}/qr").status_code == 200  # and its QR code
    assert (
        client.get("/room/join", query_string={"code": old}).headers["Location"] == f"/room/{old}"
    )


def test_the_code_field_goes_to_the_room_or_says_what_is_wrong(app: Flask) -> None:
    _host, code = create(app)
    client = app.test_client()
    for page in ("/", "/room"):
        html = client.get(page).get_data(as_text=True)
        form = re.search(
            r'<form class="code-form" method="get" action="/room/join">.*?</form>', html, re.S
        )
        assert form and 'name="code"' in form.group(), page
        assert '<label for="room-code">Enter a code</label>' in form.group()
    found = client.get("/room/join", query_string={"code": f" {code.lower()} "})
    assert (found.status_code, found.headers["Location"]) == (303, f"/room/{code}")
    missing = "Z" * 5 if code != "Z" * 5 else "Y" * 5
    unknown = client.get("/room/join", query_string={"code": missing})
    assert unknown.status_code == 404
    assert f"there is no room &#39;{missing}&#39;; check the code or link" in unknown.get_data(
        as_text=True
    )
    assert 'aria-invalid="true"' in unknown.get_data(as_text=True)
    for typed, message in (
        ("K7QO4", "a room code has no &#39;O&#39; in it: only the digits 2 to 9 and the letters "),
        ("K7Q", "&#39;K7Q&#39; has 3 characters; a room code has 5 (or 10 in older links)"),
    ):
        refused = client.get("/room/join", query_string={"code": typed})
        assert refused.status_code == 400
        assert message in refused.get_data(as_text=True)
    assert client.get("/room/join").status_code == 200  # the form alone


def test_guessing_codes_is_limited_per_address_and_then_no_answer_tells_a_room(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_CODE_MISSES_PER_HOUR=3)
    host, code = create(app)
    guesser = app.test_client()
    guesses = [c for c in ("ZZZZZ", "YYYYY", "XXXXX", "WWWWW") if c != code]
    for guess in guesses[:3]:
        missed = guesser.get(f"/rooms/{guess}", **from_address("203.0.113.5"))
        assert (missed.status_code, missed.json["error"]["code"]) == (404, "unknown_room")
    clock.advance(600)
    refused = [
        guesser.get(f"/rooms/{guesses[3]}", **from_address("203.0.113.5")),
        # The room that exists is refused alike, to the guesser with a made-up token too.
        guesser.get(f"/rooms/{code}", **from_address("203.0.113.5")),
        guesser.get(
            f"/rooms/{code}",
            headers={"Authorization": "Bearer made-up"},
            **from_address("203.0.113.5"),
        ),
        guesser.post(f"/rooms/{code}/players", json={"name": "Eve"}, **from_address("203.0.113.5")),
    ]
    for response in refused:
        assert (response.status_code, response.json["error"]["code"]) == (429, "too_many_guesses")
        # The first guess leaves the hour 3,000 s from now.
        assert response.headers["Retry-After"] == "3000"
    assert refused[0].json["error"]["message"] == (
        "this address has asked for 3 room codes that name no room in the last hour, "
        "the most allowed; try again in 50 minutes"
    )
    # A player seated in the room plays on from the same address; another address guesses.
    assert host.get(f"/rooms/{code}", **from_address("203.0.113.5")).status_code == 200
    other = app.test_client().get(f"/rooms/{guesses[3]}", **from_address("198.51.100.7"))
    assert other.status_code == 404
    clock.advance(3000)
    assert guesser.get(f"/rooms/{code}", **from_address("203.0.113.5")).status_code == 200


def test_every_way_of_naming_a_code_counts_as_a_guess(
    make_rooms_app: Callable[..., Flask],
) -> None:
    app = make_rooms_app(ROOM_CODE_MISSES_PER_HOUR=8)
    client = app.test_client()
    for address in (
        "/rooms/ZZZZZ",
        "/rooms/ZZZZZ/qr",
        "/rooms/ZZZZZ/rounds/1/words",
        "/rooms/ZZZZZ/rounds/1/results",
        "/room/ZZZZZ",
        "/room/join?code=ZZZZZ",
    ):
        assert client.get(address).status_code == 404, address
    assert client.post("/rooms/ZZZZZ/players", json={"name": "Eve"}).status_code == 404
    assert client.post("/rooms/ZZZZZ/rounds", json={}).status_code == 404
    # A code that cannot be one is no guess at one: refused without counting.
    assert client.get("/rooms/ZZZ").status_code == 404
    for address in ("/rooms/ZZZZZ", "/room/ZZZZZ", "/room/join?code=ZZZZZ"):
        assert client.get(address).status_code == 429, address
    with app.extensions["boggle.rooms"].database.reading() as session:
        assert session.scalar(select(func.count()).select_from(Miss)) == 8


def test_an_ipv6_address_counts_as_its_64(make_rooms_app: Callable[..., Flask]) -> None:
    app = make_rooms_app(ROOM_CODE_MISSES_PER_HOUR=2)
    client = app.test_client()
    assert client.get("/rooms/ZZZZZ", **from_address("2001:db8:1:2::1")).status_code == 404
    assert client.get("/rooms/YYYYY", **from_address("2001:db8:1:2:ffff::9")).status_code == 404
    assert client.get("/rooms/XXXXX", **from_address("2001:db8:1:2::abcd")).status_code == 429
    assert client.get("/rooms/XXXXX", **from_address("2001:db8:1:3::1")).status_code == 404


def test_prune_forgets_the_guesses_of_over_an_hour_ago(app: Flask, clock: Clock) -> None:
    client = app.test_client()
    client.get("/rooms/ZZZZZ")
    clock.advance(1800)
    client.get("/rooms/YYYYY")
    clock.advance(1800)
    app.extensions["boggle.rooms"].prune()
    with app.extensions["boggle.rooms"].database.reading() as session:
        assert session.scalars(select(Miss.missed_at)).all() == [clock.now - 1800]


def always(*made: str) -> Callable[..., str]:
    """A code maker that makes these short codes in turn, then the last for ever."""
    queue = list(made)

    def new_code(length: int = codes.CODE_LENGTH) -> str:
        if length != codes.CODE_LENGTH:
            return "L" * length
        return queue.pop(0) if len(queue) > 1 else queue[0]

    return new_code


def test_a_code_of_a_room_past_the_idle_limit_is_free_again(
    room_database: str, catalog: Any, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = Database(room_database)
    rooms = Rooms(database, catalog, RoomLimits(idle_seconds=3600), clock=clock)
    monkeypatch.setattr(codes, "new_code", always("K7QX4"))
    idle = rooms.create(CLASSIC, "Ann", "192.0.2.1")
    clock.advance(3601)
    taken = rooms.create(CLASSIC, "Bob", "192.0.2.1")
    assert taken.room == idle.room == "K7QX4"
    assert [p["name"] for p in rooms.state("K7QX4", None)["players"]] == ["Bob"]
    # A live room keeps its code: the next room draws others, and past CODE_TRIES taken
    # short codes it takes a long one.
    monkeypatch.setattr(codes, "new_code", always(*["K7QX4"] * CODE_TRIES, "M8RY5"))
    assert rooms.create(CLASSIC, "Cy", "192.0.2.1").room == "LLLLLLLLLL"
    monkeypatch.setattr(codes, "new_code", always("K7QX4", "M8RY5"))
    assert rooms.create(CLASSIC, "Di", "192.0.2.1").room == "M8RY5"
    assert [p["name"] for p in rooms.state("K7QX4", None)["players"]] == ["Bob"]
    database.dispose()


# --- One start for everyone ---------------------------------------------------------------


def test_a_started_round_counts_down_and_shows_no_board_until_it_starts(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_COUNTDOWN_SECONDS=5)
    app.extensions["boggle.rooms"].seeds = lambda: 0
    host, code = create(app)
    guest = join(app, code, "Bob")
    started = host.post(f"/rooms/{code}/rounds", json={})
    assert started.status_code == 201
    waiting = {
        "number": 1,
        "state": "starting",
        "board": None,
        "started_at": clock.now + 5,
        "ends_at": clock.now + 65,
        "closes_at": clock.now + 65.5,
    }
    assert started.json["round"] == waiting
    before = guest.get(f"/rooms/{code}")
    assert before.json["round"] == waiting
    # Not a letter of the board in any answer before the start.
    for answer in (started, before, guest.get(f"/room/{code}")):
        text = answer.get_data(as_text=True)
        assert "FLAT" not in "".join(re.findall(r'class="cube[^"]*"[^>]*>\s*(\w+)', text))
        assert '"board":null' in text.replace(" ", "") or answer.mimetype == "text/html"
    early = guest.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat"})
    assert (early.status_code, early.json["error"]["code"]) == (409, "round_not_started")
    assert early.headers["Retry-After"] == "5"
    assert early.json["error"]["message"] == f"round 1 of room {code} starts in 5 s"
    again = host.post(f"/rooms/{code}/rounds", json={}).json["error"]
    assert again == {
        "code": "round_in_progress",
        "message": f"round 1 of room {code} starts in 5 s",
    }
    clock.advance(4.999)
    same = guest.get(f"/rooms/{code}", headers={"If-None-Match": before.headers["ETag"]})
    assert same.status_code == 304
    clock.advance(0.001)  # the start: the poll that comes now gets the board
    now = guest.get(f"/rooms/{code}", headers={"If-None-Match": before.headers["ETag"]})
    assert (now.status_code, now.json["round"]["state"]) == (200, "playing")
    assert now.json["round"]["board"] == BOARD
    assert guest.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat"}).status_code == 200


def test_the_countdown_page_says_when_the_round_starts(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_COUNTDOWN_SECONDS=5)
    host, code = create(app)
    host.post(f"/rooms/{code}/rounds", json={})
    clock.advance(2.2)
    html = host.get(f"/room/{code}").get_data(as_text=True)
    assert 'data-state="starting"' in html
    assert '<p id="countdown" class="countdown" aria-hidden="true">3</p>' in html
    assert re.search(r'<div id="play"[^>]* hidden', html)


def test_every_answer_about_the_room_carries_the_servers_time_a_304_too(
    app: Flask, clock: Clock
) -> None:
    client, code = create(app)
    first = client.get(f"/rooms/{code}")
    assert first.headers["X-Server-Time"] == f"{clock.now:.3f}"
    clock.advance(1.234)
    again = client.get(f"/rooms/{code}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.headers["X-Server-Time"] == f"{clock.now:.3f}"


def test_the_results_come_half_a_second_after_the_end(app: Flask, clock: Clock) -> None:
    client, code = create(app)
    client.post(f"/rooms/{code}/rounds", json={})
    clock.advance(60.49)
    assert client.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat"}).status_code == 200
    assert client.get(f"/rooms/{code}/rounds/1/results").status_code == 409
    clock.advance(0.01)
    results = client.get(f"/rooms/{code}/rounds/1/results")
    assert results.status_code == 200
    assert [w["word"] for w in results.json["players"][0]["words"]] == ["flat"]


# --- A host who leaves does not stall the room --------------------------------------------


def keep_polling(clock: Clock, code: str, seconds: float, *clients: FlaskClient) -> None:
    """Let time pass, the clients polling every 2 s, as the page does."""
    for _ in range(round(seconds / 2)):
        clock.advance(2)
        for client in clients:
            poll(client, code)


def test_a_host_away_for_30_s_hands_the_room_to_the_next_player_in_seat_order(
    app: Flask, clock: Clock
) -> None:
    ann, code = create(app)
    bob, cy = join(app, code, "Bob"), join(app, code, "Cy")
    away_since = clock.now
    keep_polling(clock, code, 28, cy, bob)  # Ann's last poll was her creating the room
    assert poll(cy, code)["handoff"] is None
    keep_polling(clock, code, 2, cy, bob)
    # 30 s without Ann: Cy's poll hands the room on, to Bob, next after Ann's seat.
    room = poll(cy, code)
    assert room["handoff"] == {"from": 1, "to": 2, "at": away_since + 30}
    assert [(p["name"], p["host"]) for p in room["players"]] == [
        ("Ann", False),
        ("Bob", True),
        ("Cy", False),
    ]
    assert poll(bob, code)["handoff"]["to"] == 2
    # Ann comes back a guest; Bob starts the next round, and the hand-off is old news.
    back = ann.post(f"/rooms/{code}/rounds", json={})
    assert (back.status_code, back.json["error"]["code"]) == (403, "not_host")
    started = bob.post(f"/rooms/{code}/rounds", json={})
    assert (started.status_code, started.json["handoff"]) == (201, None)


def test_a_host_who_polls_keeps_the_room(app: Flask, clock: Clock) -> None:
    ann, code = create(app)
    bob = join(app, code, "Bob")
    keep_polling(clock, code, 120, bob, ann)
    room = poll(bob, code)
    assert (room["handoff"], room["players"][0]["host"]) == (None, True)


def test_the_heir_is_the_next_player_present_round_the_table(app: Flask, clock: Clock) -> None:
    ann, code = create(app)
    bob, cy = join(app, code, "Bob"), join(app, code, "Cy")
    joined = clock.now
    keep_polling(clock, code, 32, cy)  # Ann and Bob both away: Cy, the next one here
    assert poll(cy, code)["handoff"] == {"from": 1, "to": 3, "at": joined + 30}
    keep_polling(clock, code, 32, ann)  # now Cy is away, and only Ann is here
    room = poll(ann, code)
    assert (room["handoff"]["from"], room["handoff"]["to"]) == (3, 1)  # round the table
    assert [p["host"] for p in room["players"]] == [True, False, False]
    assert poll(bob, code)["you"] == 2  # Bob, back, still has his seat


def test_nobody_here_takes_the_room_from_an_away_host(app: Flask, clock: Clock) -> None:
    ann, code = create(app)
    join(app, code, "Bob")
    clock.advance(300)
    # Someone without a seat looking at the room is nobody at the table.
    assert app.test_client().get(f"/rooms/{code}").json["handoff"] is None
    assert poll(ann, code)["players"][0]["host"] is True


def test_the_page_of_every_player_says_who_hosts_now(app: Flask, clock: Clock) -> None:
    _ann, code = create(app)
    bob, cy = join(app, code, "Bob"), join(app, code, "Cy")
    keep_polling(clock, code, 34, bob, cy)
    said = {
        "Bob": "Ann has been away for 30 s: you host the room now.",
        "Cy": "Ann has been away for 30 s: Bob hosts the room now.",
    }
    for name, client in (("Bob", bob), ("Cy", cy)):
        html = client.get(f"/room/{code}").get_data(as_text=True)
        note = re.search(r'<p id="room-note"[^>]*>(.*?)</p>', html, re.S)
        assert note and re.sub(r"<[^>]+>|\s+", " ", note.group(1)).split() == said[name].split()


# --- The host removes a player, and locks the room -----------------------------------------


def test_a_removed_players_token_and_cookie_seat_them_no_more(app: Flask, clock: Clock) -> None:
    host, code = create(app)
    bob = join(app, code, "Bob")
    join(app, code, "Cy")
    removed = host.delete(f"/rooms/{code}/players/2")
    assert removed.status_code == 200
    assert [p["name"] for p in removed.json["players"]] == ["Ann", "Cy"]
    room = poll(bob, code)
    assert (room["you"], room["removed"]) == (None, True)
    host.post(f"/rooms/{code}/rounds", json={})
    for refused in (
        bob.post(f"/rooms/{code}/rounds/1/words", json={"word": "flat"}),
        bob.get(f"/rooms/{code}/rounds/1/words"),
    ):
        assert (refused.status_code, refused.json["error"]["code"]) == (401, "unauthorized")
    # The name is free again: someone else, or Bob under a seat of his own, may take it.
    again = bob.post(f"/rooms/{code}/players", json={"name": "Bob"})
    assert (again.status_code, again.json["player"]["id"]) == (201, 4)
    assert poll(bob, code)["you"] == 4


def test_a_player_removed_during_a_round_is_out_of_it(app: Flask, clock: Clock) -> None:
    host, code = create(app)
    bob = join(app, code, "Bob")
    host.post(f"/rooms/{code}/rounds", json={})
    for client in (host, bob):
        client.post(f"/rooms/{code}/rounds/1/words", json={"word": "float"})
    clock.advance(61)  # round 1 over: Bob is in its results, his word crossing off Ann's
    host.post(f"/rooms/{code}/rounds", json={})
    bob.post(f"/rooms/{code}/rounds/2/words", json={"word": "flat"})
    host.post(f"/rooms/{code}/rounds/2/words", json={"word": "flat"})
    assert host.delete(f"/rooms/{code}/players/2").status_code == 200
    clock.advance(61)
    first = host.get(f"/rooms/{code}/rounds/1/results").json
    second = host.get(f"/rooms/{code}/rounds/2/results").json
    assert [p["name"] for p in first["players"]] == ["Ann", "Bob"]
    assert [(p["name"], p["total_score"]) for p in second["players"]] == [("Ann", 1)]


def test_only_the_host_removes_and_not_themselves_nor_a_seat_nobody_holds(app: Flask) -> None:
    host, code = create(app)
    bob = join(app, code, "Bob")
    for client, seat, status, error in (
        (bob, 1, 403, "not_host"),
        (host, 1, 409, "cannot_remove_host"),
        (host, 7, 404, "unknown_player"),
        (host, 99999999999, 404, "unknown_player"),
        (app.test_client(), 2, 401, "unauthorized"),
    ):
        response = client.delete(f"/rooms/{code}/players/{seat}")
        assert (response.status_code, response.json["error"]["code"]) == (status, error)
    assert host.delete(f"/rooms/{code}/players/2").status_code == 200
    gone = host.delete(f"/rooms/{code}/players/2")
    assert (gone.status_code, gone.json["error"]["code"]) == (404, "unknown_player")


def test_a_locked_room_seats_nobody_new_and_keeps_its_players(app: Flask) -> None:
    host, code = create(app)
    bob = join(app, code, "Bob")
    assert bob.post(f"/rooms/{code}/lock", json={"locked": True}).json["error"]["code"] == (
        "not_host"
    )
    locked = host.post(f"/rooms/{code}/lock", json={"locked": True})
    assert (locked.status_code, locked.json["locked"]) == (200, True)
    refused = app.test_client().post(f"/rooms/{code}/players", json={"name": "Eve"})
    assert (refused.status_code, refused.json["error"]) == (
        403,
        {"code": "room_locked", "message": f"room {code} is locked: the host lets nobody new in"},
    )
    # Bob's browser holds a seat: joining again gives it back, locked or not.
    assert bob.post(f"/rooms/{code}/players", json={"name": "Bob"}).status_code == 200
    assert poll(bob, code)["locked"] is True
    assert host.post(f"/rooms/{code}/lock", json={"locked": False}).json["locked"] is False
    assert app.test_client().post(f"/rooms/{code}/players", json={"name": "Eve"}).status_code == 201


def test_the_lock_takes_true_or_false_and_nothing_else(app: Flask) -> None:
    host, code = create(app)
    for body, error in (
        ({}, "missing_locked"),
        ({"locked": "maybe"}, "bad_locked"),
        ({"locked": 1.5}, "bad_locked"),
        ({"locked": True, "extra": 1}, "unknown_field"),
    ):
        response = host.post(f"/rooms/{code}/lock", json=body)
        assert (response.status_code, response.json["error"]["code"]) == (400, error), body
    form = host.post(f"/rooms/{code}/lock", data={"locked": "true"})
    assert form.status_code == 415


def test_the_hosts_forms_lock_the_room_and_remove_a_player_without_script(app: Flask) -> None:
    host, code = create(app)
    bob = join(app, code, "Bob")
    page = host.get(f"/room/{code}").get_data(as_text=True)
    assert re.search(r'<section id="manage"[^>]*>', page).group().find("hidden") == -1
    assert 'action="/room/' + code + '/players/2/remove"' in page
    assert re.search(
        r'<section id="manage"[^>]* hidden', bob.get(f"/room/{code}").get_data(as_text=True)
    )
    assert host.post(f"/room/{code}/lock", data={"locked": "1"}).status_code == 303
    assert poll(host, code)["locked"] is True
    locked_page = app.test_client().get(f"/room/{code}").get_data(as_text=True)
    assert "The host has locked this room: nobody new can join." in locked_page
    assert re.search(r'<form id="join-form"[^>]* hidden', locked_page)
    assert host.post(f"/room/{code}/players/2/remove").status_code == 303
    removed_page = bob.get(f"/room/{code}").get_data(as_text=True)
    assert re.search(
        r'<p id="removed-note" class="field-error">The host has removed you', removed_page
    )
    refused = bob.post(f"/room/{code}/lock", data={"locked": "0"})
    assert refused.status_code == 401  # a page that says so, not a change
    assert poll(host, code)["locked"] is True
