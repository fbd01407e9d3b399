"""A word sent to a day's board, as it is stored straight on the driver's connection
(games/db.py, ``Database.statements``): new words stored once, repeats answered from
what is stored, the play's limits on words and on words a second, and what a refused
word leaves behind (nothing). On SQLite and PostgreSQL; on PostgreSQL alone, the round
trips a word takes, and a pooled connection the server closed."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest.mock import ANY

import pytest
from apart_db import board_words, game_of
from flask import Flask
from psycopg.pq import Trace
from rooms_db import Clock, end_other_connections
from sqlalchemy import event, text

DAY = "2027-01-15"
BOARD = f"/daily/{DAY}/en/4x4"


def stored(app: Flask) -> list[tuple[str, str, int]]:
    """Every word the board's one play keeps, in the order sent, as the database has it."""
    with game_of(app).plays.database.reading() as session:
        rows = session.execute(text("SELECT word, verdict, score FROM play_words ORDER BY id"))
        return [tuple(row) for row in rows]


def sent_count(app: Flask) -> int:
    """The play's count of words kept (its ``sent``), as the database has it."""
    with game_of(app).plays.database.reading() as session:
        return session.execute(text("SELECT sent FROM plays")).scalar_one()


def test_new_words_are_stored_once_and_a_repeat_answers_the_stored_verdict(
    apart_app: Flask,
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    client = apart_app.test_client()
    assert client.post(f"{BOARD}/play", json={}).status_code == 201
    first = client.post(f"{BOARD}/words", json={"word": words[0].upper()}).json
    assert first["verdict"] == "accepted" and first["score"] > 0 and first["path"]
    again = client.post(f"{BOARD}/words", json={"word": words[0]}).json
    assert again == {**first, "verdict": "repeat"}
    wrong = client.post(f"{BOARD}/words", json={"word": "qzxv"}).json
    assert wrong["verdict"] != "accepted" and wrong["score"] == 0 and wrong["path"] is None
    assert client.post(f"{BOARD}/words", json={"word": "qzxv"}).json["verdict"] == "repeat"
    assert stored(apart_app) == [
        (words[0], "accepted", first["score"]),
        ("qzxv", wrong["verdict"], 0),
    ]
    assert sent_count(apart_app) == 2


def test_at_the_limit_a_new_word_is_refused_and_stores_nothing_but_a_repeat_is_answered(
    make_apart_app: Callable[..., Flask],
) -> None:
    app = make_apart_app(ROOM_MAX_WORDS=2)
    words = board_words(app, f"{DAY}/en/4x4")
    client = app.test_client()
    client.post(f"{BOARD}/play", json={})
    for word in words[:2]:
        assert client.post(f"{BOARD}/words", json={"word": word}).json["verdict"] == "accepted"
    refused = client.post(f"{BOARD}/words", json={"word": words[2]})
    assert refused.status_code == 409
    assert refused.json["error"]["code"] == "word_limit_reached"
    assert "2 words" in refused.json["error"]["message"]
    assert client.post(f"{BOARD}/words", json={"word": words[1]}).json["verdict"] == "repeat"
    assert [word for word, _verdict, _score in stored(app)] == words[:2]
    assert sent_count(app) == 2


def test_a_word_past_the_rate_is_refused_and_counts_once_the_second_is_over(
    make_apart_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_apart_app(ROOM_WORDS_PER_SECOND=2)
    words = board_words(app, f"{DAY}/en/4x4")
    client = app.test_client()
    client.post(f"{BOARD}/play", json={})
    for word in words[:2]:
        assert client.post(f"{BOARD}/words", json={"word": word}).status_code == 200
    refused = client.post(f"{BOARD}/words", json={"word": words[2]})
    assert refused.status_code == 429 and refused.json["error"]["code"] == "too_many_words"
    assert int(refused.headers["Retry-After"]) >= 1
    assert len(stored(app)) == 2
    clock.advance(1.5)
    assert client.post(f"{BOARD}/words", json={"word": words[2]}).json["verdict"] == "accepted"
    assert len(stored(app)) == 3 and sent_count(app) == 3


@contextmanager
def messages(app: Flask, folder: Path) -> Iterator[list[str]]:
    """What the app's PostgreSQL connections and the server say to each other inside
    the block, message by message (libpq's trace), each as "F" (to the server) or "B"
    (back), its type and the rest of its line; filled in when the block ends."""
    engine = game_of(app).database.engine
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "trace.txt"
    traced = path.open("w")
    said: list[str] = []

    def trace(connection, _record, _proxy) -> None:
        connection.pgconn.trace(traced.fileno())
        connection.pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)

    def untrace(connection, _record) -> None:
        connection.pgconn.untrace()

    event.listen(engine, "checkout", trace)
    event.listen(engine, "checkin", untrace)
    try:
        yield said
    finally:
        event.remove(engine, "checkout", trace)
        event.remove(engine, "checkin", untrace)
        traced.close()
        for line in path.read_text().splitlines():
            if "\t" not in line:  # the next line of a statement's text, sent whole
                said[-1] += f" {line.strip()}"
                continue
            direction, _length, kind, *rest = line.split("\t")
            said.append(f"{direction} {kind} {' '.join(rest)}".strip())


def sent(said: list[str]) -> list[str]:
    """The messages to the server."""
    return [message[2:] for message in said if message.startswith("F ")]


def round_trips(said: list[str]) -> int:
    """The times the app waited for the server: each run of messages to it that an
    answer follows."""
    directions = [message[0] for message in said]
    return sum(1 for pair in itertools.pairwise(directions) if pair == ("F", "B"))


@pytest.mark.parametrize("room_database", ["postgresql"], indirect=True)
def test_on_postgresql_a_word_is_one_prepared_statement_in_one_round_trip_even_when_refused(
    make_apart_app: Callable[..., Flask], clock: Clock, tmp_path: Path
) -> None:
    app = make_apart_app(ROOM_WORDS_PER_SECOND=2)
    words = board_words(app, f"{DAY}/en/4x4")
    client = app.test_client()
    client.post(f"{BOARD}/play", json={})
    for word in words[:6]:  # psycopg prepares a statement the fifth time it runs it
        client.post(f"{BOARD}/words", json={"word": word})
        clock.advance(1.0)
    with messages(app, tmp_path / "new") as new:
        assert client.post(f"{BOARD}/words", json={"word": words[6]}).status_code == 200
    with messages(app, tmp_path / "repeat") as repeat:
        assert client.post(f"{BOARD}/words", json={"word": words[6]}).json["verdict"] == "repeat"
    with messages(app, tmp_path / "refused") as refused:
        assert client.post(f"{BOARD}/words", json={"word": words[7]}).status_code == 429
    clock.advance(1.0)
    with messages(app, tmp_path / "after") as after:
        assert client.post(f"{BOARD}/words", json={"word": words[7]}).status_code == 200
    for said in (new, repeat, refused, after):
        # No BEGIN, no COMMIT, no ROLLBACK: the statement is a transaction of its own,
        # and the one statement is the prepared one (no Parse: no SQL sent again).
        assert round_trips(said) == 1, said
        assert [message.split()[0] for message in sent(said)] == [
            "Bind",
            "Describe",
            "Execute",
            "Sync",
        ], sent(said)
    assert stored(app)[-2:] == [(words[6], "accepted", ANY), (words[7], "accepted", ANY)]


@pytest.mark.parametrize("room_database", ["postgresql"], indirect=True)
def test_on_postgresql_a_connection_the_server_closed_is_replaced_before_a_word_uses_it(
    apart_app: Flask, room_database: str
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    client = apart_app.test_client()
    client.post(f"{BOARD}/play", json={})
    assert client.post(f"{BOARD}/words", json={"word": words[0]}).status_code == 200
    # As a restart of the database does: every other connection ended by the server.
    assert end_other_connections(room_database) >= 1
    answer = client.post(f"{BOARD}/words", json={"word": words[1]})
    assert answer.status_code == 200, answer.json
    assert [word for word, _verdict, _score in stored(apart_app)] == words[:2]


@pytest.mark.parametrize("room_database", ["postgresql"], indirect=True)
def test_on_postgresql_a_words_commit_alone_does_not_wait_for_the_disk(
    apart_app: Flask, tmp_path: Path
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    client = apart_app.test_client()
    with messages(apart_app, tmp_path / "start") as start:
        client.post(f"{BOARD}/play", json={})
    with messages(apart_app, tmp_path / "word") as word:
        assert client.post(f"{BOARD}/words", json={"word": words[0]}).status_code == 200
    relaxed = "set_config('synchronous_commit', 'off', true)"
    # The word's statement, sent whole the first time, turns the wait off for its own
    # transaction; a start's statements leave it as the server has it.
    assert any(relaxed in message for message in sent(word)), sent(word)
    assert not any("synchronous_commit" in message for message in sent(start)), sent(start)
    # The pooled connection the word used keeps the server's setting afterwards, so
    # that no other write (a room's, a finish's) is made without the wait.
    engine = game_of(apart_app).database.engine
    with engine.connect() as connection:
        assert connection.execute(text("SHOW synchronous_commit")).scalar() == "on"
    assert [word for word, _verdict, _score in stored(apart_app)] == words[:1]
