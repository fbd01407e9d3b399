"""Challenges: a link to a board and the challenger's play of it, for friends to play
the same board on the same clock and compare.

A challenge is made after a practice round (the board is stored as a challenge's
board, and the round's words are judged here and kept as the challenger's play) or
after a day's board (the challenge points at that board and the challenger's play of
it, already on the server). Whoever opens the link plays the board as a play of their
own, on the same clock and shortest word; a player has one play of a board however
they come to it, so a friend who has played that day's board already answers with
that play, and one who takes the challenge first has played the day's board too.

Once a taker has finished, the two lists are judged side by side as ``POST /score``
judges a game (words both found crossed off, the long-word tie-break), and the
challenge's page ranks everyone who took it by their own play's points.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, exists, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from boggle import Board, SearchBudgetExceeded
from boggle.i18n import _, ngettext
from boggle.scoring import score_game
from boggle.standings import game_document

from . import codes
from .apart_errors import AlreadyPlayed, NotFinished, TooManyChallenges, UnknownChallenge
from .apart_models import AnonymousPlayer, Challenge, ChallengeTaker, Play, PlayWord
from .errors import SearchTooLong
from .players import Identity, Players
from .plays import CHALLENGE, Begun, BoardSpec, Plays, not_playing_message

#: The window the hourly limit on challenges made is counted over, in seconds.
CHALLENGE_WINDOW = 3600.0
#: Challenges' boards a process keeps by code once read.
CODES_CACHED = 4096
#: The takers a challenge's page ranks (the first to take it).
TAKERS_SHOWN = 200

_TAKERS = ChallengeTaker.__table__
ADD_TAKER = {
    dialect: module.insert(_TAKERS).on_conflict_do_nothing(
        index_elements=["challenge_id", "play_id"]
    )
    for dialect, module in (("postgresql", postgresql), ("sqlite", sqlite))
}
CHALLENGE_BY_CODE = (
    select(Challenge.id, Challenge.code, Challenge.board_id, Challenge.play_id, Play.player_id)
    .join(Play, Play.id == Challenge.play_id)
    .where(Challenge.code == bindparam("code"))
)


@dataclass(frozen=True)
class Made:
    """A challenge made: its code, and who made it (with their new key, if new)."""

    code: str
    identity: Identity
    new: bool = True  # False: the player's play had a challenge already, given again


@dataclass(frozen=True)
class Entry:
    """One play of a challenge: its number (the challenger's is 1, then takers in the
    order they came), its player's name (if they gave one) and, once finished, score."""

    number: int
    play: int
    player: int
    name: str | None
    score: int
    long_words: int
    finished: bool
    closes_at: float  # when its time and grace are over

    def label(self) -> str:
        """How the entry is named on the page: its player's name, else its number."""
        return self.name if self.name else _("Player %(number)s", number=self.number)


class Challenges:
    """The challenges of one database."""

    def __init__(
        self,
        plays: Plays,
        players: Players,
        per_hour: int = 30,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.plays = plays
        self.players = players
        self.per_hour = per_hour
        self.clock = clock
        self._boards: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def database(self) -> Any:
        """The database the challenges are kept in."""
        return self.plays.database

    # --- Making one -------------------------------------------------------------------

    def from_practice(
        self,
        token: str | None,
        client: str,
        *,
        board: Board,
        language: str,
        dictionary: str,
        min_length: int,
        seconds: int,
        words: Sequence[str],
    ) -> Made:
        """A challenge on a practice round's board, clock and shortest word, with the
        round's words judged and kept as the challenger's play."""
        with self.database.writing() as session:
            self._check_rate(session, client)
            identity = self.players.ensure(session, token)
            spec = self.plays.make_board(
                session,
                kind=CHALLENGE,
                board=board,
                language=language,
                dictionary=dictionary,
                min_length=min_length,
                seconds=seconds,
            )
            self.plays.record(session, spec.id, identity.player, words, seconds)
            play = session.scalar(
                select(Play.id).where(Play.board_id == spec.id, Play.player_id == identity.player)
            )
            code = self._add(session, spec.id, play, client)
            self.players.seen(session, identity.player)
            return Made(code, identity)

    def from_play(self, token: str | None, client: str, board_id: int) -> Made:
        """A challenge on a board the key holder has finished (a day's board), with their
        play as the challenger's; the same one again if they made one already."""
        with self.database.writing() as session:
            player = self.players.require(session, token)
            play = session.execute(
                select(Play.id, Play.finished_at).where(
                    Play.board_id == board_id, Play.player_id == player
                )
            ).first()
            if play is None:
                raise NotFinished(not_playing_message())
            if play.finished_at is None:
                raise NotFinished(_("finish this board first: then challenge a friend to beat you"))
            made = session.scalar(select(Challenge.code).where(Challenge.play_id == play.id))
            if made is not None:
                return Made(made, Identity(player), new=False)
            self._check_rate(session, client)
            return Made(self._add(session, board_id, play.id, client), Identity(player))

    def _add(self, session: Session, board_id: int, play: int, client: str) -> str:
        # A challenge's link is sent, never typed: its code is a long one (31^10, about
        # 49 bits), so that nobody finds a challenge by guessing.
        code = codes.new_code(codes.LONG_CODE_LENGTH)
        while session.scalar(select(exists().where(Challenge.code == code))):
            code = codes.new_code(codes.LONG_CODE_LENGTH)
        session.add(
            Challenge(
                code=code,
                board_id=board_id,
                play_id=play,
                client=codes.client_key(client),
                created_at=self.clock(),
            )
        )
        session.flush()
        return code

    def _check_rate(self, session: Session, client: str) -> None:
        """TooManyChallenges past the hourly limit on challenges made from one address."""
        now = self.clock()
        times = session.scalars(
            select(Challenge.created_at)
            .where(
                Challenge.client == codes.client_key(client),
                Challenge.created_at > now - CHALLENGE_WINDOW,
            )
            .order_by(Challenge.created_at)
        ).all()
        if len(times) >= self.per_hour:
            retry = times[len(times) - self.per_hour] + CHALLENGE_WINDOW - now
            raise TooManyChallenges(
                ngettext(
                    "this address has made %(num)s challenge in the last hour, the most "
                    "allowed; try again in %(minutes)s minutes",
                    "this address has made %(num)s challenges in the last hour, the most "
                    "allowed; try again in %(minutes)s minutes",
                    len(times),
                    minutes=max(1, round(retry / 60)),
                ),
                retry_after=retry,
            )

    # --- Taking one -------------------------------------------------------------------

    def find(self, session: Session, code: str) -> Any:
        """The challenge of a code (any case): its board, the challenger's play and player."""
        read = read_challenge_code(code)
        found = session.execute(CHALLENGE_BY_CODE, {"code": read}).first()
        if found is None:
            raise UnknownChallenge(unknown_challenge_message(code))
        return found

    def board(self, code: str) -> BoardSpec:
        """The challenge's board (its id kept by the process once read: a challenge's
        board never changes; one deleted since answers its takers' words still, and its
        page no more)."""
        read = read_challenge_code(code)
        board_id = self._boards.get(read)
        if board_id is not None:
            return self.plays.board(board_id)
        with self.database.reading() as session:
            found = self.find(session, code)
            with self._lock:
                if len(self._boards) >= CODES_CACHED:
                    self._boards.clear()
                self._boards[found.code] = found.board_id
            return self.plays.spec(session, found.board_id)

    def take(self, code: str, token: str | None) -> Begun:
        """Start the key holder's play of the challenge's board (or find theirs: one who
        has played the board already answers with that play); their play is the
        challenge's next. The challenger cannot take their own."""
        read_challenge_code(code)
        with self.database.reading() as session:
            challenge = self.find(session, code)
            mine = self.players.find(session, token)
        if mine is not None and mine == challenge.player_id:
            raise AlreadyPlayed(_("this is your own challenge: send its link to a friend"))
        begun = self.plays.begin(self.players, challenge.board_id, token)
        with self.database.writing() as session:
            play = session.scalar(
                select(Play.id).where(
                    Play.board_id == challenge.board_id,
                    Play.player_id == begun.identity.player,
                )
            )
            session.execute(
                ADD_TAKER[self.database.backend],
                {"challenge_id": challenge.id, "play_id": play, "taken_at": self.clock()},
            )
        return begun

    # --- Reading one ------------------------------------------------------------------

    def document(self, code: str, player: int | None, versus: int | None = None) -> dict[str, Any]:
        """The challenge as the caller may see it: the board's rules, the challenger's
        name and score, how many took it; the caller's play if they have one; and once
        they have finished (the challenger always has), every entry ranked and two lists
        judged side by side: theirs and the challenger's, or for the challenger, the
        taker numbered ``versus`` (the best so far unless given)."""
        read_challenge_code(code)
        with self.database.reading() as session:
            challenge = self.find(session, code)
            spec = self.plays.spec(session, challenge.board_id)
            entries = self._entries(session, challenge)
        # Plays whose time is over are counted now, the caller's among them: a taker who
        # went away before the end is ranked all the same.
        over = [e for e in entries if not e.finished and self.clock() >= e.closes_at]
        for entry in over:
            self.plays.finish(challenge.board_id, entry.player, stop=False)
        if over:
            with self.database.reading() as session:
                entries = self._entries(session, challenge)
        view = self.plays.view(challenge.board_id, player) if player is not None else None
        if view is not None and view.finished_at is not None:
            mine = next((e for e in entries if e.player == player), None)
            if mine is not None and not mine.finished:  # finished just now: read it again
                with self.database.reading() as session:
                    entries = self._entries(session, challenge)
        challenger = entries[0]
        yours = next((entry for entry in entries if entry.player == player), None)
        document: dict[str, Any] = {
            "challenge": challenge.code,
            "board": spec.as_dict(),
            "challenger": {
                "number": challenger.number,
                "name": challenger.name,
                "score": challenger.score,
            },
            "takers": len(entries) - 1,
            "you": None if yours is None else yours.number,
            "play": None if view is None else view.as_dict(),
            "ranking": None,
            "versus": None,
        }
        if view is None or view.finished_at is None:
            return document
        document["ranking"] = ranking(entries, player)
        if yours is None or yours.number != 1:
            other = yours
        else:
            finished = [entry for entry in entries[1:] if entry.finished]
            chosen = [entry for entry in finished if entry.number == versus]
            best = sorted(finished, key=lambda entry: (-entry.score, -entry.long_words))
            other = (chosen or best or [None])[0]
        if other is not None and other.number != 1:
            document["versus"] = self._versus(spec, challenger, other)
        return document

    def _entries(self, session: Session, challenge: Any) -> list[Entry]:
        """The challenger's play, then each taker's in the order they came."""
        columns = (
            Play.id,
            Play.player_id,
            AnonymousPlayer.name,
            Play.score,
            Play.long_words,
            Play.finished_at,
            Play.ends_at,
        )
        first = session.execute(
            select(*columns)
            .join(AnonymousPlayer, AnonymousPlayer.id == Play.player_id)
            .where(Play.id == challenge.play_id)
        ).one()
        takers = session.execute(
            select(*columns)
            .select_from(ChallengeTaker)
            .join(Play, Play.id == ChallengeTaker.play_id)
            .join(AnonymousPlayer, AnonymousPlayer.id == Play.player_id)
            .where(ChallengeTaker.challenge_id == challenge.id)
            .order_by(ChallengeTaker.id)
            .limit(TAKERS_SHOWN)
        ).all()
        return [
            Entry(
                number,
                row.id,
                row.player_id,
                row.name,
                row.score,
                row.long_words,
                row.finished_at is not None,
                row.ends_at + self.plays.limits.grace,
            )
            for number, row in enumerate([first, *takers], 1)
        ]

    def _versus(self, spec: BoardSpec, first: Entry, second: Entry) -> dict[str, Any]:
        """Two entries' words judged side by side, as ``POST /score`` judges a game."""
        with self.database.reading() as session:
            written = {
                entry.play: session.scalars(
                    select(PlayWord.written)
                    .where(PlayWord.play_id == entry.play)
                    .order_by(PlayWord.id)
                ).all()
                for entry in (first, second)
            }
        labels = _labels([first, second])
        solution, dictionary = self.plays.solved(spec)
        try:
            game = score_game(
                solution,
                dictionary,
                [(labels[entry.number], written[entry.play]) for entry in (first, second)],
                self.plays.budget,
            )
        except SearchBudgetExceeded as error:
            raise SearchTooLong(str(error)) from None
        document = game_document(game)
        numbers = {labels[entry.number]: entry.number for entry in (first, second)}
        for judged in document["players"]:
            judged["number"] = numbers[judged["name"]]
            for word in judged["words"]:
                word["shared"] = word["verdict"] == "duplicate"
        for place in document["ranking"]:
            place["number"] = numbers[place["name"]]
        return {
            "board": solution.board.display_rows(),
            "count": solution.count,
            "total_score": solution.total_score,
            **document,
        }


def ranking(entries: Sequence[Entry], player: int | None) -> list[dict[str, Any]]:
    """Every finished entry by points, then long words (equal on both share a rank), then
    those still playing."""
    finished = sorted(
        (entry for entry in entries if entry.finished),
        key=lambda entry: (-entry.score, -entry.long_words, entry.number),
    )
    rows: list[dict[str, Any]] = []
    for position, entry in enumerate(finished, 1):
        previous = rows[-1] if rows else None
        tied = previous is not None and (previous["score"], previous["long_words"]) == (
            entry.score,
            entry.long_words,
        )
        rows.append(_row(entry, previous["rank"] if tied else position, player))
    rows += [_row(entry, None, player) for entry in entries if not entry.finished]
    return rows


def _row(entry: Entry, rank: int | None, player: int | None) -> dict[str, Any]:
    return {
        "rank": rank,
        "number": entry.number,
        "name": entry.name,
        "score": entry.score if entry.finished else None,
        "long_words": entry.long_words,
        "finished": entry.finished,
        "challenger": entry.number == 1,
        "you": entry.player == player,
    }


def _labels(entries: Sequence[Entry]) -> dict[int, str]:
    """Each entry's label, told apart: a name two players share gets its number too."""
    labels = {entry.number: entry.label() for entry in entries}
    counts: dict[str, int] = {}
    for label in labels.values():
        counts[label.casefold()] = counts.get(label.casefold(), 0) + 1
    return {
        number: label if counts[label.casefold()] == 1 else f"{label} ({number})"
        for number, label in labels.items()
    }


def read_challenge_code(code: object) -> str:
    """A challenge's code as typed (any case); UnknownChallenge, before any database is
    asked, if it cannot be one."""
    read = codes.read_code(code) if isinstance(code, str) else None
    if read is None:
        raise UnknownChallenge(unknown_challenge_message(code))
    return read


def unknown_challenge_message(code: object) -> str:
    """No challenge has this code (cut short: it comes from an address, any length)."""
    return _(
        "there is no challenge %(code)s; check the link, or it may have been deleted",
        code=repr(str(code)[:20]),
    )
