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
from typing import Any

import segno
from flask import Response, current_app, jsonify, request
from flask_babel import format_decimal
from flask_babel import gettext as _

from boggle.dice import min_length_for, roll_plan
from boggle.errors import DiceError
from boggle.languages import LANGUAGES
from boggle.rules import RULES, Ruleset
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
from ..params import (
    read_fields,
    read_flag,
    read_min_length,
    read_name,
    read_size,
    read_whole_number,
)
from ..play import BIG_BOARD_CELLS, BIG_ROUND_SECONDS, ROUND_SECONDS
from . import bp

log = logging.getLogger(__name__)

CREATE_FIELDS = ("name", "dice", "rows", "cols", "min_length", "dictionary", "seconds")
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
def join_room(code: str) -> tuple[Response, int]:
    """Take a seat in the room; a caller who holds one already gets it back (200)."""
    code = room_code(code)
    fields = read_body(("name",))
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
def room(code: str) -> Response:
    """The room: settings, players and totals, the caller's seat, the round; with an
    ETag, and 304 when it has not changed since the caller's copy."""
    code = room_code(code)
    return room_response(code, caller_token(code), 200)


@bp.post("/rooms/<code>/rounds")
def start_round(code: str) -> Response:
    """Start the next round (the host only): 201 with the room, its round playing."""
    code = room_code(code)
    fields = read_body(("player",))
    token = caller_token(code)
    with guarded(code):
        check_player_field(fields, code, token)
        rooms().start_round(code, token)
    return room_response(code, token, 201)


@bp.post("/rooms/<code>/lock")
def lock_room(code: str) -> Response:
    """Lock the room against new players, or open it again (the host only): the room."""
    code = room_code(code)
    fields = read_body(("locked",))
    locked = read_flag(fields.get("locked"), "locked")
    if locked is None:
        raise bad_request("missing_locked", _("give 'locked': true or false"), "locked")
    token = caller_token(code)
    with guarded(code):
        rooms().lock(code, token, locked)
    return room_response(code, token, 200)


@bp.delete("/rooms/<code>/players/<int:seat>")
def remove_player(code: str, seat: int) -> Response:
    """Remove a player from the room (the host only): the room, without them."""
    code = room_code(code)
    token = caller_token(code)
    with guarded(code):
        rooms().remove(code, token, player_number(code, seat))
    return room_response(code, token, 200)


@bp.post("/rooms/<code>/rounds/<int:number>/words")
def send_word(code: str, number: int) -> Response:
    """Send a word in a round: its verdict, path and score, for the sender only."""
    code, number = room_code(code), round_number(code, number)
    fields = read_body(("word", "player"))
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
def own_words(code: str, number: int) -> Response:
    """The words the caller sent in a round, in order, with their verdicts."""
    code, number = room_code(code), round_number(code, number)
    with guarded(code):
        sent = rooms().words(code, caller_token(code), number)
    return jsonify({"room": code, "round": number, "words": [word.as_dict() for word in sent]})


@bp.get("/rooms/<code>/rounds/<int:number>/results")
def results(code: str, number: int) -> Response:
    """A round's results once it is over (409 round_not_over before)."""
    code, number = room_code(code), round_number(code, number)
    with guarded(code):
        return jsonify(rooms().results(code, caller_token(code), number))


@bp.get("/rooms/<code>/qr")
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
    version = (
        f"{rooms().visit(code, token, client_address())}|{room_url(code)}|{i18n.current_code()}"
    )
    tag = hashlib.sha256(version.encode()).hexdigest()[:32]
    # Compared weakly, as RFC 9110 asks of If-None-Match: a proxy that compresses the
    # answer marks its tag weak (W/"..."), and the client sends that back.
    if status == 200 and request.if_none_match.contains_weak(tag):
        response = Response(status=304)
    else:
        state = rooms().state(code, token)
        document = {"room": state.pop("room"), "url": room_url(code), **state}
        document["now"] = round(rooms().clock(), 3)
        response = jsonify(document)
        response.status_code = status
    response.set_etag(tag)
    response.headers[SERVER_TIME_HEADER] = f"{rooms().clock():.3f}"
    # The document is the caller's own ("you"): no shared cache may keep it, and the
    # client asks again each time, with its tag.
    response.headers["Cache-Control"] = "private, no-cache"
    response.vary.update(("Authorization", "Cookie"))
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
    return f"{request.url_root}room/{code}"


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
    number = read_whole_number(fields["player"], "player", 1, MAX_ROUND_NUMBER)
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
        rules = dice_rules(dice.name)
        dictionary = service.catalog().default if rules is RULES else rules.default_dictionary
    service.check_dice_language(dice, service.rules_named(dictionary))
    name = service.dictionary_named(dictionary).name  # as the catalog spells it
    own_size = (rows, cols) == (dice.rows, dice.cols)
    min_length = read_min_length(
        fields.get("min_length"), dice.min_length if own_size else min_length_for(rows, cols)
    )
    seconds = read_whole_number(fields.get("seconds"), "seconds", MIN_SECONDS, MAX_SECONDS)
    if seconds is None:
        seconds = BIG_ROUND_SECONDS if rows * cols >= BIG_BOARD_CELLS else ROUND_SECONDS
    return RoomSettings(dice.name, rows, cols, min_length, name, seconds)


def dice_rules(name: str) -> Ruleset:
    """The rules (language) a dice set belongs to."""
    for rules in (RULES, *LANGUAGES.values()):
        if any(spec.name == name for spec in rules.dice_sets):
            return rules
    return RULES


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
