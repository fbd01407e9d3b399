"""The web app: the page, the /solve JSON API and friends, on the framework-free engine.

``create_app(config)`` builds the app; configuration comes from the defaults below,
then ``BOGGLE_*`` environment variables (``BOGGLE_MAX_CELLS=900``), then ``config``.
The default dictionary is loaded when the app is created, never per request.

Run it with ``make run`` (development) or ``make serve`` (gunicorn, see README).
"""

from __future__ import annotations

import logging
import math
import time
import traceback
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException, SecurityError

from boggle import (
    DICE_SETS,
    Board,
    Catalog,
    DiceError,
    Dictionary,
    SearchBudgetExceeded,
    SearchBusy,
    SearchGate,
    UnknownDictionary,
    WordListError,
    random_board,
    solve,
)
from boggle.catalog import parse_wordlist_setting
from boggle.definitions import DefinitionError, Definitions, NoDefinition
from boggle.dice import min_length_for, roll_plan
from boggle.rules import RULES
from boggle.scoring import score_game
from boggle.solver import Solution
from boggle.words import normalize_word
from web import pages, play, settings
from web.body import BadFraming, BodyTooLarge, BoundedRequest, TooManyParts
from web.errors import APIError, bad_request
from web.params import (
    Limits,
    PlayerLimits,
    read_board,
    read_fields,
    read_form_players,
    read_min_length,
    read_name,
    read_players,
    read_seed,
    read_size,
)
from web.security import add_security_headers

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
    # POST /score: players per game, words per player, characters per name and word.
    "SCORE_MAX_PLAYERS": 20,
    "SCORE_MAX_WORDS": 1000,
    "SCORE_MAX_NAME_CHARS": 40,
    "SCORE_MAX_WORD_CHARS": 64,
}

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
    "MAX_EXPENSIVE_SEARCHES": settings.whole_number(1, 1000),
    "EXPENSIVE_SEARCH_COST": settings.number(0, 1_000_000),
    "SCORE_MAX_PLAYERS": settings.whole_number(1, 1000),
    "SCORE_MAX_WORDS": settings.whole_number(1, 100_000),
    "SCORE_MAX_NAME_CHARS": settings.whole_number(1, 1000),
    # Tracing a written word recurses once a letter (boggle/tracing.py): keep it shallow.
    "SCORE_MAX_WORD_CHARS": settings.whole_number(1, 200),
}

#: Addresses whose every answer, errors included, is JSON.
JSON_PATHS = frozenset(
    {"/solve", "/score", "/lookup", "/define", "/random", "/dictionaries", "/healthz"}
)

log = logging.getLogger(__name__)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: configuration, the word lists (default loaded now), routes, errors."""
    app = Flask(__name__)
    app.request_class = BoundedRequest
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("BOGGLE")
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # keep the documented order of the /solve document
    try:
        settings.check_settings(app.config, SETTING_RULES)
        ceiling, budget = app.config["SOLVE_CEILING"], app.config["SOLVE_BUDGET"]
        if ceiling is not None and ceiling < budget:
            raise settings.SettingError(
                f"setting SOLVE_CEILING (BOGGLE_SOLVE_CEILING) is {ceiling:g}; it must be "
                f"at least SOLVE_BUDGET ({budget:g}), or none"
            )
        app.extensions["boggle.catalog"] = _load_catalog(app.config)
    except (settings.SettingError, WordListError) as error:
        # Refuse to start, in one line that `flask run` and gunicorn print as it is:
        # the cause would otherwise be the last line of a long traceback.
        raise SystemExit(f"boggle: cannot start: {error}") from None
    hosts = app.config["TRUSTED_HOSTS"]
    if isinstance(hosts, str):
        hosts = [host.strip() for host in hosts.split(",") if host.strip()]
    app.config["TRUSTED_HOSTS"] = list(hosts) or None
    app.extensions["boggle.gate"] = SearchGate(
        app.config["MAX_EXPENSIVE_SEARCHES"], app.config["EXPENSIVE_SEARCH_COST"]
    )
    # Memory-mapped, so every worker shares one copy; warmed here, in gunicorn's master
    # before it forks, so that the pages are shared rather than each worker's own.
    definitions = Definitions()
    definitions.warm()
    app.extensions["boggle.definitions"] = definitions

    _register_routes(app)
    _register_errors(app)
    app.after_request(add_security_headers)
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
    catalog.preload(catalog.names if "all" in preload else [catalog.default, *preload])
    return catalog


def catalog() -> Catalog:
    """The app's word lists."""
    return current_app.extensions["boggle.catalog"]


def limits() -> Limits:
    """The app's request limits."""
    config = current_app.config
    return Limits(config["MAX_BOARD_CHARS"], config["MAX_CELLS"], config["MAX_SIDE"])


# --- The engine, called with checked values -------------------------------------------


def run_solve(fields: Mapping[str, Any]) -> tuple[Solution, str, float]:
    """Solve the board the fields describe; return the solution, dictionary name and ms."""
    board = read_board(fields.get("board"), limits())
    # Unless given, the shortest word is the rule of the dice made for the board's size.
    min_length = read_min_length(fields.get("min_length"), min_length_for(board.rows, board.cols))
    name = read_name(fields.get("dictionary"), "dictionary", catalog().default)
    dictionary = dictionary_named(name)
    name = dictionary.name  # as the catalog spells it: "Standard" is "standard"
    budget = current_app.config["SOLVE_BUDGET"]
    started = time.perf_counter()
    try:
        with current_app.extensions["boggle.gate"].admit(board, dictionary):
            solution = solve(
                board, dictionary, min_length, budget, current_app.config["SOLVE_CEILING"]
            )
    except SearchBudgetExceeded as error:
        log.warning("search budget exceeded: %s", board_summary(board))
        raise APIError(422, "search_budget_exceeded", str(error)) from None
    except SearchBusy as error:
        # A place frees when a running search ends: within about one budget.
        retry = str(math.ceil(budget))
        raise APIError(503, "server_busy", str(error), headers={"Retry-After": retry}) from None
    return solution, name, (time.perf_counter() - started) * 1000


def run_score(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Score a game by the rules; return the ``POST /score`` document."""
    config = current_app.config
    player_limits = PlayerLimits(
        config["SCORE_MAX_PLAYERS"],
        config["SCORE_MAX_WORDS"],
        config["SCORE_MAX_NAME_CHARS"],
        config["SCORE_MAX_WORD_CHARS"],
    )
    players = read_players(fields.get("players"), player_limits)
    solution, name, elapsed_ms = run_solve(fields)
    try:
        game = score_game(
            solution, dictionary_named(name), players, budget=current_app.config["SOLVE_BUDGET"]
        )
    except SearchBudgetExceeded as error:
        # Tracing the players' words on a board of endless near-misses: the same limit.
        raise APIError(422, "search_budget_exceeded", str(error)) from None
    return {
        "board": solution.board.display_rows(),
        "rows": solution.board.rows,
        "cols": solution.board.cols,
        "dictionary": name,
        "min_length": solution.min_length,
        **game.as_dict(),
        "elapsed_ms": round(elapsed_ms, 3),
    }


def run_lookup(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Whether a word is in a dictionary; return the ``/lookup`` document."""
    word = fields.get("word")
    if not isinstance(word, str) or not word.strip():
        raise bad_request("missing_word", "give the word to look up in 'word'")
    if len(word) > current_app.config["SCORE_MAX_WORD_CHARS"]:
        raise bad_request("bad_word", f"the word is {len(word):,} characters; words are short")
    name = read_name(fields.get("dictionary"), "dictionary", catalog().default)
    dictionary = dictionary_named(name)
    word = normalize_word(word)
    return {"word": word, "dictionary": dictionary.name, "in_dictionary": word in dictionary}


def run_define(fields: Mapping[str, Any]) -> dict[str, Any]:
    """What a word means, from WordNet; return the ``/define`` document."""
    word = fields.get("word")
    if not isinstance(word, str) or not word.strip():
        raise bad_request("missing_word", "give the word to define in 'word'")
    try:
        return current_app.extensions["boggle.definitions"].define(word).as_dict()
    except DefinitionError as error:
        raise bad_request("bad_word", str(error)) from None
    except NoDefinition as error:
        raise APIError(404, "no_definition", str(error)) from None


def define_or_none(word: str) -> dict[str, Any] | None:
    """A word's ``/define`` document for the pages, or None when WordNet has no entry."""
    try:
        return current_app.extensions["boggle.definitions"].define(word).as_dict()
    except (DefinitionError, NoDefinition):
        return None


def dictionary_named(name: str) -> Dictionary:
    """The dictionary of that name, or a 400 listing the names there are."""
    try:
        return catalog().get(name)
    except UnknownDictionary as error:
        raise bad_request("unknown_dictionary", str(error), choices=error.names) from None


def run_random(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Roll a board from the fields' dice set, seed and size; return the /random document."""
    name = read_name(fields.get("dice"), "dice")
    rows = read_size(fields.get("rows"), "rows", limits())
    cols = read_size(fields.get("cols"), "cols", limits())
    seed = read_seed(fields.get("seed"))
    try:
        dice, rows, cols = roll_plan(name, rows, cols)
    except DiceError as error:
        raise bad_request("unknown_dice", str(error), choices=sorted(DICE_SETS)) from None
    if rows * cols > limits().max_cells:
        raise APIError(
            413,
            "board_too_large",
            f"{rows}x{cols} is {rows * cols:,} cells; the limit is {limits().max_cells:,}",
            limit=limits().max_cells,
        )
    board, seed = random_board(dice, seed, rows, cols)
    return {
        "board": board.display_rows(),
        "rows": board.rows,
        "cols": board.cols,
        "text": str(board),
        "dice": dice.name,
        "seed": seed,
        "min_length": dice.min_length,
    }


# --- What one request may write to the log --------------------------------------------

#: The most one request writes to the log, in characters (a traceback is about 2,000).
LOG_LIMIT = 4000


def clip(text: str, limit: int = LOG_LIMIT) -> str:
    """The text cut to about ``limit`` characters: its start and its end (where a traceback
    names the error), saying how much was left out."""
    if len(text) <= limit:
        return text
    head = limit // 4
    tail = limit - head
    return f"{text[:head]} [...{len(text) - limit:,} characters left out...] {text[-tail:]}"


def board_summary(board: Board) -> str:
    """A board for the log: its shape and the start of its text, not its 1,600 cells."""
    return f"{board.rows}x{board.cols} board, {clip(str(board), 60)!r}"


# --- Routes ---------------------------------------------------------------------------


def _register_routes(app: Flask) -> None:
    @app.route("/solve", methods=["GET", "POST"])
    def solve_api() -> Response:
        """Every word on the board, as JSON (see README, "The API")."""
        fields = read_fields(request, ("board", "min_length", "dictionary"))
        solution, name, elapsed_ms = run_solve(fields)
        return jsonify(solution.as_dict(name, elapsed_ms))

    @app.post("/score")
    def score_api() -> Response:
        """Score a multiplayer game by the rules (see README, "The API")."""
        if request.mimetype == "application/json":
            fields = read_fields(request, ("board", "min_length", "dictionary", "players"))
        else:
            fields = read_fields(request, ("board", "min_length", "dictionary"))
            fields["players"] = read_form_players(request.form)
        return jsonify(run_score(fields))

    @app.get("/lookup")
    def lookup_api() -> Response:
        """Whether a word is in a dictionary (for instant checks while practising)."""
        return jsonify(run_lookup(read_fields(request, ("word", "dictionary"))))

    @app.get("/define")
    def define_api() -> Response:
        """What a word means, offline from WordNet (see README, "The API")."""
        return jsonify(run_define(read_fields(request, ("word",))))

    @app.get("/random")
    def random_api() -> Response:
        """A board rolled from real dice, with the seed that rolls it again."""
        return jsonify(run_random(read_fields(request, ("dice", "seed", "rows", "cols"))))

    @app.get("/dictionaries")
    def dictionaries_api() -> Response:
        """The word lists a request can name, with their sizes."""
        return jsonify({"default": catalog().default, "dictionaries": catalog().describe()})

    @app.get("/healthz")
    def healthz() -> Response:
        """For load balancers: the default dictionary is loaded and answers."""
        dictionary = catalog().get()
        return jsonify(
            {"status": "ok", "dictionary": dictionary.name, "word_count": len(dictionary)}
        )

    @app.get("/")
    def index() -> tuple[str, int, dict[str, str]]:
        """The page: the board form and, when a board is given, every word on it."""
        try:
            fields, problem = read_fields(request, pages.INDEX_FIELDS), None
        except APIError as error:
            # A field given twice: show the form filled in with the first values.
            fields = {name: request.args.get(name, "") for name in pages.INDEX_FIELDS}
            problem = error
        context = pages.index_context(fields, run_solve, catalog(), problem, define_or_none)
        page = render_template("index.html", **context)
        return page, context["status"], context.get("headers", {})

    @app.route("/scoring", methods=["GET", "POST"])
    def scoring() -> tuple[str, int, dict[str, str]]:
        """Multiplayer scoring: the form, and the results when it is posted without script."""
        context = play.scoring_context(
            request, run_score, catalog(), current_app.config["SCORE_MAX_PLAYERS"]
        )
        page = render_template("scoring.html", **context)
        return page, context["status"], context.get("headers", {})

    @app.get("/practice")
    def practice() -> tuple[str, int]:
        """A timed practice round on a random board or the one in the address (script only)."""
        context = play.practice_context(request, limits(), catalog())
        return render_template("practice.html", **context), context["status"]


# --- Errors ---------------------------------------------------------------------------


def _wants_json() -> bool:
    """Whether the error should be JSON: a JSON route, or a client that asks for JSON."""
    # By path, not endpoint: a 405 or 413 is raised before any endpoint is matched.
    if request.path.rstrip("/") in JSON_PATHS:
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def _register_errors(app: Flask) -> None:
    @app.errorhandler(APIError)
    def api_error(error: APIError) -> tuple[Response | str, int, dict[str, str]]:
        if _wants_json():
            return jsonify(error.as_dict()), error.status, error.headers
        if request_ctx.url_adapter is None:
            # The Host was not trusted, so Flask built no URL adapter; the page's links
            # are paths only, so one bound to no host in particular can build them.
            request_ctx.url_adapter = app.url_map.bind("", script_name=request.script_root)
        page = render_template("error.html", error=error.as_dict()["error"])
        return page, error.status, error.headers

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response | str, int, dict[str, str]]:
        code = getattr(error, "error_code", None) or (error.name or "error").lower().replace(
            " ", "_"
        )
        message = _HTTP_MESSAGES.get(error.code or 0, error.description or error.name)
        if error.code == 405 and getattr(error, "valid_methods", None):
            allowed = ", ".join(m for m in error.valid_methods if m not in ("HEAD", "OPTIONS"))
            message = f"{request.path} takes {allowed}, not {request.method}"
        if isinstance(error, SecurityError):  # a Host not in TRUSTED_HOSTS
            code, message = "untrusted_host", "this server does not answer for that Host"
        elif isinstance(error, BodyTooLarge | TooManyParts | BadFraming):
            message = error.description or message
        elif error.code == 413:
            message = (
                f"the request body is larger than the limit of "
                f"{app.config['MAX_CONTENT_LENGTH']:,} bytes"
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
        trace = "".join(traceback.format_exception(error))
        log.error(
            "unexpected error on %s %s\n%s", request.method, clip(request.path, 200), clip(trace)
        )
        return api_error(APIError(500, "internal_error", "something went wrong on our side"))


_HTTP_MESSAGES = {
    404: "there is nothing at this address; the pages are /, /practice and /scoring, "
    "the API /solve, /score, /random, /lookup, /define and /dictionaries",
    405: "this address does not take that method",
}
