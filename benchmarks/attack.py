"""Attack the production recipe on loopback and check that cheap requests still get through.

    python benchmarks/attack.py [slow] [expensive] [--seconds 60] [--server recipe|gunicorn]
                                [--polite] [--env BOGGLE_SETTING=value ...]

Starts the server (the production recipe, nginx + gunicorn, as ``make serve``; or, to
compare, ``--server gunicorn``: gunicorn alone on the port), then runs each scenario
while 4 cheap clients send GET /solve with a random 4x4 board, one request after
another, and measures their latency:

- ``slow``: 64 slow connections, half sending their headers and half their body one
  byte every 2 s; a connection the server closes is opened again at once.
  Targets: 0 cheap errors, cheap p99 <= 100 ms.
- ``expensive``: 8 clients posting the worst 40x40 board found
  (``asar/asar/asar/asas`` tiled, benchmarks/solver_speed.py) with the large list,
  each sending again as soon as it has an answer (``--polite``: after waiting as a
  503's Retry-After says). Targets: cheap p99 <= 50 ms and 0
  cheap errors; every expensive request answered 200, 422 or 503 within 3 s.

Everything stays on 127.0.0.1; every scenario ends after ``--seconds`` and every
request has a timeout. Exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.solver_speed import tiled  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from deploy.serve import Recipe  # noqa: E402

#: The recipe is production, which rolls the days' boards from a secret of its own.
ATTACK_SECRET = "the attack benchmark's own secret"
CHEAP_CLIENTS = 4
SLOW_CONNECTIONS = 64
SLOW_BYTE_EVERY = 2.0  # seconds
EXPENSIVE_CLIENTS = 8
#: The slowest board found (benchmarks/solver_speed.py): 5 s with the large list alone.
WORST_BOARD = tiled("asar/asar/asar/asas", 40)
EXPENSIVE_ANSWERS = (200, 422, 503)
EXPENSIVE_WITHIN = 3.0  # seconds
REQUEST_TIMEOUT = 10.0  # seconds; a cheap request that takes longer is an error
TARGET_P99_MS = {"slow": 100.0, "expensive": 50.0}


def free_port() -> int:
    """A loopback port nobody is listening on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of values; NaN if there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


@dataclass
class Tally:
    """What a group of clients saw: latencies in ms, statuses, failures."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, ms: float, status: int | None) -> None:
        """Count one request: its status, or None if it failed outright."""
        with self.lock:
            self.latencies.append(ms)
            if status is None:
                self.errors += 1
            else:
                self.statuses[status] = self.statuses.get(status, 0) + 1


def request_loop(
    port: int,
    tally: Tally,
    until: float,
    make_request,
    ok: tuple[int, ...] = (200,),
    polite: bool = False,
) -> None:
    """Send requests one after another on a keep-alive connection until ``until``.

    A polite client waits as long as a 503's Retry-After says before sending again.
    """
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_TIMEOUT)
    while time.monotonic() < until:
        method, path, body, headers = make_request()
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            status = None
            connection.close()
        ms = (time.perf_counter() - started) * 1000
        tally.add(ms, status if status is None or status in ok else -status)
        if status is not None and response.will_close:
            connection.close()
        if polite and status == 503:
            wait = float(response.getheader("Retry-After") or 0)
            time.sleep(max(0.0, min(wait, until - time.monotonic())))
    connection.close()


def cheap_request(rng: random.Random):
    """GET /solve with a random 4x4 board from the current dice."""
    board, _ = random_board("new", rng.randrange(2**32))
    return "GET", f"/solve?board={str(board).replace(' ', '/')}", None, {}


def expensive_request():
    """POST /solve with the worst 40x40 board and the large list."""
    body = json.dumps({"board": WORST_BOARD, "dictionary": "large"})
    return "POST", "/solve", body, {"Content-Type": "application/json"}


def slow_connections(port: int, until: float, count: int) -> dict[str, int]:
    """Hold ``count`` connections that send one byte every 2 s; reopen any that close."""
    header = b"GET /solve?board=abcd HTTP/1.1\r\nHost: attacker\r\nX-Padding: " + b"a" * 4000
    body_head = (
        b"POST /solve HTTP/1.1\r\nHost: attacker\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n"
    )
    stats = {"opened": 0, "closed_by_server": 0, "bytes": 0}

    def open_one(i: int) -> tuple[socket.socket, bytes]:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.setblocking(False)
        stats["opened"] += 1
        if i % 2:
            return s, header  # dribble the headers
        s.sendall(body_head)
        return s, b'{"board": "' + b"a" * 100000  # headers at once, dribble the body

    conns = [open_one(i) for i in range(count)]
    positions = [0] * count
    while time.monotonic() < until:
        tick = time.monotonic()
        for i, (s, data) in enumerate(conns):
            try:
                closed = False
                with contextlib.suppress(BlockingIOError):
                    closed = s.recv(65536) == b""  # the server closed (408, 400...)
                if closed:
                    raise ConnectionResetError
                s.send(data[positions[i] : positions[i] + 1])
                positions[i] += 1
                stats["bytes"] += 1
            except OSError:
                stats["closed_by_server"] += 1
                s.close()
                conns[i], positions[i] = open_one(i), 0
        time.sleep(max(0.0, SLOW_BYTE_EVERY - (time.monotonic() - tick)))
    for s, _ in conns:
        s.close()
    return stats


def run_scenario(name: str, port: int, seconds: float, seed: int, polite: bool) -> bool:
    """Run one scenario with the cheap clients beside it; print figures; whether it passed."""
    cheap = Tally()
    expensive = Tally()
    until = time.monotonic() + seconds
    threads = []
    for i in range(CHEAP_CLIENTS):
        rng = random.Random(seed * 100 + i)
        threads.append(
            threading.Thread(
                target=request_loop, args=(port, cheap, until, lambda rng=rng: cheap_request(rng))
            )
        )
    slow_stats: dict[str, int] = {}
    if name == "slow":
        threads.append(
            threading.Thread(
                target=lambda: slow_stats.update(slow_connections(port, until, SLOW_CONNECTIONS))
            )
        )
    else:
        threads += [
            threading.Thread(
                target=request_loop,
                args=(port, expensive, until, expensive_request, EXPENSIVE_ANSWERS, polite),
            )
            for _ in range(EXPENSIVE_CLIENTS)
        ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 2 * REQUEST_TIMEOUT + 10)

    p50, p99 = percentile(cheap.latencies, 50), percentile(cheap.latencies, 99)
    cheap_bad = cheap.errors + sum(n for status, n in cheap.statuses.items() if status != 200)
    print(f"\n{name}: {seconds:.0f} s")
    print(
        f"  cheap 4x4, {CHEAP_CLIENTS} clients: {len(cheap.latencies)} requests, "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {max(cheap.latencies, default=0):.1f} ms, "
        f"errors {cheap_bad} (statuses {_statuses(cheap)})"
    )
    passed = cheap_bad == 0 and p99 <= TARGET_P99_MS[name]
    if name == "slow":
        print(
            f"  slow connections: {SLOW_CONNECTIONS} held, {slow_stats.get('opened', 0)} opened "
            f"in all, {slow_stats.get('closed_by_server', 0)} closed by the server, "
            f"{slow_stats.get('bytes', 0)} bytes sent"
        )
    else:
        late = sum(ms > EXPENSIVE_WITHIN * 1000 for ms in expensive.latencies)
        expensive_bad = expensive.errors + sum(
            n for status, n in expensive.statuses.items() if status < 0
        )
        print(
            f"  expensive 40x40, {EXPENSIVE_CLIENTS} "
            f"{'clients waiting as Retry-After says' if polite else 'clients sending at once'}: "
            f"{len(expensive.latencies)} "
            f"requests (statuses {_statuses(expensive)}), p50 "
            f"{percentile(expensive.latencies, 50):.0f} ms, max "
            f"{max(expensive.latencies, default=0):.0f} ms, {late} over "
            f"{EXPENSIVE_WITHIN:.0f} s, {expensive_bad} other answers or failures"
        )
        passed = passed and late == 0 and expensive_bad == 0
    print(
        f"  target: cheap p99 <= {TARGET_P99_MS[name]:.0f} ms, 0 cheap errors"
        + ("" if name == "slow" else ", every expensive request 200/422/503 within 3 s")
        + f": {'met' if passed else 'MISSED'}"
    )
    return passed


def _statuses(tally: Tally) -> str:
    """Status counts as ``200: 95, 503: 5, failed: 1`` (negative: not an accepted status)."""
    parts = [f"{abs(status)}: {n}" for status, n in sorted(tally.statuses.items())]
    if tally.errors:
        parts.append(f"failed: {tally.errors}")
    return ", ".join(parts) or "none"


def start_gunicorn_alone(port: int, settings: dict[str, str]) -> subprocess.Popen:
    """gunicorn alone on the port (the recipe without nginx), for comparison."""
    env = {
        **os.environ,
        "BOGGLE_BIND": f"127.0.0.1:{port}",
        "BOGGLE_LOG_LEVEL": "warning",
        "BOGGLE_DAILY_SECRET": ATTACK_SECRET,
        **settings,
    }
    command = [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "app:create_app()"]
    return subprocess.Popen(command, cwd=ROOT, env=env)


def wait_until_healthy(port: int, seconds: float) -> None:
    """Poll /healthz until it answers 200, or fail."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not become healthy within {seconds:.0f} s")


def main() -> int:
    """Start the server, run the scenarios, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "scenarios", nargs="*", choices=("slow", "expensive"), default=["slow", "expensive"]
    )
    parser.add_argument("--seconds", type=float, default=60, help="length of each scenario")
    parser.add_argument("--server", choices=("recipe", "gunicorn"), default="recipe")
    parser.add_argument("--seed", type=int, default=1, help="seed of the cheap boards")
    parser.add_argument(
        "--polite",
        action="store_true",
        help="expensive clients wait as a 503's Retry-After says (default: send again at once)",
    )
    parser.add_argument(
        "--env", action="append", default=[], metavar="NAME=VALUE", help="a server setting"
    )
    args = parser.parse_args()
    settings = dict(item.split("=", 1) for item in args.env)

    port = free_port()
    recipe = gunicorn = None
    if args.server == "recipe":
        env = {"BOGGLE_LOG_LEVEL": "warning", "BOGGLE_DAILY_SECRET": ATTACK_SECRET, **settings}
        recipe = Recipe("127.0.0.1", port, env=env)
        recipe.start()
    else:
        gunicorn = start_gunicorn_alone(port, settings)
    try:
        wait_until_healthy(port, 120)
        print(
            f"server: {'nginx -> gunicorn' if recipe else 'gunicorn alone'} on 127.0.0.1:{port}, "
            f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
            + (f", settings {settings}" if settings else "")
        )
        results = [
            run_scenario(name, port, args.seconds, args.seed, args.polite)
            for name in args.scenarios
        ]
    finally:
        if recipe is not None:
            recipe.stop()
        if gunicorn is not None:
            gunicorn.send_signal(signal.SIGTERM)
            gunicorn.wait(timeout=30)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
