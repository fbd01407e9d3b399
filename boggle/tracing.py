"""Tracing one given word on a board: the path that spells it, if there is one.

The solver finds the words of a dictionary; scoring also needs the path of a word a
player wrote that the solution does not list (too short for the game, or not in the
dictionary), so that a word on the board is never reported as off it.

A plain depth-first search can take exponential time on a repetitive board (every
cube ``a``, the word ``aaa...ab``), and a game may bring thousands of written words,
so the walk is steered by ``ahead``: for each letter position of the word, the set
of cells from which the rest of the word could be spelt if cubes could be reused.
Sets of cells are Python integers used as bit sets (bit ``i`` is cell ``i``), so a
whole board's step to its neighbours is a few shifts: about twenty big-integer
operations a letter, whatever the board's size. The walk then only steps into cells
of the next set; a deadline bounds what the relaxation cannot rule out (reuse).
"""

from __future__ import annotations

import time
from functools import cached_property, lru_cache

from .board import BLANK, Board, Cell
from .errors import SearchBudgetExceeded


def trace_word(board: Board, word: str, deadline: float | None = None) -> tuple[Cell, ...] | None:
    """The first path that spells ``word`` on ``board``, or None (see Tracer.trace)."""
    return Tracer(board).trace(word, deadline)


@lru_cache(maxsize=64)  # a few board shapes per app; each game's tracer asks
def _masks(rows: int, cols: int) -> tuple[int, int, int]:
    """A shape's every cell, those with a neighbour to their right, and to their left, as
    bit sets (the cells not in the last column, and not in the first)."""
    every = (1 << rows * cols) - 1
    last_col = sum(1 << (r * cols + cols - 1) for r in range(rows))
    first_col = sum(1 << (r * cols) for r in range(rows))
    return every, every & ~last_col, every & ~first_col


class Tracer:
    """Traces words on one board; built once and shared by every word of a game."""

    def __init__(self, board: Board) -> None:
        self.board = board
        rows, cols = board.rows, board.cols
        self._cols = cols
        self._all, self._has_right, self._has_left = _masks(rows, cols)
        # Each face's cells, as a bit set; blanks are in none, so no word passes them.
        self._cells_of: dict[str, int] = {}
        for cell, face in enumerate(board.faces):
            if face != BLANK:
                self._cells_of[face] = self._cells_of.get(face, 0) | 1 << cell

    @cached_property
    def _moves(self) -> list[tuple[int, ...]]:
        """Each cell's neighbours that are not blank: made for the first word that could
        be on the board (a game's misses are mostly ruled out by ``_ahead`` alone)."""
        board = self.board
        return [
            tuple(n for n in board.neighbors(cell) if board.faces[n] != BLANK)
            for cell in range(board.size)
        ]

    def _around(self, cells: int) -> int:
        """The cells next to any of ``cells`` (and those cells themselves), as a bit set."""
        row = cells | (cells & self._has_right) << 1 | (cells & self._has_left) >> 1
        return (row | row << self._cols | row >> self._cols) & self._all

    def _ahead(self, word: str) -> list[int]:
        """For each letter position, the cells where the rest of the word could start."""
        length = len(word)
        ahead = [0] * (length + 1)
        ahead[length] = self._all
        for at in range(length - 1, -1, -1):
            cells = 0
            for size in (1, 2):
                face = word[at : at + size]
                if len(face) == size and face in self._cells_of:
                    after = at + size
                    rest = self._all if after == length else self._around(ahead[after])
                    cells |= self._cells_of[face] & rest
            ahead[at] = cells
            if not cells and at + 2 <= length and not ahead[at + 1]:
                break  # two positions in a row that nothing can fill: the word is not here
        return ahead

    def trace(self, word: str, deadline: float | None = None) -> tuple[Cell, ...] | None:
        """The first path (in row-major order of its first cube) spelling ``word``, or None.

        ``word`` is lower case; the ``Qu`` cube spells ``qu``. ``deadline`` is a
        ``time.monotonic()`` value: past it SearchBudgetExceeded is raised rather than
        a guess returned.
        """
        if not word:
            return None
        ahead = self._ahead(word)
        if not ahead[0]:
            return None  # not even with cubes reused
        faces, moves, length = self.board.faces, self._moves, len(word)
        used = [False] * self.board.size
        path: list[int] = []

        def walk(cell: int, at: int) -> bool:
            """Extend the path through ``cell``; True once it spells the whole word."""
            if deadline is not None and time.monotonic() > deadline:
                raise SearchBudgetExceeded(0.0)  # the caller knows the budget it set
            after = at + len(faces[cell])
            if not word.startswith(faces[cell], at):
                return False
            used[cell] = True
            path.append(cell)
            if after == length:
                return True
            following = ahead[after]
            for neighbour in moves[cell]:
                if following >> neighbour & 1 and not used[neighbour] and walk(neighbour, after):
                    return True
            path.pop()
            used[cell] = False
            return False

        starts = ahead[0]
        while starts:
            lowest = starts & -starts  # the first start left, in row-major order
            starts ^= lowest
            if walk(lowest.bit_length() - 1, 0):
                return tuple(self.board.cell(index) for index in path)
        return None
