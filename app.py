"""The app factory: configuration, extensions, blueprints and error handlers.

``create_app(config)`` builds the app; configuration comes from the defaults below,
then ``BOGGLE_*`` environment variables (``BOGGLE_MAX_CELLS=900``), then ``config``.
The default dictionary is loaded when the app is created, never per request. The
routes are the blueprints of ``web/api.py`` (JSON) and ``web/page_routes.py`` (HTML),
over the service layer of ``web/service.py``, and the game rooms' ``web/rooms/`` over
``games/`` (its database is not connected to until a room is asked for).

Run it with ``make run`` (development) or ``make serve`` (gunicorn, see docs/deploy.md).
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException, SecurityError
from werkzeug.middleware.proxy_fix import ProxyFix

from boggle import Catalog, SearchGate, WordListError
from boggle.catalog import parse_wordlist_setting
from boggle.definitions import Definitions
from boggle.glosses import all_glosses
from boggle.i18n import number
from boggle.ratings import Ratings
from boggle.rules import RULES
from boggle.solver import ENGINE, engine_notice
from boggle.spellings import spellings_for
from boggle.wording import join_names
from games.apart import Apart
from games.apart_errors import ApartError
from games.daily import DEVELOPMENT_SECRET
from games.db import SQLITE_SYNCHRONOUS, Database, default_url
from games.errors import RoomError
from games.models import NAME_CHARS
from games.rooms import RoomLimits, Rooms
from web import api, daily, edge, i18n, offline, page_routes, rooms, settings, theme
from web.answers import JSONProvider
from web.body import BadFraming, BodyTooLarge, BoundedRequest, DiscardUnreadBody, TooManyParts
from web.errors import APIError
from web.flask_app import App
from web.headers import AnswerHeaders
from web.logs import clip, traceback_for_log
from web.security import require_host

DEFAULTS: dict[str, Any] = {
    # The dictionary used when a request names none; loaded at start-up.
    "DEFAULT_DICTIONARY": RULES.default_dictionary,
    # Extra named word lists, "name=path,name=path" (or a dict), added to the shipped ones.
    "WORDLISTS": "",
    # Lists to load at start-up besides the default: "large,common" or "all".
    "PRELOAD_DICTIONARIES": "",
    # Where built word graphs are cached; None means $BOGGLE_CACHE_DIR or ~/.cache/boggle.
    "CACHE_DIR": None,
    # Host names the app answers for, "a,b" or a list (Flask's TRUSTED_HOSTS; a leading
    # dot takes every subdomain, the port is ignored). A request naming another Host is
    # a 400, so no redirect or link is built from a client's Host. Empty: any host,
    # for a proxy that checks Host itself. IPv6 literals cannot be listed.
    "TRUSTED_HOSTS": "127.0.0.1,localhost",
    # Proxies in front of the app whose X-Forwarded-For, -Proto and -Host it believes
    # (Werkzeug's ProxyFix): 0 when clients reach it directly, 1 behind the production
    # recipe's nginx (deploy/serve.py sets it), which sets all three. With one too many,
    # a client's own X-Forwarded-For would pass for its address (the rooms' hourly
    # limit); with one too few, links behind TLS say http and the cookie is not Secure.
    "PROXY_HOPS": 0,
    # Largest request body, in bytes, however it is framed (413 past it).
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # Longest board text, in characters.
    "MAX_BOARD_CHARS": 10_000,
    # Largest board, in cells, and longest side.
    "MAX_CELLS": 1600,
    "MAX_SIDE": 64,
    # Budget of one search, in seconds of the request thread's CPU time (time spent
    # waiting for other requests does not count); past it the answer is a 422 error.
    # A number > 0.
    "SOLVE_BUDGET": 2.0,
    # Longest a search may take in wall-clock seconds however busy the machine, so
    # that no answer waits much past it; past it the answer is a 422 too. A number
    # >= SOLVE_BUDGET, or None for no limit but the budget.
    "SOLVE_CEILING": 2.5,
    # Expensive searches run at once by the app and the workers forked from it (the
    # gate's places are shared); past it the answer is 503 server_busy with
    # Retry-After, at once, never queued. A whole number >= 1.
    "MAX_EXPENSIVE_SEARCHES": 1,
    # The cost from which a search is expensive, in millions of cell-words (usable
    # cells x words in the dictionary: 10x10 on `large` is 25, 5x5 is 6). A number > 0.
    "EXPENSIVE_SEARCH_COST": 20.0,
    # Word lists whose ratings (how a board compares with 10,000 rolled boards,
    # boggle/ratings.py) are computed at start-up when neither shipped nor cached:
    # "all" or names. Seconds to minutes per list; a request never computes them.
    "PRELOAD_RATINGS": "",
    # "Roll a rich board" (POST /rich): searches at once for the app and its forked
    # workers (a place each, as MAX_EXPENSIVE_SEARCHES; past it 503 server_busy), the
    # seconds of one slice and the slices the page script asks for (together at most
    # 5 s), and the seconds of the one search a form without script asks for (2 s: an
    # answer within nginx's 2.8 s deadline, deploy/nginx.conf). Whole numbers >= 1;
    # seconds > 0, at most 5.
    "RICH_SEARCHES": 1,
    "RICH_SLICE_SECONDS": 1.0,
    "RICH_SLICES": 4,
    "RICH_SECONDS": 2.0,
    # POST /score: players per game, words per player, characters per name and word.
    "SCORE_MAX_PLAYERS": 20,
    "SCORE_MAX_WORDS": 1000,
    "SCORE_MAX_NAME_CHARS": 40,
    "SCORE_MAX_WORD_CHARS": 64,
    # Game rooms (docs/rooms.md). Their database, as an SQLAlchemy URL:
    # sqlite:///path/to/file.sqlite3 or postgresql+psycopg://user:password@host/name;
    # none for the SQLite file instance/rooms.sqlite3. `make db-upgrade` migrates it.
    # Nothing connects to it before the first room request.
    "DATABASE_URL": None,
    # On SQLite, how a commit is made durable: "full" (each commit on disk before its
    # answer: survives a power cut) or "normal" (no disk wait; survives any process's
    # death, but a power cut may lose the last commits). See games/db.py.
    "ROOM_SQLITE_SYNCHRONOUS": "full",
    # Players seated in one room.
    "ROOM_MAX_PLAYERS": 12,
    # Rooms one client address may create in an hour (429 too_many_rooms past it).
    "ROOM_CREATIONS_PER_HOUR": 20,
    # Room codes that name no room one client address may ask for in an hour (an IPv6
    # address counts as its /64); past it, 429 too_many_guesses for every room the
    # address holds no seat in. 20 an hour is 480 guesses a day: docs/rooms.md gives
    # the odds of finding a live room with them.
    "ROOM_CODE_MISSES_PER_HOUR": 20,
    # Seconds from the host's "Start" to the round: every phone counts down, and one
    # polling every 2 s learns of it with 3 s still to go.
    "ROOM_COUNTDOWN_SECONDS": 5,
    # Seconds without a poll from the host after which the next player in seat order
    # who is still polling hosts the room.
    "ROOM_HOST_AWAY_SECONDS": 30,
    # Characters in a player's name (printable only).
    "ROOM_MAX_NAME_CHARS": 24,
    # Words one player may send in a second (429 too_many_words past it), and in a round.
    "ROOM_WORDS_PER_SECOND": 5,
    "ROOM_MAX_WORDS": 1000,
    # Seconds without a join, a round or a word after which `flask --app app
    # prune-rooms` (`make prune-rooms`) deletes a room.
    "ROOM_IDLE_SECONDS": 24 * 3600,
    # Where the server runs: "development" or "production". gunicorn.conf.py sets
    # production (BOGGLE_ENV=production) unless told otherwise; there a setting that
    # must be the server's own (DAILY_SECRET) has no default.
    "ENV": "development",
    # Playing apart (docs/daily.md): the secret each day's boards are rolled from (an
    # HMAC of the date under it), 16 characters or more, the same on every server of
    # one site, never published. None: in development a fixed one that anyone can read
    # in the code; a production server refuses to start without its own.
    "DAILY_SECRET": None,
    # Days after which `flask --app app prune-plays` (`make prune-plays`) deletes a
    # play's words, and the play itself (its line in its player's history); the boards'
    # tallies (each word's finders, the scores' histogram) stay.
    "PLAY_WORDS_DAYS": 30,
    "PLAY_DAYS": 400,
    # Challenges one client address may make in an hour (429 too_many_challenges past it).
    "CHALLENGES_PER_HOUR": 30,
}

#: Where the server runs; the second is what gunicorn.conf.py sets.
ENVIRONMENTS = ("development", "production")
#: The shortest secret the days' boards may be rolled from.
MIN_SECRET_CHARS = 16

#: The longest search for a rich board one page asks for, in seconds (issue 13).
RICH_LIMIT = 5.0

#: What each setting may be: checked when the app is created (see web/settings.py).
SETTING_RULES: dict[str, settings.Rule] = {
    "DEFAULT_DICTIONARY": settings.name,
    "WORDLISTS": settings.wordlist_files,
    "PRELOAD_DICTIONARIES": settings.names_or_text,
    "CACHE_DIR": settings.optional_folder,
    "MAX_CONTENT_LENGTH": settings.whole_number(1024, 2**30, " of bytes"),
    "MAX_BOARD_CHARS": settings.whole_number(1, 1_000_000, " of characters"),
    "MAX_CELLS": settings.whole_number(1, 1_000_000, " of cells"),
    "MAX_SIDE": settings.whole_number(1, 9999, " of cells"),
    "SOLVE_BUDGET": settings.seconds(0, 3600),
    "SOLVE_CEILING": settings.optional(settings.seconds(0, 3600)),
    "TRUSTED_HOSTS": settings.names_or_text,
    "PROXY_HOPS": settings.whole_number(0, 5, " of proxies"),
    "MAX_EXPENSIVE_SEARCHES": settings.whole_number(1, 1000),
    "EXPENSIVE_SEARCH_COST": settings.number(0, 1_000_000),
    "PRELOAD_RATINGS": settings.names_or_text,
    "RICH_SEARCHES": settings.whole_number(1, 1000),
    "RICH_SLICE_SECONDS": settings.seconds(0, 5),
    "RICH_SLICES": settings.whole_number(1, 50),
    "RICH_SECONDS": settings.seconds(0, 5),
    "SCORE_MAX_PLAYERS": settings.whole_number(1, 1000),
    "SCORE_MAX_WORDS": settings.whole_number(1, 100_000),
    "SCORE_MAX_NAME_CHARS": settings.whole_number(1, 1000),
    # Tracing a written word recurses once a letter (boggle/tracing.py): keep it shallow.
    "SCORE_MAX_WORD_CHARS": settings.whole_number(1, 200),
    "DATABASE_URL": settings.database_url,
    "ROOM_SQLITE_SYNCHRONOUS": settings.choice(SQLITE_SYNCHRONOUS),
    "ROOM_MAX_PLAYERS": settings.whole_number(1, 1000),
    "ROOM_CREATIONS_PER_HOUR": settings.whole_number(1, 1_000_000),
    "ROOM_CODE_MISSES_PER_HOUR": settings.whole_number(1, 1_000_000),
    # At least 2 s, so that every phone sees the start coming and counts down to it.
    "ROOM_COUNTDOWN_SECONDS": settings.whole_number(2, 60, " of seconds"),
    # Polls come every 2 s: less than 5 s would take a slow poll for an absence.
    "ROOM_HOST_AWAY_SECONDS": settings.whole_number(5, 3600, " of seconds"),
    # The database keeps names of up to 100 characters (games/models.py).
    "ROOM_MAX_NAME_CHARS": settings.whole_number(1, NAME_CHARS),
    "ROOM_WORDS_PER_SECOND": settings.whole_number(1, 1000),
    "ROOM_MAX_WORDS": settings.whole_number(1, 100_000),
    "ROOM_IDLE_SECONDS": settings.whole_number(60, 10 * 365 * 24 * 3600, " of seconds"),
    "ENV": settings.choice(ENVIRONMENTS),
    "DAILY_SECRET": settings.optional(settings.secret(MIN_SECRET_CHARS)),
    "PLAY_WORDS_DAYS": settings.whole_number(1, 100 * 365, " of days"),
    "PLAY_DAYS": settings.whole_number(1, 100 * 365, " of days"),
    "CHALLENGES_PER_HOUR": settings.whole_number(1, 1_000_000),
}

log = logging.getLogger(__name__)


def create_app(config: Mapping[str, Any] | None = None, catalog: Catalog | None = None) -> Flask:
    """Build the app: configuration, the word lists (default loaded now), routes, errors.

    ``catalog`` hands in word lists already loaded (tests share one across many apps);
    by default they are the ones the settings name.
    """
    app = App(__name__)  # Flask, less what a request does for nothing here (web/flask_app.py)
    app.request_class = BoundedRequest
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("BOGGLE")
    if config:
        app.config.update(config)
    app.json = JSONProvider(app)  # answers written by orjson (web/answers.py)
    app.json.sort_keys = False  # keep the documented order of the /solve document
    try:
        settings.check_settings(app.config, SETTING_RULES)
        ceiling, budget = app.config["SOLVE_CEILING"], app.config["SOLVE_BUDGET"]
        if ceiling is not None and ceiling < budget:
            raise settings.SettingError(
                f"setting SOLVE_CEILING (BOGGLE_SOLVE_CEILING) is {ceiling:g}; it must be "
                f"at least SOLVE_BUDGET ({budget:g}), or none"
            )
        if app.config["ENV"] == "production" and app.config["DAILY_SECRET"] is None:
            raise settings.SettingError(
                "setting DAILY_SECRET (BOGGLE_DAILY_SECRET) is not set; a production server "
                "(ENV=production, as gunicorn.conf.py sets) rolls the days' boards from a "
                f"secret of its own, {MIN_SECRET_CHARS} characters or more: "
                "python3 -c 'import secrets; print(secrets.token_urlsafe(32))'"
            )
        slices, length = app.config["RICH_SLICES"], app.config["RICH_SLICE_SECONDS"]
        if slices * length > RICH_LIMIT:
            raise settings.SettingError(
                f"settings RICH_SLICES ({slices}) and RICH_SLICE_SECONDS ({length:g}) make "
                f"a search of {slices * length:g} s; the most is {RICH_LIMIT:g}"
            )
        app.extensions["boggle.catalog"] = catalog or _load_catalog(app.config)
        app.extensions["boggle.ratings"] = _load_ratings(
            app.config, app.extensions["boggle.catalog"]
        )
    except (settings.SettingError, WordListError) as error:
        # Refuse to start, in one line that `flask run` and gunicorn print as it is:
        # the cause would otherwise be the last line of a long traceback.
        raise SystemExit(f"boggle: cannot start: {error}") from None
    notice = engine_notice()
    if notice:
        # One line, once per process: the server answers the same, only more slowly.
        print(notice, file=sys.stderr)
    hosts = app.config["TRUSTED_HOSTS"]
    if isinstance(hosts, str):
        hosts = [host.strip() for host in hosts.split(",") if host.strip()]
    app.config["TRUSTED_HOSTS"] = list(hosts) or None
    app.extensions["boggle.gate"] = SearchGate(
        app.config["MAX_EXPENSIVE_SEARCHES"], app.config["EXPENSIVE_SEARCH_COST"]
    )
    # Places of their own: a rich board search never takes a place a solve needs.
    app.extensions["boggle.rich_gate"] = SearchGate(app.config["RICH_SEARCHES"], 0.0)
    # Memory-mapped, so every worker shares one copy; warmed here, in gunicorn's master
    # before it forks, so that the pages are shared rather than each worker's own.
    definitions = Definitions()
    definitions.warm()
    app.extensions["boggle.definitions"] = definitions
    # The other languages' definitions are mapped on their first lookup, not here: a
    # server that is never asked for a German definition never maps the German file.
    app.extensions["boggle.glosses"] = all_glosses()

    app.extensions["boggle.rooms"] = _rooms(app.config, app.extensions["boggle.catalog"])
    app.extensions["boggle.apart"] = _apart(app.config, app.extensions["boggle.rooms"])

    i18n.init_app(app)
    theme.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(page_routes.bp)
    app.register_blueprint(rooms.bp)
    app.register_blueprint(offline.bp)
    rooms.commands.register(app)
    app.register_blueprint(daily.bp)
    daily.commands.register(app)
    edge.register(app)
    _register_errors(app)
    app.before_request(require_host)
    # The security headers and the answer's language, on every answer (web/headers.py);
    # inside ProxyFix, so that an answer over TLS through nginx is known as one (HSTS).
    app.wsgi_app = AnswerHeaders(app.wsgi_app)  # type: ignore[method-assign]
    # Outermost, so that the body is read after every answer, an error's included.
    hops = app.config["PROXY_HOPS"]
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    app.wsgi_app = DiscardUnreadBody(app.wsgi_app)
    return app


def _load_catalog(config: Mapping[str, Any]) -> Catalog:
    """The word lists the settings name, with the default (and any asked for) loaded."""
    extra = config["WORDLISTS"]
    if isinstance(extra, str):
        extra = parse_wordlist_setting(extra)
    catalog = Catalog(
        extra=extra, default=config["DEFAULT_DICTIONARY"], cache_dir=config["CACHE_DIR"]
    )
    preload = config["PRELOAD_DICTIONARIES"]
    if isinstance(preload, str):
        preload = [name.strip() for name in preload.split(",") if name.strip()]
    names = catalog.names if "all" in preload else [catalog.default, *preload]
    catalog.preload(names)
    # A language's display spellings with its list, so that no request reads them and
    # forked workers share them (boggle/spellings.py). The pure-Python search walks the
    # table, which a list's graph lays out on first use: laid out now for the same
    # reasons (the native core never asks for it).
    for name in names:
        dictionary = catalog.get(name)
        spellings_for(dictionary, config["CACHE_DIR"])
        if ENGINE == "python":
            dictionary.table_graph()
    return catalog


def _load_ratings(config: Mapping[str, Any], catalog: Catalog) -> Ratings:
    """The ratings store, with the distributions of the lists PRELOAD_RATINGS names
    found or computed now (in gunicorn's master, before the workers fork)."""
    ratings = Ratings(cache_dir=config["CACHE_DIR"])
    preload = config["PRELOAD_RATINGS"]
    if isinstance(preload, str):
        preload = [name.strip() for name in preload.split(",") if name.strip()]
    # Each list is rated with its own language's dice (shipped for the shipped lists).
    names = catalog.names if "all" in preload else preload
    ratings.warm(catalog.get(name) for name in names)
    return ratings


def _rooms(config: Mapping[str, Any], catalog: Catalog) -> Rooms:
    """The game rooms, on the configured database (not connected to until first used)."""
    limits = RoomLimits(
        max_players=config["ROOM_MAX_PLAYERS"],
        rooms_per_hour=config["ROOM_CREATIONS_PER_HOUR"],
        code_misses_per_hour=config["ROOM_CODE_MISSES_PER_HOUR"],
        words_per_second=config["ROOM_WORDS_PER_SECOND"],
        max_words=config["ROOM_MAX_WORDS"],
        idle_seconds=config["ROOM_IDLE_SECONDS"],
        countdown=float(config["ROOM_COUNTDOWN_SECONDS"]),
        host_away=float(config["ROOM_HOST_AWAY_SECONDS"]),
    )
    database = Database(config["DATABASE_URL"] or default_url(), config["ROOM_SQLITE_SYNCHRONOUS"])
    return Rooms(
        database, catalog, limits, budget=config["SOLVE_BUDGET"], ceiling=config["SOLVE_CEILING"]
    )


def _apart(config: Mapping[str, Any], rooms: Rooms) -> Apart:
    """Playing apart, on the rooms' database (one engine per process) and by their limits."""
    return Apart(
        rooms.database,
        rooms.catalog,
        config["DAILY_SECRET"] or DEVELOPMENT_SECRET,
        rooms.limits,
        challenges_per_hour=config["CHALLENGES_PER_HOUR"],
        budget=config["SOLVE_BUDGET"],
        ceiling=config["SOLVE_CEILING"],
    )


# --- Errors ---------------------------------------------------------------------------


def json_paths(app: Flask) -> frozenset[str]:
    """Addresses whose every answer, errors included, is JSON: the API blueprint's."""
    return frozenset(
        rule.rule for rule in app.url_map.iter_rules() if rule.endpoint.startswith("api.")
    )


#: Every address under these is a JSON API's: the rooms', and playing apart's.
API_PREFIXES = (rooms.API_PREFIX, *daily.API_PREFIXES)
#: How an address's variable parts are written in the 404's list: /room/CODE, .../N.
_PLACEHOLDERS = {
    "code": "CODE",
    "number": "N",
    "day": "DAY",
    "language": "LANGUAGE",
    "size": "SIZE",
}


def _address(rule: str) -> str:
    """A URL rule as a person would write it: ``/rooms/<code>`` is ``/rooms/CODE``."""
    return re.sub(
        r"<(?:[^:>]+:)?([^>]+)>", lambda part: _PLACEHOLDERS.get(part[1], part[1].upper()), rule
    )


def not_found_message(app: Flask) -> str:
    """The 404's message: every page, then every API address, rooms' included, as the URL
    map has them, in the language in force (worded per request). Form targets (pages
    that only take a POST) are left out: nobody visits them."""
    pages: list[str] = []
    calls: list[str] = []
    for rule in app.url_map.iter_rules():
        area = rule.endpoint.partition(".")[0]
        if area not in ("pages", "api", "rooms", "daily") or rule.endpoint in page_routes.UNLISTED:
            continue
        is_call = area == "api" or "/" + rule.rule.split("/")[1] in API_PREFIXES
        if not is_call and "GET" not in (rule.methods or ()):
            continue
        listed = calls if is_call else pages
        if _address(rule.rule) not in listed:
            listed.append(_address(rule.rule))
    return _(
        "there is nothing at this address; the pages are %(pages)s, the API %(calls)s",
        pages=join_names(pages),
        calls=join_names(calls),
    )


def _wants_json(paths: frozenset[str]) -> bool:
    """Whether the error should be JSON: a JSON route, or a client that asks for JSON."""
    # By path, not endpoint: a 405 or 413 is raised before any endpoint is matched.
    if request.path.rstrip("/") in paths:
        return True
    for prefix in (*API_PREFIXES, offline.GRAPHS_PREFIX):
        if request.path == prefix or request.path.startswith(prefix + "/"):
            return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def _register_errors(app: Flask) -> None:
    paths = json_paths(app)
    # Worded per request, in its language, never once for all.
    messages = {
        404: lambda: not_found_message(app),
        405: lambda: _("this address does not take that method"),
    }

    @app.errorhandler(APIError)
    def api_error(error: APIError) -> tuple[Response | str, int, dict[str, str]]:
        if _wants_json(paths):
            return jsonify(error.as_dict()), error.status, error.headers
        if request_ctx.url_adapter is None:
            # The Host was not trusted, so Flask built no URL adapter; the page's links
            # are paths only, so one bound to no host in particular can build them.
            request_ctx.url_adapter = app.url_map.bind("", script_name=request.script_root)
        page = render_template("error.html", error=error.as_dict()["error"])
        return page, error.status, error.headers

    @app.errorhandler(RoomError)
    def room_error(error: RoomError) -> tuple[Response | str, int, dict[str, str]]:
        return api_error(rooms.api.room_api_error(error))

    @app.errorhandler(ApartError)
    def apart_error(error: ApartError) -> tuple[Response | str, int, dict[str, str]]:
        return api_error(daily.api.apart_api_error(error))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
        code = getattr(error, "error_code", None) or (error.name or "error").lower().replace(
            " ", "_"
        )
        worded = messages.get(error.code or 0)
        message = worded() if worded else error.description or error.name
        if error.code == 405 and getattr(error, "valid_methods", None):
            allowed = ", ".join(m for m in error.valid_methods if m not in ("HEAD", "OPTIONS"))
            message = _(
                "%(path)s takes %(allowed)s, not %(method)s",
                path=request.path,
                allowed=allowed,
                method=request.method,
            )
        if isinstance(error, SecurityError):  # a Host not in TRUSTED_HOSTS
            code, message = "untrusted_host", _("this server does not answer for that Host")
        elif isinstance(error, BodyTooLarge | TooManyParts | BadFraming):
            message = error.description or message
        elif error.code == 413:
            message = _(
                "the request body is larger than the limit of %(limit)s bytes",
                limit=number(app.config["MAX_CONTENT_LENGTH"]),
            )
        # Keep the exception's own headers: a 405's Allow, a 401's WWW-Authenticate.
        headers = {
            name: value
            for name, value in error.get_headers()
            if name.lower() not in ("content-type", "content-length")
        }
        return api_error(APIError(error.code or 500, code, message, headers=headers))

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
        # Once, and bounded: a client that finds a fault must not fill the disk with it.
        log.error(
            "unexpected error on %s %s\n%s",
            request.method,
            clip(request.path, 200),
            traceback_for_log(error),
        )
        return api_error(APIError(500, "internal_error", _internal_error_message()))


def _internal_error_message() -> str:
    """The 500's message in the request's language, or in English when the fault is in
    finding the language itself (the answer must still be JSON)."""
    try:
        return _("something went wrong on our side")
    except Exception:  # any fault here is the one being answered
        return "something went wrong on our side"
