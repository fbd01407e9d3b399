"""The rooms' command line: ``flask --app app prune-rooms`` deletes idle rooms.

Run it from cron or a timer (``make prune-rooms``); a room is idle once nothing has
happened in it (a join, a round started, a word sent) for ROOM_IDLE_SECONDS.
"""

from __future__ import annotations

import click
from flask import Flask

from games.errors import RoomError


def register(app: Flask) -> None:
    """Add the rooms' commands to the app's ``flask`` command line."""

    @app.cli.command("prune-rooms")
    def prune_rooms() -> None:
        """Delete the rooms idle for longer than ROOM_IDLE_SECONDS."""
        rooms = app.extensions["boggle.rooms"]
        try:
            deleted = rooms.prune()
        except RoomError as error:
            raise click.ClickException(error.message) from None
        finally:
            rooms.database.dispose()
        idle = app.config["ROOM_IDLE_SECONDS"]
        click.echo(f"deleted {deleted} room{'s' if deleted != 1 else ''} idle for over {idle:,} s")
