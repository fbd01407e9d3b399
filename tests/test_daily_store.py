"""How playing apart is stored: the migration makes its tables, each board's tallies
(each word's finders, the scores' histogram) are counted up as plays finish and equal
a recount from the stored plays, a board's results are a few reads however many have
played, the prune command deletes old plays and leaves the tallies, and two app
instances on one database play one board and one challenge together. On SQLite and
PostgreSQL."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from apart_db import board_words, game_of
from flask import Flask
from rooms_db import Clock
from sqlalchemy import create_engine, event, inspect, text

from games.apart import DAY_SECONDS

ROOT = Path(__file__).resolve().parent.parent
DAY = "2027-01-15"
BOARD = f"/daily/{DAY}/en/4x4"


def play(app: Flask, clock: Clock, words: list[str], board: str = BOARD):
    """A new player's finished play of the board with these words; their client."""
    client = app.test_client()
    assert client.post(f"{board}/play", json={}).status_code == 201
    for word in words:
        assert client.post(f"{board}/words", json={"word": word}).status_code == 200
        clock.advance(0.25)
    assert client.post(f"{board}/finish", json={}).status_code == 200
    return client


def recount(url: str, board_id: int) -> tuple[dict[str, int], dict[int, int]]:
    """Each word's finders and each score's plays, counted from the stored plays."""
    engine = create_engine(url)
    with engine.connect() as connection:
        words = connection.execute(
            text(
                "SELECT w.word, count(*) FROM play_words w JOIN plays p ON p.id = w.play_id "
                "WHERE p.board_id = :b AND p.finished_at IS NOT NULL AND w.verdict = 'accepted' "
                "GROUP BY w.word"
            ),
            {"b": board_id},
        ).all()
        scores = connection.execute(
            text(
                "SELECT score, count(*) FROM plays WHERE board_id = :b "
                "AND finished_at IS NOT NULL GROUP BY score"
            ),
            {"b": board_id},
        ).all()
    engine.dispose()
    return dict(words), dict(scores)


def tallies(url: str, board_id: int) -> tuple[dict[str, int], dict[int, int]]:
    """The board's tallies as stored: finders of the words found, plays by score."""
    engine = create_engine(url)
    with engine.connect() as connection:
        words = connection.execute(
            text("SELECT word, finders FROM board_words WHERE board_id = :b AND finders > 0"),
            {"b": board_id},
        ).all()
        scores = connection.execute(
            text("SELECT score, players FROM board_scores WHERE board_id = :b"), {"b": board_id}
        ).all()
    engine.dispose()
    return dict(words), dict(scores)


def test_the_migration_makes_the_tables_of_playing_apart(room_database: str) -> None:
    engine = create_engine(room_database)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {
        "anonymous_players",
        "player_keys",
        "player_transfers",
        "boards",
        "board_words",
        "board_scores",
        "plays",
        "play_words",
        "challenges",
        "challenge_takers",
    } <= tables


def test_the_tallies_equal_a_recount_from_the_stored_plays(
    apart_app: Flask, clock: Clock, room_database: str
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    rng = random.Random(31)
    players = []
    for _ in range(12):
        found = rng.sample(words, rng.randint(0, min(12, len(words))))
        players.append(play(apart_app, clock, [*found, "qqqq", found[0] if found else "xyz"]))
    # One still playing, and one whose time ran out unread: neither is counted yet.
    running = apart_app.test_client()
    running.post(f"{BOARD}/play", json={})
    running.post(f"{BOARD}/words", json={"word": words[0]})
    board_id = game_of(apart_app).daily.board(game_of(apart_app).daily.boards_of()[0]).id
    stored = tallies(room_database, board_id)
    assert stored == recount(room_database, board_id)
    assert sum(stored[1].values()) == 12
    # Counted when it is next read, once, however often it is read.
    clock.advance(200)
    for _ in range(3):
        running.get(BOARD)
    again = tallies(room_database, board_id)
    assert again == recount(room_database, board_id)
    assert sum(again[1].values()) == 13


def test_a_play_finished_twice_at_once_is_counted_once(
    apart_app: Flask, clock: Clock, room_database: str
) -> None:
    word = board_words(apart_app, f"{DAY}/en/4x4")[0]
    client = apart_app.test_client()
    client.post(f"{BOARD}/play", json={})
    client.post(f"{BOARD}/words", json={"word": word})
    game = game_of(apart_app)
    spec = game.daily.board(game.daily.boards_of()[0])
    player = game.players.identify(client.get_cookie("boggle_player").value)
    game.plays.finish(spec.id, player)
    game.plays.finish(spec.id, player)
    clock.advance(500)
    game.plays.finish(spec.id, player, stop=False)
    points = next(found.score for found in game.plays.solved(spec)[0].words if found.word == word)
    assert tallies(room_database, spec.id) == ({word: 1}, {points: 1})


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """The SQL statements the app's database runs inside the block: through SQLAlchemy,
    and straight on the driver's connection (games/db.py, ``Snapshot``)."""
    database = game_of(app).database
    engine = database.engine
    ran: list[str] = []
    compiled = database._compiled

    def note(_conn, _cursor, statement, *_args) -> None:
        ran.append(statement)

    def note_compiled(statement):
        found = compiled(statement)
        ran.append(found.sql)
        return found

    event.listen(engine, "before_cursor_execute", note)
    database._compiled = note_compiled
    try:
        yield ran
    finally:
        event.remove(engine, "before_cursor_execute", note)
        del database._compiled


def test_a_results_page_is_a_few_reads_however_many_have_played(
    apart_app: Flask, clock: Clock
) -> None:
    words = board_words(apart_app, f"{DAY}/en/4x4")
    first = play(apart_app, clock, words[:5])
    first.get(f"{BOARD}/results")  # the board's solution, solved once per process
    with statements(apart_app) as alone:
        first.get(f"{BOARD}/results")
    for count in range(20):
        play(apart_app, clock, words[count % 7 : count % 7 + 6])
    with statements(apart_app) as crowded:
        first.get(f"{BOARD}/results")
    reads = [s for s in crowded if s.lstrip().upper().startswith("SELECT")]
    assert len(crowded) == len(alone)
    assert 0 < len(reads) <= 9, reads


def test_pruning_deletes_old_plays_and_their_words_and_keeps_the_tallies(
    make_apart_app: Callable[..., Flask], clock: Clock, room_database: str
) -> None:
    app = make_apart_app(PLAY_WORDS_DAYS=2, PLAY_DAYS=5)
    words = board_words(app, f"{DAY}/en/4x4")
    old = play(app, clock, words[:4])
    left = app.test_client()  # started and left before the end: counted by the prune
    left.post(f"{BOARD}/play", json={})
    left.post(f"{BOARD}/words", json={"word": words[5]})
    game = game_of(app)
    board_id = game.daily.board(game.daily.boards_of()[0]).id
    clock.advance(3 * DAY_SECONDS)
    result = app.test_cli_runner().invoke(args=["prune-plays"])
    assert (result.exit_code, result.output) == (
        0,
        "deleted the words of 2 plays, 0 plays and 0 idle players\n",
    )
    kept = tallies(room_database, board_id)
    assert kept == ({**dict.fromkeys(words[:4], 1), words[5]: 1}, kept[1])
    assert sum(kept[1].values()) == 2
    results = old.get(f"{BOARD}/results").json
    assert (results["you"]["words"], results["players"]) == ([], 2)
    assert results["you"]["score"] > 0
    clock.advance(3 * DAY_SECONDS)
    result = app.test_cli_runner().invoke(args=["prune-plays"])
    assert result.output == "deleted the words of 0 plays, 2 plays and 2 idle players\n"
    assert tallies(room_database, board_id) == kept
    assert old.get("/daily/me").json["results"] == []


def test_the_make_target_runs_the_prune_command() -> None:
    makefile = (ROOT / "Makefile").read_text()
    assert "prune-plays: $(RUNTIME)" in makefile
    assert "$(BIN)/flask --app app prune-plays" in makefile


# --- Two app servers, one database ------------------------------------------------------


def test_two_app_instances_on_one_database_play_a_day_and_a_challenge_together(
    make_apart_app: Callable[..., Flask], clock: Clock, room_database: str
) -> None:
    first, second = make_apart_app(), make_apart_app()
    words = board_words(first, f"{DAY}/en/4x4")
    ann = first.test_client()
    assert ann.post(f"{BOARD}/play", json={}).status_code == 201
    key = ann.get_cookie("boggle_player").value
    # Ann's key, made by the first instance, opens her play on the second.
    on_second = second.test_client()
    on_second.set_cookie("boggle_player", key)
    assert on_second.post(f"{BOARD}/play", json={}).status_code == 200
    assert on_second.post(f"{BOARD}/words", json={"word": words[0]}).json["verdict"] == "accepted"
    assert ann.post(f"{BOARD}/words", json={"word": words[0]}).json["verdict"] == "repeat"
    assert ann.post(f"{BOARD}/words", json={"word": words[1]}).json["verdict"] == "accepted"
    assert on_second.post(f"{BOARD}/finish", json={}).json["state"] == "finished"
    assert ann.get(f"{BOARD}/results").json == on_second.get(f"{BOARD}/results").json
    code = ann.post(f"{BOARD}/challenge", json={}).json["challenge"]
    # Bob takes it on the second; the first counts his play too.
    bob = second.test_client()
    assert bob.post(f"/challenges/{code}/play", json={}).status_code == 201
    assert bob.post(f"/challenges/{code}/words", json={"word": words[1]}).status_code == 200
    assert bob.post(f"/challenges/{code}/words", json={"word": words[2]}).status_code == 200
    clock.advance(200)
    from_first = ann.get(f"/challenges/{code}").json
    from_second = on_second.get(f"/challenges/{code}").json
    assert from_first == from_second
    judged = {
        p["number"]: [(w["word"], w["verdict"]) for w in p["words"]]
        for p in from_first["versus"]["players"]
    }
    assert judged == {
        1: [(words[0], "scored"), (words[1], "duplicate")],
        2: [(words[1], "duplicate"), (words[2], "scored")],
    }
    assert from_first["board"]["key"] == f"{DAY}/en/4x4"
    board_id = game_of(first).daily.board(game_of(first).daily.boards_of()[0]).id
    assert tallies(room_database, board_id) == recount(room_database, board_id)
    assert Counter(tallies(room_database, board_id)[0]) == Counter(
        {words[0]: 1, words[1]: 2, words[2]: 1}
    )
