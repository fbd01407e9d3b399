"""The engine's errors: one type per kind of failure, each with a message a person can act on."""


class BoggleError(ValueError):
    """Base class of every error the engine raises about its input."""


class BoardError(BoggleError):
    """The board as given cannot be read: the message says what is wrong and where."""


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
