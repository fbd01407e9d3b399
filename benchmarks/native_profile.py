"""Instructions per board of the native search core, counted by callgrind.

    python benchmarks/native_profile.py [--wordlist ENABLE2K] [--boards N] [--baseline REV]...
    python benchmarks/native_profile.py --memcheck [--baseline REV]...

The timing benchmark (solver_speed.py) moves with the machine's load; the number of
instructions a solve executes does not, so it is what a change to ``boggle/_native.c``
is judged by. Each case (a kind of answer on one board size) runs in a fresh
interpreter under ``valgrind --tool=callgrind``, on boards rolled with fixed seeds as
solver_speed.py rolls them, and only the solving is counted: the interpreter's start,
the dictionary's load and the rolling happen before the counted part (callgrind counts
only inside ``functools.reduce``, which runs the loop over the boards and is called
nowhere else: with no boards, the count is a few hundred instructions). Each board is solved once
before the count, so that caches filled on a first call stay out of it. The figure is
instructions per board, everything a caller pays included: the Python around the walk,
the walk, building the answer and freeing it. ``--cache`` adds callgrind's simulated
first-level and last-level data-cache misses per board, for changes to memory order.

With ``--baseline REV`` (repeatable) the same cases also run on the checkout at each REV
(exported with ``git archive`` into a temporary folder and its extension built there),
side by side, the change given against the first.

``--memcheck`` runs a fixed set of calls under ``valgrind --tool=memcheck`` instead: a
few boards in every mode, a board over 64 cells, a search stopped by its budget and by
its ceiling, a corrupt table, a corrupt compact form and bad arguments. It prints the
errors and the leaks whose stacks pass through the native module (the interpreter's
own are not this module's), which must both be none.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENABLE2K = ROOT.parent / "shared" / "wordlists" / "enable2k.txt"

# name: (what is called per board, the boards: rows, cols, dice set)
CASES = {
    "full 4x4": ("full", 4, 4, "new"),
    "full 5x5": ("full", 5, 5, "big"),
    "full 10x10": ("full", 10, 10, "superbig"),
    "score 4x4": ("score", 4, 4, "new"),
    "score 5x5": ("score", 5, 5, "big"),
    "paths 4x4": ("paths", 4, 4, "new"),
}
# Fewer boards where each is larger, so that every case takes about as long.
BOARDS_PER_SIZE = {4: 1.0, 5: 0.5, 10: 0.1}

# What the child runs per board: the full answer as solve() gives it, the score as
# score_board() gives it, and the {word: path} of the Search interface.
CALLS = {
    "full": "lambda board: solve(board, dictionary)",
    "score": "lambda board: score_board(board, dictionary)",
    "paths": "lambda board: solver.search_native(board, dictionary, 3, None)",
}

_CHILD = """
import gc, sys
from functools import reduce
sys.path.insert(0, {tree!r})
from boggle import solver
from boggle.dice import random_board
from boggle.dictionary import load_dictionary
from boggle.solver import score_board, solve
assert solver.ENGINE == "native", solver.ENGINE_NOTICE
assert solver.__file__.startswith({tree!r}), solver.__file__
dictionary = load_dictionary({wordlist!r}, cache_dir={cache!r})
boards = [random_board({dice!r}, seed, {rows}, {cols})[0] for seed in range({count})]
run = {call}
for board in boards:
    run(board)
gc.collect()
{finish}
"""

# The counted part: every board once, inside functools.reduce.
_COUNTED = "reduce(lambda _, board: None if run(board) else None, boards, None)"
# The timed part (--time): every board once, each call timed.
_TIMED = """import json, time
times = []
for board in boards:
    started = time.perf_counter()
    run(board)
    times.append(time.perf_counter() - started)
print(json.dumps(times))"""

_CHECKS = """
import sys
from array import array
sys.path.insert(0, {tree!r})
from boggle import solver
from boggle.board import Board, parse_board
from boggle.dice import random_board
from boggle.dictionary import STRIDE, load_dictionary
from boggle.errors import SearchBudgetExceeded
from boggle.solver import score_board, solve
native = solver._native
assert native is not None and native.__file__.startswith({tree!r}), solver.ENGINE_NOTICE
dictionary = load_dictionary({wordlist!r}, cache_dir={cache!r})
boards = [random_board(dice, seed, rows, cols)[0] for dice, rows, cols in
          (("new", 4, 4), ("big", 5, 5), ("superbig", 6, 6)) for seed in range(3)]
boards += [parse_board("qu i # s / th e r s / in an he er / a # e t")]
boards += [random_board("superbig", 3, 9, 9)[0], random_board("superbig", 4, 1, 100)[0]]
for board in boards:
    for min_length in (3, 5):
        solve(board, dictionary, min_length)
        score_board(board, dictionary, min_length)
        solver.search_native(board, dictionary, min_length, None)
rows = ["asar", "asar", "asar", "asas"]
worst = Board(40, 40, tuple(rows[r % 4][c % 4] for r in range(40) for c in range(40)))
solve(worst, dictionary)
for budget, ceiling in ((0.0005, None), (60, 0.0005), (0, None)):
    try:
        solve(worst, dictionary, budget=budget, ceiling=ceiling)
    except SearchBudgetExceeded:
        pass
corrupt = array("i", dictionary.table)
corrupt[dictionary.root] = len(corrupt) + 4 * STRIDE
arguments = list(solver._native_board(parse_board("abcd efgh ijkl mnop"), dictionary, 3))
# The same walk on the table, without the compact form (a graph that has none).
tables = list(arguments)
tables[0], tables[2], tables[3] = dictionary.table, dictionary.root, dictionary.terminal_limit
tables[15] = None
ranked, scored = native.MODE_RANKED, native.MODE_SCORE
every = (native.MODE_PATHS, ranked, scored)
# (the arguments, the one after the mode changed, a bad value for it, the modes that read
# it). Every mode walks the compact form where it is given (the score mode alone, in a
# checkout from before the table was laid out on demand only).
compact = getattr(dictionary, "compact", None)
compact_modes = every if hasattr(dictionary, "table_graph") else (scored,)
changes = [(tables, 0, corrupt, every), (tables, 0, array("h", [0] * 64), every),
           (arguments, 7, {{"a": 0}}, every), (arguments, 8, ("a",) * 15, every),
           (arguments, 1, 1, every), (arguments, 13, (), (ranked, scored)),
           (arguments, 14, int, (ranked,))]
if compact is not None:
    nodes, root, limit = compact
    bad = array("I", nodes)
    bad[root + 1] = len(bad)  # the root's first child, "a", past the end
    changes += [(arguments, 15, value, compact_modes) for value in (
        (bad, root, limit), (nodes, 0, limit), (array("i", nodes), root, limit),
        (nodes, len(nodes), limit), (array("I", [0] * 8), 1, 0))]
    changes += [(arguments, 15, "x", every)]
for given, index, value, modes in changes:
    for mode in modes:
        wrong = list(given)
        wrong[index] = value
        try:
            native.walk(mode, *wrong)
        except (TypeError, ValueError):
            pass
        else:
            raise AssertionError(f"walk took a bad argument {{index}} in mode {{mode}}")
print("checks done")
"""


# Each tree's cache, built by that tree's own code before anything is counted.
_BUILD = """
import sys
sys.path.insert(0, sys.argv[1])
from boggle.dictionary import load_dictionary
load_dictionary(sys.argv[2], cache_dir=sys.argv[3])
"""


def export_tree(revision: str, folder: Path) -> Path:
    """The checkout at ``revision`` in a new folder in ``folder``, its native module
    built in place."""
    tree = Path(tempfile.mkdtemp(prefix="baseline-", dir=folder))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
        cwd=tree,
        check=True,
        capture_output=True,
    )
    return tree


def child_env() -> dict[str, str]:
    """The environment of a measured interpreter: the native core on, hashing fixed
    (set iteration, and so the work done, the same every run)."""
    env = {k: v for k, v in os.environ.items() if k != "BOGGLE_PURE_PYTHON"}
    env["PYTHONHASHSEED"] = "0"
    return env


def count(tree: Path, case: str, boards: int, wordlist: Path, cache: str, cache_sim: bool):
    """Instructions (and, with ``cache_sim``, D1 and LL read misses) per board of a case."""
    kind, rows, cols, dice = CASES[case]
    boards = max(1, round(boards * BOARDS_PER_SIZE[rows]))
    code = _CHILD.format(
        tree=str(tree), wordlist=str(wordlist), cache=cache, dice=dice, rows=rows, cols=cols,
        count=boards, call=CALLS[kind], finish=_COUNTED,
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            "--collect-atstart=no", "--toggle-collect=functools_reduce",
            f"--cache-sim={'yes' if cache_sim else 'no'}",
            sys.executable, "-c", code,
        ]  # fmt: skip
        subprocess.run(command, check=True, capture_output=True, env=child_env(), cwd=tree)
        text = out.read_text()
    events = re.search(r"^events: (.+)$", text, re.MULTILINE).group(1).split()
    totals = re.search(r"^(?:summary|totals): (.+)$", text, re.MULTILINE).group(1).split()
    figures = dict(zip(events, map(int, totals), strict=False))
    result = {"Ir": figures["Ir"] / boards}
    if cache_sim:
        result["D1mr"] = figures["D1mr"] / boards
        result["DLmr"] = figures["DLmr"] / boards
    return result


def timed(
    trees: dict[str, Path],
    case: str,
    boards: int,
    wordlist: Path,
    caches: dict[str, str],
    rounds: int,
) -> dict[str, float]:
    """Median milliseconds per board of a case on each tree, the trees taking turns
    (a fresh interpreter each, ``rounds`` times) so that the machine's load falls on
    all of them alike."""
    kind, rows, cols, dice = CASES[case]
    boards = max(1, round(boards * BOARDS_PER_SIZE[rows]))
    times: dict[str, list[float]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, tree in trees.items():
            code = _CHILD.format(
                tree=str(tree), wordlist=str(wordlist), cache=caches[name], dice=dice,
                rows=rows, cols=cols, count=boards, call=CALLS[kind], finish=_TIMED,
            )  # fmt: skip
            run = subprocess.run(
                [sys.executable, "-c", code], check=True, capture_output=True, text=True,
                env=child_env(), cwd=tree,
            )  # fmt: skip
            times[name] += json.loads(run.stdout)
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


def memcheck(tree: Path, wordlist: Path, cache: str) -> tuple[int, int, str]:
    """Errors and definitely-lost blocks whose stacks pass through the native module,
    and memcheck's leak summary, for the fixed set of calls."""
    code = _CHECKS.format(tree=str(tree), wordlist=str(wordlist), cache=cache)
    env = child_env()
    env["PYTHONMALLOC"] = "malloc"  # every object a malloc of its own, seen by memcheck
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "memcheck.log"
        command = [
            "valgrind", "--tool=memcheck", "--leak-check=full", "--error-limit=no",
            "--num-callers=40", f"--log-file={log}", sys.executable, "-c", code,
        ]  # fmt: skip
        run = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tree)
        if run.returncode != 0 or "checks done" not in run.stdout:
            raise SystemExit(f"the checks failed under memcheck:\n{run.stderr[-3000:]}")
        text = log.read_text()
    # memcheck's records are separated by a line holding only its prefix (==PID==).
    records = re.split(r"^==\d+== ?\n", text, flags=re.MULTILINE)
    # A frame in the module: "(_native.c:123)", or "(in .../_native.cpython-...so)".
    ours = [record for record in records if re.search(r"\(_native\.c:|/_native\.cpython", record)]
    errors = sum(1 for record in ours if "lost in loss record" not in record)
    lost = sum(1 for record in ours if "definitely lost in loss record" in record)
    summary = " ".join(
        line.split("== ", 1)[1].strip()
        for line in text.splitlines()
        if re.search(r"(definitely|indirectly) lost:|ERROR SUMMARY", line)
    )
    return errors, lost, summary


def main() -> int:
    """Count each case on this checkout (and the baseline), and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", type=Path, default=ENABLE2K, help="default: ENABLE2K")
    parser.add_argument("--boards", type=int, default=200, help="4x4 boards per case (200)")
    parser.add_argument(
        "--baseline", metavar="REV", action="append", default=[], help="also count REV"
    )
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated case names")
    parser.add_argument("--cache", action="store_true", help="simulate the caches too")
    parser.add_argument("--memcheck", action="store_true", help="memcheck the fixed calls")
    parser.add_argument(
        "--time", type=int, metavar="ROUNDS", help="time the cases instead, trees taking turns"
    )
    args = parser.parse_args()
    if not args.wordlist.is_file():
        print(f"error: no word list at {args.wordlist}; pass --wordlist FILE", file=sys.stderr)
        return 2
    cases = [case.strip() for case in args.cases.split(",")]
    unknown = [case for case in cases if case not in CASES]
    if unknown:
        print(f"error: no case {unknown[0]!r}; the cases: {', '.join(CASES)}", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory() as folder:
        trees = {rev: export_tree(rev, Path(folder)) for rev in args.baseline}
        trees["this checkout"] = ROOT
        # A cache folder per tree: another checkout's cache may be of another format,
        # and writing its own would remove the other's (and each child would build).
        caches = {name: str(Path(folder) / f"cache-{i}") for i, name in enumerate(trees)}
        for name, tree in trees.items():  # built once, loaded by each child
            subprocess.run(
                [sys.executable, "-c", _BUILD, str(tree), str(args.wordlist), caches[name]],
                check=True, env=child_env(), cwd=tree,
            )  # fmt: skip
        if args.memcheck:
            for name, tree in trees.items():
                errors, lost, summary = memcheck(tree, args.wordlist, caches[name])
                print(f"{name}: {errors} errors and {lost} definitely lost blocks in _native")
                print(f"  memcheck, the whole process: {summary}")
            return 0

        if args.time:
            print(f"word list: {args.wordlist}; median ms per board, {args.time} rounds")
            print(f"{'case':<12}" + "".join(f"{name[:14]:>16}" for name in trees))
            for case in cases:
                medians = timed(trees, case, args.boards, args.wordlist, caches, args.time)
                print(f"{case:<12}" + "".join(f"{medians[name]:>16.4f}" for name in trees))
            return 0
        print(f"word list: {args.wordlist}; instructions per board (callgrind), fixed seeds")
        columns = [(name, "Ir") for name in trees]
        if args.cache:
            columns += [(name, event) for name in trees for event in ("D1mr", "DLmr")]
        header = f"{'case':<12}" + "".join(
            f"{event + ' ' + name[:14]:>24}" for name, event in columns
        )
        if args.baseline:
            header += f"{'change':>9}"
        print(header)
        print("-" * len(header))
        for case in cases:
            figures = {
                name: count(tree, case, args.boards, args.wordlist, caches[name], args.cache)
                for name, tree in trees.items()
            }
            line = f"{case:<12}" + "".join(
                f"{figures[name][event]:>24,.0f}" for name, event in columns
            )
            if args.baseline:
                before, after = figures[args.baseline[0]]["Ir"], figures["this checkout"]["Ir"]
                line += f"{(after - before) / before:>+9.1%}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
