"""Each day's boards: the same for every player, one per language and size, and each
player's days in a row and past results.

A day is a UTC date. Its boards are a 4x4 with the language's own dice (English's
classic set) and a 5x5 with its big dice, played for 3 and 4 minutes. Each is rolled
from a seed that is an HMAC of the date, language and size under the server's secret
(the DAILY_SECRET setting): the same on every server that shares the secret, and
unknowable to anyone without it, so nobody can work out tomorrow's board. A day's board
is stored the first time anyone asks for it that day (with its solution's words, for
its tallies), and can be started only on its day; a play started before midnight runs
its full time.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from boggle import Board
from boggle.dice import ALL_DICE_SETS, DICE_SETS, SEED_LIMIT, DiceSet, random_board
from boggle.i18n import _
from boggle.languages import LANGUAGES
from boggle.rules import RULES, Ruleset

from .apart_errors import AlreadyPlayed, NotToday, UnknownBoard
from .apart_models import GameBoard, Play
from .players import Players
from .plays import DAILY, Begun, BoardSpec, Plays, already_played_message, standing

#: The sizes of a day's boards, by name, and each one's round in seconds.
SIZES = {"4x4": 4, "5x5": 5}
DAILY_SECONDS = {4: 3 * 60, 5: 4 * 60}
#: English's dice for a day's boards: the classic set, and the big one.
ENGLISH_DICE = {4: "classic", 5: "big"}
#: The secret a development server rolls its days' boards with when none is set (a
#: production server refuses to start without one of its own: app.py).
DEVELOPMENT_SECRET = "development only: anyone can work out these boards"
#: Past days' results a player's history lists, and how far back days in a row are counted.
HISTORY_SHOWN = 60
DAYS_COUNTED = 1000

#: Days' boards a process keeps the ids of (twelve a day).
KEYS_CACHED = 1024

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def languages() -> dict[str, Ruleset]:
    """The languages with a day's boards, by code: English and the other five."""
    return {RULES.code: RULES, **LANGUAGES}


def daily_dice(rules: Ruleset, side: int) -> DiceSet:
    """The dice a language's day's board of this side is rolled with."""
    if rules is RULES:
        return DICE_SETS[ENGLISH_DICE[side]]
    return ALL_DICE_SETS[rules.default_set_for_size[(side, side)]]


def daily_seed(secret: str, day: str, language: str, size: str) -> int:
    """The seed of a day's board: an HMAC-SHA-256 of what the board is, under the secret."""
    message = f"boggle daily board|{day}|{language}|{size}".encode()
    digest = hmac.new(secret.encode("utf-8"), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def daily_board(secret: str, day: str, language: str, size: str) -> Board:
    """A day's board of a language and size, rolled from its seed."""
    side = SIZES[size]
    board, _seed = random_board(
        daily_dice(languages()[language], side), daily_seed(secret, day, language, size)
    )
    return board


def day_of(seconds: float) -> str:
    """The UTC date of a Unix time, as 2027-01-15."""
    return datetime.fromtimestamp(seconds, UTC).date().isoformat()


@dataclass(frozen=True)
class DayKey:
    """A day's board: its date, language and size (``2027-01-15/en/4x4``)."""

    day: str
    language: str
    size: str

    def __str__(self) -> str:
        return f"{self.day}/{self.language}/{self.size}"


def read_key(day: str, language: str, size: str) -> DayKey:
    """A day's board from an address's parts; UnknownBoard saying what they may be."""
    if language not in languages():
        raise UnknownBoard(
            _(
                "there are no boards in %(language)s; the languages are %(languages)s",
                language=repr(language[:20]),
                languages=", ".join(languages()),
            )
        )
    if size not in SIZES:
        small, big = SIZES
        raise UnknownBoard(
            _(
                "a day's boards are %(small)s and %(big)s, not %(size)s",
                small=small,
                big=big,
                size=repr(size[:20]),
            )
        )
    try:
        if not DAY.fullmatch(day):
            raise ValueError(day)
        date.fromisoformat(day)
    except ValueError:
        raise UnknownBoard(
            _("a day is written 2027-01-15 (a UTC date), not %(day)s", day=repr(day[:20]))
        ) from None
    return DayKey(day, language, size)


class Daily:
    """The days' boards of one database, rolled with one secret."""

    def __init__(
        self,
        plays: Plays,
        players: Players,
        secret: str,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.plays = plays
        self.players = players
        self.secret = secret
        self.clock = clock
        self._ids: dict[str, int] = {}
        self._lock = threading.Lock()

    def today(self) -> str:
        """Today's UTC date."""
        return day_of(self.clock())

    def next_day_at(self) -> float:
        """When the next day's boards come: the next UTC midnight, in Unix seconds."""
        today = datetime.fromisoformat(self.today()).replace(tzinfo=UTC)
        return (today + timedelta(days=1)).timestamp()

    def boards_of(self, day: str | None = None) -> list[DayKey]:
        """A day's boards (today's unless given), language by language, 4x4 first."""
        day = day or self.today()
        return [DayKey(day, code, size) for code in languages() for size in SIZES]

    def board(self, key: DayKey) -> BoardSpec:
        """A day's board: stored the first time it is asked for on its day. A later day's
        is unknown, and so is an earlier day's nobody played."""
        board_id = self._ids.get(str(key))
        if board_id is not None:
            return self.plays.board(board_id)
        with self.database.reading() as session:
            board_id = session.scalar(select(GameBoard.id).where(GameBoard.key == str(key)))
            if board_id is not None:
                # A day's board never changes: the process keeps its id.
                with self._lock:
                    if len(self._ids) >= KEYS_CACHED:
                        self._ids.clear()
                    self._ids[str(key)] = board_id
                return self.plays.spec(session, board_id)
        today = self.today()
        if key.day != today:
            if key.day > today:
                raise UnknownBoard(
                    _(
                        "the boards of %(day)s are not out yet; today is %(today)s",
                        day=key.day,
                        today=today,
                    )
                )
            raise UnknownBoard(
                _(
                    "nobody played the %(board)s board of %(day)s",
                    board=self.title(key),
                    day=key.day,
                )
            )
        side = SIZES[key.size]
        try:
            with self.database.writing() as session:
                return self.plays.make_board(
                    session,
                    kind=DAILY,
                    key=str(key),
                    day=key.day,
                    language=key.language,
                    dice=daily_dice(languages()[key.language], side).name,
                    board=daily_board(self.secret, key.day, key.language, key.size),
                    dictionary=languages()[key.language].default_dictionary,
                    min_length=daily_dice(languages()[key.language], side).min_length,
                    seconds=DAILY_SECONDS[side],
                )
        except IntegrityError:
            # Another process stored it first: read theirs.
            return self.board(key)

    def title(self, key: DayKey) -> str:
        """A day's board as a person says it: "English 4 by 4"."""
        rules = languages()[key.language]
        side = SIZES[key.size]
        return _(
            "%(language)s %(rows)s \u00d7 %(cols)s",
            language=_(rules.language),
            rows=side,
            cols=side,
        )

    @property
    def database(self) -> Any:
        """The database the boards are kept in."""
        return self.plays.database

    def start(self, key: DayKey, token: str | None) -> Begun:
        """Start the key holder's play of a day's board (on its day only), or resume the
        one running; AlreadyPlayed once they have finished it."""
        spec = self.board(key)
        if key.day != self.today():
            raise NotToday(
                _(
                    "the %(day)s boards can no longer be played; today's are out",
                    day=key.day,
                )
            )
        begun = self.plays.begin(self.players, spec.id, token)
        if begun.play.finished_at is not None:
            raise AlreadyPlayed(already_played_message())
        return begun

    # --- A player's days ----------------------------------------------------------------

    def today_plays(self, player: int | None) -> dict[str, dict[str, Any]]:
        """The player's plays of today's boards, by board key: state and score."""
        if player is None:
            return {}
        keys = [str(key) for key in self.boards_of()]
        with self.database.reading() as session:
            rows = session.execute(
                select(GameBoard.key, Play.finished_at, Play.ends_at, Play.score)
                .join(Play, Play.board_id == GameBoard.id)
                .where(Play.player_id == player, GameBoard.key.in_(keys))
            ).all()
        return {
            row.key: {
                "state": "finished" if row.finished_at is not None else "playing",
                "score": row.score if row.finished_at is not None else None,
            }
            for row in rows
        }

    def history(self, player: int | None) -> dict[str, Any]:
        """The player's days in a row (now, and the most), and their past days' results,
        newest first: each board's score, rank and percentile as the board stands now,
        best word, and the board's most."""
        if player is None:
            return {"streak": 0, "longest_streak": 0, "days_played": 0, "results": []}
        finished = (
            select(GameBoard, Play.score, Play.best_word, Play.found)
            .join(Play, Play.board_id == GameBoard.id)
            .where(
                Play.player_id == player,
                GameBoard.kind == DAILY,
                Play.finished_at.is_not(None),
            )
        )
        with self.database.reading() as session:
            days = session.scalars(
                select(GameBoard.day)
                .join(Play, Play.board_id == GameBoard.id)
                .where(
                    Play.player_id == player,
                    GameBoard.kind == DAILY,
                    Play.finished_at.is_not(None),
                )
                .distinct()
                .order_by(GameBoard.day.desc())
                .limit(DAYS_COUNTED)
            ).all()
            rows = session.execute(
                finished.order_by(GameBoard.day.desc(), GameBoard.language, GameBoard.rows).limit(
                    HISTORY_SHOWN
                )
            ).all()
            histograms = self.plays.standings(session, [row.GameBoard.id for row in rows])
        current, longest = streaks(days, self.today())
        results = []
        for row in rows:
            board = row.GameBoard
            place = standing(histograms[board.id], row.score)
            results.append(
                {
                    "key": board.key,
                    "day": board.day,
                    "language": board.language,
                    "size": f"{board.rows}x{board.cols}",
                    "score": row.score,
                    "total_score": board.max_score,
                    "found": row.found,
                    "best_word": row.best_word,
                    **place.as_dict(),
                }
            )
        return {
            "streak": current,
            "longest_streak": longest,
            "days_played": len(days),
            "results": results,
        }


def streaks(days: list[str], today: str) -> tuple[int, int]:
    """Days in a row played (up to today, or yesterday while today is still to play),
    and the most in a row ever, from the days played (UTC dates, any order)."""
    played = sorted({date.fromisoformat(day) for day in days}, reverse=True)
    if not played:
        return 0, 0
    runs = [1]
    for later, earlier in itertools.pairwise(played):
        if later - earlier == timedelta(days=1):
            runs[-1] += 1
        else:
            runs.append(1)
    alive = date.fromisoformat(today) - played[0] <= timedelta(days=1)
    return (runs[0] if alive else 0), max(runs)
