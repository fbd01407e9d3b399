"""The engine's errors: one type per kind of failure, each with a message a person can act on."""


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
        limit = f"{budget * 1000:.0f} ms of CPU time"
        if ceiling is not None:
            limit += f" ({ceiling * 1000:.0f} ms in all on a busy server)"
        super().__init__(
            f"the search needed more than its budget of {limit}; "
            "this board has too many paths to explore"
        )
        self.budget = budget
        self.ceiling = ceiling


class SearchBusy(BoggleError):  # noqa: N818 - reads as the state it reports
    """Every place for an expensive search is taken; try again shortly."""

    def __init__(self, limit: int) -> None:
        running = "one expensive search is" if limit == 1 else f"{limit} expensive searches are"
        super().__init__(
            f"{running} running already, the most allowed at once; "
            "try again in a moment, or send a smaller board"
        )
        self.limit = limit
