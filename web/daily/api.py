"""The play-apart JSON API (docs/api.md, docs/daily.md): each day's boards, a play of one, its
words and results; challenges made, taken and compared; the anonymous player's name,
history, transfer link and deletion.

Requests are read as everywhere in web/ (the rooms' JSON-only bodies and readers),
the game is ``games.apart.Apart``, and its errors become HTTP answers at one edge
(``apart_api_error``). A player is known by the key in their browser's cookie
(``boggle_player``: HttpOnly, SameSite=Lax, Secure over HTTPS), made by the first
request that stores something for them.
"""

from __future__ import annotations

import io
import math
from typing import Any

import segno
from flask import Response, current_app, jsonify, request, url_for
from flask_babel import format_decimal
from flask_babel import gettext as _

from boggle import BoardError
from boggle.dice import min_length_for
from boggle.words import normalize_word
from games.apart import Apart
from games.apart_errors import (
    AlreadyPlayed,
    ApartError,
    NoPlayer,
    NotFinished,
    NotPlaying,
    NotToday,
    PlayOver,
    TooManyChallenges,
    UnknownBoard,
    UnknownChallenge,
    UnknownTransfer,
)
from games.daily import DayKey, read_key
from games.players import Identity
from games.plays import BoardSpec, PlayView

from .. import service
from ..errors import APIError, bad_request, board_error
from ..openapi import PLAYER, Operation, documented
from ..params import (
    BOARD,
    DICTIONARY,
    MIN_LENGTH,
    Field,
    Setting,
    names,
    read_board,
    read_min_length,
    read_name,
    read_whole_number,
    whole_number,
)
from ..play import BIG_BOARD_CELLS, BIG_ROUND_SECONDS, ROUND_SECONDS
from ..rooms.api import (
    DATABASE_CODES,
    MAX_SECONDS,
    MIN_SECONDS,
    ROOM_WORD,
    SECONDS,
    client_address,
    read_body,
    read_player_name,
    read_room_word,
)
from ..rooms.api import STATUS_OF_CODE as ROOM_STATUS_OF_CODE
from . import bp

#: The cookie that holds a browser's player key, and for how long: 400 days, the most
#: browsers keep one (it is set again at every play, so a player who plays stays).
COOKIE = "boggle_player"
COOKIE_SECONDS = 400 * 24 * 3600
#: The largest board a challenge takes, in cells (its solution's words are stored).
CHALLENGE_MAX_CELLS = 64
#: A taker number is at most this (a larger one names no taker).
MAX_NUMBER = 10**6

#: The HTTP status of each error of playing apart.
STATUS: dict[type[ApartError], int] = {
    NoPlayer: 401,
    UnknownBoard: 404,
    UnknownChallenge: 404,
    UnknownTransfer: 404,
    NotToday: 409,
    AlreadyPlayed: 409,
    NotPlaying: 409,
    PlayOver: 409,
    NotFinished: 409,
    TooManyChallenges: 429,
}


#: The same, by code, for the API's document: the rooms' errors a play may meet (a word's
#: limits, the database's) answer as on the rooms' routes.
STATUS_OF_CODE = {**ROOM_STATUS_OF_CODE, **{error.code: s for error, s in STATUS.items()}}

# --- The fields, as web/params.py declares the others (the API's document reads them) ---

DAY = Field(
    "day",
    "The board's day, a UTC date (YYYY-MM-DD): today's, or an earlier day's that was played.",
    {"type": "string", "minLength": 1},
    ("unknown_board", "not_found"),
    example="2027-01-15",
)
LANGUAGE = Field(
    "language",
    "The board's language: a language of today's boards (GET /daily lists them).",
    {"type": "string", "minLength": 1},
    ("unknown_board", "not_found"),
    example="en",
)
SIZE = Field(
    "size",
    "The board's size: 4x4 or 5x5.",
    {"type": "string", "minLength": 1},
    ("unknown_board", "not_found"),
    example="4x4",
)
CHALLENGE = Field(
    "code",
    "The challenge's code, any case.",
    {"type": "string", "minLength": 1},
    ("unknown_challenge", "not_found"),
    example="K7QX4MZP2A",
)
TRANSFER = Field(
    "code",
    "The transfer link's one-time code.",
    {"type": "string", "minLength": 1},
    ("unknown_transfer", "not_found"),
    example="aRgTVxTU1f_SQToMgUgr6A",
)
PLAYER_NAME = Field(
    "name",
    "The player's name, shown in a day's top 20 and on challenges: printable text, "
    "spaces at the ends trimmed; empty, null or left out takes it away.",
    {"type": ["string", "null"], "maxLength": Setting("ROOM_MAX_NAME_CHARS")},
    ("bad_name",),
    example="Ann",
)
WORDS = Field(
    "words",
    "The words the practice round found (the challenger's list to beat); blanks are dropped.",
    {
        "type": "array",
        "maxItems": Setting("ROOM_MAX_WORDS"),
        "items": {"type": "string", "maxLength": Setting("SCORE_MAX_WORD_CHARS")},
    },
    ("bad_words", "too_many_words"),
    example=["float", "lost"],
)
VERSUS = Field(
    "versus",
    "The challenger's choice of taker to compare with, by number. Default: the best.",
    whole_number(1, MAX_NUMBER),
    ("bad_versus",),
    example=2,
)

#: The fields of each route that reads some.
SEND = (ROOM_WORD,)
RENAME = (PLAYER_NAME,)
#: The fields of a challenge made after a practice round.
MAKE = (BOARD, MIN_LENGTH, DICTIONARY, SECONDS, WORDS)
CHALLENGE_FIELDS = names(MAKE)
KEY = (DAY, LANGUAGE, SIZE)
#: A day's board's address, from the answer with its document, along a link.
DAY_PARAMETERS = {
    "path.day": "$response.body#/board/day",
    "path.language": "$response.body#/board/language",
    "path.size": "$request.path.size",
}
#: The first of today's boards, from GET /daily's answer.
FIRST_BOARD = {
    "path.day": "$response.body#/day",
    "path.language": "$response.body#/boards/0/language",
    "path.size": "$response.body#/boards/0/size",
}
#: The challenge made, in the answers that make one.
MADE_LINKS = {
    "challenge": {
        "operationId": "challenge_get",
        "parameters": {"path.code": "$response.body#/challenge"},
    },
    "take": {
        "operationId": "take_challenge_post",
        "parameters": {"path.code": "$response.body#/challenge"},
    },
    "qr": {
        "operationId": "challenge_qr_get",
        "parameters": {"path.code": "$response.body#/challenge"},
    },
}


def apart_operation(summary: str, description: str, **declared: Any) -> Operation:
    """A play-apart route's declaration: JSON bodies only, the player's cookie taken
    (needed where ``seat`` is True), the game's statuses (or the route's own, where it
    reads a field as /score does), the database's errors."""
    codes = (*declared.pop("codes", ()), *DATABASE_CODES)
    statuses = {**STATUS_OF_CODE, **declared.pop("statuses", {})}
    declared.setdefault("seat", None)
    return Operation(
        summary,
        description,
        forms=False,
        statuses=statuses,
        codes=codes,
        scheme=PLAYER,
        **declared,
    )


def apart_api_error(error: ApartError) -> APIError:
    """The HTTP answer to an error of playing apart: its status, code, message, headers."""
    status = STATUS.get(type(error), 400)
    headers = {}
    if error.retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
    if status == 401:
        headers["WWW-Authenticate"] = f'Cookie realm="boggle players", name="{COOKIE}"'
    return APIError(status, error.code, error.shown(), headers=headers)


def apart() -> Apart:
    """The app's play apart."""
    return current_app.extensions["boggle.apart"]


def player_token() -> str | None:
    """The browser's player key, from its cookie."""
    return request.cookies.get(COOKIE) or None


def keep_player(response: Response, identity: Identity | None = None) -> Response:
    """Give the browser its player key (a new one, or the one it sent, for another 400
    days): HttpOnly, so no script reads it; SameSite=Lax, so other sites' requests do
    not carry it; Secure when the request came over HTTPS."""
    token = (identity.new_token if identity else None) or player_token()
    if token:
        response.set_cookie(
            COOKIE,
            token,
            max_age=COOKIE_SECONDS,
            path="/",
            secure=request.is_secure,
            httponly=True,
            samesite="Lax",
        )
    return response


def forget_player(response: Response) -> Response:
    """Take the player key away from the browser."""
    response.delete_cookie(
        COOKIE, path="/", secure=request.is_secure, httponly=True, samesite="Lax"
    )
    return response


# --- A day's boards -------------------------------------------------------------------


def board_url(key: DayKey) -> str:
    """The absolute address of a day's board's page."""
    return url_for(
        "daily.board_page", day=key.day, language=key.language, size=key.size, _external=True
    )


def today_document(player: int | None) -> dict[str, Any]:
    """Today's boards, with the caller's play of each, and their days in a row."""
    game = apart()
    mine = game.daily.today_plays(player)
    history = game.daily.history(player)
    return {
        "day": game.daily.today(),
        "next_day_at": round(game.daily.next_day_at(), 3),
        "streak": history["streak"],
        "longest_streak": history["longest_streak"],
        "boards": [
            {
                "key": str(key),
                "language": key.language,
                "size": key.size,
                "title": game.daily.title(key),
                "url": board_url(key),
                "you": mine.get(str(key)),
            }
            for key in game.daily.boards_of()
        ],
        "now": round(game.clock(), 3),
    }


def board_document(key: DayKey, spec: BoardSpec, view: PlayView | None) -> dict[str, Any]:
    """A day's board for the caller: its rules and players so far, and their play (the
    faces only once they have started). ``state`` is ``ready`` (theirs to start),
    ``playing``, ``finished`` (results ready) or ``closed`` (another day's, not played)."""
    game = apart()
    if view is not None:
        state = view.state
    else:
        state = "ready" if key.day == game.daily.today() else "closed"
    document = {
        "key": str(key),
        "title": game.daily.title(key),
        "url": board_url(key),
        "board": spec.as_dict(),
        "players": game.plays.players(spec.id),
        "state": state,
        "play": None if view is None else view.as_dict(),
        "results": None,
        "now": round(game.clock(), 3),
    }
    if state == "finished":
        document["results"] = url_for(
            "daily.daily_results", day=key.day, language=key.language, size=key.size
        )
    return document


@bp.get("/daily")
@documented(
    apart_operation(
        "Today's boards",
        "Every language's 4x4 and 5x5 board of the UTC day, each with the caller's play "
        "of it (state and score, or null), their days in a row, and when the next day "
        "begins.",
        answer="DailyToday",
        links={
            "board": {"operationId": "daily_board_get", "parameters": FIRST_BOARD},
            "start": {"operationId": "start_daily_post", "parameters": FIRST_BOARD},
        },
    )
)
def today() -> Response:
    """Today's boards (every language, 4x4 and 5x5), the caller's plays and streak."""
    return jsonify(today_document(apart().players.identify(player_token())))


@bp.get("/daily/<day>/<language>/<size>")
@documented(
    apart_operation(
        "A day's board",
        "Its rules, how many have finished it, its state for the caller (ready, playing, "
        "finished, closed) and their play: the faces only once they have started it, the "
        "results' address once they have finished.",
        path=KEY,
        answer="DailyBoard",
        links={
            "start": {
                "operationId": "start_daily_post",
                "parameters": DAY_PARAMETERS,
            },
        },
    )
)
def daily_board(day: str, language: str, size: str) -> Response:
    """A day's board: its rules, its players so far, the caller's play."""
    key = read_key(day, language, size)
    game = apart()
    spec = game.daily.board(key)
    view = game.plays.view(spec.id, game.players.identify(player_token()))
    return jsonify(board_document(key, spec, view))


@bp.post("/daily/<day>/<language>/<size>/play")
@documented(
    apart_operation(
        "Start today's board",
        "On the server's clock: the board's document with the caller's play (201), or "
        "the play running, resumed (200). One play a player and board; a new player's "
        "key comes back in the cookie. Body {}.",
        path=KEY,
        answer="DailyBoard",
        status=201,
        other_statuses={200: "The caller's play, resumed"},
        codes=("already_played", "not_today"),
        links={
            "send_word": {"operationId": "send_daily_word_post", "parameters": DAY_PARAMETERS},
            "own_words": {"operationId": "daily_words_get", "parameters": DAY_PARAMETERS},
            "finish": {"operationId": "finish_daily_post", "parameters": DAY_PARAMETERS},
        },
    )
)
def start_daily(day: str, language: str, size: str) -> tuple[Response, int]:
    """Start today's board on the server's clock (201), or resume the play running (200);
    409 already_played once it is finished."""
    key = read_key(day, language, size)
    read_body(())
    begun = apart().daily.start(key, player_token())
    response = jsonify(board_document(key, begun.play.board, begun.play))
    return keep_player(response, begun.identity), 201 if begun.new else 200


@bp.post("/daily/<day>/<language>/<size>/words")
@documented(
    apart_operation(
        "Send a word",
        "In the caller's play, while its time and grace last: its verdict, path and score, "
        "for the caller only.",
        fields=SEND,
        path=KEY,
        answer="SentWord",
        codes=("not_playing", "round_over", "word_limit_reached", "too_many_words"),
    )
)
def send_daily_word(day: str, language: str, size: str) -> Response:
    """Send a word in the caller's play: its verdict, path and score, for them only."""
    key = read_key(day, language, size)
    word = read_room_word(read_body(("word",)).get("word"))
    spec = apart().daily.board(key)
    return jsonify(apart().plays.submit(spec.id, player_token(), word).as_dict())


@bp.get("/daily/<day>/<language>/<size>/words")
@documented(
    apart_operation(
        "The caller's words",
        "The words the caller sent in their play of the board, in order, with verdicts "
        "(none before they start).",
        path=KEY,
        answer="DailyWords",
    )
)
def daily_words(day: str, language: str, size: str) -> Response:
    """The words the caller sent in their play of the board, in order, with verdicts."""
    key = read_key(day, language, size)
    game = apart()
    spec = game.daily.board(key)
    sent = game.plays.words(spec.id, game.players.identify(player_token()))
    return jsonify({"key": str(key), "words": [word.as_dict() for word in sent]})


@bp.post("/daily/<day>/<language>/<size>/finish")
@documented(
    apart_operation(
        "Finish the play",
        "Stop the caller's play now (their time is counted to here) and count it: the "
        "board's document, finished. Body {}.",
        path=KEY,
        answer="DailyBoard",
        codes=("not_playing",),
        links={
            "results": {"operationId": "daily_results_get", "parameters": DAY_PARAMETERS},
            "challenge": {"operationId": "challenge_daily_post", "parameters": DAY_PARAMETERS},
        },
    )
)
def finish_daily(day: str, language: str, size: str) -> Response:
    """Stop the caller's play now (their time is counted to here) and count it."""
    key = read_key(day, language, size)
    read_body(())
    game = apart()
    spec = game.daily.board(key)
    view = game.plays.finish(spec.id, game.players.identify(player_token()))
    return jsonify(board_document(key, spec, view))


@bp.get("/daily/<day>/<language>/<size>/results")
@documented(
    apart_operation(
        "A day's board's results",
        "For a caller who has finished it: their score, rank and percentile, their words "
        "with each one's finders, the histogram, the top 20 named, the words nobody found.",
        path=KEY,
        answer="DailyResults",
        codes=("not_finished",),
    )
)
def daily_results(day: str, language: str, size: str) -> Response:
    """The board's results for a caller who has finished it (409 not_finished before)."""
    key = read_key(day, language, size)
    game = apart()
    spec = game.daily.board(key)
    # By the key: its player and their play are read with the results, in one transaction.
    results = game.plays.results(spec.id, token=player_token())
    return jsonify({"key": str(key), "title": game.daily.title(key), **results})


@bp.post("/daily/<day>/<language>/<size>/challenge")
@documented(
    apart_operation(
        "Challenge a friend to the board",
        "With the caller's finished play as the one to beat: the challenge's code, page "
        "and QR code (201), or the same one made already (200). Needs the player's key. "
        "Body {}.",
        path=KEY,
        answer="ChallengeMade",
        status=201,
        seat=True,
        other_statuses={200: "The challenge the caller made already"},
        codes=("unauthorized", "not_finished", "not_playing", "too_many_challenges"),
        links=MADE_LINKS,
    )
)
def challenge_daily(day: str, language: str, size: str) -> tuple[Response, int]:
    """A challenge on this board with the caller's finished play as the one to beat
    (201; 200 with the same one when they made it already)."""
    key = read_key(day, language, size)
    read_body(())
    spec = apart().daily.board(key)
    made = apart().challenges.from_play(player_token(), client_address(), spec.id)
    return jsonify(made_document(made.code)), 201 if made.new else 200


# --- The player -----------------------------------------------------------------------


@bp.get("/daily/me")
@documented(
    apart_operation(
        "The caller as a player",
        "Their name (player is null for a browser with no key), days in a row, and their "
        "past days' results, the last 60.",
        answer="DailyPlayer",
    )
)
def me() -> Response:
    """The caller as a player: their name, days in a row and past days' results."""
    game = apart()
    player = game.players.identify(player_token())
    name = game.players.name(player)
    return jsonify(
        {
            "player": None if player is None else {"name": name},
            **game.daily.history(player),
        }
    )


@bp.post("/daily/me/name")
@documented(
    apart_operation(
        "Name the player",
        "Give the caller a name, shown in a day's top 20 and on challenges; an empty one "
        "or null takes it away. A new player's key comes back in the cookie.",
        fields=RENAME,
        answer="PlayerName",
    )
)
def rename() -> Response:
    """Give the caller a name, shown in a day's top 20 and on challenges; an empty one
    (or null) takes it away."""
    value = read_body(("name",)).get("name")
    name = None if value is None or (isinstance(value, str) and not value.strip()) else value
    if name is not None:
        name = read_player_name(name)
    identity = apart().players.rename(player_token(), name)
    return keep_player(jsonify({"player": {"name": name}}), identity)


@bp.delete("/daily/me")
@documented(
    apart_operation(
        "Delete the player",
        "Everything kept about the caller (plays, challenges, name), and the key from "
        "their browser: deleted is false when there was nothing.",
        answer="Deleted",
    )
)
def delete_me() -> Response:
    """Delete everything kept about the caller, and take the key from their browser."""
    deleted = apart().players.forget(player_token())
    return forget_player(jsonify({"deleted": deleted}))


@bp.post("/daily/me/transfer")
@documented(
    apart_operation(
        "A transfer link",
        "A one-time link (and its QR code) that carries the caller to another device, "
        "for a while. Needs the player's key. Body {}.",
        answer="Transfer",
        status=201,
        seat=True,
        codes=("unauthorized",),
    )
)
def make_transfer() -> tuple[Response, int]:
    """A one-time link (and its QR code) that carries the caller to another device."""
    read_body(())
    transfer = apart().players.new_transfer(player_token())
    return jsonify(transfer_document(transfer.code, transfer.expires_at)), 201


def transfer_document(code: str, expires_at: float) -> dict[str, Any]:
    """A transfer link: its page, its QR code's address, and when it expires."""
    return {
        "url": url_for("daily.transfer_page", code=code, _external=True),
        "qr": url_for("daily.transfer_qr", code=code),
        "expires_at": round(expires_at, 3),
    }


@bp.post("/daily/transfers/<code>")
@documented(
    apart_operation(
        "Use a transfer link",
        "Once: this browser becomes the player who made it (their key in the cookie). Body {}.",
        path=(TRANSFER,),
        answer="PlayerName",
    )
)
def use_transfer(code: str) -> Response:
    """Use a transfer link, once: this browser becomes the player who made it."""
    read_body(())
    identity = apart().players.claim(code)
    name = apart().players.name(identity.player)
    return keep_player(jsonify({"player": {"name": name}}), identity)


@bp.get("/daily/transfers/<code>/qr")
@documented(
    apart_operation(
        "A transfer link's QR code",
        "An SVG of the link, while it can be used, for the other device's camera.",
        path=(TRANSFER,),
        media_type="image/svg+xml",
        seat=False,
    )
)
def transfer_qr(code: str) -> Response:
    """The transfer link as a QR code (SVG), while it can be used."""
    if not apart().players.transfer_open(code):
        raise UnknownTransfer(_("this transfer link has been used already or has expired"))
    return qr_svg(url_for("daily.transfer_page", code=code, _external=True))


def qr_svg(link: str) -> Response:
    """A QR code of a link, as GET /qr and the rooms draw one."""
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", xmldecl=False, title=_("QR code: %(link)s", link=link), border=2, scale=6
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")


# --- Challenges -----------------------------------------------------------------------


def challenge_url(code: str) -> str:
    """The absolute address of a challenge's page."""
    return url_for("daily.challenge_page", code=code, _external=True)


def made_document(code: str) -> dict[str, Any]:
    """The answer to a challenge made: its code, page and QR code's address."""
    return {
        "challenge": code,
        "url": challenge_url(code),
        "qr": url_for("daily.challenge_qr", code=code),
    }


def challenge_document(code: str, player: int | None, versus: int | None = None) -> dict[str, Any]:
    """The challenge as the player may see it, with its page and their words."""
    game = apart()
    document = game.challenges.document(code, player, versus)
    if document["play"] is not None and document["play"]["state"] == "playing":
        spec = game.challenges.board(code)
        document["words"] = [word.as_dict() for word in game.plays.words(spec.id, player)]
    return {**document, **made_document(document["challenge"]), "now": round(game.clock(), 3)}


@bp.post("/challenges")
@documented(
    apart_operation(
        "Challenge a friend after practice",
        "The round's board, shortest word, word list, clock and found words (the list "
        "to beat), as /score reads them: the challenge's code, page and QR code. A new "
        "player's key comes back in the cookie.",
        fields=MAKE,
        answer="ChallengeMade",
        status=201,
        codes=("board_too_large", "too_many_challenges", "search_budget_exceeded"),
        # The round's words are a field, as /score's: too many is a 400 (a play's is a 429).
        statuses={"too_many_words": 400},
        links=MADE_LINKS,
    )
)
def make_challenge() -> tuple[Response, int]:
    """A challenge after a practice round: its board, clock, shortest word and words."""
    fields = read_body(CHALLENGE_FIELDS)
    limits = service.limits()
    name = read_name(fields.get("dictionary"), "dictionary", service.catalog().default)
    rules = service.rules_named(name)
    board = read_board(fields.get("board"), limits, rules=rules)
    if board.size > CHALLENGE_MAX_CELLS:
        raise APIError(
            413,
            "board_too_large",
            _(
                "a challenge's board has at most %(limit)s cells; this one has %(cells)s",
                limit=CHALLENGE_MAX_CELLS,
                cells=format_decimal(board.size),
            ),
            limit=CHALLENGE_MAX_CELLS,
        )
    dictionary = service.dictionary_named(name).name  # as the catalog spells it
    min_length = read_min_length(fields.get("min_length"), min_length_for(board.rows, board.cols))
    seconds = read_whole_number(fields.get("seconds"), "seconds", MIN_SECONDS, MAX_SECONDS)
    if seconds is None:
        seconds = BIG_ROUND_SECONDS if board.size >= BIG_BOARD_CELLS else ROUND_SECONDS
    words = read_words(fields.get("words"))
    try:
        made = apart().challenges.from_practice(
            player_token(),
            client_address(),
            board=board,
            language=rules.code,
            dictionary=dictionary,
            min_length=min_length,
            seconds=seconds,
            words=words,
        )
    except BoardError as error:
        raise board_error(error) from None
    return keep_player(jsonify(made_document(made.code)), made.identity), 201


def read_words(value: Any) -> list[str]:
    """A challenge's ``words``: a list of the words the round found (strings), at most
    ROOM_MAX_WORDS, each at most SCORE_MAX_WORD_CHARS; blanks are dropped."""
    config = current_app.config
    if value is None:
        return []
    if not isinstance(value, list):
        raise bad_request("bad_words", _("'words' must be a list of words"), "words")
    if len(value) > config["ROOM_MAX_WORDS"]:
        raise bad_request(
            "too_many_words",
            _(
                "the round has %(count)s words; the limit is %(limit)s",
                count=format_decimal(len(value)),
                limit=format_decimal(config["ROOM_MAX_WORDS"]),
            ),
            "words",
            limit=config["ROOM_MAX_WORDS"],
        )
    words = []
    for word in value:
        if not isinstance(word, str):
            raise bad_request("bad_words", _("'words' must be a list of words"), "words")
        if not normalize_word(word):
            continue
        try:
            words.append(read_room_word(word))
        except APIError as error:
            raise bad_request("bad_words", error.message, "words") from None
    return words


@bp.get("/challenges/<code>")
@documented(
    apart_operation(
        "A challenge",
        "Its rules and challenger, the caller's play; once they have finished (the "
        "challenger always has), every entry ranked and two lists judged side by side as "
        "/score judges a game (the challenger picks the taker with versus).",
        fields=(VERSUS,),
        path=(CHALLENGE,),
        answer="Challenge",
    )
)
def challenge(code: str) -> Response:
    """A challenge: its rules and challenger, the caller's play, and once they have
    finished, everyone ranked and the two lists side by side (``versus``: the taker
    the challenger compares with)."""
    versus = read_whole_number(request.args.get("versus"), "versus", 1, MAX_NUMBER)
    player = apart().players.identify(player_token())
    return jsonify(challenge_document(code, player, versus))


@bp.post("/challenges/<code>/play")
@documented(
    apart_operation(
        "Take a challenge",
        "Start its board on the server's clock (201), or resume, or answer with the "
        "caller's play of it (200). A new player's key comes back in the cookie. Body {}.",
        path=(CHALLENGE,),
        answer="Challenge",
        status=201,
        other_statuses={200: "The caller's play of it, resumed or finished"},
        codes=("already_played",),
        links={
            "send_word": {
                "operationId": "send_challenge_word_post",
                "parameters": {"path.code": "$response.body#/challenge"},
            },
            "own_words": {
                "operationId": "challenge_words_get",
                "parameters": {"path.code": "$response.body#/challenge"},
            },
            "finish": {
                "operationId": "finish_challenge_post",
                "parameters": {"path.code": "$response.body#/challenge"},
            },
        },
    )
)
def take_challenge(code: str) -> tuple[Response, int]:
    """Take the challenge: start its board on the server's clock (201), or resume or
    answer with the caller's play of it (200)."""
    read_body(())
    begun = apart().challenges.take(code, player_token())
    document = challenge_document(code, begun.identity.player)
    return keep_player(jsonify(document), begun.identity), 201 if begun.new else 200


@bp.post("/challenges/<code>/words")
@documented(
    apart_operation(
        "Send a word in a challenge",
        "In the caller's play of the challenge's board: its verdict, path and score.",
        fields=SEND,
        path=(CHALLENGE,),
        answer="SentWord",
        codes=("not_playing", "round_over", "word_limit_reached", "too_many_words"),
    )
)
def send_challenge_word(code: str) -> Response:
    """Send a word in the caller's play of the challenge's board."""
    word = read_room_word(read_body(("word",)).get("word"))
    spec = apart().challenges.board(code)
    return jsonify(apart().plays.submit(spec.id, player_token(), word).as_dict())


@bp.get("/challenges/<code>/words")
@documented(
    apart_operation(
        "The caller's words in a challenge",
        "The words the caller sent in their play of the challenge's board, in order.",
        path=(CHALLENGE,),
        answer="ChallengeWords",
    )
)
def challenge_words(code: str) -> Response:
    """The words the caller sent in their play of the challenge's board."""
    game = apart()
    spec = game.challenges.board(code)
    sent = game.plays.words(spec.id, game.players.identify(player_token()))
    return jsonify({"challenge": code.upper(), "words": [word.as_dict() for word in sent]})


@bp.post("/challenges/<code>/finish")
@documented(
    apart_operation(
        "Finish a challenge's play",
        "Stop the caller's play of the challenge's board now and count it: the challenge, "
        "ranked and side by side. Body {}.",
        path=(CHALLENGE,),
        answer="Challenge",
        codes=("not_playing", "search_budget_exceeded"),
    )
)
def finish_challenge(code: str) -> Response:
    """Stop the caller's play of the challenge's board now and count it."""
    read_body(())
    game = apart()
    spec = game.challenges.board(code)
    player = game.players.identify(player_token())
    game.plays.finish(spec.id, player)
    return jsonify(challenge_document(code, player))


@bp.get("/challenges/<code>/qr")
@documented(
    apart_operation(
        "A challenge's QR code",
        "An SVG of the challenge's link: a friend's phone camera opens it.",
        path=(CHALLENGE,),
        media_type="image/svg+xml",
        seat=False,
    )
)
def challenge_qr(code: str) -> Response:
    """The challenge's link as a QR code (SVG): a friend's phone camera opens it."""
    apart().challenges.board(code)  # 404 for a challenge that does not exist
    return qr_svg(challenge_url(code.strip().upper()))
