"""Databases for the room tests: each test gets a fresh, migrated database, SQLite or
PostgreSQL (``room_database`` is parametrised over both), and a clock it controls.

PostgreSQL is a throwaway cluster the session starts itself (``initdb`` and ``pg_ctl``
of Debian's PostgreSQL 15), listening on a Unix socket in a temporary folder and on no
network address. ``initdb`` refuses to run as root, so as root the cluster is run as
the ``postgres`` user, in a folder that user owns. Without PostgreSQL those tests
skip, unless ``BOGGLE_REQUIRE_POSTGRES=1`` (as in CI), when they fail instead.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import create_engine, text

from app import create_app
from boggle import Catalog
from games.db import upgrade
from games.models import Base


def _postgres_bin() -> Path:
    """Where PostgreSQL's programs are: $BOGGLE_POSTGRES_BIN, else Debian's newest
    (/usr/lib/postgresql/15/bin on Debian 12)."""
    configured = os.environ.get("BOGGLE_POSTGRES_BIN")
    if configured:
        return Path(configured)
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return found[-1].parent if found else Path("/usr/lib/postgresql/15/bin")


PG_BIN = _postgres_bin()
PG_USER = "postgres"
BACKENDS = ("sqlite", "postgresql")
#: A time the tests' clocks start from: 2027-01-15, a Friday, in Unix seconds.
START = 1_800_000_000.0


class Clock:
    """A clock a test moves by hand: ``clock()`` is the time, ``advance(s)`` moves it."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _as_postgres(command: list[str]) -> list[str]:
    """A command run as the postgres user when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", PG_USER, "--", *command]
    return command


@pytest.fixture(scope="session")
def postgres_socket() -> Iterator[Path]:
    """A PostgreSQL cluster for the session; the folder of its Unix socket."""
    initdb, pg_ctl = PG_BIN / "initdb", PG_BIN / "pg_ctl"
    if not initdb.exists():
        reason = f"PostgreSQL is not installed ({initdb}; Debian: apt-get install postgresql)"
        if os.environ.get("BOGGLE_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(reason)
    base = Path(tempfile.mkdtemp(prefix="boggle-pg-"))
    if os.geteuid() == 0:
        entry = pwd.getpwnam(PG_USER)
        os.chown(base, entry.pw_uid, entry.pw_gid)
    data = base / "data"
    subprocess.run(
        _as_postgres([str(initdb), "-D", str(data), "-U", PG_USER, "--auth=trust", "--no-sync"]),
        check=True,
        capture_output=True,
    )
    options = f"-c listen_addresses='' -k {base} -c fsync=off -c max_connections=200"
    subprocess.run(
        _as_postgres(
            [str(pg_ctl), "-D", str(data), "-l", str(base / "log"), "-w", "-o", options, "start"]
        ),
        check=True,
        capture_output=True,
    )
    try:
        engine = create_engine(_pg_url(base, "postgres"), isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.execute(text("CREATE DATABASE rooms"))
        engine.dispose()
        upgrade(_pg_url(base, "rooms"))
        yield base
    finally:
        subprocess.run(
            _as_postgres([str(pg_ctl), "-D", str(data), "-m", "immediate", "stop"]),
            capture_output=True,
        )
        shutil.rmtree(base, ignore_errors=True)


def _pg_url(socket_dir: Path, database: str) -> str:
    return f"postgresql+psycopg://{PG_USER}@/{database}?host={socket_dir}"


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An SQLite file migrated once for the session, copied for each test."""
    path = tmp_path_factory.mktemp("rooms-template") / "rooms.sqlite3"
    upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(params=BACKENDS)
def room_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of a fresh, migrated database for this test, SQLite or PostgreSQL."""
    if request.param == "sqlite":
        path = tmp_path / "rooms.sqlite3"
        shutil.copy(request.getfixturevalue("sqlite_template"), path)
        return f"sqlite:///{path}"
    socket_dir = request.getfixturevalue("postgres_socket")
    url = _pg_url(socket_dir, "rooms")
    engine = create_engine(url)
    tables = ", ".join(table.name for table in Base.metadata.sorted_tables)
    with engine.begin() as connection:
        connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    engine.dispose()
    return url


@pytest.fixture(params=BACKENDS)
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database of its own, never migrated, SQLite or PostgreSQL
    (a database made in the session's cluster, and dropped after the test)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.sqlite3'}"
        return
    socket_dir = request.getfixturevalue("postgres_socket")
    name = f"empty_{os.getpid()}_{abs(hash(request.node.nodeid)) % 10**8}"
    admin = create_engine(_pg_url(socket_dir, "postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield _pg_url(socket_dir, name)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


@pytest.fixture
def clock() -> Clock:
    """The clock the test's rooms run on."""
    return Clock()


@pytest.fixture
def make_rooms_app(
    catalog: Catalog, cache_dir: Path, room_database: str, clock: Clock
) -> Iterator[Callable[..., Flask]]:
    """Build apps on the test's database and clock (settings may be added); each one's
    connections are closed after the test. A round starts the moment the host starts
    it, unless the test sets ROOM_COUNTDOWN_SECONDS: the countdown is tested on its own,
    and every other test would only move its clock past it."""
    made: list[Flask] = []

    def make(**config: Any) -> Flask:
        settings = {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": room_database}
        app = create_app({**settings, **config}, catalog=catalog)
        rooms = app.extensions["boggle.rooms"]
        rooms.clock = clock
        if "ROOM_COUNTDOWN_SECONDS" not in config:
            rooms.limits = replace(rooms.limits, countdown=0.0)
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["boggle.rooms"].database.dispose()


@pytest.fixture
def rooms_app(make_rooms_app: Callable[..., Flask]) -> Flask:
    """The app on the test's database and clock."""
    return make_rooms_app()


def end_other_connections(url: str) -> int:
    """End every other connection to the PostgreSQL database at ``url``, as a restart of
    the server does, and wait until they are gone; how many were ended."""
    admin = create_engine(url)
    try:
        with admin.connect() as connection:
            ended = connection.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity, pg_terminate_backend(pid) "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).scalar()
            for _ in range(100):
                if not connection.execute(
                    text(
                        "SELECT count(*) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                ).scalar():
                    break
                time.sleep(0.05)
    finally:
        admin.dispose()
    return ended
