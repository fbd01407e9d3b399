"""Fair sharing: the budget counts a search's own CPU time, and expensive searches pass a gate."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest
from hard_boards import worst_board

from app import create_app
from boggle import Catalog, SearchBusy, SearchGate, parse_board, search_cost, solve
from boggle.solver import search_python
from boggle.watchdog import Watchdog, thread_cpu_clock


def test_a_cpu_clock_alarm_does_not_count_time_its_thread_spends_waiting() -> None:
    watchdog = Watchdog()
    fired = threading.Event()
    watchdog.schedule(0.05, fired.set, thread_cpu_clock())
    time.sleep(0.3)  # six budgets of wall-clock time, no CPU time
    assert not fired.is_set()
    cpu_started = time.thread_time()
    while not fired.is_set() and time.thread_time() - cpu_started < 5:
        pass  # work: now the budget is spent
    assert fired.is_set()
    assert time.thread_time() - cpu_started >= 0.04


def test_a_cpu_clock_alarm_fires_at_its_wall_clock_ceiling_however_little_was_spent() -> None:
    watchdog = Watchdog()
    fired = threading.Event()
    started = time.monotonic()
    watchdog.schedule(60, fired.set, thread_cpu_clock(), ceiling=0.1)
    assert fired.wait(5)  # waiting, not working: only the ceiling can fire it
    assert time.monotonic() - started >= 0.1


def test_a_search_slowed_by_other_threads_holding_the_interpreter_stays_in_budget(
    catalog: Catalog,
) -> None:
    board = parse_board(worst_board(20))
    dictionary = catalog.get("standard")
    # The pure-Python search lays out its table the first time it runs, before its
    # budget starts: laid out here, so that the CPU time measured is the search's alone.
    dictionary.table_graph()
    numbers = [random.random() for _ in range(1_000_000)]
    stop = threading.Event()

    def hog() -> None:
        # sorted() on floats runs in C without letting go of the interpreter lock.
        while not stop.is_set():
            sorted(numbers)

    hogs = [threading.Thread(target=hog) for _ in range(2)]
    for thread in hogs:
        thread.start()
    try:
        started, cpu_started = time.monotonic(), time.thread_time()
        # The pure-Python core: the native one lets go of the interpreter while it
        # walks, so the hogs cannot hold it back (tests/test_native.py).
        solution = solve(board, dictionary, budget=0.5, engine=search_python)
        waited = time.monotonic() - started
        worked = time.thread_time() - cpu_started
    finally:
        stop.set()
        for thread in hogs:
            thread.join()
    assert solution == solve(board, dictionary)
    # The test means something only if the search spent longer than its budget waiting.
    assert worked < 0.5 < waited


def test_search_cost_is_usable_cells_times_words_in_millions(catalog: Catalog) -> None:
    dictionary = catalog.get("standard")
    board = parse_board("a b # d / e f g h / i j k l / m n o p")
    assert search_cost(board, dictionary) == pytest.approx(15 * len(dictionary) / 1e6)


def test_a_cheap_search_passes_when_every_place_is_taken(catalog: Catalog) -> None:
    gate = SearchGate(1, threshold=5.0)
    dictionary = catalog.get("standard")
    big, small = parse_board(worst_board(20)), parse_board("sers patg line sers")
    with gate.admit(big, dictionary), gate.admit(small, dictionary):
        assert solve(small, dictionary).count > 0


def test_an_expensive_search_is_refused_at_once_when_every_place_is_taken(
    catalog: Catalog,
) -> None:
    gate = SearchGate(2, threshold=5.0)
    dictionary = catalog.get("standard")
    big = parse_board(worst_board(20))
    with gate.admit(big, dictionary), gate.admit(big, dictionary):
        started = time.monotonic()
        busy = pytest.raises(SearchBusy, match="2 expensive searches are running already")
        with busy, gate.admit(big, dictionary):
            pass
        assert time.monotonic() - started < 1.0  # refused, not queued behind the others
    with gate.admit(big, dictionary):  # both places were given back
        pass


def test_a_search_that_fails_gives_its_place_back(catalog: Catalog) -> None:
    gate = SearchGate(1, threshold=5.0)
    dictionary = catalog.get("standard")
    big = parse_board(worst_board(20))
    with pytest.raises(RuntimeError), gate.admit(big, dictionary):
        raise RuntimeError("the search failed")
    with gate.admit(big, dictionary):
        pass


def test_a_gate_with_no_places_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one search"):
        SearchGate(0, threshold=5.0)


def test_solve_answers_503_server_busy_with_retry_after_when_the_gate_is_full(
    cache_dir: Path,
) -> None:
    app = create_app(
        {
            "TESTING": True,
            "CACHE_DIR": str(cache_dir),
            "MAX_EXPENSIVE_SEARCHES": 1,
            "EXPENSIVE_SEARCH_COST": 5.0,
            "SOLVE_BUDGET": 1.5,
        }
    )
    gate = app.extensions["boggle.gate"]
    big = worst_board(20)
    dictionary = app.extensions["boggle.catalog"].get()
    client = app.test_client()
    with gate.admit(parse_board(big), dictionary):  # another request's search
        started = time.monotonic()
        busy = client.post("/solve", json={"board": big})
        assert time.monotonic() - started < 1.0  # refused at once, not queued
        cheap = client.post("/solve", json={"board": "sers patg line sers"})
        page = client.get("/", query_string={"board": big})
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "2"
    assert busy.json["error"]["code"] == "server_busy"
    assert "running already" in busy.json["error"]["message"]
    assert cheap.status_code == 200
    assert page.status_code == 503
    assert page.headers["Retry-After"] == "2"
    assert client.post("/solve", json={"board": big}).status_code == 200  # the place is free
