"""Word graph in memory or mapped from the cache file: the solver's speed side by side.

    python benchmarks/table_access.py [--boards 300] [--rounds 7]

Two ways to share the word graphs between server processes: load every list into
an ``array`` before the fork (what gunicorn.conf.py does), or map the cache file
read-only and index it through a ``memoryview``, which would share the pages with
every process on the machine. The search reads the graph's compact form (its table
only in the pure-Python search, laid out in memory), and the cache holds that form, so
this times both on the same random boards, in alternating rounds, and prints the
medians, with a Python loop's reads of each.
"""

from __future__ import annotations

import argparse
import gc
import mmap
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from boggle.catalog import Catalog  # noqa: E402
from boggle.dice import random_board  # noqa: E402
from boggle.dictionary import (  # noqa: E402
    _HEADER,
    CompactGraph,
    Dictionary,
    cache_name,
    default_cache_dir,
)
from boggle.solver import solve  # noqa: E402

SIZES = (("4x4", "new", 4), ("5x5", "big", 5), ("10x10", "superbig", 10))


def mapped(dictionary: Dictionary) -> Dictionary:
    """The same dictionary, its compact graph a memoryview of the mapped cache file."""
    cache = default_cache_dir() / cache_name(dictionary.source_hash)
    with open(cache, "rb") as f:
        mapping = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    compact = dictionary.compact
    end = _HEADER.size + 4 * len(compact.nodes)
    nodes = memoryview(mapping)[_HEADER.size : end].cast("I")
    assert nodes.tobytes() == compact.nodes.tobytes(), "the cache holds another graph"
    graph = CompactGraph(nodes, compact.root, compact.terminal_limit)
    return Dictionary.from_compact(graph, dictionary.stats, dictionary.name)


def index_time(table, reads: int = 1_000_000) -> float:
    """Seconds for ``reads`` single-entry reads of a graph in a Python loop (best of 5)."""
    # Spread over the whole graph, which may hold fewer entries than the reads.
    step = max(1, len(table) // reads)
    indices = [(k * step) % len(table) for k in range(reads)]
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        for i in indices:
            table[i]
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    """Time both graphs on the same boards and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=300, help="boards of each size")
    parser.add_argument("--rounds", type=int, default=7, help="alternating rounds")
    args = parser.parse_args()
    catalog = Catalog()
    print(f"{'list':<10}{'boards':<8}{'array ms':>10}{'mapped ms':>11}{'mapped/array':>14}")
    for name in ("standard", "large"):
        in_memory = catalog.get(name)
        on_disk = mapped(in_memory)
        a, m = index_time(in_memory.compact.nodes), index_time(on_disk.compact.nodes)
        print(
            f"{name:<10}{'1M reads':<8}{a * 1000:>10.1f}{m * 1000:>11.1f}{m / a:>13.2f}x"
            f"   (graph {len(in_memory.compact.nodes) * 4 / 1e6:.1f} MB)"
        )
        for label, dice, side in SIZES:
            boards = [random_board(dice, seed, side, side)[0] for seed in range(args.boards)]
            times: dict[str, list[float]] = {"array": [], "mapped": []}
            for _ in range(args.rounds):
                for kind, dictionary in (("array", in_memory), ("mapped", on_disk)):
                    gc.collect()
                    started = time.perf_counter()
                    for board in boards:
                        solve(board, dictionary)
                    elapsed = time.perf_counter() - started
                    times[kind].append(elapsed / len(boards) * 1000)
            a, m = statistics.median(times["array"]), statistics.median(times["mapped"])
            print(f"{name:<10}{label:<8}{a:>10.3f}{m:>11.3f}{m / a:>13.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
