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
from .solver import Solution
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
    # One pass, words grouped by length: the longest are then sorted group by group from
    # the longest down, only as far as they are wanted, not the whole list.
    groups: dict[int, list[str]] = {}
    points: dict[int, int] = {}
    for word, score, _path in solution.words:
        length = len(word)
        if length in groups:
            groups[length].append(word)
            points[length] += score
        else:
            groups[length] = [word]
            points[length] = score
    rows = tuple(LengthRow(n, len(groups[n]), points[n]) for n in sorted(groups))
    total = sum(points.values())
    long_points = sum(row.points for row in rows if row.length >= LONG_WORD)
    picked: list[str] = []
    for row in reversed(rows):
        if len(picked) >= longest:
            break
        picked += sorted(groups[row.length])[: longest - len(picked)]
    return Summary(
        rows,
        tuple(picked),
        long_points / total if total else 0.0,
        solution.count,
        total,
        solution.min_length,
    )


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
    solution: Solution, dictionary: str, elapsed_ms: float, spellings: Spellings | None = None
) -> dict[str, Any]:
    """The ``/solve`` (and ``boggle solve --json``) document: the solution, then its summary.

    With a language's ``spellings`` (boggle/spellings.py), a word its list writes
    otherwise than it is played gains ``spellings``: ``eleve`` shows as ``["élève"]``.
    """
    document = solution.as_dict(dictionary, elapsed_ms)
    if spellings is not None:
        for entry in document["words"]:
            spelled = spellings.of(entry["word"])
            if spelled:
                entry["spellings"] = list(spelled)
    return document | {"summary": summarize(solution).as_dict()}
