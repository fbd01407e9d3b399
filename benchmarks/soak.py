"""Soak: the production recipe under mixed traffic for a long time, and each worker's memory.

    python benchmarks/soak.py [--minutes 30] [--workers 4] [--app-servers 1]
                              [--clients 6] [--sample 60] [--database sqlite|postgresql]

Starts the recipe (deploy/serve.py: nginx in front of gunicorn, every word list loaded
before the fork), or ``--app-servers N`` gunicorn masters behind one nginx on one
PostgreSQL (a throwaway cluster in a temporary folder, as tests/rooms_db.py starts
one), and sends it mixed traffic from ``--clients`` threads for ``--minutes``:

- /solve (GET and POST), /words.csv, /score, /define, /lookup, /random, /dictionaries,
  on boards of every language's dice and every shipped list;
- the pages (/, /practice, /scoring, /room, a room's page) in all six languages;
- rooms played whole: made, joined, a round started, words sent, the room polled with
  its ETag, the results read, each through nginx.

Every ``--sample`` seconds it reads each process's memory from /proc/PID/smaps_rollup:
PSS (a page shared by N processes counts 1/N in each, so the sum is what the server
holds) and RSS, for every worker, each master and nginx, and prints a table row. At
the end: each worker's growth over the last half of the run, the answers by status,
and the load average. Everything stays on 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import pwd
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle.catalog import SHIPPED_LISTS  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from boggle.languages import LANGUAGES  # noqa: E402
from deploy.serve import Recipe, find_nginx  # noqa: E402
from games.db import upgrade  # noqa: E402

#: Every language's dice set and its own list, English's three lists with its dice.
BOARDS = [("new", name.name) for name in SHIPPED_LISTS] + [
    (rules.default_set_for_size[(4, 4)], rules.default_dictionary) for rules in LANGUAGES.values()
]
LANGUAGE_CODES = ("en", "de", "fr", "es", "it", "nl")
PAGES = ("/", "/practice", "/scoring", "/room")
#: What a client does next, and how often (weights).
ACTIONS = {
    "solve": 20,
    "solve_post": 8,
    "csv": 2,
    "score": 6,
    "define": 6,
    "lookup": 4,
    "random": 4,
    "dictionaries": 2,
    "page": 16,
    "room": 12,
}


def free_port() -> int:
    """A loopback port nobody is listening on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- Memory -----------------------------------------------------------------------------


def rollup(pid: int) -> dict[str, int]:
    """A process's smaps_rollup, in kB by field (Pss, Rss, Pss_Anon...); empty if gone."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return {}
    return {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", text, re.MULTILINE)}


def children_of(pid: int) -> list[int]:
    """A process's children (a gunicorn master's are its workers)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


@dataclass
class Sample:
    """Memory at one moment, MB."""

    seconds: float
    requests: int
    workers: dict[int, float]  # pid -> PSS
    worker_rss: dict[int, float]
    masters: float
    nginx: float

    def row(self) -> str:
        """A Markdown table row."""
        each = list(self.workers.values())
        return (
            f"| {self.seconds / 60:5.1f} | {self.requests:7,} | {min(each):5.1f}-{max(each):5.1f} "
            f"| {sum(each):6.1f} | {max(self.worker_rss.values()):5.1f} | {self.masters:5.1f} "
            f"| {self.nginx:4.1f} |"
        )


HEADER = (
    "| minute | requests | PSS per worker, MB | workers' PSS, MB | largest worker RSS, MB "
    "| masters' PSS, MB | nginx PSS, MB |\n|---:|---:|---:|---:|---:|---:|---:|"
)


def sample(recipe: Recipe, started: float, requests: int) -> Sample:
    """Everyone's memory now."""
    workers: dict[int, float] = {}
    rss: dict[int, float] = {}
    masters = 0.0
    for master in recipe.masters:
        masters += rollup(master.pid).get("Pss", 0) / 1024
        for pid in children_of(master.pid):
            figures = rollup(pid)
            if figures:
                workers[pid] = figures["Pss"] / 1024
                rss[pid] = figures["Rss"] / 1024
    nginx_master = int((recipe.run_dir / "nginx.pid").read_text())
    nginx = sum(rollup(pid).get("Pss", 0) for pid in [nginx_master, *children_of(nginx_master)])
    return Sample(time.monotonic() - started, requests, workers, rss, masters, nginx / 1024)


# --- Traffic ----------------------------------------------------------------------------


@dataclass
class Room:
    """A room a client is playing: its code, players' tokens, the round's end."""

    code: str
    tokens: list[str]
    words: list[str] = field(default_factory=list)
    closes_at: float = 0.0
    etag: str = ""
    state: str = "lobby"


class Client:
    """One simulated user, sending the mix of ACTIONS through nginx."""

    def __init__(self, base: str, seed: int, counts: Counter[str]) -> None:
        host, port = base.removeprefix("http://").rsplit(":", 1)
        self.host, self.port = host, int(port)
        self.rng = random.Random(seed)
        self.counts = counts
        self.words: list[str] = ["cat", "sea", "slate", "hund", "maison"]
        self.room: Room | None = None

    def send(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        """One request; its status, headers and body (status 0 if the connection failed)."""
        headers = dict(headers or {})
        headers.setdefault("Accept-Language", self.rng.choice(LANGUAGE_CODES))
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        answer = self.transport(method, path, data, headers)
        self.counts[str(answer[0])] += 1
        return answer

    def transport(
        self, method: str, path: str, data: bytes | None, headers: dict[str, str]
    ) -> tuple[int, dict[str, str], bytes]:
        """Send one request over HTTP (a subclass may send it otherwise)."""
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            connection.request(method, path, data, headers)
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        except (OSError, http.client.HTTPException):
            return 0, {}, b""
        finally:
            connection.close()

    def board(self) -> tuple[str, str]:
        """A random board of some language's dice, and that language's list."""
        dice, dictionary = self.rng.choice(BOARDS)
        side = self.rng.choice((4, 4, 4, 5))
        board, _ = random_board(
            dice if side == 4 else ("big" if dice == "new" else f"{dice}-big"),
            self.rng.randrange(2**32),
            side,
            side,
        )
        return str(board), dictionary

    def act(self) -> None:
        """Do one thing of the mix."""
        action = self.rng.choices(list(ACTIONS), weights=list(ACTIONS.values()))[0]
        getattr(self, f"do_{action}")()

    def remember(self, body: bytes) -> None:
        """Keep a few words of a /solve answer, for /define, /lookup and /score."""
        try:
            found = [w["word"] for w in json.loads(body)["words"][:20]]
        except (ValueError, KeyError, TypeError):
            return
        if found:
            self.words = found

    def do_solve(self) -> None:
        board, dictionary = self.board()
        status, _, body = self.send(
            "GET", "/solve?" + urlencode({"board": board, "dictionary": dictionary})
        )
        if status == 200:
            self.remember(body)

    def do_solve_post(self) -> None:
        board, dictionary = self.board()
        status, _, body = self.send("POST", "/solve", {"board": board, "dictionary": dictionary})
        if status == 200:
            self.remember(body)

    def do_csv(self) -> None:
        board, dictionary = self.board()
        self.send("GET", "/words.csv?" + urlencode({"board": board, "dictionary": dictionary}))

    def do_score(self) -> None:
        board, dictionary = self.board()
        players = [
            {"name": name, "words": self.rng.sample(self.words, min(5, len(self.words)))}
            for name in ("Ann", "Bob", "Cy")
        ]
        self.send("POST", "/score", {"board": board, "dictionary": dictionary, "players": players})

    def do_define(self) -> None:
        _, dictionary = self.board()
        word = self.rng.choice(self.words)
        self.send("GET", "/define?" + urlencode({"word": word, "dictionary": dictionary}))

    def do_lookup(self) -> None:
        _, dictionary = self.board()
        word = self.rng.choice(self.words)
        self.send("GET", "/lookup?" + urlencode({"word": word, "dictionary": dictionary}))

    def do_random(self) -> None:
        dice, dictionary = self.rng.choice(BOARDS)
        self.send("GET", "/random?" + urlencode({"dice": dice, "dictionary": dictionary}))

    def do_dictionaries(self) -> None:
        self.send("GET", "/dictionaries")

    def do_page(self) -> None:
        path = self.rng.choice(PAGES)
        if path == "/" and self.rng.random() < 0.5:
            board, dictionary = self.board()
            path += "?" + urlencode({"board": board, "dictionary": dictionary})
        elif self.room and self.rng.random() < 0.3:
            path = f"/room/{self.room.code}"
        cookie = (
            {"Cookie": f"lang={self.rng.choice(LANGUAGE_CODES)}"} if self.rng.random() < 0.3 else {}
        )
        self.send("GET", path, headers={"Accept": "text/html", **cookie})

    def do_room(self) -> None:
        """The next step of this client's room: make one, join, start, play, read the results."""
        room = self.room
        if room is None:
            dice, dictionary = self.rng.choice(BOARDS)
            status, _, body = self.send(
                "POST",
                "/rooms",
                {"name": "Host", "dice": dice, "dictionary": dictionary, "seconds": 20},
            )
            if status == 201:
                created = json.loads(body)
                self.room = Room(created["room"], [created["token"]])
            return
        auth = {"Authorization": f"Bearer {room.tokens[0]}"}
        if room.state == "lobby" and len(room.tokens) < 3:
            name = self.rng.choice(("Ann", "Bob", "Zoë", "Jürgen", "Chloé", "Åsa")) + str(
                len(room.tokens)
            )
            status, _, body = self.send("POST", f"/rooms/{room.code}/players", {"name": name})
            if status == 201:
                room.tokens.append(json.loads(body)["token"])
        elif room.state == "lobby":
            status, _, body = self.send("POST", f"/rooms/{room.code}/rounds", {}, auth)
            if status == 201:
                # The board is shown at the round's start, after the countdown.
                room.closes_at, room.state = json.loads(body)["round"]["started_at"], "starting"
        elif room.state == "starting" and time.time() >= room.closes_at:
            status, _, body = self.send("GET", f"/rooms/{room.code}", headers=auth)
            played = json.loads(body)["round"] if status == 200 else {}
            if played.get("board"):
                room.closes_at, room.state = played["closes_at"], "playing"
                board = " / ".join(" ".join(row) for row in played["board"])
                dictionary = json.loads(body)["settings"]["dictionary"]
                status, _, solved = self.send(
                    "POST", "/solve", {"board": board, "dictionary": dictionary}
                )
                if status == 200:
                    room.words = [w["word"] for w in json.loads(solved)["words"][:15]]
        elif room.state == "starting":
            return
        elif room.state == "playing" and time.time() < room.closes_at - 1:
            if room.words and self.rng.random() < 0.6:
                token = self.rng.choice(room.tokens)
                word = room.words.pop()
                self.send(
                    "POST",
                    f"/rooms/{room.code}/rounds/1/words",
                    {"word": word},
                    {"Authorization": f"Bearer {token}"},
                )
            else:
                headers = dict(auth)
                if room.etag:
                    headers["If-None-Match"] = room.etag
                status, answer_headers, _ = self.send("GET", f"/rooms/{room.code}", headers=headers)
                room.etag = answer_headers.get("ETag", room.etag)
        elif time.time() > room.closes_at + 0.5:
            self.send("GET", f"/rooms/{room.code}/rounds/1/results", headers=auth)
            self.room = None


# --- The database -----------------------------------------------------------------------


class Postgres:
    """A throwaway PostgreSQL cluster on a Unix socket in a temporary folder."""

    def __init__(self) -> None:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        if not found:
            raise SystemExit("PostgreSQL is not installed (Debian: apt-get install postgresql)")
        self.bin = found[-1].parent
        self.base = Path(tempfile.mkdtemp(prefix="boggle-soak-pg-"))
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self.data = self.base / "data"

    def run(self, command: list[str]) -> None:
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True)

    def start(self) -> str:
        """Start it, make the rooms database, migrate it; its URL."""
        self.run([str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust"])
        options = f"-c listen_addresses='' -k {self.base} -c max_connections=100"
        self.run(
            [
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.data),
                "-l",
                str(self.base / "log"),
                "-w",
                "-o",
                options,
                "start",
            ]
        )
        self.run([str(self.bin / "createdb"), "-h", str(self.base), "-U", "postgres", "rooms"])
        url = f"postgresql+psycopg://postgres@/rooms?host={self.base}"
        upgrade(url)
        return url

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop"])
        shutil.rmtree(self.base, ignore_errors=True)


# --- The run ----------------------------------------------------------------------------


def main() -> int:
    """Start the recipe, soak it, print the memory table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--workers", type=int, default=4, help="per app server")
    parser.add_argument("--app-servers", type=int, default=1)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--sample", type=float, default=60, help="seconds between samples")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write the samples here too")
    args = parser.parse_args()
    if find_nginx() is None:
        raise SystemExit("nginx is not installed (Debian: apt-get install nginx)")
    database = args.database or ("postgresql" if args.app_servers > 1 else "sqlite")
    postgres = Postgres() if database == "postgresql" else None
    scratch = Path(tempfile.mkdtemp(prefix="boggle-soak-"))
    if postgres:
        url = postgres.start()
    else:
        url = f"sqlite:///{scratch / 'rooms.sqlite3'}"
        upgrade(url)
    env = {
        "BOGGLE_WORKERS": str(args.workers),
        "BOGGLE_DATABASE_URL": url,
        "BOGGLE_ROOM_CREATIONS_PER_HOUR": "1000000",
        "BOGGLE_LOG_LEVEL": "warning",
        # The recipe is production, which rolls the days' boards from a secret.
        "BOGGLE_DAILY_SECRET": "the soak's own secret",
    }
    recipe = Recipe("127.0.0.1", free_port(), env=env, app_servers=args.app_servers)
    stop = threading.Event()
    counts: Counter[str] = Counter()
    samples: list[Sample] = []
    try:
        recipe.start(gunicorn_log=subprocess.DEVNULL)
        print(
            f"soak: {args.minutes:g} min, {args.app_servers} app server(s) x {args.workers} "
            f"workers, {args.clients} clients, {database}; load average "
            f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}",
            flush=True,
        )

        def run_client(n: int) -> None:
            client = Client(recipe.base, args.seed * 1000 + n, counts)
            while not stop.is_set():
                client.act()

        threads = [
            threading.Thread(target=run_client, args=(n,), daemon=True) for n in range(args.clients)
        ]
        started = time.monotonic()
        samples.append(sample(recipe, started, 0))
        print(HEADER)
        print(samples[-1].row(), flush=True)
        for thread in threads:
            thread.start()
        end = started + args.minutes * 60
        while time.monotonic() < end:
            time.sleep(min(args.sample, max(0.0, end - time.monotonic())))
            samples.append(sample(recipe, started, sum(counts.values())))
            print(samples[-1].row(), flush=True)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        stop.set()
        recipe.stop(quick=True)
        if postgres:
            postgres.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    half = samples[len(samples) // 2]
    last = samples[-1]
    grown = [last.workers[pid] - half.workers[pid] for pid in last.workers if pid in half.workers]
    print(f"answers by status: {dict(sorted(counts.items()))}")
    if grown:
        print(
            f"each worker's PSS over the last half ({half.seconds / 60:.1f} to "
            f"{last.seconds / 60:.1f} min): {min(grown):+.1f} to {max(grown):+.1f} MB; "
            f"largest {max(last.workers.values()):.1f} MB"
        )
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if args.json:
        args.json.write_text(json.dumps([s.__dict__ for s in samples], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
