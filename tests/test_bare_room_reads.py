"""The bare app's room reads (benchmarks/bare_app.py, ``room_reads``), the floor the
polls are measured against in benchmarks/route_overhead.py: on an SQLite file a room was
made in by the app, they read what the app's poll reads, with the app's statements."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from flask import Flask

from app import create_app
from benchmarks.bare_app import room_reads
from boggle.catalog import Catalog
from games import codes
from games.rooms import ROOM_VERSION, SEATED


def room_made(
    catalog: Catalog, cache_dir: Path, template: Path, folder: Path
) -> tuple[Path, Flask, dict[str, Any]]:
    """A room Ann made through the app, its rooms in an SQLite file of their own: the
    file, the app and the answer to the room's creation."""
    path = folder / "rooms.sqlite3"
    shutil.copy(template, path)
    config = {"TESTING": True, "CACHE_DIR": str(cache_dir), "DATABASE_URL": f"sqlite:///{path}"}
    app = create_app(config, catalog=catalog)
    made = app.test_client().post("/rooms", json={"name": "Ann", "seconds": 60}).json
    return path, app, made


def test_the_bare_reads_read_the_room_the_app_made(
    catalog: Catalog, cache_dir: Path, sqlite_template: Path, tmp_path: Path
) -> None:
    path, app, made = room_made(catalog, cache_dir, sqlite_template, tmp_path)
    code, token = made["room"], made["token"]
    app.test_client().post(f"/rooms/{code}/players", json={"name": "Bob"})
    database = app.extensions["boggle.rooms"].database
    values = {"code": code, "digest": codes.token_hash(token)}
    expected = database.read(ROOM_VERSION, values).first()
    room_id = expected.id
    seated = database.read(SEATED, {"room": room_id}).all()
    database.dispose()

    read = room_reads(str(path))
    # A caller whose copy is current: the version alone, the app's row.
    version, players = read(code, token, False)
    assert [tuple(row) for row in version] == [tuple(expected)]
    assert version[0][0] == room_id
    assert players is None
    # With the document: the room's players too, as the app reads them.
    version, players = read(code, token, True)
    assert [tuple(row) for row in version] == [tuple(expected)]
    assert [tuple(row) for row in players] == [tuple(row) for row in seated]
    assert [row.name for row in seated] == ["Ann", "Bob"]


def test_a_stranger_reads_the_room_with_no_seat(
    catalog: Catalog, cache_dir: Path, sqlite_template: Path, tmp_path: Path
) -> None:
    path, app, made = room_made(catalog, cache_dir, sqlite_template, tmp_path)
    code = made["room"]
    app.extensions["boggle.rooms"].database.dispose()
    version, _players = room_reads(str(path))(code, "", False)
    names = [column.key for column in ROOM_VERSION.exported_columns]
    row = dict(zip(names, version[0], strict=True))
    assert row["seats"] == 1 and row["host"] == 1
    assert row["caller"] is None
