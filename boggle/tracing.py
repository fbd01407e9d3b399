"""Tracing one given word on a board: the path that spells it, if there is one.

The solver finds the words of a dictionary; scoring also needs the path of a word a
player wrote that the solution does not list (too short for the game, or not in the
dictionary), so that a word on the board is never reported as off it.

A plain depth-first search can take exponential time on a repetitive board (every
cube ``a``, the word ``aaa...ab``), so the walk is steered by ``reachable``: which
(cell, letter position) pairs can still spell the rest of the word if cubes could
be reused. That relaxation costs at most cells x letters to compute, and rules out
every dead end it can see; a deadline bounds what it cannot.
"""

from __future__ import annotations

import time
from functools import cache

from .board import Board, Cell
from .errors import SearchBudgetExceeded


def trace_word(board: Board, word: str, deadline: float | None = None) -> tuple[Cell, ...] | None:
    """The first path (from the top-left-most start) that spells ``word``, or None.

    ``word`` is lower case; the ``Qu`` cube spells ``qu``. ``deadline`` is a
    ``time.monotonic()`` value: past it SearchBudgetExceeded is raised rather than
    a guess returned (its budget is the time that remained when the trace began).
    """
    if not word:
        return None
    budget = None if deadline is None else max(deadline - time.monotonic(), 0.0)
    faces = board.faces

    @cache
    def reachable(cell: int, at: int) -> bool:
        """Whether the word from letter ``at`` on can start at ``cell`` (cubes reusable)."""
        face = faces[cell]
        if not word.startswith(face, at) or face == "#":
            return False
        after = at + len(face)
        return after == len(word) or any(reachable(n, after) for n in board.neighbors(cell))

    used = [False] * board.size
    path: list[int] = []

    def walk(cell: int, at: int) -> bool:
        if deadline is not None and time.monotonic() > deadline:
            raise SearchBudgetExceeded(budget or 0.0)
        used[cell] = True
        path.append(cell)
        after = at + len(faces[cell])
        if after == len(word):
            return True
        for neighbour in board.neighbors(cell):
            if not used[neighbour] and reachable(neighbour, after) and walk(neighbour, after):
                return True
        path.pop()
        used[cell] = False
        return False

    for start in range(board.size):
        if reachable(start, 0) and walk(start, 0):
            return tuple(board.cell(index) for index in path)
    return None
