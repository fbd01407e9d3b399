"""Alarms that run a short action when a deadline passes, from one shared thread.

The search enforces its time budget with an alarm rather than by reading the clock
as it runs: on a 4x4 board the search makes about 500 steps in about 0.2 ms, and a
clock check on each step would cost it several per cent. When the alarm fires it
empties the search's table of moves, so the search runs out of moves and unwinds
within a few steps. Python switches threads every few milliseconds
(``sys.getswitchinterval``), which is the precision the alarm can promise.

One daemon thread serves the whole process; scheduling an alarm is a heap push
under a lock, so a search that ends in time pays a few microseconds for it.

An alarm can count the CPU time of one thread instead of wall-clock time
(``thread_cpu_clock``): with eight searches sharing the interpreter lock, a search
that needs 0.6 s of work waits most of the time for its turn, and a wall-clock budget
would stop it for the others' work. Such an alarm is first due when its whole budget
could have been spent; the watchdog then reads the thread's clock (about a
microsecond, from this thread) and, if the budget is not spent, is due again when the
rest could be. So a search still pays nothing while it runs. A ceiling of wall-clock
time can be set as well: on a machine too busy to let the thread work, the answer
(a refusal) still comes in time.
"""

from __future__ import annotations

import heapq
import itertools
import math
import os
import threading
import time
from collections.abc import Callable

_PENDING, _CANCELLED, _FIRED = "pending", "cancelled", "fired"


class Alarm:
    """One scheduled action; compare by due time (ties by creation order)."""

    __slots__ = ("action", "clock", "due", "order", "spent_by", "state", "wall_by")

    def __init__(
        self,
        due: float,
        order: int,
        action: Callable[[], None],
        clock: int | None = None,
        spent_by: float = 0.0,
        wall_by: float = math.inf,
    ) -> None:
        self.due = due
        self.order = order
        self.action = action
        self.state = _PENDING
        # With a CPU clock: the reading of that clock at which the budget is spent,
        # and the monotonic time past which the alarm fires however little was spent.
        self.clock = clock
        self.spent_by = spent_by
        self.wall_by = wall_by

    def remaining(self) -> float:
        """Seconds left before the alarm should fire (0 without a CPU clock)."""
        if self.clock is None:
            return 0.0
        try:
            cpu_left = self.spent_by - time.clock_gettime(self.clock)
        except OSError:
            return 0.0  # the thread has ended: nothing left to wait for
        return min(cpu_left, self.wall_by - time.monotonic())

    def __lt__(self, other: Alarm) -> bool:
        return (self.due, self.order) < (other.due, other.order)


class Watchdog:
    """Runs each alarm's action once its due time (``time.monotonic``) has passed."""

    def __init__(self) -> None:
        self._reset()
        # A forked child (a gunicorn worker) inherits no running thread and maybe a
        # held lock: start afresh there.
        os.register_at_fork(after_in_child=self._reset)

    def _reset(self) -> None:
        self._condition = threading.Condition(threading.Lock())
        self._heap: list[Alarm] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def schedule(
        self,
        delay: float,
        action: Callable[[], None],
        clock: int | None = None,
        ceiling: float | None = None,
    ) -> Alarm:
        """Run ``action`` (quick, never raising) after ``delay`` seconds unless cancelled.

        With ``clock`` (a thread's CPU clock, see ``thread_cpu_clock``) the delay is
        seconds of that clock: time the thread spends waiting does not count, up to
        ``ceiling`` seconds of wall-clock time if one is given.
        """
        now = time.monotonic()
        spent_by = 0.0 if clock is None else time.clock_gettime(clock) + delay
        wall_by = math.inf if ceiling is None else now + ceiling
        first_due = now + (delay if ceiling is None else min(delay, ceiling))
        with self._condition:
            alarm = Alarm(first_due, next(self._order), action, clock, spent_by, wall_by)
            heapq.heappush(self._heap, alarm)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="boggle-watchdog", daemon=True
                )
                self._thread.start()
            elif self._heap[0] is alarm:
                self._condition.notify()
            return alarm

    def cancel(self, alarm: Alarm) -> bool:
        """Cancel an alarm; True if it had not fired (and now never will)."""
        with self._condition:
            if alarm.state == _PENDING:
                alarm.state = _CANCELLED
                # The alarm stays in the heap until it is due; let go of its action now,
                # or every search of the last budget's length would be kept in memory.
                alarm.action = _nothing
                return True
            return False

    def _run(self) -> None:
        """The thread: sleep until the earliest pending alarm is due, then fire it."""
        with self._condition:
            while True:
                heap = self._heap
                while heap and heap[0].state == _CANCELLED:
                    heapq.heappop(heap)
                if not heap:
                    self._condition.wait()
                    continue
                wait = heap[0].due - time.monotonic()
                if wait > 0:
                    self._condition.wait(wait)
                    continue
                alarm = heapq.heappop(heap)
                left = alarm.remaining()
                if left > 0:
                    # The thread waited part of the time: due again when the rest of
                    # its budget could be spent.
                    alarm.due = time.monotonic() + left
                    heapq.heappush(heap, alarm)
                    continue
                alarm.state = _FIRED
                alarm.action()


def thread_cpu_clock() -> int | None:
    """The CPU-time clock of the calling thread, or None where threads have none."""
    try:
        return time.pthread_getcpuclockid(threading.get_ident())
    except (AttributeError, OSError):
        return None  # not a POSIX system: alarms fall back to wall-clock time


def _nothing() -> None:
    """The action of a cancelled alarm."""


#: The process's watchdog, shared by every search.
WATCHDOG = Watchdog()
