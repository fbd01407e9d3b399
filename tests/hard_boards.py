"""Boards that are hard on purpose: the slowest known to the search, for limit tests."""

from __future__ import annotations

# Found by hill-climbing 4x4 tiles for the slowest 40x40 board (the largest square
# under the default limit of 1,600 cells): "as"/"ar" runs that begin many words of
# the large list (sassafras, assassin...) that the board cannot finish. Solving it
# fully takes about 5 s with the large list: far past the default 2 s budget.
WORST_TILE = ("asar", "asar", "asar", "asas")


def worst_board(side: int = 40) -> str:
    """The worst tile repeated over a side x side board, as rows of text."""
    return "/".join("".join(WORST_TILE[r % 4][c % 4] for c in range(side)) for r in range(side))
