"""/solve through nginx in front of other app servers, side by side with the recipe's.

    pip install granian==2.8.9   # this comparison's alone: not a project dependency
    python benchmarks/app_servers.py [--duration 8] [--rounds 3] [--granian-workers 2]

What the production recipe's throughput (issue: 3,000 answers a second on 2 cores, wrk
on the same machine) would be with another app server behind the same nginx. Each
server gets deploy/nginx.conf as deploy/serve.py fills it in, on a loopback port, and
serves the same app (``app:create_app()``, production settings, every list and rating
loaded) on a fresh SQLite database:

- ``gunicorn``: the recipe's own app server, with gunicorn.conf.py (sync workers: one
  connection a request);
- ``gunicorn gthread, kept``: the same settings with gunicorn's threaded worker, one
  thread each (as the app's work holds the GIL), which can keep a connection open, and
  nginx keeping its connections to it: gunicorn's own way to the kept connections
  below, with the recipe's preloading, search gate and limits unchanged;
- ``granian``: granian's WSGI server (Rust; ``--granian-workers`` processes, one thread
  each, as the app's work holds the GIL);
- ``granian, kept``: the same, with nginx keeping its connections to granian open
  (``keepalive`` in the upstream block, HTTP/1.1 to the app server), which gunicorn's
  sync workers cannot do;
- ``granian forked, kept``: as above, but the workers forked from one process that has
  built, warmed and frozen the app as gunicorn's master does (granian_forked.py), so
  that they share its pages as the recipe's workers do.

Each takes wrk's GET /solve with a random 4x4 board rolled from the standard dice on
every request (solve_load.lua), first ``--warmup`` seconds to warm, then ``--rounds``
runs of ``--duration`` seconds in turn, so that the machine's noise falls on each
alike. CPU is counted over nginx's processes and the app server's (process_cpu.py); memory is
the app server's processes' PSS after the last round (pages shared by N processes
count 1/N in each).
Needs nginx and wrk (Debian: apt-get install nginx wrk); a server that is not installed
is left out, with why.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "benchmarks"))
from process_cpu import tree_cpu_seconds  # noqa: E402

from benchmarks.load_test import children_of, memory_mb, run_wrk, wait_until_healthy  # noqa: E402
from deploy.serve import find_nginx, free_port, nginx_config  # noqa: E402

#: What nginx needs to keep its connections to the app server open.
KEPT_UPSTREAM = "upstream app_servers {\n        keepalive 32;"
KEPT_PROXY = (
    "proxy_pass http://app_servers;\n"
    "            proxy_http_version 1.1;\n"
    '            proxy_set_header Connection "";'
)


@dataclass
class Stack:
    """nginx in front of one app server, each a process tree of its own."""

    label: str
    server: list[str]  # the app server's command, with @PORT@ for its port
    kept: bool  # nginx keeps its upstream connections open
    folder: Path
    port: int = 0
    processes: list[subprocess.Popen] = field(default_factory=list)

    def start(self, env: dict[str, str], edge: Path) -> None:
        """Start the app server, then nginx in front of it."""
        run = self.folder
        (run / "tmp").mkdir(parents=True)
        shutil.copytree(edge, run / "edge")
        app_port, self.port = free_port(), free_port()
        command = [part.replace("@PORT@", str(app_port)) for part in self.server]
        log = (run / "server.log").open("wb")
        self.processes.append(
            subprocess.Popen(
                command,
                cwd=ROOT,
                env={**env, "BOGGLE_BIND": f"127.0.0.1:{app_port}"},
                stdout=log,
                stderr=log,
            )
        )
        config = nginx_config(run, f"127.0.0.1:{self.port}", 2.8, [f"127.0.0.1:{app_port}"])
        if self.kept:
            config = config.replace("upstream app_servers {", KEPT_UPSTREAM)
            config = config.replace("proxy_pass http://app_servers;", KEPT_PROXY)
        (run / "nginx.conf").write_text(config)
        os.chmod(run, 0o755)  # nginx's workers run as an unprivileged user under root
        nginx = [find_nginx(), "-p", str(run), "-c", str(run / "nginx.conf")]
        self.processes.append(subprocess.Popen([*nginx, "-e", str(run / "nginx-error.log")]))
        wait_until_healthy(f"http://127.0.0.1:{self.port}/healthz", 120)

    def cpu_seconds(self) -> float:
        """CPU used so far by nginx and the app server, their workers included."""
        return sum(tree_cpu_seconds(p.pid) for p in self.processes)

    def memory_mb(self) -> float:
        """The PSS of the app server's processes (nginx's left out), in MB."""
        server = self.processes[0].pid
        return sum(memory_mb(pid)[0] for pid in [server, *children_of(server)])

    def stop(self) -> None:
        """Stop nginx, then the app server."""
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def wrk(port: int, seconds: int) -> tuple[float, float, int]:
    """One wrk run of GET /solve on the default list: answers a second, p99 in ms, answers
    in all."""
    run = run_wrk(f"http://127.0.0.1:{port}/solve", "new", seconds, 16, 1, dictionaries=())
    if run["errors"]:
        raise SystemExit(f"wrk saw {run['errors']} errors on port {port}: {run}")
    return run["requests"] / (run["duration_us"] / 1e6), run["p99_us"] / 1000, run["requests"]


def main() -> int:
    """Start every stack, run wrk on each in turn, print the medians side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=8, help="seconds of each wrk run")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each stack")
    parser.add_argument("--warmup", type=int, default=3, help="seconds of each stack, first")
    parser.add_argument("--granian-workers", type=int, default=2, help="granian's processes")
    args = parser.parse_args()
    for program in ("wrk", "nginx"):
        if (find_nginx() if program == "nginx" else shutil.which(program)) is None:
            parser.error(f"{program} is not installed (Debian: apt-get install {program})")
    python = sys.executable
    gunicorn = [python, "-m", "gunicorn", "--config", "gunicorn.conf.py", "app:create_app()"]
    granian = [
        python, "-m", "granian", "--interface", "wsgi", "--factory",
        "--workers", str(args.granian_workers), "--blocking-threads", "1",
        "--host", "127.0.0.1", "--port", "@PORT@", "--no-ws", "--log-level", "warning",
        "app:create_app",
    ]  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="boggle-app-servers-"))
    os.chmod(folder, 0o755)
    stacks = [Stack("gunicorn (the recipe)", gunicorn, False, folder / "gunicorn")]
    gthread = [*gunicorn[:-1], "--worker-class", "gthread", "--threads", "1", gunicorn[-1]]
    stacks.append(Stack("gunicorn gthread, kept", gthread, True, folder / "gthread-kept"))
    if importlib.util.find_spec("granian") is None:
        print("granian is not installed (pip install granian==2.8.9): left out")
    else:
        stacks.append(Stack("granian", granian, False, folder / "granian"))
        stacks.append(Stack("granian, kept", granian, True, folder / "granian-kept"))
        forked = [
            python, str(ROOT / "benchmarks" / "granian_forked.py"), "--port", "@PORT@",
            "--workers", str(args.granian_workers),
        ]  # fmt: skip
        stacks.append(Stack("granian forked, kept", forked, True, folder / "granian-forked"))
    env = {
        **os.environ,
        "BOGGLE_ENV": "production",
        "BOGGLE_DAILY_SECRET": "the app servers benchmark's own secret",
        "BOGGLE_DATABASE_URL": f"sqlite:///{folder / 'rooms.sqlite3'}",
        "BOGGLE_LOG_LEVEL": "warning",
        "BOGGLE_PRELOAD_DICTIONARIES": "all",
        "BOGGLE_PRELOAD_RATINGS": "all",
    }
    subprocess.run(
        [python, "-m", "alembic", "-c", "alembic.ini", "upgrade", "head"],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )  # fmt: skip
    edge = folder / "edge"
    subprocess.run(
        [python, "-m", "flask", "--app", "app", "edge-pages", str(edge)],
        cwd=ROOT, env={**env, "BOGGLE_PRELOAD_DICTIONARIES": "", "BOGGLE_PRELOAD_RATINGS": ""},
        check=True, capture_output=True,
    )  # fmt: skip
    results: dict[str, list[tuple[float, float, float]]] = {s.label: [] for s in stacks}
    memory: dict[str, float] = {}
    try:
        for stack in stacks:
            stack.start(env, edge)
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the start")
        for stack in stacks:
            wrk(stack.port, args.warmup)
        for _round in range(args.rounds):
            for stack in stacks:
                before = stack.cpu_seconds()
                rate, p99, answers = wrk(stack.port, args.duration)
                cpu = (stack.cpu_seconds() - before) * 1000 / answers
                results[stack.label].append((rate, p99, cpu))
        memory = {stack.label: stack.memory_mb() for stack in stacks}
    finally:
        for stack in stacks:
            stack.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    print(f"GET /solve 4x4 through nginx, wrk 1 thread 16 connections, {args.rounds} runs of "
          f"{args.duration} s each; medians")  # fmt: skip
    print(f"{'app server':<24}{'req/s':>8}{'p99 ms':>9}{'cpu ms':>9}{'PSS MB':>9}   runs (req/s)")
    for label, runs in results.items():
        rate, p99, cpu = (statistics.median(column) for column in zip(*runs, strict=True))
        each = ", ".join(f"{r:,.0f}" for r, _p, _c in runs)
        print(f"{label:<24}{rate:>8,.0f}{p99:>9.1f}{cpu:>9.2f}{memory[label]:>9.1f}   {each}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
