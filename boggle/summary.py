"""What a board holds: words and points by length, the longest words, the share of long words.

Sent in ``/solve`` as ``summary`` (``solve_document``) and drawn by the solver's page,
with or without its script, from this one computation: the counts, and the sentences
that say them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import wording
from .i18n import ngettext, percent, remembered
from .rules import RULES
from .scoring import LONGEST_SCORED, SCORE_BY_LENGTH
from .solver import Solution, word_lengths
from .spellings import Spellings

#: Words of this many letters or more are "long": they carry most of a good score.
LONG_WORD = RULES.long_word


@dataclass(frozen=True)
class LengthRow:
    """How many words of one length the board holds, and their points."""

    length: int
    count: int
    points: int

    @property
    def text(self) -> str:
        """The row as a group heading says it: ``5 words, 7 points``."""
        return length_row_text(self.count, self.points)


@remembered
def length_row_text(count: int, points: int) -> str:
    """A length's words and points as its group heading says them: ``5 words, 7 points``."""
    return ngettext(
        "%(num)s word, %(points)s",
        "%(num)s words, %(points)s",
        count,
        points=wording.points(points),
    )


@dataclass(frozen=True)
class Summary:
    """The shape of a solution, for the chart under the word list and the list's groups."""

    by_length: tuple[LengthRow, ...]
    longest: tuple[str, ...]
    long_share: float  # share of the total score carried by words of LONG_WORD+ letters
    count: int  # words found, and their points: what ``line`` says
    total: int
    min_length: int

    @property
    def line(self) -> str:
        """The whole result in a sentence, for the page's status line (see summary_line)."""
        return summary_line(self.count, self.total, self.min_length)

    @property
    def long_share_text(self) -> str:
        """The long words' share as a whole percentage: ``34%`` (``34 %`` in German)."""
        return percent(self.long_share)

    def as_dict(self) -> dict[str, object]:
        """The summary as JSON: ``by_length`` from the shortest words up."""
        return {
            "by_length": [
                {"length": row.length, "count": row.count, "points": row.points, "text": row.text}
                for row in self.by_length
            ],
            "longest": list(self.longest),
            "long_share": round(self.long_share, 4),
            "long_share_text": self.long_share_text,
            "line": self.line,
        }


def summarize(solution: Solution, longest: int = 5) -> Summary:
    """Count words and points per length; pick the ``longest`` longest words."""
    # Counted by the engine's core (word_lengths), not a Python step per word: that was
    # a tenth of a 4x4 /solve's time in the app. A word's points are its length's, from
    # the rules' table the search scores by.
    words = solution.words
    rows = tuple(
        LengthRow(n, count, count * _points(n))
        for n, count in enumerate(word_lengths(words))
        if count
    )
    total = sum(row.points for row in rows)
    long_points = sum(row.points for row in rows if row.length >= LONG_WORD)
    # The longest words are of the longest lengths, as far down as makes ``longest``;
    # ranked by points first, they lead the words with any shorter ones that score as
    # much (3 and 4 letters, 8 and more), so only that lead is sorted.
    shortest, wanted = 0, longest
    for row in reversed(rows):
        if wanted <= 0:
            break
        shortest, wanted = row.length, wanted - row.count
    floor = _points(shortest)
    lead = sum(row.count for row in rows if _points(row.length) >= floor) if longest > 0 else 0
    picked = sorted(word for word, _score, _path in words[:lead] if len(word) >= shortest)
    picked.sort(key=len, reverse=True)
    return Summary(
        rows,
        tuple(picked[: max(longest, 0)]),
        long_points / total if total else 0.0,
        solution.count,
        total,
        solution.min_length,
    )


def _points(length: int) -> int:
    """The points of a word of this many letters (the rules' table)."""
    return SCORE_BY_LENGTH[min(length, LONGEST_SCORED)]


@remembered
def summary_line(count: int, total: int, min_length: int) -> str:
    """``Found 867 words worth 2,576 points.``, or that the board holds none."""
    if not count:
        return ngettext(
            "No words of %(num)s letter or more on this board.",
            "No words of %(num)s letters or more on this board.",
            min_length,
        )
    return ngettext(
        "Found %(num)s word worth %(points)s.",
        "Found %(num)s words worth %(points)s.",
        count,
        points=wording.points(total),
    )


def solve_document(
    solution: Solution,
    dictionary: str,
    elapsed_ms: float,
    spellings: Spellings | None = None,
    words: Any = None,
) -> dict[str, Any]:
    """The ``/solve`` (and ``boggle solve --json``) document: the solution, then its summary.

    With a language's ``spellings`` (boggle/spellings.py), a word its list writes
    otherwise than it is played gains ``spellings``: ``eleve`` shows as ``["élève"]``.
    ``words`` stands for the words already written, as in :meth:`Solution.as_dict`
    (never with spellings, which are added to each word's object).
    """
    if words is not None and spellings is not None:
        raise ValueError("give the words written or the spellings to add to them, not both")
    document = solution.as_dict(dictionary, elapsed_ms, words)
    if spellings is not None:
        for entry in document["words"]:
            spelled = spellings.of(entry["word"])
            if spelled:
                entry["spellings"] = list(spelled)
    return document | {"summary": summarize(solution).as_dict()}
