"""A Boggle solver: every word on any board, with its path and score.

    >>> from boggle import parse_board, Catalog, solve
    >>> board = parse_board("serspatglinesers")
    >>> solution = solve(board, Catalog().get("standard"))
    >>> solution.words[0]            # doctest: +SKIP
    FoundWord(word='...', score=..., path=((r, c), ...))

The engine knows nothing of the web: the Flask app in ``app.py`` is one client of it,
the command line (``python -m boggle``) another.
"""

from .board import Board, parse_board
from .catalog import DEFAULT_DICTIONARY, Catalog, UnknownDictionary
from .dice import DICE_SETS, random_board
from .dictionary import Dictionary, load_dictionary
from .errors import (
    BoardError,
    BoggleError,
    DiceError,
    SearchBudgetExceeded,
    SearchBusy,
    WordListError,
)
from .gate import SearchGate, search_cost
from .scoring import word_score
from .solver import FoundWord, Solution, solve

__all__ = [
    "DEFAULT_DICTIONARY",
    "DICE_SETS",
    "Board",
    "BoardError",
    "BoggleError",
    "Catalog",
    "DiceError",
    "Dictionary",
    "FoundWord",
    "SearchBudgetExceeded",
    "SearchBusy",
    "SearchGate",
    "Solution",
    "UnknownDictionary",
    "WordListError",
    "load_dictionary",
    "parse_board",
    "random_board",
    "search_cost",
    "solve",
    "word_score",
]
