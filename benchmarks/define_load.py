"""Definitions' cost: app start-up, worker memory after 1,000 /define requests, latency.

    python benchmarks/define_load.py [--starts 15] [--duration 20] [--base REF]

1. Start-up: ``create_app()`` timed in fresh processes, this tree against the tree of
   git revision REF (default: where this branch left main), alternately, on one warm
   word-graph cache; and opening and warming the definitions file on its own.
   Then one define() in process, and GET /define against GET /lookup through the
   app without a server, alternately, for the same words.
2. Memory: gunicorn as in production (gunicorn.conf.py) on a loopback port; each
   worker's private memory, and what it holds of the definitions file's mapping,
   before and after 1,000 GET /define requests (sent one at a time), the workers
   first warmed by 200 GET /lookup requests so that their own start-up (pages of the
   app they first write to) is not counted as the definitions'.
3. Latency: wrk drives GET /define with words that have definitions
   (benchmarks/define_load.lua) for a fixed time, with as many connections as there
   are workers, with the load test's 32 and with one, each sending again as soon as it
   has its answer (the server saturated: latency is mostly queueing); then paced,
   each connection pausing PACE_MS, then 10 ms, between answer and request. GET /lookup on the same
   words, run just before each, is the control: a route that does next to nothing, so
   what it shows is the machine and the server, not the definitions.

Everything stays on 127.0.0.1 and every loop is bounded in count and time. Needs wrk
(Debian: apt-get install wrk) for the third part.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load_test import children_of as workers_of  # noqa: E402
from benchmarks.load_test import free_port, wait_until_healthy  # noqa: E402
from boggle.definitions import SHIPPED_FILE, Definitions  # noqa: E402

LUA = Path(__file__).resolve().parent / "define_load.lua"
REQUESTS = 1000
WARMUP = 200
SEED = 7
# The paced run's pause: 4 connections each waiting 2 ms after an answer offer at most
# about 2,000 requests a second, near half of what the server answers flat out here.
PACE_MS = 2

CREATE_APP = (
    "import time; t = time.perf_counter(); from app import create_app; create_app(); "
    "print((time.perf_counter() - t) * 1000)"
)
# The app imports the boggle package anyway; what definitions add is their own two
# modules, opening the file and warming it.
OPEN_DEFINITIONS = (
    "import boggle, time; t = time.perf_counter(); from boggle.definitions import Definitions; "
    "Definitions().warm(); print((time.perf_counter() - t) * 1000)"
)


def timed(code: str, cwd: Path, env: dict[str, str]) -> float:
    """Milliseconds a fresh Python process reports for ``code``."""
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    return float(result.stdout.strip().splitlines()[-1])


def startup(starts: int, base: str) -> list[str]:
    """Median start-up times, this tree against the base revision's, side by side."""
    with tempfile.TemporaryDirectory(prefix="boggle-define-bench-") as tmp:
        base_tree = Path(tmp) / "base"
        base_tree.mkdir()
        archive = subprocess.run(
            ["git", "archive", base], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(base_tree)], input=archive, check=True)
        env = {**os.environ, "BOGGLE_CACHE_DIR": str(Path(tmp) / "cache")}
        timed(CREATE_APP, ROOT, env)  # build the word graph cache once, for both
        here, there, alone = [], [], []
        for _ in range(starts):
            here.append(timed(CREATE_APP, ROOT, env))
            there.append(timed(CREATE_APP, base_tree, env))
            alone.append(timed(OPEN_DEFINITIONS, ROOT, env))
    return [
        f"create_app(), median of {starts} fresh processes each, warm word-graph cache:",
        f"  base {base[:10]}: {statistics.median(there):7.1f} ms",
        f"  this tree:       {statistics.median(here):7.1f} ms "
        f"({statistics.median(here) - statistics.median(there):+.1f} ms)",
        f"  importing boggle.definitions, opening and warming the file alone: "
        f"{statistics.median(alone):.2f} ms",
    ]


def defined_words(count: int) -> list[str]:
    """A seeded sample of standard.txt's words that have definitions."""
    definitions = Definitions()
    words = (ROOT / "wordlists" / "standard.txt").read_text().split()
    sample = random.Random(SEED).sample(words, count * 2)
    return [word for word in sample if definitions.has_entry(word)][:count]


def lookup_times(words: list[str]) -> list[str]:
    """What one define() costs in this process, without HTTP: median and p99."""
    definitions = Definitions()
    times = []
    for word in words:
        started = time.perf_counter()
        definitions.define(word)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return [
        f"define() in process, {len(words):,} words: median {statistics.median(times):.3f} ms, "
        f"p99 {times[int(len(times) * 0.99)]:.3f} ms"
    ]


def in_app_times(words: list[str]) -> list[str]:
    """GET /define against GET /lookup through the app without a server (Flask's client)."""
    from app import create_app

    client = create_app({"TESTING": True}).test_client()
    times: dict[str, list[float]] = {"lookup": [], "define": []}
    for word in words:
        for route, kept in times.items():  # alternately, so both see the same machine
            started = time.perf_counter()
            client.get(f"/{route}?word={word}")
            kept.append((time.perf_counter() - started) * 1000)
    lines = []
    for route, kept in times.items():
        kept.sort()
        lines.append(
            f"GET /{route} through the app in process, {len(kept):,} words: median "
            f"{statistics.median(kept):.3f} ms, p99 {kept[int(len(kept) * 0.99)]:.3f} ms"
        )
    return lines


def memory(pid: int) -> dict[str, float]:
    """A process's private memory, and its share of the definitions mapping, in MB."""
    totals = {"private": 0.0, "file_rss": 0.0, "file_shared": 0.0, "file_private": 0.0}
    in_file = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            in_file = line.endswith(str(SHIPPED_FILE))
            continue
        match = re.match(r"^(\w+):\s+(\d+) kB", line)
        if not match:
            continue
        name, mb = match.group(1), int(match.group(2)) / 1024
        if name in ("Private_Clean", "Private_Dirty"):
            totals["private"] += mb
            if in_file:
                totals["file_private"] += mb
        elif in_file and name == "Rss":
            totals["file_rss"] += mb
        elif in_file and name == "Shared_Clean":
            totals["file_shared"] += mb
    return totals


def all_workers(master: int, seconds: float = 15) -> list[int]:
    """The workers, once they have all forked (the count stops growing for a second)."""
    deadline = time.monotonic() + seconds
    workers = workers_of(master)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = workers_of(master)
        if len(now) == len(workers):
            break
        workers = now
    return workers


def run_wrk(
    url: str, route: str, words: Path, seconds: int, connections: int, pause_ms: int = 0
) -> dict[str, int]:
    """One bounded wrk run; the numbers its Lua done() hook prints."""
    command = [
        "wrk", "--threads=1", f"--connections={connections}", f"--duration={seconds}s",
        "--timeout=5s", f"--script={LUA}", url,
    ]  # fmt: skip
    env = {
        **os.environ,
        "BOGGLE_WORDS": str(words),
        "BOGGLE_ROUTE": route,
        "BOGGLE_PAUSE_MS": str(pause_ms),
    }
    output = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    return {key: int(value) for key, value in re.findall(r"(\w+)=(\d+)", line)}


def serve(duration: int) -> list[str]:
    """Memory before and after 1,000 requests, then latency under wrk."""
    words = defined_words(2000)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "BOGGLE_BIND": f"127.0.0.1:{port}",
        "BOGGLE_LOG_LEVEL": "warning",
        # gunicorn.conf.py makes it production, which rolls the days' boards from a secret.
        "BOGGLE_DAILY_SECRET": "the define benchmark's own secret",
    }
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "--config", "gunicorn.conf.py", "app:create_app()"], cwd=ROOT, env=env
    )
    lines = []
    try:
        wait_until_healthy(f"{base}/healthz", 60)
        workers = all_workers(server.pid)
        for word in words[-WARMUP:]:
            with urllib.request.urlopen(f"{base}/lookup?word={word}", timeout=5) as response:
                response.read()
        before = {pid: memory(pid) for pid in workers}
        started = time.perf_counter()
        for word in words[:REQUESTS]:
            with urllib.request.urlopen(f"{base}/define?word={word}", timeout=5) as response:
                response.read()
        elapsed = time.perf_counter() - started
        after = {pid: memory(pid) for pid in workers}
        lines.append(
            f"{REQUESTS:,} GET /define one at a time: {elapsed:.2f} s; "
            f"gunicorn, {len(workers)} workers"
        )
        lines.append("worker memory before -> after, MB (private: the worker's own pages; ")
        lines.append("  definitions: the file's mapping, resident, of it shared, of it private)")
        for pid in workers:
            b, a = before[pid], after[pid]
            lines.append(
                f"  worker {pid}: private {b['private']:.1f} -> {a['private']:.1f} "
                f"({a['private'] - b['private']:+.1f}); definitions resident "
                f"{b['file_rss']:.1f} -> {a['file_rss']:.1f}, shared {a['file_shared']:.1f}, "
                f"private {a['file_private']:.2f}"
            )
        if shutil.which("wrk") is None:
            lines.append("wrk is not installed (apt-get install wrk): no latency figures")
            return lines
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
            file.write("\n".join(words) + "\n")
        lines.append(
            f"wrk, 1 thread, {duration} s per run, GET /define cycling {len(words):,} words "
            "that have definitions"
        )
        lines.append(
            f"{'route':<9}{'connections':<12}{'pause ms':>9}{'requests':>10}{'req/s':>9}"
            f"{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}{'errors':>8}"
        )
        # Saturating (each connection sends again as soon as it has its answer), with as
        # many connections as workers and with the load test's 32; one connection alone;
        # then paced, each connection pausing PACE_MS (then 10 ms) between answer and
        # request: the load the server serves without queueing, where p99 is its own.
        runs = ((len(workers), 0), (32, 0), (1, 0), (len(workers), PACE_MS), (len(workers), 10))
        for connections, pause in runs:
            for route in ("lookup", "define"):
                r = run_wrk(base, route, Path(file.name), duration, connections, pause)
                rate = r["requests"] / (r["duration_us"] / 1e6)
                lines.append(
                    f"/{route:<8}{connections:<12}{pause:>9}{r['requests']:>10}{rate:>9.0f}"
                    f"{r['p50_us'] / 1000:>9.2f}{r['p95_us'] / 1000:>9.2f}"
                    f"{r['p99_us'] / 1000:>9.2f}{r['max_us'] / 1000:>9.1f}{r['errors']:>8}"
                )
        Path(file.name).unlink()
        final = {pid: memory(pid) for pid in workers if Path(f"/proc/{pid}").exists()}
        lines.append("worker private memory after wrk, MB: " + ", ".join(
            f"{m['private']:.1f} (definitions {m['file_private']:.2f})" for m in final.values()
        ))  # fmt: skip
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    return lines


def main() -> int:
    """Run the three measurements and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=15, help="fresh processes per tree")
    parser.add_argument("--duration", type=int, default=20, help="seconds per wrk run")
    parser.add_argument(
        "--base", default=None, help="git revision to compare start-up with (default: merge-base)"
    )
    args = parser.parse_args()
    base = (
        args.base
        or subprocess.run(
            ["git", "merge-base", "HEAD", "main"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    size = SHIPPED_FILE.stat().st_size
    print(f"definitions file: {size:,} bytes; python {sys.version.split()[0]}")
    print("\n".join(startup(args.starts, base)))
    words = defined_words(2000)
    print("\n".join(lookup_times(words)))
    print("\n".join(in_app_times(words)))
    print("\n".join(serve(args.duration)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
