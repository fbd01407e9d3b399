"""What can go wrong in a room, as types: each with a stable code and a message a person
can act on. The web layer maps each type to an HTTP status at one edge.

A message is worded where the error is made, through ``boggle.i18n``: in the language
of the request being served (English outside one: the command line, the tests of the
game). The operator's errors (the database down or not migrated) are the exception:
they are made in English, the server log's language, and translated where a player
is shown them (``shown``).
"""

from __future__ import annotations

from boggle.i18n import _


class RoomError(Exception):
    """Something a room's players asked for that cannot be done; ``code`` names it."""

    code = "room_error"

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        #: Seconds after which asking again may succeed (rate limits, a round's grace).
        self.retry_after = retry_after

    #: Whether the message is the operator's, made in English for the server's log.
    logged = False

    def shown(self) -> str:
        """The message as a player reads it, in the language in force."""
        return _(self.message) if self.logged else self.message


class UnknownRoom(RoomError):  # noqa: N818 - reads as the situation it reports
    code = "unknown_room"


class Unauthorized(RoomError):  # noqa: N818
    """No token, or one that holds no seat in the room."""

    code = "unauthorized"


class NotHost(RoomError):  # noqa: N818
    code = "not_host"


class NotYourSeat(RoomError):  # noqa: N818
    code = "not_your_seat"


class RoomFull(RoomError):  # noqa: N818
    code = "room_full"


class RoomLocked(RoomError):  # noqa: N818
    """The host has locked the room: nobody new is seated."""

    code = "room_locked"


class UnknownPlayer(RoomError):  # noqa: N818
    """No player holds this seat in the room (or the host has removed them)."""

    code = "unknown_player"


class CannotRemoveHost(RoomError):  # noqa: N818
    """The host asked to remove their own seat: the room would have no host."""

    code = "cannot_remove_host"


class NameTaken(RoomError):  # noqa: N818
    code = "name_taken"


class RoundInProgress(RoomError):  # noqa: N818
    code = "round_in_progress"


class UnknownRound(RoomError):  # noqa: N818
    code = "unknown_round"


class RoundNotStarted(RoomError):  # noqa: N818
    """A word for a round whose countdown is still running."""

    code = "round_not_started"


class RoundNotCurrent(RoomError):  # noqa: N818
    code = "round_not_current"


class RoundOver(RoomError):  # noqa: N818
    code = "round_over"


class RoundNotOver(RoomError):  # noqa: N818
    code = "round_not_over"


class TooManyWords(RoomError):  # noqa: N818
    """Words sent faster than the per-player rate."""

    code = "too_many_words"


class WordLimitReached(RoomError):  # noqa: N818
    """A player's words in one round reached the most a round keeps."""

    code = "word_limit_reached"


class TooManyRooms(RoomError):  # noqa: N818
    """Rooms created from one client address faster than the hourly limit."""

    code = "too_many_rooms"


class TooManyGuesses(RoomError):  # noqa: N818
    """Codes that name no room asked for from one client address past the hourly limit."""

    code = "too_many_guesses"


class SearchTooLong(RoomError):  # noqa: N818
    """Solving the round's board or tracing its words ran past the search budget."""

    code = "search_budget_exceeded"


class DatabaseNotReady(RoomError):  # noqa: N818
    """The database has not been migrated to the schema this code needs."""

    code = "database_not_ready"
    logged = True


class DatabaseUnavailable(RoomError):  # noqa: N818
    """The database could not be reached, or stayed locked past the wait allowed."""

    code = "database_unavailable"
    logged = True
