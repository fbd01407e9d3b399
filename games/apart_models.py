"""The tables of playing apart: anonymous players, boards (each day's and challenges'),
plays and their words, the boards' running tallies, and challenges.

They sit in the rooms' database and schema (``games.models.Base``, the same migrations)
and refer to none of the rooms' tables. Times are Unix seconds, as there.

A board's tallies (``board_words.finders``, ``board_scores``) are counted up as each
play finishes, never recounted from the plays: a board's results are then a few
indexed reads however many have played it, and they outlive the plays, which are
pruned (games/plays.py).
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Double,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from .models import FOLDED, NAME_CHARS, WORD_CHARS, Base

#: Longest board key: "2027-01-15/en/5x5".
KEY_CHARS = 40


class AnonymousPlayer(Base):
    """A player known only by the keys their browsers hold, with an optional name."""

    __tablename__ = "anonymous_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Shown in a day's top 20 and on challenges; none keeps the player out of the top 20.
    name: Mapped[str | None] = mapped_column(String(NAME_CHARS), nullable=True)
    created_at: Mapped[float] = mapped_column(Double)
    # The last play started or word sent: players idle past the keeping time are pruned.
    seen_at: Mapped[float] = mapped_column(Double, index=True)


class PlayerKey(Base):
    """One browser's key to a player (a transfer adds another); kept only as its hash."""

    __tablename__ = "player_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("anonymous_players.id", ondelete="CASCADE"), index=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Double)


class PlayerTransfer(Base):
    """A one-time link that gives another browser a key to the player, until it expires."""

    __tablename__ = "player_transfers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("anonymous_players.id", ondelete="CASCADE"), index=True
    )
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    expires_at: Mapped[float] = mapped_column(Double, index=True)


class GameBoard(Base):
    """A board to play apart: one of a day's (``kind`` daily, found by ``key``) or a
    challenge's; its faces as rolled, its rules, and what its solution holds."""

    __tablename__ = "boards"
    # Ids are never reused (SQLite reuses a deleted row's otherwise): a process keeps
    # boards it has read by id (games/plays.py), which is only right if an id is forever.
    __table_args__ = ({"sqlite_autoincrement": True},)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    # "2027-01-15/en/4x4" for a day's board; none for a challenge's.
    key: Mapped[str | None] = mapped_column(String(KEY_CHARS), unique=True, nullable=True)
    day: Mapped[str | None] = mapped_column(String(10), nullable=True)
    language: Mapped[str] = mapped_column(String(8))
    dice: Mapped[str | None] = mapped_column(String(40), nullable=True)
    rows: Mapped[int] = mapped_column(Integer)
    cols: Mapped[int] = mapped_column(Integer)
    min_length: Mapped[int] = mapped_column(Integer)
    dictionary: Mapped[str] = mapped_column(String(NAME_CHARS))
    seconds: Mapped[int] = mapped_column(Integer)
    # The faces as a JSON list in row-major order, as the rooms' rounds keep theirs.
    faces: Mapped[str] = mapped_column(Text)
    # The most the board holds: every word of its solution, and their points.
    word_count: Mapped[int] = mapped_column(Integer)
    max_score: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Double)


class BoardWord(Base):
    """A word of a board's solution and how many finished plays found it."""

    __tablename__ = "board_words"
    __table_args__ = (
        UniqueConstraint("board_id", "word"),
        # The words nobody found, best first, are one range of this index.
        Index("ix_board_words_board_id_finders_score", "board_id", "finders", "score"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id", ondelete="CASCADE"))
    word: Mapped[str] = mapped_column(String(WORD_CHARS))
    score: Mapped[int] = mapped_column(Integer)
    finders: Mapped[int] = mapped_column(Integer, default=0)


class BoardScore(Base):
    """How many finished plays of a board scored each score: the board's histogram."""

    __tablename__ = "board_scores"
    __table_args__ = (UniqueConstraint("board_id", "score"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id", ondelete="CASCADE"))
    score: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)


class Play(Base):
    """A player's one play of a board: its clock, and once finished, its score."""

    __tablename__ = "plays"
    __table_args__ = (
        UniqueConstraint("board_id", "player_id"),
        # A board's top scores among named players are the top of one range of this.
        Index("ix_plays_board_id_named_score", "board_id", "named", "score"),
        # Plays whose time ran out unfinished, found by the prune command.
        Index("ix_plays_finished_at_ends_at", "finished_at", "ends_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(
        ForeignKey("anonymous_players.id", ondelete="CASCADE"), index=True
    )
    started_at: Mapped[float] = mapped_column(Double, index=True)
    ends_at: Mapped[float] = mapped_column(Double)
    # Set once, when the play is counted into its board's tallies.
    finished_at: Mapped[float | None] = mapped_column(Double, nullable=True)
    score: Mapped[int] = mapped_column(Integer, default=0)
    found: Mapped[int] = mapped_column(Integer, default=0)
    long_words: Mapped[int] = mapped_column(Integer, default=0)
    best_word: Mapped[str | None] = mapped_column(String(FOLDED * WORD_CHARS), nullable=True)
    # Finished by a player who has a name: among the board's top scores.
    named: Mapped[bool] = mapped_column(Boolean, default=False)
    # Words kept (the most a play keeps is the rooms' ROOM_MAX_WORDS), and the rate
    # limit's window and count, as the rooms keep them on a seat.
    sent: Mapped[int] = mapped_column(Integer, default=0)
    rate_window: Mapped[float] = mapped_column(Double, default=0.0)
    rate_count: Mapped[int] = mapped_column(Integer, default=0)


class PlayWord(Base):
    """A word sent in a play (each distinct word once), with its verdict."""

    __tablename__ = "play_words"
    __table_args__ = (UniqueConstraint("play_id", "word"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id", ondelete="CASCADE"))
    word: Mapped[str] = mapped_column(String(FOLDED * WORD_CHARS))  # as matched
    written: Mapped[str] = mapped_column(String(WORD_CHARS))
    verdict: Mapped[str] = mapped_column(String(20))
    score: Mapped[int] = mapped_column(Integer)
    path: Mapped[str | None] = mapped_column(Text, nullable=True)
    sent_at: Mapped[float] = mapped_column(Double)


class Challenge(Base):
    """A challenge: a link to a board and the challenger's play of it."""

    __tablename__ = "challenges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id", ondelete="CASCADE"), index=True)
    # One challenge per play: challenging again from the same play gives the same link.
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id", ondelete="CASCADE"), unique=True)
    # A hash of the maker's address, for the hourly limit on challenges made (each one
    # made after practice stores a board and its solution).
    client: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[float] = mapped_column(Double, index=True)


class ChallengeTaker(Base):
    """A play that answers a challenge (the taker's play of the challenge's board)."""

    __tablename__ = "challenge_takers"
    __table_args__ = (UniqueConstraint("challenge_id", "play_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    challenge_id: Mapped[int] = mapped_column(ForeignKey("challenges.id", ondelete="CASCADE"))
    play_id: Mapped[int] = mapped_column(ForeignKey("plays.id", ondelete="CASCADE"), index=True)
    taken_at: Mapped[float] = mapped_column(Double)
