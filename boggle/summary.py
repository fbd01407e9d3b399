"""What a board holds: words and points by length, the longest words, the share of long words."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import RULES
from .solver import Solution

#: Words of this many letters or more are "long": they carry most of a good score.
LONG_WORD = RULES.long_word


@dataclass(frozen=True)
class LengthRow:
    """How many words of one length the board holds, and their points."""

    length: int
    count: int
    points: int


@dataclass(frozen=True)
class Summary:
    """The shape of a solution, for the chart under the word list."""

    by_length: tuple[LengthRow, ...]
    longest: tuple[str, ...]
    long_share: float  # share of the total score carried by words of LONG_WORD+ letters

    def as_dict(self) -> dict[str, object]:
        """The summary as JSON."""
        return {
            "by_length": [row.__dict__ for row in self.by_length],
            "longest": list(self.longest),
            "long_share": round(self.long_share, 4),
        }


def summarize(solution: Solution, longest: int = 5) -> Summary:
    """Count words and points per length; pick the ``longest`` longest words."""
    counts: dict[int, list[int]] = {}
    for found in solution.words:
        row = counts.setdefault(len(found.word), [0, 0])
        row[0] += 1
        row[1] += found.score
    rows = tuple(LengthRow(n, c, p) for n, (c, p) in sorted(counts.items()))
    total = solution.total_score
    long_points = sum(row.points for row in rows if row.length >= LONG_WORD)
    by_length = sorted(solution.words, key=lambda w: (-len(w.word), w.word))
    return Summary(
        rows,
        tuple(w.word for w in by_length[:longest]),
        long_points / total if total else 0.0,
    )
