"""Playing apart, put together: the anonymous players, the boards and their plays, the
days' boards and the challenges, over one database and one clock, and the pruning
of what is old."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import delete, exists, select

from boggle import Catalog

from .apart_models import AnonymousPlayer, Play, PlayerKey, PlayerTransfer
from .challenges import Challenges
from .daily import Daily
from .db import Database
from .players import Players
from .plays import Plays
from .rooms import RoomLimits

#: A day, in seconds.
DAY_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Pruned:
    """What the prune command deleted."""

    emptied: int  # plays whose words were deleted (their scores and tallies stay)
    plays: int  # plays deleted
    players: int  # players with no play left, idle for as long as plays are kept

    def __str__(self) -> str:
        return (
            f"deleted the words of {self.emptied} play{'s' if self.emptied != 1 else ''}, "
            f"{self.plays} play{'s' if self.plays != 1 else ''} and "
            f"{self.players} idle player{'s' if self.players != 1 else ''}"
        )


class Apart:
    """Players, plays, days' boards and challenges on one database."""

    def __init__(
        self,
        database: Database,
        catalog: Catalog,
        secret: str,
        limits: RoomLimits | None = None,
        challenges_per_hour: int = 30,
        budget: float | None = None,
        ceiling: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.players = Players(database, clock)
        self.plays = Plays(database, catalog, limits, clock, budget, ceiling)
        self.daily = Daily(self.plays, self.players, secret, clock)
        self.challenges = Challenges(self.plays, self.players, challenges_per_hour, clock)
        self.database = database

    @property
    def clock(self) -> Callable[[], float]:
        """The clock every part reads."""
        return self.plays.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        for part in (self.players, self.plays, self.daily, self.challenges):
            part.clock = clock

    def prune(self, words_days: int, plays_days: int) -> Pruned:
        """Delete the words of plays older than ``words_days`` and the plays older than
        ``plays_days`` (the boards' tallies stay), the players left with no play who
        have been idle as long, and expired transfer links."""
        now = self.clock()
        emptied, plays = self.plays.prune(
            now - words_days * DAY_SECONDS, now - plays_days * DAY_SECONDS
        )
        with self.database.writing() as session:
            idle = select(AnonymousPlayer.id).where(
                AnonymousPlayer.seen_at < now - plays_days * DAY_SECONDS,
                ~exists().where(Play.player_id == AnonymousPlayer.id),
            )
            ids = session.scalars(idle).all()
            if ids:
                session.execute(delete(PlayerTransfer).where(PlayerTransfer.player_id.in_(ids)))
                session.execute(delete(PlayerKey).where(PlayerKey.player_id.in_(ids)))
                session.execute(delete(AnonymousPlayer).where(AnonymousPlayer.id.in_(ids)))
            session.execute(delete(PlayerTransfer).where(PlayerTransfer.expires_at <= now))
        return Pruned(emptied, plays, len(ids))
