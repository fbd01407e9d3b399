"""The play-apart pages: today's boards, a day's board (start, play, results), a
challenge, the player's own page (name, history, transfer, deleting), a transfer
link's page, and the privacy note.

Each page is drawn whole by the server as things stand, so that it works without
JavaScript: plain forms start a play, send a typed word, stop, make a challenge, set
a name, make a transfer link, use one and delete everything; ``static/js/apart.js``
then runs the round's clock, traces words on the cubes and sends them through the
JSON API, and shows a word's path on tap. The game is called as the API calls it
(``api.py``'s readers, cookie and errors), so a page and the API never disagree.

Forms post form fields, which any site can make a browser send: these refuse a post
the browser says came from another site, as the rooms' pages do (``same_site``), and
the player's cookie is SameSite=Lax besides.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from flask import Response, current_app, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from boggle.dice import ALL_DICE_SETS
from boggle.i18n import ngettext
from games.apart_errors import ApartError, UnknownTransfer
from games.daily import DayKey, languages, read_key
from games.errors import RoomError
from games.players import unknown_transfer_message
from games.plays import PlayView

from ..errors import APIError
from ..pages import page_rules
from ..params import read_whole_number
from ..rooms.api import client_address, read_player_name, read_room_word
from ..rooms.pages import clock, duration, game_error, said_text, same_site, verdict_texts
from . import api, bp

#: The bars of a board's histogram on its results page.
HISTOGRAM_BARS = 12
#: The past days the player's page charts (the table lists more).
CHART_DAYS = 30


# --- Today's boards -----------------------------------------------------------------------


@bp.get("/today")
def today_page() -> str:
    """Today's boards, the reader's language's first, with how each stands for them."""
    game = api.apart()
    player = game.players.identify(api.player_token())
    document = api.today_document(player)
    reader = str(get_locale() or "en")
    first = reader if reader in languages() else "en"
    boards = document["boards"]
    for entry in boards:
        entry["page"] = url_for(
            "daily.board_page", day=document["day"], language=entry["language"], size=entry["size"]
        )
    return render_template(
        "today.html",
        today=document,
        mine=[entry for entry in boards if entry["language"] == first],
        others=[entry for entry in boards if entry["language"] != first],
        language_names={code: _(rules.language) for code, rules in languages().items()},
        hours_left=math.ceil((document["next_day_at"] - document["now"]) / 3600),
    )


# --- A day's board ------------------------------------------------------------------------


def key_of(day: str, language: str, size: str) -> DayKey:
    """A day's board from the address; UnknownBoard (a 404 page) if it names none."""
    return read_key(day, language, size)


@bp.get("/day/<day>/<language>/<size>")
def board_page(day: str, language: str, size: str) -> tuple[str, int]:
    """A day's board: start it, the round in play, or its results."""
    return render_board(key_of(day, language, size))


def board_actions(key: DayKey) -> dict[str, str]:
    """Where a day's board's forms post, and where its script sends words."""
    parts = {"day": key.day, "language": key.language, "size": key.size}
    return {
        "page": url_for("daily.board_page", **parts),
        "start": url_for("daily.start_page", **parts),
        "word": url_for("daily.word_page", **parts),
        "finish": url_for("daily.finish_page", **parts),
        "challenge": url_for("daily.challenge_board_page", **parts),
        "api": url_for("daily.daily_board", **parts),
    }


def render_board(key: DayKey, error: APIError | None = None) -> tuple[str, int]:
    """A day's board's page for the caller, with an error from a form if there was one."""
    game = api.apart()
    player = game.players.identify(api.player_token())
    spec = game.daily.board(key)
    view = game.plays.view(spec.id, player)
    document = api.board_document(key, spec, view)
    results = game.plays.results(spec.id, player) if document["state"] == "finished" else None
    context = {
        "key": key,
        "document": document,
        "title": document["title"],
        "actions": board_actions(key),
        "rules_text": rules_text(spec.dice, spec.min_length, spec.seconds),
        "round": round_context(view, game.plays.words(spec.id, player), game.clock())
        if document["state"] == "playing"
        else None,
        "results": results,
        "chart": histogram_chart(results["histogram"], results["you"]["score"])
        if results
        else None,
        "page_error": error,
        "rules": page_rules(verdicts=verdict_texts()),
    }
    return render_template("daily_board.html", **context), error.status if error else 200


def page_error(error: RoomError | APIError) -> APIError:
    """An error of the game or of a field, as the API would answer it."""
    if isinstance(error, ApartError):
        return api.apart_api_error(error)
    return game_error(error)


def posted(
    action: Callable[[], Any], render: Callable[[APIError], tuple[str, int]]
) -> Response | tuple[str, int, dict[str, str]]:
    """A form's post: the action (a redirect to follow), or the page again with its error."""
    try:
        same_site()
        return action()
    except (APIError, RoomError) as problem:
        error = page_error(problem)
        page, status = render(error)
        return page, status, error.headers


@bp.post("/day/<day>/<language>/<size>/play")
def start_page(day: str, language: str, size: str) -> Response | tuple[str, int, dict[str, str]]:
    """Start today's board without script, then back to its page."""
    key = key_of(day, language, size)

    def start() -> Response:
        begun = api.apart().daily.start(key, api.player_token())
        return api.keep_player(redirect(board_actions(key)["page"], 303), begun.identity)

    return posted(start, lambda error: render_board(key, error))


@bp.post("/day/<day>/<language>/<size>/words")
def word_page(day: str, language: str, size: str) -> Response | tuple[str, int, dict[str, str]]:
    """A word typed without script: judged as the API judges it, then back to the board,
    which says its verdict."""
    key = key_of(day, language, size)

    def send() -> Response:
        word = read_room_word(request.form.get("word"))
        spec = api.apart().daily.board(key)
        sent = api.apart().plays.submit(spec.id, api.player_token(), word)
        address = url_for(
            "daily.board_page", day=key.day, language=key.language, size=key.size, said=sent.word
        )
        return redirect(f"{address}#word-form", 303)

    return posted(send, lambda error: render_board(key, error))


@bp.post("/day/<day>/<language>/<size>/finish")
def finish_page(day: str, language: str, size: str) -> Response | tuple[str, int, dict[str, str]]:
    """Stop the play without script, then the results."""
    key = key_of(day, language, size)

    def finish() -> Response:
        game = api.apart()
        spec = game.daily.board(key)
        game.plays.finish(spec.id, game.players.identify(api.player_token()))
        return redirect(board_actions(key)["page"], 303)

    return posted(finish, lambda error: render_board(key, error))


@bp.post("/day/<day>/<language>/<size>/challenge")
def challenge_board_page(
    day: str, language: str, size: str
) -> Response | tuple[str, int, dict[str, str]]:
    """Make a challenge of this board and the caller's play, then its page."""
    key = key_of(day, language, size)

    def challenge() -> Response:
        game = api.apart()
        spec = game.daily.board(key)
        made = game.challenges.from_play(api.player_token(), client_address(), spec.id)
        return redirect(url_for("daily.challenge_page", code=made.code), 303)

    return posted(challenge, lambda error: render_board(key, error))


# --- A challenge --------------------------------------------------------------------------


def challenge_actions(code: str) -> dict[str, str]:
    """Where a challenge's forms post, and where its script sends words."""
    return {
        "page": url_for("daily.challenge_page", code=code),
        "start": url_for("daily.take_page", code=code),
        "word": url_for("daily.challenge_word_page", code=code),
        "finish": url_for("daily.challenge_finish_page", code=code),
        "api": url_for("daily.challenge", code=code),
    }


@bp.get("/challenge/<code>")
def challenge_page(code: str) -> tuple[str, int]:
    """A challenge: take it, play it, or see how everyone did."""
    try:
        versus = read_whole_number(request.args.get("versus"), "versus", 1, api.MAX_NUMBER)
    except APIError:
        versus = None
    return render_challenge(code, versus=versus)


def render_challenge(
    code: str, error: APIError | None = None, versus: int | None = None
) -> tuple[str, int]:
    """A challenge's page for the caller, with an error from a form if there was one."""
    game = api.apart()
    player = game.players.identify(api.player_token())
    document = api.challenge_document(code, player, versus)
    code = document["challenge"]
    spec = game.challenges.board(code)
    view = game.plays.view(spec.id, player)
    view_name = "invite" if view is None else view.state
    challenger = document["challenger"]
    context = {
        "code": code,
        "document": document,
        "view": view_name,
        "challenger_name": challenger["name"] or _("Player %(number)s", number=1),
        "actions": challenge_actions(code),
        "rules_text": rules_text(spec.dice, spec.min_length, spec.seconds, spec.rows, spec.cols),
        "round": round_context(view, game.plays.words(spec.id, player), game.clock())
        if view_name == "playing"
        else None,
        "columns": versus_columns(document["versus"]) if document["versus"] else [],
        "standing": standing_text(document["ranking"]),
        "page_error": error,
        "rules": page_rules(verdicts=verdict_texts()),
    }
    return render_template("challenge.html", **context), error.status if error else 200


@bp.post("/challenge/<code>/play")
def take_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """Take a challenge without script, then back to its page."""

    def take() -> Response:
        begun = api.apart().challenges.take(code, api.player_token())
        return api.keep_player(redirect(challenge_actions(code)["page"], 303), begun.identity)

    return posted(take, lambda error: render_challenge(code, error))


@bp.post("/challenge/<code>/words")
def challenge_word_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """A word typed without script in a challenge, then back to its page."""

    def send() -> Response:
        word = read_room_word(request.form.get("word"))
        spec = api.apart().challenges.board(code)
        sent = api.apart().plays.submit(spec.id, api.player_token(), word)
        address = url_for("daily.challenge_page", code=code, said=sent.word)
        return redirect(f"{address}#word-form", 303)

    return posted(send, lambda error: render_challenge(code, error))


@bp.post("/challenge/<code>/finish")
def challenge_finish_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """Stop a challenge's play without script, then the results."""

    def finish() -> Response:
        game = api.apart()
        spec = game.challenges.board(code)
        game.plays.finish(spec.id, game.players.identify(api.player_token()))
        return redirect(challenge_actions(code)["page"], 303)

    return posted(finish, lambda error: render_challenge(code, error))


def standing_text(ranking: Sequence[dict[str, Any]] | None) -> str:
    """The caller's place in the ranking, in words: the points of their own words scored
    alone, said so, so that it is never read as the side-by-side result (whose
    headline crosses off the words both found); empty before they have finished."""
    finished = [row for row in ranking or () if row["finished"]]
    mine = next((row for row in finished if row["you"]), None)
    if mine is None:
        return ""
    tied = sum(row["rank"] == mine["rank"] for row in finished) > 1
    numbers = {"rank": mine["rank"], "players": len(finished)}
    if tied:
        return ngettext(
            "Your own words score %(num)s point: you share rank %(rank)s of %(players)s.",
            "Your own words score %(num)s points: you share rank %(rank)s of %(players)s.",
            mine["score"],
            **numbers,
        )
    return ngettext(
        "Your own words score %(num)s point: rank %(rank)s of %(players)s.",
        "Your own words score %(num)s points: rank %(rank)s of %(players)s.",
        mine["score"],
        **numbers,
    )


def versus_columns(versus: dict[str, Any]) -> list[dict[str, Any]]:
    """The two lists judged side by side, in the order of their ranking, each with its
    place (rank, tied, winner, decided by the tie-break)."""
    players = {player["number"]: player for player in versus["players"]}
    return [players[place["number"]] | {"place": place} for place in versus["ranking"]]


# --- The player's own page ----------------------------------------------------------------


@bp.get("/me")
def me_page() -> str:
    """The player's page: their name, days in a row, past results, and what they can do
    with their data (carry it to another device, delete it)."""
    return render_me()[0]


def render_me(
    error: APIError | None = None,
    transfer: dict[str, Any] | None = None,
    form_name: str | None = None,
    done: str | None = None,
) -> tuple[str, int]:
    """The player's page, with an error or a new transfer link from a form."""
    game = api.apart()
    player = game.players.identify(api.player_token())
    history = game.daily.history(player)
    name = game.players.name(player)
    context = {
        "player": player,
        "name": name,
        "form_name": name if form_name is None else form_name,
        "history": history,
        "chart": history_chart(history["results"]),
        "language_names": {code: _(rules.language) for code, rules in languages().items()},
        "transfer": transfer,
        "done": done,
        "max_name": current_app.config["ROOM_MAX_NAME_CHARS"],
        "error": error and {**error.as_dict()["error"], "field": error.field or "name"},
        "rules": page_rules(verdicts=verdict_texts()),  # the page script reads them
    }
    return render_template("me.html", **context), error.status if error else 200


@bp.post("/me/name")
def name_page() -> Response | tuple[str, int, dict[str, str]]:
    """Set or clear the player's name without script."""
    given = request.form.get("name", "")

    def rename() -> Response:
        name = read_player_name(given) if given.strip() else None
        identity = api.apart().players.rename(api.player_token(), name)
        return api.keep_player(redirect(url_for("daily.me_page", done="name"), 303), identity)

    return posted(rename, lambda error: render_me(error, form_name=given))


@bp.post("/me/transfer")
def transfer_make_page() -> Response | tuple[str, int, dict[str, str]]:
    """Make a one-time transfer link, shown on the player's page with its QR code."""

    def make() -> tuple[str, int]:
        transfer = api.apart().players.new_transfer(api.player_token())
        return render_me(transfer=api.transfer_document(transfer.code, transfer.expires_at))

    return posted(make, lambda error: render_me(error))


@bp.post("/me/delete")
def delete_page() -> Response | tuple[str, int, dict[str, str]]:
    """Delete everything kept about the player (the form asks for a tick first)."""

    def delete() -> Response | tuple[str, int]:
        if request.form.get("confirm") != "yes":
            raise APIError(
                400,
                "not_confirmed",
                _("tick the box to say that you mean it: deleting cannot be undone"),
                "confirm",
            )
        api.apart().players.forget(api.player_token())
        return api.forget_player(redirect(url_for("daily.me_page", done="deleted"), 303))

    return posted(delete, lambda error: render_me(error))


# --- A transfer link's page -------------------------------------------------------------


@bp.get("/transfer/<code>")
def transfer_page(code: str) -> tuple[str, int]:
    """What a transfer link does, and the button that does it (a GET does nothing: a
    link's preview must not use it up)."""
    if not api.apart().players.transfer_open(code):
        raise UnknownTransfer(unknown_transfer_message())
    return render_template("transfer.html", code=code, error=None), 200


@bp.post("/transfer/<code>")
def use_transfer_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """Use a transfer link: this browser becomes its player; then their page."""

    def use() -> Response:
        identity = api.apart().players.claim(code)
        return api.keep_player(redirect(url_for("daily.me_page", done="moved"), 303), identity)

    def refused(error: APIError) -> tuple[str, int]:
        return render_template("transfer.html", code=code, error=error), error.status

    return posted(use, refused)


# --- The privacy note ---------------------------------------------------------------------


@bp.get("/privacy")
def privacy_page() -> str:
    """What is kept about a player, for how long, and how to take it away."""
    config = current_app.config
    return render_template(
        "privacy.html",
        words_days=config["PLAY_WORDS_DAYS"],
        play_days=config["PLAY_DAYS"],
        cookie_days=api.COOKIE_SECONDS // (24 * 3600),
    )


# --- What the pages show ------------------------------------------------------------------


def rules_text(
    dice: str | None, min_length: int, seconds: int, rows: int = 0, cols: int = 0
) -> str:
    """A board's rules in a sentence."""
    dice_set = ALL_DICE_SETS.get(dice or "")
    if dice_set is not None:
        return _(
            "%(dice)s; words of %(letters)s letters or more; %(duration)s.",
            dice=_(dice_set.title),
            letters=min_length,
            duration=duration(seconds),
        )
    return _(
        "A %(rows)s \u00d7 %(cols)s board; words of %(letters)s letters or more; %(duration)s.",
        rows=rows,
        cols=cols,
        letters=min_length,
        duration=duration(seconds),
    )


def round_context(view: PlayView | None, sent: Sequence[Any], now: float) -> dict[str, Any]:
    """The round in play as its screen shows it: the board, the clock, the words sent."""
    assert view is not None
    words = [word.as_dict() for word in sent]
    accepted = [word for word in words if word["verdict"] == "accepted"]
    left = max(0.0, view.ends_at - now)
    said = next((word for word in words if word["word"] == request.args.get("said")), None)
    return {
        "board": view.board.board.display_rows(),
        "clock": clock(left),
        "time_share": left / max(view.ends_at - view.started_at, 1),
        "started_at": view.started_at,
        "ends_at": view.ends_at,
        "closes_at": view.closes_at,
        "now": now,
        "words": words,
        "tally": {"words": len(accepted), "points": sum(word["score"] for word in accepted)},
        "said": said and {**said, "text": said_text(said)},
        "verdict_text": verdict_texts(),
    }


def histogram_chart(histogram: Sequence[dict[str, int]], yours: int) -> dict[str, Any]:
    """A board's scores as bars (SVG units: each bar 10 wide, the tallest 40 high), in
    up to HISTOGRAM_BARS ranges of score, the range holding the reader's score marked."""
    top = max((entry["score"] for entry in histogram), default=0)
    width = max(1, math.ceil((top + 1) / HISTOGRAM_BARS))
    counts = [0] * (top // width + 1)
    for entry in histogram:
        counts[entry["score"] // width] += entry["players"]
    most = max(counts, default=0) or 1
    bars = []
    for index, count in enumerate(counts):
        low, high = index * width, index * width + width - 1
        height = 40 * count / most
        bars.append(
            {
                "x": index * 12,
                "y": 40 - height,
                "height": height,
                "players": count,
                "low": low,
                "high": high,
                "yours": low <= yours <= high,
                "label": ngettext(
                    "%(low)s\u2013%(high)s points: %(num)s player",
                    "%(low)s\u2013%(high)s points: %(num)s players",
                    count,
                    low=low,
                    high=high,
                )
                if width > 1
                else ngettext(
                    "%(score)s points: %(num)s player",
                    "%(score)s points: %(num)s players",
                    count,
                    score=low,
                ),
            }
        )
    # As wide as the most bars, whatever their number: a bar keeps its width.
    return {"bars": bars, "width": HISTOGRAM_BARS * 12}


def history_chart(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The player's percentile on each of their last days' boards, oldest first, as
    bars (SVG units: each 10 wide, 100 high at the 100th percentile)."""
    shown = list(reversed(results[:CHART_DAYS]))
    bars = [
        {
            "x": index * 12,
            "y": 100 - entry["percentile"],
            "height": max(entry["percentile"], 1),
            "label": _(
                "%(day)s, %(size)s: percentile %(percentile)s, %(score)s points",
                day=entry["day"],
                size=entry["size"].replace("x", "\u00d7"),
                percentile=entry["percentile"],
                score=entry["score"],
            ),
        }
        for index, entry in enumerate(shown)
    ]
    return {"bars": bars, "width": CHART_DAYS * 12}
