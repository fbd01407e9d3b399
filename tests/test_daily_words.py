"""A word sent to a day's board, as it is stored straight on the driver's connection
(games/db.py, ``Database.statements``): new words stored once, repeats answered from
what is stored, the play's limits on words and on words a second, and what a refused
word leaves behind (nothing). On SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable

from apart_db import board_words, game_of
from flask import Flask
from rooms_db import Clock
from sqlalchemy import text

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
