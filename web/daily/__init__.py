"""The play-apart blueprint: each day's boards, challenges and anonymous players, their
JSON API (``api.py``) and pages (``pages.py``), and the prune command (``commands.py``).

The game is ``games/`` (``games.apart.Apart``); this package reads requests, calls it
and answers. Every address under ``/daily`` and ``/challenges`` is JSON (the API); the
pages are ``/today``, ``/day/...``, ``/challenge/CODE``, ``/me``, ``/transfer/CODE``
and ``/privacy``.
"""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("daily", __name__)

#: Every address under these prefixes is the JSON API: its errors are JSON too.
API_PREFIXES = ("/daily", "/challenges")

from . import api, commands, pages  # noqa: E402, F401 - api and pages add their routes to bp
