"""How fast the search for rich boards climbs: best points against time, for each seed.

    python benchmarks/rich_boards.py --wordlist /path/to/enable2k.txt --size 5 --seeds 5 \\
        --seconds 600 [--workers 2] [--dice free] [--targets 10300 10406]
    python benchmarks/rich_boards.py ... --steps 1200000     # the same boards anywhere

Runs ``boggle.rich.find_rich_board`` once for each seed 1..N (``--seeds``), one after
another, each with ``--workers`` processes (default 2: the issue's "2 cores") for
``--seconds`` or ``--steps``, and prints for each seed its best board, its steps and the
time it took to first reach each target, then the curve: the best points each seed had
reached at a few moments.

Two clocks. *Wall* is the time the run took here, which the machine's load stretches
(printed at the start and the end). *Core* is what a core of its own would have taken:
each worker notes its own CPU seconds with each better board it finds, and the best
at core time t is the best any worker had found within t seconds of its own CPU. On a
quiet machine with a core for each worker the two agree; on a shared one, core time is
the figure to read, and ``--steps`` (a fixed number of steps, the same boards on every
machine) the way to run: a seed and a number of steps always end on the same board.

Default targets (issue 29): 4x4, 3,625 points (the proven best with ENABLE2K) within
60 s; 5x5, 10,300 within 120 s and 10,406 (the best known) within 600 s, on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle.catalog import Catalog  # noqa: E402
from boggle.dice import DICE_SETS  # noqa: E402
from boggle.dictionary import load_dictionary  # noqa: E402
from boggle.rich import FREE, Progress, RichBoard, find_rich_board  # noqa: E402

#: (points, within seconds) by board size: the issue's targets for ENABLE2K.
TARGETS = {4: ((3625, 60),), 5: ((10300, 120), (10406, 600))}
#: The moments the curve is read at, in seconds.
MOMENTS = (5, 10, 20, 30, 60, 120, 240, 360, 480, 600, 900, 1200)


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.2f} (5 min {five:.2f})"


def core_curve(found: RichBoard) -> list[tuple[float, int, int]]:
    """(core seconds, steps of that worker, best points of all workers by then), each
    time the best of all rose, reading every worker's own clock."""
    events = sorted((cpu, step, points) for _, step, cpu, points in found.history)
    curve, best = [], 0
    for cpu, step, points in events:
        if points > best:
            best = points
            curve.append((cpu, step, best))
    return curve


def best_at(curve: list[tuple[float, int]], moment: float) -> int | None:
    """The best points a (seconds, points) curve had reached by ``moment``."""
    reached = [points for seconds, points in curve if seconds <= moment]
    return max(reached) if reached else None


def first_reaching(curve: list[tuple[float, int]], points: int) -> float | None:
    """The first moment a (seconds, points) curve reached ``points``, or None."""
    return next((seconds for seconds, best in curve if best >= points), None)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordlist", help="word list file (ENABLE2K for the issue's figures)")
    parser.add_argument("--dictionary", default="standard", help="a shipped list otherwise")
    parser.add_argument("--size", type=int, default=5, help="rows and columns (default 5)")
    parser.add_argument("--dice", default=FREE, choices=[FREE, *sorted(DICE_SETS)])
    parser.add_argument("--seeds", type=int, default=5, help="seeds 1 to N (default 5)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--seconds", type=float, help="per seed, on the wall clock")
    parser.add_argument("--steps", type=int, help="per seed, shared by the workers")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--targets", type=int, nargs="+", help="points to time (default: by size)")
    args = parser.parse_args()
    if args.seconds is None and args.steps is None:
        parser.error("give --seconds or --steps")
    named = args.wordlist is None
    dictionary = Catalog().get(args.dictionary) if named else load_dictionary(args.wordlist)
    dice = None if args.dice == FREE else DICE_SETS[args.dice]
    rows = cols = args.size
    if dice is not None:
        rows, cols = dice.rows, dice.cols
    limits = dict(TARGETS.get(rows, ()))
    targets = args.targets or sorted(limits)
    bound = f"{args.seconds:g} s" if args.steps is None else f"{args.steps:,} steps"
    print(
        f"word list: {dictionary.name} ({len(dictionary):,} words); {args.dice} {rows}x{cols}; "
        f"{args.workers} workers; {bound} a seed"
    )
    print(f"load average at start: {load_average()}", flush=True)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    walls, cores = {}, {}
    for seed in seeds:
        timeline: list[tuple[float, int]] = []

        def note(progress: Progress, timeline: list[tuple[float, int]] = timeline) -> None:
            timeline.append((progress.seconds, progress.best))

        used_before = _cpu_seconds()
        found = find_rich_board(
            dictionary,
            dice,
            rows,
            cols,
            seed=seed,
            steps=args.steps,
            seconds=args.seconds,
            on_progress=note,
            workers=args.workers,
        )
        used = _cpu_seconds() - used_before
        core = core_curve(found)
        walls[seed] = timeline
        cores[seed] = [(cpu, points) for cpu, _, points in core]
        print(
            f"seed {seed}: {found.points:,} points, {found.words:,} words, {found.board}; "
            f"{found.steps:,} steps in {found.seconds:.0f} s wall "
            f"({found.steps / max(found.seconds, 1e-9):,.0f} steps/s), {used:.0f} s of CPU "
            f"in all, load {load_average()}"
        )
        for points in targets:
            wall = first_reaching(timeline, points)
            hit = next(((cpu, step) for cpu, step, best in core if best >= points), None)
            if hit is None:
                print(f"    {points:,}: not reached")
                continue
            print(
                f"    {points:,}: at {wall:.0f} s wall, {hit[0]:.0f} s core, "
                f"step {hit[1]:,} of its worker"
            )
    print(f"load average at end: {load_average()}")
    print()
    print("best points by then (wall clock / core clock):")
    print(f"{'seconds':>8}  " + "  ".join(f"{'seed ' + str(s):>15}" for s in seeds))
    last = max(max((t for t, _ in walls[s]), default=0) for s in seeds)
    for moment in MOMENTS:
        if moment > last * 1.05 and moment > MOMENTS[0]:
            break
        cells = []
        for seed in seeds:
            wall, core = best_at(walls[seed], moment), best_at(cores[seed], moment)
            cells.append(f"{_points(wall):>7}/{_points(core):>7}")
        print(f"{moment:>8}  " + "  ".join(cells))
    print()
    for points in targets:
        within = limits.get(points)
        if within is None:
            continue
        wall = sum(1 for s in seeds if (first_reaching(walls[s], points) or 1e18) <= within)
        core = sum(1 for s in seeds if (first_reaching(cores[s], points) or 1e18) <= within)
        print(
            f"target {points:,} within {within} s: {wall} of {len(seeds)} seeds by the wall "
            f"clock, {core} of {len(seeds)} by the core clock"
        )
    return 0


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its workers that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _points(value: int | None) -> str:
    return "-" if value is None else f"{value:,}"


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"({time.perf_counter() - started:.0f} s in all)")
    sys.exit(status)
