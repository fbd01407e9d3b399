"""Each JSON route of the hot path against a bare Flask route returning the same documents.

    python benchmarks/route_overhead.py [--duration 10] [--rounds 3] [--warmup 3]
        [--connections 16] [--routes all] [--base REV | --no-base] [--bare flask,app,reads]
        [--boards 200] [--language de] [--recipe] [--server-env NAME=VALUE]

Servers, all started before the first measurement, each on a loopback port:

- this tree's app, with gunicorn's production settings (``gunicorn.conf.py``: 4 sync
  workers on 2 cores, every list loaded before the fork);
- the base revision's app likewise (default: where this branch left main; a copy made
  with ``git archive``, given this tree's native module when its C source is the same);
- the bare app (``bare_app.py``): one Flask route that gives back, for each request,
  the answer this tree's app gave it, through the same gunicorn settings: with Flask's
  own JSON encoder (``bare``, issue 29's yardstick) and with the app's, orjson
  (``bare, app's JSON``: the stricter comparison, where what differs is the app's
  work alone); and with ``--bare ...,reads``, the bare app with Flask's encoder whose
  room polls also make the app's poll's database reads, on a copy of the database
  this tree's app made the room in (``bare, room's reads``, column ``x reads``): the
  floor for any app that reads a room's state from the database at each poll.

Each app gets a fresh SQLite file for its rooms, migrated as ``make db-upgrade`` does.
The requests (``route_requests.py``) are built against each app and its answers
recorded: ``--boards`` random 4x4 boards on the default list, for GET and POST
/solve, /lookup (a word on the board and one that is not) and /score with 4 players;
GET /random; a room of 4 players with a round playing, its poll with no copy (200)
and with the current one (304). The base's answers are compared with this tree's.

Then each route is run on each server for ``--warmup`` seconds (a worker's first
requests are not its steady state), and ``--rounds`` times, each route in turn and on
it each server in turn (the order rotated from round to round), wrk (one thread,
``--connections`` connections) sends the route's requests for ``--duration`` seconds.
Printed per route and server, medians over the rounds: requests a second, p50 and p99
latency; the throughput as a share of each bare app's in the same round (``x bare``,
the figure issue 29 asks to be at least 0.8; ``x b/app``); and the server's CPU time
(the user and system time of its processes, workers replaced during the run
included: ``process_cpu.py``) per answer, with the bare app's as a share of
it: on a busy machine, where the servers get what CPU the others leave, the steadier
of the two figures.

``--recipe`` serves every server through the production recipe instead (nginx in
front of gunicorn, ``deploy/serve.py`` of each tree; the bare apps through the same
recipe, ``bare_recipe.py``): the figures of /solve under nginx, beside what the stack
allows for the same documents. ``--server-env NAME=VALUE`` gives every server a
setting to try (``BOGGLE_WORKERS``, ``GUNICORN_CMD_ARGS``). Needs wrk, and nginx for
``--recipe`` (Debian: apt-get install wrk nginx). Everything stays on 127.0.0.1;
every run is bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from process_cpu import tree_cpu_seconds  # noqa: E402
from route_profile import base_tree, merge_base  # noqa: E402
from route_requests import ROUTES, HotPath, build, write_answers, write_requests  # noqa: E402

LUA = ROOT / "benchmarks" / "route_load.lua"
#: The bare app through the production recipe, in place of the project's app.
BARE_RECIPE = "benchmarks/bare_recipe.py"
#: The bare apps' names in the table, by kind (``--bare``): Flask's JSON encoder, the
#: app's, and Flask's with a room's poll making the poll's reads.
BARE_LABELS = {"flask": "bare", "app": "bare, app's JSON", "reads": "bare, room's reads"}
#: Their columns of throughput ratios in the table.
RATIO_HEADS = {"flask": "x bare", "app": "x b/app", "reads": "x reads"}
#: Fields that differ from one answer to the next, or from one server's rooms to another's.
VARYING = ("elapsed_ms",)


def free_port() -> int:
    """A loopback port nobody is listening on."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sender(port: int):
    """``send`` for route_requests: one request on a connection of its own."""

    def send(method: str, path: str, headers: dict[str, str], body: str):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request(method, path, body=body.encode() or None, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.getheader("ETag", ""), answer.read()
        finally:
            connection.close()

    return send


def wait_until_answering(server: Server, seconds: float) -> None:
    """Until GET /healthz answers 200, or fail: at once, with its log's end, if the
    server has stopped."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.process is not None and server.process.poll() is not None:
            tail = server.log.read_text(errors="replace")[-2000:] if server.log else ""
            raise SystemExit(f"{server.label}: the server stopped before answering:\n{tail}")
        try:
            if sender(server.port)("GET", "/healthz", {}, "")[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise SystemExit(f"{server.label}: nothing answered on {server.port} in {seconds:.0f} s")


@dataclass
class Server:
    """One app served on a loopback port, by gunicorn alone or by the recipe."""

    label: str
    tree: Path
    app: str  # gunicorn's app spec
    folder: Path  # database, answers, run folder
    recipe: bool = False
    env: dict[str, str] = field(default_factory=dict)
    config: str = "gunicorn.conf.py"  # gunicorn's settings, in the tree
    port: int = 0
    process: subprocess.Popen | None = None
    hot: HotPath | None = None
    log: Path | None = None

    def start(self) -> None:
        """Start the server (and migrate its rooms' database first)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        url = f"sqlite:///{self.folder / 'rooms.sqlite3'}"
        self.port = free_port()
        env = {
            **os.environ,
            "BOGGLE_LOG_LEVEL": "warning",
            "BOGGLE_DATABASE_URL": url,
            # gunicorn.conf.py makes it production, which rolls the days' boards from a
            # secret (a tree from before them takes no notice).
            "BOGGLE_DAILY_SECRET": "the route benchmark's own secret",
            **self.env,
        }
        if self.app.startswith("app:"):
            subprocess.run(
                [sys.executable, "-m", "alembic", "-c", "alembic.ini", "upgrade", "head"],
                cwd=self.tree, env=env, check=True, capture_output=True,
            )  # fmt: skip
        if self.recipe:
            # The project's app through deploy/serve.py; the bare app through the same
            # recipe with itself in the app's place (bare_recipe.py).
            script = "deploy/serve.py" if self.app.startswith("app:") else BARE_RECIPE
            command = [sys.executable, script, "--port", str(self.port),
                       "--run-dir", str(self.folder / "run")]  # fmt: skip
        else:
            env["BOGGLE_BIND"] = f"127.0.0.1:{self.port}"
            command = [sys.executable, "-m", "gunicorn", "--config", self.config, self.app]
        self.log = self.folder / "server.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                command, cwd=self.tree, env=env, stdout=log, stderr=log, start_new_session=True
            )

    def stop(self) -> None:
        """Stop the server and wait for it."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def run_wrk(port: int, requests: Path, seconds: int, connections: int) -> dict[str, int]:
    """One bounded wrk run; the numbers its Lua done() hook prints."""
    command = [
        "wrk", "--threads=1", f"--connections={connections}", f"--duration={seconds}s",
        "--timeout=5s", f"--script={LUA}", f"http://127.0.0.1:{port}",
    ]  # fmt: skip
    env = {**os.environ, "BOGGLE_REQUESTS": str(requests)}
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, env=env, timeout=seconds + 30
    ).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}


def steady(document: object) -> object:
    """A document without what varies from answer to answer."""
    if isinstance(document, dict):
        return {k: steady(v) for k, v in document.items() if k not in VARYING}
    if isinstance(document, list):
        return [steady(v) for v in document]
    return document


def compare(this: HotPath, base: HotPath) -> list[str]:
    """How many of the base's answers this tree's equal, route by route (rooms aside:
    their codes and tokens differ from one server to another; /random rolls anew)."""
    lines = []
    for route in ("solve", "solve-post", "lookup", "score"):
        pairs = zip(this.requests[route], base.requests[route], strict=True)
        same = sum(
            steady(this.answers[a.key()].document) == steady(base.answers[b.key()].document)
            for a, b in pairs
        )
        lines.append(f"  {route}: {same} of {len(this.requests[route])} documents the same")
    return lines


def main() -> int:
    """Start the servers, build the requests, run wrk, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10, help="seconds of each wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each route on each server")
    parser.add_argument("--connections", type=int, default=16, help="wrk's connections")
    parser.add_argument(
        "--warmup", type=int, default=3, help="seconds of each route on each server, first"
    )
    parser.add_argument("--routes", default="all", help=f"comma-separated of {', '.join(ROUTES)}")
    parser.add_argument("--base", help="git revision to compare with (default: merge-base)")
    parser.add_argument("--no-base", action="store_true", help="this tree and the bare app only")
    parser.add_argument("--boards", type=int, default=200, help="random boards in the requests")
    parser.add_argument("--language", default="", help="Accept-Language sent (default none)")
    parser.add_argument(
        "--bare",
        default="flask,app",
        help="bare apps: 'flask' (Flask's JSON encoder, issue 29's yardstick), 'app' (the "
        "project's, web/answers.py), 'reads' (Flask's encoder, and a room's poll makes the "
        "app's poll's reads: bare_app.py); comma-separated (default: flask,app)",
    )
    parser.add_argument(
        "--recipe",
        action="store_true",
        help="through nginx (deploy/serve.py), the bare apps too (bare_recipe.py)",
    )
    parser.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an environment variable for every server, to try a setting (BOGGLE_WORKERS=3, "
        "GUNICORN_CMD_ARGS='--worker-class gthread --threads 2'); repeatable",
    )
    args = parser.parse_args()
    routes = list(ROUTES) if args.routes == "all" else args.routes.split(",")
    settings = dict(pair.split("=", 1) for pair in args.server_env)
    for program in ("wrk",) + (("nginx",) if args.recipe else ()):
        if shutil.which(program) is None and not Path(f"/usr/sbin/{program}").exists():
            print(f"error: {program} is not installed (Debian: apt-get install {program})")
            return 2

    work = Path(tempfile.mkdtemp(prefix="boggle-route-overhead-"))
    work.chmod(0o711)  # nginx's workers, run as nobody under root, pass through to sockets
    servers = [Server("this", ROOT, "app:create_app()", work / "this", args.recipe, settings)]
    try:
        if not args.no_base:
            revision = args.base or merge_base()
            (work / "base-tree").mkdir()
            tree = base_tree(revision, work / "base-tree")
            label = f"base {revision[:10]}"
            servers.append(
                Server(label, tree, "app:create_app()", work / "base", args.recipe, settings)
            )
        for server in servers:
            server.start()
        for server in servers:
            wait_until_answering(server, 180)
            health = json.loads(sender(server.port)("GET", "/healthz", {}, "")[2])
            print(f"{server.label}: search core {health['engine']}, {health['dictionary']}")
            server.hot = build(sender(server.port), args.boards, args.language)
        this = servers[0].hot
        assert this is not None
        answers = work / "answers.json"
        write_answers(this, str(answers))
        # The room the polls ask for, as this tree's app left it, for the bare app that
        # makes the poll's reads (SQLite's own copy, safe while the app runs), in WAL
        # mode as the app keeps its own (games/db.py).
        rooms = work / "rooms-copy.sqlite3"
        if "reads" in args.bare.split(","):
            source = sqlite3.connect(servers[0].folder / "rooms.sqlite3")
            copy = sqlite3.connect(rooms)
            try:
                source.backup(copy)
                copy.execute("PRAGMA journal_mode=WAL")
            finally:
                source.close()
                copy.close()
        bares = [
            Server(
                BARE_LABELS[kind],
                ROOT,
                "benchmarks.bare_app:create_app()",
                work / f"bare-{kind}",
                args.recipe,
                env={
                    **settings,
                    "BOGGLE_BARE_ANSWERS": str(answers),
                    "BOGGLE_BARE_JSON": "flask" if kind == "reads" else kind,
                    **({"BOGGLE_BARE_ROOM_READS": str(rooms)} if kind == "reads" else {}),
                },
                config="benchmarks/bare_gunicorn_conf.py",
            )
            for kind in filter(None, args.bare.split(","))
        ]
        for bare in bares:
            bare.hot = this
            bare.start()
        for bare in bares:
            wait_until_answering(bare, 180)
        servers[:0] = bares
        load = os.getloadavg()
        print(
            f"wrk, 1 thread, {args.connections} connections, {args.duration} s a run, "
            f"{args.rounds} rounds; {'nginx -> ' if args.recipe else ''}gunicorn "
            f"(gunicorn.conf.py), {os.cpu_count()} cores; {args.boards} random 4x4 boards; "
            f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start"
        )
        if not args.no_base:
            print("answers of this tree against the base's (elapsed_ms aside):")
            print("\n".join(compare(this, servers[-1].hot)))
        files: dict[tuple[str, str], Path] = {}
        for server in servers:
            for route in routes:
                path = server.folder / f"{route}.requests"
                write_requests(server.hot, route, str(path))
                files[server.label, route] = path
        # Each worker's first requests of a route touch pages it shares with the master
        # since the fork (copied on first write) and fill its caches: not the steady state.
        for route in routes:
            for server in servers:
                run_wrk(server.port, files[server.label, route], args.warmup, args.connections)
        results: dict[tuple[str, str], list[dict[str, int]]] = {}
        for number in range(args.rounds):
            order = servers[number % len(servers) :] + servers[: number % len(servers)]
            for route in routes:
                for server in order:
                    cpu = tree_cpu_seconds(server.process.pid)
                    run = run_wrk(server.port, files[server.label, route], args.duration,
                                  args.connections)  # fmt: skip
                    run["rate"] = round(run["requests"] / (run["duration_us"] / 1e6))
                    run["cpu_us"] = round(
                        (tree_cpu_seconds(server.process.pid) - cpu) * 1e6 / max(1, run["requests"])
                    )
                    results.setdefault((server.label, route), []).append(run)
        load = os.getloadavg()
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)

    kinds = [kind for kind in BARE_LABELS if any(s.label == BARE_LABELS[kind] for s in servers)]
    heads = "".join(f"{RATIO_HEADS[kind]:>8}" for kind in kinds)
    print(
        f"{'route':<12}{'server':<19}{'req/s':>8}{'p50 ms':>9}{'p99 ms':>9}"
        f"{heads}{'cpu ms':>8}{'x bare':>8}{'errors':>8}{'bytes':>8}"
    )
    for route in routes:
        for server in servers:
            runs = results[server.label, route]
            ratios = ""
            for label in (BARE_LABELS[kind] for kind in kinds):
                bare_runs = results.get((label, route))
                if bare_runs is None:
                    ratios += f"{'':>8}"
                    continue
                pairs = zip(runs, bare_runs, strict=True)
                ratios += f"{statistics.median(r['rate'] / b['rate'] for r, b in pairs):>8.2f}"
            cpu = statistics.median(r["cpu_us"] for r in runs)
            bare_cpu = results.get((BARE_LABELS["flask"], route))
            cpu_ratio = (
                f"{statistics.median(b['cpu_us'] for b in bare_cpu) / cpu:>8.2f}"
                if bare_cpu
                else f"{'':>8}"
            )
            documents = [server.hot.answers[r.key()].document for r in server.hot.requests[route]]
            size = statistics.mean(
                len(json.dumps(document, separators=(",", ":"))) if document is not None else 0
                for document in documents
            )
            print(
                f"{route:<12}{server.label:<19}"
                f"{statistics.median(r['rate'] for r in runs):>8.0f}"
                f"{statistics.median(r['p50_us'] for r in runs) / 1000:>9.2f}"
                f"{statistics.median(r['p99_us'] for r in runs) / 1000:>9.2f}"
                f"{ratios}{cpu / 1000:>8.2f}{cpu_ratio}"
                f"{sum(r['errors'] for r in runs):>8}{size:>8.0f}"
            )
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
