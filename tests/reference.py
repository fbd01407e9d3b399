"""A plain, obviously correct Boggle search, to hold the fast solver to.

It knows nothing of the word graph: for each word of a plain list it asks whether
the word can be traced on the board, by trying every cell that could start it and
every unused neighbour that could continue it. Slow, and clearly right.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from boggle.board import BLANK, Board, Cell


def trace(board: Board, word: str) -> list[int] | None:
    """One path of cell indexes that spells ``word`` on the board, or None."""

    def extend(path: list[int], rest: str) -> list[int] | None:
        if not rest:
            return path
        candidates = range(board.size) if not path else board.neighbors(path[-1])
        for cell in candidates:
            face = board.faces[cell]
            if face != BLANK and cell not in path and rest.startswith(face):
                found = extend([*path, cell], rest[len(face) :])
                if found:
                    return found
        return None

    return extend([], word)


def reference_words(board: Board, words: Iterable[str], min_length: int) -> set[str]:
    """Every word of ``words`` of at least ``min_length`` letters that can be traced."""
    letters = {ch for face in board.faces if face != BLANK for ch in face}
    return {
        word
        for word in words
        if len(word) >= min_length and set(word) <= letters and trace(board, word)
    }


def is_valid_path(board: Board, word: str, path: Iterable[Cell]) -> bool:
    """Whether ``path`` is a chain of adjacent, distinct, non-blank cells spelling ``word``."""
    cells = [r * board.cols + c for r, c in path]
    if len(set(cells)) != len(cells) or not cells:
        return False
    if any(not (0 <= r < board.rows and 0 <= c < board.cols) for r, c in path):
        return False
    if any(b not in board.neighbors(a) for a, b in pairwise(cells)):
        return False
    return "".join(board.faces[cell] for cell in cells) == word and BLANK not in (
        board.faces[cell] for cell in cells
    )
