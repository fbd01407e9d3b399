"""A room's poll reads its version and its document in one transaction when the visit
writes nothing (games/rooms.py, ``Rooms.poll``), and the same document as ``state``
builds on its own; a visit that writes, or a round to score, takes the long way and
answers the same. On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock
from sqlalchemy import event

from games.rooms import Rooms


@pytest.fixture
def app(rooms_app: Flask) -> Flask:
    """The app on the test's database; every round rolls seed 0."""
    rooms_app.extensions["boggle.rooms"].seeds = lambda: 0
    return rooms_app


def room_with_a_round(app: Flask) -> tuple[FlaskClient, str]:
    """A room of two whose host has started a round: the host's browser and the code."""
    client = app.test_client()
    code = client.post("/rooms", json={"name": "Ann", "seconds": 60}).json["room"]
    app.test_client().post(f"/rooms/{code}/players", json={"name": "Bob"})
    assert client.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    return client, code


@contextmanager
def transactions(rooms: Rooms) -> Iterator[list[int]]:
    """Counts the connections taken from the pool (one for each transaction) meanwhile."""
    taken: list[int] = []

    def checkout(*_args: object) -> None:
        taken.append(1)

    engine = rooms.database.engine
    event.listen(engine, "checkout", checkout)
    try:
        yield taken
    finally:
        event.remove(engine, "checkout", checkout)


@contextmanager
def slow_way_refused(rooms: Rooms) -> Iterator[None]:
    """Makes the poll's two-transaction way (a visit, then ``state``) fail meanwhile."""

    def refused(*_args: object) -> None:
        raise AssertionError("the poll took the two-transaction way")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rooms, "_visited", refused)
        patch.setattr(rooms, "state", refused)
        yield


def test_a_seated_callers_poll_is_one_transaction_with_or_without_the_document(
    app: Flask, clock: Clock
) -> None:
    client, code = room_with_a_round(app)
    rooms = app.extensions["boggle.rooms"]
    clock.advance(1)
    with transactions(rooms) as taken, slow_way_refused(rooms):
        full = client.get(f"/rooms/{code}")
    assert full.status_code == 200 and len(taken) == 1
    with transactions(rooms) as taken:
        current = client.get(f"/rooms/{code}", headers={"If-None-Match": full.headers["ETag"]})
    assert current.status_code == 304 and len(taken) == 1
    # The document is the one ``state`` builds in a transaction of its own.
    token = client.get_cookie(f"boggle_room_{code}")
    alone = rooms.state(code, token.value if token else None)
    assert {k: v for k, v in full.json.items() if k not in ("url", "now")} == alone


def test_a_poll_that_must_write_or_score_answers_as_before(app: Flask, clock: Clock) -> None:
    client, code = room_with_a_round(app)
    first = client.get(f"/rooms/{code}")
    # Past a sixth of the host's away time the caller's seen_at is written; past the
    # round's end and grace its scores are stored: the long way, the same answers.
    clock.advance(61 + 10)
    later = client.get(f"/rooms/{code}", headers={"If-None-Match": first.headers["ETag"]})
    assert later.status_code == 200
    assert later.json["round"]["state"] == "finished"
    assert later.headers["ETag"] != first.headers["ETag"]
    again = client.get(f"/rooms/{code}", headers={"If-None-Match": later.headers["ETag"]})
    # The scores stored by that read make the totals current: one more full answer.
    assert again.status_code == 200
    assert (
        client.get(f"/rooms/{code}", headers={"If-None-Match": again.headers["ETag"]}).status_code
        == 304
    )
