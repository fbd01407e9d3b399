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
            # gunicorn.conf.py makes it production, which needs the days' secret.
            "BOGGLE_DAILY_SECRET": "the process tests' own secret",
            # The shortest countdown the settings allow, so that a round starts soon.
            "BOGGLE_ROOM_COUNTDOWN_SECONDS": "2",
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
    # The board is shown at the round's start, after the countdown.
    time.sleep(max(0.0, room["round"]["started_at"] - time.time()) + 0.05)
    status, room = call(base, "GET", f"/rooms/{code}", token=token)
    assert (status, room["round"]["state"]) == (200, "playing"), room
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


@pytest.mark.slow
def test_the_production_recipe_serves_rooms_with_links_to_its_own_port(
    room_database: str, cache_dir: Path
) -> None:
    from deploy.serve import Recipe, find_nginx

    if find_nginx() is None:
        reason = "nginx is not installed (Debian: apt-get install nginx)"
        if os.environ.get("BOGGLE_REQUIRE_NGINX") == "1":
            pytest.fail(f"BOGGLE_REQUIRE_NGINX=1 but {reason}")
        pytest.skip(reason)
    env = {
        "BOGGLE_WORKERS": "2",
        "BOGGLE_DATABASE_URL": room_database,
        "BOGGLE_CACHE_DIR": str(cache_dir),
        "BOGGLE_PRELOAD_DICTIONARIES": "standard",
        "BOGGLE_PRELOAD_RATINGS": "standard",
        "BOGGLE_ROOM_CREATIONS_PER_HOUR": "1",
        "BOGGLE_DAILY_SECRET": "the process tests' own secret",
    }
    recipe = Recipe("127.0.0.1", free_port(), env=env)
    try:
        with open(recipe.run_dir / "gunicorn.log", "wb") as log:
            recipe.start(gunicorn_log=log)
        base = f"http://{recipe.listen}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the recipe did not answer within 60 s"
                time.sleep(0.2)
        status, created = call(base, "POST", "/rooms", {"name": "Ann"})
        # nginx passes the Host with its port: the room's link leads back here.
        assert (status, created["url"]) == (201, f"{base}/room/{created['room']}")
        status, room = call(base, "GET", f"/rooms/{created['room']}", token=created["token"])
        assert (status, room["you"]) == (200, 1)
        # The poll through nginx, which compresses answers of 1 KB or more and then
        # makes their ETag weak (W/"..."): asked again with the tag in that weak form,
        # the room unchanged is still a 304.
        poll = f"{base}/rooms/{created['room']}"
        headers = {"Authorization": f"Bearer {created['token']}", "Accept-Encoding": "gzip"}
        with urllib.request.urlopen(urllib.request.Request(poll, headers=headers)) as first:
            tag = first.headers["ETag"]
        weak = tag if tag.startswith("W/") else f"W/{tag}"
        again = urllib.request.Request(poll, headers={**headers, "If-None-Match": weak})
        with pytest.raises(urllib.error.HTTPError) as unchanged:
            urllib.request.urlopen(again, timeout=10)
        assert unchanged.value.code == 304
        # One client address (nginx's X-Forwarded-For): its second room is over the limit.
        status, refused = call(base, "POST", "/rooms", {"name": "Ann"})
        assert (status, refused["error"]["code"]) == (429, "too_many_rooms")
    finally:
        recipe.stop()


def test_words_sent_at_once_through_two_instances_are_all_kept(
    make_rooms_app: Callable[..., Flask], clock: Clock
) -> None:
    # Eight threads over two app instances (as workers of two servers would), each
    # sending words at the same time: SQLite's writers queue for its lock, PostgreSQL's
    # for the round's row; none fails, and every word answered is in the results.
    import threading

    apps = [make_rooms_app(ROOM_WORDS_PER_SECOND=1000) for _ in range(2)]
    host = apps[0].test_client()
    created = host.post("/rooms", json={"name": "P0", "seconds": 60}).json
    code = created["room"]
    tokens = [created["token"]]
    for number in (1, 2, 3):
        joined = (
            apps[number % 2]
            .test_client()
            .post(f"/rooms/{code}/players", json={"name": f"P{number}"})
        )
        tokens.append(joined.json["token"])
    assert host.post(f"/rooms/{code}/rounds", json={}).status_code == 201
    answers: list[tuple[int, str, int]] = []
    failures: list[object] = []

    def send(thread: int) -> None:
        player = thread % 4
        client = apps[thread % 2].test_client()
        headers = {"Authorization": f"Bearer {tokens[player]}"}
        try:
            for n in range(15):
                word = f"zq{thread}x{n}"
                response = client.post(
                    f"/rooms/{code}/rounds/1/words", json={"word": word}, headers=headers
                )
                answers.append((player, word, response.status_code))
        except Exception as error:  # a thread's failure must reach the test
            failures.append(error)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert {status for _, _, status in answers} == {200}
    assert len(answers) == 120

    clock.advance(62)
    totals: list[object] = []

    def poll(thread: int) -> None:
        response = apps[thread % 2].test_client().get(f"/rooms/{code}")
        totals.append((response.status_code, [p["total"] for p in response.json["players"]]))

    threads = [threading.Thread(target=poll, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert totals == [(200, [0, 0, 0, 0])] * 8  # every word "not a word": no points
    results = (
        apps[1]
        .test_client()
        .get(f"/rooms/{code}/rounds/1/results", headers={"Authorization": f"Bearer {tokens[0]}"})
    )
    kept = {
        (player["id"] - 1, word["word"])
        for player in results.json["players"]
        for word in player["words"]
    }
    assert kept == {(player, word) for player, word, _ in answers}
    database = apps[0].extensions["boggle.rooms"].database
    with database.reading() as session:
        stored = session.connection().exec_driver_sql("SELECT count(*) FROM scores").scalar()
    assert stored == 4  # stored once, though eight requests came for them at once
