"""Anonymous players: a key in a long-lived cookie (HttpOnly, SameSite=Lax, Secure over
HTTPS) made only when something is stored, an optional name checked as room names
are and shown in the day's top 20, a one-time transfer link (with its QR code) that
carries the player to another device, deleting everything, and the player's history
with days in a row. On SQLite and PostgreSQL."""

from __future__ import annotations

from apart_db import board_words
from flask import Flask
from flask.testing import FlaskClient
from rooms_db import Clock
from sqlalchemy import create_engine, text

from games.players import TRANSFER_SECONDS

DAY = "2027-01-15"
BOARD = f"/daily/{DAY}/en/4x4"
DAY_SECONDS = 24 * 3600


def finish(client: FlaskClient, words: list[str], board: str = BOARD) -> None:
    assert client.post(f"{board}/play", json={}).status_code == 201
    for word in words:
        client.post(f"{board}/words", json={"word": word})
    assert client.post(f"{board}/finish", json={}).status_code == 200


def count(url: str, table: str) -> int:
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
    engine.dispose()
    return rows


def test_looking_makes_no_player_and_playing_makes_one_with_a_long_lived_cookie(
    apart_app: Flask, room_database: str
) -> None:
    client = apart_app.test_client()
    for look in ("/daily", BOARD, "/daily/me", "/today", "/me"):
        assert "Set-Cookie" not in client.get(look).headers, look
    assert count(room_database, "anonymous_players") == 0
    started = client.post(f"{BOARD}/play", json={})
    cookie = started.headers["Set-Cookie"]
    assert cookie.startswith("boggle_player=")
    for attribute in ("HttpOnly", "SameSite=Lax", "Path=/", f"Max-Age={400 * DAY_SECONDS}"):
        assert attribute in cookie
    assert "Secure" not in cookie
    # The database keeps the key's hash, never the key.
    key = client.get_cookie("boggle_player").value
    engine = create_engine(room_database)
    with engine.connect() as connection:
        kept = connection.execute(text("SELECT token_hash FROM player_keys")).scalars().all()
    engine.dispose()
    assert len(kept) == 1 and key not in kept[0] and len(kept[0]) == 64


def test_the_cookie_is_secure_over_https(apart_app: Flask) -> None:
    client = apart_app.test_client()
    answer = client.post(f"{BOARD}/play", json={}, base_url="https://localhost")
    assert "Secure" in answer.headers["Set-Cookie"]


def test_a_name_is_checked_as_room_names_are_and_shown_in_the_top_20(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    named, unnamed = apart_app.test_client(), apart_app.test_client()
    finish(unnamed, words[:5])
    finish(named, words[5:6])
    for bad, code in (("x" * 25, "bad_name"), ("a\u202eb", "bad_name"), (5, "bad_name")):
        answer = named.post("/daily/me/name", json={"name": bad})
        assert (answer.status_code, answer.json["error"]["code"]) == (400, code)
    assert named.post("/daily/me/name", json={"name": "  Ann  "}).json == {
        "player": {"name": "Ann"}
    }
    top = unnamed.get(f"{BOARD}/results").json["top"]
    assert [(row["name"], row["rank"], row["you"]) for row in top] == [("Ann", 2, False)]
    assert named.get(f"{BOARD}/results").json["top"][0]["you"] is True
    # Without a name, out of the top 20 again.
    assert named.post("/daily/me/name", json={"name": ""}).json == {"player": {"name": None}}
    assert unnamed.get(f"{BOARD}/results").json["top"] == []


def test_the_top_20_is_the_twenty_best_named_plays(apart_app: Flask, clock: Clock) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    scores = []
    for number in range(23):
        client = apart_app.test_client()
        client.post("/daily/me/name", json={"name": f"P{number:02}"})
        finish(client, words[: number % 8])
        scores.append(client.get(f"{BOARD}/results").json["you"]["score"])
    top = client.get(f"{BOARD}/results").json["top"]
    assert [row["score"] for row in top] == sorted(scores, reverse=True)[:20]
    assert [row["rank"] for row in top][:3] == [1, 1, 1]  # three played words[:7]


def test_a_transfer_link_carries_the_player_to_another_device_once(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    phone = apart_app.test_client()
    finish(phone, words[:3])
    phone.post("/daily/me/name", json={"name": "Ann"})
    made = phone.post("/daily/me/transfer", json={})
    assert made.status_code == 201
    code = made.json["url"].rsplit("/", 1)[1]
    assert made.json["expires_at"] == clock.now + TRANSFER_SECONDS
    qr = phone.get(made.json["qr"])
    assert (qr.status_code, qr.mimetype) == (200, "image/svg+xml")
    laptop = apart_app.test_client()
    # Opening its page uses nothing up (a messenger's preview opens links too).
    assert laptop.get(f"/transfer/{code}").status_code == 200
    used = laptop.post(f"/daily/transfers/{code}", json={})
    assert (used.status_code, used.json) == (200, {"player": {"name": "Ann"}})
    assert laptop.get("/daily/me").json == phone.get("/daily/me").json
    assert laptop.get("/daily/me").json["results"][0]["score"] > 0
    again = apart_app.test_client().post(f"/daily/transfers/{code}", json={})
    assert (again.status_code, again.json["error"]["code"]) == (404, "unknown_transfer")
    assert apart_app.test_client().get(made.json["qr"]).status_code == 404
    # Both devices play as one: a play started on one resumes on the other.
    laptop.post(f"/daily/{DAY}/en/5x5/play", json={})
    assert phone.post(f"/daily/{DAY}/en/5x5/play", json={}).status_code == 200


def test_a_transfer_link_expires(apart_app: Flask, clock: Clock) -> None:
    phone = apart_app.test_client()
    finish(phone, [])
    code = phone.post("/daily/me/transfer", json={}).json["url"].rsplit("/", 1)[1]
    clock.advance(TRANSFER_SECONDS)
    answer = apart_app.test_client().post(f"/daily/transfers/{code}", json={})
    assert (answer.status_code, answer.json["error"]["code"]) == (404, "unknown_transfer")


def test_a_browser_with_no_player_can_make_no_transfer_link(apart_app: Flask) -> None:
    answer = apart_app.test_client().post("/daily/me/transfer", json={})
    assert (answer.status_code, answer.json["error"]["code"]) == (401, "unauthorized")
    assert "WWW-Authenticate" in answer.headers


def test_deleting_takes_away_everything_kept_about_the_player(
    apart_app: Flask, clock: Clock, room_database: str
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    ann, bob = apart_app.test_client(), apart_app.test_client()
    finish(ann, words[:4])
    ann.post("/daily/me/name", json={"name": "Ann"})
    code = ann.post(f"{BOARD}/challenge", json={}).json["challenge"]
    ann.post("/daily/me/transfer", json={})
    finish(bob, words[2:3])
    before = bob.get(f"{BOARD}/results").json
    deleted = ann.delete("/daily/me")
    assert deleted.json == {"deleted": True}
    assert "boggle_player=;" in deleted.headers["Set-Cookie"]
    for table in ("anonymous_players", "player_keys", "plays", "play_words"):
        assert count(room_database, table) == 1, table  # Bob's alone
    assert count(room_database, "challenges") == count(room_database, "player_transfers") == 0
    assert apart_app.test_client().get(f"/challenges/{code}").status_code == 404
    # The board's counts keep theirs: they hold no one's words or name.
    after = bob.get(f"{BOARD}/results").json
    assert (after["players"], after["histogram"]) == (before["players"], before["histogram"])
    assert after["top"] == []
    assert ann.get("/daily/me").json["player"] is None


def test_the_history_lists_past_days_with_score_percentile_and_best_word(
    apart_app: Flask, clock: Clock
) -> None:
    client = apart_app.test_client()
    scores = []
    for day in range(3):
        when = f"2027-01-{15 + day}"
        words = board_words(apart_app, f"{when}/en/4x4")
        finish(client, words[:2], f"/daily/{when}/en/4x4")
        scores.append((when, words[0]))
        clock.advance(DAY_SECONDS)
    clock.advance(DAY_SECONDS)  # a day missed: no longer in a row
    me = client.get("/daily/me").json
    assert (me["streak"], me["longest_streak"], me["days_played"]) == (0, 3, 3)
    assert [(r["day"], r["best_word"], r["percentile"], r["players"]) for r in me["results"]] == [
        (day, best, 100, 1) for day, best in reversed(scores)
    ]
    assert all(r["score"] > 0 and r["size"] == "4x4" for r in me["results"])
    when = "2027-01-19"
    finish(client, [], f"/daily/{when}/en/4x4")
    assert client.get("/daily/me").json["streak"] == 1
