"""Speed and memory of the other languages' dictionaries, side by side with English's.

    .venv/bin/python benchmarks/language_speed.py [--boards 2000] [--loads 20] [--quick]

For English ``standard`` and each language's list (German and Dutch are the largest):

- the word graph's cold build (read the list, build the table and its compact form,
  write the cache), once per list in a fresh cache folder: issue 15 asks ≤ 3 s;
- its warm load (read the list's hash and the cached graph), the median of ``--loads``
  loads in this process: issue 15 asks ≤ 50 ms;
- the size of the graph it holds (its compact form; the table, laid out only for the
  pure-Python search, beside it), what preloading the list costs each server process;
- 4x4 solves, native core, medians: on boards rolled from the language's own dice, and
  on the same boards for every list (rolled from English's ``new`` dice, whose faces,
  a-z and Qu, every language has), so the lists are compared on identical work.
  Issue 15 asks a German or Dutch solve within 1.5x English ``standard``'s.

The boards are interleaved (each board solved with every list in turn), so a busy
machine slows every list alike; compare figures of one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle import solver  # noqa: E402
from boggle.catalog import LANGUAGE_LISTS, SHIPPED_LISTS  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from boggle.dictionary import Dictionary, load_dictionary  # noqa: E402
from boggle.solver import solve  # noqa: E402

LISTS = {entry.name: entry for entry in (*SHIPPED_LISTS, *LANGUAGE_LISTS)}
NAMES = ["standard", "de", "fr", "es", "it", "nl"]
# The dice each list's own boards are rolled from.
OWN_DICE = {"standard": "new", "de": "de", "fr": "fr", "es": "es", "it": "it", "nl": "nl"}


def build_and_load(name: str, cache: Path, loads: int) -> tuple[Dictionary, float, float]:
    """The list's dictionary, its cold build in seconds and its median warm load in ms."""
    entry = LISTS[name]
    started = time.perf_counter()
    load_dictionary(entry.path, name, cache_dir=cache, rules=entry.rules)
    cold = time.perf_counter() - started
    times = []
    for _ in range(loads):
        started = time.perf_counter()
        dictionary = load_dictionary(entry.path, name, cache_dir=cache, rules=entry.rules)
        times.append(time.perf_counter() - started)
    return dictionary, cold, statistics.median(times) * 1000


def solve_times(
    dictionaries: dict[str, Dictionary], boards: int, own: bool
) -> dict[str, tuple[float, float]]:
    """Per list: median solve in microseconds and median word count on 4x4 boards."""
    times: dict[str, list[float]] = {name: [] for name in dictionaries}
    counts: dict[str, list[int]] = {name: [] for name in dictionaries}
    for seed in range(boards):
        for name, dictionary in dictionaries.items():
            board, _ = random_board(OWN_DICE[name] if own else "new", seed=seed)
            started = time.perf_counter()
            found = solve(board, dictionary)
            times[name].append(time.perf_counter() - started)
            counts[name].append(found.count)
    return {
        name: (statistics.median(times[name]) * 1e6, statistics.median(counts[name]))
        for name in dictionaries
    }


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=2000, help="4x4 boards a list")
    parser.add_argument("--loads", type=int, default=20, help="warm loads a list")
    parser.add_argument("--quick", action="store_true", help="200 boards, 5 loads")
    args = parser.parse_args()
    if args.quick:
        args.boards, args.loads = 200, 5
    print(f"search core: {solver.ENGINE}; {args.boards} boards, {args.loads} warm loads")
    dictionaries: dict[str, Dictionary] = {}
    rows = {}
    with tempfile.TemporaryDirectory() as cache:
        for name in NAMES:
            dictionary, cold, warm = build_and_load(name, Path(cache), args.loads)
            dictionaries[name] = dictionary
            held = dictionary.compact.nodes if dictionary.compact else dictionary.table
            table = len(dictionary.table_graph().table)  # laid out here, for its size
            rows[name] = (len(dictionary), cold, warm, len(held) * 4 / 2**20, table * 4 / 2**20)
    own = solve_times(dictionaries, args.boards, own=True)
    same = solve_times(dictionaries, args.boards, own=False)
    english = same["standard"][0]
    print(
        "| list | words | cold build | warm load | graph held (table) "
        "| 4x4 own dice: solve, words | 4x4 `new` dice: solve, words | vs `standard` |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name in NAMES:
        words, cold, warm, size, table = rows[name]
        print(
            f"| `{name}` | {words:,} | {cold:.2f} s | {warm:.1f} ms | {size:.1f} MB ({table:.1f}) "
            f"| {own[name][0]:.0f} µs, {own[name][1]:.0f} "
            f"| {same[name][0]:.0f} µs, {same[name][1]:.0f} | {same[name][0] / english:.2f}x |"
        )


if __name__ == "__main__":
    main()
