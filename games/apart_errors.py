"""What can go wrong playing apart (a day's board, a challenge, an anonymous player), as
types with a stable code and a message a person can act on.

They are room errors too (``RoomError``), so the errors the two share (a word sent too
fast, the database down) are the rooms' own types and answers; the web layer maps each
of these to an HTTP status at one edge (web/daily/api.py).
"""

from __future__ import annotations

from .errors import RoomError


class ApartError(RoomError):
    """Something a player asked of a board, a play or a challenge that cannot be done."""

    code = "play_error"


class NoPlayer(ApartError):  # noqa: N818 - reads as the situation it reports
    """No player key, or one that opens no player."""

    code = "unauthorized"


class UnknownBoard(ApartError):  # noqa: N818
    code = "unknown_board"


class NotToday(ApartError):  # noqa: N818
    """A day's board asked to be started on another day."""

    code = "not_today"


class AlreadyPlayed(ApartError):  # noqa: N818
    code = "already_played"


class NotPlaying(ApartError):  # noqa: N818
    """A word sent, or a play stopped, on a board the player has not started."""

    code = "not_playing"


class PlayOver(ApartError):  # noqa: N818
    """A word sent after the play's time and grace."""

    code = "round_over"


class NotFinished(ApartError):  # noqa: N818
    """Results asked for before the player has finished the board."""

    code = "not_finished"


class UnknownChallenge(ApartError):  # noqa: N818
    code = "unknown_challenge"


class TooManyChallenges(ApartError):  # noqa: N818
    """Challenges made by one player faster than the hourly limit."""

    code = "too_many_challenges"


class UnknownTransfer(ApartError):  # noqa: N818
    """A transfer link that was never made, is used already or has expired."""

    code = "unknown_transfer"
