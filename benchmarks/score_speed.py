"""Speed of judging a multiplayer game (POST /score), tracing of written words included.

    python benchmarks/score_speed.py [--runs N]

Two games on the shipped standard list, through the Flask test client: a real one
(a 4x4 board, 3 players of 10 words) and a large junk-heavy one (a 40x40 board, 20
players of 1,000 random strings of common letters, about 220 kB of JSON: the most
a request may hold). Most junk is not a word, so every such string is traced on the
board for its path. Times are medians of whole requests; the machine is shared, so
compare figures from one run, not across runs.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from boggle.dice import random_board  # noqa: E402

COMMON_LETTERS = "etaoinshrdlu"


def games() -> list[tuple[str, dict]]:
    """The games timed, each with a label; the same every run (fixed seeds)."""
    rng = random.Random(1)
    small = {
        "board": "sers patg line sers",
        "players": [
            {"name": name, "words": "slate sea tapes xyzzy pa lines tea rest pales sets"}
            for name in ("Ann", "Bob", "Cy")
        ],
    }
    board, _ = random_board("new", 5, 40, 40)
    large = {
        "board": str(board),
        "players": [
            {
                "name": f"player {number}",
                "words": [
                    "".join(rng.choice(COMMON_LETTERS) for _ in range(rng.randint(5, 9)))
                    for _ in range(1000)
                ],
            }
            for number in range(20)
        ],
    }
    return [("4x4, 3 players x 10 words", small), ("40x40, 20 players x 1,000 junk", large)]


def main() -> int:
    """Time each game; print the median of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="requests per game (default 9)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        client = create_app({"TESTING": True, "CACHE_DIR": cache}).test_client()
        print(f"{'game':34} {'bytes':>9} {'median ms':>10} {'max ms':>9}")
        for label, game in games():
            body = json.dumps(game)
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                response = client.post("/score", data=body, content_type="application/json")
                times.append((time.perf_counter() - started) * 1000)
                if response.status_code != 200:
                    print(f"{label}: {response.status_code} {response.get_json()}")
                    return 1
            print(
                f"{label:34} {len(body):>9,} {statistics.median(times):>10.1f} {max(times):>9.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
