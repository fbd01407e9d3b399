"""The gate for expensive searches: at most so many run at once in a process; the rest are refused.

A search's cost grows with the cells it can start from and the size of the dictionary
it walks (a 40x40 board on the large list can take seconds; a 5x5 board on any list a
few milliseconds). Cheap searches never pass the gate. Expensive ones take one of a
fixed number of places, and when none is free the caller is refused at once: a
queue would only make every waiting client's answer later, while a refusal lets it
retry elsewhere or later.

The gate lives in the engine because the estimate is the engine's knowledge (what a
board and a dictionary cost to search), and any client of the engine (the web app, a
batch script) can bound itself with it; the web layer only turns a refusal into its
HTTP answer.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .board import BLANK, Board
from .dictionary import Dictionary
from .errors import SearchBusy


def search_cost(board: Board, dictionary: Dictionary) -> float:
    """The estimated cost of a search, in millions of cell-words: usable cells x words."""
    cells = board.size - board.faces.count(BLANK)
    return cells * len(dictionary) / 1_000_000


class SearchGate:
    """Admits every cheap search, and at most ``limit`` expensive ones at a time."""

    def __init__(self, limit: int, threshold: float) -> None:
        if limit < 1:
            raise ValueError(f"the gate must admit at least one search at a time, not {limit}")
        self.limit = limit
        #: Searches of at least this cost (see ``search_cost``) are expensive.
        self.threshold = threshold
        self._places = threading.BoundedSemaphore(limit)

    def is_expensive(self, board: Board, dictionary: Dictionary) -> bool:
        """Whether a search of this board in this dictionary must pass the gate."""
        return search_cost(board, dictionary) >= self.threshold

    @contextmanager
    def admit(self, board: Board, dictionary: Dictionary) -> Iterator[None]:
        """Hold a place for the search while it runs; SearchBusy at once if none is free."""
        if not self.is_expensive(board, dictionary):
            yield
            return
        if not self._places.acquire(blocking=False):
            raise SearchBusy(self.limit)
        try:
            yield
        finally:
            self._places.release()
