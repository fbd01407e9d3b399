"""Load test: the production server on a loopback port, driven by wrk, for a fixed time.

    python benchmarks/load_test.py [--duration 60] [--connections 32]

Starts gunicorn exactly as the README's production command does (gunicorn.conf.py),
waits for /healthz, warms up, notes each worker's memory, then runs wrk against
GET /solve with a fresh random board on every request (benchmarks/solve_load.lua):
first 4x4 boards from the new dice, then 5x5 boards from Big Boggle's. Reports
requests per second, latency percentiles, errors and each worker's RSS before and
after. Needs wrk (Debian: apt-get install wrk). Everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LUA = Path(__file__).resolve().parent / "solve_load.lua"
PHASES = (("4x4", "new"), ("5x5", "big"))


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


def workers_of(master: int) -> list[int]:
    """The pids of the master's child processes (the gunicorn workers)."""
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            # The command name may hold spaces; the parent pid is the 2nd field after it.
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                children.append(int(entry.name))
    return sorted(children)


def memory_mb(pid: int) -> tuple[float, float]:
    """A process's resident set size and the private part of it, in MB.

    RSS also counts the pages a worker shares with the others (the word graph,
    loaded before forking); the private part is what the worker alone holds.
    """
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    kb = {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", rollup, re.MULTILINE)}
    return kb["Rss"] / 1024, (kb["Private_Clean"] + kb["Private_Dirty"]) / 1024


def run_wrk(url: str, dice: str, seconds: int, connections: int, threads: int) -> dict[str, int]:
    """One wrk run; the numbers its Lua done() hook prints."""
    command = [
        "wrk", f"--threads={threads}", f"--connections={connections}",
        f"--duration={seconds}s", "--timeout=5s", f"--script={LUA}", url,
    ]  # fmt: skip
    env = {**os.environ, "BOGGLE_DICE": dice}
    output = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}


def main() -> int:
    """Run the load test and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=60, help="seconds per phase")
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument(
        "--wrk-threads", type=int, default=1, help="wrk's threads (each takes CPU from the server)"
    )
    parser.add_argument(
        "--warmup", type=int, default=15, help="seconds of each size before measuring"
    )
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("error: wrk is not installed (Debian: apt-get install wrk)", file=sys.stderr)
        return 2

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "BOGGLE_BIND": f"127.0.0.1:{port}", "BOGGLE_LOG_LEVEL": "warning"}
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "--config", "gunicorn.conf.py", "app:create_app()"], cwd=ROOT, env=env
    )
    try:
        wait_until_healthy(f"{base}/healthz", 60)
        # Warm every worker up on both sizes, so that what is measured after is the
        # steady state rather than the first requests' allocations.
        for _, dice in PHASES:
            run_wrk(base, dice, args.warmup, args.connections, args.wrk_threads)
        workers = workers_of(server.pid)
        before = {pid: memory_mb(pid) for pid in workers}
        results = [
            (size, run_wrk(base, dice, args.duration, args.connections, args.wrk_threads))
            for size, dice in PHASES
        ]
        after = {pid: memory_mb(pid) for pid in workers if Path(f"/proc/{pid}").exists()}
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    print(
        f"gunicorn, {len(workers)} {os.environ.get('BOGGLE_WORKER_CLASS', 'sync')} workers "
        f"({os.cpu_count()} cores), wrk {args.connections} "
        f"connections, {args.duration} s per size, GET /solve with a random board each time"
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
    print("worker memory before -> after, MB (RSS; private part in brackets):")
    for pid in workers:
        (rss, own), (rss_after, own_after) = before[pid], after.get(pid, (math.nan, math.nan))
        print(
            f"  worker {pid}: RSS {rss:.1f} -> {rss_after:.1f} ({rss_after - rss:+.1f}), "
            f"private {own:.1f} -> {own_after:.1f} ({own_after - own:+.1f})"
        )
    replaced = [pid for pid in workers if pid not in after]
    if replaced:
        print(f"workers that died during the run: {replaced}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
