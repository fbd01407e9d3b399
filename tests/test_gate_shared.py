"""The gate's places are shared with forked processes (a server's workers) and never lost."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest
from hard_boards import worst_board

from boggle import Catalog, SearchBusy, SearchGate, parse_board

FORK = multiprocessing.get_context("fork")


def hold_a_place(gate: SearchGate, catalog: Catalog, connection) -> None:
    """In a forked process: take the gate's place, say so, and keep it until told."""
    with gate.admit(parse_board(worst_board(20)), catalog.get("standard")):
        connection.send("holding")
        connection.poll(30)


@pytest.fixture
def gate_held_elsewhere(catalog: Catalog):
    """A one-place gate, a forked process that holds its place, and how to let it go."""
    gate = SearchGate(1, threshold=5.0)
    # A pipe, not an Event: a process killed while waiting on an Event can leave its
    # lock held, and the next set() would wait for ever.
    ours, theirs = FORK.Pipe()
    process = FORK.Process(target=hold_a_place, args=(gate, catalog, theirs))
    process.start()
    assert ours.poll(30) and ours.recv() == "holding", "the forked process took no place"

    def release() -> None:
        if process.is_alive():
            ours.send("release")
        process.join(30)

    yield gate, process, release
    release()
    if process.is_alive():
        process.kill()
        process.join(30)


def test_a_place_held_by_a_forked_process_is_taken_for_this_one(
    gate_held_elsewhere, catalog: Catalog
) -> None:
    gate, _, release = gate_held_elsewhere
    big, dictionary = parse_board(worst_board(20)), catalog.get("standard")
    with pytest.raises(SearchBusy), gate.admit(big, dictionary):
        pass
    release()
    with gate.admit(big, dictionary):  # given back when the other process let go
        pass


def test_a_place_held_by_a_process_that_is_killed_is_given_back(
    gate_held_elsewhere, catalog: Catalog
) -> None:
    gate, process, _ = gate_held_elsewhere
    os.kill(process.pid, signal.SIGKILL)  # as gunicorn kills a worker past its timeout
    process.join(30)
    with gate.admit(parse_board(worst_board(20)), catalog.get("standard")):
        pass
