"""The engine's errors: one type per kind of failure, each with a message a person can act on.

A message is worded when the error is raised, in the language in force then
(``boggle.i18n``): a request's, or English on the command line.
"""

from __future__ import annotations

from .i18n import _, ngettext, number


class BoggleError(ValueError):
    """Base class of every error the engine raises about its input."""


class BoardError(BoggleError):
    """The board as given cannot be read: the message says what is wrong and where.

    Where says the message in words ("row 2, cell 3"); the same place is also given as
    data, so a page can point at the cube itself: ``cell`` is the ``(row, col)`` of the
    one cube the error is about, from zero, and ``row`` the row of a row-shape error
    ("row 3 has 5 cells"). ``typed`` is the board as typed, each cell's text (the wrong
    one as it was typed), when the text reads as a rectangle: what a page draws.
    """

    def __init__(
        self, message: str, *, cell: tuple[int, int] | None = None, row: int | None = None
    ) -> None:
        super().__init__(message)
        self.cell = cell
        self.row = row
        self.typed: tuple[tuple[str, ...], ...] | None = None


class WordListError(BoggleError):
    """A word list cannot be read or a dictionary cannot be found."""


class DiceError(BoggleError):
    """An unknown dice set, or a board size no dice can fill."""


class SearchBudgetExceeded(BoggleError):  # noqa: N818 - reads as the rule it reports
    """The search used more than its budget of CPU time; no partial answer is given."""

    def __init__(self, budget: float, ceiling: float | None = None) -> None:
        if ceiling is None:
            message = _(
                "the search needed more than its budget of %(budget)s ms of CPU time; "
                "this board has too many paths to explore",
                budget=number(round(budget * 1000)),
            )
        else:
            message = _(
                "the search needed more than its budget of %(budget)s ms of CPU time "
                "(%(ceiling)s ms in all on a busy server); "
                "this board has too many paths to explore",
                budget=number(round(budget * 1000)),
                ceiling=number(round(ceiling * 1000)),
            )
        super().__init__(message)
        self.budget = budget
        self.ceiling = ceiling


class SearchBusy(BoggleError):  # noqa: N818 - reads as the state it reports
    """Every place for an expensive search is taken; try again shortly."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            ngettext(
                "one expensive search is running already, the most allowed at once; "
                "try again in a moment, or send a smaller board",
                "%(num)s expensive searches are running already, the most allowed at once; "
                "try again in a moment, or send a smaller board",
                limit,
            )
        )
        self.limit = limit
