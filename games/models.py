"""The rooms' tables, as SQLAlchemy 2 ORM classes (the schema itself is made by the
migrations in ``migrations/``, held equal to these by tests/test_rooms_schema.py).

Times are Unix seconds as floating point numbers (``time.time()``), so that every
server process and machine reads one clock's kind of number. Rows refer to their room
by its key; a player's public id is its seat number in the room, never a key.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Double,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Longest text kept for a player's name and for a written word (the settings' limits
#: are checked below these).
NAME_CHARS = 100
WORD_CHARS = 200
#: Lower-casing and case-folding can lengthen text (``"ß".casefold()`` is ``"ss"``,
#: ``"İ".lower()`` two characters): at most three characters for one, so room for that.
FOLDED = 3


#: Names for constraints and indexes, so that every back-end and migration names them alike.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The rooms' tables."""

    metadata = MetaData(naming_convention=NAMING)


class Room(Base):
    """A room: its code and the settings every round is played with."""

    __tablename__ = "rooms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    dice: Mapped[str] = mapped_column(String(40))
    rows: Mapped[int] = mapped_column(Integer)
    cols: Mapped[int] = mapped_column(Integer)
    min_length: Mapped[int] = mapped_column(Integer)
    dictionary: Mapped[str] = mapped_column(String(NAME_CHARS))
    seconds: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[float] = mapped_column(Double)
    # The last join, round started or word: idle rooms are pruned by it.
    active_at: Mapped[float] = mapped_column(Double, index=True)
    # Whether the host has closed the room to new players (those seated stay).
    locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # The last time the host's seat passed to another player because its holder was
    # away: the seat it passed from, and when (cleared when the next round starts).
    handoff_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    handoff_at: Mapped[float | None] = mapped_column(Double, nullable=True)


class Player(Base):
    """A seat in a room; the token that holds it is kept only as its hash."""

    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("room_id", "seat"),
        UniqueConstraint("room_id", "name_key"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(NAME_CHARS))
    # The name as names are told apart (casefolded): two players cannot both be "Ann".
    # None once the player is removed, so that someone else may take the name.
    name_key: Mapped[str | None] = mapped_column(String(FOLDED * NAME_CHARS), nullable=True)
    host: Mapped[bool] = mapped_column(Boolean)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    joined_at: Mapped[float] = mapped_column(Double)
    # The rate limit on words: the start of the current one-second window and the words
    # sent in it, kept here so that the limit holds across server processes.
    rate_window: Mapped[float] = mapped_column(Double, default=0.0)
    rate_count: Mapped[int] = mapped_column(Integer, default=0)
    # When the player last asked for the room or sent a word (kept to within a few
    # seconds): a host away for long hands the room on.
    seen_at: Mapped[float] = mapped_column(Double, default=0.0, server_default="0")
    # When the host removed the player: their token seats them no more. The row stays,
    # so that the rounds they played keep their words and points.
    removed_at: Mapped[float | None] = mapped_column(Double, nullable=True)


class Round(Base):
    """A round: its board (rolled from the room's dice with ``seed``) and its clock."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("room_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    # The faces rolled, as a JSON list in row-major order (``["qu", "a", "#", ...]``):
    # the board as it was played, whatever later versions of the dice code would roll.
    faces: Mapped[str] = mapped_column(Text)
    started_at: Mapped[float] = mapped_column(Double)
    ends_at: Mapped[float] = mapped_column(Double)
    # Set once the players' scores are stored in ``scores`` (at the first read after
    # the end).
    scored: Mapped[bool] = mapped_column(Boolean, default=False)


class Word(Base):
    """A word a player sent in a round (each distinct word once), with its verdict."""

    __tablename__ = "words"
    __table_args__ = (UniqueConstraint("round_id", "player_id", "word"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    word: Mapped[str] = mapped_column(String(FOLDED * WORD_CHARS))  # as matched, lower case
    written: Mapped[str] = mapped_column(String(WORD_CHARS))
    verdict: Mapped[str] = mapped_column(String(20))
    score: Mapped[int] = mapped_column(Integer)
    path: Mapped[str | None] = mapped_column(Text, nullable=True)
    sent_at: Mapped[float] = mapped_column(Double)


class Score(Base):
    """A player's points in a finished round, stored once so that totals are one query."""

    __tablename__ = "scores"
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    points: Mapped[int] = mapped_column(Integer)
    long_words: Mapped[int] = mapped_column(Integer)


class Miss(Base):
    """A code asked for that names no room, by whom (a hash of the client's address) and
    when: the hourly limit on guessing codes."""

    __tablename__ = "misses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    missed_at: Mapped[float] = mapped_column(Double, index=True)


class Creation(Base):
    """A room created, by whom (a hash of the client's address) and when: the hourly limit."""

    __tablename__ = "creations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    client: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[float] = mapped_column(Double, index=True)
