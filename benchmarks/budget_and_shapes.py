"""What the CPU-time budget and the bounded shape tables cost a solve, side by side.

    python benchmarks/budget_and_shapes.py [--wordlist ENABLE2K] [--rounds 7]

For 4x4 and 5x5 boards rolled from the dice (fixed seeds), each round times the same
boards four ways, interleaved so that a busy machine slows all four alike:

- no budget (as the command line solves);
- a budget on the thread's CPU clock (as the app solves now);
- a budget on the wall clock (as the app solved before);
- the CPU-clock budget with the shape tables rebuilt for every board, as when a client
  cycles through more shapes than are kept (``SHAPES_CACHED``).

Prints the median over rounds of each round's median, in milliseconds a board.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle import solver  # noqa: E402
from boggle.board import grid_neighbors  # noqa: E402
from boggle.dice import DICE_SETS, random_board  # noqa: E402
from boggle.dictionary import load_dictionary  # noqa: E402
from boggle.watchdog import thread_cpu_clock  # noqa: E402

ENABLE2K = ROOT.parent / "shared" / "wordlists" / "enable2k.txt"
SIZES = [(4, 4, "new", 500), (5, 5, "big", 250)]


def wall_clock() -> None:
    """No CPU clock: the alarm counts wall-clock time, as before."""
    return None


def round_median(boards: list, dictionary, budget: float | None, rebuild: bool) -> float:
    """Median ms a board over one pass."""
    times = []
    for board in boards:
        if rebuild:
            grid_neighbors.cache_clear()
            solver._grid_cells.cache_clear()
        started = time.perf_counter()
        solver.solve(board, dictionary, budget=budget)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", type=Path, default=ENABLE2K, help="default: ENABLE2K")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    dictionary = load_dictionary(args.wordlist)
    print(f"word list: {args.wordlist}  rounds: {args.rounds}")
    print(f"{'size':6}{'no budget':>12}{'CPU budget':>12}{'wall budget':>13}{'CPU, rebuilt':>14}")
    for rows, cols, dice, count in SIZES:
        boards = [random_board(DICE_SETS[dice], seed, rows, cols)[0] for seed in range(count)]
        ways: dict[str, list[float]] = {"none": [], "cpu": [], "wall": [], "rebuilt": []}
        for _ in range(args.rounds):
            solver.thread_cpu_clock = thread_cpu_clock
            ways["none"].append(round_median(boards, dictionary, None, False))
            ways["cpu"].append(round_median(boards, dictionary, 2.0, False))
            solver.thread_cpu_clock = wall_clock
            ways["wall"].append(round_median(boards, dictionary, 2.0, False))
            solver.thread_cpu_clock = thread_cpu_clock
            ways["rebuilt"].append(round_median(boards, dictionary, 2.0, True))
        medians = {way: statistics.median(values) for way, values in ways.items()}
        print(
            f"{rows}x{cols:<4}{medians['none']:>12.3f}{medians['cpu']:>12.3f}"
            f"{medians['wall']:>13.3f}{medians['rebuilt']:>14.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
