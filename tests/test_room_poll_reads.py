"""A room's poll reads its version alone, on a connection kept for it outside the pool
and in no transaction beyond the statement, and its document in one transaction on the
same connection, when the visit writes nothing (games/rooms.py, ``Rooms.poll``;
games/db.py, ``Database.read`` and ``kept_snapshot``), and the same document as
``state`` builds on its own; a visit that writes, or a round to score, takes the long
way and answers the same. On SQLite and PostgreSQL."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock, end_other_connections
from sqlalchemy import event

from games.db import KEPT_SPARES_MOST, Database
from games.rooms import ROOM_VERSION, Rooms


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


def test_a_seated_callers_poll_reads_its_version_alone_and_its_document_in_one_transaction(
    app: Flask, clock: Clock
) -> None:
    client, code = room_with_a_round(app)
    rooms = app.extensions["boggle.rooms"]
    # The first poll makes this thread's connection for the version (from the pool).
    assert client.get(f"/rooms/{code}").status_code == 200
    clock.advance(1)
    with transactions(rooms) as taken, slow_way_refused(rooms):
        full = client.get(f"/rooms/{code}")
    # The document read in one transaction on the kept connection: nothing from the pool.
    assert full.status_code == 200 and taken == []
    with transactions(rooms) as taken, slow_way_refused(rooms):
        current = client.get(f"/rooms/{code}", headers={"If-None-Match": full.headers["ETag"]})
    # Answered from the version alone, on the kept connection.
    assert current.status_code == 304 and taken == []
    # The document is the one ``state`` builds in a transaction of its own.
    token = client.get_cookie(f"boggle_room_{code}")
    alone = rooms.state(code, token.value if token else None)
    assert {k: v for k, v in full.json.items() if k not in ("url", "now")} == alone


def test_the_version_is_read_in_no_transaction_of_its_own(app: Flask) -> None:
    client, code = room_with_a_round(app)
    database: Database = app.extensions["boggle.rooms"].database
    row = database.read(ROOM_VERSION, {"code": code, "digest": ""}).first()
    assert row is not None and row.caller is None and row.latest == 1
    # A full answer's transaction on the same connection is over once it is answered.
    assert client.get(f"/rooms/{code}").status_code == 200
    [(kept, _made)] = database._kept_spares  # the one connection both reads used
    if database.is_sqlite:
        # The driver begins nothing itself (games/db.py), and the read began nothing.
        assert kept.isolation_level is None and not kept.in_transaction
    else:
        # psycopg in autocommit: the server begins and ends the statement itself.
        assert kept.autocommit and kept.info.transaction_status == 0  # idle


def test_a_forked_process_reads_the_version_on_a_connection_of_its_own(app: Flask) -> None:
    # As gunicorn's workers are forked from a master: never the parent's socket.
    _client, code = room_with_a_round(app)
    database: Database = app.extensions["boggle.rooms"].database
    values = {"code": code, "digest": ""}
    assert database.read(ROOM_VERSION, values).first().latest == 1
    [(parent, _made)] = database._kept_spares
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            latest = database.read(ROOM_VERSION, values).first().latest
            [(kept, _made)] = database._kept_spares
            own = kept is not parent
            os.write(write, f"{latest} {own}".encode())
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 32)
    os.close(read)
    os.waitpid(child, 0)
    assert answer == b"1 True"
    assert [kept for kept, _made in database._kept_spares] == [parent]  # untouched
    assert database.read(ROOM_VERSION, values).first().latest == 1


def test_polls_from_many_threads_share_a_few_connections_and_leave_none_behind(
    app: Flask,
) -> None:
    # The development server (`make run`) answers each request in a thread of its own:
    # a connection kept a thread each stayed open after its thread ended, two file
    # descriptors a poll on SQLite, until the process ran out of them.
    _client, code = room_with_a_round(app)
    database: Database = app.extensions["boggle.rooms"].database
    values = {"code": code, "digest": ""}
    answers: list[int] = []

    def poll() -> None:
        answers.append(database.read(ROOM_VERSION, values).first().latest)

    for _ in range(50):
        thread = threading.Thread(target=poll)
        thread.start()
        thread.join()
    assert answers == [1] * 50
    assert len(database._kept_spares) == 1  # one at a time: one connection, reused
    # At once, each read has its own; past KEPT_SPARES_MOST idle, the rest are closed.
    start = threading.Barrier(KEPT_SPARES_MOST + 4)

    def together() -> None:
        with database.kept_snapshot() as snapshot:
            start.wait(timeout=10)
            answers.append(snapshot.execute(ROOM_VERSION, values).first().latest)

    threads = [threading.Thread(target=together) for _ in range(KEPT_SPARES_MOST + 4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [1] * (50 + KEPT_SPARES_MOST + 4)
    assert len(database._kept_spares) == KEPT_SPARES_MOST
    database.dispose()
    assert database._kept_spares == []


@pytest.mark.parametrize("room_database", ["postgresql"], indirect=True)
def test_on_postgresql_a_kept_connection_the_server_closed_is_replaced_before_a_poll(
    app: Flask, room_database: str
) -> None:
    client, code = room_with_a_round(app)
    first = client.get(f"/rooms/{code}")
    assert first.status_code == 200
    # As a restart of the database does: every other connection ended by the server.
    assert end_other_connections(room_database) >= 1
    again = client.get(f"/rooms/{code}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


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
