"""A day's board under load, through the production recipe on PostgreSQL.

    python benchmarks/daily_load.py [--players 10000] [--minutes 10] [--words 30]
        [--seeded 1000000] [--seed-words 30] [--samples 400] [--clients 64]

(``make bench-daily`` runs it at full scale.) A throwaway PostgreSQL cluster of Debian's
PostgreSQL 15 on a Unix socket, the schema applied as ``make db-upgrade`` does, then the
production recipe (nginx + gunicorn, as ``make serve``, BOGGLE_ENV=production with a
secret of its own) on a loopback port with ``BOGGLE_DATABASE_URL`` pointing at it.

1. **Ten thousand players on one board.** ``--players`` players arrive evenly over
   ``--minutes`` minutes, each with a player key of their own (its cookie), and play
   today's English 4x4 board as the page does: start it (POST .../play), send
   ``--words`` words spread over its 3 minutes (seven in ten from the board's own
   words, the rest made up; POST .../words), stop at the last word (half of them, POST
   .../finish) or let the time run out, then read their results once (GET
   .../results) after the grace. ``--clients`` threads, each with its own keep-alive
   connection, send the players' requests when they fall due, so the players' rate
   is the schedule's, not the clients'. Reported: latency percentiles per kind of
   request, against the targets (a word's p99 at most 50 ms, a results page's at most
   100 ms), and every answer that was not the expected one.

2. **A results page with 1,000,000 plays stored as fast as with 1,000.** Two more of
   today's boards are filled straight in the database (SQL ``generate_series``): one
   with 1,000 finished plays, one with ``--seeded`` (a million), each with
   ``--seed-words`` words, a tenth named, the boards' tallies (histogram, finders)
   counted from them once, then ``VACUUM ANALYZE``. The results page of a random
   seeded player of each board is then asked for ``--samples`` times, the two boards
   in turn (side by side, one request at a time), and their medians compared.

Each part's figures are printed with the load average before and after. Everything
stays on 127.0.0.1; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import random
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load_test import RunningServer, free_port, wait_until_healthy  # noqa: E402
from benchmarks.process_cpu import tree_cpu_seconds  # noqa: E402
from benchmarks.rooms_load import POSTGRES_BIN, migrate, percentile, start_postgres  # noqa: E402
from boggle import Catalog  # noqa: E402
from boggle.solver import solve  # noqa: E402
from deploy.serve import Recipe, find_nginx  # noqa: E402
from games.daily import DAILY_SECONDS, daily_board  # noqa: E402
from games.rooms import GRACE_SECONDS  # noqa: E402

#: The secret the run's boards are rolled with (a production server needs its own).
SECRET = "the daily benchmark's own secret"
#: A day's 4x4 round (games/daily.py).
ROUND_SECONDS = DAILY_SECONDS[4]
#: What each part aims for, in milliseconds (the issue's targets).
TARGETS = {"word": 50.0, "results": 100.0}
COOKIE = "boggle_player"
EXPECTED = {200, 201}


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


class Connection:
    """One keep-alive connection to the server, timing every request.

    The requests are written and the answers read straight on a socket, byte for byte
    the requests ``http.client`` sends (the same request line and headers, in its
    order), because on these 2 cores the clients share the CPU with the server:
    ``http.client`` parses every answer's headers with the ``email`` package, and at
    about 500 requests a second that was a sizeable share of a core taken from the
    server being measured (README, "Today's board under load"). An answer's body is
    decoded only when it is an error, whose code is counted.
    """

    def __init__(self, port: int) -> None:
        self.port = port
        self.host = f"127.0.0.1:{port}".encode()
        self.sock: socket.socket | None = None
        self.buffer = b""

    def _connect(self) -> socket.socket:
        self.close()
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        return self.sock

    def close(self) -> None:
        """Close the connection, if open."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def _read_answer(self, sock: socket.socket) -> tuple[int, list[bytes], bytes]:
        """The next answer's status, header lines and body (Content-Length or chunked)."""
        while b"\r\n\r\n" not in self.buffer:
            self._fill(sock)
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status_line, *lines = head.split(b"\r\n")
        status = int(status_line.split(b" ", 2)[1])
        length, chunked, close = 0, False, False
        for line in lines:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                close = value.strip().lower() == b"close"
        if chunked:
            body = b""
            while True:
                while b"\r\n" not in self.buffer:
                    self._fill(sock)
                size_line, self.buffer = self.buffer.split(b"\r\n", 1)
                size = int(size_line.split(b";")[0], 16)
                while len(self.buffer) < size + 2:
                    self._fill(sock)
                body, self.buffer = body + self.buffer[:size], self.buffer[size + 2 :]
                if size == 0:
                    break
        else:
            while len(self.buffer) < length:
                self._fill(sock)
            body, self.buffer = self.buffer[:length], self.buffer[length:]
        if close:
            self.close()
        return status, lines, body

    def _fill(self, sock: socket.socket) -> None:
        data = sock.recv(65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.buffer += data

    def request(
        self,
        method: str,
        path: str,
        token: str = "",
        body: dict | None = None,
        *,
        decode: bool = False,
    ) -> tuple[int, dict, str, float]:
        """(status, JSON body of an error, or of any answer if ``decode`` (else {}), the
        player key it set if any, ms). Reconnects once if dropped."""
        # What http.client sends for request(method, path, body, headers): its Host and
        # Accept-Encoding, a Content-Length for a body, then the headers given.
        head = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + self.host,
                b"Accept-Encoding: identity"]  # fmt: skip
        payload = b""
        if body is not None:
            payload = json.dumps(body).encode()
            head.append(b"Content-Length: %d" % len(payload))
        head.append(b"Accept: application/json")
        if token:
            head.append(f"Cookie: {COOKIE}={token}".encode())
        if body is not None:
            head.append(b"Content-Type: application/json")
        message = b"\r\n".join(head) + b"\r\n\r\n" + payload
        for attempt in (1, 2):
            started = time.perf_counter()
            try:
                sock = self.sock or self._connect()
                sock.sendall(message)
                status, lines, raw = self._read_answer(sock)
            except (OSError, ValueError, IndexError):
                self.close()
                if attempt == 2:
                    return 0, {}, "", (time.perf_counter() - started) * 1000
                continue
            ms = (time.perf_counter() - started) * 1000
            key = ""
            for line in lines:
                if line[:11].lower() == b"set-cookie:":
                    cookie = line[11:].strip().decode()
                    if cookie.startswith(COOKIE):
                        key = cookie.split(";", 1)[0].partition("=")[2]
            data = {}
            if raw and (decode or status not in EXPECTED):
                try:
                    data = json.loads(raw)
                except ValueError:
                    data = {}
            return status, data, key, ms
        raise AssertionError("unreachable")


@dataclass
class Player:
    """One simulated player of the board: their key once they have one."""

    number: int
    token: str = ""
    words: list[str] = field(default_factory=list)
    stops: bool = False  # stops at the last word, or lets the time run out


def today() -> str:
    return datetime.now(UTC).date().isoformat()


# --- Part 1: ten thousand players ----------------------------------------------------------


def play_the_day(port: int, args) -> tuple[Tally, float]:
    """Every player's requests, each sent when it falls due; the tally and the seconds."""
    key = f"{today()}/en/4x4"
    board = daily_board(SECRET, today(), "en", "4x4")
    words = [w.word for w in solve(board, Catalog().get("standard")).words]
    rng = random.Random(31)
    tally = Tally()
    arrive_every = args.minutes * 60 / args.players
    spacing = (ROUND_SECONDS - 5) / args.words
    # The schedule: (when, sequence, player, action, payload), earliest first.
    schedule: list[tuple[float, int, int, str, str]] = []
    players = []
    sequence = 0
    for number in range(args.players):
        player = Player(number, stops=rng.random() < 0.5)
        player.words = [
            rng.choice(words)
            if words and rng.random() < 0.7
            else "".join(rng.choice("aeiourstln") for _ in range(rng.randint(3, 7)))
            for _ in range(args.words)
        ]
        players.append(player)
        start = number * arrive_every + rng.uniform(0, arrive_every)
        events = [(start, "start", "")]
        events += [(start + (k + 0.5) * spacing, "word", w) for k, w in enumerate(player.words)]
        end = start + (args.words - 0.5) * spacing + 0.5
        if player.stops:
            events.append((end, "finish", ""))
            events.append((end + 0.5, "results", ""))
        else:
            events.append((start + ROUND_SECONDS + GRACE_SECONDS + 1, "results", ""))
        for when, action, payload in events:
            schedule.append((when, sequence, number, action, payload))
            sequence += 1
    heapq.heapify(schedule)
    lock = threading.Lock()
    began = time.monotonic()
    base = f"/daily/{key}"
    # A player's start sets their key; their next requests wait for it.
    started: dict[int, threading.Event] = {p.number: threading.Event() for p in players}

    def client() -> None:
        connection = Connection(port)
        while True:
            with lock:
                if not schedule:
                    return
                when, _seq, number, action, payload = heapq.heappop(schedule)
            delay = began + when - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            player = players[number]
            if action == "start":
                status, body, token, ms = connection.request("POST", f"{base}/play", body={})
                player.token = token
                started[number].set()
                tally.add("start", ms, status, body.get("error", {}).get("code", ""))
                continue
            started[number].wait(timeout=60)
            if action == "word":
                status, body, _, ms = connection.request(
                    "POST", f"{base}/words", player.token, {"word": payload}
                )
            elif action == "finish":
                status, body, _, ms = connection.request("POST", f"{base}/finish", player.token, {})
            else:
                status, body, _, ms = connection.request("GET", f"{base}/results", player.token)
            tally.add(action, ms, status, body.get("error", {}).get("code", ""))

    threads = [threading.Thread(target=client, daemon=True) for _ in range(args.clients)]
    for thread in threads:
        thread.start()
    limit = args.minutes * 60 + ROUND_SECONDS + 120
    for thread in threads:
        thread.join(timeout=max(1.0, began + limit - time.monotonic()))
    return tally, time.monotonic() - began


# --- Part 2: a million plays stored ------------------------------------------------------


SEED_SQL = """
WITH made AS (
  INSERT INTO anonymous_players (name, created_at, seen_at)
  SELECT CASE WHEN g % 10 = 0 THEN 'Seed ' || g ELSE NULL END, :now, :now
  FROM generate_series(1, :count) AS g
  RETURNING id
)
SELECT min(id), max(id) FROM made
"""
SEED_KEYS = """
INSERT INTO player_keys (player_id, token_hash, created_at)
SELECT id, encode(sha256(convert_to(:prefix || (id - :first + 1), 'UTF8')), 'hex'), :now
FROM anonymous_players WHERE id BETWEEN :first AND :last
"""
SEED_PLAYS = """
INSERT INTO plays (board_id, player_id, started_at, ends_at, finished_at, score, found,
                   long_words, best_word, named, sent, rate_window, rate_count)
SELECT :board, id, :now - 200, :now - 20, :now - 20,
       (abs(hashtext(id::text)) % 60), 12, 1, 'seed', (id - :first + 1) % 10 = 0, :words, 0, 0
FROM anonymous_players WHERE id BETWEEN :first AND :last
"""
SEED_WORDS = """
INSERT INTO play_words (play_id, word, written, verdict, score, path, sent_at)
SELECT p.id, w.word, w.word, 'accepted', w.score, NULL, :now - 100
FROM plays p
CROSS JOIN LATERAL (
  SELECT word, score FROM board_words
  WHERE board_id = :board ORDER BY (hashtext(word || p.id::text)) LIMIT :words
) AS w
WHERE p.board_id = :board
"""
SEED_TALLIES = [
    """INSERT INTO board_scores (board_id, score, players)
       SELECT :board, score, count(*) FROM plays WHERE board_id = :board GROUP BY score""",
    """UPDATE board_words b SET finders = c.n FROM (
         SELECT w.word, count(*) AS n FROM play_words w JOIN plays p ON p.id = w.play_id
         WHERE p.board_id = :board GROUP BY w.word) AS c
       WHERE b.board_id = :board AND b.word = c.word""",
]


def seed(url: str, board_id: int, count: int, words: int, prefix: str) -> float:
    """Fill a board with ``count`` finished plays of ``words`` words each, their players'
    keys ``prefix`` + 1..count; the seconds it took."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    started = time.monotonic()
    now = time.time()
    with engine.begin() as connection:
        first, last = connection.execute(text(SEED_SQL), {"count": count, "now": now}).one()
        values = {"board": board_id, "first": first, "last": last, "now": now, "words": words}
        connection.execute(text(SEED_KEYS), {**values, "prefix": prefix})
        connection.execute(text(SEED_PLAYS), values)
        if words:
            connection.execute(text(SEED_WORDS), values)
        for statement in SEED_TALLIES:
            connection.execute(text(statement), values)
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE"))
    engine.dispose()
    return time.monotonic() - started


def board_id_of(url: str, key: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as connection:
        found = connection.execute(text("SELECT id FROM boards WHERE key = :k"), {"k": key}).one()
    engine.dispose()
    return found[0]


def results_side_by_side(port: int, url: str, args) -> dict:
    """Seed the two boards, then time their results pages in turn."""
    connection = Connection(port)
    sizes = {"de": 1000, "fr": args.seeded}
    seeded = {}
    for language, count in sizes.items():
        key = f"{today()}/{language}/4x4"
        # Asking for the board stores it.
        status, body, _, _ = connection.request("GET", f"/daily/{key}", decode=True)
        if status != 200:
            raise SystemExit(f"GET /daily/{key} answered {status}: {body}")
        board = board_id_of(url, key)
        seconds = seed(url, board, count, args.seed_words, f"seed-{language}-")
        seeded[language] = (key, count, seconds)
        print(f"seeded {count:,} plays of {key} with {args.seed_words} words each in "
              f"{seconds:.0f} s")  # fmt: skip
    rng = random.Random(7)
    times: dict[str, list[float]] = {language: [] for language in sizes}
    errors = 0
    for _ in range(args.samples):
        for language, (key, count, _) in seeded.items():
            token = f"seed-{language}-{rng.randint(1, count)}"
            status, body, _, ms = connection.request(
                "GET", f"/daily/{key}/results", token, decode=True
            )
            if status != 200 or body.get("players") != count:
                errors += 1
            times[language].append(ms)
    return {"sizes": sizes, "times": times, "errors": errors}


# --- The run ------------------------------------------------------------------------------


def report_day(tally: Tally, elapsed: float, args, server: RunningServer, load: float) -> bool:
    """Print part 1's table; whether it met the targets with no unexpected answer."""
    print(
        f"\n1. {args.players:,} players over {args.minutes:g} minutes, {args.words} words each: "
        f"nginx -> gunicorn, {len(server.workers)} {server.worker_class} workers, PostgreSQL; "
        f"{os.cpu_count()} cores; {elapsed:.0f} s; load average {load:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after"
    )
    print(f"{'request':<9}{'count':>8}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}  target")  # fmt: skip
    met = True
    for kind in ("start", "word", "finish", "results"):
        values = tally.latencies.get(kind, [])
        if not values:
            continue
        p99 = percentile(values, 99)
        target = TARGETS.get(kind)
        verdict = "" if target is None else f"p99 <= {target:g}: {'yes' if p99 <= target else 'NO'}"
        met &= target is None or p99 <= target
        print(
            f"{kind:<9}{len(values):>8}{len(values) / elapsed:>8.1f}"
            f"{statistics.median(values):>9.2f}{percentile(values, 95):>9.2f}"
            f"{p99:>9.2f}{max(values):>9.1f}  {verdict}"
        )
    errors = sum(tally.errors.values())
    print(f"errors: {errors}" + "".join(f"\n  {k}: {n}" for k, n in sorted(tally.errors.items())))
    return met and not errors


def cpu_parts(recipe: Recipe, folder: Path) -> dict[str, Callable[[], float]]:
    """What reads each part's CPU seconds so far: the app (gunicorn's master and
    workers), nginx, PostgreSQL (its postmaster and backends) and the clients (this
    process, whose threads send the requests)."""
    postmaster = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    assert recipe.gunicorn is not None and recipe.nginx is not None
    gunicorn, nginx = recipe.gunicorn.pid, recipe.nginx.pid
    return {
        "gunicorn": lambda: tree_cpu_seconds(gunicorn),
        "nginx": lambda: tree_cpu_seconds(nginx),
        "postgresql": lambda: tree_cpu_seconds(postmaster),
        "clients": lambda: sum(os.times()[:2]),
    }


def report_cpu(spent: dict[str, float], tally: Tally, elapsed: float) -> None:
    """Print where the CPU went during part 1: each part's cores and ms a request."""
    requests = sum(len(values) for values in tally.latencies.values())
    print(f"CPU during part 1, {requests:,} requests, {os.cpu_count()} cores:")
    print(f"{'process':<12}{'CPU s':>9}{'cores':>8}{'ms a request':>14}")
    for name, seconds in [*spent.items(), ("all", sum(spent.values()))]:
        print(
            f"{name:<12}{seconds:>9.1f}{seconds / elapsed:>8.2f}"
            f"{seconds * 1000 / max(1, requests):>14.3f}"
        )


def report_stored(figures: dict, load: float) -> None:
    """Print part 2's table."""
    print(f"\n2. results pages side by side, one request at a time; load average {load:.2f} "
          f"before, {os.getloadavg()[0]:.2f} after")  # fmt: skip
    print(f"{'plays stored':>13}{'requests':>10}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}")
    medians = []
    for language, count in figures["sizes"].items():
        values = figures["times"][language]
        medians.append(statistics.median(values))
        print(
            f"{count:>13,}{len(values):>10}{statistics.median(values):>9.2f}"
            f"{percentile(values, 95):>9.2f}{percentile(values, 99):>9.2f}"
        )
    print(f"median with the most plays / with the fewest: {medians[-1] / medians[0]:.2f}; "
          f"wrong answers: {figures['errors']}")  # fmt: skip


def main() -> int:
    """Run both parts on one PostgreSQL database behind the production recipe."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--minutes", type=float, default=10.0, help="over which players arrive")
    parser.add_argument("--words", type=int, default=30, help="words each player sends")
    parser.add_argument("--clients", type=int, default=64, help="sending threads")
    parser.add_argument("--seeded", type=int, default=1_000_000, help="plays of the big board")
    parser.add_argument("--seed-words", type=int, default=30, help="words per seeded play")
    parser.add_argument("--samples", type=int, default=400, help="results pages per board")
    parser.add_argument(
        "--workers", type=int, default=0, help="gunicorn workers (default: its own)"
    )
    parser.add_argument("--skip-day", action="store_true", help="part 2 only")
    parser.add_argument("--skip-stored", action="store_true", help="part 1 only")
    args = parser.parse_args()
    if find_nginx() is None:
        print("error: nginx is not installed (Debian: apt-get install nginx)")
        return 2
    if not (POSTGRES_BIN / "initdb").exists():
        print("error: PostgreSQL 15 is not installed (Debian: apt-get install postgresql)")
        return 2
    print(f"started {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="boggle-daily-"))
    folder.chmod(0o755)
    url, stop_database = start_postgres(folder)
    try:
        migrate(url)
        port = free_port()
        env = {
            "BOGGLE_LOG_LEVEL": "warning",
            "BOGGLE_DAILY_SECRET": SECRET,
            "BOGGLE_DATABASE_URL": url,
            # The lists the boards are played in; the others would only lengthen the start.
            "BOGGLE_PRELOAD_DICTIONARIES": "standard,de,fr",
            "BOGGLE_PRELOAD_RATINGS": "standard",
            **({"BOGGLE_WORKERS": str(args.workers)} if args.workers else {}),
        }
        recipe = Recipe("127.0.0.1", port, env=env)
        try:
            recipe.start()
            wait_until_healthy(f"http://127.0.0.1:{port}/healthz", 180)
            server = RunningServer(recipe.control_socket)
            met = True
            if not args.skip_day:
                load = os.getloadavg()[0]
                parts = cpu_parts(recipe, folder)
                before = {name: read() for name, read in parts.items()}
                tally, elapsed = play_the_day(port, args)
                spent = {name: read() - before[name] for name, read in parts.items()}
                met = report_day(tally, elapsed, args, server, load)
                report_cpu(spent, tally, elapsed)
            if not args.skip_stored:
                load = os.getloadavg()[0]
                report_stored(results_side_by_side(port, url, args), load)
        finally:
            recipe.stop()
    finally:
        stop_database()
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
