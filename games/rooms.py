"""The game in a room: create it, join it, play rounds, judge words, score by the rules.

Every function reads and writes the database and keeps nothing about a room in the
process, so a room is served alike by any worker of any server on the same database.
A round's board is rolled from the room's dice with a seed kept with the round; its
clock is the server's: the host's start schedules it a few seconds ahead (the
countdown, in which the room says when it starts but not its board), it plays from
``started_at`` to ``ends_at``, and words sent up to ``GRACE_SECONDS`` later still
count (the network's delay is the player's loss, not their words'). Then it is over,
and its results are the rules' (boggle's ``score_game``: words found by two or more
crossed off for all, the long-word tie-break), each player's points stored once so
that a room's totals are one query.

Who is at the table is kept too: each player's last poll (``seen_at``), so that a
host away for ``host_away`` seconds hands the room to the next player in seat order;
the host removes players and locks the room. A room's code is short enough to say,
so it can be guessed: codes that name no room are counted per client address, and
an address past the hourly limit is refused every room it holds no seat in.

Words are judged as the results will judge them: with the round's solution (solved
once per process and board, then cached: the cache is a pure function of what is
stored, not state) and ``score_game`` on the one word, so a word's path and verdict
when it is sent are the ones the results show.

Races between processes are settled by the database: each write is one transaction,
committed before the answer (nothing answered is lost); the rows a write depends on
are locked first (``FOR UPDATE`` on PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` locks
the whole file), and unique constraints catch what locks cannot (two processes
storing one round's scores).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    Row,
    Select,
    and_,
    bindparam,
    delete,
    exists,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from boggle import Board, Catalog, Dictionary, SearchBudgetExceeded, Solution, i18n, solve
from boggle.dice import dice_set, new_seed, random_board
from boggle.i18n import N_, _, ngettext
from boggle.scoring import (
    DUPLICATE,
    NOT_A_WORD,
    NOT_ON_BOARD,
    SCORED,
    TOO_SHORT,
    GameScore,
    WordVerdict,
    score_game,
)
from boggle.standings import game_document

from . import codes
from .db import Database, Snapshot
from .errors import (
    CannotRemoveHost,
    NameTaken,
    NotHost,
    RoomError,
    RoomFull,
    RoomLocked,
    RoundInProgress,
    RoundNotCurrent,
    RoundNotOver,
    RoundNotStarted,
    RoundOver,
    SearchTooLong,
    TooManyGuesses,
    TooManyRooms,
    TooManyWords,
    Unauthorized,
    UnknownPlayer,
    UnknownRoom,
    UnknownRound,
    WordLimitReached,
)
from .models import Creation, Miss, Player, Room, Round, Score, Word
from .names import name_key
from .solutions import SolutionCache

#: Seconds after a round's end during which words still count (sent before the end,
#: delayed on the way). Short, because the results wait for it: each phone stops taking
#: words at the end by its estimate of the server's clock, so only the trip is left.
GRACE_SECONDS = 0.5
#: Seconds from the host's start to the round's: every phone counts down, and one that
#: polls every 2 s learns of the start with at least 3 s still to count.
COUNTDOWN_SECONDS = 5.0
#: Seconds without a poll after which the host is away and the room passes to the
#: next player in seat order who is not.
HOST_AWAY_SECONDS = 30.0
#: A player's ``seen_at`` is written again once it is this share of ``host_away`` old
#: (5 s of 30), not at every poll: a write per player every few seconds instead of one
#: every 2 s. A host is thus judged away after between ``host_away`` and 7/6 of it.
SEEN_SHARE = 6
#: The window the per-client limit on codes that name no room is counted over, in seconds.
MISS_WINDOW = 3600.0
#: Short codes drawn for a new room before it takes a long one: each is taken only by a
#: live room (one past the idle limit gives its code up) with the odds of live rooms
#: among 28.6 million codes, so eight in a row would mean millions of rooms.
CODE_TRIES = 8
# A round is open while the time is before its close (end + grace), and over from then
# on: a word at the very instant of the close is refused, as the results may be read.
#: The window the per-player word rate is counted over, in seconds.
RATE_WINDOW = 1.0
#: The window the per-client room creation limit is counted over, in seconds.
CREATION_WINDOW = 3600.0

ACCEPTED = "accepted"
REPEAT = "repeat"
#: A word's verdict when it is sent, from the rules' verdict on it alone.
SENT_VERDICT = {
    SCORED: ACCEPTED,
    TOO_SHORT: TOO_SHORT,
    NOT_A_WORD: NOT_A_WORD,
    NOT_ON_BOARD: NOT_ON_BOARD,
}
SENT_VERDICTS = (ACCEPTED, REPEAT, TOO_SHORT, NOT_A_WORD, NOT_ON_BOARD)

WAITING, STARTING, PLAYING, FINISHED = "waiting", "starting", "playing", "finished"

# --- The statements of the busy paths ---------------------------------------------------
#
# Polling the room (every player, every 2 s) and sending words are nearly all of the
# traffic: their statements are built once, here, as Core statements with bound
# parameters, and a request only runs them, reading rows (which have the columns as
# attributes, as the ORM's objects do). Built per request through the ORM, the same
# query costs about four times the CPU (170 us against 40 on SQLite); a poll whose
# copy is current runs one (ROOM_VERSION), one that needs the document three (with
# ROOM_STATE and SEATED). Writes that happen once a room or round still use the ORM.

_ROOMS, _PLAYERS, _ROUNDS = Room.__table__, Player.__table__, Round.__table__
_WORDS, _SCORES = Word.__table__, Score.__table__

ROOM_BY_CODE = select(_ROOMS).where(_ROOMS.c.code == bindparam("code"))
ROOM_BY_CODE_LOCKED = ROOM_BY_CODE.with_for_update()
TOUCH_ROOM = (
    update(_ROOMS).where(_ROOMS.c.id == bindparam("room")).values(active_at=bindparam("now"))
)
#: A token's player in a room, a removed one too (``removed_at`` set): see ``_player_or_none``.
PLAYER_BY_TOKEN = select(_PLAYERS).where(
    _PLAYERS.c.room_id == bindparam("room"), _PLAYERS.c.token_hash == bindparam("digest")
)
SEEN = (
    update(_PLAYERS)
    .where(_PLAYERS.c.room_id == bindparam("room"), _PLAYERS.c.token_hash == bindparam("digest"))
    .values(seen_at=bindparam("now"))
)
PLAYER_RATE_LOCKED = (
    select(_PLAYERS.c.rate_window, _PLAYERS.c.rate_count)
    .where(_PLAYERS.c.id == bindparam("player"))
    .with_for_update()
)
SET_PLAYER_RATE = (
    update(_PLAYERS)
    .where(_PLAYERS.c.id == bindparam("player"))
    .values(
        rate_window=bindparam("window"), rate_count=bindparam("count"), seen_at=bindparam("now")
    )
)
#: The room's players with their points over the rounds whose scores are stored.
SEATED = (
    select(
        _PLAYERS.c.id,
        _PLAYERS.c.seat,
        _PLAYERS.c.name,
        _PLAYERS.c.host,
        _PLAYERS.c.token_hash,
        func.coalesce(func.sum(_SCORES.c.points), 0).label("total"),
    )
    .select_from(_PLAYERS.outerjoin(_SCORES, _SCORES.c.player_id == _PLAYERS.c.id))
    .where(_PLAYERS.c.room_id == bindparam("room"), _PLAYERS.c.removed_at.is_(None))
    .group_by(
        _PLAYERS.c.id, _PLAYERS.c.seat, _PLAYERS.c.name, _PLAYERS.c.host, _PLAYERS.c.token_hash
    )
    .order_by(_PLAYERS.c.seat)
)
LATEST_ROUND = (
    select(_ROUNDS)
    .where(_ROUNDS.c.room_id == bindparam("room"))
    .order_by(_ROUNDS.c.number.desc())
    .limit(1)
)
ROUND_BY_NUMBER = select(_ROUNDS).where(
    _ROUNDS.c.room_id == bindparam("room"), _ROUNDS.c.number == bindparam("number")
)
ROUND_BY_NUMBER_LOCKED = ROUND_BY_NUMBER.with_for_update()


def _of_room(*columns: Any) -> Any:
    """A scalar subquery of the players of the room in the outer statement."""
    return select(*columns).where(_PLAYERS.c.room_id == _ROOMS.c.id).scalar_subquery()


def _of_latest(column: Any) -> Any:
    """A column of the room's latest round, as a scalar subquery."""
    latest = select(column).where(_ROUNDS.c.room_id == _ROOMS.c.id)
    return latest.order_by(_ROUNDS.c.number.desc()).limit(1).scalar_subquery()


_SEATED_HOST = and_(_PLAYERS.c.host.is_(True), _PLAYERS.c.removed_at.is_(None))
_CALLER = and_(_PLAYERS.c.token_hash == bindparam("digest"), _PLAYERS.c.removed_at.is_(None))
#: What the room's document is made of and can change: its seats (taken and given up),
#: the host, the lock and the last hand-off, the rounds whose scores are stored (the
#: totals), and its latest round (number, start and end); and for the poll's own
#: bookkeeping, when the host and the caller were last seen (the caller's is None for a
#: caller with no seat). A poll whose copy is current is answered from this one
#: statement (``Rooms.visit``).
ROOM_VERSION = select(
    _ROOMS.c.id,
    _ROOMS.c.locked,
    _ROOMS.c.handoff_at,
    _of_room(func.count()).label("seats"),
    _of_room(func.count(_PLAYERS.c.removed_at)).label("removed"),
    _of_room(_PLAYERS.c.seat).where(_SEATED_HOST).label("host"),
    _of_room(_PLAYERS.c.seen_at).where(_SEATED_HOST).label("host_seen"),
    _of_room(_PLAYERS.c.seat).where(_CALLER).label("caller"),
    _of_room(_PLAYERS.c.seen_at).where(_CALLER).label("caller_seen"),
    select(func.count())
    .where(_ROUNDS.c.room_id == _ROOMS.c.id, _ROUNDS.c.scored.is_(True))
    .scalar_subquery()
    .label("scored"),
    _of_latest(_ROUNDS.c.number).label("latest"),
    _of_latest(_ROUNDS.c.started_at).label("started_at"),
    _of_latest(_ROUNDS.c.ends_at).label("ends_at"),
).where(_ROOMS.c.code == bindparam("code"))
#: Whether a room of this code exists and the token holds a seat in it (None: no room).
ADMISSION = select(_ROOMS.c.id, _of_room(_PLAYERS.c.seat).where(_CALLER).label("caller")).where(
    _ROOMS.c.code == bindparam("code")
)
#: Rounds over (closed before the time given) whose scores are not stored yet.
UNSCORED_ROUNDS = (
    select(_ROUNDS.c.number)
    .where(
        _ROUNDS.c.room_id == bindparam("room"),
        _ROUNDS.c.scored.is_(False),
        _ROUNDS.c.ends_at <= bindparam("closed_before"),
    )
    .order_by(_ROUNDS.c.number)
)
_LATEST = _ROUNDS.alias("latest")
_LATEST_NUMBER = (
    select(func.max(_ROUNDS.c.number))
    .where(_ROUNDS.c.room_id == _ROOMS.c.id)
    .correlate(_ROOMS)
    .scalar_subquery()
)
#: The room with its latest round's columns (None before the first round) and how many
#: rounds over (closed before the time given) wait for their scores: all the room's
#: document reads in one statement but its players (SEATED), where a room, its
#: unscored rounds and its latest round were three.
ROOM_STATE = (
    select(
        _ROOMS,
        _LATEST.c.number,
        _LATEST.c.faces,
        _LATEST.c.started_at,
        _LATEST.c.ends_at,
        select(func.count())
        .where(
            _ROUNDS.c.room_id == _ROOMS.c.id,
            _ROUNDS.c.scored.is_(False),
            _ROUNDS.c.ends_at <= bindparam("closed_before"),
        )
        .correlate(_ROOMS)
        .scalar_subquery()
        .label("unscored"),
    )
    .select_from(
        _ROOMS.outerjoin(
            _LATEST, and_(_LATEST.c.room_id == _ROOMS.c.id, _LATEST.c.number == _LATEST_NUMBER)
        )
    )
    .where(_ROOMS.c.code == bindparam("code"))
)
WORD_SENT = select(_WORDS.c.word, _WORDS.c.path, _WORDS.c.score).where(
    _WORDS.c.round_id == bindparam("round"),
    _WORDS.c.player_id == bindparam("player"),
    _WORDS.c.word == bindparam("word"),
)
WORDS_KEPT = select(func.count()).where(
    _WORDS.c.round_id == bindparam("round"), _WORDS.c.player_id == bindparam("player")
)
ADD_WORD = insert(_WORDS)


class BadWord(RoomError):  # noqa: N818 - reads as the situation it reports
    """A word with nothing in it to judge (spaces or punctuation only)."""

    code = "bad_word"


@dataclass(frozen=True)
class RoomSettings:
    """What every round of a room is played with."""

    dice: str
    rows: int
    cols: int
    min_length: int
    dictionary: str
    seconds: int

    def as_dict(self) -> dict[str, Any]:
        """The ``settings`` object of the room's documents."""
        return {
            "dice": self.dice,
            "rows": self.rows,
            "cols": self.cols,
            "min_length": self.min_length,
            "dictionary": self.dictionary,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class RoomLimits:
    """The limits on rooms, their players and their words (settings, see docs/deploy.md)."""

    max_players: int = 12
    rooms_per_hour: int = 20
    code_misses_per_hour: int = 20
    words_per_second: int = 5
    max_words: int = 1000
    idle_seconds: float = 24 * 3600.0
    grace: float = GRACE_SECONDS
    # The settings ask for 2 s at least; the game's own tests play without one.
    countdown: float = COUNTDOWN_SECONDS
    host_away: float = HOST_AWAY_SECONDS


@dataclass(frozen=True)
class Seat:
    """A player's seat in a room, with the token that holds it (known only to its
    player: the database keeps its hash)."""

    room: str
    id: int
    name: str
    host: bool
    token: str

    def player(self) -> dict[str, Any]:
        """The ``player`` object of the API."""
        return {"id": self.id, "name": self.name, "host": self.host}


@dataclass(frozen=True)
class SentWord:
    """A word as judged when its player sent it."""

    word: str
    verdict: str  # one of SENT_VERDICTS
    path: tuple[tuple[int, int], ...] | None
    score: int  # its points if it stands (0 unless accepted)

    def as_dict(self) -> dict[str, Any]:
        """The answer to a word sent, and an entry of the player's list of words."""
        return {
            "word": self.word,
            "verdict": self.verdict,
            "path": None if self.path is None else [list(cell) for cell in self.path],
            "score": self.score,
        }


class Rooms:
    """The rooms of one database, played with the words of one catalog.

    ``clock`` gives the time in Unix seconds (``time.time``; tests pass their own) and
    ``seeds`` a fresh seed for each round's board. ``budget`` and ``ceiling`` bound
    each search (solving a round's board, tracing its words), as for ``/solve``.
    """

    def __init__(
        self,
        database: Database,
        catalog: Catalog,
        limits: RoomLimits | None = None,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = new_seed,
        budget: float | None = None,
        ceiling: float | None = None,
    ) -> None:
        self.database = database
        self.catalog = catalog
        self.limits = limits or RoomLimits()
        self.clock = clock
        self.seeds = seeds
        self.budget = budget
        self.ceiling = ceiling
        # Bounded by the words kept, not the count (games/solutions.py).
        self._solution = SolutionCache(self._solve)

    # --- Rooms and seats ------------------------------------------------------------

    def create(self, settings: RoomSettings, name: str, client: str) -> Seat:
        """A new room with these settings and its host seated; ``client`` is the
        creator's address, for the hourly limit on rooms per client."""
        key = codes.client_key(client)
        with self.database.writing() as session:
            now = self.clock()
            recent = select(Creation.created_at).where(
                Creation.client == key, Creation.created_at > now - CREATION_WINDOW
            )
            times = session.scalars(recent.order_by(Creation.created_at)).all()
            if len(times) >= self.limits.rooms_per_hour:
                retry = times[len(times) - self.limits.rooms_per_hour] + CREATION_WINDOW - now
                raise TooManyRooms(
                    ngettext(
                        "this address has created %(num)s room in the last hour, the most "
                        "allowed; try again in %(wait)s",
                        "this address has created %(num)s rooms in the last hour, the most "
                        "allowed; try again in %(wait)s",
                        len(times),
                        wait=_minutes(retry),
                    ),
                    retry_after=retry,
                )
            session.add(Creation(client=key, created_at=now))
            code = self._free_code(session, now)
            room = Room(
                code=code, created_at=now, active_at=now, locked=False, **settings.as_dict()
            )
            session.add(room)
            session.flush()
            return self._seat(session, room, name, host=True, now=now)

    def _free_code(self, session: Session, now: float) -> str:
        """A code no live room holds: a short one, taken from a room past the idle limit
        if it comes to that (the room is deleted); a long one if short ones keep being
        taken."""
        for _try in range(CODE_TRIES):
            code = codes.new_code()
            holder = session.scalar(select(Room.id).where(Room.code == code))
            if holder is None:
                return code
            idle = session.scalar(self._idle_rooms(now).where(Room.id == holder))
            if idle is not None:
                _delete_rooms(session, [holder])
                return code
        code = codes.new_code(codes.LONG_CODE_LENGTH)
        while session.scalar(select(exists().where(Room.code == code))):
            code = codes.new_code(codes.LONG_CODE_LENGTH)  # 31^10 codes: all but never taken
        return code

    def join(self, code: str, name: str) -> Seat:
        """A new seat in the room for a player called ``name``."""
        with self.database.writing() as session:
            room = self._room(session, code, lock=True)
            if room.locked:
                raise RoomLocked(
                    _("room %(room)s is locked: the host lets nobody new in", room=room.code)
                )
            now = self.clock()
            count = session.scalar(
                select(func.count()).where(Player.room_id == room.id, Player.removed_at.is_(None))
            )
            if count >= self.limits.max_players:
                raise RoomFull(
                    ngettext(
                        "room %(room)s has %(num)s player, the most a room seats",
                        "room %(room)s has %(num)s players, the most a room seats",
                        count,
                        room=room.code,
                    )
                )
            session.execute(TOUCH_ROOM, {"room": room.id, "now": now})
            return self._seat(session, room, name, host=False, now=now)

    def _seat(self, session: Session, room: Row | Room, name: str, host: bool, now: float) -> Seat:
        """Seat a player in the room (locked by the caller): the next seat number."""
        key = name_key(name)
        taken = select(exists().where(Player.room_id == room.id, Player.name_key == key))
        if session.scalar(taken):
            raise NameTaken(_name_taken(room.code, name))
        last = session.scalar(select(func.max(Player.seat)).where(Player.room_id == room.id))
        token = codes.new_token()
        player = Player(
            room_id=room.id,
            seat=(last or 0) + 1,
            name=name,
            name_key=key,
            host=host,
            token_hash=codes.token_hash(token),
            joined_at=now,
            rate_window=0.0,
            rate_count=0,
            seen_at=now,
        )
        session.add(player)
        try:
            session.flush()
        except IntegrityError:
            # Only a name or seat taken between the check and here (a race the room's
            # lock rules out on PostgreSQL and SQLite's write lock everywhere).
            raise NameTaken(_name_taken(room.code, name)) from None
        return Seat(room.code, player.seat, player.name, player.host, token)

    def seat(self, code: str, token: str | None) -> Seat:
        """The seat a token holds in the room: Unauthorized if none."""
        with self.database.reading() as session:
            room = self._room(session, code)
            player = self._player(session, room, token)
            return Seat(room.code, player.seat, player.name, bool(player.host), token or "")

    def _room(self, session: Session | Snapshot, code: str, lock: bool = False) -> Row:
        """The room of a code (any case), locked for the transaction if asked."""
        read = codes.read_code(code) if isinstance(code, str) else None
        query = ROOM_BY_CODE_LOCKED if lock else ROOM_BY_CODE
        room = session.execute(query, {"code": read}).first() if read else None
        if room is None:
            raise UnknownRoom(unknown_room_message(code))
        return room

    def _player(self, session: Session, room: Row, token: str | None) -> Row:
        """The player whose token this is, in this room: Unauthorized otherwise."""
        player = self._player_or_none(session, room, token)
        if player is None:
            if not token:
                raise Unauthorized(
                    _(
                        "join room %(room)s first: send its player token "
                        "(Authorization: Bearer TOKEN, or the room's cookie)",
                        room=room.code,
                    )
                )
            raise Unauthorized(_("this token holds no seat in room %(room)s", room=room.code))
        return player

    def _player_or_none(self, session: Session, room: Row, token: str | None) -> Row | None:
        """The token's player in the room, unless the host removed them."""
        player = self._token_player(session, room, token)
        return None if player is None or player.removed_at is not None else player

    def _token_player(
        self, session: Session | Snapshot, room: Row, token: str | None
    ) -> Row | None:
        if not token:
            return None
        digest = codes.token_hash(token)
        return session.execute(PLAYER_BY_TOKEN, {"room": room.id, "digest": digest}).first()

    # --- Who may ask for a room by its code ---------------------------------------------

    def admit(self, code: str, token: str | None, client: str) -> None:
        """Let the caller ask for the room of this code, or refuse: TooManyGuesses for
        a client past the limit on codes that name no room, unless the token holds a
        seat in it; UnknownRoom (counted against the client) for a code of no room."""
        read = codes.read_code(code) if isinstance(code, str) else None
        if read is None:
            raise UnknownRoom(unknown_room_message(code))  # no code: no guess at one
        digest = codes.token_hash(token) if token else ""
        with self.database.reading() as session:
            row = session.execute(ADMISSION, {"code": read, "digest": digest}).first()
        if row is None or row.caller is None:
            self.stranger(code, client, known=row is not None)

    def stranger(self, code: str, client: str, known: bool) -> None:
        """A caller with no seat in the room of this code (``known``: there is one):
        TooManyGuesses past the limit, whether or not the room exists, so that the
        answer never tells a guesser which codes are rooms; else a code of no room is
        counted and refused (UnknownRoom), one of a room let through."""
        key = codes.client_key(client)
        limit = self.limits.code_misses_per_hour
        recent = (
            select(Miss.missed_at)
            .where(Miss.client == key, Miss.missed_at > bindparam("since"))
            .order_by(Miss.missed_at)
        )
        with self.database.reading() if known else self.database.writing() as session:
            now = self.clock()
            times = session.scalars(recent, {"since": now - MISS_WINDOW}).all()
            if len(times) >= limit:
                retry = times[len(times) - limit] + MISS_WINDOW - now
                raise TooManyGuesses(
                    ngettext(
                        "this address has asked for %(num)s room code that names no room "
                        "in the last hour, the most allowed; try again in %(wait)s",
                        "this address has asked for %(num)s room codes that name no room "
                        "in the last hour, the most allowed; try again in %(wait)s",
                        len(times),
                        wait=_minutes(retry),
                    ),
                    retry_after=retry,
                )
            if not known:
                session.add(Miss(client=key, missed_at=now))
        if not known:
            raise UnknownRoom(unknown_room_message(code))

    # --- The host's controls ----------------------------------------------------------

    def _host(self, session: Session, code: str, token: str | None, doing: str) -> tuple[Row, Row]:
        """The room (locked) and the caller, who must be its host: NotHost otherwise."""
        room = self._room(session, code, lock=True)
        player = self._player(session, room, token)
        if not player.host:
            raise NotHost(_(doing, room=room.code))
        return room, player

    def lock(self, code: str, token: str | None, locked: bool) -> None:
        """Lock the room against new players, or open it again (the host only)."""
        with self.database.writing() as session:
            room, _host = self._host(
                session, code, token, N_("only the host of room %(room)s locks it")
            )
            session.execute(update(_ROOMS).where(_ROOMS.c.id == room.id).values(locked=locked))

    def remove(self, code: str, token: str | None, seat: int) -> None:
        """Remove a player from the room (the host only): their token seats them no
        more, their name is free, and a round they leave before it closes is played
        without them. The rounds they played keep their words and points."""
        with self.database.writing() as session:
            room, host = self._host(
                session, code, token, N_("only the host of room %(room)s removes players")
            )
            if seat == host.seat:
                raise CannotRemoveHost(
                    _("you host room %(room)s: the host cannot be removed", room=room.code)
                )
            found = session.execute(
                select(_PLAYERS.c.id).where(
                    _PLAYERS.c.room_id == room.id,
                    _PLAYERS.c.seat == seat,
                    _PLAYERS.c.removed_at.is_(None),
                )
            ).first()
            if found is None:
                raise UnknownPlayer(
                    _("room %(room)s has no player %(seat)s", room=room.code, seat=seat)
                )
            now = self.clock()
            session.execute(
                update(_PLAYERS)
                .where(_PLAYERS.c.id == found.id)
                .values(removed_at=now, name_key=None)
            )
            session.execute(TOUCH_ROOM, {"room": room.id, "now": now})

    def _hand_off(self, code: str) -> None:
        """Pass the host's seat to the next player in seat order (after the host's,
        round the table) who is not away, if the host is away. The check is made
        again under the room's lock: of two polls that saw the host away, only the
        first hands the room on."""
        with self.database.writing() as session:
            room = self._room(session, code, lock=True)
            now = self.clock()
            players = session.execute(
                select(_PLAYERS.c.id, _PLAYERS.c.seat, _PLAYERS.c.host, _PLAYERS.c.seen_at)
                .where(_PLAYERS.c.room_id == room.id, _PLAYERS.c.removed_at.is_(None))
                .order_by(_PLAYERS.c.seat)
            ).all()
            host = next((p for p in players if p.host), None)
            if host is None or now - host.seen_at < self.limits.host_away:
                return
            here = [p for p in players if now - p.seen_at < self.limits.host_away]
            if not here:
                return
            heir = next((p for p in here if p.seat > host.seat), here[0])
            session.execute(update(_PLAYERS).where(_PLAYERS.c.id == host.id).values(host=False))
            session.execute(update(_PLAYERS).where(_PLAYERS.c.id == heir.id).values(host=True))
            session.execute(
                update(_ROOMS)
                .where(_ROOMS.c.id == room.id)
                .values(handoff_from=host.seat, handoff_at=now)
            )

    # --- Rounds -----------------------------------------------------------------------

    def start_round(self, code: str, token: str | None) -> int:
        """Start the room's next round (the host only) after the countdown; return its
        number."""
        with self.database.writing() as session:
            room, _host = self._host(
                session, code, token, N_("only the host of room %(room)s starts a round")
            )
            now = self.clock()
            last = self._latest_round(session, room)
            if last is not None and now < last.ends_at + self.limits.grace:
                counting = now < last.started_at
                raise RoundInProgress(
                    _round_starting(room.code, last.number, last.started_at - now)
                    if counting
                    else _round_in_progress(last.number, last.ends_at - now, self.limits.grace),
                    retry_after=last.ends_at + self.limits.grace - now,
                )
            board, seed = random_board(dice_set(room.dice), self.seeds(), room.rows, room.cols)
            number = 1 if last is None else last.number + 1
            starts = now + self.limits.countdown
            session.add(
                Round(
                    room_id=room.id,
                    number=number,
                    seed=seed,
                    faces=json.dumps(board.faces),
                    started_at=starts,
                    ends_at=starts + room.seconds,
                    scored=False,
                )
            )
            session.execute(TOUCH_ROOM, {"room": room.id, "now": now})
            # A hand-off is news until the next round: then the room is the new host's.
            session.execute(
                update(_ROOMS)
                .where(_ROOMS.c.id == room.id)
                .values(handoff_from=None, handoff_at=None)
            )
            try:
                session.flush()
            except IntegrityError:
                raise RoundInProgress(
                    _("round %(number)s has just been started", number=number)
                ) from None
            return number

    def _latest_round(self, session: Session | Snapshot, room: Row) -> Row | None:
        return session.execute(LATEST_ROUND, {"room": room.id}).first()

    def _round(self, session: Session, room: Row, number: int, lock: bool = False) -> Row:
        query = ROUND_BY_NUMBER_LOCKED if lock else ROUND_BY_NUMBER
        found = session.execute(query, {"room": room.id, "number": number}).first()
        if found is None:
            raise UnknownRound(unknown_round_message(room.code, number))
        return found

    def _solve(
        self, dictionary: str, rows: int, cols: int, faces: tuple[str, ...], min_length: int
    ) -> Solution:
        """Every word on a round's board (cached per process by ``_solution``)."""
        try:
            return solve(
                Board(rows, cols, faces),
                self.catalog.get(dictionary),
                min_length,
                self.budget,
                self.ceiling,
            )
        except SearchBudgetExceeded as error:
            raise SearchTooLong(str(error)) from None

    def _solved(self, room: Row, played: Row) -> tuple[Solution, Dictionary]:
        faces = tuple(json.loads(played.faces))
        solution = self._solution(room.dictionary, room.rows, room.cols, faces, room.min_length)
        return solution, self.catalog.get(room.dictionary)

    # --- Words ------------------------------------------------------------------------

    def submit(self, code: str, token: str | None, number: int, written: str) -> SentWord:
        """Judge a word a player sent in round ``number``, store it, and return its
        verdict (``repeat`` for a word the player sent before in this round)."""
        with self.database.reading() as session:
            room = self._room(session, code)
            player = self._player(session, room, token)
            played = self._round(session, room, number)
            self._check_open(session, room, played)
        judged = self._judge(room, played, written)
        with self.database.writing() as session:
            # The round's row is locked before the clock is read: the scores are stored
            # under the same lock after the round closes, so a word either comes first
            # and is in them, or comes after and is refused.
            played = self._round(session, room, number, lock=True)
            now = self.clock()
            if now >= played.ends_at + self.limits.grace:
                raise RoundOver(_round_over(room.code, number))
            ids = {"round": played.id, "player": player.id}
            rate = session.execute(PLAYER_RATE_LOCKED, ids).one()
            window, count = self._count_word(rate.rate_window, rate.rate_count, now)
            session.execute(SET_PLAYER_RATE, {**ids, "window": window, "count": count, "now": now})
            stored = session.execute(WORD_SENT, {**ids, "word": judged.word}).first()
            if stored is not None:
                return SentWord(stored.word, REPEAT, _path(stored.path), stored.score)
            kept = session.execute(WORDS_KEPT, ids).scalar_one()
            if kept >= self.limits.max_words:
                raise WordLimitReached(
                    ngettext(
                        "you have sent %(num)s word this round, the most a round keeps",
                        "you have sent %(num)s words this round, the most a round keeps",
                        kept,
                    )
                )
            sent = SentWord(
                judged.word,
                SENT_VERDICT[judged.verdict],
                judged.path,
                judged.points if judged.verdict == SCORED else 0,
            )
            session.execute(
                ADD_WORD,
                {
                    "round_id": played.id,
                    "player_id": player.id,
                    "word": sent.word,
                    "written": written,
                    "verdict": sent.verdict,
                    "score": sent.score,
                    "path": None if sent.path is None else json.dumps(sent.path),
                    "sent_at": now,
                },
            )
            session.execute(TOUCH_ROOM, {"room": room.id, "now": now})
            return sent

    def _check_open(self, session: Session, room: Row, played: Row) -> None:
        """RoundNotCurrent for an earlier round, RoundNotStarted for one still counting
        down, RoundOver for one past its grace."""
        latest = self._latest_round(session, room)
        if latest is not None and latest.number != played.number:
            raise RoundNotCurrent(
                _(
                    "round %(number)s is over; room %(room)s is on round %(latest)s",
                    number=played.number,
                    room=room.code,
                    latest=latest.number,
                )
            )
        now = self.clock()
        if now < played.started_at:
            wait = played.started_at - now
            raise RoundNotStarted(_round_starting(room.code, played.number, wait), retry_after=wait)
        if now >= played.ends_at + self.limits.grace:
            raise RoundOver(_round_over(room.code, played.number))

    def _judge(self, room: Row, played: Row, written: str) -> WordVerdict:
        """The rules' verdict on one word alone (no duplicates among one player's list)."""
        solution, dictionary = self._solved(room, played)
        try:
            game = score_game(solution, dictionary, [("you", [written])], self.budget)
        except SearchBudgetExceeded as error:
            raise SearchTooLong(str(error)) from None
        verdicts = game.players[0].words
        if not verdicts:
            raise BadWord(_("the word has no letters in it"))
        return verdicts[0]

    def _count_word(self, window: float, count: int, now: float) -> tuple[float, int]:
        """A word counted against the player's rate: the window (its start) and the
        count to store; TooManyWords past the rate."""
        if now - window >= RATE_WINDOW or now < window:
            return now, 1
        if count >= self.limits.words_per_second:
            retry = window + RATE_WINDOW - now
            raise TooManyWords(
                ngettext(
                    "at most %(num)s word a second; send the next in %(seconds)s s",
                    "at most %(num)s words a second; send the next in %(seconds)s s",
                    self.limits.words_per_second,
                    seconds=i18n.number(round(retry, 1)),
                ),
                retry_after=retry,
            )
        return window, count + 1

    def words(self, code: str, token: str | None, number: int) -> list[SentWord]:
        """The words the caller sent in round ``number``, in the order sent."""
        with self.database.reading() as session:
            room = self._room(session, code)
            player = self._player(session, room, token)
            played = self._round(session, room, number)
            rows = session.scalars(
                select(Word)
                .where(Word.round_id == played.id, Word.player_id == player.id)
                .order_by(Word.id)
            ).all()
            return [SentWord(w.word, w.verdict, _path(w.path), w.score) for w in rows]

    # --- The room, and the results ----------------------------------------------------

    def visit(self, code: str, token: str | None, client: str) -> str:
        """A poll of the room: a short text that changes whenever the room's document
        does for this caller (a seat taken or given up, the host, the lock, a round
        scheduled, started or closed, its scores stored), from one statement, so that
        a poll whose copy is current needs no more.

        On the way, it keeps the caller's ``seen_at`` (written once it is a sixth of
        ``host_away`` old), hands the room on if the host is away, and admits the caller as
        ``admit`` does (a caller with no seat counts against the limit on guesses).
        The text is read before the document is, so a change between the two can
        only make the caller's copy look older than it is (one more full answer),
        never newer.
        """
        values = self._version_values(code, token)
        with self.database.snapshot() as session:
            row = session.execute(ROOM_VERSION, values).first()
        return self._visited(code, values, row, client)

    def poll(
        self,
        code: str,
        token: str | None,
        client: Callable[[], str],
        wanted: Callable[[str], bool],
    ) -> tuple[str, dict[str, Any] | None]:
        """``visit``, and ``state`` if ``wanted`` says the caller needs the document at
        that version. When the visit writes nothing (the caller seated, their
        ``seen_at`` fresh, no host to hand on), as for nearly every poll: the version
        read alone, in no transaction beyond the statement (``Database.read``), which
        is all a caller whose copy is current needs, and the document in one more,
        unless a round waits to be scored; else as the two do on their own. The
        version is read before the document, as ``visit`` says: a change between the
        two can only make the caller's copy look older than it is, never newer.
        ``client`` gives the caller's address, asked for only by a visit that writes."""
        values = self._version_values(code, token)
        row = self.database.read(ROOM_VERSION, values).first()
        now = self.clock()
        if row is not None and row.caller is not None and not self._visit_writes(row, now):
            version = self._version(row, values["digest"], now)
            if not wanted(version):
                return version, None
            with self.database.kept_snapshot() as session:
                room = self._room_state(session, code, now)
                if not room.unscored:
                    return version, self._document(session, room, token, now)
        version = self._visited(code, values, row, client())
        return version, self.state(code, token) if wanted(version) else None

    def _version_values(self, code: str, token: str | None) -> dict[str, str]:
        """The parameters of ROOM_VERSION for a code and a token; UnknownRoom if the
        code cannot be one."""
        read = codes.read_code(code) if isinstance(code, str) else None
        if read is None:
            raise UnknownRoom(unknown_room_message(code))
        return {"code": read, "digest": codes.token_hash(token) if token else ""}

    def _visit_writes(self, row: Any, now: float) -> bool:
        """Whether a seated caller's visit writes: their ``seen_at`` to keep, or the room
        to hand on from a host who is away."""
        away = row.host_seen is not None and now - row.host_seen >= self.limits.host_away
        return (away and row.caller != row.host) or (
            now - row.caller_seen >= self.limits.host_away / SEEN_SHARE
        )

    def _version(self, row: Any, digest: str, now: float) -> str:
        """The poll's text of a room's ROOM_VERSION row, for the caller of ``digest``."""
        state = WAITING if row.latest is None else self._state(now, row.started_at, row.ends_at)
        room = f"{row.id}.{row.seats}.{row.removed}.{row.host}.{int(row.locked)}.{row.handoff_at}"
        return f"{room}.{row.scored}.{row.latest or 0}.{state}.{digest}"

    def _visited(self, code: str, values: dict[str, str], row: Any, client: str) -> str:
        """``visit``'s work once the room's ROOM_VERSION row (or None) is read."""
        if row is None or row.caller is None:
            self.stranger(code, client, known=row is not None)
        assert row is not None  # a stranger to no room was refused above
        now = self.clock()
        if row.caller is not None:
            away = row.host_seen is not None and now - row.host_seen >= self.limits.host_away
            handing = away and row.caller != row.host
            if handing:
                self._hand_off(values["code"])
            if now - row.caller_seen >= self.limits.host_away / SEEN_SHARE:
                with self.database.writing() as session:
                    session.execute(SEEN, {"room": row.id, "digest": values["digest"], "now": now})
            if handing:
                with self.database.reading() as session:
                    row = session.execute(ROOM_VERSION, values).one()
        return self._version(row, values["digest"], now)

    def _state(self, now: float, started_at: float, ends_at: float) -> str:
        """A round's state at ``now``: counting down, being played (to its close), over."""
        if now < started_at:
            return STARTING
        return PLAYING if now < ends_at + self.limits.grace else FINISHED

    def state(self, code: str, token: str | None) -> dict[str, Any]:
        """The room's document (without ``url`` and ``now``, which the web adds): its
        settings, players with their totals over finished rounds, the caller's seat
        (None for a token that holds none) and the round. Nothing in it shows a
        round's words."""
        for _attempt in range(2):
            with self.database.snapshot() as session:
                now = self.clock()
                room = self._room_state(session, code, now)
                if not room.unscored:
                    return self._document(session, room, token, now)
                unscored = session.execute(
                    UNSCORED_ROUNDS, {"room": room.id, "closed_before": now - self.limits.grace}
                ).scalars()
            for number in unscored:
                self._store_scores(room.code, number)
        raise AssertionError("scores were stored, yet a round is still unscored")

    def _room_state(self, session: Snapshot, code: str, now: float) -> Row:
        """The room's ROOM_STATE row at ``now`` (any case of its code); UnknownRoom if
        there is none."""
        read = codes.read_code(code) if isinstance(code, str) else None
        values = {"code": read, "closed_before": now - self.limits.grace}
        found = session.execute(ROOM_STATE, values).first() if read else None
        if found is None:
            raise UnknownRoom(unknown_room_message(code))
        return found

    def _document(
        self, session: Session | Snapshot, room: Row, token: str | None, now: float
    ) -> dict[str, Any]:
        """The room's document from its ROOM_STATE row, with its players read now."""
        seated = session.execute(SEATED, {"room": room.id}).all()
        digest = codes.token_hash(token) if token else None
        you = next((p.seat for p in seated if p.token_hash == digest), None)
        removed = you is None and self._token_player(session, room, token) is not None
        # The row holds the latest round's columns, as LATEST_ROUND's row would.
        latest = None if room.number is None else room
        host = next((p.seat for p in seated if p.host), None)
        return {
            "room": room.code,
            "settings": _settings(room).as_dict(),
            # A player's points are total_score, as everywhere in the API; "total", the
            # same number, stays for one release for the clients that read it.
            "players": [
                {
                    "id": p.seat,
                    "name": p.name,
                    "host": bool(p.host),
                    "total_score": int(p.total),
                    "total": int(p.total),
                }
                for p in seated
            ],
            "you": you,
            "removed": removed,
            "locked": bool(room.locked),
            "handoff": None
            if room.handoff_at is None
            else {"from": room.handoff_from, "to": host, "at": round(room.handoff_at, 3)},
            "round": self._round_document(room, latest, now),
        }

    def _round_document(self, room: Row, played: Row | None, now: float) -> dict[str, Any]:
        if played is None:
            return {
                "number": 0,
                "state": WAITING,
                "board": None,
                "started_at": None,
                "ends_at": None,
                "closes_at": None,
            }
        closes = played.ends_at + self.limits.grace
        state = self._state(now, played.started_at, played.ends_at)
        return {
            "number": played.number,
            "state": state,
            # Nobody sees the board before the round starts: not even its letters.
            "board": None
            if state == STARTING
            else _display_rows(room.rows, room.cols, played.faces),
            "started_at": round(played.started_at, 3),
            "ends_at": round(played.ends_at, 3),
            "closes_at": round(closes, 3),
        }

    def results(self, code: str, token: str | None, number: int) -> dict[str, Any]:
        """The results of a round that is over, as ``POST /score`` documents a game,
        with each player's seat, each word's ``shared`` flag and the board."""
        with self.database.reading() as session:
            room = self._room(session, code)
            self._player(session, room, token)
            played = self._round(session, room, number)
            wait = played.ends_at + self.limits.grace - self.clock()
            if wait > 0:
                raise RoundNotOver(
                    _(
                        "round %(number)s of room %(room)s is still being played; its "
                        "results come %(seconds)s s from now",
                        number=number,
                        room=room.code,
                        seconds=i18n.number(round(wait, 1)),
                    ),
                    retry_after=wait,
                )
            game, solution, seats = self._game(session, room, played)
            scored = played.scored
        if not scored:
            self._store_scores(room.code, number)
        return self._results_document(room, played, game, solution, seats)

    def _game(
        self, session: Session, room: Row, played: Row
    ) -> tuple[GameScore, Solution, dict[str, int]]:
        """The round scored by the rules: its players (those seated before it closed
        and not removed before), their words, the solution; and each player's seat by
        name."""
        closes = played.ends_at + self.limits.grace
        players = session.scalars(
            select(Player)
            .where(
                Player.room_id == room.id,
                Player.joined_at <= closes,
                # Removed before the round closed: out of it, words and all.
                or_(Player.removed_at.is_(None), Player.removed_at >= closes),
            )
            .order_by(Player.seat)
        ).all()
        written: dict[int, list[str]] = {player.id: [] for player in players}
        for player_id, word in session.execute(
            select(Word.player_id, Word.written).where(Word.round_id == played.id).order_by(Word.id)
        ):
            if player_id in written:
                written[player_id].append(word)
        solution, dictionary = self._solved(room, played)
        try:
            game = score_game(
                solution,
                dictionary,
                [(player.name, written[player.id]) for player in players],
                self.budget,
            )
        except SearchBudgetExceeded as error:
            raise SearchTooLong(str(error)) from None
        return game, solution, {player.name: player.seat for player in players}

    def _store_scores(self, code: str, number: int) -> None:
        """Store each player's points in a round that is over, once: whichever process
        comes first stores them; the unique constraint turns a second away."""
        try:
            with self.database.writing() as session:
                room = self._room(session, code)
                played = self._round(session, room, number, lock=True)
                if played.scored:
                    return
                game, _solution, seats = self._game(session, room, played)
                ids = dict(
                    session.execute(
                        select(Player.seat, Player.id).where(Player.room_id == room.id)
                    ).all()
                )
                for player in game.players:
                    session.add(
                        Score(
                            round_id=played.id,
                            player_id=ids[seats[player.name]],
                            points=player.total,
                            long_words=player.long_words,
                        )
                    )
                session.execute(
                    update(_ROUNDS).where(_ROUNDS.c.id == played.id).values(scored=True)
                )
        except IntegrityError:
            pass  # another process stored the same scores first

    def _results_document(
        self, room: Row, played: Row, game: GameScore, solution: Solution, seats: dict[str, int]
    ) -> dict[str, Any]:
        document = game_document(game)
        for player in document["players"]:
            player["id"] = seats[player["name"]]
            for word in player["words"]:
                word["shared"] = word["verdict"] == DUPLICATE
        for place in document["ranking"]:
            place["id"] = seats[place["name"]]
        return {
            "room": room.code,
            "round": played.number,
            "started_at": round(played.started_at, 3),
            "ends_at": round(played.ends_at, 3),
            "board": solution.board.display_rows(),
            "rows": solution.board.rows,
            "cols": solution.board.cols,
            "dictionary": room.dictionary,
            "min_length": solution.min_length,
            "count": solution.count,
            "total_score": solution.total_score,
            **document,
        }

    # --- Housekeeping -----------------------------------------------------------------

    def prune(self) -> int:
        """Delete the rooms idle for longer than the limit (no join, round started, word,
        round's close or player seen), which frees their codes, and the records of rooms
        created and codes missed over an hour ago; return the rooms deleted."""
        with self.database.writing() as session:
            now = self.clock()
            ids = session.scalars(self._idle_rooms(now)).all()
            if ids:
                _delete_rooms(session, ids)
            session.execute(delete(Creation).where(Creation.created_at <= now - CREATION_WINDOW))
            session.execute(delete(Miss).where(Miss.missed_at <= now - MISS_WINDOW))
            return len(ids)

    def _idle_rooms(self, now: float) -> Select[tuple[int]]:
        """The rooms idle for longer than the limit at ``now``."""
        cutoff = now - self.limits.idle_seconds
        # A round's close counts as activity too: a long round with no words, or its
        # results being read, is not idleness; nor is a player still polling the room.
        recent = exists().where(
            Round.room_id == Room.id, Round.ends_at + self.limits.grace > cutoff
        )
        seen = exists().where(Player.room_id == Room.id, Player.seen_at > cutoff)
        return select(Room.id).where(Room.active_at < cutoff, ~recent, ~seen)


def _delete_rooms(session: Session, ids: list[int]) -> None:
    """Delete rooms and everything in them."""
    # Children first: the schema cascades, but a database's foreign keys may be off
    # (SQLite's are off unless a connection turns them on).
    rounds = select(Round.id).where(Round.room_id.in_(ids))
    session.execute(delete(Word).where(Word.round_id.in_(rounds)))
    session.execute(delete(Score).where(Score.round_id.in_(rounds)))
    session.execute(delete(Round).where(Round.room_id.in_(ids)))
    session.execute(delete(Player).where(Player.room_id.in_(ids)))
    session.execute(delete(Room).where(Room.id.in_(ids)))


@lru_cache(maxsize=1024)
def _shown_rows(rows: int, cols: int, faces: str) -> tuple[tuple[str, ...], ...]:
    return tuple(map(tuple, Board(rows, cols, tuple(json.loads(faces))).display_rows()))


def _display_rows(rows: int, cols: int, faces: str) -> list[list[str]]:
    """A round's board as its document shows it, from its faces as stored (JSON): read
    and written out once per board a process sees, where every poll of the round did
    both (a pure function of the stored text: nothing of the game is kept)."""
    return [list(row) for row in _shown_rows(rows, cols, faces)]


def _settings(room: Row) -> RoomSettings:
    return RoomSettings(
        room.dice, room.rows, room.cols, room.min_length, room.dictionary, room.seconds
    )


def _path(stored: str | None) -> tuple[tuple[int, int], ...] | None:
    """A path as stored (JSON), as a tuple of cells."""
    return None if stored is None else tuple(tuple(cell) for cell in json.loads(stored))


def _minutes(seconds: float) -> str:
    """A wait, in whole minutes (at least one)."""
    return ngettext("%(num)s minute", "%(num)s minutes", max(1, round(seconds / 60)))


# The messages several places word alike. Each is worded when the error is made, in the
# language in force (the request's), never at import: see boggle/i18n.py.


def unknown_room_message(code: object) -> str:
    """No room has this code (cut short: it comes from an address, any length)."""
    return _("there is no room %(code)s; check the code or link", code=repr(str(code)[:20]))


def unknown_round_message(code: str, number: int | str) -> str:
    """The room has no round of this number."""
    return _("room %(room)s has no round %(number)s", room=code, number=number)


def _name_taken(code: str, name: str) -> str:
    return _("someone in room %(room)s is called %(name)s already", room=code, name=repr(name))


def _round_in_progress(number: int, left: float, grace: float) -> str:
    """Why the next round cannot start yet, in seconds from now: a person reads the
    message, and a Unix time means nothing to them (the API's fields give the times)."""
    if left > 0:
        return _(
            "round %(number)s is still being played; it ends in %(seconds)s s",
            number=number,
            seconds=i18n.number(math.ceil(left)),
        )
    return _(
        "round %(number)s has just ended; start the next in %(seconds)s s, once its last "
        "words are in",
        number=number,
        seconds=i18n.number(max(1, math.ceil(left + grace))),
    )


def _round_starting(code: str, number: int, left: float) -> str:
    """A round still counting down, and how long before it starts."""
    return _(
        "round %(number)s of room %(room)s starts in %(seconds)s s",
        number=number,
        room=code,
        seconds=i18n.number(round(left, 1)),
    )


def _round_over(code: str, number: int) -> str:
    return _("round %(number)s of room %(room)s is over", number=number, room=code)
