"""The rooms' database: the migrations make the tables the code expects, the app starts
without connecting, an unmigrated database says what to run, a bad URL stops the app in
one line, and the prune command runs from the command line."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask
from rooms_db import Clock
from sqlalchemy import create_engine

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
    catalog: Catalog, cache_dir: Path, tmp_path: Path
) -> None:
    socket_dir = tmp_path / "no-server-here"
    socket_dir.mkdir()
    url = f"postgresql+psycopg://nobody@/rooms?host={socket_dir}&connect_timeout=2"
    # Nothing is connected to when the app is made: this one has no server to reach.
    app = create_app(
        {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": url}, catalog=catalog
    )
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    response = client.get("/rooms/ABCDEFGHJK")
    assert (response.status_code, response.json["error"]["code"]) == (503, "database_unavailable")
    assert response.headers["Retry-After"] == "1"


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
        ("DATABASE_URL", 5, "a database URL"),
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
