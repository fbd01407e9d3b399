"""Where a request's time goes: cProfile over in-process requests to each hot route.

    python benchmarks/route_profile.py [--requests 1000] [--routes solve,score]
        [--base REV | --no-base] [--top 12] [--language de]

For this tree and a base revision's (default: where this branch left main; a copy
made with ``git archive``, with this tree's native module when its source is the
same), in fresh processes one after the other: the app is built as in production
(default settings, a fresh SQLite file for the rooms), each route's requests
(``route_requests.py``) are sent once to warm it, the objects made so far are
frozen out of the collector's sight (as gunicorn.conf.py does before it forks), then
``--requests`` of them are timed through the WSGI app as gunicorn calls it (no
server, no sockets), then as many again under cProfile. Printed per route:
milliseconds a request without the profiler, and the profiled time by area of the
code (a built-in's time goes to its caller's area), then this tree's costliest
functions.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from itertools import cycle, islice
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Slices the timed requests are sent in, the app's and the bare app's in turn.
SLICES = 20

#: Areas of the code, first match wins, by a piece of the function's file name.
AREAS = (
    ("search", ("boggle/solver.py", "boggle/_native", "boggle/gate.py", "boggle/watchdog.py")),
    ("rating", ("boggle/ratings.py",)),
    ("summary", ("boggle/summary.py", "boggle/wording.py")),
    ("Babel, gettext", ("/babel/", "/flask_babel/", "gettext.py", "i18n.py")),
    ("JSON", ("/json/",)),
    ("database", ("/sqlalchemy/", "sqlite3", "/games/")),
    ("app's web layer", ("/web/", "/app.py")),
    ("engine, other", ("/boggle/",)),
    ("Flask, Werkzeug", ("/flask/", "/werkzeug/")),
)


def area_of(name: str) -> str:
    """The area of a function, by its file (or a built-in's name)."""
    for area, pieces in AREAS:
        if any(piece in name for piece in pieces):
            return area
    return "other"


def areas(stats: pstats.Stats) -> dict[str, float]:
    """Profiled seconds by area; a built-in's own time goes to its callers' areas."""
    totals: dict[str, float] = defaultdict(float)
    for (file, _line, name), (_cc, _nc, own, _cum, callers) in stats.stats.items():  # type: ignore[attr-defined]
        if file == "~" and "_native" not in name and callers:
            for (caller_file, _l, caller_name), caller_times in callers.items():
                where = caller_file if caller_file != "~" else caller_name
                totals[area_of(where)] += caller_times[2]
        else:
            totals[area_of(file if file != "~" else name)] += own
    return dict(totals)


def app_and_sender(folder: str | Path):
    """The app on a fresh SQLite database in ``folder`` (from whichever tree is first on
    the path), and a ``send`` for route_requests.build through its test client."""
    from app import create_app
    from games.db import upgrade

    url = f"sqlite:///{folder}/rooms.sqlite3"
    upgrade(url)
    app = create_app({"DATABASE_URL": url})
    client = app.test_client()

    def send(method: str, path: str, headers: dict[str, str], body: str):
        answer = client.open(path, method=method, headers=headers, data=body or None)
        return answer.status_code, answer.headers.get("ETag", ""), answer.get_data()

    return app, send


def measure(tree: Path, requests: int, routes: list[str], language: str, top: int) -> dict:
    """Run in a process whose imports come from ``tree``: each route's figures."""
    sys.path.insert(0, str(tree))
    sys.path.insert(1, str(ROOT / "benchmarks"))
    from bare_app import create_app as create_bare_app
    from route_requests import build, write_answers
    from werkzeug.test import EnvironBuilder

    with tempfile.TemporaryDirectory(prefix="boggle-route-profile-") as folder:
        app, send = app_and_sender(folder)
        hot = build(send, boards=200, language=language)
        answers = Path(folder) / "answers.json"
        write_answers(hot, str(answers))
        os.environ["BOGGLE_BARE_ANSWERS"] = str(answers)
        bare = create_bare_app()

        def environs(route: str, count: int, start: int = 0) -> list[dict]:
            """``count`` of the route's requests from the ``start``-th, as WSGI environs."""
            return [
                EnvironBuilder(
                    path=r.path, method=r.method, headers=dict(r.headers), data=r.body or None
                ).get_environ()
                for r in islice(cycle(hot.requests[route]), start, start + count)
            ]

        def run(batch: list[dict], wsgi=app) -> None:
            for environ in batch:
                for _chunk in wsgi(environ, lambda status, headers, exc_info=None: None):
                    pass

        figures = {}
        for route in routes:
            run(environs(route, 200))
            run(environs(route, 200), bare)
        # As gunicorn.conf.py leaves the loaded app before it forks its workers: what
        # is made by now is frozen out of the collector's sight, so that a collection
        # walks only what the requests made, as in a worker (not the whole app's
        # 70,000 objects, tens of ms a time).
        gc.collect()
        gc.freeze()
        for route in routes:
            # Alternately, in slices, so that both see the same moments of a busy
            # machine; medians of the slices.
            size = max(1, requests // SLICES)
            spent: dict[object, list[float]] = {app: [], bare: []}
            for number in range(SLICES):
                for wsgi, kept in spent.items():
                    batch = environs(route, size, number * size)
                    # CPU time, not wall-clock: another process's turn on a busy
                    # machine is not this request's cost.
                    started = time.process_time()
                    run(batch, wsgi)
                    kept.append((time.process_time() - started) * 1000 / size)
            ms, bare_ms = statistics.median(spent[app]), statistics.median(spent[bare])
            ratio = statistics.median(b / a for a, b in zip(spent[app], spent[bare], strict=True))
            profile = cProfile.Profile()
            batch = environs(route, requests)
            profile.enable()
            run(batch)
            profile.disable()
            stats = pstats.Stats(profile)
            costly = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]  # type: ignore[attr-defined]
            figures[route] = {
                "ms": ms,
                "bare_ms": bare_ms,
                "ratio": ratio,
                "areas": areas(stats),
                "top": [
                    [f"{Path(f).name}:{line}({name})", own / requests * 1000, calls / requests]
                    for (f, line, name), (_cc, calls, own, _cum, _callers) in costly
                ],
            }
        app.extensions["boggle.rooms"].database.dispose()
    return figures


def base_tree(revision: str, folder: Path) -> Path:
    """The base revision's files in ``folder``, with this tree's native module when the
    base's C source is the same (else built there)."""
    archive = subprocess.run(
        ["git", "archive", revision], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    native = ROOT / "boggle" / "_native.c"
    if (folder / "boggle" / "_native.c").read_bytes() == native.read_bytes():
        for built in (ROOT / "boggle").glob("_native*.so"):
            (folder / "boggle" / built.name).write_bytes(built.read_bytes())
    else:
        subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=folder, check=True, capture_output=True,
        )  # fmt: skip
    return folder


def merge_base() -> str:
    """Where this branch left main."""
    return subprocess.run(
        ["git", "merge-base", "HEAD", "main"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()


def main() -> int:
    """Profile this tree and the base, and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1000, help="requests per route")
    parser.add_argument("--routes", default="solve", help="comma-separated, or 'all'")
    parser.add_argument("--base", help="git revision to compare with (default: merge-base)")
    parser.add_argument("--no-base", action="store_true", help="this tree only")
    parser.add_argument("--top", type=int, default=12, help="costliest functions shown")
    parser.add_argument("--language", default="", help="Accept-Language sent (default none)")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # the child's
    args = parser.parse_args()
    from route_requests import ROUTES

    routes = list(ROUTES) if args.routes == "all" else args.routes.split(",")
    if args.tree:
        json.dump(measure(args.tree, args.requests, routes, args.language, args.top), sys.stdout)
        return 0
    trees = {"this": ROOT}
    with tempfile.TemporaryDirectory(prefix="boggle-route-base-") as folder:
        if not args.no_base:
            revision = args.base or merge_base()
            trees[f"base {revision[:10]}"] = base_tree(revision, Path(folder))
        results = {}
        for label, tree in trees.items():
            command = [sys.executable, __file__, "--tree", str(tree), *sys.argv[1:]]
            child = subprocess.run(
                command, cwd=tree, capture_output=True, text=True, env={**os.environ}
            )
            if child.returncode:
                print(child.stderr, file=sys.stderr)
                return child.returncode
            results[label] = json.loads(child.stdout)
    print(f"{args.requests} requests per route, in process (WSGI, no server); python "
          f"{sys.version.split()[0]}; load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    for route in routes:
        print(f"\n{route}: ms a request without the profiler, and the bare app's: " + "; ".join(
            f"{label} {figures[route]['ms']:.3f} against {figures[route]['bare_ms']:.3f} "
            f"(throughput {figures[route]['ratio']:.2f}x the bare app's)"
            for label, figures in results.items()
        ))  # fmt: skip
        names = sorted(
            {a for figures in results.values() for a in figures[route]["areas"]},
            key=lambda a: -results["this"][route]["areas"].get(a, 0),
        )
        print(f"  {'profiled time by area':<24}" + "".join(f"{label:>22}" for label in results))
        for name in names:
            cells = []
            for figures in results.values():
                spent = figures[route]["areas"]
                seconds = spent.get(name, 0.0)
                share = 100 * seconds / sum(spent.values())
                cells.append(f"{seconds * 1000 / args.requests:8.3f} ms {share:5.1f}%")
            print(f"  {name:<24}" + "".join(f"{cell:>22}" for cell in cells))
        for label, figures in results.items():
            print(f"  costliest functions ({label}), own ms a request, calls a request:")
            for name, ms, calls in figures[route]["top"]:
                print(f"    {ms:7.3f} {calls:7.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
