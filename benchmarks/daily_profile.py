"""What a word and a results page of today's board cost the app: CPU in process.

    python benchmarks/daily_profile.py [--players 200] [--words 20]
        [--database sqlite|postgresql] [--base REV | --no-base] [--top 12]

For this tree and a base revision's (default: where this branch left main; a copy made
with ``git archive``, as ``route_profile.py`` makes it), in fresh processes one after
the other: the app is built with its default settings but a rate of words a second no
player of the run reaches (``ROOM_WORDS_PER_SECOND``), on a fresh database (an SQLite
file, or with ``--database postgresql`` a throwaway PostgreSQL 15 cluster on a Unix
socket, as ``daily_load.py`` uses), migrated as ``make db-upgrade`` does. ``--players``
players start today's English 4x4 board; then, player after player in turn (as the
players of a busy board send them), ``--words`` words each are sent through the WSGI
app as gunicorn calls it (no server, no sockets), seven in ten of them the board's own
words and some sent twice (a repeat); then each finishes and reads their results.

Printed: the CPU milliseconds of the app's process for a start (a new player's), a
word, a finish and a results page (medians of 20 slices; CPU, not wall-clock time, so
that another process's turn on a busy machine is not counted, and a commit's wait for
the disk is not either), and
a word's and a results page's profiled time by area of the code, with the costliest
functions. The answers of the two trees are compared (every word's verdict and score,
every results page without its times).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from route_profile import areas, base_tree, merge_base  # noqa: E402

#: Slices each kind of request is timed in; the figure is their median.
SLICES = 20
COOKIE = "boggle_player"
#: Fields of a results page that differ from one run to the next (the clock's).
VARYING = ("started_at", "finished_at")


def steady(document: object) -> object:
    """A document without the times that differ between runs."""
    if isinstance(document, dict):
        return {k: steady(v) for k, v in document.items() if k not in VARYING}
    if isinstance(document, list):
        return [steady(v) for v in document]
    return document


def measure(tree: Path, url: str, players: int, words: int, top: int) -> dict:
    """Run in a process whose imports come from ``tree``: the figures and the answers."""
    sys.path.insert(0, str(tree))
    from werkzeug.test import EnvironBuilder

    from app import create_app
    from games.daily import read_key
    from games.db import upgrade

    upgrade(url)
    app = create_app({"DATABASE_URL": url, "ROOM_WORDS_PER_SECOND": 1000})
    day = datetime.now(UTC).date().isoformat()
    base = f"/daily/{day}/en/4x4"
    game = app.extensions["boggle.apart"]
    spec = game.daily.board(read_key(day, "en", "4x4"))
    solution, _dictionary = game.plays.solved(spec)
    board_words = [found.word for found in solution.words]
    rng = random.Random(29)
    # The starts, each a new player's (no key yet), timed as the other requests are.
    tokens = []
    start_ms = []
    answered: list = []

    def keep(line: str, sent: list, _exc_info: object = None) -> None:
        answered.append((line, sent))

    starts = [
        EnvironBuilder(
            path=f"{base}/play", method="POST", headers={"Host": "localhost"}, json={}
        ).get_environ()
        for _ in range(players)
    ]
    size = max(1, players // SLICES)
    for number in range(0, players, size):
        count = min(size, players - number)
        began = time.process_time()
        for request in starts[number : number + count]:
            answered.clear()
            body = b"".join(app(request, keep))
            line, sent = answered[0]
            assert line.startswith("201"), (line, body[:300])
            cookie = next(value for name, value in sent if name == "Set-Cookie")
            tokens.append(cookie.split(";")[0].split("=", 1)[1])
        start_ms.append((time.process_time() - began) * 1000 / count)
    sent_by = [
        [
            rng.choice(board_words)
            if rng.random() < 0.7
            else "".join(rng.choice("aeiourstln") for _ in range(rng.randint(3, 7)))
            for _ in range(words)
        ]
        for _ in tokens
    ]

    def environ(method: str, path: str, token: str, body: object = None) -> dict:
        headers = {"Cookie": f"{COOKIE}={token}", "Host": "localhost"}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        return EnvironBuilder(path=path, method=method, headers=headers, data=data).get_environ()

    answers: dict[str, list] = {"word": [], "finish": [], "results": []}

    def run(batch: list[dict], kind: str) -> None:
        status: list[str] = []

        def start(line: str, _headers: list, _exc_info: object = None) -> None:
            status.append(line)

        for request in batch:
            status.clear()
            body = b"".join(app(request, start))
            assert status[0].startswith("200"), (kind, status, body[:300])
            answers[kind].append(json.loads(body))

    batches = {
        # Player after player, each sending their next word, as on a busy board.
        "word": [
            environ("POST", f"{base}/words", tokens[p], {"word": sent_by[p][w]})
            for w in range(words)
            for p in range(players)
        ],
        "finish": [environ("POST", f"{base}/finish", token, {}) for token in tokens],
        "results": [environ("GET", f"{base}/results", token) for token in tokens],
    }
    figures: dict = {"start": {"ms": statistics.median(start_ms), "count": players}}
    profiled = {"word": words * players // 2, "results": players // 2}
    for kind, batch in batches.items():
        # The first half timed in slices (CPU time), the second half profiled.
        timed = batch if kind == "finish" else batch[: len(batch) - profiled[kind]]
        size = max(1, len(timed) // SLICES)
        spent = []
        for number in range(0, len(timed), size):
            part = timed[number : number + size]
            began = time.process_time()
            run(part, kind)
            spent.append((time.process_time() - began) * 1000 / len(part))
        figures[kind] = {"ms": statistics.median(spent), "count": len(timed)}
        if kind == "finish":
            continue
        # On CPU time too: a commit's wait for the disk is not the app's work.
        profile = cProfile.Profile(time.process_time)
        rest = batch[len(timed) :]
        profile.enable()
        run(rest, kind)
        profile.disable()
        stats = pstats.Stats(profile)
        costly = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]  # type: ignore[attr-defined]
        figures[kind] |= {
            "areas": areas(stats),
            "profiled": len(rest),
            "top": [
                [f"{Path(f).name}:{line}({name})", own / len(rest) * 1000, calls / len(rest)]
                for (f, line, name), (_cc, calls, own, _cum, _callers) in costly
            ],
        }
    app.extensions["boggle.rooms"].database.dispose()
    figures["answers"] = {
        "word": [[a["word"], a["verdict"], a["score"]] for a in answers["word"]],
        "results": [steady(a) for a in answers["results"]],
    }
    return figures


def main() -> int:
    """Measure this tree and the base, each in a process of its own; print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200, help="players on the board")
    parser.add_argument("--words", type=int, default=20, help="words each player sends")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--base", help="git revision to compare with (default: merge-base)")
    parser.add_argument("--no-base", action="store_true", help="this tree only")
    parser.add_argument("--top", type=int, default=12, help="costliest functions shown")
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)  # the child's
    parser.add_argument("--url", help=argparse.SUPPRESS)  # the child's
    args = parser.parse_args()
    if args.tree:
        figures = measure(args.tree, args.url, args.players, args.words, args.top)
        json.dump(figures, sys.stdout)
        return 0
    load = os.getloadavg()
    trees = {"this": ROOT}
    results = {}
    with tempfile.TemporaryDirectory(prefix="boggle-daily-profile-") as folder:
        work = Path(folder)
        work.chmod(0o755)  # PostgreSQL's own user reaches its socket folder below
        if not args.no_base:
            revision = args.base or merge_base()
            (work / "base").mkdir()
            trees[f"base {revision[:10]}"] = base_tree(revision, work / "base")
        for number, (label, tree) in enumerate(trees.items()):
            stop = None
            if args.database == "postgresql":
                from rooms_load import start_postgres

                (work / f"db{number}").mkdir()
                url, stop = start_postgres(work / f"db{number}")
            else:
                url = f"sqlite:///{work / f'daily{number}.sqlite3'}"
            try:
                command = [sys.executable, __file__, "--tree", str(tree), "--url", url,
                           "--players", str(args.players), "--words", str(args.words),
                           "--top", str(args.top)]  # fmt: skip
                child = subprocess.run(command, cwd=tree, capture_output=True, text=True)
            finally:
                if stop is not None:
                    stop()
            if child.returncode:
                print(child.stderr, file=sys.stderr)
                return child.returncode
            results[label] = json.loads(child.stdout)
    end = os.getloadavg()
    print(
        f"{args.players} players x {args.words} words, in process (WSGI, no server), "
        f"{args.database}; python {sys.version.split()[0]}; load average {load[0]:.2f} "
        f"at the start, {end[0]:.2f} at the end"
    )
    labels = list(results)
    print(f"{'CPU ms a request':<20}" + "".join(f"{label:>20}" for label in labels))
    for kind in ("start", "word", "finish", "results"):
        print(f"{kind:<20}" + "".join(f"{results[lb][kind]['ms']:>20.3f}" for lb in labels))
    if len(labels) > 1:
        for kind in ("word", "results"):
            same = results[labels[0]]["answers"][kind] == results[labels[1]]["answers"][kind]
            print(f"{kind} answers the same in both trees: {'yes' if same else 'NO'}")
    for kind in ("word", "results"):
        names = sorted(
            {a for figures in results.values() for a in figures[kind]["areas"]},
            key=lambda a: -results["this"][kind]["areas"].get(a, 0),
        )
        print(f"\n{kind}: profiled time by area, ms a request")
        print(f"  {'area':<24}" + "".join(f"{label:>22}" for label in labels))
        for name in names:
            cells = []
            for figures in results.values():
                spent = figures[kind]["areas"]
                seconds = spent.get(name, 0.0)
                share = 100 * seconds / sum(spent.values())
                per = seconds * 1000 / figures[kind]["profiled"]
                cells.append(f"{per:8.3f} ms {share:5.1f}%")
            print(f"  {name:<24}" + "".join(f"{cell:>22}" for cell in cells))
        for label, figures in results.items():
            print(f"  costliest functions ({label}), own ms a request, calls a request:")
            for name, ms, calls in figures[kind]["top"]:
                print(f"    {ms:7.3f} {calls:7.1f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
