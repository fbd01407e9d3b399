"""Fixtures for the play-apart tests: apps on the rooms' test databases (SQLite and
PostgreSQL, tests/rooms_db.py) whose play apart runs on the test's clock, and helpers
that read a board's words the way a player would find them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from rooms_db import Clock

from games.apart import Apart
from games.daily import read_key


@pytest.fixture
def make_apart_app(make_rooms_app: Callable[..., Flask], clock: Clock) -> Callable[..., Flask]:
    """Build apps on the test's database whose rooms and play apart run on its clock."""

    def make(**config: Any) -> Flask:
        app = make_rooms_app(**config)
        app.extensions["boggle.apart"].clock = clock
        return app

    return make


@pytest.fixture
def apart_app(make_apart_app: Callable[..., Flask]) -> Flask:
    """The app on the test's database and clock."""
    return make_apart_app()


def game_of(app: Flask) -> Apart:
    """The app's play apart."""
    return app.extensions["boggle.apart"]


def board_words(app: Flask, key: str) -> list[str]:
    """The words of a day's board's solution, best first (the board is made if need be)."""
    game = game_of(app)
    spec = game.daily.board(read_key(*key.split("/")))
    solution, _dictionary = game.plays.solved(spec)
    return [found.word for found in solution.words]
