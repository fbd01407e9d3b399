"""granian serving the app from one loaded copy: its workers forked from it, as gunicorn's are.

    pip install granian==2.8.9   # app_servers.py's comparison alone: not a dependency
    python benchmarks/granian_forked.py --port 8000 [--host 127.0.0.1] [--workers 2]
                                        [--workers-max-rss MIB]

granian's command line has no counterpart of gunicorn's ``preload_app``: each worker
imports and builds the app itself, so each holds its own copy of every word list's
graph. Its Python API takes a loader for the app instead of a module path, and its
workers are processes forked from the one that calls it (set here: where the
platform's default is a fork server, granian spawns them instead). Here that process
builds the app as in production (every list and rating the settings name), settles it
as gunicorn.conf.py's ``when_ready`` does (``web.warm.settle_before_fork``: warmed,
the freed memory given back, its objects frozen), and only then starts granian, whose
loader hands each worker that same app. The workers then share the graphs' pages, the
warmed templates and the search gate's places, as gunicorn's sync workers do.

A WSGI worker of one thread (the app's work holds the interpreter lock, as
gunicorn.conf.py says of threads). ``--workers-max-rss`` has granian replace a worker
whose RSS passes that many MiB (read every 5 s), its counterpart of gunicorn's
``max_requests`` (benchmarks/README.md, "Other app servers", says what it costs).
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    """Build and settle the app, then serve it with granian's forked workers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2, help="granian's processes")
    parser.add_argument("--workers-max-rss", type=int, help="replace a worker past this RSS, MiB")
    args = parser.parse_args()
    try:
        from granian import Granian
    except ImportError:
        parser.error("granian is not installed (pip install granian==2.8.9)")

    from app import create_app
    from web.warm import settle_before_fork

    app = create_app()
    settle_before_fork(app)

    def loaded(_target: str) -> Any:
        """The app built above, in every worker forked from this process."""
        return app

    # Forked, whatever the platform's default (Python 3.14's on Linux is a fork server,
    # which granian replaces with spawning: each worker would build the app anew).
    multiprocessing.set_start_method("fork", force=True)
    # The target names the app for granian's log and process titles; the loader is
    # what each worker serves.
    server = Granian(
        "app:create_app()", address=args.host, port=args.port, interface="wsgi",
        workers=args.workers, blocking_threads=1, websockets=False, log_level="warning",
        workers_max_rss=args.workers_max_rss, rss_sample_interval=5,
    )  # fmt: skip
    server.serve(target_loader=loaded)
    return 0


if __name__ == "__main__":
    sys.exit(main())
