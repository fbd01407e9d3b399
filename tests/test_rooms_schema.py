"""The rooms' database: the migrations make the tables the code expects, the app starts
without connecting, an unmigrated database says what to run, a bad URL stops the app in
one line, and the prune command runs from the command line."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from rooms_db import Clock
from sqlalchemy import create_engine, text

from app import create_app
from boggle import Catalog
from games.db import SCHEMA_REVISION, alembic_config, upgrade
from games.models import Base

ROOT = Path(__file__).resolve().parent.parent


def test_the_code_expects_the_newest_migration() -> None:
    script = ScriptDirectory.from_config(alembic_config("sqlite:///unused"))
    assert script.get_heads() == [SCHEMA_REVISION]


def test_the_migrations_make_the_tables_the_models_describe(room_database: str) -> None:
    engine = create_engine(room_database)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    engine.dispose()
    assert differences == []


def test_the_second_migration_keeps_every_room_and_seat_of_the_first(empty_database: str) -> None:
    upgrade(empty_database, "0001_rooms")
    engine = create_engine(empty_database)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO rooms (id, code, dice, rows, cols, min_length, dictionary, seconds,"
                " created_at, active_at) VALUES (1, '8KDGZEFYWP', 'classic', 4, 4, 3,"
                " 'standard', 180, 100.0, 150.0)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO players (id, room_id, seat, name, name_key, host, token_hash,"
                " joined_at, rate_window, rate_count) VALUES"
                " (1, 1, 1, 'Ann', 'ann', :yes, :ann, 100.0, 0, 0),"
                " (2, 1, 2, 'Bob', 'bob', :no, :bob, 120.0, 0, 0)"
            ),
            {"yes": True, "no": False, "ann": "a" * 64, "bob": "b" * 64},
        )
    upgrade(empty_database)
    with engine.connect() as connection:
        room = connection.execute(text("SELECT code, locked, handoff_from FROM rooms")).one()
        players = connection.execute(
            text("SELECT name, name_key, seen_at, removed_at FROM players ORDER BY seat")
        ).all()
        assert MigrationContext.configure(connection).get_current_revision() == SCHEMA_REVISION
    assert tuple(room) == ("8KDGZEFYWP", False, None)
    # Each player is last seen when they joined: nobody is taken for away at once.
    assert [tuple(p) for p in players] == [("Ann", "ann", 100.0, None), ("Bob", "bob", 120.0, None)]
    # And back: the first schema again, its rows as they were.
    command.downgrade(alembic_config(empty_database), "0001_rooms")
    with engine.connect() as connection:
        names = connection.execute(text("SELECT name, name_key FROM players ORDER BY seat")).all()
    assert [tuple(p) for p in names] == [("Ann", "ann"), ("Bob", "bob")]
    engine.dispose()


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'twice.sqlite3'}"
    upgrade(url)
    upgrade(url)
    engine = create_engine(url)
    with engine.connect() as connection:
        assert MigrationContext.configure(connection).get_current_revision() == SCHEMA_REVISION
    engine.dispose()


def test_make_db_upgrade_makes_the_folder_and_the_file(tmp_path: Path) -> None:
    database = tmp_path / "new" / "folder" / "rooms.sqlite3"
    subprocess.run(
        [str(Path(sys.executable).parent / "alembic"), "upgrade", "head"],
        cwd=ROOT,
        env={"BOGGLE_DATABASE_URL": f"sqlite:///{database}", "PATH": "/usr/bin:/bin"},
        check=True,
        capture_output=True,
    )
    assert database.exists()


def test_an_unmigrated_database_answers_503_naming_the_command(
    catalog: Catalog, cache_dir: Path, tmp_path: Path
) -> None:
    for path in (tmp_path / "absent.sqlite3", tmp_path / "empty.sqlite3"):
        if path.name == "empty.sqlite3":
            create_engine(f"sqlite:///{path}").connect().close()  # a file, with no tables
        app = create_app(
            {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{path}"},
            catalog=catalog,
        )
        response = app.test_client().post("/rooms", json={"name": "Ann"})
        assert response.status_code == 503
        assert response.json["error"]["code"] == "database_not_ready"
        assert "make db-upgrade" in response.json["error"]["message"]
        assert path.exists() == (path.name == "empty.sqlite3")  # no file left behind


def test_an_unreachable_database_answers_503_and_the_rest_of_the_app_serves(
    catalog: Catalog, cache_dir: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    socket_dir = tmp_path / "no-server-here"
    socket_dir.mkdir()
    url = f"postgresql+psycopg://nobody@/rooms?host={socket_dir}&connect_timeout=2"
    # Nothing is connected to when the app is made: this one has no server to reach.
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": url}, catalog=catalog
    )
    client = app.test_client()
    health = client.get("/healthz")
    # It says which database the rooms use without reaching it.
    assert (health.status_code, health.json["rooms_database"]) == (200, "postgresql")
    response = client.get("/rooms/ABCDEFGHJK")
    assert (response.status_code, response.json["error"]["code"]) == (503, "database_unavailable")
    assert response.headers["Retry-After"] == "1"
    assert "rooms: database_unavailable: the rooms database cannot be reached" in caplog.text


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("mysql://db/rooms", "an SQLite or PostgreSQL URL, not mysql"),
        ("not a url", "a database URL: sqlite:///path/to/file.sqlite3 or "),
        ("sqlite://", "an SQLite file, sqlite:///path (a database in memory would be "),
    ],
)
def test_a_bad_database_url_stops_the_app_in_one_line(
    cache_dir: Path, url: str, allowed: str
) -> None:
    with pytest.raises(SystemExit) as raised:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": url})
    message = str(raised.value.code)
    assert message.startswith(
        "boggle: cannot start: setting DATABASE_URL (BOGGLE_DATABASE_URL) is "
    )
    assert "\n" not in message
    assert allowed in message


def test_a_refused_database_url_never_shows_its_password(cache_dir: Path) -> None:
    url = "postgresql+nodriver://ann:s3cret@db.example/rooms"
    with pytest.raises(SystemExit) as raised:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": url})
    message = str(raised.value.code)
    assert "s3cret" not in message
    assert "'postgresql+nodriver://ann:***@db.example/rooms'" in message


def test_prune_rooms_runs_from_the_command_line(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    app = make_rooms_app(ROOM_IDLE_SECONDS=60)
    client = app.test_client()
    client.post("/rooms", json={"name": "Ann"})
    clock.advance(61)
    client.post("/rooms", json={"name": "Bob"})
    result = app.test_cli_runner().invoke(args=["prune-rooms"])
    assert (result.exit_code, result.output) == (0, "deleted 1 room idle for over 60 s\n")


@pytest.mark.parametrize(
    ("setting", "value", "allowed"),
    [
        ("ROOM_MAX_PLAYERS", 0, "a whole number from 1 to 1,000"),
        ("ROOM_CREATIONS_PER_HOUR", "many", "a whole number from 1 to 1,000,000"),
        ("ROOM_MAX_NAME_CHARS", 101, "a whole number from 1 to 100"),
        ("ROOM_WORDS_PER_SECOND", 2.5, "a whole number from 1 to 1,000"),
        ("ROOM_MAX_WORDS", -1, "a whole number from 1 to 100,000"),
        ("ROOM_IDLE_SECONDS", 59, "a whole number of seconds from 60 to 315,360,000"),
        ("ROOM_CODE_MISSES_PER_HOUR", 0, "a whole number from 1 to 1,000,000"),
        ("ROOM_COUNTDOWN_SECONDS", 1, "a whole number of seconds from 2 to 60"),
        ("ROOM_HOST_AWAY_SECONDS", 4, "a whole number of seconds from 5 to 3,600"),
        ("DATABASE_URL", 5, "a database URL"),
        ("ROOM_SQLITE_SYNCHRONOUS", "off", "one of 'full', 'normal'"),
    ],
)
def test_a_bad_room_setting_stops_the_app_naming_it(
    cache_dir: Path, setting: str, value: object, allowed: str
) -> None:
    with pytest.raises(SystemExit) as raised:
        create_app({"TESTING": True, "CACHE_DIR": str(cache_dir), setting: value})
    assert str(raised.value.code) == (
        f"boggle: cannot start: setting {setting} (BOGGLE_{setting}) is "
        f"{'(a value that is not a URL)' if setting == 'DATABASE_URL' else repr(value)}; "
        f"it must be {allowed}"
    )


@pytest.mark.parametrize("mode", ["full", "normal"])
def test_sqlite_commits_as_durably_as_the_setting_says(
    catalog: Catalog, cache_dir: Path, tmp_path: Path, mode: str
) -> None:
    path = tmp_path / "rooms.sqlite3"
    upgrade(f"sqlite:///{path}")
    config = {"CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{path}"}
    app = create_app({**config, "TESTING": True, "ROOM_SQLITE_SYNCHRONOUS": mode.upper()})
    database = app.extensions["boggle.rooms"].database
    with database.reading() as session:
        connection = session.connection()
        journal = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
        synchronous = connection.exec_driver_sql("PRAGMA synchronous").scalar()
        busy = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
    database.dispose()
    assert (journal, synchronous, busy) == ("wal", {"full": 2, "normal": 1}[mode], 5000)


def test_an_sqlite_write_takes_the_write_lock_before_it_reads(tmp_path: Path) -> None:
    # BEGIN IMMEDIATE: two writers that each read first and then wrote would deadlock
    # on upgrading their locks; taken first, the second writer just waits its turn.
    import sqlite3

    from games.db import Database

    path = tmp_path / "rooms.sqlite3"
    upgrade(f"sqlite:///{path}")
    database = Database(f"sqlite:///{path}")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    with database.reading() as session:
        session.connection().exec_driver_sql("SELECT count(*) FROM rooms").scalar()
        other.execute("BEGIN IMMEDIATE")  # a reader leaves the write lock free
        other.execute("ROLLBACK")
    with database.writing() as session:
        session.connection()  # the transaction has begun, and nothing is read yet
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
    other.execute("BEGIN IMMEDIATE")  # free again once the write is committed
    other.execute("ROLLBACK")
    other.close()
    database.dispose()


def test_a_forked_process_makes_its_own_engine(room_database: str) -> None:
    # gunicorn loads the app, then forks its workers: a connection the parent opened
    # must never be used by a child (two processes on one socket mix their messages).
    from games.db import Database

    database = Database(room_database)
    with database.reading() as session:
        session.connection().exec_driver_sql("SELECT count(*) FROM rooms").scalar()
    parent_engine = database.engine
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child: report whether it made its own engine and could use it
        try:
            with database.reading() as session:
                session.connection().exec_driver_sql("SELECT count(*) FROM rooms").scalar()
            os.write(write, b"own" if database.engine is not parent_engine else b"shared")
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 16)
    os.close(read)
    os.waitpid(child, 0)
    assert answer == b"own"
    assert database.engine is parent_engine  # the parent's is untouched, and still works
    with database.reading() as session:
        assert session.connection().exec_driver_sql("SELECT count(*) FROM rooms").scalar() == 0
    database.dispose()
