"""Errors the HTTP layer answers with: a status, a stable code and a message a person can act on.

Every error on a JSON route is ``{"error": {"code": ..., "message": ...}}``; nothing a
client sends produces a 500 or an HTML error page there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boggle import BoardError

#: The request field each error code is about, sent as ``field`` so that a form can show
#: the message beside the input it concerns. Codes not here concern the whole request,
#: or name their field when raised (``duplicate_field``, ``unknown_field``).
FIELD_OF_CODE = {
    "missing_board": "board",
    "bad_board": "board",
    "board_too_long": "board",
    "board_too_large": "board",
    "search_budget_exceeded": "board",
    "bad_min_length": "min_length",
    "bad_dictionary": "dictionary",
    "unknown_dictionary": "dictionary",
    "bad_dice": "dice",
    "unknown_dice": "dice",
    "bad_seed": "seed",
    "bad_rows": "rows",
    "bad_cols": "cols",
    "bad_seconds": "seconds",
    "missing_word": "word",
    "bad_word": "word",
    "no_definition": "word",
    "no_players": "players",
    "bad_players": "players",
    "too_many_players": "players",
    "bad_player_name": "players",
    "duplicate_player": "players",
    "bad_words": "players",
    "too_many_words": "players",
}


class APIError(Exception):
    """A client error: the status to answer with, a machine-readable code and a message."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        field: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        **details: Any,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        #: The request field the error is about, if it is about one: given, or the code's.
        self.field = field or FIELD_OF_CODE.get(code)
        self.details = details
        #: Response headers the answer needs (``Retry-After`` on a 503, ``Allow`` on a 405).
        self.headers = dict(headers or {})
        #: The board as typed, cell by cell, when the error is about one of its cubes: for
        #: a page to draw it with that cube marked. Not sent: a client has its own text.
        self.typed: tuple[tuple[str, ...], ...] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON body of the error."""
        error = {"code": self.code, "message": self.message, **self.details}
        if self.field:
            error["field"] = self.field
        return {"error": error}


def bad_request(code: str, message: str, field: str | None = None, **details: Any) -> APIError:
    """A 400 error."""
    return APIError(400, code, message, field, **details)


def board_error(error: BoardError) -> APIError:
    """The 400 ``bad_board`` of a board the engine cannot read, with the place as data:
    ``cell`` ([row, col] from zero) when the error is about one cube, ``row`` when it is
    about a row's length, so a page can point at the cube as the message does in words."""
    place: dict[str, Any] = {}
    if error.cell is not None:
        place["cell"] = list(error.cell)
    if error.row is not None:
        place["row"] = error.row
    answer = bad_request("bad_board", str(error), "board", **place)
    answer.typed = error.typed
    return answer
