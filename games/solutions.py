"""The rooms' solutions kept per process, bounded by the words they hold.

Every word a player sends is judged against its round's solution, so each process keeps
the solutions of the boards being played rather than search again per word. Kept by
count (256), they grew with every room a worker had served: a 4x4 board's solution is
5 to 25 KB, a 6x6 one on the large list 100 KB, a 40x40 one megabytes; a soak's workers
grew all half an hour. Bounded by words (each about 200 bytes with its path), the most
kept is the same whatever the boards' sizes; the least recently used goes first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from boggle.solver import Solution

#: The most words kept across the cached solutions (about 4 MB): a hundred 4x4 rounds,
#: or twenty 6x6 rounds on the large list. A solution larger than this alone is not kept.
WORDS_KEPT = 20_000


class SolutionCache:
    """``solve(*key)``'s answers kept while their words add up to at most ``words``."""

    def __init__(self, solve: Callable[..., Solution], words: int = WORDS_KEPT) -> None:
        self._solve = solve
        self.words = words
        self._kept: OrderedDict[tuple, Solution] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def __call__(self, *key: Hashable) -> Solution:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
                return found
        solution = self._solve(*key)  # outside the lock: a search may take a while
        with self._lock:
            if key not in self._kept and solution.count <= self.words:
                self._kept[key] = solution
                self._held += solution.count
                while self._held > self.words:
                    _, dropped = self._kept.popitem(last=False)
                    self._held -= dropped.count
        return solution

    @property
    def held(self) -> int:
        """The words the kept solutions hold now."""
        return self._held

    def __len__(self) -> int:
        return len(self._kept)
