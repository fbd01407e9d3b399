"""The rules' score table, and multiplayer scoring.

A word scores by its length in letters (the ``Qu`` cube counts as two):

    letters  3  4  5  6  7  8+
    points   1  1  2  3  5  11
"""

from __future__ import annotations

from collections.abc import Iterable

#: Points by word length; words longer than the table score as its last entry.
SCORE_BY_LENGTH = (0, 0, 0, 1, 1, 2, 3, 5, 11)
LONGEST_SCORED = len(SCORE_BY_LENGTH) - 1
#: The table starts at three letters, so no game counts shorter words.
SHORTEST_SCORED = 3


def word_score(word: str) -> int:
    """Points for a word of this many letters."""
    return SCORE_BY_LENGTH[min(len(word), LONGEST_SCORED)]


def total_score(words: Iterable[str]) -> int:
    """Points for a list of words."""
    return sum(word_score(w) for w in words)
