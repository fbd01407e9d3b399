"""The rooms' pages: creating a room, joining it by its link, the lobby, play and results.

Each page is drawn whole by the server, as the room stands when it is asked for, so
that it works without JavaScript (a link draws it again; plain forms join, start a
round and send a typed word); ``static/js/room.js`` then keeps it up to date from the
JSON API. The game is ``games.rooms.Rooms``, called as the API calls it (``api.py``'s
readers, its cookie, its errors), so a page and the API never disagree about a room.

The forms here post form fields, which any site can make a browser send; the API's
routes take only JSON for that reason (see ``api.read_body``). These refuse a post
that the browser says came from another site (``Sec-Fetch-Site``, ``Origin``), and
the seat's cookie is SameSite=Lax, which other sites' posts do not carry anyway.
"""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import urlsplit

from flask import Response, current_app, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from boggle.dice import ALL_DICE_SETS, DiceSet, sets_of

# The engine's counted texts, not flask_babel's: they write the count the language's way
# ("1.204" in German), where flask_babel's put in the bare number.
from boggle.i18n import N_, ngettext
from boggle.languages import LANGUAGES
from boggle.rules import RULES
from boggle.standings import VERDICT_TEXT as RULES_VERDICT_TEXT
from games import codes
from games.errors import RoomError, Unauthorized
from games.rooms import ACCEPTED, NOT_A_WORD, NOT_ON_BOARD, REPEAT, TOO_SHORT, Seat

from .. import service
from ..errors import APIError, bad_request
from ..pages import page_rules
from ..params import read_fields, read_flag, read_whole_number
from ..play import BIG_BOARD_CELLS, BIG_ROUND_SECONDS, ROUND_SECONDS
from . import api, bp

#: How each verdict on a word sent reads, on the page and (as data) in its script: the
#: rules' own wording (as the scoring page's) for the verdicts the results share. In
#: English, marked for the catalogue: ``verdict_texts`` translates them per request.
VERDICT_TEXT = {
    ACCEPTED: N_("accepted"),
    REPEAT: N_("already entered"),
    **{verdict: RULES_VERDICT_TEXT[verdict] for verdict in (TOO_SHORT, NOT_A_WORD, NOT_ON_BOARD)},
}
#: The round lengths the form offers, in seconds (empty: the dice set's own).
ROUND_LENGTHS = (30, 60, 120, 180, 240, 300, 600)
#: The shortest words the form offers (empty: the dice set's rule).
SHORTEST_WORDS = (3, 4, 5, 6)
#: The best words nobody found that the results show (the rest are a count).
BEST_MISSED = 30
#: Short names of the English dice sets, for the form's menu (see ``dice_choice``);
#: another language's sets are named by their language, any other set by its title.
DICE_NAMES = {
    "classic": N_("classic (1976-1986)"),
    "new": N_("new (1987 onwards)"),
    "deluxe": N_("Deluxe / Master"),
}
#: The form's fields that have an error note of their own.
FORM_FIELDS = ("name", "dice", "min_length", "dictionary", "seconds")


@bp.app_template_filter("duration")
def duration(seconds: int) -> str:
    """A round's length as people say it: "3 minutes", "90 seconds"."""
    if seconds % 60:
        return ngettext("%(num)s second", "%(num)s seconds", seconds)
    return ngettext("%(num)s minute", "%(num)s minutes", seconds // 60)


def verdict_texts() -> dict[str, str]:
    """How each verdict on a word sent reads, in the reader's language."""
    return {verdict: _(text) for verdict, text in VERDICT_TEXT.items()}


def dice_groups() -> list[dict[str, Any]]:
    """The dice sets a room can roll, by language (English's first), each with its
    shortest word and round time: the form lists them in a group per language."""
    return [
        {
            "language": rules.code,
            "label": _(rules.language),
            "choices": [
                dice_choice(dice, rules.code, _(rules.language)) for dice in sets_of(rules).values()
            ],
        }
        for rules in (RULES, *LANGUAGES.values())
    ]


def dice_choices() -> list[dict[str, Any]]:
    """Every dice set a room can roll, in the form's order."""
    return [choice for group in dice_groups() for choice in group["choices"]]


def reader_defaults(dictionaries: list[dict[str, Any]]) -> tuple[str, str] | None:
    """The dictionary and dice a reader of another language starts with: their
    language's, when the app has a list in it (a German reader plays German boards)."""
    code = str(get_locale() or "en")
    if code == RULES.code or code not in LANGUAGES:
        return None
    for dictionary in dictionaries:
        if dictionary["language"]["code"] == code:
            return dictionary["name"], LANGUAGES[code].default_set_for_size[(4, 4)]
    return None


def dice_choice(
    dice: DiceSet, language: str = RULES.code, language_name: str = ""
) -> dict[str, Any]:
    """A dice set as the form offers it: the API's defaults for it, said beside it.

    Its ``label`` in the menu is its size and a short name (for another language's
    dice, the language): a phone's menu shows one line of under 30 characters, and a
    title ("Boggle 4x4, Français (d'après la fréquence des lettres)") would be cut
    off. The whole ``title`` is said under the menu."""
    big = dice.rows * dice.cols >= BIG_BOARD_CELLS
    title = _(dice.title)
    if language != RULES.code:
        name = language_name
    else:
        name = _(DICE_NAMES[dice.name]) if dice.name in DICE_NAMES else title
    return {
        "name": dice.name,
        "language": language,
        "title": title,
        "label": f"{dice.rows} \u00d7 {dice.cols}: {name}",
        "rows": dice.rows,
        "cols": dice.cols,
        "min_length": dice.min_length,
        "seconds": BIG_ROUND_SECONDS if big else ROUND_SECONDS,
    }


#: What a browser's ``Sec-Fetch-Site`` may say of a form posted here: sent from this
#: origin's own page, or by the person (typed, bookmarked). "same-site" is a sibling
#: subdomain's page, which is another site to this one.
OWN_FETCH_SITES = ("same-origin", "none")


def same_site() -> None:
    """Refuse a form posted from anywhere but this site's own pages (403).

    ``Origin: null`` is a sandboxed frame's, a ``data:`` page's or a redirect's across
    sites: never this site's own page, so it is refused too.
    """
    fetched_from = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    # By host alone: a proxy that ends TLS but is not among PROXY_HOPS shows the app
    # http where the browser says https.
    elsewhere = origin is not None and (origin == "null" or urlsplit(origin).netloc != request.host)
    if (fetched_from is not None and fetched_from not in OWN_FETCH_SITES) or elsewhere:
        raise APIError(
            403, "cross_site", _("this form can only be sent from this site's own pages")
        )


def seat_token(code: str) -> str | None:
    """The browser's token for the room, from its cookie. Pages read the cookie alone: a
    browser may send an Authorization header of a site's own (HTTP Basic behind a
    password), which the API would take for a malformed token."""
    return request.cookies.get(api.cookie_name(code)) or None


def keep_seat(response: Response, seat: Seat) -> Response:
    """Give the browser the seat's cookie, exactly as the API sets it (no-store too)."""
    given = api.seated({}, seat).headers
    for cookie in given.getlist("Set-Cookie"):
        response.headers.add("Set-Cookie", cookie)
    response.headers["Cache-Control"] = given["Cache-Control"]
    return response


def game_error(error: RoomError | APIError) -> APIError:
    """An error of the game or of a field, as the API would answer it."""
    return error if isinstance(error, APIError) else api.room_api_error(error)


# --- Making a room ----------------------------------------------------------------------


@bp.route("/room", methods=["GET", "POST"])
def new_room() -> Response | tuple[str, int, dict[str, str]]:
    """The form that makes a room; posted without script, it makes the room and goes there."""
    values = request.values if request.method == "POST" else request.args
    form = {name: values.get(name, "") for name in FORM_FIELDS}
    dictionaries = service.catalog().describe()
    suited = reader_defaults(dictionaries)
    if suited and not form["dictionary"] and not form["dice"]:
        form["dictionary"], form["dice"] = suited
    form["dictionary"] = form["dictionary"] or service.catalog().default
    choices = dice_choices()
    if not any(dice["name"] == form["dice"] for dice in choices):
        form["dice"] = api.DEFAULT_DICE
    # A length the address (?seconds=10, as the practice page takes) or the form gave is
    # offered and chosen, if the API takes it; any other is left out.
    try:
        seconds = read_whole_number(form["seconds"], "seconds", api.MIN_SECONDS, api.MAX_SECONDS)
    except APIError:
        seconds = None
    form["seconds"] = seconds or ""
    error: APIError | None = None
    if request.method == "POST":
        try:
            same_site()
            fields = read_fields(request, api.CREATE_FIELDS)
            name = api.read_player_name(fields.get("name"))
            settings = api.read_room_settings(fields)
            seat = api.rooms().create(settings, name, api.client_address())
            return keep_seat(redirect(url_for("rooms.room_page", code=seat.room), 303), seat)
        except (APIError, RoomError) as problem:
            error = game_error(problem)
    lengths = sorted({*ROUND_LENGTHS, seconds}) if seconds else list(ROUND_LENGTHS)
    context = {
        "form": form,
        "fields": FORM_FIELDS,
        "dice_groups": dice_groups(),
        "chosen": next(dice for dice in choices if dice["name"] == form["dice"]),
        "lengths": SHORTEST_WORDS,
        "round_lengths": lengths,
        "dictionaries": dictionaries,
        "max_name": current_app.config["ROOM_MAX_NAME_CHARS"],
        "error": error.as_dict()["error"] if error else None,
    }
    status = error.status if error else 200
    headers = error.headers if error else {}
    return render_template("room_new.html", **context), status, headers


# --- The room ---------------------------------------------------------------------------


# --- Finding a room by its code ------------------------------------------------------------


@bp.get("/room/join")
def find_room() -> Response | tuple[str, int, dict[str, str]]:
    """The "enter a code" form (on the home page and the play-together page): a code
    that names a room goes to it; any other is said beside the field."""
    typed = request.args.get("code", "")
    code = codes.read_code(typed)
    error: APIError | None = None
    if code is None and typed.strip():
        error = bad_request("bad_code", bad_code_message(typed), "code")
    elif code is not None:
        try:
            api.rooms().admit(code, seat_token(code), api.client_address())
            return redirect(url_for("rooms.room_page", code=code), 303)
        except RoomError as problem:
            error = api.room_api_error(problem)
    context = {"code_value": typed, "code_error": error.as_dict()["error"] if error else None}
    status = error.status if error else 200
    return render_template("room_join.html", **context), status, error.headers if error else {}


def bad_code_message(typed: str) -> str:
    """What is wrong with text that cannot be a room code: its length or a character."""
    code = "".join(ch for ch in typed if ch not in codes.CODE_SEPARATORS).upper()
    wrong = next((ch for ch in code if ch not in codes.CODE_ALPHABET), None)
    if wrong is not None:
        return _(
            "a room code has no %(char)s in it: only the digits 2 to 9 and the letters "
            "other than I, L and O",
            char=repr(wrong),
        )
    return _(
        "%(code)s has %(length)s characters; a room code has %(short)s (or %(long)s in "
        "older links)",
        code=repr(code[:20]),
        length=len(code),
        short=codes.CODE_LENGTH,
        long=codes.LONG_CODE_LENGTH,
    )


# --- The room ---------------------------------------------------------------------------


@bp.get("/room/<code>")
def room_page(code: str) -> tuple[str, int]:
    """The room as it stands: join, lobby, the countdown, the round in play or its
    results. Drawing it is a poll of the room, as the API's is."""
    code = api.room_code(code)
    api.rooms().visit(code, seat_token(code), api.client_address())
    return render_room(code)


def admitted(code: str) -> str:
    """The code of a room a form posts to, once the caller may ask for it (``Rooms.admit``:
    past the limit on guesses, a browser with no seat is refused any room)."""
    code = api.room_code(code)
    api.rooms().admit(code, seat_token(code), api.client_address())
    return code


@bp.post("/room/<code>/join")
def join_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """Take a seat without script: the API's join, then back to the room. A browser
    that holds a seat already keeps it (as the API's join gives it back): a second
    seat would take the cookie of the first, a host's included."""
    code = admitted(code)
    name = request.form.get("name", "")
    try:
        same_site()
        try:
            seat = api.rooms().seat(code, seat_token(code))
        except Unauthorized:
            seat = api.rooms().join(code, api.read_player_name(name))
    except (APIError, RoomError) as problem:
        error = game_error(problem)
        page, status = render_room(code, error=error, form_name=name)
        return page, status, error.headers
    return keep_seat(redirect(url_for("rooms.room_page", code=code), 303), seat)


@bp.post("/room/<code>/rounds")
def start_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """The host starts the next round without script."""
    code = admitted(code)
    try:
        same_site()
        api.rooms().start_round(code, seat_token(code))
    except (APIError, RoomError) as problem:
        error = game_error(problem)
        page, status = render_room(code, error=error)
        return page, status, error.headers
    return redirect(url_for("rooms.room_page", code=code), 303)


@bp.post("/room/<code>/rounds/<int:number>/words")
def word_page(code: str, number: int) -> Response | tuple[str, int, dict[str, str]]:
    """A word typed without script: judged as the API judges it, then back to the room,
    which says its verdict."""
    code = admitted(code)
    try:
        same_site()
        number = api.round_number(code, number)
        word = api.read_room_word(request.form.get("word"))
        sent = api.rooms().submit(code, seat_token(code), number, word)
    except (APIError, RoomError) as problem:
        error = game_error(problem)
        page, status = render_room(code, error=error)
        return page, status, error.headers
    address = url_for("rooms.room_page", code=code, said=sent.word)
    return redirect(f"{address}#word-form", 303)


@bp.post("/room/<code>/lock")
def lock_page(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """The host locks the room, or opens it again, without script."""
    code = admitted(code)
    try:
        same_site()
        locked = read_flag(request.form.get("locked"), "locked")
        api.rooms().lock(code, seat_token(code), bool(locked))
    except (APIError, RoomError) as problem:
        error = game_error(problem)
        page, status = render_room(code, error=error)
        return page, status, error.headers
    return redirect(url_for("rooms.room_page", code=code), 303)


@bp.post("/room/<code>/players/<int:seat>/remove")
def remove_page(code: str, seat: int) -> Response | tuple[str, int, dict[str, str]]:
    """The host removes a player without script."""
    code = admitted(code)
    try:
        same_site()
        api.rooms().remove(code, seat_token(code), api.player_number(code, seat))
    except (APIError, RoomError) as problem:
        error = game_error(problem)
        page, status = render_room(code, error=error)
        return page, status, error.headers
    return redirect(url_for("rooms.room_page", code=code), 303)


def render_room(code: str, error: APIError | None = None, form_name: str = "") -> tuple[str, int]:
    """The room's page for the caller, with an error from a form if there was one."""
    token = seat_token(code)
    rooms = api.rooms()
    room = rooms.state(code, token)
    room["url"] = api.room_url(code)
    played = room["round"]
    you = next((p for p in room["players"] if p["id"] == room["you"]), None)
    now = rooms.clock()
    if you is None:
        view = "join"
    elif played["state"] == "waiting" or played["number"] == 0:
        view = "waiting"
    elif played["state"] == "starting":
        view = "starting"
    elif played["state"] == "playing":
        view = "playing"
    else:
        view = "finished"
    words = (
        [sent.as_dict() for sent in rooms.words(code, token, played["number"])]
        if view == "playing"
        else []
    )
    results = rooms.results(code, token, played["number"]) if view == "finished" else None
    accepted = [w for w in words if w["verdict"] == ACCEPTED]
    said = next((w for w in words if w["word"] == request.args.get("said")), None)
    left = max(0.0, played["ends_at"] - now) if view == "playing" else 0.0
    verdicts = verdict_texts()
    names = {player["id"]: player["name"] for player in room["players"]}
    handoff = room["handoff"]
    context = {
        "code": code,
        "room": room,
        "you": you,
        "view": view,
        "words": words,
        "said": said and {**said, "text": said_text(said)},
        "tally": {"words": len(accepted), "points": sum(w["score"] for w in accepted)},
        "clock": clock(left),
        "countdown": math.ceil(played["started_at"] - now) if view == "starting" else 0,
        "handoff": handoff
        and {
            **handoff,
            "from_name": names.get(handoff["from"]),
            "to_name": names.get(handoff["to"]),
        },
        "host_away": round(rooms.limits.host_away),
        "time_share": left / (played["ends_at"] - played["started_at"]) if view == "playing" else 0,
        "results": results,
        "columns": ranked_columns(results) if results else [],
        "totals": totals(room["players"], results),
        "best_missed": BEST_MISSED,
        "verdict_text": verdicts,
        "settings_text": settings_text(room["settings"]),
        "max_name": current_app.config["ROOM_MAX_NAME_CHARS"],
        "form_name": form_name,
        "error": error and {**error.as_dict()["error"], "field": error.field or "name"},
        "page_error": error if error and view != "join" else None,
        "rules": page_rules(verdicts=verdicts),
    }
    return render_template("room.html", **context), error.status if error else 200


def ranked_columns(results: dict[str, Any]) -> list[dict[str, Any]]:
    """Each player's words and points, in the order of the round's ranking, with their
    place in it (rank, tied, winner, decided by the tie-break) as the server words it."""
    players = {player["id"]: player for player in results["players"]}
    return [players[place["id"]] | {"place": place} for place in results["ranking"]]


def said_text(sent: dict[str, Any]) -> str:
    """A word's verdict as the message under the board says it."""
    if sent["verdict"] == ACCEPTED:
        return ngettext("accepted, +%(num)s point", "accepted, +%(num)s points", sent["score"])
    return _(VERDICT_TEXT[sent["verdict"]])


def clock(seconds: float) -> str:
    """m:ss, rounded up to the whole second (as the page script's clock is)."""
    whole = math.ceil(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def totals(players: list[dict[str, Any]], results: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The room's totals over its finished rounds, most first, beside the last round's."""
    this_round = {p["id"]: p["total_score"] for p in (results or {}).get("players", [])}
    top = max((p["total_score"] for p in players), default=0)
    ranked = sorted(players, key=lambda p: (-p["total_score"], p["id"]))
    return [
        {
            "name": p["name"],
            "round": this_round.get(p["id"], "\u2013"),  # an en dash: not played
            "total": p["total_score"],
            "leader": top > 0 and p["total_score"] == top,
        }
        for p in ranked
    ]


def settings_text(settings: dict[str, Any]) -> str:
    """The room's settings in a sentence, for the lobby."""
    dice = ALL_DICE_SETS.get(settings["dice"])
    return _(
        "%(dice)s, %(rows)s \u00d7 %(cols)s; words of %(letters)s letters or more from the "
        "%(dictionary)s dictionary; rounds of %(duration)s.",
        dice=_(dice.title) if dice else settings["dice"],
        rows=settings["rows"],
        cols=settings["cols"],
        letters=settings["min_length"],
        dictionary=settings["dictionary"],
        duration=duration(settings["seconds"]),
    )
