"""Boards played apart and each player's one play of a board: start it on the server's
clock, judge its words as they come, finish it, and count it into the board's tallies.

A board (a day's, or a challenge's) is rolled once and kept with its faces and rules;
the words of its solution are stored with it, each with how many finished plays found
it, and beside them how many plays finished with each score (the histogram). A play
runs from ``started_at`` to ``ends_at`` on the server's clock, with the rooms' grace
after it for words on their way; a player has at most one play of a board (a unique
key), so starting again resumes it, and a reload never restarts the clock.

A play is finished once: when its player stops it, or at the first read after its
time and grace are over (or by the prune command, for a player who never came back).
Finishing stores its score and adds it to the board's tallies in the same transaction,
guarded by ``finished_at IS NULL``, so that two processes finishing one play count it
once. The tallies are only ever added to, never recounted from the plays: a board's
results are then a few indexed reads (the histogram, the player's words with their
finder counts, the best words nobody found, the top named plays) whether ten or a
million have played it, and pruning old plays leaves them as they are.

Words are judged as the rooms judge them (``score_game`` on the one word, against the
board's solution, solved once per process and board), so the verdict a word gets when
it is sent is the one the results show.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    Row,
    String,
    any_,
    bindparam,
    column,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from boggle import Board, Catalog, Dictionary, SearchBudgetExceeded, Solution, i18n, solve
from boggle.i18n import _, ngettext
from boggle.rules import Ruleset
from boggle.scoring import LONG_WORD, SCORED, WordVerdict, score_game
from boggle.solver import FoundWord
from boggle.words import normalize_word

from . import codes
from .apart_errors import NotFinished, NotPlaying, PlayOver, UnknownBoard
from .apart_models import (
    AnonymousPlayer,
    BoardScore,
    BoardWord,
    Challenge,
    ChallengeTaker,
    GameBoard,
    Play,
    PlayerKey,
    PlayWord,
)
from .db import Database, Snapshot
from .errors import SearchTooLong, TooManyWords, WordLimitReached
from .players import PLAYER_BY_KEY, Identity, Players
from .rooms import (
    ACCEPTED,
    RATE_WINDOW,
    REPEAT,
    SENT_VERDICT,
    BadWord,
    RoomLimits,
    SentWord,
)
from .solutions import SolutionCache

#: Boards whose solution a process keeps by word, for judging words quickly: those
#: being played at once (a day has twelve, and challenges come and go).
INDEXES_CACHED = 64
#: Boards a process keeps once read (they never change): a day has twelve.
BOARDS_CACHED = 1024
#: The best words nobody found that a board's results list (the rest are a count).
MISSED_SHOWN = 30
#: The named players a board's results rank: a day's top 20.
TOP_PLAYERS = 20
#: What kind of board: one of a day's, or one made for a challenge.
DAILY, CHALLENGE = "daily", "challenge"
#: The state of a play: in time (or its grace), or finished and counted.
PLAYING, FINISHED = "playing", "finished"

_BOARDS, _BOARD_WORDS, _SCORES = GameBoard.__table__, BoardWord.__table__, BoardScore.__table__
_PLAYS, _WORDS, _KEYS = Play.__table__, PlayWord.__table__, PlayerKey.__table__
_PLAYERS = AnonymousPlayer.__table__

# --- The statements of the busy paths (built once, as the rooms' are) --------------------

BOARD_BY_ID = select(_BOARDS).where(_BOARDS.c.id == bindparam("board"))
PLAY_OF = select(_PLAYS).where(
    _PLAYS.c.board_id == bindparam("board"), _PLAYS.c.player_id == bindparam("player")
)
PLAY_OF_LOCKED = PLAY_OF.with_for_update()
#: A play started now, its row returned.
NEW_PLAY = (
    insert(_PLAYS)
    .values(
        board_id=bindparam("board"),
        player_id=bindparam("player"),
        started_at=bindparam("now"),
        ends_at=bindparam("ends"),
        finished_at=None,
        score=0,
        found=0,
        long_words=0,
        best_word=None,
        named=False,
        sent=0,
        rate_window=0.0,
        rate_count=0,
    )
    .returning(*_PLAYS.c)
)
#: A player's play of a board, found from their key in one statement (a results page).
PLAY_OF_KEY = (
    select(_PLAYS)
    .select_from(_PLAYS.join(_KEYS, _KEYS.c.player_id == _PLAYS.c.player_id))
    .where(_KEYS.c.token_hash == bindparam("digest"), _PLAYS.c.board_id == bindparam("board"))
)
#: A word's play, found from the sender's key in one statement, locked: the play's row
#: holds the rate limit's count and the words kept, and it is finished under this lock,
#: so a word either comes first and is counted, or comes after and is refused.
PLAY_BY_KEY_LOCKED = (
    select(
        _PLAYS.c.id,
        _PLAYS.c.player_id,
        _PLAYS.c.ends_at,
        _PLAYS.c.finished_at,
        _PLAYS.c.sent,
        _PLAYS.c.rate_window,
        _PLAYS.c.rate_count,
    )
    .select_from(_PLAYS.join(_KEYS, _KEYS.c.player_id == _PLAYS.c.player_id))
    .where(_KEYS.c.token_hash == bindparam("digest"), _PLAYS.c.board_id == bindparam("board"))
    .with_for_update(of=_PLAYS)
)
COUNT_WORD = (
    update(_PLAYS)
    .where(_PLAYS.c.id == bindparam("play"))
    .values(
        rate_window=bindparam("window"),
        rate_count=bindparam("count"),
        sent=_PLAYS.c.sent + bindparam("added"),
    )
)
WORD_SENT = select(_WORDS.c.word, _WORDS.c.path, _WORDS.c.score).where(
    _WORDS.c.play_id == bindparam("play"), _WORDS.c.word == bindparam("word")
)
#: A word's row, stored unless the play has the word already (then nothing: a repeat).
_NEW_WORD = {
    "play_id": bindparam("play_id"),
    "word": bindparam("word"),
    "written": bindparam("written"),
    "verdict": bindparam("verdict"),
    "score": bindparam("score"),
    "path": bindparam("path"),
    "sent_at": bindparam("sent_at"),
}
#: SQLite: the word stored, its id returned if it was (none for a repeat), so that a new
#: word needs no look for a stored one first; COUNT_WORD then counts it.
ADD_WORD = (
    sqlite.insert(_WORDS)
    .values(_NEW_WORD)
    .on_conflict_do_nothing(index_elements=["play_id", "word"])
    .returning(_WORDS.c.id)
)
#: PostgreSQL: a word sent, in one statement, a transaction of its own (one round trip
#: to the server, where a BEGIN, the statements and a COMMIT were one each): the play
#: found from the sender's key and locked; the word stored if the play is open, under
#: its rate of words a second and under its limit of words (nothing if it has the word
#: already: a repeat); the play's rate counted, and its count of words kept, if the
#: word was stored or is a repeat. Returned: the play as it was (for ``count_word`` and
#: the checks, which then say why a word was refused, with the same values), whether
#: the word was added, and a repeat's stored path and score. The statement sees the
#: rows as they were before it: a new word's own row is not among them. The same
#: rules as the three statements on SQLite (``Plays.submit``; tests/test_daily_words.py).
#: Its commit does not wait for the write-ahead log to reach the disk
#: (``synchronous_commit`` off for this transaction alone, ``set_config``'s ``true``):
#: under a busy board the backends queued behind each other's flushes, and the workers
#: behind them (benchmarks/README.md, "Today's board under load"). A crash of the
#: database server, not of the app, may then lose the last fraction of a second of
#: accepted words, never a part of one (docs/deploy.md, "Scaling out").
SEND_WORD = text(
    """
WITH play AS (
    SELECT plays.id, plays.ends_at, plays.finished_at, plays.sent,
           plays.rate_window, plays.rate_count
    FROM plays JOIN player_keys ON player_keys.player_id = plays.player_id
    WHERE player_keys.token_hash = :digest AND plays.board_id = :board
    FOR UPDATE OF plays
), allowed AS (
    SELECT id, fresh, sent < :max_words AS room
    FROM (
        SELECT id, sent, rate_count,
               (:now - rate_window >= :span OR :now < rate_window) AS fresh
        FROM play
        WHERE finished_at IS NULL AND :now < ends_at + :grace
    ) AS open_play
    WHERE fresh OR rate_count < :per_second
), added AS (
    INSERT INTO play_words (play_id, word, written, verdict, score, path, sent_at)
    SELECT id, :word, :written, :verdict, :score, :path, :now FROM allowed WHERE room
    ON CONFLICT (play_id, word) DO NOTHING
    RETURNING id
), stored AS (
    SELECT play_words.path, play_words.score
    FROM play_words JOIN play ON play_words.play_id = play.id
    WHERE play_words.word = :word
), counted AS (
    UPDATE plays SET
        rate_window = CASE WHEN allowed.fresh THEN :now ELSE plays.rate_window END,
        rate_count = CASE WHEN allowed.fresh THEN 1 ELSE plays.rate_count + 1 END,
        sent = plays.sent + (SELECT count(*) FROM added)
    FROM allowed
    WHERE plays.id = allowed.id AND (allowed.room OR EXISTS (SELECT 1 FROM stored))
    RETURNING plays.id
), relaxed AS (
    SELECT set_config('synchronous_commit', 'off', true) AS commit_wait
)
SELECT play.ends_at, play.finished_at, play.sent, play.rate_window, play.rate_count,
       (SELECT count(*) FROM added) AS added, (SELECT count(*) FROM counted) AS counted,
       stored.path AS stored_path, stored.score AS stored_score, relaxed.commit_wait
FROM play LEFT JOIN stored ON TRUE CROSS JOIN relaxed
"""
).columns(
    column("ends_at"),
    column("finished_at"),
    column("sent"),
    column("rate_window"),
    column("rate_count"),
    column("added"),
    column("counted"),
    column("stored_path"),
    column("stored_score"),
    column("commit_wait"),
)
#: One more play of a board finished with this score.
COUNT_SCORE = {
    dialect: module.insert(_SCORES)
    .values(board_id=bindparam("board"), score=bindparam("score"), players=1)
    .on_conflict_do_update(
        index_elements=["board_id", "score"], set_={"players": _SCORES.c.players + 1}
    )
    for dialect, module in (("postgresql", postgresql), ("sqlite", sqlite))
}
#: PostgreSQL: the rows of a finished play's words, locked in the words' order. Two
#: plays finishing together then lock the words they share in the same order, and
#: never wait on each other; an UPDATE alone locks them in the order its plan visits
#: them, which is not always the words' (by the index, or by the table's pages), and
#: two such updates deadlocked under load (benchmarks/README.md, "Today's board").
_FINDERS_LOCKED = (
    select(_BOARD_WORDS.c.word)
    .where(
        _BOARD_WORDS.c.board_id == bindparam("board"),
        _BOARD_WORDS.c.word == any_(bindparam("words", type_=postgresql.ARRAY(String))),
    )
    .order_by(_BOARD_WORDS.c.word)
    .with_for_update()
)
#: One more finder for each of the words of a play finished: the words as a list
#: (PostgreSQL: an array) or a JSON array (SQLite), one parameter however many.
COUNT_FINDERS = {
    "postgresql": update(_BOARD_WORDS)
    .where(
        _BOARD_WORDS.c.board_id == bindparam("board"),
        _BOARD_WORDS.c.word.in_(_FINDERS_LOCKED),
    )
    .values(finders=_BOARD_WORDS.c.finders + 1),
    "sqlite": update(_BOARD_WORDS)
    .where(
        _BOARD_WORDS.c.board_id == bindparam("board"),
        _BOARD_WORDS.c.word.in_(
            select(column("value")).select_from(func.json_each(bindparam("words")))
        ),
    )
    .values(finders=_BOARD_WORDS.c.finders + 1),
}
#: A play's words that scored, and its player's name (or none), to finish it with.
ACCEPTED_WORDS = select(_WORDS.c.word, _WORDS.c.score).where(
    _WORDS.c.play_id == bindparam("play"), _WORDS.c.verdict == ACCEPTED
)
PLAYER_NAME = select(_PLAYERS.c.name).where(_PLAYERS.c.id == bindparam("player"))
#: A play finished, once: its id returned only by the call that finished it.
FINISH_PLAY = (
    update(_PLAYS)
    .where(_PLAYS.c.id == bindparam("play"), _PLAYS.c.finished_at.is_(None))
    .values(
        finished_at=bindparam("now"),
        ends_at=bindparam("ends"),
        score=bindparam("points"),
        found=bindparam("found_count"),
        long_words=bindparam("long_count"),
        best_word=bindparam("best"),
        named=bindparam("is_named"),
    )
    .returning(_PLAYS.c.id)
)
FINISHED_PLAYS = select(func.coalesce(func.sum(_SCORES.c.players), 0).label("players")).where(
    _SCORES.c.board_id == bindparam("board")
)
HISTOGRAM = (
    select(_SCORES.c.score, _SCORES.c.players)
    .where(_SCORES.c.board_id == bindparam("board"))
    .order_by(_SCORES.c.score.desc())
)
#: The player's words, each with how many finished plays found it (none if it is not
#: on the board).
WORDS_WITH_FINDERS = (
    select(
        _WORDS.c.word,
        _WORDS.c.written,
        _WORDS.c.verdict,
        _WORDS.c.score,
        _WORDS.c.path,
        _BOARD_WORDS.c.finders,
    )
    .select_from(
        _WORDS.outerjoin(
            _BOARD_WORDS,
            (_BOARD_WORDS.c.board_id == bindparam("board"))
            & (_BOARD_WORDS.c.word == _WORDS.c.word),
        )
    )
    .where(_WORDS.c.play_id == bindparam("play"))
    .order_by(_WORDS.c.id)
)
#: The best words nobody found, each row with how many there are in all and their
#: points (counted before the LIMIT, over every word nobody found): one read, not two.
UNFOUND = (
    select(
        _BOARD_WORDS.c.word,
        _BOARD_WORDS.c.score,
        func.count().over().label("total"),
        func.sum(_BOARD_WORDS.c.score).over().label("points"),
    )
    .where(_BOARD_WORDS.c.board_id == bindparam("board"), _BOARD_WORDS.c.finders == 0)
    .order_by(_BOARD_WORDS.c.score.desc(), _BOARD_WORDS.c.word)
    .limit(MISSED_SHOWN)
)
TOP_NAMED = (
    select(_PLAYS.c.player_id, _PLAYS.c.score, _PLAYERS.c.name)
    .select_from(_PLAYS.join(_PLAYERS, _PLAYERS.c.id == _PLAYS.c.player_id))
    .where(_PLAYS.c.board_id == bindparam("board"), _PLAYS.c.named.is_(True))
    .order_by(_PLAYS.c.score.desc())
    .limit(TOP_PLAYERS)
)


@dataclass(frozen=True)
class BoardSpec:
    """A board as stored: what it is, its faces, its rules, and what its solution holds."""

    id: int
    kind: str
    key: str | None
    day: str | None
    language: str
    dice: str | None
    rows: int
    cols: int
    min_length: int
    dictionary: str
    seconds: int
    faces: tuple[str, ...]
    word_count: int
    max_score: int

    @property
    def board(self) -> Board:
        """The board itself."""
        return Board(self.rows, self.cols, self.faces)

    def as_dict(self) -> dict[str, Any]:
        """What anyone may know of the board before playing it: its rules, not its faces."""
        return {
            "key": self.key,
            "kind": self.kind,
            "day": self.day,
            "language": self.language,
            "dice": self.dice,
            "rows": self.rows,
            "cols": self.cols,
            "min_length": self.min_length,
            "dictionary": self.dictionary,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class PlayView:
    """A player's play of a board as it stands: its clock and, once finished, its score."""

    board: BoardSpec
    started_at: float
    ends_at: float
    finished_at: float | None
    score: int
    grace: float

    @property
    def closes_at(self) -> float:
        """When words stop counting: the end and the grace after it."""
        return self.ends_at + self.grace

    @property
    def state(self) -> str:
        """``playing`` until it is finished and counted, then ``finished``."""
        return FINISHED if self.finished_at is not None else PLAYING

    def as_dict(self) -> dict[str, Any]:
        """The ``play`` object of the API: the board's faces are the player's from the
        moment they start."""
        document = {
            "state": self.state,
            "board": self.board.board.display_rows(),
            "started_at": round(self.started_at, 3),
            "ends_at": round(self.ends_at, 3),
            "closes_at": round(self.closes_at, 3),
            "finished_at": None if self.finished_at is None else round(self.finished_at, 3),
        }
        if self.finished_at is not None:
            document["score"] = self.score
        return document


@dataclass(frozen=True)
class Begun:
    """A play asked to start: the play, whether it started just now, and who plays it."""

    play: PlayView
    new: bool
    identity: Identity


@dataclass(frozen=True)
class Standing:
    """Where a score stands among a board's finished plays."""

    players: int
    rank: int  # 1 + the plays that scored more; equal scores share a rank
    percentile: int  # the share of the other plays this one beat, a tie counting half

    def as_dict(self) -> dict[str, Any]:
        """The standing's fields of a result."""
        return {"players": self.players, "rank": self.rank, "percentile": self.percentile}


def standing(histogram: Iterable[tuple[int, int]], score: int) -> Standing:
    """Where ``score`` stands in a board's histogram ((score, plays) pairs), the play
    itself among them. Alone on a board, a play is at the 100th percentile."""
    players = above = same = 0
    for scored, count in histogram:
        players += count
        if scored > score:
            above += count
        elif scored == score:
            same += count
    below = players - above - same
    if players <= 1:
        return Standing(max(players, 1), 1, 100)
    share = (below + (same - 1) / 2) / (players - 1)
    return Standing(players, above + 1, math.floor(100 * share + 0.5))


def best_word(words: Sequence[tuple[str, int]]) -> str | None:
    """The play's best word: the highest score, then the longest, then A to Z."""
    if not words:
        return None
    return min(words, key=lambda found: (-found[1], -len(found[0]), found[0]))[0]


class Plays:
    """Boards played apart, and their plays, in one database, judged with one catalog.

    ``clock`` gives the time in Unix seconds; ``limits`` are the rooms' (the grace, the
    words a second and a play); ``budget`` and ``ceiling`` bound each search.
    """

    def __init__(
        self,
        database: Database,
        catalog: Catalog,
        limits: RoomLimits | None = None,
        clock: Callable[[], float] = time.time,
        budget: float | None = None,
        ceiling: float | None = None,
    ) -> None:
        self.database = database
        self.catalog = catalog
        self.limits = limits or RoomLimits()
        self.clock = clock
        self.budget = budget
        self.ceiling = ceiling
        # Bounded by the words they hold, as the rooms' (games/solutions.py).
        self._solution = SolutionCache(self._solve)
        self._indexes = lru_cache(maxsize=INDEXES_CACHED)(self._make_index)
        self._boards: dict[int, BoardSpec] = {}
        self._boards_lock = threading.Lock()

    # --- Boards -----------------------------------------------------------------------

    def make_board(
        self,
        session: Session,
        *,
        kind: str,
        board: Board,
        language: str,
        dictionary: str,
        min_length: int,
        seconds: int,
        dice: str | None = None,
        key: str | None = None,
        day: str | None = None,
    ) -> BoardSpec:
        """Store a new board with its solution's words (none found yet)."""
        solution = self._solution(dictionary, board.rows, board.cols, board.faces, min_length)
        row = GameBoard(
            kind=kind,
            key=key,
            day=day,
            language=language,
            dice=dice,
            rows=board.rows,
            cols=board.cols,
            min_length=min_length,
            dictionary=dictionary,
            seconds=seconds,
            faces=json.dumps(board.faces),
            word_count=solution.count,
            max_score=solution.total_score,
            created_at=self.clock(),
        )
        session.add(row)
        session.flush()
        if solution.words:
            session.execute(
                insert(_BOARD_WORDS),
                [
                    {"board_id": row.id, "word": found.word, "score": found.score, "finders": 0}
                    for found in solution.words
                ],
            )
        return self.spec(session, row.id)

    def spec(self, session: Session | Snapshot, board_id: int) -> BoardSpec:
        """The board of an id (kept by the process once read: a board never changes)."""
        cached = self._boards.get(board_id)
        if cached is not None:
            return cached
        row = session.execute(BOARD_BY_ID, {"board": board_id}).first()
        if row is None:
            raise UnknownBoard(_("there is no board %(board)s", board=board_id))
        spec = _spec(row)
        with self._boards_lock:
            if len(self._boards) >= BOARDS_CACHED:
                self._boards.clear()
            self._boards[board_id] = spec
        return spec

    def board(self, board_id: int) -> BoardSpec:
        """The board of an id, read in a transaction of its own if it is not kept."""
        cached = self._boards.get(board_id)
        if cached is not None:
            return cached
        with self.database.reading() as session:
            return self.spec(session, board_id)

    def solved(self, spec: BoardSpec) -> tuple[Solution, Dictionary]:
        """The board's solution (solved once per process) and its dictionary."""
        solution = self._solution(
            spec.dictionary, spec.rows, spec.cols, spec.faces, spec.min_length
        )
        return solution, self.catalog.get(spec.dictionary)

    def _solve(
        self, dictionary: str, rows: int, cols: int, faces: tuple[str, ...], min_length: int
    ) -> Solution:
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

    # --- A play -----------------------------------------------------------------------

    def start(
        self, session: Session | Snapshot, board_id: int, player: int
    ) -> tuple[PlayView, bool]:
        """The player's play of the board, started now on the server's clock unless they
        have one already (in the caller's writing transaction); whether it is new."""
        spec = self.spec(session, board_id)
        found = session.execute(PLAY_OF_LOCKED, {"board": board_id, "player": player}).first()
        if found is not None:
            return self._view(spec, found), False
        now = self.clock()
        started = session.execute(
            NEW_PLAY,
            {"board": board_id, "player": player, "now": now, "ends": now + spec.seconds},
        ).first()
        return self._view(spec, started), True

    def begin(self, players: Players, board_id: int, token: str | None) -> Begun:
        """Start the key holder's play of the board (making them a player if they are
        not one yet), or find the one they have: a play is never started twice, so a
        reload resumes it. A play whose time is over is finished first."""
        dbapi = self.database.engine.dialect.loaded_dbapi
        for attempt in (1, 2):
            try:
                # Straight on the driver's connection, as a word is (games/db.py).
                with self.database.statements() as connection:
                    identity = players.ensure(connection, token)
                    view, new = self.start(connection, board_id, identity.player)
                    players.seen(connection, identity.player)
                break
            except (IntegrityError, dbapi.IntegrityError):
                # Two starts at once (PostgreSQL; SQLite writes one at a time): the
                # other stored the play first. Read it.
                if attempt == 2:
                    raise
        if view.finished_at is None and self.clock() >= view.closes_at:
            view = self.finish(board_id, identity.player, stop=False)
        return Begun(view, new, identity)

    def view(self, board_id: int, player: int | None) -> PlayView | None:
        """The player's play of the board, if they have one: finished first if its time
        and grace are over."""
        if player is None:
            return None
        for _attempt in range(2):
            # On the driver's connection (games/db.py): every page and board asks it.
            with self.database.snapshot() as session:
                spec = self.spec(session, board_id)
                found = session.execute(PLAY_OF, {"board": board_id, "player": player}).first()
                if found is None:
                    return None
                if (
                    found.finished_at is not None
                    or self.clock() < found.ends_at + self.limits.grace
                ):
                    return self._view(spec, found)
            self.finish(board_id, player, stop=False)
        raise AssertionError("a play over its time was finished, yet it is still open")

    def _view(self, spec: BoardSpec, row: Row) -> PlayView:
        return PlayView(
            spec, row.started_at, row.ends_at, row.finished_at, row.score, self.limits.grace
        )

    def submit(self, board_id: int, token: str | None, written: str) -> SentWord:
        """Judge a word sent in the key holder's play of the board, store it, and return
        its verdict (``repeat`` for a word the play has already)."""
        spec = self.board(board_id)
        judged = self._judge(spec, written)
        digest = codes.token_hash(token) if token else ""
        sent = SentWord(
            judged.word,
            SENT_VERDICT[judged.verdict],
            judged.path,
            judged.points if judged.verdict == SCORED else 0,
        )
        word = {
            "word": sent.word,
            "written": written,
            "verdict": sent.verdict,
            "score": sent.score,
            "path": None if sent.path is None else json.dumps(sent.path),
        }
        if self.database.backend == "postgresql":
            return self._submit_in_one(board_id, digest, sent, word)
        # Straight on the driver's connection (games/db.py, Database.statements): a
        # word is the busiest write there is. Three statements on SQLite (the play; the
        # word stored, or a repeat's copy read; the play's rate and count).
        with self.database.statements() as connection:
            play = connection.execute(
                PLAY_BY_KEY_LOCKED, {"digest": digest, "board": board_id}
            ).first()
            now = self.clock()
            window, count = self._check_word(play, now)
            # A play under its limit stores a new word at once (nothing if it has the
            # word: a repeat); at its limit, only a repeat is answered.
            added = False
            if play.sent < self.limits.max_words:
                new = word | {"play_id": play.id, "sent_at": now}
                added = connection.execute(ADD_WORD, new).first() is not None
            stored = None
            if not added:
                stored = connection.execute(WORD_SENT, {"play": play.id, "word": sent.word}).first()
                if stored is None:
                    raise WordLimitReached(word_limit_message(play.sent))
            connection.execute(
                COUNT_WORD,
                {"play": play.id, "window": window, "count": count, "added": int(added)},
            )
        if stored is not None:
            return SentWord(stored.word, REPEAT, _path(stored.path), stored.score)
        return sent

    def _submit_in_one(
        self, board_id: int, digest: str, sent: SentWord, word: dict[str, Any]
    ) -> SentWord:
        """A word sent on PostgreSQL: one statement (``SEND_WORD``), a transaction of its
        own, one round trip; its answer then read from the play as it was."""
        now = self.clock()
        row = self.database.statement(
            SEND_WORD,
            word
            | {
                "digest": digest,
                "board": board_id,
                "now": now,
                "grace": self.limits.grace,
                "span": RATE_WINDOW,
                "per_second": self.limits.words_per_second,
                "max_words": self.limits.max_words,
            },
        ).first()
        # The statement kept the word only where these checks pass: they say why not.
        self._check_word(row, now)
        if row.added:
            return sent
        if row.stored_score is None:
            raise WordLimitReached(word_limit_message(row.sent))
        return SentWord(sent.word, REPEAT, _path(row.stored_path), row.stored_score)

    def _check_word(self, play: Row | None, now: float) -> tuple[float, int]:
        """Whether a word may be sent now in this play (NotPlaying, PlayOver or
        TooManyWords if not); the play's rate window and count with it counted."""
        if play is None:
            raise NotPlaying(not_playing_message())
        if play.finished_at is not None or now >= play.ends_at + self.limits.grace:
            raise PlayOver(_("your time on this board is up; its results are ready"))
        return count_word(play.rate_window, play.rate_count, now, self.limits.words_per_second)

    def _judge(self, spec: BoardSpec, written: str) -> WordVerdict:
        """The rules' verdict on one word alone, as the rooms judge one (``judge``)."""
        solution, dictionary = self.solved(spec)
        found = self._index(spec).get(matched(written, dictionary.rules))
        if found is not None:
            # Most words sent are the board's: their verdict is the solution's entry.
            return WordVerdict(found.word, written, SCORED, found.score, path=found.path)
        return judge(solution, dictionary, written, self.budget)

    def _index(self, spec: BoardSpec) -> dict[str, FoundWord]:
        """The board's solution by word (made once per process and board)."""
        return self._indexes(spec.dictionary, spec.rows, spec.cols, spec.faces, spec.min_length)

    def _make_index(
        self, dictionary: str, rows: int, cols: int, faces: tuple[str, ...], min_length: int
    ) -> dict[str, FoundWord]:
        solution = self._solution(dictionary, rows, cols, faces, min_length)
        return {found.word: found for found in solution.words}

    def words(self, board_id: int, player: int | None) -> list[SentWord]:
        """The words the player sent on the board, in the order sent."""
        if player is None:
            return []
        with self.database.reading() as session:
            play = session.execute(PLAY_OF, {"board": board_id, "player": player}).first()
            if play is None:
                return []
            rows = session.execute(
                select(_WORDS.c.word, _WORDS.c.verdict, _WORDS.c.path, _WORDS.c.score)
                .where(_WORDS.c.play_id == play.id)
                .order_by(_WORDS.c.id)
            ).all()
        return [SentWord(w.word, w.verdict, _path(w.path), w.score) for w in rows]

    def record(
        self, session: Session, board_id: int, player: int, written: Sequence[str], seconds: int
    ) -> PlayView:
        """A play that was played elsewhere (a practice round, on the player's own clock),
        stored finished with its words judged as they would have been here."""
        spec = self.spec(session, board_id)
        now = self.clock()
        session.execute(
            NEW_PLAY, {"board": board_id, "player": player, "now": now - seconds, "ends": now}
        )
        play = session.execute(PLAY_OF, {"board": board_id, "player": player}).one()
        kept: dict[str, SentWord] = {}
        for word in written:
            judged = self._judge(spec, word)
            if judged.word in kept:
                continue
            kept[judged.word] = SentWord(
                judged.word,
                SENT_VERDICT[judged.verdict],
                judged.path,
                judged.points if judged.verdict == SCORED else 0,
            )
            session.execute(
                insert(_WORDS).values(
                    play_id=play.id,
                    word=judged.word,
                    written=word,
                    verdict=kept[judged.word].verdict,
                    score=kept[judged.word].score,
                    path=None if judged.path is None else json.dumps(judged.path),
                    sent_at=now,
                )
            )
        session.execute(update(_PLAYS).where(_PLAYS.c.id == play.id).values(sent=len(kept)))
        self._finalize(session, play, now)
        return self._view(
            spec, session.execute(PLAY_OF, {"board": board_id, "player": player}).one()
        )

    # --- Finishing --------------------------------------------------------------------

    def finish(self, board_id: int, player: int | None, stop: bool = True) -> PlayView:
        """Finish the player's play of the board and count it into the board's tallies:
        at once if ``stop`` (the player stops early), else only once its time and grace
        are over. Finishing a finished play changes nothing."""
        if player is None:
            raise NotPlaying(not_playing_message())
        # Straight on the driver's connection, as a word is (games/db.py).
        with self.database.statements() as connection:
            spec = self.spec(connection, board_id)
            play = connection.execute(PLAY_OF_LOCKED, {"board": board_id, "player": player}).first()
            if play is None:
                raise NotPlaying(not_playing_message())
            now = self.clock()
            if play.finished_at is None and (stop or now >= play.ends_at + self.limits.grace):
                self._finalize(connection, play, now)
                play = connection.execute(PLAY_OF, {"board": board_id, "player": player}).first()
            return self._view(spec, play)

    def _finalize(self, session: Session | Snapshot, play: Row, now: float) -> bool:
        """Store a play's score and add it to its board's tallies, once (the caller
        holds the play's row); whether this call was the one that did. On a Session or
        straight on the driver's connection: the same statements."""
        words = [
            (row.word, row.score)
            for row in session.execute(ACCEPTED_WORDS, {"play": play.id}).all()
        ]
        score = sum(points for _word, points in words)
        named = session.execute(PLAYER_NAME, {"player": play.player_id}).first()
        done = session.execute(
            FINISH_PLAY,
            {
                "play": play.id,
                "now": now,
                # Stopped early, the play ends now: no word counts after it.
                "ends": min(play.ends_at, now),
                "points": score,
                "found_count": len(words),
                "long_count": sum(1 for word, _points in words if len(word) >= LONG_WORD),
                "best": best_word(words),
                "is_named": named is not None and named[0] is not None,
            },
        ).first()
        if done is None:
            return False
        backend = self.database.backend
        session.execute(COUNT_SCORE[backend], {"board": play.board_id, "score": score})
        if words:
            # In one order in every transaction (SQLite: one writer at a time;
            # PostgreSQL: locked in order, _FINDERS_LOCKED).
            found = sorted(word for word, _points in words)
            session.execute(
                COUNT_FINDERS[backend],
                {
                    "board": play.board_id,
                    "words": found if backend != "sqlite" else json.dumps(found),
                },
            )
        return True

    def sweep(self, limit: int = 1000) -> int:
        """Finish the plays whose time and grace are over but were never finished (their
        players went away); how many."""
        closed_before = self.clock() - self.limits.grace
        with self.database.reading() as session:
            overdue = session.execute(
                select(_PLAYS.c.board_id, _PLAYS.c.player_id)
                .where(_PLAYS.c.finished_at.is_(None), _PLAYS.c.ends_at < closed_before)
                .limit(limit)
            ).all()
        for board_id, player in overdue:
            self.finish(board_id, player, stop=False)
        return len(overdue)

    # --- Results ----------------------------------------------------------------------

    def results(
        self, board_id: int, player: int | None = None, token: str | None = None
    ) -> dict[str, Any]:
        """The board's results for a player who has finished it (given by id, or by
        ``token``, their key): their score, rank and percentile among every finished
        play so far, their words with how many found each (the rarest first), the words
        nobody found, the board's most, and its top named players. Nothing of it
        before they finish (NotFinished)."""
        if token is not None and player is None:
            # The key's play read with the results, in their one transaction: a
            # finished player's page asks the database nothing else.
            read = self._finished(board_id, digest=codes.token_hash(token))
            if read is None:
                player = self._player_of(token)
        else:
            read = None if player is None else self._finished(board_id, player)
        if read is None:
            # Not finished, or not yet counted: ``view`` finishes a play whose time is
            # over, after which it is read again.
            view = self.view(board_id, player)
            if view is None:
                raise NotFinished(_("play this board first: its results show once you have"))
            if view.finished_at is None:
                wait = view.closes_at - self.clock()
                raise NotFinished(
                    _(
                        "you are still playing this board; its results show when you "
                        "finish, at the latest in %(seconds)s s",
                        seconds=i18n.number(max(1, math.ceil(wait))),
                    ),
                    retry_after=max(wait, 0.0),
                )
            read = self._finished(board_id, player)
            assert read is not None, "a finished play is no longer there"
        spec, play, histogram, sent, unfound, (unfound_count, unfound_points), top = read
        index = self._index(spec)
        place = standing(histogram, play.score)
        above = _above(histogram)
        return {
            "board": spec.as_dict() | {"board": spec.board.display_rows()},
            "count": spec.word_count,
            "total_score": spec.max_score,
            "players": place.players,
            "you": {
                "score": play.score,
                "found": play.found,
                "long_words": play.long_words,
                "best_word": play.best_word,
                "started_at": round(play.started_at, 3),
                "finished_at": round(play.finished_at, 3),
                **place.as_dict(),
                "words": _rarest_first(sent),
            },
            "histogram": [{"score": score, "players": count} for score, count in histogram],
            "top": [
                {
                    "rank": above.get(row.score, 0) + 1,
                    "name": row.name,
                    "score": row.score,
                    "you": row.player_id == play.player_id,
                }
                for row in sorted(top, key=lambda row: (-row.score, row.name.casefold()))
            ],
            "missed": {
                "count": unfound_count,
                "total_score": int(unfound_points),
                "words": [
                    {
                        "word": row.word,
                        "score": row.score,
                        "path": _cells(index[row.word].path if row.word in index else None),
                    }
                    for row in unfound
                ],
            },
        }

    def _player_of(self, token: str) -> int | None:
        """The player a key opens, or None (``Players.identify``)."""
        with self.database.snapshot() as session:
            found = session.execute(PLAYER_BY_KEY, {"digest": codes.token_hash(token)}).first()
        return None if found is None else found.player_id

    def _finished(
        self, board_id: int, player: int | None = None, digest: str | None = None
    ) -> tuple[Any, ...] | None:
        """A finished play's results as stored, in one transaction on the driver's
        connection (games/db.py): the board, the play, the histogram, the play's words
        with their finders, the best words nobody found and (in the same read) their
        count and points, the top named; None if the player (by id, or by their key's
        digest) has no finished play of the board."""
        with self.database.snapshot() as session:
            spec = self.spec(session, board_id)
            if digest is not None:
                play = session.execute(PLAY_OF_KEY, {"board": board_id, "digest": digest}).first()
            else:
                play = session.execute(PLAY_OF, {"board": board_id, "player": player}).first()
            if play is None or play.finished_at is None:
                return None
            unfound = session.execute(UNFOUND, {"board": board_id}).all()
            return (
                spec,
                play,
                [
                    (row.score, row.players)
                    for row in session.execute(HISTOGRAM, {"board": board_id})
                ],
                session.execute(WORDS_WITH_FINDERS, {"board": board_id, "play": play.id}).all(),
                unfound,
                (unfound[0].total, unfound[0].points) if unfound else (0, 0),
                session.execute(TOP_NAMED, {"board": board_id}).all(),
            )

    def players(self, board_id: int) -> int:
        """How many plays of the board have finished."""
        # On the driver's connection: a start's and a finish's answer say it.
        with self.database.snapshot() as session:
            return int(session.execute(FINISHED_PLAYS, {"board": board_id}).first()[0])

    def standings(
        self, session: Session, board_ids: Sequence[int]
    ) -> dict[int, list[tuple[int, int]]]:
        """The histograms of several boards, by board, in one read."""
        if not board_ids:
            return {}
        found: dict[int, list[tuple[int, int]]] = {board: [] for board in board_ids}
        for row in session.execute(
            select(_SCORES.c.board_id, _SCORES.c.score, _SCORES.c.players).where(
                _SCORES.c.board_id.in_(list(board_ids))
            )
        ):
            found[row.board_id].append((row.score, row.players))
        return found

    # --- Housekeeping -----------------------------------------------------------------

    def prune(self, words_before: float, plays_before: float) -> tuple[int, int]:
        """Delete the words of plays started before ``words_before`` and the plays started
        before ``plays_before`` (finishing any left open first, so that they are
        counted); the boards and their tallies stay. Return (plays whose words were
        deleted, plays deleted)."""
        self.sweep(limit=1_000_000)
        with self.database.writing() as session:
            old_words = select(_PLAYS.c.id).where(_PLAYS.c.started_at < words_before)
            emptied = session.scalar(
                select(func.count(func.distinct(_WORDS.c.play_id))).where(
                    _WORDS.c.play_id.in_(old_words)
                )
            )
            session.execute(delete(PlayWord).where(PlayWord.play_id.in_(old_words)))
            old = select(_PLAYS.c.id).where(_PLAYS.c.started_at < plays_before)
            challenges = select(Challenge.id).where(Challenge.play_id.in_(old))
            session.execute(
                delete(ChallengeTaker).where(ChallengeTaker.challenge_id.in_(challenges))
            )
            session.execute(delete(ChallengeTaker).where(ChallengeTaker.play_id.in_(old)))
            session.execute(delete(Challenge).where(Challenge.play_id.in_(old)))
            deleted = session.execute(delete(Play).where(Play.started_at < plays_before)).rowcount
            return int(emptied or 0), int(deleted or 0)


def judge(
    solution: Solution, dictionary: Dictionary, written: str, budget: float | None = None
) -> WordVerdict:
    """The rules' verdict on one written word alone: ``score_game`` with one player and
    one word, as the rooms judge a word sent (the plain reference ``Plays`` keeps beside
    its quick look-up of the solution's words; tests/test_daily_play.py holds them equal)."""
    try:
        game = score_game(solution, dictionary, [("you", [written])], budget)
    except SearchBudgetExceeded as error:
        raise SearchTooLong(str(error)) from None
    verdicts = game.players[0].words
    if not verdicts:
        raise BadWord(_("the word has no letters in it"))
    return verdicts[0]


def matched(written: str, rules: Ruleset) -> str:
    """A written word as ``score_game`` matches it: normalised, and folded as its
    language folds (in French, *élève* is ``eleve``)."""
    word = normalize_word(written)
    return rules.fold_word(word) if rules.folds_accents else word


def count_word(window: float, count: int, now: float, per_second: int) -> tuple[float, int]:
    """A word counted against its play's rate, as the rooms count one: the window (its
    start) and the count to store; TooManyWords past the rate."""
    if now - window >= RATE_WINDOW or now < window:
        return now, 1
    if count >= per_second:
        retry = window + RATE_WINDOW - now
        raise TooManyWords(
            ngettext(
                "at most %(num)s word a second; send the next in %(seconds)s s",
                "at most %(num)s words a second; send the next in %(seconds)s s",
                per_second,
                seconds=i18n.number(round(retry, 1)),
            ),
            retry_after=retry,
        )
    return window, count + 1


def word_limit_message(sent: int) -> str:
    """A new word past the play's limit of words kept."""
    return ngettext(
        "you have sent %(num)s word on this board, the most a play keeps",
        "you have sent %(num)s words on this board, the most a play keeps",
        sent,
    )


def not_playing_message() -> str:
    """A word or a stop for a board the player has not started."""
    return _("start this board first: send your words once its clock is running")


def already_played_message() -> str:
    """A second play of a board."""
    return _("you have played this board already; each board is played once")


def _spec(row: Row) -> BoardSpec:
    return BoardSpec(
        row.id,
        row.kind,
        row.key,
        row.day,
        row.language,
        row.dice,
        row.rows,
        row.cols,
        row.min_length,
        row.dictionary,
        row.seconds,
        tuple(json.loads(row.faces)),
        row.word_count,
        row.max_score,
    )


def _path(stored: str | None) -> tuple[tuple[int, int], ...] | None:
    """A path as stored (JSON), as a tuple of cells."""
    return None if stored is None else tuple(tuple(cell) for cell in json.loads(stored))


def _cells(path: Iterable[Iterable[int]] | None) -> list[list[int]] | None:
    return None if path is None else [list(cell) for cell in path]


def _above(histogram: Sequence[tuple[int, int]]) -> dict[int, int]:
    """For each score of a histogram, how many plays scored more."""
    above, more = {}, 0
    for score, count in sorted(histogram, reverse=True):
        above[score] = more
        more += count
    return above


def _rarest_first(sent: Sequence[Row]) -> list[dict[str, Any]]:
    """The player's words: those that scored, the fewest finders first (then the best),
    then the rest in the order sent."""
    scored = [row for row in sent if row.verdict == ACCEPTED]
    others = [row for row in sent if row.verdict != ACCEPTED]
    scored.sort(key=lambda row: (row.finders or 0, -row.score, row.word))
    return [
        {
            "word": row.word,
            "written": row.written,
            "verdict": row.verdict,
            "score": row.score,
            "finders": row.finders if row.verdict == ACCEPTED else None,
            "path": _cells(_path(row.path)),
        }
        for row in [*scored, *others]
    ]
