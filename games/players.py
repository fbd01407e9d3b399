"""Anonymous players: no account, only a key a browser keeps, an optional name, a
one-time link that carries the player to another device, and deleting it all.

A key is 256 random bits, as a room's token is, handed to its browser once (in a
cookie, by the web layer) and kept in the database only as its SHA-256, so a copy of
the database opens no player. A player is made the first time a browser does
something that must be kept (starts a play, makes a challenge, takes a name), not
when it only looks. A transfer link holds a code of 128 random bits, kept as its
hash too, good once and for TRANSFER_SECONDS; using it gives the new browser a key of
its own to the same player, so both devices go on playing as one.
"""

from __future__ import annotations

import math
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import Session

from boggle.i18n import _

from . import codes
from .apart_errors import NoPlayer, UnknownTransfer
from .apart_models import (
    AnonymousPlayer,
    Challenge,
    ChallengeTaker,
    Play,
    PlayerKey,
    PlayerTransfer,
    PlayWord,
)
from .db import Database, Snapshot

#: How long a transfer link can be used, in seconds.
TRANSFER_SECONDS = 15 * 60
#: Bytes of randomness in a transfer code (128 bits: the link is scanned, never typed).
TRANSFER_BYTES = 16

#: What a transfer code looks like: TRANSFER_BYTES in URL-safe base 64, unpadded.
TRANSFER_CODE = re.compile(rf"[A-Za-z0-9_-]{{{math.ceil(TRANSFER_BYTES * 4 / 3)}}}")

_KEYS, _PLAYERS = PlayerKey.__table__, AnonymousPlayer.__table__
PLAYER_BY_KEY = select(_KEYS.c.player_id).where(_KEYS.c.token_hash == bindparam("digest"))
#: A new player, its id returned, and its first key: statements built once, which run
#: on a Session or straight on the driver's connection alike (games/db.py, ``Snapshot``).
NEW_PLAYER = (
    insert(_PLAYERS)
    .values(name=None, created_at=bindparam("now"), seen_at=bindparam("now"))
    .returning(_PLAYERS.c.id)
)
NEW_KEY = insert(_KEYS).values(
    player_id=bindparam("player"), token_hash=bindparam("digest"), created_at=bindparam("now")
)
SEEN = update(_PLAYERS).where(_PLAYERS.c.id == bindparam("player")).values(seen_at=bindparam("now"))


@dataclass(frozen=True)
class Identity:
    """A player, and the new key to give the browser when one was made just now."""

    player: int
    new_token: str | None = None


@dataclass(frozen=True)
class Transfer:
    """A one-time link's code (known only to its maker) and when it expires."""

    code: str
    expires_at: float


class Players:
    """The anonymous players of one database."""

    def __init__(self, database: Database, clock: Callable[[], float] = time.time) -> None:
        self.database = database
        self.clock = clock

    # --- Who is asking --------------------------------------------------------------

    def find(self, session: Session | Snapshot, token: str | None) -> int | None:
        """The player a key opens, or None (no key, or one this database never made)."""
        if not token:
            return None
        found = session.execute(PLAYER_BY_KEY, {"digest": codes.token_hash(token)}).first()
        return None if found is None else found[0]

    def identify(self, token: str | None) -> int | None:
        """The player a key opens, or None, in a transaction of its own."""
        if not token:
            return None
        # On the driver's connection (games/db.py): every request of a player asks it.
        with self.database.snapshot() as session:
            found = session.execute(PLAYER_BY_KEY, {"digest": codes.token_hash(token)}).first()
        return None if found is None else found.player_id

    def require(self, session: Session, token: str | None) -> int:
        """The player a key opens; NoPlayer saying what to do otherwise."""
        player = self.find(session, token)
        if player is None:
            raise NoPlayer(
                no_player_message()
                if not token
                else _("this browser's player key opens no player; it may have been deleted")
            )
        return player

    def ensure(self, session: Session | Snapshot, token: str | None) -> Identity:
        """The player a key opens, or a new one with a new key (in the caller's writing
        transaction: the player is made only if what it is made for is stored too)."""
        found = self.find(session, token)
        if found is not None:
            return Identity(found)
        now = self.clock()
        player = session.execute(NEW_PLAYER, {"now": now}).first()[0]
        token = codes.new_token()
        session.execute(NEW_KEY, {"player": player, "digest": codes.token_hash(token), "now": now})
        return Identity(player, token)

    def seen(self, session: Session | Snapshot, player: int) -> None:
        """Note that the player did something now (idle players are pruned)."""
        session.execute(SEEN, {"player": player, "now": self.clock()})

    # --- The name -------------------------------------------------------------------

    def name(self, player: int | None) -> str | None:
        """The player's name, if they gave one."""
        if player is None:
            return None
        with self.database.reading() as session:
            return session.scalar(select(AnonymousPlayer.name).where(AnonymousPlayer.id == player))

    def rename(self, token: str | None, name: str | None) -> Identity:
        """Give the player a name (checked by the caller as room names are), or take it
        away with None; the plays they finished are shown among the top scores or not."""
        with self.database.writing() as session:
            identity = self.ensure(session, token)
            session.execute(
                update(_PLAYERS)
                .where(_PLAYERS.c.id == identity.player)
                .values(name=name, seen_at=self.clock())
            )
            session.execute(
                update(Play.__table__)
                .where(Play.player_id == identity.player, Play.finished_at.is_not(None))
                .values(named=name is not None)
            )
            return identity

    # --- Carrying the player to another device ----------------------------------------

    def new_transfer(self, token: str | None) -> Transfer:
        """A one-time link's code for the player, good for TRANSFER_SECONDS."""
        if not token:
            raise NoPlayer(no_player_message())
        with self.database.writing() as session:
            player = self.require(session, token)
            now = self.clock()
            session.execute(delete(PlayerTransfer).where(PlayerTransfer.expires_at <= now))
            code = secrets.token_urlsafe(TRANSFER_BYTES)
            expires = now + TRANSFER_SECONDS
            session.add(
                PlayerTransfer(
                    player_id=player, code_hash=codes.token_hash(code), expires_at=expires
                )
            )
            return Transfer(code, expires)

    def transfer_open(self, code: str) -> bool:
        """Whether a transfer code can still be used (without using it)."""
        if not is_transfer_code(code):
            return False
        with self.database.reading() as session:
            return self._transfer(session, code) is not None

    def claim(self, code: str) -> Identity:
        """Use a transfer code, once: a new key to its player, for the browser that used it."""
        if not is_transfer_code(code):
            raise UnknownTransfer(unknown_transfer_message())
        with self.database.writing() as session:
            found = self._transfer(session, code)
            if found is None:
                raise UnknownTransfer(unknown_transfer_message())
            session.execute(delete(PlayerTransfer).where(PlayerTransfer.id == found.id))
            token = codes.new_token()
            now = self.clock()
            session.add(
                PlayerKey(
                    player_id=found.player_id, token_hash=codes.token_hash(token), created_at=now
                )
            )
            self.seen(session, found.player_id)
            return Identity(found.player_id, token)

    def _transfer(self, session: Session, code: str) -> PlayerTransfer | None:
        return session.scalar(
            select(PlayerTransfer).where(
                PlayerTransfer.code_hash == codes.token_hash(code),
                PlayerTransfer.expires_at > self.clock(),
            )
        )

    # --- Forgetting -------------------------------------------------------------------

    def forget(self, token: str | None) -> bool:
        """Delete the player and everything kept about them (their keys, plays, words,
        challenges); whether there was one. The boards' tallies keep their counts: they
        hold no one's words or name."""
        if not token:
            return False
        with self.database.writing() as session:
            player = self.find(session, token)
            if player is None:
                return False
            plays = select(Play.id).where(Play.player_id == player)
            # Children first, as the rooms' prune does: a database's foreign keys may be off.
            challenges = select(Challenge.id).where(Challenge.play_id.in_(plays))
            session.execute(
                delete(ChallengeTaker).where(ChallengeTaker.challenge_id.in_(challenges))
            )
            session.execute(delete(ChallengeTaker).where(ChallengeTaker.play_id.in_(plays)))
            session.execute(delete(Challenge).where(Challenge.play_id.in_(plays)))
            session.execute(delete(PlayWord).where(PlayWord.play_id.in_(plays)))
            session.execute(delete(Play).where(Play.player_id == player))
            session.execute(delete(PlayerTransfer).where(PlayerTransfer.player_id == player))
            session.execute(delete(PlayerKey).where(PlayerKey.player_id == player))
            session.execute(delete(AnonymousPlayer).where(AnonymousPlayer.id == player))
            return True


def is_transfer_code(code: object) -> bool:
    """Whether a text can be a transfer code (told before any database is asked)."""
    return isinstance(code, str) and TRANSFER_CODE.fullmatch(code) is not None


def no_player_message() -> str:
    """A browser with no player key."""
    return _("this browser has not played yet: play a board first")


def unknown_transfer_message() -> str:
    """A transfer link that cannot be used (never made, used, or expired)."""
    return _(
        "this transfer link cannot be used: it has been used already, or it is over "
        "%(minutes)s minutes old; make a new one on the other device",
        minutes=TRANSFER_SECONDS // 60,
    )
