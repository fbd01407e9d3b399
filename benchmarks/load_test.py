"""Load test: the production recipe (nginx + gunicorn) on a loopback port, bounded in time.

    python benchmarks/load_test.py [--duration 60] [--connections 32] [--varied 2000]

Starts the recipe exactly as ``make serve`` does (deploy/serve.py) and asks the
running gunicorn, over its control socket, which worker class and how many threads
it really runs and which processes are its workers. Then:

0. the first GET /dictionaries of each worker (two per worker, all at once): with
   every list loaded before the fork they read no list file;
1. memory: ``--varied`` requests with boards of several sizes and every word list,
   then each process's PSS (proportional set size: pages shared by N processes count
   1/N in each, so the sum is what the server really holds) and RSS;
2. speed: wrk against GET /solve with a fresh random board per request and a random
   word list (benchmarks/solve_load.lua), first 4x4 boards, then 5x5, after a
   warm-up; requests per second, latency percentiles, errors; PSS again after.

Needs nginx and wrk (Debian: apt-get install nginx wrk). Everything stays on
127.0.0.1; every phase is bounded in time or count.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gunicorn.ctl.client import ControlClient  # noqa: E402

from boggle.catalog import SHIPPED_LISTS  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from deploy.serve import Recipe, find_nginx  # noqa: E402

LUA = Path(__file__).resolve().parent / "solve_load.lua"
PHASES = (("4x4", "new"), ("5x5", "big"))
DICTIONARIES = tuple(entry.name for entry in SHIPPED_LISTS)
# (dice set, rows, cols) of the varied requests: the sizes people play, and larger.
VARIED_SIZES = (("new", 4, 4), ("big", 5, 5), ("superbig", 6, 6), ("superbig", 10, 10))


def free_port() -> int:
    """A loopback port nobody is listening on."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_healthy(url: str, seconds: float) -> None:
    """Poll /healthz until it answers 200, or fail."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not become healthy at {url} within {seconds:.0f} s")


class RunningServer:
    """What the running gunicorn says about itself, over its control socket."""

    def __init__(self, control_socket: Path) -> None:
        with ControlClient(str(control_socket), timeout=10) as control:
            self.config = control.send_command("show config")
            self.workers = [w["pid"] for w in control.send_command("show workers")["workers"]]
            self.master = control.send_command("show stats")["pid"]

    @property
    def worker_class(self) -> str:
        """gunicorn's name for the worker class: ``sync``, ``gthread``..."""
        found = re.search(r"gunicorn\.workers\.\w+\.(\w+)Worker", self.config["worker_class"])
        names = {"Sync": "sync", "Thread": "gthread"}
        return names.get(found.group(1), found.group(1)) if found else self.config["worker_class"]


def memory_mb(pid: int) -> tuple[float, float]:
    """A process's PSS and RSS, in MB (PSS shares each shared page among its users)."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    kb = {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", rollup, re.MULTILINE)}
    return kb["Pss"] / 1024, kb["Rss"] / 1024


def nginx_pids(run_dir: Path) -> list[int]:
    """nginx's master (from its pid file) and its worker processes."""
    master = int((run_dir / "nginx.pid").read_text())
    return [master, *children_of(master)]


def children_of(parent: int) -> list[int]:
    """The pids of a process's children."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The command name may hold spaces; the parent pid is the 2nd field after it.
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                children.append(int(entry.name))
    return sorted(children)


def memory_report(label: str, groups: dict[str, list[int]]) -> None:
    """Print PSS and RSS per process and summed per group."""
    print(f"memory {label}, MB:")
    for group, pids in groups.items():
        figures = [memory_mb(pid) for pid in pids if Path(f"/proc/{pid}").exists()]
        each = ", ".join(f"{pss:.1f}" for pss, _ in figures)
        print(
            f"  {group:<16} PSS {sum(p for p, _ in figures):6.1f} (each {each}); "
            f"RSS {sum(r for _, r in figures):6.1f}"
        )


def varied_requests(base: str, count: int, clients: int, seed: int) -> tuple[int, list[int]]:
    """Send ``count`` GET /solve requests over every size and list; (errors, statuses)."""
    rng = random.Random(seed)
    urls = []
    for _ in range(count):
        dice, rows, cols = rng.choice(VARIED_SIZES)
        board, _ = random_board(dice, rng.randrange(2**32), rows, cols)
        query = {"board": str(board), "dictionary": rng.choice(DICTIONARIES)}
        urls.append(f"{base}/solve?{urlencode(query)}")

    def fetch(url: str) -> int:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                json.load(response)
                return response.status
        except urllib.error.HTTPError as error:
            return error.code
        except OSError:
            return 0

    with ThreadPoolExecutor(clients) as pool:
        statuses = list(pool.map(fetch, urls))
    return sum(status != 200 for status in statuses), statuses


def first_requests(url: str, count: int) -> list[float]:
    """Milliseconds of ``count`` concurrent GETs to a fresh server (sorted): workers' first."""

    def timed(_: int) -> float:
        started = time.perf_counter()
        with urllib.request.urlopen(url, timeout=30) as response:
            response.read()
        return (time.perf_counter() - started) * 1000

    with ThreadPoolExecutor(count) as pool:
        return sorted(pool.map(timed, range(count)))


def run_wrk(
    url: str,
    dice: str,
    seconds: int,
    connections: int,
    threads: int,
    dictionaries: tuple[str, ...] = DICTIONARIES,
) -> dict[str, int]:
    """One wrk run, each request on one of ``dictionaries`` (none: the server's default);
    the numbers its Lua done() hook prints."""
    command = [
        "wrk", f"--threads={threads}", f"--connections={connections}",
        f"--duration={seconds}s", "--timeout=5s", f"--script={LUA}", url,
    ]  # fmt: skip
    env = {**os.environ, "BOGGLE_DICE": dice, "BOGGLE_DICTIONARIES": ",".join(dictionaries)}
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, env=env, timeout=seconds + 30
    ).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}


def main() -> int:
    """Run the load test and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=60, help="seconds per wrk phase")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument(
        "--wrk-threads", type=int, default=1, help="wrk's threads (each takes CPU from the server)"
    )
    parser.add_argument(
        "--warmup", type=int, default=15, help="seconds of each size before measuring"
    )
    parser.add_argument(
        "--varied", type=int, default=2000, help="requests before the memory figure"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the varied requests' boards")
    args = parser.parse_args()
    for program, found in (("wrk", shutil.which("wrk")), ("nginx", find_nginx())):
        if found is None:
            print(f"error: {program} is not installed (Debian: apt-get install {program})")
            return 2

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # The recipe is production, which rolls the days' boards from a secret of its own.
    env = {"BOGGLE_LOG_LEVEL": "warning", "BOGGLE_DAILY_SECRET": "the load test's own secret"}
    recipe = Recipe("127.0.0.1", port, env=env)
    log = recipe.run_dir / "gunicorn.log"
    try:
        with log.open("wb") as sink:
            recipe.start(gunicorn_log=sink)
        wait_until_healthy(f"{base}/healthz", 120)
        server = RunningServer(recipe.control_socket)
        groups = {
            "gunicorn workers": server.workers,
            "gunicorn master": [server.master],
            "nginx": nginx_pids(recipe.run_dir),
        }
        print(
            f"nginx -> gunicorn, {len(server.workers)} {server.worker_class} workers, "
            f"{server.config['threads']} thread(s) each (as the running server reports), "
            f"{os.cpu_count()} cores; lists {', '.join(DICTIONARIES)} chosen at random"
        )
        first = first_requests(f"{base}/dictionaries", 2 * len(server.workers))
        print(
            f"first GET /dictionaries, {len(first)} at once, ms:",
            " ".join(f"{ms:.0f}" for ms in first),
        )
        memory_report("after start", groups)
        started = time.monotonic()
        errors, statuses = varied_requests(base, args.varied, 8, args.seed)
        print(
            f"{args.varied} varied requests (4x4 to 10x10, every list) in "
            f"{time.monotonic() - started:.1f} s, {errors} not 200 "
            f"({', '.join(f'{s}: {statuses.count(s)}' for s in sorted(set(statuses)))})"
        )
        memory_report(f"after {args.varied} varied requests", groups)
        # Warm every worker up on both sizes, so that what is measured after is the
        # steady state rather than the first requests' allocations.
        for _, dice in PHASES:
            run_wrk(base, dice, args.warmup, args.connections, args.wrk_threads)
        results = [
            (size, run_wrk(base, dice, args.duration, args.connections, args.wrk_threads))
            for size, dice in PHASES
        ]
        # gunicorn replaces each worker after its max_requests (gunicorn.conf.py), a few
        # times in a run this long: the figures are the workers running now.
        current = RunningServer(recipe.control_socket).workers
        memory_report("after the wrk runs", {**groups, "gunicorn workers": current})
        replaced = [pid for pid in server.workers if pid not in current]
        faults = worker_faults(log.read_text(errors="replace"))
    finally:
        recipe.stop()

    print(
        f"wrk {args.connections} connections, {args.duration} s per size, "
        f"GET /solve with a random board and list each time"
    )
    print(f"{'boards':<8}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p95 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}{'errors':>8}")  # fmt: skip
    for size, r in results:
        rate = r["requests"] / (r["duration_us"] / 1e6)
        print(
            f"{size:<8}{r['requests']:>10}{rate:>9.0f}{r['p50_us'] / 1000:>9.2f}"
            f"{r['p95_us'] / 1000:>9.2f}{r['p99_us'] / 1000:>9.2f}{r['max_us'] / 1000:>9.1f}"
            f"{r['errors']:>8}"
        )
    print(
        f"workers replaced during the run: {len(replaced)} of the {len(server.workers)} "
        f"at the start, by their max_requests ({server.config['max_requests']}, give or "
        f"take {server.config['max_requests_jitter']}) unless a fault follows"
    )
    for fault in faults:
        print(f"worker fault: {fault}")
    return 1 if faults else 0


#: What gunicorn's master logs when a worker ends other than by its own choice: a
#: timeout, a failure, or a signal other than the SIGTERM of a graceful stop.
WORKER_FAULT = re.compile(r"WORKER TIMEOUT|exited with code|was sent SIG(?!TERM\b)")


def worker_faults(log: str) -> list[str]:
    """The lines of a gunicorn log that say a worker timed out, failed or was killed; a
    worker replaced after its max_requests leaves none."""
    return [line for line in log.splitlines() if WORKER_FAULT.search(line)]


if __name__ == "__main__":
    sys.exit(main())
