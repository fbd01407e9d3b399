"""A bare Flask app: one route that gives back, for each request, the answer the real app
gave it (recorded by ``route_requests.py``), and does nothing else.

What the project's routes are measured against (``route_overhead.py``): the same JSON
documents, serialised by Flask per request (with Flask's own encoder, or with
``BOGGLE_BARE_JSON=app`` the project's, web/answers.py), through the same gunicorn
settings; no reading of fields, no search, no sentences, no headers of the app's own.
With ``BOGGLE_BARE_ROOM_READS`` naming a copy of the app's rooms' database, a room's
poll also makes the reads the app's poll makes (``room_reads``), and nothing more: the
floor for any app that reads a room's state from the database at each poll, as the
rooms must (they keep nothing in a process). The answers come from the file
``$BOGGLE_BARE_ANSWERS`` names, read at start-up:

    BOGGLE_BARE_ANSWERS=answers.json gunicorn -c gunicorn.conf.py \\
        'benchmarks.bare_app:create_app()'
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Callable

from flask import Flask, Response, jsonify, request


def create_app() -> Flask:
    """The bare app, with the recorded answers loaded."""
    with open(os.environ["BOGGLE_BARE_ANSWERS"], encoding="utf-8") as file:
        answers = json.load(file)
    answers["GET /healthz  "] = {"status": 200, "etag": "", "document": {"status": "ok"}}
    app = Flask(__name__)
    if os.environ.get("BOGGLE_BARE_JSON") == "app":
        # The project's own encoder (orjson), for the stricter comparison: the same
        # documents written the same way, so that what differs is all the app's doing.
        from web.answers import JSONProvider

        app.json = JSONProvider(app)
    app.json.sort_keys = False  # as the project's app: the documents' own order
    reads = os.environ.get("BOGGLE_BARE_ROOM_READS")
    read_room = room_reads(reads) if reads else None

    @app.route("/<path:path>", methods=["GET", "POST"])
    def answer(path: str) -> Response:
        """The recorded answer to this request: the same key as ``Request.key``."""
        query = request.query_string.decode()
        target = f"/{path}?{query}" if query else f"/{path}"
        found = answers[
            f"{request.method} {target} {request.headers.get('If-None-Match', '')} "
            f"{request.get_data(as_text=True)}"
        ]
        before, _slash, rest = path.partition("rooms/")
        if read_room is not None and request.method == "GET" and not before and "/" not in rest:
            # A room's poll: its reads, for a 200 the document's too; the rows unread.
            token = request.headers.get("Authorization", "").removeprefix("Bearer ")
            read_room(rest, token, found["status"] == 200)
        response = Response(status=304) if found["status"] == 304 else jsonify(found["document"])
        if found["etag"]:
            response.set_etag(found["etag"].strip('"'))
        return response

    return app


def room_reads(database: str) -> Callable[[str, str, bool], tuple[list, list | None]]:
    """The reads of a room's poll, on an SQLite file: the room's version (one
    statement), and for a caller whose copy is not current, the room and its players in
    one transaction (BEGIN, two statements, ROLLBACK), as the app's poll reads them
    (games/rooms.py: ``Rooms.poll``, on games/db.py's kept connection). The same
    statements, compiled by SQLAlchemy for SQLite once, run on the driver's cursor. The
    reader gives back the version's rows and the players' (None without the document),
    which the bare route leaves unread."""
    from sqlalchemy.dialects import sqlite

    from games.codes import token_hash
    from games.rooms import GRACE_SECONDS, ROOM_STATE, ROOM_VERSION, SEATED

    def compiled(statement: object) -> tuple[str, tuple[str, ...], dict[str, object]]:
        made = statement.compile(dialect=sqlite.dialect())  # type: ignore[attr-defined]
        return str(made), tuple(made.positiontup or ()), dict(made.params)

    version, state, seated = compiled(ROOM_VERSION), compiled(ROOM_STATE), compiled(SEATED)
    room_id = tuple(column.key for column in ROOM_STATE.exported_columns).index("id")
    connections: dict[int, sqlite3.Connection] = {}  # one a process: gunicorn's workers fork

    def run(cursor: sqlite3.Cursor, statement: tuple, values: dict[str, object]) -> list:
        sql, order, fixed = statement
        values = {**fixed, **values}
        cursor.execute(sql, tuple(values[name] for name in order))
        return cursor.fetchall()

    def read(code: str, token: str, document: bool) -> tuple[list, list | None]:
        connection = connections.get(os.getpid())
        if connection is None:
            # As games/db.py opens its connections: autocommit, transactions begun here.
            connection = sqlite3.connect(database, isolation_level=None)
            connection.execute("PRAGMA busy_timeout=5000")
            connections[os.getpid()] = connection
        cursor = connection.cursor()
        found = run(cursor, version, {"code": code, "digest": token_hash(token) if token else ""})
        if not document:
            return found, None
        cursor.execute("BEGIN")
        try:
            closed = time.time() - GRACE_SECONDS
            room = run(cursor, state, {"code": code, "closed_before": closed})
            return found, run(cursor, seated, {"room": room[0][room_id]})
        finally:
            connection.rollback()

    return read
