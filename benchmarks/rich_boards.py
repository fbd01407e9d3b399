"""The best boards the search for rich boards finds, for each kind of board, with seeds.

    python benchmarks/rich_boards.py --wordlist /path/to/enable2k.txt [--seconds 60]
        [--seeds 1 2 3] [--only free-4x4 ...]

Runs ``boggle.rich.find_rich_board`` for ``--seconds`` on each case (free letters and
dice-true boards, 4x4 and 5x5) with each seed, one after another, and prints a table:
the best board of each case with its points, words, seed and boards tried per second,
and the median best over the seeds. The search is single-threaded, so runs do not
share a core; the figures still depend on the machine's load, printed with them.
Target (issue 13): free letters, 4x4, within 60 s, at least 3,400 points on ENABLE2K.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle.catalog import Catalog  # noqa: E402
from boggle.dice import DICE_SETS  # noqa: E402
from boggle.dictionary import load_dictionary  # noqa: E402
from boggle.rich import find_rich_board  # noqa: E402

#: The cases: a name, the dice set (None: free letters) and the size.
CASES = {
    "free-4x4": (None, 4, 4),
    "classic-4x4": ("classic", 4, 4),
    "free-5x5": (None, 5, 5),
    "big-5x5": ("big", 5, 5),
}
TARGET = ("free-4x4", 3400)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (5 min {five:.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", help="word list file (ENABLE2K for the issue's figures)")
    parser.add_argument("--dictionary", default="standard", help="a shipped list otherwise")
    parser.add_argument("--seconds", type=float, default=60.0, help="per case and seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--only", nargs="+", choices=list(CASES), help="some cases only")
    args = parser.parse_args()
    named = args.wordlist is None
    dictionary = Catalog().get(args.dictionary) if named else load_dictionary(args.wordlist)
    print(f"word list: {dictionary.name} ({len(dictionary):,} words); {args.seconds:g} s a run")
    print(f"load average at start: {load_average()}")
    print(f"{'case':<12} {'seed':>4} {'points':>7} {'words':>6} {'boards/s':>9}  board")
    medians = {}
    for name in args.only or CASES:
        dice_name, rows, cols = CASES[name]
        dice = DICE_SETS[dice_name] if dice_name else None
        bests = []
        for seed in args.seeds:
            found = find_rich_board(dictionary, dice, rows, cols, seed=seed, seconds=args.seconds)
            rate = found.steps / found.seconds if found.seconds else 0
            print(
                f"{name:<12} {seed:>4} {found.points:>7,} {found.words:>6,} {rate:>9,.0f}  "
                f"{found.board}",
                flush=True,
            )
            bests.append(found.points)
        medians[name] = statistics.median(bests)
    print(f"load average at end: {load_average()}")
    for name, median in medians.items():
        print(f"{name:<12} median best {median:,.0f} points over seeds {args.seeds}")
    case, points = TARGET
    if case in medians:
        best = medians[case]
        verdict = "met" if best >= points else "not met"
        print(f"target: {case} within 60 s >= {points:,} points: median {best:,.0f}, {verdict}")
    return 0


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"({time.perf_counter() - started:.0f} s in all)")
    sys.exit(status)
