"""Speed and memory of the engine: the search cores side by side, start-up, peak memory.

    python benchmarks/solver_speed.py [--wordlist ENABLE2K] [--quick]

Boards are rolled from the real dice (4x4 new, 5x5 Big Boggle; 10x10 and 30x30 from
the pooled faces of Super Big Boggle) with fixed seeds, so every run times the same
boards. Each board is solved in turn by the native core, the pure-Python core and the
seed's straightforward nested-dict solver (baseline_solver.py), so the comparison
survives a noisy machine: the full answer (every word with its score and ordered
path, sorted, as Python objects), then the score only (total points and word count,
``score_board``). The native module's import, start-up and peak memory are measured
in fresh processes, with the native core and without it. Times are medians; the
machine is shared, so compare figures from one run, not across runs.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import baseline_solver  # noqa: E402
from boggle import solver  # noqa: E402
from boggle.board import Board, parse_board  # noqa: E402
from boggle.catalog import Catalog  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from boggle.dictionary import load_dictionary  # noqa: E402
from boggle.solver import score_board, search_python, solve  # noqa: E402

ENABLE2K = ROOT.parent / "shared" / "wordlists" / "enable2k.txt"

# (rows, cols, dice set, boards, boards for the pure-Python core and the seed)
SIZES = [
    (4, 4, "new", 2000, 500),
    (5, 5, "big", 1000, 300),
    (10, 10, "superbig", 200, 50),
    (30, 30, "superbig", 10, 3),
]
# The sizes timed for the score only (what rating boards needs).
SCORE_SIZES = [(4, 4, "new", 2000, 500), (5, 5, "big", 1000, 300)]

# Boards built to be slow: dense with common letters, or repetitive so that many
# paths spell the same prefixes. Tiled to larger sizes to find the worst case.
DENSE_4X4 = "sers/patg/line/sers"  # the best-known 4x4 board for ENABLE2K
HARD_BOARDS = {
    "4x4 dense (sers patg line sers)": DENSE_4X4,
    "4x4 all e": "eeee/eeee/eeee/eeee",
    "4x4 s and e": "sese/eses/sese/eses",
    "5x5 dense tiled": None,
    "10x10 dense tiled": None,
    "30x30 dense tiled": None,
    "30x30 s and e": None,
    "30x30 all a": None,
    "40x40 asar tiled (worst found)": None,
}


def tiled(pattern: str, n: int) -> str:
    """The 4x4 pattern repeated to fill an n x n board (rows separated by slashes)."""
    rows = pattern.split("/")
    return "/".join("".join(rows[r % 4][c % 4] for c in range(n)) for r in range(n))


def hard_boards() -> dict[str, Board]:
    """The constructed boards, parsed."""
    texts = dict(HARD_BOARDS)
    texts["5x5 dense tiled"] = tiled(DENSE_4X4, 5)
    texts["10x10 dense tiled"] = tiled(DENSE_4X4, 10)
    texts["30x30 dense tiled"] = tiled(DENSE_4X4, 30)
    texts["30x30 s and e"] = tiled("sese/eses/sese/eses", 30)
    texts["30x30 all a"] = tiled("aaaa/aaaa/aaaa/aaaa", 30)
    # The slowest 40x40 board a hill-climb over 4x4 tiles found (tests/test_limits.py).
    texts["40x40 asar tiled (worst found)"] = tiled("asar/asar/asar/asas", 40)
    return {name: parse_board(text) for name, text in texts.items()}


def timed(function, *args) -> float:
    """Seconds one call takes."""
    started = time.perf_counter()
    function(*args)
    return time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


_PROBE = """
import json, resource, sys, time
started = time.perf_counter()
sys.path.insert(0, {root!r})
from boggle.board import parse_board
from boggle.dictionary import load_dictionary
from boggle.solver import solve
dictionary = load_dictionary({wordlist!r}, cache_dir={cache!r})
ready = time.perf_counter() - started
solve(parse_board({board!r}), dictionary)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"ready": ready, "peak_kb": peak}}))
"""

_BASELINE_PROBE = """
import json, resource, sys, time
started = time.perf_counter()
sys.path.insert(0, {root!r})
from benchmarks.baseline_solver import build_trie, solve
from boggle.board import parse_board
words = [w.strip().lower() for w in open({wordlist!r}, encoding="utf-8") if w.strip()]
trie = build_trie(words)
ready = time.perf_counter() - started
solve(parse_board({board!r}), trie)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"ready": ready, "peak_kb": peak}}))
"""


def probe(template: str, wordlist: Path, cache: str, pure_python: bool = False) -> dict[str, float]:
    """Run a fresh Python process that loads the dictionary and solves one board."""
    code = template.format(root=str(ROOT), wordlist=str(wordlist), cache=cache, board=DENSE_4X4)
    env = {k: v for k, v in os.environ.items() if k != "BOGGLE_PURE_PYTHON"}
    if pure_python:
        env["BOGGLE_PURE_PYTHON"] = "1"
    output = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    ).stdout
    return json.loads(output)


_IMPORT_PROBE = """
import importlib, json, sys, time
sys.path.insert(0, {root!r})
import boggle  # the package and the rest of the engine, without the native module
started = time.perf_counter()
importlib.import_module("boggle._native")
print(json.dumps({{"import": time.perf_counter() - started}}))
"""


def native_import(runs: int) -> float | None:
    """Median seconds to import the native module in a fresh process, or None unbuilt."""
    if solver._native is None:
        return None
    # BOGGLE_PURE_PYTHON keeps the package from importing the module itself first.
    times = [probe(_IMPORT_PROBE, Path(), "", pure_python=True)["import"] for _ in range(runs)]
    return statistics.median(times)


def start_up(wordlist: Path, runs: int, pure_python: bool = False) -> dict[str, float]:
    """Median cold build and warm load times, and the peak RSS of a warm process."""
    with tempfile.TemporaryDirectory() as cache:
        cold = [probe(_PROBE, wordlist, f"{cache}/{i}", pure_python)["ready"] for i in range(runs)]
        warm_runs = [probe(_PROBE, wordlist, f"{cache}/0", pure_python) for _ in range(runs)]
    baseline = probe(_BASELINE_PROBE, wordlist, "")
    return {
        "cold": statistics.median(cold),
        "warm": statistics.median(r["ready"] for r in warm_runs),
        "peak_mb": statistics.median(r["peak_kb"] for r in warm_runs) / 1024,
        "baseline_ready": baseline["ready"],
        "baseline_peak_mb": baseline["peak_kb"] / 1024,
    }


def side_by_side(
    boards: list[Board], others: int, cores: dict[str, Callable[[Board], object]]
) -> dict[str, list[float]]:
    """Seconds per board of each core, the cores taking turns on each board; the
    cores after the first time only the first ``others`` boards."""
    times: dict[str, list[float]] = {name: [] for name in cores}
    first = next(iter(cores))
    for index, board in enumerate(boards):
        for name, run in cores.items():
            if name == first or index < others:
                times[name].append(timed(run, board))
    return times


def median_ms(values: list[float]) -> float:
    """The median of seconds, in milliseconds."""
    return statistics.median(values) * 1000


def main() -> int:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", type=Path, default=ENABLE2K, help="default: ENABLE2K")
    parser.add_argument("--quick", action="store_true", help="a tenth of the boards")
    args = parser.parse_args()
    if not args.wordlist.is_file():
        print(f"error: no word list at {args.wordlist}; pass --wordlist FILE", file=sys.stderr)
        return 2
    scale = 10 if args.quick else 1
    runs = 3 if args.quick else 5

    print(f"word list: {args.wordlist}  python {sys.version.split()[0]}  engine: {solver.ENGINE}")
    if solver.ENGINE_NOTICE:
        print(solver.ENGINE_NOTICE)
    startup = start_up(args.wordlist, runs)
    startup_python = start_up(args.wordlist, runs, pure_python=True)
    imported = native_import(runs * 3)
    with tempfile.TemporaryDirectory() as cache:
        dictionary = load_dictionary(args.wordlist, cache_dir=cache)
    words = [w.strip().lower() for w in args.wordlist.read_text(encoding="utf-8").splitlines()]
    trie = baseline_solver.build_trie(w for w in words if w)
    # The seed's trie is some 400,000 dicts: out of the collector's way, or each full
    # collection (triggered by whichever core allocates at the time) scans them all.
    gc.freeze()

    full = {
        solver.ENGINE: lambda board: solve(board, dictionary),
        "python": lambda board: solve(board, dictionary, engine=search_python),
        "seed": lambda board: baseline_solver.solve(board, trie),
    }
    if solver.ENGINE == "python":
        del full["python"]  # the same core twice
    header = f"{'size':<7}{'boards':>7}" + "".join(f"{name + ' ms':>12}" for name in full)
    header += "".join(f"{name + '/' + solver.ENGINE:>15}" for name in list(full)[1:])
    header += f"{'p95 ms':>9}{'words/board':>13}"
    print()
    print("Full answer (words, scores, ordered paths, sorted): median ms per board")
    print(header)
    print("-" * len(header))
    for rows, cols, dice, count, others in SIZES:
        count, others = max(1, count // scale), max(1, others // scale)
        boards = [random_board(dice, seed, rows, cols)[0] for seed in range(count)]
        for board in boards[:others]:
            expected = {w.word for w in solve(board, dictionary).words}
            assert set(baseline_solver.solve(board, trie)) == expected, f"seed disagrees: {board}"
            assert set(search_python(board, dictionary, 3, None)) == expected, board
        found = sum(solve(board, dictionary).count for board in boards)
        gc.collect()
        times = side_by_side(boards, others, full)
        medians = [median_ms(times[name]) for name in full]
        line = f"{rows}x{cols:<5}{count:>7}" + "".join(f"{m:>12.4f}" for m in medians)
        line += "".join(f"{m / medians[0]:>14.1f}x" for m in medians[1:])
        line += f"{percentile(times[solver.ENGINE], 0.95) * 1000:>9.3f}{found / count:>13.0f}"
        print(line)

    scores = {
        solver.ENGINE: lambda board: score_board(board, dictionary),
        "python": lambda board: score_board(board, dictionary, engine="python"),
    }
    if solver.ENGINE == "python":
        del scores["python"]
    print()
    print("Score only (total points and word count, score_board): median ms per board")
    header = f"{'size':<7}{'boards':>7}" + "".join(f"{name + ' ms':>12}" for name in scores)
    header += "".join(f"{name + '/' + solver.ENGINE:>15}" for name in list(scores)[1:])
    print(header)
    print("-" * len(header))
    for rows, cols, dice, count, others in SCORE_SIZES:
        count, others = max(1, count // scale), max(1, others // scale)
        boards = [random_board(dice, seed, rows, cols)[0] for seed in range(count)]
        gc.collect()
        times = side_by_side(boards, others, scores)
        medians = [median_ms(times[name]) for name in scores]
        line = f"{rows}x{cols:<5}{count:>7}" + "".join(f"{m:>12.4f}" for m in medians)
        line += "".join(f"{m / medians[0]:>14.1f}x" for m in medians[1:])
        print(line)

    print()
    if imported is not None:
        print(f"import of the native module: {imported * 1000:.2f} ms (median of fresh processes)")
    for label, figures in ((solver.ENGINE, startup), ("python (forced)", startup_python)):
        print(
            f"{label}: dictionary ready: warm cache {figures['warm'] * 1000:.0f} ms, "
            f"cold build {figures['cold'] * 1000:.0f} ms (median of fresh processes); "
            f"peak RSS, load from warm cache + solve a 4x4 board: {figures['peak_mb']:.1f} MB"
        )
    print(
        f"seed: trie ready {startup['baseline_ready'] * 1000:.0f} ms, "
        f"peak RSS {startup['baseline_peak_mb']:.1f} MB"
    )
    print()
    # Slow boards depend on the list: the worst one found is worst for the shipped
    # large list, so both are timed.
    large = Catalog().get("large")
    print(f"Constructed boards, {solver.ENGINE} core")
    print(
        f"{'constructed board':<34}{'median ms':>11}{'words':>8}{'large list ms':>15}{'words':>8}"
    )
    for name, board in hard_boards().items():
        runs = [timed(solve, board, dictionary) for _ in range(3)]
        large_runs = [timed(solve, board, large) for _ in range(3)]
        print(
            f"{name:<34}{statistics.median(runs) * 1000:>11.2f}"
            f"{solve(board, dictionary).count:>8}{statistics.median(large_runs) * 1000:>15.2f}"
            f"{solve(board, large).count:>8}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
