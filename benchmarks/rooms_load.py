"""Rooms under load: many rooms of players polling and playing against the production recipe.

    python benchmarks/rooms_load.py [--database sqlite|postgresql|both] [--rooms 50]
        [--players 4] [--duration 120] [--round-seconds 30]

For each database: a fresh one (an SQLite file, or a throwaway PostgreSQL cluster of
Debian's PostgreSQL 15 on a Unix socket), the schema applied with Alembic as
``make db-upgrade`` does, then the production recipe (nginx + gunicorn, as
``make serve``) on a loopback port with ``BOGGLE_DATABASE_URL`` pointing at it. The
running gunicorn is asked over its control socket which worker class and how many
workers it runs, and /healthz which database it uses.

Then ``--rooms`` rooms of ``--players`` players each (one thread per player, each with
its own keep-alive connection): everyone polls ``GET /rooms/CODE`` with
``If-None-Match`` every ``--poll`` seconds; while a round plays, everyone submits a word
every ``--word-every`` seconds (seven in ten from the board's own words, the rest
made-up); when a round ends, everyone reads its results once, and the host starts the
next round a couple of seconds later. Rooms start a quarter of a poll apart and each
player's clock starts at a random phase, as real players would.

Reported per database: requests and their rate, latency percentiles per kind of
request and overall, and every answer that was not the expected one (an error). Room
creation and joining happen before the clock starts and are reported apart.

Everything stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load_test import RunningServer, free_port, wait_until_healthy  # noqa: E402
from benchmarks.process_cpu import tree_cpu_seconds  # noqa: E402
from boggle import Catalog  # noqa: E402
from boggle.board import parse_board  # noqa: E402
from boggle.solver import solve  # noqa: E402
from deploy.serve import Recipe, find_nginx  # noqa: E402

POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")
#: Answers that are the expected ones; anything else is counted as an error.
EXPECTED = {200, 201, 304}
#: Players stop submitting this long before the round's end by their corrected clock,
#: so a word in flight never meets the end (a 409 there would be the client's doing).
STOP_BEFORE_END = 0.5


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values, in their own unit."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


@dataclass
class Tally:
    """Latencies per kind of request, and the unexpected answers, shared by all threads."""

    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, ms: float, status: int, detail: str = "") -> None:
        """Record one answer."""
        with self.lock:
            self.latencies[kind].append(ms)
            if status not in EXPECTED:
                self.errors[f"{kind} {status} {detail}".strip()] += 1


class Client:
    """One player's keep-alive connection to the server, timing every request."""

    def __init__(self, port: int, tally: Tally | None) -> None:
        self.port = port
        self.tally = tally
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.token = ""

    def request(
        self, kind: str, method: str, path: str, body: dict | None = None, etag: str = ""
    ) -> tuple[int, dict, str]:
        """Send one request; (status, JSON body or {}, ETag). Reconnects once if dropped."""
        headers = {"Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        if etag:
            headers["If-None-Match"] = etag
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                self.connection.request(method, path, body=payload, headers=headers)
                response = self.connection.getresponse()
                raw = response.read()
            except (ConnectionError, http.client.HTTPException, TimeoutError) as error:
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    if self.tally:
                        self.tally.add(kind, (time.perf_counter() - started) * 1000, 0, repr(error))
                    return 0, {}, ""
                continue
            ms = (time.perf_counter() - started) * 1000
            data = json.loads(raw) if raw and response.status != 304 else {}
            code = data.get("error", {}).get("code", "") if isinstance(data, dict) else ""
            if self.tally:
                self.tally.add(kind, ms, response.status, code)
            return response.status, data, response.getheader("ETag", "")
        raise AssertionError("unreachable")


class Player(threading.Thread):
    """One simulated player: polls, plays words while a round runs, reads results."""

    def __init__(self, port: int, room: str, token: str, host: bool, args, tally: Tally,
                 words_of: WordsOf, stop_at: float, seed: int) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.client = Client(port, tally)
        self.client.token = token
        self.room, self.host, self.args = room, host, args
        self.words_of, self.stop_at = words_of, stop_at
        self.rng = random.Random(seed)

    def run(self) -> None:
        """Act on schedule until the run's end."""
        args, rng = self.args, self.rng
        etag, state, offset = "", {}, 0.0
        next_poll = time.monotonic() + rng.uniform(0, args.poll)
        next_word = time.monotonic() + rng.uniform(0, args.word_every)
        results_read: set[int] = set()
        finished_seen_at: float | None = None
        while time.monotonic() < self.stop_at:
            now = time.monotonic()
            if now >= next_poll:
                next_poll += args.poll
                sent = time.time()
                status, body, new_etag = self.client.request(
                    "poll", "GET", f"/rooms/{self.room}", etag=etag
                )
                if status == 200:
                    etag, state = new_etag, body
                    offset = body["now"] - (sent + time.time()) / 2
                round_ = state.get("round") or {}
                number = round_.get("number", 0)
                if round_.get("state") == "finished" and number not in results_read:
                    results_read.add(number)
                    finished_seen_at = time.monotonic()
                    self.client.request(
                        "results", "GET", f"/rooms/{self.room}/rounds/{number}/results"
                    )
                if (
                    self.host
                    and round_.get("state") == "finished"
                    and finished_seen_at is not None
                    and time.monotonic() - finished_seen_at >= args.pause
                ):
                    finished_seen_at = None
                    self.client.request("start", "POST", f"/rooms/{self.room}/rounds", body={})
                    etag = ""  # read the new round at the next poll
            round_ = state.get("round") or {}
            if now >= next_word:
                next_word += args.word_every
                playing = round_.get("state") == "playing"
                if playing and time.time() + offset < round_["ends_at"] - STOP_BEFORE_END:
                    real = self.words_of(round_["board"], state["settings"])
                    word = (
                        rng.choice(real)
                        if real and rng.random() < 0.7
                        else "".join(rng.choice("aeiourstln") for _ in range(rng.randint(3, 7)))
                    )
                    self.client.request(
                        "word", "POST", f"/rooms/{self.room}/rounds/{round_['number']}/words",
                        body={"word": word},
                    )  # fmt: skip
            time.sleep(max(0.0, min(next_poll, next_word) - time.monotonic()))


class WordsOf:
    """A board's words, solved once per board on the client side (cached)."""

    def __init__(self) -> None:
        self.catalog = Catalog()
        self.cache: dict[str, list[str]] = {}
        self.lock = threading.Lock()

    def __call__(self, board: list[list[str]], settings: dict) -> list[str]:
        key = json.dumps([board, settings.get("dictionary"), settings.get("min_length")])
        with self.lock:
            if key not in self.cache:
                dictionary = self.catalog.get(settings["dictionary"])
                text = " ".join("".join(cell.lower() for cell in row) for row in board)
                solution = solve(
                    parse_board(text), dictionary, min_length=settings.get("min_length", 3)
                )
                self.cache[key] = [found.word for found in solution.words]
            return self.cache[key]


def start_postgres(folder: Path) -> tuple[str, callable]:
    """A throwaway PostgreSQL cluster on a Unix socket in folder; its URL and a stopper."""
    as_owner: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the cluster as postgres
        shutil.chown(folder, "postgres", "postgres")
        as_owner = ["runuser", "-u", "postgres", "--"]
    data, port = folder / "data", free_port()
    quiet = {"stdout": subprocess.DEVNULL, "check": True}
    subprocess.run([*as_owner, str(POSTGRES_BIN / "initdb"), "-D", str(data), "-U",
                    "postgres", "--auth=trust", "-E", "UTF8"], **quiet)  # fmt: skip
    options = f"-c listen_addresses='' -k {folder} -p {port}"
    subprocess.run([*as_owner, str(POSTGRES_BIN / "pg_ctl"), "-D", str(data), "-o", options,
                    "-l", str(folder / "log"), "-w", "start"], **quiet)  # fmt: skip
    subprocess.run([*as_owner, str(POSTGRES_BIN / "createdb"), "-h", str(folder), "-p",
                    str(port), "-U", "postgres", "boggle"], **quiet)  # fmt: skip

    def stop() -> None:
        subprocess.run([*as_owner, str(POSTGRES_BIN / "pg_ctl"), "-D", str(data), "-m",
                        "fast", "stop"], stdout=subprocess.DEVNULL)  # fmt: skip

    return f"postgresql+psycopg://postgres@/boggle?host={folder}&port={port}", stop


def migrate(url: str) -> None:
    """Apply the schema as ``make db-upgrade`` does."""
    env = {**os.environ, "BOGGLE_DATABASE_URL": url}
    subprocess.run(
        [sys.executable, "-m", "alembic", "-c", str(ROOT / "alembic.ini"), "upgrade", "head"],
        cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def run_one(database: str, args) -> dict:
    """Start a database and the recipe on it, play the rooms, return the figures."""
    folder = Path(tempfile.mkdtemp(prefix=f"boggle-rooms-{database}-"))
    stop_database = None
    try:
        if database == "postgresql":
            url, stop_database = start_postgres(folder)
        else:
            url = f"sqlite:///{folder / 'rooms.sqlite3'}"
        migrate(url)
        port = free_port()
        env = {
            "BOGGLE_LOG_LEVEL": "warning",
            # The recipe is production, which rolls the days' boards from a secret.
            "BOGGLE_DAILY_SECRET": "the rooms benchmark's own secret",
            **(
                {"BOGGLE_ROOM_SQLITE_SYNCHRONOUS": args.sqlite_synchronous}
                if args.sqlite_synchronous
                else {}
            ),
            "BOGGLE_DATABASE_URL": url,
            # One client creates every room here; the per-client limit is for strangers.
            "BOGGLE_ROOM_CREATIONS_PER_HOUR": str(args.rooms + 10),
        }
        recipe = Recipe("127.0.0.1", port, env=env)
        try:
            recipe.start()
            wait_until_healthy(f"http://127.0.0.1:{port}/healthz", 120)
            server = RunningServer(recipe.control_socket)
            health = Client(port, None).request("health", "GET", "/healthz")[1]
            return play(port, args, server, health)
        finally:
            recipe.stop()
    finally:
        if stop_database:
            stop_database()
        shutil.rmtree(folder, ignore_errors=True)


def play(port: int, args, server: RunningServer, health: dict) -> dict:
    """Create the rooms, start their first rounds, run the players; the figures."""
    setup = Tally()
    rooms = []
    setup_client = Client(port, setup)
    for r in range(args.rooms):
        status, body, _ = setup_client.request(
            "create", "POST", "/rooms",
            body={"name": f"Host {r}", "dice": args.dice, "seconds": args.round_seconds},
        )  # fmt: skip
        if status != 201:
            raise SystemExit(f"creating room {r} answered {status}: {body}")
        seats = [(body["token"], True)]
        for p in range(1, args.players):
            joiner = Client(port, setup)
            status, joined, _ = joiner.request(
                "join", "POST", f"/rooms/{body['room']}/players", body={"name": f"P{r}-{p}"}
            )
            if status != 201:
                raise SystemExit(f"joining room {r} answered {status}: {joined}")
            seats.append((joined["token"], False))
        rooms.append((body["room"], seats))
    tally = Tally()
    words_of = WordsOf()
    # The app server's whole tree, read anew at each end: gunicorn replaces a worker
    # after max_requests answers, and the worker found at the start would take its time
    # with it (process_cpu.py). gunicorn's master is in it too, a small share.
    cpu_before = tree_cpu_seconds(server.master)
    started = time.monotonic()
    stop_at = started + args.duration
    threads = []
    for index, (code, seats) in enumerate(rooms):
        # Rooms start a quarter-poll apart, so rounds do not all end on the same tick.
        host = Client(port, tally)
        host.token = seats[0][0]
        host.request("start", "POST", f"/rooms/{code}/rounds", body={})
        for seat, (token, is_host) in enumerate(seats):
            player = Player(port, code, token, is_host, args, tally, words_of, stop_at,
                            seed=index * 100 + seat)  # fmt: skip
            player.start()
            threads.append(player)
        time.sleep(args.poll / 4 / max(1, args.rooms / 8))
    for thread in threads:
        thread.join(timeout=args.duration + 60)
    elapsed = time.monotonic() - started
    cpu = tree_cpu_seconds(server.master) - cpu_before
    return {
        "cpu": cpu,
        "server": server,
        "health": health,
        "setup": setup,
        "tally": tally,
        "elapsed": elapsed,
    }


def report(database: str, figures: dict, args) -> None:
    """Print one database's table."""
    server, tally = figures["server"], figures["tally"]
    health = figures["health"]
    everything = [ms for values in tally.latencies.values() for ms in values]
    print(
        f"\n{database}: nginx -> gunicorn, {len(server.workers)} {server.worker_class} "
        f"workers (as the running server reports); /healthz database: "
        f"{health.get('rooms_database', '?')}; {os.cpu_count()} cores; "
        f"{args.rooms} rooms x {args.players} players, {figures['elapsed']:.0f} s, "
        f"load average at the end {os.getloadavg()[0]:.2f}"
    )
    print(f"{'request':<10}{'count':>8}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}")  # fmt: skip
    for kind, values in [*sorted(tally.latencies.items()), ("all", everything)]:
        print(
            f"{kind:<10}{len(values):>8}{len(values) / figures['elapsed']:>8.1f}"
            f"{statistics.median(values):>9.2f}{percentile(values, 95):>9.2f}"
            f"{percentile(values, 99):>9.2f}{max(values):>9.1f}"
        )
    setup = [ms for values in figures["setup"].latencies.values() for ms in values]
    print(f"setup (create and join, one at a time): {len(setup)} requests, "
          f"p50 {statistics.median(setup):.2f} ms, p99 {percentile(setup, 99):.2f} ms")  # fmt: skip
    print(
        f"gunicorn's CPU (its master and every worker, replaced ones too): "
        f"{figures['cpu']:.1f} s in all, "
        f"{figures['cpu'] * 1000 / max(1, len(everything)):.2f} ms a request"
    )
    errors = sum(tally.errors.values()) + sum(figures["setup"].errors.values())
    print(f"errors: {errors}" + "".join(f"\n  {k}: {n}" for k, n in sorted(tally.errors.items())))


def main() -> int:
    """Run the rooms load test on each database asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--duration", type=float, default=120, help="seconds of play measured")
    parser.add_argument("--round-seconds", type=int, default=30)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--word-every", type=float, default=3.0, help="seconds between words")
    parser.add_argument(
        "--pause", type=float, default=2.0, help="seconds from the results to the next round"
    )
    parser.add_argument("--dice", default="new")
    parser.add_argument(
        "--sqlite-synchronous",
        choices=("full", "normal"),
        help="ROOM_SQLITE_SYNCHRONOUS for the run (default: the app's own default)",
    )
    args = parser.parse_args()
    if find_nginx() is None:
        print("error: nginx is not installed (Debian: apt-get install nginx)")
        return 2
    databases = ("sqlite", "postgresql") if args.database == "both" else (args.database,)
    if "postgresql" in databases and not (POSTGRES_BIN / "initdb").exists():
        print("error: PostgreSQL 15 is not installed (Debian: apt-get install postgresql)")
        return 2
    print(f"started {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    failed = False
    for database in databases:
        figures = run_one(database, args)
        report(database, figures, args)
        failed |= bool(sum(figures["tally"].errors.values()))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
