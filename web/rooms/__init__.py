"""The rooms blueprint: game rooms' JSON API (``api.py``) and their pages (``pages.py``).

The game itself (rounds, verdicts, scores, the database) is ``games/``; this package
reads requests, calls it, and answers. Every address under ``/rooms`` is JSON (the
API); the pages live under ``/room``.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rooms", __name__)

#: Every address under this prefix is the JSON API: its errors are JSON too.
API_PREFIX = "/rooms"

from . import api, commands, pages  # noqa: E402, F401 - api and pages add their routes to bp
