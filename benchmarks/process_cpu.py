"""The CPU time a server has used: its process and every process under it, those that
have exited included.

A server's processes come and go while it is measured: gunicorn replaces a worker
after ``max_requests`` answers (5,000 give or take a fifth, so every few seconds under
wrk), and nginx's workers may be replaced too. Summing the CPU of the processes found
at the start, read again at the end, lost a replaced worker's whole time and missed
its successor's, and the difference came out negative. Here the tree is found anew at
each reading, and each process counts its own time (``utime`` + ``stime``) and that of
its children it has waited for (``cutime`` + ``cstime``, which the kernel adds to the
parent when it reaps a child, the child's own reaped children included). A process
that exits stays in ``/proc`` as a zombie, its time readable, until its parent reaps
it; from then on the parent carries its time. So the sum over the live tree only ever
grows, as long as the server reaps its own children (gunicorn and nginx do).

A reading races with a reaping only if a process the reading listed is gone when its
turn comes (its time then moved to a parent that may have been read already): the
reading is then made again.
"""

from __future__ import annotations

import os
from pathlib import Path

#: Readings tried before one with a process vanishing during it is taken as it is.
ATTEMPTS = 5
#: Fields of ``/proc/PID/stat`` after the command name's closing parenthesis, from 0:
#: the parent's pid, and the process's user and system time and its reaped children's,
#: in clock ticks (proc(5): fields 4, 14, 15, 16 and 17).
PPID, UTIME, STIME, CUTIME, CSTIME = 1, 11, 12, 13, 14


def parse_stat(text: str) -> tuple[int, int]:
    """A ``/proc/PID/stat`` line's parent pid, and the clock ticks of CPU its process
    and its reaped children have used."""
    # The command name is in parentheses and may hold spaces and parentheses itself.
    fields = text.rsplit(")", 1)[1].split()
    used = sum(int(fields[i]) for i in (UTIME, STIME, CUTIME, CSTIME))
    return int(fields[PPID]), used


def read_stat(proc: Path, pid: int) -> tuple[int, int] | None:
    """A process's parent and ticks used (``parse_stat``), or None if it is gone."""
    try:
        return parse_stat((proc / str(pid) / "stat").read_text())
    except (FileNotFoundError, ProcessLookupError):
        return None


def tree_of(proc: Path, root: int) -> list[int]:
    """``root`` and every process under it, each after its parent."""
    children: dict[int, list[int]] = {}
    for entry in proc.iterdir():
        if entry.name.isdigit():
            found = read_stat(proc, int(entry.name))
            if found is not None:
                children.setdefault(found[0], []).append(int(entry.name))
    tree, at = [root], 0
    while at < len(tree):
        tree += children.get(tree[at], [])
        at += 1
    return tree


def tree_cpu_seconds(root: int, proc: Path = Path("/proc")) -> float:
    """The CPU time, in seconds, that ``root`` and every process under it have used
    since each started, children that have exited and been reaped included."""
    for _attempt in range(ATTEMPTS):
        # Parents first: a child reaped after its parent was read is then missing from
        # the reading, and seen to be (its time is in no figure read), never counted
        # twice unseen, as it could be if read before its parent.
        figures = [read_stat(proc, pid) for pid in tree_of(proc, root)]
        if None not in figures[1:]:
            break
    if figures[0] is None:
        raise ProcessLookupError(f"process {root} is not running")
    return sum(ticks for _parent, ticks in filter(None, figures)) / os.sysconf("SC_CLK_TCK")
