"""Tests for boggle/watchdog.py: alarms fire after their delay unless cancelled."""

from __future__ import annotations

import gc
import threading
import time
import weakref

import pytest

from boggle.watchdog import WATCHDOG, Watchdog


@pytest.fixture
def watchdog() -> Watchdog:
    """A watchdog of the test's own, so that no search's alarms interfere."""
    return Watchdog()


def test_alarm_fires_after_its_delay(watchdog: Watchdog) -> None:
    fired = threading.Event()
    started = time.monotonic()
    watchdog.schedule(0.05, fired.set)
    assert not fired.is_set()
    assert fired.wait(5)
    assert time.monotonic() - started >= 0.05


def test_cancelled_alarm_never_fires(watchdog: Watchdog) -> None:
    fired = threading.Event()
    alarm = watchdog.schedule(0.05, fired.set)
    assert watchdog.cancel(alarm) is True
    # A later alarm fires, so the watchdog did run past the cancelled one's time.
    later = threading.Event()
    watchdog.schedule(0.1, later.set)
    assert later.wait(5)
    assert not fired.is_set()


def test_cancel_after_firing_returns_false(watchdog: Watchdog) -> None:
    fired = threading.Event()
    alarm = watchdog.schedule(0.01, fired.set)
    assert fired.wait(5)
    time.sleep(0.01)
    assert watchdog.cancel(alarm) is False


def test_cancel_twice_returns_false_the_second_time(watchdog: Watchdog) -> None:
    alarm = watchdog.schedule(60, lambda: None)
    assert watchdog.cancel(alarm) is True
    assert watchdog.cancel(alarm) is False


def test_alarms_fire_in_due_order(watchdog: Watchdog) -> None:
    order: list[str] = []
    done = threading.Event()

    def record(name: str) -> None:
        order.append(name)
        if len(order) == 3:
            done.set()

    alarms = {
        "third": watchdog.schedule(0.15, lambda: record("third")),
        "second": watchdog.schedule(0.1, lambda: record("second")),
        # Scheduled last but due first: the sleeping watchdog must wake up for it.
        "first": watchdog.schedule(0.02, lambda: record("first")),
    }
    assert done.wait(5)
    # By due time, as scheduled: on a loaded machine the main thread can be held up
    # between two schedule calls for longer than the gaps above, reordering them.
    assert order == sorted(alarms, key=lambda name: alarms[name].due)


def test_earlier_alarm_wakes_a_watchdog_waiting_on_a_late_one(watchdog: Watchdog) -> None:
    watchdog.schedule(60, lambda: None)
    time.sleep(0.02)  # the watchdog is now asleep until the 60 s alarm
    fired = threading.Event()
    started = time.monotonic()
    watchdog.schedule(0.02, fired.set)
    assert fired.wait(5)
    assert time.monotonic() - started < 2


def test_many_alarms_each_fire_once(watchdog: Watchdog) -> None:
    counts = [0] * 50
    lock = threading.Lock()
    all_fired = threading.Event()

    def bump(i: int) -> None:
        with lock:
            counts[i] += 1
            if sum(counts) == 25:
                all_fired.set()

    # Due well after the cancels below, however slowly a loaded machine schedules 50.
    alarms = [watchdog.schedule(0.5 + (i % 5) * 0.01, lambda i=i: bump(i)) for i in range(50)]
    cancelled = [watchdog.cancel(alarm) for alarm in alarms[::2]]
    assert all(cancelled)
    assert all_fired.wait(5)
    time.sleep(0.05)
    assert counts == [0, 1] * 25


def test_the_shared_watchdog_serves_alarms() -> None:
    fired = threading.Event()
    WATCHDOG.schedule(0.01, fired.set)
    assert fired.wait(5)


def test_a_cancelled_alarm_lets_go_of_its_action(watchdog: Watchdog) -> None:
    # A search's alarm action holds the search's state; a cancelled alarm waits in the
    # heap until it is due, and must not keep that state alive meanwhile.
    class State:
        def stop(self) -> None:
            pass

    state = State()
    alarm = watchdog.schedule(60, state.stop)  # the bound method holds the state
    kept = weakref.ref(state)
    assert watchdog.cancel(alarm)
    del state
    gc.collect()
    assert kept() is None
