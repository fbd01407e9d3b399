"""Schemathesis against the app, from the app's own /openapi.json (`make fuzz-api`).

The app is served on a free local port, from a background thread, on a fresh SQLite
rooms database, and Schemathesis's command line (pinned in requirements-dev.txt) runs
every operation of the document through its phases (the document's examples, the
boundaries and negative cases of its schemas, random fuzzing, and the rooms' links
followed statefully: create, join, start, send words, results), with the checks
below. The seed is fixed, so a run repeats; the number of examples and the steps of a
stateful scenario are bounded. tests/test_api_fuzz.py runs it small in the suite;
`make fuzz-api` runs it long (docs/development.md).

The rooms run on a clock that moves with each request, so that rounds end and results
can be read within a run, without waiting (a round is 10 s to an hour): by a second
while single operations are tried on one room's hour-long round (so it lasts the
phase), by 90 s while the stateful phase plays rooms of its own (a 3-minute round
is over by its third request).
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from werkzeug.serving import make_server

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from boggle import Catalog  # noqa: E402
from games.db import upgrade  # noqa: E402

#: The checks every answer is held to.
CHECKS = (
    "not_a_server_error",
    "response_schema_conformance",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
)
PHASES = ("examples", "coverage", "fuzzing", "stateful")
#: The suite's run: enough to reach every status the document lists for the common
#: mistakes, in about a minute on 2 busy cores (tests/test_api_fuzz.py).
SUITE_EXAMPLES = 25
SUITE_STEPS = 12
#: The most the suite's run may take, both passes together: a hang's bound, not a
#: speed target (it takes about 4 minutes on 2 cores with a load average of 20).
SUITE_SECONDS = 900.0
SEED = 33
#: Seconds the rooms' clock moves with each request.
CLOCK_STEP = 90.0
#: Settings for the run: searches and rich-board slices short, so that a run of
#: thousands of requests takes minutes; their limits answer as documented all the same.
#: Rooms created from one address are not limited (all come from 127.0.0.1, and the
#: stateful phase must create its own after the other phases' hundreds): the limit's
#: 429 is tests/test_rooms_api.py's. Every list is loaded at start-up, as a server
#: can be told to: building a graph its cache does not hold yet takes seconds, past the
#: requests' time-out on a busy machine (docs/development.md, the first run).
SETTINGS = {
    "PRELOAD_DICTIONARIES": "all",
    "TESTING": True,
    "SOLVE_BUDGET": 0.5,
    "SOLVE_CEILING": 1.0,
    "RICH_SLICE_SECONDS": 0.05,
    "ROOM_CREATIONS_PER_HOUR": 1_000_000,
}


class SteppingClock:
    """The rooms' clock: real time when made, then ``seconds`` later with each request."""

    def __init__(self) -> None:
        self.now = time.time()
        self.seconds = CLOCK_STEP

    def __call__(self) -> float:
        return self.now

    def step(self) -> None:
        self.now += self.seconds


def fuzz_app(folder: Path, catalog: Catalog | None = None, **config: Any) -> Flask:
    """The app for a run, its rooms on a fresh database in ``folder``; its own word
    lists unless ``catalog`` is given (a shared one would be left with all loaded)."""
    url = f"sqlite:///{folder / 'rooms.sqlite3'}"
    upgrade(url)
    settings = {**SETTINGS, "DATABASE_URL": url, "CACHE_DIR": config.pop("CACHE_DIR", None)}
    app = create_app({**settings, **config}, catalog=catalog)
    clock = SteppingClock()
    app.extensions["boggle.rooms"].clock = clock
    app.before_request(clock.step)
    return app


@contextmanager
def served(app: Flask) -> Iterator[str]:
    """The app served from a background thread on a free local port: its address."""
    # One line a request, thousands of them: Schemathesis reports what matters.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join()
        app.extensions["boggle.rooms"].database.dispose()


def command(
    base: str, config_file: Path, examples: int, seed: int, phases: tuple[str, ...]
) -> list[str]:
    """Schemathesis's command line for a run against ``base``."""
    return [
        str(Path(sys.executable).parent / "schemathesis"),
        "--config-file",
        str(config_file),
        "--no-color",
        "run",
        f"{base}/openapi.json",
        "--checks",
        ",".join(CHECKS),
        "--phases",
        ",".join(phases),
        "--max-examples",
        str(examples),
        "--seed",
        str(seed),
        "--workers",
        "1",
        "--generation-database",
        "none",
        "--request-timeout",
        "60",
    ]


@dataclass
class Run:
    """What Schemathesis said, and whether every check held (``returncode`` 0)."""

    returncode: int
    report: str


def playing_room(app: Flask) -> tuple[str, str, int]:
    """A room with its first round playing, for the phases that follow no links: its
    code, its host's token and a guest's seat, so that they reach past 404 and 401 to
    the game (the guest is there to be removed)."""
    client = app.test_client()
    seat = client.post("/rooms", json={"name": "Host", "seconds": 3600}).get_json()
    guest = app.test_client().post(f"/rooms/{seat['room']}/players", json={"name": "Guest"})
    assert guest.status_code == 201, guest.get_data(as_text=True)
    started = client.post(
        f"/rooms/{seat['room']}/rounds",
        json={},
        headers={"Authorization": f"Bearer {seat['token']}"},
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    return seat["room"], seat["token"], guest.get_json()["player"]["id"]


def run(
    app: Flask,
    examples: int = SUITE_EXAMPLES,
    steps: int = SUITE_STEPS,
    seed: int = SEED,
    phases: tuple[str, ...] = PHASES,
    seconds: float | None = SUITE_SECONDS,
) -> Run:
    """Run Schemathesis against the app: the phases that test one operation at a time
    on a room that exists (its code, round 1, its host's token and a guest's seat),
    then the stateful phase on its own, making its own rooms by the document's links.
    A run still going after ``seconds`` (None: no bound) is stopped, and fails."""
    deadline = None if seconds is None else time.monotonic() + seconds
    code, token, guest = playing_room(app)
    clock = app.extensions["boggle.rooms"].clock
    single = tuple(phase for phase in phases if phase != "stateful")
    runs = []
    with tempfile.TemporaryDirectory() as folder, served(app) as base:
        config_file = Path(folder) / "schemathesis.toml"
        if single:
            clock.seconds = 1.0
            config_file.write_text(
                f'[auth.openapi.seat]\nbearer = "{token}"\n\n'
                f'[parameters]\n"path.code" = "{code}"\n"path.number" = 1\n'
                f'"path.seat" = {guest}\n'
            )
            runs.append(_schemathesis(base, config_file, examples, seed, single, folder, deadline))
        if "stateful" in phases:
            # The steps of one scenario: the config file's only way to say so.
            clock.seconds = CLOCK_STEP
            config_file.write_text(f"[phases.stateful]\nmax-steps = {steps}\n")
            # With the document's examples first: a scenario starts from answers that
            # worked (a room created), where random settings are mostly refused.
            stateful = ("examples", "stateful")
            runs.append(
                _schemathesis(base, config_file, examples, seed, stateful, folder, deadline)
            )
    return Run(
        max(result.returncode for result in runs),
        "\n".join(result.stdout + result.stderr for result in runs),
    )


def _schemathesis(
    base: str,
    config_file: Path,
    examples: int,
    seed: int,
    phases: tuple[str, ...],
    folder: str,
    deadline: float | None,
) -> subprocess.CompletedProcess[str]:
    arguments = command(base, config_file, examples, seed, phases)
    left = None if deadline is None else max(1.0, deadline - time.monotonic())
    try:
        return subprocess.run(
            arguments,
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "NO_COLOR": "1"},
            cwd=folder,  # its report folder and caches go there, never the checkout
            timeout=left,
        )
    except subprocess.TimeoutExpired as stopped:  # killed by subprocess.run
        said = stopped.stdout or b""
        said = said.decode(errors="replace") if isinstance(said, bytes) else said
        return subprocess.CompletedProcess(
            arguments, 1, f"{said}\nstopped: the run was still going after its bound", ""
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=1000, help="per operation (1000)")
    parser.add_argument("--steps", type=int, default=50, help="per stateful scenario (50)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--phases", default=",".join(PHASES))
    options = parser.parse_args()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        app = fuzz_app(Path(folder))
        phases = tuple(options.phases.split(","))
        result = run(app, options.examples, options.steps, options.seed, phases, seconds=None)
    print(result.report)
    print(f"{time.perf_counter() - started:.0f} s")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
