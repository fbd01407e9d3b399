"""The rules' score table, and multiplayer scoring.

A word scores by its length in letters (the ``Qu`` cube counts as two), by the
table of the rules in play (boggle/rules.py); in English:

    letters  3  4  5  6  7  8+
    points   1  1  2  3  5  11
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import SearchBudgetExceeded
from .rules import RULES, Ruleset
from .tracing import Tracer
from .words import normalize_word

if TYPE_CHECKING:  # the solver imports this module's table; only types flow back
    from .dictionary import Dictionary
    from .solver import FoundWord, Solution

#: Points by word length; words longer than the table score as its last entry.
SCORE_BY_LENGTH = RULES.score_by_length
LONGEST_SCORED = RULES.longest_scored
#: Where the table starts: no game counts shorter words.
SHORTEST_SCORED = RULES.shortest_word
word_score = RULES.word_score
_WORTH, _LETTERS = RULES.score_by_length, RULES.letters  # letters_score's, for _verdict_dict


def total_score(words: Iterable[str]) -> int:
    """Points for a list of words."""
    return sum(word_score(w) for w in words)


# --- Multiplayer scoring ---------------------------------------------------------------
#
# The rules: each player lists the words they found; a word written by two or more
# players is crossed off every list; each remaining word must be long enough, in the
# dictionary and on the board, and scores by the table. The highest total wins; a tie
# goes to the player with more long words.

#: Words of this many letters or more count as long, for the tie-break.
LONG_WORD = RULES.long_word

SCORED = "scored"
DUPLICATE = "duplicate"
TOO_SHORT = "too_short"
NOT_A_WORD = "not_a_word"
NOT_ON_BOARD = "not_on_board"
VERDICTS = (SCORED, DUPLICATE, TOO_SHORT, NOT_A_WORD, NOT_ON_BOARD)


@dataclass(frozen=True)
class WordVerdict:
    """One word a player wrote, as it was judged."""

    word: str  # as matched: lower case, surrounding punctuation removed
    written: str  # as the player wrote it
    verdict: str  # one of VERDICTS
    points: int
    shared_with: tuple[str, ...] = ()  # the other players who wrote it (duplicates)
    path: tuple[tuple[int, int], ...] | None = None  # where it is on the board, if it is


@dataclass(frozen=True)
class PlayerScore:
    """A player's judged list and totals."""

    name: str
    words: tuple[WordVerdict, ...]
    total: int
    long_words: int  # scored words of LONG_WORD letters or more, the tie-break


@dataclass(frozen=True)
class GameScore:
    """Every player's judged list, the ranking, and what nobody found."""

    players: tuple[PlayerScore, ...]
    ranking: tuple[tuple[int, PlayerScore], ...]  # (rank, player); tied players share a rank
    missed: tuple[FoundWord, ...]  # words on the board that no player wrote

    @property
    def winners(self) -> tuple[str, ...]:
        """The names of the players ranked first."""
        return tuple(player.name for rank, player in self.ranking if rank == 1)

    def as_dict(self) -> dict[str, Any]:
        """The players, ranking and missed words as the JSON of ``POST /score``."""
        return {
            "players": [
                {
                    "name": player.name,
                    "total_score": player.total,
                    "long_words": player.long_words,
                    "words": [_verdict_dict(v) for v in player.words],
                }
                for player in self.players
            ],
            "ranking": [
                {
                    "rank": rank,
                    "name": p.name,
                    "total_score": p.total,
                    "long_words": p.long_words,
                }
                for rank, p in self.ranking
            ],
            "winners": list(self.winners),
            # Named as in /solve's document: these are the words of a solution nobody had.
            "missed": {
                "count": len(self.missed),
                "total_score": sum(w.score for w in self.missed),
                # Paths stay tuples, as in /solve's: JSON writes them as arrays.
                "words": [{"word": w.word, "score": w.score, "path": w.path} for w in self.missed],
            },
        }


def _verdict_dict(verdict: WordVerdict) -> dict[str, Any]:
    """One judged word as JSON; ``with`` only for duplicates, ``path`` when on the board."""
    word = verdict.word
    document: dict[str, Any] = {
        "word": word,
        "written": verdict.written,
        "verdict": verdict.verdict,
        "points": verdict.points,
        # What the word is worth, counted or not: letters_score, without its calls (a
        # game's every word is written out).
        "score": _WORTH[min(len(word), LONGEST_SCORED)] if _LETTERS.issuperset(word) else 0,
    }
    if verdict.verdict == DUPLICATE:
        document["with"] = list(verdict.shared_with)
    # Tuples, as the missed words' paths: JSON writes them as arrays.
    document["path"] = verdict.path or None
    return document


def letters_score(word: str) -> int:
    """What a written word is worth by the table: 0 unless it is all letters of the rules."""
    return word_score(word) if is_letters(word) else 0


def is_letters(word: str) -> bool:
    """Whether a word is written in the rules' letters only (no spaces, digits or marks)."""
    return RULES.is_letters(word)


def score_game(
    solution: Solution,
    dictionary: Dictionary,
    players: Sequence[tuple[str, Sequence[str]]],
    budget: float | None = None,
) -> GameScore:
    """Judge each player's words against the board's solution and each other, by the rules.

    ``players`` is a list of (name, words as written). A player who writes a word twice
    has it judged once. The solution must come from ``dictionary``: every dictionary
    word on the board, with its path, is in it. ``budget`` bounds, in seconds, the time
    spent tracing words the solution does not list (SearchBudgetExceeded past it).
    Words are read in the dictionary's language: in French, *élève* is ``eleve``.
    """
    game = judge_game(solution, dictionary, players, budget)
    writers, judged = game.writers, game.judged
    scores = []
    for name, words in game.lists:
        verdicts = []
        total = long_words = 0
        for word, written in words.items():
            verdict, points, path = judged[word]
            shared = writers[word]
            if len(shared) > 1:
                others = tuple(other for other in shared if other != name)
                verdicts.append(WordVerdict(word, written, DUPLICATE, 0, others, path))
                continue
            verdicts.append(WordVerdict(word, written, verdict, points, path=path))
            if verdict == SCORED:
                total += points
                long_words += len(word) >= LONG_WORD
        scores.append(PlayerScore(name, tuple(verdicts), total, long_words))
    return GameScore(tuple(scores), ranking(scores), game.missed)


#: A distinct word's verdict had one player alone written it, its points, and its path.
Judged = tuple[str, int, tuple[tuple[int, int], ...] | None]


class JudgedGame(NamedTuple):
    """A game's words judged, before any player's list is written out: what
    ``score_game`` makes its verdicts of, and boggle/standings.py ``score_document``
    the ``POST /score`` document, without a verdict object a word."""

    lists: list[tuple[str, dict[str, str]]]  # each player's distinct words, as written
    writers: dict[str, list[str]]  # each distinct word's players, in the game's order
    judged: dict[str, Judged]  # each distinct word's verdict had one player alone written it
    missed: tuple[FoundWord, ...]  # words on the board that no player wrote


def judge_game(
    solution: Solution,
    dictionary: Dictionary,
    players: Sequence[tuple[str, Sequence[str]]],
    budget: float | None = None,
) -> JudgedGame:
    """Each distinct word of a game judged once, whoever wrote it (see ``score_game``):
    a word two players wrote is looked up, and traced, once, and only its crossing-off
    is each player's."""
    rules = dictionary.rules
    # A word several players wrote alike is normalised once.
    normal: dict[str, str] = {}
    lists = [(name, _distinct(words, rules, normal)) for name, words in players]
    writers: dict[str, list[str]] = {}
    for name, words in lists:
        for word in words:
            writers.setdefault(word, []).append(name)
    judged = _judge_words(writers, solution, dictionary, budget)
    missed = tuple([found for found in solution.words if found[0] not in writers])
    return JudgedGame(lists, writers, judged, missed)


def _judge_words(
    words: Iterable[str], solution: Solution, dictionary: Dictionary, budget: float | None
) -> dict[str, Judged]:
    """Each word judged as if one player alone had written it (see ``score_game``)."""
    deadline = None if budget is None else time.monotonic() + budget
    tracers: list[Tracer] = []  # made for the first word to trace: most games have none
    rules = dictionary.rules
    min_length = solution.min_length
    # Each found word by its text, made at C speed (a board has dozens to hundreds).
    on_board = dict(zip(map(itemgetter(0), solution.words), solution.words, strict=True))
    judged: dict[str, Judged] = {}
    for word in words:
        found = on_board.get(word)
        letters = rules.is_letters(word)
        long_enough = len(word) >= min_length
        # Every dictionary word on the board is in the solution, so a long enough one
        # that is not there is not on the board: not traced, and not on the board.
        known = found is None and letters and long_enough and word in dictionary
        if found is not None:
            path = found.path
        elif letters and not known:  # any other word of the letters may be, to be shown
            if not tracers:
                tracers.append(Tracer(solution.board))
            try:
                path = tracers[0].trace(word, deadline)
            except SearchBudgetExceeded:
                raise SearchBudgetExceeded(budget or 0.0) from None
        else:
            path = None
        if not letters:
            # "the bath" is two words, not an eight-letter one: its spaces earn nothing.
            judged[word] = (NOT_A_WORD, 0, path)
        elif not long_enough:
            judged[word] = (TOO_SHORT, 0, path)
        elif found is None:
            judged[word] = (NOT_ON_BOARD if known else NOT_A_WORD, 0, path)
        else:
            judged[word] = (SCORED, found.score, path)
    return judged


def _distinct(
    words: Sequence[str], rules: Ruleset = RULES, normal: dict[str, str] | None = None
) -> dict[str, str]:
    """Each distinct word (normalized, and folded as its language folds) mapped to how
    it was first written; blanks dropped. ``normal``, if given, keeps each written
    word's reading, for the next list of the same game."""
    normal = {} if normal is None else normal
    distinct: dict[str, str] = {}
    for written in words:
        word = normal.get(written)
        if word is None:
            word = normalize_word(written)
            if rules.folds_accents:
                word = rules.fold_word(word)
            normal[written] = word
        if word and word not in distinct:
            distinct[word] = written
    return distinct


def ranking(scores: Sequence[PlayerScore]) -> tuple[tuple[int, PlayerScore], ...]:
    """Players by total, then long words; players equal on both share a rank."""
    ordered = sorted(scores, key=lambda p: (-p.total, -p.long_words))
    places: list[tuple[int, PlayerScore]] = []
    for position, player in enumerate(ordered, 1):
        previous = places[-1] if places else None
        tied = previous and (previous[1].total, previous[1].long_words) == (
            player.total,
            player.long_words,
        )
        places.append((previous[0] if tied else position, player))
    return tuple(places)
