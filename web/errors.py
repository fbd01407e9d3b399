"""Errors the HTTP layer answers with: a status, a stable code and a message a person can act on.

Every error on a JSON route is ``{"error": {"code": ..., "message": ...}}``; nothing a
client sends produces a 500 or an HTML error page there.
"""

from __future__ import annotations

from typing import Any


class APIError(Exception):
    """A client error: the status to answer with, a machine-readable code and a message."""

    def __init__(self, status: int, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details

    def as_dict(self) -> dict[str, Any]:
        """The JSON body of the error."""
        return {"error": {"code": self.code, "message": self.message, **self.details}}


def bad_request(code: str, message: str, **details: Any) -> APIError:
    """A 400 error."""
    return APIError(400, code, message, **details)
