"""The play-apart command line: ``flask --app app prune-plays`` deletes old plays.

Run it from cron or a timer (``make prune-plays``), daily say. It finishes the plays
whose players went away before their time was up (so that they are counted), deletes
the words of plays older than PLAY_WORDS_DAYS and the plays older than PLAY_DAYS, and
players left with no play; the boards' tallies (each word's finders, the scores'
histogram) stay, so a board's results read the same after it.
"""

from __future__ import annotations

import click
from flask import Flask

from games.errors import RoomError


def register(app: Flask) -> None:
    """Add the play-apart commands to the app's ``flask`` command line."""

    @app.cli.command("prune-plays")
    def prune_plays() -> None:
        """Delete old plays' words and old plays; the boards' tallies stay."""
        game = app.extensions["boggle.apart"]
        try:
            pruned = game.prune(app.config["PLAY_WORDS_DAYS"], app.config["PLAY_DAYS"])
        except RoomError as error:
            raise click.ClickException(error.message) from None
        finally:
            game.database.dispose()
        click.echo(pruned)
