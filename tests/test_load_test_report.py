"""The load test's reading of gunicorn's log (benchmarks/load_test.py): a worker replaced
after its max_requests, or stopped by SIGTERM, is not a fault; one that timed out,
failed or was killed is."""

from __future__ import annotations

from benchmarks.load_test import worker_faults

RECYCLED = """\
[2026-12-05 22:40:01 +0000] [100] [INFO] Autorestarting worker after current request.
[2026-12-05 22:40:01 +0000] [100] [INFO] Worker exiting (pid: 100)
[2026-12-05 22:40:01 +0000] [42] [INFO] Booting worker with pid: 107
[2026-12-05 22:40:02 +0000] [42] [INFO] Worker (pid:101) was sent SIGTERM!
"""
FAULTS = [
    "[2026-12-05 22:41:00 +0000] [42] [CRITICAL] WORKER TIMEOUT (pid:107)",
    "[2026-12-05 22:41:01 +0000] [42] [ERROR] Worker (pid:108) exited with code 1.",
    "[2026-12-05 22:41:02 +0000] [42] [ERROR] Worker (pid:109) was sent SIGKILL! "
    "Perhaps out of memory?",
    "[2026-12-05 22:41:03 +0000] [42] [WARNING] Worker (pid:110) was sent SIGSEGV!",
]


def test_workers_replaced_by_max_requests_are_no_fault() -> None:
    assert worker_faults(RECYCLED) == []
    assert worker_faults("") == []


def test_each_timeout_failure_and_kill_is_a_fault_in_order() -> None:
    log = RECYCLED + "\n".join(FAULTS) + "\n" + RECYCLED
    assert worker_faults(log) == FAULTS
