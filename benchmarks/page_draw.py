"""Time from "Find words" to the word list drawn, in Chromium, for the README's board.

    python benchmarks/page_draw.py [--runs N] [--against REV]

Serves the app (a werkzeug server on a free loopback port, in a process of its own)
and drives /usr/bin/chromium with Playwright: the board "sers patg line sers" (867
words) is typed into the text field and "Find words" clicked; a performance mark at
the click and another in the first task after the frame that follows the 867th word
button's arrival (the list laid out and painted) give the time, and a second figure is
the drawing alone (the page's `show` of an answer already fetched, to the same point).
Medians of `--runs`, measured at 1280 x 800 and 375 x 740, side by side in one run;
the machine is shared, so compare figures from one run, not across runs.

``--against REV`` times the page as it was at an older commit beside the current one,
in the same run: REV's files are exported (``git archive``, nothing checked out) to a
temporary folder and served on another port, and the two pages are measured in turn,
run by run, so that both see the same moments of a busy machine. Both servers then
search with the pure-Python core (``BOGGLE_PURE_PYTHON=1``; older commits have no
other), so what differs is the page and what the server sends.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
BOARD = "sers patg line sers"
WORDS = 867
SIZES = {"laptop 1280x800": (1280, 800), "phone 375x740": (375, 740)}

# The server, run in the folder of the version served: its own app.py and boggle/.
SERVE = """
import logging, sys
from werkzeug.serving import make_server
from app import create_app
logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line a request
server = make_server("127.0.0.1", 0, create_app({"CACHE_DIR": sys.argv[1]}), threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
"""

# From the click to the last word button in the list, through the request.
ROUND_TRIP = """async ([board, words]) => {
    const input = document.getElementById('board');
    input.value = board;
    input.dispatchEvent(new Event('input'));
    const list = document.getElementById('word-list');
    list.replaceChildren();
    const start = performance.now();
    const drawn = new Promise((resolve) => {
        const watch = new MutationObserver(() => {
            if (list.querySelectorAll('button[data-word]').length === words) {
                watch.disconnect();
                // The next task after the frame: the list laid out and painted.
                requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
            }
        });
        watch.observe(list, {childList: true, subtree: true});
    });
    document.querySelector('#solve-form button[type=submit]').click();
    return drawn;
}"""

# The drawing alone: the page's Results.show of an answer fetched before the clock starts.
# One Results for all the runs on a page: each one watches the list (its RovingList's
# observer), so a new one a run would leave the n-th run drawing for n of them.
DRAW = """async (text) => {
    const { Results } = await import('/static/js/results.js');
    const root = document.getElementById('results');
    window.timedResults ??= new Results(root, () => {});
    const results = window.timedResults;
    const start = performance.now();
    results.show(JSON.parse(text));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    return performance.now() - start;
}"""


@contextmanager
def served(folder: Path, pure_python: bool) -> Iterator[str]:
    """The app in ``folder`` served on a free loopback port until the block ends: its URL."""
    env = dict(os.environ, PYTHONPATH=str(folder))
    if pure_python:
        env["BOGGLE_PURE_PYTHON"] = "1"
    with tempfile.TemporaryDirectory() as cache:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, cache],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert process.stdout is not None
            port = process.stdout.readline().strip()
            if not port.isdigit():
                raise SystemExit(f"the app in {folder} did not start")
            yield f"http://127.0.0.1:{port}/"
        finally:
            process.terminate()
            process.wait(timeout=10)


@contextmanager
def exported(rev: str) -> Iterator[Path]:
    """The project's files at ``rev``, exported to a temporary folder (removed after)."""
    with tempfile.TemporaryDirectory() as folder:
        archive = Path(folder) / "rev.tar"
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", f"--output={archive}", rev],
            check=True,
        )
        tree = Path(folder) / "tree"
        with tarfile.open(archive) as tar:
            tar.extractall(tree, filter="data")
        yield tree


def measure(pages: list, runs: int) -> list[tuple[float, float]]:
    """For each page (one per version, each open on its own server), the medians (ms) of
    the whole round trip and of the drawing alone, the versions measured in turn."""
    trips: list[list[float]] = [[] for _ in pages]
    draws: list[list[float]] = [[] for _ in pages]
    answers = [
        page.evaluate(f"fetch('/solve?board={BOARD}').then((r) => r.text())") for page in pages
    ]
    for _ in range(runs):
        for i, page in enumerate(pages):
            trips[i].append(page.evaluate(ROUND_TRIP, [BOARD, WORDS]))
    for _ in range(runs):
        for i, page in enumerate(pages):
            draws[i].append(page.evaluate(DRAW, answers[i]))
    return [(statistics.median(t), statistics.median(d)) for t, d in zip(trips, draws, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument(
        "--against", metavar="REV", help="also time the page at this commit, side by side"
    )
    args = parser.parse_args()
    with ExitStack() as stack:
        versions = {"now": stack.enter_context(served(ROOT, pure_python=bool(args.against)))}
        if args.against:
            tree = stack.enter_context(exported(args.against))
            versions[args.against] = stack.enter_context(served(tree, pure_python=True))
            print("both servers search with the pure-Python core")
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        print(f"{'size':<18} {'version':<10} {'find -> list drawn':>20} {'drawing alone':>15}")
        for label, (width, height) in SIZES.items():
            pages = []
            for base in versions.values():
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(base)
                pages.append(page)
            for name, (trip, draw) in zip(versions, measure(pages, args.runs), strict=True):
                print(f"{label:<18} {name:<10} {trip:>17.1f} ms {draw:>12.1f} ms")
            for page in pages:
                page.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
