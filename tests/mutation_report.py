"""The kill rate of each mutated module, from the results `mutmut run` leaves in mutants/.

Run by `make mutate` after the run. A mutant counts as killed when a test failed on it
or it timed out (the tests noticed a change); the kill rate is over the mutants that
were checked. Mutants with no test that runs their code are counted apart: they are
gaps in the tests, so they count against the rate too. The survivors are listed by
name, for `mutmut show NAME`. The last column is the time the module's mutants held a
worker (the sum of their runs' wall times: with two workers the run takes about half).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

MUTANTS = Path("mutants")
# mutmut's exit codes (mutmut/stats.py): 1 and 3 a test failed, 0 none did, 33 and 5
# no test ran the code, 36 and the SIGXCPU codes a timeout, None not run yet.
KILLED = {1, 3}
SURVIVED = {0}
NO_TESTS = {5, 33}
TIMEOUT = {36, 24, -24, 152, 255}


def module_results(meta: Path) -> Counter[str]:
    """How many mutants of one module were killed, survived, untested, timed out, unrun."""
    counts: Counter[str] = Counter()
    for code in json.loads(meta.read_text())["exit_code_by_key"].values():
        if code in KILLED:
            counts["killed"] += 1
        elif code in SURVIVED:
            counts["survived"] += 1
        elif code in NO_TESTS:
            counts["no tests"] += 1
        elif code in TIMEOUT:
            counts["timeout"] += 1
        elif code is None:
            counts["not run"] += 1
        else:
            counts["other"] += 1
    return counts


def worker_seconds(meta: Path) -> float:
    """How long the module's mutants that were run held a worker, in seconds."""
    return sum(json.loads(meta.read_text()).get("durations_by_key", {}).values())


def survivors(meta: Path) -> list[str]:
    """The names of the mutants of one module that no test killed."""
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    return sorted(name for name, code in codes.items() if code in SURVIVED | NO_TESTS)


def main() -> int:
    """Print the table; list the survivors with -v."""
    metas = sorted(MUTANTS.glob("**/*.py.meta"))
    if not metas:
        print("no results in mutants/: run `make mutate` first", file=sys.stderr)
        return 1
    print(
        f"{'module':<24} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8} "
        f"{'no tests':>8} {'not run':>7} {'kill rate':>9} {'worker s':>8}"
    )
    for meta in metas:
        counts = module_results(meta)
        checked = sum(counts[k] for k in ("killed", "timeout", "survived", "no tests", "other"))
        if not checked:
            continue
        caught = counts["killed"] + counts["timeout"]
        module = str(meta.relative_to(MUTANTS)).removesuffix(".meta")
        print(
            f"{module:<24} {sum(counts.values()):>7} {counts['killed']:>6} "
            f"{counts['timeout']:>7} {counts['survived']:>8} {counts['no tests']:>8} "
            f"{counts['not run']:>7} {caught / checked:>9.1%} {worker_seconds(meta):>8.0f}"
        )
        if "-v" in sys.argv[1:]:
            for name in survivors(meta):
                print(f"    {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
