"""benchmarks/process_cpu.py: a server's CPU time, its exited workers' included."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from benchmarks.process_cpu import parse_stat, tree_cpu_seconds

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

#: A parent that starts workers one after another, each burning CPU and exiting, and
#: reaps each (as gunicorn replaces a worker), printing a line after each is reaped.
PARENT = """
import os, sys, time
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        end = time.process_time() + 0.15
        while time.process_time() < end:
            pass
        os._exit(0)
    os.waitpid(pid, 0)
    print("reaped", flush=True)
sys.stdin.readline()
"""


def test_a_stat_line_gives_the_parent_and_the_time_of_the_process_and_its_reaped_children():
    # The command name may hold spaces and parentheses.
    line = "4242 (gunicorn: (worker) x) S 4200 4200 4200 0 -1 4194560 10 0 0 0 " + (
        "7 3 11 13 20 0 1 0 100 1000 10"
    )
    assert parse_stat(line) == (4200, 7 + 3 + 11 + 13)


def test_the_time_of_workers_that_exited_stays_counted_and_never_goes_back():
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        readings = [tree_cpu_seconds(parent.pid)]
        for _ in range(3):
            assert parent.stdout.readline().strip() == "reaped"
            readings.append(tree_cpu_seconds(parent.pid))
        assert readings == sorted(readings)
        # Three workers of 0.15 s each, every one of them gone by the last reading.
        assert readings[-1] - readings[0] >= 0.4
    finally:
        parent.stdin.close()
        parent.wait(timeout=10)


#: A process that burns 0.2 s of CPU, then waits for a line.
BURNER = """
import time
end = time.process_time() + 0.2
while time.process_time() < end:
    pass
input()
"""


def test_a_live_child_counts_and_a_process_that_is_gone_is_an_error():
    child = subprocess.Popen(
        [sys.executable, "-c", BURNER],
        stdin=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 10
        while tree_cpu_seconds(child.pid) < 0.15 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert tree_cpu_seconds(child.pid) >= 0.15
    finally:
        child.stdin.close()
        child.wait(timeout=10)
    with pytest.raises(ProcessLookupError, match=str(child.pid)):
        tree_cpu_seconds(child.pid)
