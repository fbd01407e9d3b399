"""A room lives in the database, not in a process: two app instances on one database play
one round together, and a word answered 200 survives the sudden death of every worker
of the production server (gunicorn with the project's gunicorn.conf.py), on SQLite and
PostgreSQL."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from reference import reference_words
from rooms_db import Clock

from boggle.board import parse_board
from boggle.catalog import SHIPPED_DIR

ROOT = Path(__file__).resolve().parent.parent
#: The words of the default list, for finding words on a board by the plain reference.
WORDS = (SHIPPED_DIR / "standard.txt").read_text().split()


def test_two_app_instances_on_one_database_play_one_round(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    first, second = make_rooms_app(), make_rooms_app()
    for app in (first, second):
        app.extensions["boggle.rooms"].seeds = lambda: 0  # F L A T / N O P U / ...
    ann = first.test_client()
    created = ann.post("/rooms", json={"name": "Ann", "seconds": 60}).json
    code = created["room"]
    bob = second.test_client()
    assert bob.post(f"/rooms/{code}/players", json={"name": "Bob"}).status_code == 201
    # Ann's token, made by the first instance, holds her seat on the second.
    ann_on_second = {"Authorization": f"Bearer {created['token']}"}
    started = second.test_client().post(f"/rooms/{code}/rounds", json={}, headers=ann_on_second)
    assert started.status_code == 201
    assert ann.get(f"/rooms/{code}").json["round"]["state"] == "playing"
    assert ann.post(f"/rooms/{code}/rounds/1/words", json={"word": "float"}).status_code == 200
    assert bob.post(f"/rooms/{code}/rounds/1/words", json={"word": "float"}).status_code == 200
    assert bob.post(f"/rooms/{code}/rounds/1/words", json={"word": "upon"}).status_code == 200
    repeat = second.test_client().post(
        f"/rooms/{code}/rounds/1/words", json={"word": "FLOAT"}, headers=ann_on_second
    )
    assert repeat.json["verdict"] == "repeat"  # the first instance stored it
    clock.advance(62)
    from_first = ann.get(f"/rooms/{code}/rounds/1/results").json
    from_second = bob.get(f"/rooms/{code}/rounds/1/results").json
    assert from_first == from_second
    judged = {
        p["name"]: [(w["word"], w["verdict"]) for w in p["words"]] for p in from_first["players"]
    }
    assert judged == {
        "Ann": [("float", "duplicate")],
        "Bob": [("float", "duplicate"), ("upon", "scored")],
    }
    totals = [(p["name"], p["total"]) for p in ann.get(f"/rooms/{code}").json["players"]]
    assert totals == [("Ann", 0), ("Bob", 1)]


# --- A killed worker --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    """Status and JSON of a request to the server."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    """gunicorn with the project's gunicorn.conf.py on a loopback port, two workers."""

    def __init__(self, database: str, cache_dir: Path, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = {
            **os.environ,
            "BOGGLE_BIND": f"127.0.0.1:{self.port}",
            "BOGGLE_WORKERS": "2",
            "BOGGLE_DATABASE_URL": database,
            "BOGGLE_CACHE_DIR": str(cache_dir),
            # The default list only: the others would make each start a few seconds longer.
            "BOGGLE_PRELOAD_DICTIONARIES": "standard",
            "BOGGLE_PRELOAD_RATINGS": "standard",
        }
        self.log = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "app:create_app()"],
            cwd=ROOT,
            env=env,
            stdout=self.log,
            stderr=self.log,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            assert self.process.poll() is None, log.read_text()[-2000:]
            assert time.monotonic() < deadline, "gunicorn did not answer within 60 s"
            time.sleep(0.1)

    def workers(self) -> list[int]:
        """The process ids of the master's workers."""
        pid = self.process.pid
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        return [int(child) for child in children]

    def kill_all(self) -> None:
        """SIGKILL every worker and the master at the same instant: no clean-up anywhere."""
        victims = [*self.workers(), self.process.pid]
        for pid in victims:
            os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if not self.log.closed:
            self.log.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    """The servers a test starts; each stopped after it."""
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


@pytest.mark.slow
def test_a_word_answered_survives_every_worker_killed_at_once(
    room_database: str, cache_dir: Path, tmp_path: Path, servers: list[Server]
) -> None:
    log = tmp_path / "gunicorn.log"
    servers.append(Server(room_database, cache_dir, log))
    base = servers[0].base
    status, created = call(base, "POST", "/rooms", {"name": "Ann", "seconds": 10})
    assert status == 201, created
    code, token = created["room"], created["token"]
    status, room = call(base, "POST", f"/rooms/{code}/rounds", {}, token)
    assert status == 201, room
    board = parse_board(room["round"]["board"])
    on_board = sorted(reference_words(board, WORDS, 3), key=lambda w: (-len(w), w))
    assert on_board, f"no word on {board}"
    word = on_board[0]
    status, answer = call(base, "POST", f"/rooms/{code}/rounds/1/words", {"word": word}, token)
    assert (status, answer["verdict"]) == (200, "accepted")
    assert len(servers[0].workers()) == 2
    servers[0].kill_all()

    servers.append(Server(room_database, cache_dir, log))
    base = servers[1].base
    ends = room["round"]["closes_at"]
    time.sleep(max(0.0, ends - time.time()) + 0.2)
    status, results = call(base, "GET", f"/rooms/{code}/rounds/1/results", token=token)
    assert status == 200, results
    words = results["players"][0]["words"]
    assert [(w["word"], w["verdict"]) for w in words] == [(word, "scored")]
