"""Instructions a request on the hot path, counted by callgrind: this tree, a base's, the bare app.

    python benchmarks/route_instructions.py [--routes solve,solve-post] [--requests 200]
        [--base REV | --no-base]

The least noisy figure on a shared machine: an instruction count does not move with the
load. The requests (``route_requests.py``, 200 random 4x4 boards) are built once, in
process, by this tree's app, with the answers the bare app gives back. Then for each
server and route a fresh process runs under ``valgrind --tool=callgrind`` with its
instrumentation off: it builds the app as ``route_profile.py`` does (a fresh SQLite
file for the rooms), sends 50 of the route's requests to warm it, freezes the objects
made so far out of the collector's sight (as gunicorn.conf.py does before it forks),
and counts the next ``--requests`` alone, between two client requests to callgrind
(a small library built here with gcc from valgrind's ``callgrind.h``). Loading the app
is not counted. Needs valgrind and gcc; a few seconds of setup and about 15 s a count.
A room's polls are counted on a copy of the database its room was made in, with the
rooms' clock held still once warm: under callgrind a count takes many seconds, and a
poll that finds its caller's ``seen_at`` old writes it (once in a while, as it should).
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from route_profile import base_tree, merge_base  # noqa: E402

#: Routes that can be counted: every request answers alike in a process of its own.
COUNTED = ("solve", "solve-post", "random", "lookup", "score", "poll-200", "poll-304")
#: Requests sent before the count, to warm what is made on first use.
WARM = 50
CALLGRIND_CONTROL = """
#include <valgrind/callgrind.h>
void counted_start(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS; }
void counted_stop(void) { CALLGRIND_DUMP_STATS_AT("counted"); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def prepare(folder: Path) -> None:
    """Build the hot path's requests with this tree's app; keep them and the answers."""
    sys.path.insert(0, str(ROOT))
    from route_profile import app_and_sender
    from route_requests import build, write_answers

    app, send = app_and_sender(folder)
    hot = build(send, boards=200)
    write_answers(hot, str(folder / "answers.json"))
    requests = {
        route: [(r.method, r.path, dict(r.headers), r.body) for r in hot.requests[route]]
        for route in COUNTED
    }
    (folder / "requests.pickle").write_bytes(pickle.dumps(requests))
    app.extensions["boggle.rooms"].database.dispose()
    source = folder / "control.c"
    source.write_text(CALLGRIND_CONTROL)
    subprocess.run(
        ["gcc", "-O2", "-shared", "-fPIC", "-o", str(folder / "control.so"), str(source)],
        check=True,
    )


def count(tree: Path, route: str, server: str, requests: int, folder: Path) -> None:
    """In a process under callgrind: send the route's requests to the server, counted."""
    import ctypes

    os.chdir(tree)
    sys.path.insert(0, str(tree))
    from werkzeug.test import EnvironBuilder

    pool = pickle.loads((folder / "requests.pickle").read_bytes())[route]
    if server == "app":
        from app import create_app

        database = Path(tempfile.mkdtemp(prefix="boggle-route-instructions-"))
        shutil.copyfile(folder / "rooms.sqlite3", database / "rooms.sqlite3")
        wsgi = create_app({"DATABASE_URL": f"sqlite:///{database}/rooms.sqlite3"})
    else:
        os.environ["BOGGLE_BARE_ANSWERS"] = str(folder / "answers.json")
        os.environ["BOGGLE_BARE_JSON"] = "app" if server == "bare-app" else ""
        from bare_app import create_app as create_bare_app

        wsgi = create_bare_app()

    def environs(number: int, start: int) -> list[dict]:
        return [
            EnvironBuilder(path=path, method=method, headers=headers, data=body or None)
            .get_environ()
            for method, path, headers, body in islice(cycle(pool), start, start + number)
        ]  # fmt: skip

    def run(batch: list[dict]) -> None:
        for environ in batch:
            for _chunk in wsgi(environ, lambda status, headers, exc_info=None: None):
                pass

    run(environs(WARM, 0))
    if server == "app":
        held = time.time()
        wsgi.extensions["boggle.rooms"].clock = lambda: held
        run(environs(WARM, 0))
    gc.collect()
    gc.freeze()
    batch = environs(requests, WARM)
    control = ctypes.CDLL(str(folder / "control.so"))
    control.counted_start()
    run(batch)
    control.counted_stop()


def counted(tree: Path, route: str, server: str, requests: int, folder: Path) -> float:
    """Millions of instructions a request, for one server and route."""
    out = folder / f"callgrind.{server}.{route}.{abs(hash(str(tree)))}"
    command = [
        "valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
        sys.executable, __file__, "--child", str(tree), route, server, str(requests), str(folder),
    ]  # fmt: skip
    subprocess.run(
        command,
        cwd=tree,
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )
    dump = Path(f"{out}.1").read_text()
    totals = next(line for line in dump.splitlines() if line.startswith("totals:"))
    return int(totals.split()[1]) / requests / 1e6


def main() -> int:
    """Count this tree, the base and the bare app, and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--routes", default="solve,solve-post", help="comma-separated")
    parser.add_argument("--requests", type=int, default=200, help="requests counted a run")
    parser.add_argument("--base", help="git revision to compare with (default: merge-base)")
    parser.add_argument("--no-base", action="store_true", help="this tree only")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tree, route, server, requests, folder = args.child
        count(Path(tree), route, server, int(requests), Path(folder))
        return 0
    routes = args.routes.split(",")
    unknown = [route for route in routes if route not in COUNTED]
    if unknown:
        parser.error(f"cannot count {', '.join(unknown)}; the routes are {', '.join(COUNTED)}")
    with tempfile.TemporaryDirectory(prefix="boggle-route-instructions-") as name:
        folder = Path(name)
        prepare(folder)
        servers = [("this", ROOT, "app")]
        if not args.no_base:
            revision = args.base or merge_base()
            base = folder / "base"
            base.mkdir()
            servers.append((f"base {revision[:10]}", base_tree(revision, base), "app"))
        servers.append(("bare, app's JSON", ROOT, "bare-app"))
        print(f"millions of instructions a request (callgrind), {args.requests} requests "
              "counted after 50 to warm, 200 random 4x4 boards on standard")  # fmt: skip
        print(f"{'server':<22}" + "".join(f"{route:>12}" for route in routes))
        for label, tree, server in servers:
            cells = [counted(tree, route, server, args.requests, folder) for route in routes]
            print(f"{label:<22}" + "".join(f"{cell:>10.3f} M" for cell in cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
