"""Time from "Find words" to the word list drawn, in Chromium, for the README's board.

    python benchmarks/page_draw.py [--runs N]

Serves the app (a werkzeug server on a free loopback port, in a thread) and drives
/usr/bin/chromium with Playwright: the board "sers patg line sers" (867 words) is typed
into the text field and "Find words" clicked; a performance mark at the click and
another when the 867th word button is in the list give the time, and a second figure
is the drawing alone (the page's `show` of an answer already fetched). Medians of
`--runs`, measured at 1280 x 800 and 375 x 740, side by side in one run; the machine
is shared, so compare figures from one run, not across runs.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from app import create_app  # noqa: E402

BOARD = "sers patg line sers"
WORDS = 867
SIZES = {"laptop 1280x800": (1280, 800), "phone 375x740": (375, 740)}

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
                requestAnimationFrame(() => resolve(performance.now() - start));
            }
        });
        watch.observe(list, {childList: true, subtree: true});
    });
    document.querySelector('#solve-form button[type=submit]').click();
    return drawn;
}"""


def measure(page, base: str, runs: int) -> tuple[float, float]:
    """Medians (ms) of the whole round trip, and of the drawing alone."""
    page.goto(base)
    trips = [page.evaluate(ROUND_TRIP, [BOARD, WORDS]) for _ in range(runs)]
    answer = page.evaluate(f"fetch('/solve?board={BOARD}').then((r) => r.text())")
    draws = [
        page.evaluate(
            """async (text) => {
                const { Results } = await import('/static/js/results.js');
                const root = document.getElementById('results');
                const results = new Results(root, () => {});
                const start = performance.now();
                results.show(JSON.parse(text));
                await new Promise((resolve) => requestAnimationFrame(resolve));
                return performance.now() - start;
            }""",
            answer,
        )
        for _ in range(runs)
    ]
    return statistics.median(trips), statistics.median(draws)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line a request
    with tempfile.TemporaryDirectory() as cache:
        app = create_app({"CACHE_DIR": cache})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_port}/"
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
                print(f"{'size':<18} {'find -> list drawn':>20} {'drawing alone':>15}")
                for label, (width, height) in SIZES.items():
                    page = browser.new_page(viewport={"width": width, "height": height})
                    trip, draw = measure(page, base, args.runs)
                    print(f"{label:<18} {trip:>17.1f} ms {draw:>12.1f} ms")
                    page.close()
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
