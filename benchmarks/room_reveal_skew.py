"""Three phones, one room: how far apart they show the board, and how soon the results.

    python benchmarks/room_reveal_skew.py [--rounds 10] [--skews 0,-2500,1800]
        [--countdown 5] [--round-seconds 10] [--database sqlite|postgresql]

The production recipe (nginx in front of gunicorn, as ``make serve``) on a fresh
database migrated as ``make db-upgrade`` does, and three Chromium pages at phone size
(390 x 844, scale 2, touch), each a browser context of its own, whose clocks are set
off by ``--skews`` milliseconds (a phone's clock is seconds off as often as not): the
page's ``Date.now`` is moved, as the room's script reads it. One makes the room, the
two others join by its link; then the host starts ``--rounds`` rounds, one after the
other, each ``--round-seconds`` long after the countdown.

Each page records, on the machine's own clock (the one the server and all three pages
share, kept aside before it is moved), the instant each round's board is first drawn
for play (the animation frame after the cubes are in the page and the round's panel is
shown) and the instant its results are drawn. Reported per round: the spread of the
three reveals (the last minus the first), each page's reveal after the server's
``started_at``, and each page's results after the server's ``ends_at``; then the
median and the maximum of each. Targets (issue 26): the three within 300 ms of each
other, and the results within 1 s of time's up.

Everything stays on 127.0.0.1; every wait is bounded.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.load_test import free_port, wait_until_healthy  # noqa: E402
from benchmarks.rooms_load import POSTGRES_BIN, migrate, start_postgres  # noqa: E402
from deploy.serve import Recipe, find_nginx  # noqa: E402

CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
# The page's clock moved by SKEW ms; the machine's kept as trueNow. Per round (the
# room's data-round): when its board was first drawn for play, when its results were.
WATCH = """
const real = Date.now.bind(Date);
window.trueNow = real;
Date.now = () => real() + SKEW;
window.shown = {};
window.results = {};
addEventListener("DOMContentLoaded", () => {
  const room = document.getElementById("room");
  if (!room) return;
  const stamp = (log, round) => {
    log[round] = null;
    requestAnimationFrame(() => { log[round] = real(); });
  };
  new MutationObserver(() => {
    const round = room.dataset.round;
    const play = document.getElementById("play");
    if (!play.hidden && play.querySelector(".cube") && !(round in window.shown)) {
      stamp(window.shown, round);
    }
    const finished = document.getElementById("finished");
    const columns = document.querySelectorAll("#columns .room-column").length;
    if (!finished.hidden && columns && round in window.shown && !(round in window.results)) {
      stamp(window.results, round);
    }
  }).observe(room, { subtree: true, childList: true, attributes: true, characterData: true });
});
"""


def wait_for(page, expression: str, seconds: float) -> object:
    """Poll an expression in the page (the CSP forbids a string predicate) until it is
    truthy; its value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = page.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"waited {seconds:.0f} s for {expression}")


def play(base: str, args) -> list[dict]:
    """Make the room, seat the three, play the rounds; what each page recorded."""
    from playwright.sync_api import sync_playwright

    skews = [int(s) for s in args.skews.split(",")]
    rounds = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        pages = []
        for skew in skews:
            context = browser.new_context(**PHONE)
            context.add_init_script(WATCH.replace("SKEW", str(skew)))
            pages.append(context.new_page())
        host = pages[0]
        host.goto(f"{base}/room?seconds={args.round_seconds}")
        host.locator("#name").fill("Host")
        host.get_by_role("button", name="Make the room").tap()
        host.locator("#lobby").wait_for()
        link = host.url
        for number, page in enumerate(pages[1:], 2):
            page.goto(link)
            page.locator("#name").fill(f"Player {number}")
            page.get_by_role("button", name="Join", exact=True).tap()
            page.locator("#lobby").wait_for()
        code = link.rsplit("/", 1)[1]
        for number in range(1, args.rounds + 1):
            # Start, or Next round, as the host's phone offers it.
            host.locator("#start-round, #next-round").locator("visible=true").tap()
            key = str(number)
            for page in pages:
                wait_for(page, f"window.shown['{key}']", args.countdown + 10)
            room = host.evaluate(f"fetch('/rooms/{code}').then(r => r.json())")["round"]
            for page in pages:
                wait_for(page, f"window.results['{key}']", args.round_seconds + 10)
            rounds.append(
                {
                    "started_at": room["started_at"] * 1000,
                    "ends_at": room["ends_at"] * 1000,
                    "shown": [page.evaluate(f"window.shown['{key}']") for page in pages],
                    "results": [page.evaluate(f"window.results['{key}']") for page in pages],
                }
            )
            time.sleep(1)  # the host reads the results a moment
        browser.close()
    return rounds


def report(rounds: list[dict], args, load_start: float) -> None:
    """The table per round, and the summary."""
    skews = args.skews.split(",")
    print(
        f"\n{len(rounds)} rounds, 3 phones (clocks off by {', '.join(skews)} ms), "
        f"countdown {args.countdown} s, rounds of {args.round_seconds} s; "
        f"load average {load_start:.2f} at the start, {os.getloadavg()[0]:.2f} at the end"
    )
    print("round  spread ms   reveal after started_at ms   results after ends_at ms")
    spreads, reveals, results = [], [], []
    for number, played in enumerate(rounds, 1):
        late = [t - played["started_at"] for t in played["shown"]]
        after = [t - played["ends_at"] for t in played["results"]]
        spread = max(played["shown"]) - min(played["shown"])
        spreads.append(spread)
        reveals += late
        results += after
        print(
            f"{number:>5}  {spread:>9.0f}   {' '.join(f'{ms:>6.0f}' for ms in late):>26}"
            f"   {' '.join(f'{ms:>6.0f}' for ms in after):>24}"
        )
    print(
        f"spread of the three reveals: median {statistics.median(spreads):.0f} ms, "
        f"max {max(spreads):.0f} ms (target: within 300 ms)"
    )
    print(
        f"a reveal after started_at: median {statistics.median(reveals):.0f} ms, "
        f"min {min(reveals):.0f} ms, max {max(reveals):.0f} ms"
    )
    print(
        f"results after ends_at: median {statistics.median(results):.0f} ms, "
        f"max {max(results):.0f} ms (target: within 1,000 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--skews", default="0,-2500,1800", help="each phone's clock, in ms")
    parser.add_argument("--countdown", type=int, default=5, help="ROOM_COUNTDOWN_SECONDS")
    parser.add_argument("--round-seconds", type=int, default=10)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    if find_nginx() is None:
        print("error: nginx is not installed (Debian: apt-get install nginx)")
        return 2
    if not Path(CHROMIUM).exists():
        print(f"error: no Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
        return 2
    if args.database == "postgresql" and not (POSTGRES_BIN / "initdb").exists():
        print("error: PostgreSQL 15 is not installed (Debian: apt-get install postgresql)")
        return 2
    load_start = os.getloadavg()[0]
    print(f"started {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC, "
          f"load average {load_start:.2f}")  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="boggle-reveal-"))
    stop_database = None
    try:
        if args.database == "postgresql":
            url, stop_database = start_postgres(folder)
        else:
            url = f"sqlite:///{folder / 'rooms.sqlite3'}"
        migrate(url)
        port = free_port()
        env = {
            "BOGGLE_LOG_LEVEL": "warning",
            "BOGGLE_DATABASE_URL": url,
            "BOGGLE_ROOM_COUNTDOWN_SECONDS": str(args.countdown),
            # The recipe is production, which rolls the days' boards from a secret.
            "BOGGLE_DAILY_SECRET": "the reveal benchmark's own secret",
        }
        recipe = Recipe("127.0.0.1", port, env=env)
        try:
            recipe.start()
            wait_until_healthy(f"http://127.0.0.1:{port}/healthz", 120)
            rounds = play(f"http://127.0.0.1:{port}", args)
        finally:
            recipe.stop()
    except subprocess.CalledProcessError as error:
        print(f"error: {error}")
        return 1
    finally:
        if stop_database:
            stop_database()
        shutil.rmtree(folder, ignore_errors=True)
    report(rounds, args, load_start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
