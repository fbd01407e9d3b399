"""Which of gunicorn's master's pages a worker copies, and what objects sit on them.

    python benchmarks/copied_pages.py [--requests 2000] [--top 15]

Loads the app as gunicorn's master does (every list and rating, warmed by web/warm.py,
collected, trimmed and frozen: gunicorn.conf.py), forks one child as gunicorn forks a
worker, and has the child answer ``--requests`` of the soak's mixed requests
(benchmarks/soak.py) through the test client, rooms on a throwaway SQLite file. Then
the child compares its page table with the master's (``/proc/PID/pagemap``, which
gives the physical page behind each address to root only): a writable page that
both have but at different physical pages is one the child copied when it wrote to
it. The child then lists every object the collector can reach, and counts each copied
page under the type of most objects on it.

A worker's PSS is its own pages (copied, and what it made since the fork) plus its
share of what it still shares; this shows what the first part is made of. Linux, as
root; the figures are the child's alone, with no other worker to share with.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import shutil
import struct
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PAGE = os.sysconf("SC_PAGE_SIZE")
PRESENT = 1 << 63
FRAME = (1 << 55) - 1  # the physical frame number's bits of a pagemap entry


def writable_regions(pid: int) -> list[tuple[int, int]]:
    """A process's writable anonymous mappings (the heaps, the arenas): start, end."""
    regions = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        anonymous = len(fields) == 5 or fields[5] == "[heap]"
        if anonymous and "w" in fields[1]:
            start, end = (int(x, 16) for x in fields[0].split("-"))
            regions.append((start, end))
    return regions


def frames(pid: int, start: int, end: int) -> tuple[int, ...]:
    """The pagemap entries of a process's pages from ``start`` to ``end``."""
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        f.seek(start // PAGE * 8)
        data = f.read((end - start) // PAGE * 8)
    return struct.unpack(f"{len(data) // 8}Q", data)


def copied_pages(parent: int) -> set[int]:
    """Page numbers this process holds at another physical page than ``parent`` does."""
    copied = set()
    for start, end in writable_regions(os.getpid()):
        with contextlib.suppress(OSError):
            mine, theirs = frames(os.getpid(), start, end), frames(parent, start, end)
            for i, (a, b) in enumerate(zip(mine, theirs, strict=False)):
                if a & PRESENT and b & PRESENT and (a & FRAME) != (b & FRAME):
                    copied.add(start // PAGE + i)
    return copied


def census(copied: set[int]) -> Counter[str]:
    """The copied pages counted by the type of most reachable objects on each."""
    gc.unfreeze()
    reachable: dict[int, Any] = {id(o): o for o in gc.get_objects()}
    for o in list(reachable.values()):
        for referent in gc.get_referents(o):
            reachable.setdefault(id(referent), referent)
    on_page: defaultdict[int, Counter[str]] = defaultdict(Counter)
    for address, o in reachable.items():
        end = address + max(sys.getsizeof(o), 16) - 1
        for page in range(address // PAGE, end // PAGE + 1):
            if page in copied:
                on_page[page][type(o).__name__] += 1
    by_type: Counter[str] = Counter()
    for counts in on_page.values():
        by_type[counts.most_common(1)[0][0]] += 1
    by_type["(no object the collector reaches)"] = len(copied) - len(on_page)
    return by_type


def mb(pages: int) -> float:
    return pages * PAGE / 2**20


def main() -> int:
    """Load, fork, serve, compare, count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        raise SystemExit("needs Linux's /proc/PID/pagemap, as root")
    scratch = Path(tempfile.mkdtemp(prefix="boggle-pages-"))
    os.environ.update(
        BOGGLE_PRELOAD_DICTIONARIES="all",
        BOGGLE_PRELOAD_RATINGS="all",
        BOGGLE_DATABASE_URL=f"sqlite:///{scratch / 'rooms.sqlite3'}",
        BOGGLE_ROOM_CREATIONS_PER_HOUR="1000000",
    )
    from app import create_app
    from benchmarks.soak import Client, rollup
    from games.db import upgrade
    from web.warm import settle_before_fork

    upgrade(os.environ["BOGGLE_DATABASE_URL"])
    app = create_app()
    settle_before_fork(app)  # as gunicorn.conf.py's when_ready does in the master
    child = os.fork()
    if child:
        _, status = os.waitpid(child, 0)
        shutil.rmtree(scratch, ignore_errors=True)
        return os.waitstatus_to_exitcode(status)
    test_client = app.test_client()

    class InProcess(Client):
        def transport(self, method, path, data, headers):  # type: ignore[no-untyped-def]
            answer = test_client.open(
                path, method=method, data=data, headers={"Host": "localhost", **headers}
            )
            return answer.status_code, dict(answer.headers), answer.get_data()

    counts: Counter[str] = Counter()
    clients = [InProcess("http://localhost:80", 1000 + n, counts) for n in range(6)]
    for n in range(args.requests):
        clients[n % len(clients)].act()
    own = rollup(os.getpid())
    copied = copied_pages(os.getppid())
    print(f"{args.requests} requests: {dict(sorted(counts.items()))}")
    print(
        f"the child's own pages (Private_Dirty): {own['Private_Dirty'] / 1024:.1f} MB, of "
        f"which copied from the master: {mb(len(copied)):.1f} MB"
    )
    print("| copied pages mostly of | MB |\n|---|---:|")
    for kind, pages in census(copied).most_common(args.top):
        print(f"| {kind} | {mb(pages):.1f} |")
    sys.stdout.flush()
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main())
