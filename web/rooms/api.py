"""The rooms' JSON API (see docs/rooms.md): create and join rooms, start rounds,
send words, read the room and a round's results.

Requests are read here as everywhere in web/ (``read_fields`` and the ``read_x``
readers), the game is ``games.rooms.Rooms``, and its errors become HTTP answers at
one edge (``room_api_error``). A player is known by their token, sent as
``Authorization: Bearer TOKEN`` or in the room's cookie, which a browser gets when it
creates or joins the room.
"""

from __future__ import annotations

import hashlib
import io
import logging
import math
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import segno
from flask import Response, current_app, jsonify, request
from flask_babel import format_decimal
from flask_babel import gettext as _
from werkzeug.http import quote_etag
from werkzeug.sansio.utils import get_current_url

from boggle.dice import min_length_for, roll_plan, rules_of
from boggle.errors import DiceError
from boggle.rules import RULES
from boggle.words import normalize_word
from games import codes
from games.errors import (
    CannotRemoveHost,
    DatabaseNotReady,
    DatabaseUnavailable,
    NameTaken,
    NotHost,
    NotYourSeat,
    RoomError,
    RoomFull,
    RoomLocked,
    RoundInProgress,
    RoundNotCurrent,
    RoundNotOver,
    RoundNotStarted,
    RoundOver,
    SearchTooLong,
    TooManyGuesses,
    TooManyRooms,
    TooManyWords,
    Unauthorized,
    UnknownPlayer,
    UnknownRoom,
    UnknownRound,
    WordLimitReached,
)
from games.names import mixed_letters
from games.rooms import (
    BadWord,
    Rooms,
    RoomSettings,
    Seat,
    unknown_room_message,
    unknown_round_message,
)

from .. import i18n, service
from ..errors import APIError, bad_request
from ..openapi import Operation, documented
from ..params import (
    COLS,
    DICE,
    DICTIONARY,
    MIN_LENGTH,
    ROWS,
    Field,
    Setting,
    names,
    read_fields,
    read_flag,
    read_min_length,
    read_name,
    read_size,
    read_whole_number,
    whole_number,
)
from ..play import BIG_BOARD_CELLS, BIG_ROUND_SECONDS, ROUND_SECONDS
from . import bp

log = logging.getLogger(__name__)

#: The shortest and longest round, in seconds (10 s for tests and quick games).
MIN_SECONDS, MAX_SECONDS = 10, 3600
#: The dice a room rolls when none are named (and the board is 4x4): the classic set.
DEFAULT_DICE = "classic"
#: The room's cookie: ``boggle_room_CODE``, holding the player's token.
COOKIE_PREFIX = "boggle_room_"
#: Round numbers are stored as 32-bit integers; a larger one names no round.
MAX_ROUND_NUMBER = 2**31 - 1
#: The header of every room document and poll, 304s included: the server's clock, in
#: Unix seconds, from which each phone reckons its own clock's offset.
SERVER_TIME_HEADER = "X-Server-Time"
#: The headers of every answer with the room's document, or its 304 (``room_response``),
#: as the OpenAPI document describes them.
ROOM_HEADERS = {
    SERVER_TIME_HEADER: {
        "description": "The server's clock, in Unix seconds to the millisecond (as 'now' "
        "in the document): a client reckons its own clock's offset from it.",
        "required": True,
        "schema": {"type": "string", "pattern": r"^[0-9]+\.[0-9]{3}$"},
        "example": "1764892800.125",
    },
    "ETag": {
        "description": "The document's version: sent back in If-None-Match, it gets a 304 "
        "while nothing but the clock has changed.",
        "required": True,
        "schema": {"type": "string"},
    },
}

# --- The fields, as web/params.py declares the others (the API's document reads them) ---

NAME = Field(
    "name",
    "The player's name: printable text, spaces at the ends trimmed, unique in the room "
    "in any case.",
    {"type": "string", "pattern": r"\S", "maxLength": Setting("ROOM_MAX_NAME_CHARS")},
    ("missing_name", "bad_name"),
    required=True,
    example="Ann",
)
SECONDS = Field(
    "seconds",
    "The round's length in seconds. Default: 180, or 240 on a board of 36 cells or more.",
    whole_number(MIN_SECONDS, MAX_SECONDS),
    ("bad_seconds",),
    example=180,
)
PLAYER = Field(
    "player",
    "The caller's own seat (optional): another is a 403 not_your_seat.",
    whole_number(1, MAX_ROUND_NUMBER),
    ("bad_player", "not_your_seat"),
    example=1,
)
ROOM_WORD = Field(
    "word",
    "The word as written or traced: any case, punctuation around it ignored.",
    # A letter somewhere in it (a word of punctuation alone is a bad_word).
    {"type": "string", "pattern": r"[^\W\d_]", "maxLength": Setting("SCORE_MAX_WORD_CHARS")},
    ("missing_word", "bad_word"),
    required=True,
    example="float",
)
CODE = Field(
    "code",
    "The room's code, any case, spaces and hyphens ignored.",
    {"type": "string", "minLength": 1},
    # An address past its hour's guesses is refused every room it holds no seat in.
    ("unknown_room", "not_found", "too_many_guesses"),
    example="K7QX4",
)
SEAT = Field(
    "seat",
    "A player's seat (id) in the room.",
    {"type": "integer", "minimum": 0},
    ("unknown_player", "not_found"),
    example=2,
)
LOCKED = Field(
    "locked",
    "true to lock the room against new players, false to open it again (a form's "
    "'on'/'off', '1'/'0' are read too).",
    {"type": "boolean"},
    ("missing_locked", "bad_locked"),
    required=True,
    example=True,
)
ROUND = Field(
    "number",
    "The round's number, from 1.",
    {"type": "integer", "minimum": 0},
    ("unknown_round", "not_found"),
    example=1,
)

#: The fields of each of the rooms' routes.
CREATE = (NAME, DICE, ROWS, COLS, MIN_LENGTH, DICTIONARY, SECONDS)
CREATE_FIELDS = names(CREATE)
JOIN = (NAME,)
START = (PLAYER,)
LOCK = (LOCKED,)
SEND = (ROOM_WORD, PLAYER)

#: The HTTP status of each error of the game.
STATUS: dict[type[RoomError], int] = {
    BadWord: 400,
    Unauthorized: 401,
    NotHost: 403,
    NotYourSeat: 403,
    RoomLocked: 403,
    UnknownRoom: 404,
    UnknownRound: 404,
    UnknownPlayer: 404,
    NameTaken: 409,
    RoomFull: 409,
    CannotRemoveHost: 409,
    RoundInProgress: 409,
    RoundNotStarted: 409,
    RoundNotCurrent: 409,
    RoundNotOver: 409,
    RoundOver: 409,
    WordLimitReached: 409,
    SearchTooLong: 422,
    TooManyRooms: 429,
    TooManyGuesses: 429,
    TooManyWords: 429,
    DatabaseNotReady: 503,
    DatabaseUnavailable: 503,
}


#: The same, by code, for the API's document.
STATUS_OF_CODE = {error.code: status for error, status in STATUS.items()}
#: What any room request may answer: the database not migrated, or out of reach.
DATABASE_CODES = ("database_not_ready", "database_unavailable")
#: A seat's token from an answer that holds one, as the header that sends it.
TOKEN = "Bearer {$response.body#/token}"
#: The header a request was sent with, passed on along a link.
SAME_SEAT = "{$request.header.Authorization}"


def room_operation(summary: str, description: str, **declared: Any) -> Operation:
    """A rooms route's declaration: JSON bodies only, the game's statuses, the
    database's errors."""
    codes = (*declared.pop("codes", ()), *DATABASE_CODES)
    # Every answer with the room's document is room_response's, with its headers.
    if declared.get("answer") == "Room":
        declared.setdefault("headers", ROOM_HEADERS)
    return Operation(
        summary, description, forms=False, statuses=STATUS_OF_CODE, codes=codes, **declared
    )


def room_api_error(error: RoomError) -> APIError:
    """The HTTP answer to an error of the game: its status, code, message and headers."""
    status = STATUS.get(type(error), 400)
    headers = {}
    if error.retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(error.retry_after)))
    elif isinstance(error, DatabaseUnavailable):
        headers["Retry-After"] = "1"
    if status == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="boggle rooms"'
    if status == 503:
        # The operator's to fix (a database down or not migrated), not the client's: say
        # so in the server's log too.
        log.warning("rooms: %s: %s", error.code, error.message)
    answer = APIError(status, error.code, error.shown(), headers=headers)
    # The field a code names on other routes (/score's too_many_words is about
    # "players") is not this one's: only a bad word is about a field here.
    answer.field = "word" if isinstance(error, BadWord) else None
    return answer


def rooms() -> Rooms:
    """The app's rooms."""
    return current_app.extensions["boggle.rooms"]


@contextmanager
def guarded(code: str) -> Iterator[None]:
    """A request that needs a seat in the room: a caller refused one (no room of the
    code, or no seat in it) counts against the limit on guesses, as ``Rooms.stranger``
    says, so that past the limit no answer tells which codes are rooms."""
    try:
        yield
    except (UnknownRoom, Unauthorized) as refused:
        rooms().stranger(code, client_address(), known=isinstance(refused, Unauthorized))
        raise


# --- Routes ---------------------------------------------------------------------------


@bp.post("/rooms")
@documented(
    room_operation(
        "Create a room",
        "With its settings, seating its host (player 1), whose token comes back and in "
        "the room's cookie. Settings are named as for /random and /solve.",
        fields=CREATE,
        answer="Seat",
        status=201,
        codes=("too_many_rooms",),
        links={
            "join": {
                "operationId": "join_room_post",
                "parameters": {"path.code": "$response.body#/room"},
            },
            "room": {
                "operationId": "room_get",
                "parameters": {"path.code": "$response.body#/room", "header.Authorization": TOKEN},
            },
            "start": {
                "operationId": "start_round_post",
                "parameters": {"path.code": "$response.body#/room", "header.Authorization": TOKEN},
            },
            "lock": {
                "operationId": "lock_room_post",
                "parameters": {"path.code": "$response.body#/room", "header.Authorization": TOKEN},
            },
        },
    )
)
def create_room() -> tuple[Response, int]:
    """Create a room with its settings and seat its host (see docs/rooms.md)."""
    fields = read_body(CREATE_FIELDS)
    name = read_player_name(fields.get("name"))
    settings = read_room_settings(fields)
    seat = rooms().create(settings, name, client_address())
    document = {
        "room": seat.room,
        "url": room_url(seat.room),
        "player": seat.player(),
        "token": seat.token,
        "settings": settings.as_dict(),
    }
    return seated(document, seat), 201


@bp.post("/rooms/<code>/players")
@documented(
    room_operation(
        "Join a room",
        "Take a seat, named; a caller whose token already holds one gets it back (200), "
        "whatever name it sends.",
        fields=JOIN,
        path=(CODE,),
        answer="Seat",
        status=201,
        seat=None,
        other_statuses={200: "The caller's seat, held already"},
        codes=("unauthorized", "name_taken", "room_full", "room_locked"),
        links={
            "room": {
                "operationId": "room_get",
                "parameters": {"path.code": "$response.body#/room", "header.Authorization": TOKEN},
            },
        },
    )
)
def join_room(code: str) -> tuple[Response, int]:
    """Take a seat in the room; a caller who holds one already gets it back (200)."""
    code = room_code(code)
    fields = read_body(names(JOIN))
    token = caller_token(code)
    if token:
        try:
            seat = rooms().seat(code, token)
        except (Unauthorized, UnknownRoom):
            pass  # a token from an earlier database, or none of this room's: seat anew
        else:
            return seated(seat_document(seat), seat), 200
    rooms().admit(code, None, client_address())
    seat = rooms().join(code, read_player_name(fields.get("name")))
    return seated(seat_document(seat), seat), 201


@bp.get("/rooms/<code>")
@documented(
    room_operation(
        "The room",
        "Its settings, players and totals, the caller's seat (you) and the round; with "
        "an ETag, and 304 with no body when If-None-Match holds it. No seat needed.",
        path=(CODE,),
        answer="Room",
        seat=None,
        other_statuses={304: "The caller's copy is current (If-None-Match)"},
        codes=("unauthorized",),
    )
)
def room(code: str) -> Response:
    """The room: settings, players and totals, the caller's seat, the round; with an
    ETag, and 304 when it has not changed since the caller's copy."""
    code = room_code(code)
    return room_response(code, caller_token(code), 200)


@bp.post("/rooms/<code>/rounds")
@documented(
    room_operation(
        "Start the next round",
        "The host only: the room's document, the new round playing on a board rolled "
        "from the room's dice. Body {} (or the host's own player).",
        fields=START,
        path=(CODE,),
        answer="Room",
        status=201,
        seat=True,
        codes=("unauthorized", "not_host", "round_in_progress", "search_budget_exceeded"),
        links={
            "send_word": {
                "operationId": "send_word_post",
                "parameters": {
                    "path.code": "$response.body#/room",
                    "path.number": "$response.body#/round/number",
                    "header.Authorization": SAME_SEAT,
                },
            },
            "own_words": {
                "operationId": "own_words_get",
                "parameters": {
                    "path.code": "$response.body#/room",
                    "path.number": "$response.body#/round/number",
                    "header.Authorization": SAME_SEAT,
                },
            },
            "results": {
                "operationId": "results_get",
                "parameters": {
                    "path.code": "$response.body#/room",
                    "path.number": "$response.body#/round/number",
                    "header.Authorization": SAME_SEAT,
                },
            },
        },
    )
)
def start_round(code: str) -> Response:
    """Start the next round (the host only): 201 with the room, its round playing."""
    code = room_code(code)
    fields = read_body(names(START))
    token = caller_token(code)
    with guarded(code):
        check_player_field(fields, code, token)
        rooms().start_round(code, token)
    return room_response(code, token, 201)


@bp.post("/rooms/<code>/lock")
@documented(
    room_operation(
        "Lock the room, or open it again",
        "The host only: no new player may join a locked room (403 room_locked); a "
        "player seated already may still come back. Answers the room.",
        fields=LOCK,
        path=(CODE,),
        answer="Room",
        seat=True,
        codes=("unauthorized", "not_host"),
    )
)
def lock_room(code: str) -> Response:
    """Lock the room against new players, or open it again (the host only): the room."""
    code = room_code(code)
    fields = read_body(names(LOCK))
    locked = read_flag(fields.get("locked"), "locked")
    if locked is None:
        raise bad_request("missing_locked", _("give 'locked': true or false"), "locked")
    token = caller_token(code)
    with guarded(code):
        rooms().lock(code, token, locked)
    return room_response(code, token, 200)


@bp.delete("/rooms/<code>/players/<int:seat>")
@documented(
    room_operation(
        "Remove a player",
        "The host only, and never the host: the player's seat is emptied and their "
        "token seats nobody. Answers the room, without them.",
        path=(CODE, SEAT),
        answer="Room",
        seat=True,
        codes=("unauthorized", "not_host", "cannot_remove_host"),
    )
)
def remove_player(code: str, seat: int) -> Response:
    """Remove a player from the room (the host only): the room, without them."""
    code = room_code(code)
    token = caller_token(code)
    with guarded(code):
        rooms().remove(code, token, player_number(code, seat))
    return room_response(code, token, 200)


@bp.post("/rooms/<code>/rounds/<int:number>/words")
@documented(
    room_operation(
        "Send a word",
        "Its verdict (accepted, repeat, too_short, not_a_word, not_on_board), path and "
        "score, for the sender only. Words sent up to 2 s after the round ends count.",
        fields=SEND,
        path=(CODE, ROUND),
        answer="SentWord",
        seat=True,
        codes=(
            "unauthorized",
            "round_not_started",
            "round_not_current",
            "round_over",
            "too_many_words",
            "word_limit_reached",
            "search_budget_exceeded",
        ),
        links={
            "own_words": {
                "operationId": "own_words_get",
                "parameters": {
                    "path.code": "$request.path.code",
                    "path.number": "$request.path.number",
                    "header.Authorization": SAME_SEAT,
                },
            },
            "results": {
                "operationId": "results_get",
                "parameters": {
                    "path.code": "$request.path.code",
                    "path.number": "$request.path.number",
                    "header.Authorization": SAME_SEAT,
                },
            },
        },
    )
)
def send_word(code: str, number: int) -> Response:
    """Send a word in a round: its verdict, path and score, for the sender only."""
    code, number = room_code(code), round_number(code, number)
    fields = read_body(names(SEND))
    token = caller_token(code)
    word = read_room_word(fields.get("word"))
    with guarded(code):
        check_player_field(fields, code, token)
        response = jsonify(rooms().submit(code, token, number, word).as_dict())
    if token and "Authorization" not in request.headers:
        # A browser playing keeps its cookie for another idle room's lifetime.
        set_seat_cookie(response, code, token)
    return response


@bp.get("/rooms/<code>/rounds/<int:number>/words")
@documented(
    room_operation(
        "Your words in a round",
        "The caller's own words of the round, in the order sent, each as the answer to sending it.",
        path=(CODE, ROUND),
        answer="SentWords",
        seat=True,
        codes=("unauthorized",),
    )
)
def own_words(code: str, number: int) -> Response:
    """The words the caller sent in a round, in order, with their verdicts."""
    code, number = room_code(code), round_number(code, number)
    with guarded(code):
        sent = rooms().words(code, caller_token(code), number)
    return jsonify({"room": code, "round": number, "words": [word.as_dict() for word in sent]})


@bp.get("/rooms/<code>/rounds/<int:number>/results")
@documented(
    room_operation(
        "A round's results",
        "Once the round is over, for any seated player: the round scored as POST /score "
        "scores a game, with each player's seat and each word's shared flag.",
        path=(CODE, ROUND),
        answer="RoundResults",
        seat=True,
        codes=("unauthorized", "round_not_over", "search_budget_exceeded"),
    )
)
def results(code: str, number: int) -> Response:
    """A round's results once it is over (409 round_not_over before)."""
    code, number = room_code(code), round_number(code, number)
    with guarded(code):
        return jsonify(rooms().results(code, caller_token(code), number))


@bp.get("/rooms/<code>/qr")
@documented(
    room_operation(
        "The room's QR code",
        "An SVG of the room's page, for a phone's camera to join by. No seat needed.",
        path=(CODE,),
        media_type="image/svg+xml",
    )
)
def room_qr(code: str) -> Response:
    """A QR code (SVG) of the room's page, for the lobby: a phone's camera joins by it."""
    code = room_code(code)
    rooms().admit(code, caller_token(code), client_address())  # 404 for no room
    link = room_url(code)
    # Error correction M, as GET /qr: read off a screen across a table.
    out = io.BytesIO()
    segno.make(link, error="m").save(
        out, kind="svg", xmldecl=False, title=_("QR code: %(link)s", link=link), border=2, scale=6
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")


# --- Answers --------------------------------------------------------------------------


def room_response(code: str, token: str | None, status: int) -> Response:
    """The room's document, with an ETag that changes whenever anything in it but
    ``now`` does; a 304 when the caller's ``If-None-Match`` holds that tag (only for a
    200), answered from the room's version alone, without the document."""
    # The version (games/rooms.py), the address the document's link is made from, and
    # the reader's language: each language's answer is a representation of its own
    # (Content-Language, Vary: Accept-Language), so a reader who switches must not be
    # told that their copy in the old one is current.
    url = room_url(code)
    suffix = f"|{url}|{i18n.current_code()}"
    tags: list[str] = []

    def wanted(visit: str) -> bool:
        """Whether the caller needs the document: not when their copy is current."""
        tags.append(hashlib.sha256(f"{visit}{suffix}".encode()).hexdigest()[:32])
        # Compared weakly, as RFC 9110 asks of If-None-Match: a proxy that compresses
        # the answer marks its tag weak (W/"..."), and the client sends that back.
        return status != 200 or not request.if_none_match.contains_weak(tags[-1])

    # The version and, unless the caller's copy is current, the document, read
    # together (in one transaction when the visit writes nothing). The caller's address
    # is asked for only by a visit that writes (a stranger's is counted).
    store = rooms()
    _version, state = store.poll(code, token, client_address, wanted)
    # Given in one list to an answer that has none of them (a poll's every two
    # seconds): the document is the caller's own ("you"), so no shared cache may keep
    # it, and the client asks again each time, with its tag.
    headers = (
        ("ETag", quote_etag(tags[-1])),
        (SERVER_TIME_HEADER, f"{store.clock():.3f}"),
        ("Cache-Control", "private, no-cache"),
        ("Vary", "Authorization, Cookie"),
    )
    if state is None:
        # Made with its headers: a third cheaper than adding them to one made bare.
        return Response(status=304, headers=headers)
    document = {"room": state.pop("room"), "url": url, **state}
    document["now"] = round(store.clock(), 3)
    response = jsonify(document)
    response.status_code = status
    response.headers.extend(headers)
    return response


def seat_document(seat: Seat) -> dict[str, Any]:
    """The answer to a join: the room, its page and the seat with its token."""
    return {
        "room": seat.room,
        "url": room_url(seat.room),
        "player": seat.player(),
        "token": seat.token,
    }


def seated(document: dict[str, Any], seat: Seat) -> Response:
    """The document, with the cookie that keeps the seat in this browser.

    HttpOnly, so no script reads the token; SameSite=Lax, so other sites' pages do not
    send it with their requests; Secure when the request came over HTTPS (behind a
    proxy, as PROXY_HOPS trusts it to say).
    """
    response = jsonify(document)
    set_seat_cookie(response, seat.room, seat.token)
    return response


def set_seat_cookie(response: Response, code: str, token: str) -> None:
    """Set the room's cookie, kept as long as an idle room is (ROOM_IDLE_SECONDS): one
    cookie a room, and a browser that has played in many rooms must not send them all
    with every request for long (headers past 8 KB are refused by servers).

    The answer carries the token, so no cache, the browser's or a proxy's, may keep it.
    """
    response.headers["Cache-Control"] = "no-store"
    response.set_cookie(
        cookie_name(code),
        token,
        max_age=current_app.config["ROOM_IDLE_SECONDS"],
        path="/",
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )


def room_url(code: str) -> str:
    """The absolute address of the room's page."""
    return f"{_url_root(request.scheme, request.host, request.root_path)}room/{code}"


#: ``request.url_root`` (Werkzeug's ``get_current_url``, which quotes and unquotes the
#: address anew each time) kept for each scheme, host and root a request came by: a
#: room's poll, every player's every two seconds, names its room's address each time.
_url_root = lru_cache(maxsize=64)(get_current_url)


def cookie_name(code: str) -> str:
    """The name of the cookie holding a player's token for a room."""
    return f"{COOKIE_PREFIX}{code}"


# --- Reading requests -----------------------------------------------------------------


def read_body(names: tuple[str, ...]) -> dict[str, Any]:
    """The fields of a room POST, which must be a JSON body.

    JSON only, never form fields: a page on another site can make a browser post a
    form here, but it cannot send ``Content-Type: application/json`` without asking
    this server first (a CORS preflight, which it never grants). With the cookie's
    SameSite=Lax, which other sites' posts do not carry, that closes cross-site
    request forgery.
    """
    if request.mimetype != "application/json":
        if request.mimetype:
            message = _(
                "send the body as JSON (Content-Type: application/json), not %(sent)s; "
                "an empty one is {}",
                sent=request.mimetype,
            )
        else:
            message = _(
                "send the body as JSON (Content-Type: application/json); this one has no "
                "Content-Type; an empty one is {}"
            )
        raise APIError(415, "unsupported_media_type", message)
    return read_fields(request, names)


def room_code(text: str) -> str:
    """The room code in an address, any case; UnknownRoom if it cannot be a code."""
    code = codes.read_code(text)
    if code is None:
        raise UnknownRoom(unknown_room_message(text))
    return code


def player_number(code: str, seat: int) -> int:
    """A player's seat from an address: UnknownPlayer past what any room can reach."""
    if not 1 <= seat <= MAX_ROUND_NUMBER:
        raise UnknownPlayer(
            _("room %(room)s has no player %(seat)s", room=code, seat=str(seat)[:20])
        )
    return seat


def round_number(code: str, number: int) -> int:
    """A round number from an address: UnknownRound past what any room can reach."""
    if not 1 <= number <= MAX_ROUND_NUMBER:
        raise UnknownRound(unknown_round_message(code, str(number)[:20]))
    return number


def caller_token(code: str) -> str | None:
    """The caller's token: ``Authorization: Bearer TOKEN``, else the room's cookie."""
    header = request.headers.get("Authorization")
    if header is not None:
        scheme, _space, token = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized(_("send the token as 'Authorization: Bearer TOKEN'"))
        return token.strip()
    return request.cookies.get(cookie_name(code)) or None


def check_player_field(fields: dict[str, Any], code: str, token: str | None) -> None:
    """A body's ``player`` (optional) must be the caller's own seat: 403 otherwise."""
    if fields.get("player") in (None, ""):
        return
    number = read_whole_number(fields["player"], PLAYER.name, *PLAYER.bounds())
    seat = rooms().seat(code, token)
    if number != seat.id:
        raise NotYourSeat(
            _(
                "you are player %(you)s; you cannot act for player %(number)s",
                you=seat.id,
                number=number,
            )
        )


def read_player_name(value: Any) -> str:
    """A player's name: 1 to ROOM_MAX_NAME_CHARS printable characters, spaces trimmed,
    its letters in one script or a combination written together (games/names.py)."""
    limit = current_app.config["ROOM_MAX_NAME_CHARS"]
    if value is None or (isinstance(value, str) and not value.strip()):
        raise bad_request("missing_name", _("give your name in 'name'"), "name")
    if not isinstance(value, str):
        raise bad_request("bad_name", _("'name' must be text"), "name")
    name = value.strip()
    if len(name) > limit:
        raise bad_request(
            "bad_name",
            _(
                "the name is %(length)s characters; the limit is %(limit)s",
                length=format_decimal(len(name)),
                limit=format_decimal(limit),
            ),
            "name",
            limit=limit,
        )
    if not name.isprintable():
        raise bad_request(
            "bad_name", _("the name contains control or invisible characters"), "name"
        )
    if not _is_unicode(name):
        raise bad_request("bad_name", _("the name is not valid Unicode text"), "name")
    mixed = mixed_letters(name)
    if mixed:
        raise bad_request(
            "bad_name",
            _(
                "the name mixes letters of alphabets that can look alike ('%(one)s' and "
                "'%(other)s'); write it in one alphabet",
                one=mixed[0],
                other=mixed[1],
            ),
            "name",
        )
    return name


def _is_unicode(text: str) -> bool:
    """Whether text can be stored: no lone surrogate (JSON's "\\ud800"), which no
    database's UTF-8 can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def read_room_word(value: Any) -> str:
    """A word sent in a round: text with letters in it, at most SCORE_MAX_WORD_CHARS."""
    limit = current_app.config["SCORE_MAX_WORD_CHARS"]
    if value is None or (isinstance(value, str) and not value.strip()):
        raise bad_request("missing_word", _("give the word in 'word'"))
    if not isinstance(value, str):
        raise bad_request("bad_word", _("'word' must be text"))
    if len(value) > limit:
        raise bad_request(
            "bad_word",
            _(
                "the word is %(length)s characters; the limit is %(limit)s",
                length=format_decimal(len(value)),
                limit=format_decimal(limit),
            ),
        )
    if not _is_unicode(value):
        raise bad_request("bad_word", _("the word is not valid Unicode text"))
    # PostgreSQL's text cannot hold NUL, and no word has one.
    if "\x00" in value or not normalize_word(value):
        raise bad_request("bad_word", _("the word has no letters in it"))
    return value


def read_room_settings(fields: dict[str, Any]) -> RoomSettings:
    """The room's settings from its creation's fields, with the dice set's defaults:
    the classic dice (or the dictionary's language's), their size and shortest word,
    and the rules' round time (3 minutes, 4 on boards as large as Super Big Boggle's)."""
    limits = service.limits()
    dictionary = read_name(fields.get("dictionary"), "dictionary")
    dice_name = read_name(fields.get("dice"), "dice")
    rows = read_size(fields.get("rows"), "rows", limits)
    cols = read_size(fields.get("cols"), "cols", limits)
    rules = service.rules_named(dictionary) if dictionary is not None else RULES
    side = rows or cols or 4
    if dice_name is None and rules is RULES and (rows or side, cols or side) == (4, 4):
        dice_name = DEFAULT_DICE
    try:
        dice, rows, cols = roll_plan(dice_name, rows, cols, rules)
    except DiceError as error:
        raise bad_request("unknown_dice", str(error), "dice") from None
    if rows * cols > limits.max_cells:
        raise APIError(
            413,
            "board_too_large",
            _(
                "%(rows)sx%(cols)s is %(cells)s cells; the limit is %(limit)s",
                rows=rows,
                cols=cols,
                cells=format_decimal(rows * cols),
                limit=format_decimal(limits.max_cells),
            ),
            "rows" if fields.get("rows") is not None else "cols",  # a room has no board field
            limit=limits.max_cells,
        )
    if dictionary is None:
        rules = rules_of(dice)
        dictionary = service.catalog().default if rules is RULES else rules.default_dictionary
    service.check_dice_language(dice, service.rules_named(dictionary))
    name = service.dictionary_named(dictionary).name  # as the catalog spells it
    own_size = (rows, cols) == (dice.rows, dice.cols)
    min_length = read_min_length(
        fields.get("min_length"), dice.min_length if own_size else min_length_for(rows, cols)
    )
    seconds = read_whole_number(fields.get("seconds"), SECONDS.name, *SECONDS.bounds())
    if seconds is None:
        seconds = BIG_ROUND_SECONDS if rows * cols >= BIG_BOARD_CELLS else ROUND_SECONDS
    return RoomSettings(dice.name, rows, cols, min_length, name, seconds)


def client_address() -> str:
    """The client's address, for the limit on rooms created per hour.

    The production recipe's gunicorn listens on a Unix socket that only nginx can
    reach, so it sees no peer address; nginx appends the address it saw to
    X-Forwarded-For, so the last entry there is the client (earlier entries are the
    client's own word, which anyone can forge).
    """
    if request.remote_addr:
        return request.remote_addr
    forwarded = request.headers.get("X-Forwarded-For", "")
    return forwarded.rsplit(",", 1)[-1].strip() or "unknown"
