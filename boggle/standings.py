"""What a scored game comes to, in flags and sentences: who won, who tied, what decided.

boggle/scoring.py judges each word and ranks the players; this module reads that
ranking as people do (the winners, players sharing a rank, ranks the long-word
tie-break decided), words the headline and each verdict, and builds the
``POST /score`` document with them, so the API, the scoring page and its script
all say the same thing from this one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from .i18n import N_, Language, _, current, ngettext, number, remembered
from .scoring import (  # _LETTERS, _WORTH: the table's worth of a word, as _verdict_dict reads it
    _LETTERS,
    _WORTH,
    DUPLICATE,
    LONG_WORD,
    LONGEST_SCORED,
    NOT_A_WORD,
    NOT_ON_BOARD,
    SCORED,
    TOO_SHORT,
    GameScore,
    PlayerScore,
    judge_game,
    ranking,
)
from .wording import join_names, long_words, points

if TYPE_CHECKING:
    from .dictionary import Dictionary
    from .solver import FoundWord, Solution

#: How each verdict reads on a page, in English: marked for the catalogue here, and
#: translated (``_``) where it is shown, so that it follows each reader's language.
VERDICT_TEXT = {
    SCORED: N_("scored"),
    DUPLICATE: N_("duplicate"),
    TOO_SHORT: N_("too short"),
    NOT_A_WORD: N_("not a word"),
    NOT_ON_BOARD: N_("not on the board"),
}


@remembered
def verdict_text(verdict: str) -> str:
    """A verdict as a page shows it, in the reader's language: ``not on the board``."""
    return _(VERDICT_TEXT[verdict])


def verdict_texts() -> dict[str, str]:
    """Every verdict as a page shows it, in the reader's language, which is asked for
    once (a game's words need all five)."""
    return dict(_verdict_texts(current()))


@lru_cache(maxsize=64)  # a few languages per app, each one object (boggle/i18n.py)
def _verdict_texts(language: Language) -> tuple[tuple[str, str], ...]:
    return tuple(
        (verdict, language.translations.gettext(text)) for verdict, text in VERDICT_TEXT.items()
    )


@dataclass(frozen=True)
class Standing:
    """One player's place in the ranking, read as the rules read it."""

    rank: int
    player: PlayerScore
    winner: bool  # ranked first, alone or with others
    tied: bool  # shares the rank with another player
    tie_break: bool  # level on points with a player ranked apart: long words decided

    def as_dict(self) -> dict[str, Any]:
        """The ranking row of ``POST /score``."""
        return {
            "rank": self.rank,
            "name": self.player.name,
            "total_score": self.player.total,
            "long_words": self.player.long_words,
            "winner": self.winner,
            "tied": self.tied,
            "tie_break": self.tie_break,
        }


def standings(game: GameScore) -> tuple[Standing, ...]:
    """The ranking, each place flagged: winner, tied, decided by the tie-break."""
    return _places(game.ranking)


def _places(ranking: tuple[tuple[int, PlayerScore], ...]) -> tuple[Standing, ...]:
    """``standings`` of a game's ranking."""
    ranks = [rank for rank, _ in ranking]
    return tuple(
        Standing(
            rank,
            player,
            winner=rank == 1,
            tied=ranks.count(rank) > 1,
            tie_break=any(
                other.total == player.total and other_rank != rank for other_rank, other in ranking
            ),
        )
        for rank, player in ranking
    )


def headline(game: GameScore, places: tuple[Standing, ...] | None = None) -> str:
    """Who won, in a sentence, with the tie-break when it decided (``places``: the
    game's standings, when they are worked out already)."""
    return _headline(standings(game) if places is None else places)


def _headline(places: tuple[Standing, ...]) -> str:
    """``headline`` of a game's standings."""
    winners = [place.player for place in places if place.winner]
    first = winners[0]
    total = points(first.total)
    if len(winners) > 1:
        return _(
            "%(names)s share first place with %(points)s and %(long_words)s each.",
            names=join_names([player.name for player in winners]),
            points=total,
            long_words=long_words(first.long_words),
        )
    if len(places) == 1:
        return _("%(name)s scores %(points)s.", name=first.name, points=total)
    runner = places[1].player
    if runner.total == first.total:
        return _(
            "%(name)s wins on the tie-break: %(points)s each, and %(long_words)s "
            "to %(runner)s's %(runner_long_words)s.",
            name=first.name,
            points=total,
            long_words=long_words(first.long_words),
            runner=runner.name,
            runner_long_words=number(runner.long_words),
        )
    return _("%(name)s wins with %(points)s.", name=first.name, points=total)


def missed_text(game: GameScore) -> str:
    """What nobody found, in a sentence."""
    return _missed_sentence(len(game.missed), sum(found.score for found in game.missed))


def _missed_sentence(count: int, worth: int) -> str:
    """``missed_text`` of ``count`` words worth ``worth`` points in all."""
    if not count:
        return _("Between you, you found every word on the board.")
    return ngettext(
        "Nobody found %(num)s word worth %(points)s.",
        "Nobody found %(num)s words worth %(points)s.",
        count,
        points=points(worth),
    )


def game_document(game: GameScore) -> dict[str, Any]:
    """The game as ``POST /score`` sends it: the judged lists with each verdict worded
    and the number of words that scored, the flagged ranking, the headline, and what
    nobody found with its sentence."""
    document = game.as_dict()
    # Each verdict worded once a game: a game of four lists has dozens of words, and
    # five verdicts.
    texts = verdict_texts()
    for player in document["players"]:
        scored = 0
        for word in player["words"]:
            verdict = word["verdict"]
            word["verdict_text"] = texts[verdict]
            scored += verdict == SCORED
        player["scored_words"] = scored
    places = standings(game)
    document["ranking"] = [place.as_dict() for place in places]
    document["headline"] = headline(game, places)
    document["missed"]["text"] = missed_text(game)
    return document


def score_document(
    solution: Solution,
    dictionary: Dictionary,
    players: Sequence[tuple[str, Sequence[str]]],
    budget: float | None = None,
    write_words: Callable[[tuple[FoundWord, ...]], Any] | None = None,
) -> dict[str, Any]:
    """``game_document(score_game(...))``, the same document, written in one pass from
    the judged words (``judge_game``): each word's entry made once, as it is sent, with
    no verdict object made and then read. ``write_words``, if given, writes the missed
    words' list, as the web layer writes /solve's (``Solution.as_dict``'s ``words``);
    where it gives None, they are written as objects."""
    game = judge_game(solution, dictionary, players, budget)
    writers, judged = game.writers, game.judged
    texts = verdict_texts()
    duplicate_text = texts[DUPLICATE]
    documents = []
    scores = []
    for name, words in game.lists:
        entries = []
        total = long_words = scored = 0
        for word, written in words.items():
            verdict, worth, path = judged[word]
            # What the word is worth, counted or not: letters_score, without its calls.
            score = _WORTH[min(len(word), LONGEST_SCORED)] if _LETTERS.issuperset(word) else 0
            shared = writers[word]
            if len(shared) > 1:
                others = [other for other in shared if other != name]
                entries.append(
                    {
                        "word": word,
                        "written": written,
                        "verdict": DUPLICATE,
                        "points": 0,
                        "score": score,
                        "with": others,
                        "path": path or None,
                        "verdict_text": duplicate_text,
                    }
                )
                continue
            entries.append(
                {
                    "word": word,
                    "written": written,
                    "verdict": verdict,
                    "points": worth,
                    "score": score,
                    "path": path or None,
                    "verdict_text": texts[verdict],
                }
            )
            if verdict == SCORED:
                total += worth
                long_words += len(word) >= LONG_WORD
                scored += 1
        documents.append(
            {
                "name": name,
                "total_score": total,
                "long_words": long_words,
                "words": entries,
                "scored_words": scored,
            }
        )
        # The player's totals, for the ranking: their words are the document's above.
        scores.append(PlayerScore(name, (), total, long_words))
    places = _places(ranking(scores))
    missed = game.missed
    worth = sum(map(itemgetter(1), missed))
    written = None if write_words is None else write_words(missed)
    return {
        "players": documents,
        "ranking": [place.as_dict() for place in places],
        "winners": [place.player.name for place in places if place.winner],
        "missed": {
            "count": len(missed),
            "total_score": worth,
            "words": [{"word": w, "score": s, "path": p} for w, s, p in missed]
            if written is None
            else written,
            "text": _missed_sentence(len(missed), worth),
        },
        "headline": _headline(places),
    }
