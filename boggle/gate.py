"""The gate for expensive searches: at most so many run at once in a process; the rest are refused.

A search's cost grows with the cells it can start from and the size of the dictionary
it walks (a 40x40 board on the large list can take seconds; a 5x5 board on any list a
few milliseconds). Cheap searches never pass the gate. Expensive ones take one of a
fixed number of places, and when none is free the caller is refused at once: a
queue would only make every waiting client's answer later, while a refusal lets it
retry elsewhere or later.

The places are shared by every process forked from the one that made the gate: a
server's workers, forked after the app is loaded, share one gate, so that "at most so
many" holds for the machine and not for each worker (gunicorn's sync workers run one
request each, so a gate per worker would never refuse anything). A place is an
exclusive ``flock`` on one of ``limit`` files in a private folder; the kernel lets go
of it when its holder's file is closed, even if the process is killed mid-search, so a
place can never be lost.

The gate lives in the engine because the estimate is the engine's knowledge (what a
board and a dictionary cost to search), and any client of the engine (the web app, a
batch script) can bound itself with it; the web layer only turns a refusal into its
HTTP answer.
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from .board import BLANK, Board
from .dictionary import Dictionary
from .errors import SearchBusy

#: What a cheap search is admitted with: nothing to take or give back. One for all, so
#: that admitting it costs no generator made, entered and closed (a few µs a /solve).
_ADMITTED = nullcontext()


def search_cost(board: Board, dictionary: Dictionary) -> float:
    """The estimated cost of a search, in millions of cell-words: usable cells x words."""
    cells = board.size - board.faces.count(BLANK)
    return cells * len(dictionary) / 1_000_000


def _remove_folder(folder: Path, maker: int) -> None:
    """Remove the places' folder when the process that made it exits (not a forked one)."""
    if os.getpid() == maker:
        shutil.rmtree(folder, ignore_errors=True)


class SearchGate:
    """Admits every cheap search, and at most ``limit`` expensive ones at a time."""

    def __init__(self, limit: int, threshold: float) -> None:
        if limit < 1:
            raise ValueError(f"the gate must admit at least one search at a time, not {limit}")
        self.limit = limit
        #: Searches of at least this cost (see ``search_cost``) are expensive.
        self.threshold = threshold
        self._folder = Path(tempfile.mkdtemp(prefix="boggle-gate-"))
        self._places = [self._folder / f"place-{i}" for i in range(limit)]
        for place in self._places:
            place.touch()
        atexit.register(_remove_folder, self._folder, os.getpid())

    def is_expensive(self, board: Board, dictionary: Dictionary) -> bool:
        """Whether a search of this board in this dictionary must pass the gate."""
        return search_cost(board, dictionary) >= self.threshold

    def admit(self, board: Board, dictionary: Dictionary) -> AbstractContextManager[None]:
        """Hold a place for the search while it runs (``with gate.admit(...)``); SearchBusy
        on entering if none is free. A cheap search passes without taking one."""
        if not self.is_expensive(board, dictionary):
            return _ADMITTED
        return self.hold()

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Hold a place whatever the work costs; SearchBusy at once if none is free.

        For work whose cost is its time bound rather than its board: the search for
        rich boards takes a place of its own gate for each slice it runs.
        """
        held = self._take_place()
        if held is None:
            raise SearchBusy(self.limit)
        try:
            yield
        finally:
            os.close(held)

    def _take_place(self) -> int | None:
        """A file descriptor holding a free place's lock, or None if every place is held."""
        for place in self._places:
            # A descriptor of its own for each try: two threads, or two processes that
            # inherited one descriptor, would otherwise share a lock instead of competing.
            fd = os.open(place, os.O_RDONLY)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            return fd
        return None
