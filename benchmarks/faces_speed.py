"""How fast the one walk for every face of a cube runs: ``score_faces`` calls a second.

    python benchmarks/faces_speed.py --wordlist /path/to/enable2k.txt [--size 5] \\
        [--seed 1] [--steps 3000] [--rounds 5] [--baseline REV]...

The search for rich boards (boggle/rich.py) spends most of its time in
``solver.score_faces``: its heat bath weighs every face a cube may show in one walk.
This benchmark records the calls a search makes (``--steps`` steps of one worker,
``--seed``, a ``--size`` x ``--size`` board of free letters), then replays them, each
call as the search made it, in a fresh interpreter for this checkout and for each
``--baseline`` revision (exported with ``git archive``, its extension built there),
round after round, taking turns so that the machine's load falls on all alike. It
prints each tree's calls a second by its own CPU clock (the median of the rounds) and
its ratio to the first. Every tree must give the same answers: the replay checks them.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.native_profile import child_env, export_tree  # noqa: E402

# Run in the tree measured: replays the recorded calls and prints the CPU seconds of
# each round and a digest of the answers.
REPLAY = """
import hashlib, pickle, sys, time
sys.path.insert(0, sys.argv[1])
from boggle.board import Board
from boggle.dictionary import load_dictionary
from boggle.solver import score_faces
calls = pickle.load(open(sys.argv[2], "rb"))
dictionary = load_dictionary(sys.argv[3], cache_dir=sys.argv[4])
boards = [(Board(rows, cols, faces), cell, offered) for rows, cols, faces, cell, offered in calls]
answers = [score_faces(b, dictionary, cell, offered) for b, cell, offered in boards]
digest = hashlib.sha256(repr(answers).encode()).hexdigest()[:16]
times = []
for _ in range(int(sys.argv[5])):
    started = time.process_time()
    for b, cell, offered in boards:
        score_faces(b, dictionary, cell, offered)
    times.append(time.process_time() - started)
print(digest, *times)
"""


def record(wordlist: Path, cache: str, size: int, seed: int, steps: int) -> list[tuple]:
    """The score_faces calls of ``steps`` steps of one worker's search."""
    from boggle import rich
    from boggle.dictionary import load_dictionary

    dictionary = load_dictionary(wordlist, cache_dir=cache)
    calls: list[tuple] = []
    real = rich.score_faces

    def kept(board, dictionary, cell, faces, min_length):
        calls.append((board.rows, board.cols, board.faces, cell, tuple(faces)))
        return real(board, dictionary, cell, faces, min_length)

    rich.score_faces = kept
    try:
        rich.find_rich_board(dictionary, rows=size, cols=size, seed=seed, steps=steps)
    finally:
        rich.score_faces = real
    return calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wordlist", type=Path, required=True)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", action="append", default=[], metavar="REV")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        cache = str(Path(folder) / "cache")
        calls = record(args.wordlist, cache, args.size, args.seed, args.steps)
        recorded = Path(folder) / "calls.pickle"
        recorded.write_bytes(pickle.dumps(calls))
        trees = [("this checkout", ROOT)]
        trees += [(rev, export_tree(rev, Path(folder))) for rev in args.baseline]
        times: dict[str, list[float]] = {name: [] for name, _ in trees}
        digests: dict[str, str] = {}
        for _ in range(args.rounds):
            for name, tree in trees:
                out = subprocess.run(
                    [sys.executable, "-c", REPLAY, str(tree), str(recorded), str(args.wordlist),
                     cache + "-" + str(abs(hash(str(tree)))), "1"],
                    check=True, capture_output=True, text=True, env=child_env(),
                )  # fmt: skip
                digest, seconds = out.stdout.split()
                digests[name] = digest
                times[name].append(float(seconds))
        print(
            f"{len(calls)} calls recorded: {args.size}x{args.size}, seed {args.seed}, "
            f"{args.steps} steps; {args.rounds} rounds"
        )
        first = None
        for name, _ in trees:
            rate = len(calls) / statistics.median(times[name])
            first = first or rate
            print(
                f"{name:>16}: {rate:8.0f} calls/s (median), {rate / first:.2f}x, "
                f"{1000 / rate:.3f} ms a call; answers {digests[name]}"
            )
        if len(set(digests.values())) > 1:
            print("the trees' answers differ", file=sys.stderr)
            return 1
        print(json.dumps({name: times[name] for name, _ in trees}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
