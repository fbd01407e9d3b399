"""The web app: the page, the /solve JSON API and friends, on the framework-free engine.

``create_app(config)`` builds the app; configuration comes from the defaults below,
then ``BOGGLE_*`` environment variables (``BOGGLE_MAX_CELLS=900``), then ``config``.
The default dictionary is loaded when the app is created, never per request.

Run it with ``make run`` (development) or ``make serve`` (gunicorn, see README).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from boggle import (
    DICE_SETS,
    Catalog,
    DiceError,
    Dictionary,
    SearchBudgetExceeded,
    UnknownDictionary,
    random_board,
    solve,
)
from boggle.catalog import parse_wordlist_setting
from boggle.definitions import DefinitionError, Definitions, NoDefinition
from boggle.dice import roll_plan
from boggle.scoring import normalize_word, score_game
from boggle.solver import DEFAULT_MIN_LENGTH, Solution
from web import pages, play
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
    "DEFAULT_DICTIONARY": "standard",
    # Extra named word lists, "name=path,name=path" (or a dict), added to the shipped ones.
    "WORDLISTS": "",
    # Lists to load at start-up besides the default: "large,common" or "all".
    "PRELOAD_DICTIONARIES": "",
    # Where built word graphs are cached; None means $BOGGLE_CACHE_DIR or ~/.cache/boggle.
    "CACHE_DIR": None,
    # Largest request body, in bytes (Flask answers 413 past it).
    "MAX_CONTENT_LENGTH": 256 * 1024,
    # Longest board text, in characters.
    "MAX_BOARD_CHARS": 10_000,
    # Largest board, in cells, and longest side.
    "MAX_CELLS": 1600,
    "MAX_SIDE": 64,
    # Time budget of one search, in seconds; past it the answer is a 422 error.
    "SOLVE_BUDGET": 2.0,
    # POST /score: players per game, words per player, characters per name and word.
    "SCORE_MAX_PLAYERS": 20,
    "SCORE_MAX_WORDS": 1000,
    "SCORE_MAX_NAME_CHARS": 40,
    "SCORE_MAX_WORD_CHARS": 64,
}

#: Addresses whose every answer, errors included, is JSON.
JSON_PATHS = frozenset(
    {"/solve", "/score", "/lookup", "/define", "/random", "/dictionaries", "/healthz"}
)

log = logging.getLogger(__name__)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: configuration, the word lists (default loaded now), routes, errors."""
    app = Flask(__name__)
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env("BOGGLE")
    if config:
        app.config.update(config)
    app.json.sort_keys = False  # keep the documented order of the /solve document

    extra = app.config["WORDLISTS"]
    if isinstance(extra, str):
        extra = parse_wordlist_setting(extra)
    catalog = Catalog(
        extra=extra, default=app.config["DEFAULT_DICTIONARY"], cache_dir=app.config["CACHE_DIR"]
    )
    preload = app.config["PRELOAD_DICTIONARIES"]
    if isinstance(preload, str):
        preload = [name.strip() for name in preload.split(",") if name.strip()]
    catalog.preload(catalog.names if "all" in preload else [catalog.default, *preload])
    app.extensions["boggle.catalog"] = catalog
    # Memory-mapped, so every worker shares one copy; warmed here, in gunicorn's master
    # before it forks, so that the pages are shared rather than each worker's own.
    definitions = Definitions()
    definitions.warm()
    app.extensions["boggle.definitions"] = definitions

    _register_routes(app)
    _register_errors(app)
    app.after_request(add_security_headers)
    return app


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
    min_length = read_min_length(fields.get("min_length"), DEFAULT_MIN_LENGTH)
    name = read_name(fields.get("dictionary"), "dictionary", catalog().default)
    dictionary = dictionary_named(name)
    started = time.perf_counter()
    try:
        solution = solve(board, dictionary, min_length, budget=current_app.config["SOLVE_BUDGET"])
    except SearchBudgetExceeded as error:
        log.warning("search budget exceeded: %s", board)
        raise APIError(422, "search_budget_exceeded", str(error)) from None
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
    game = score_game(solution, dictionary_named(name), players)
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
    word = normalize_word(word)
    return {"word": word, "dictionary": name, "in_dictionary": word in dictionary_named(name)}


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
        return jsonify({"status": "ok", "dictionary": dictionary.name, "words": len(dictionary)})

    @app.get("/")
    def index() -> tuple[str, int]:
        """The page: the board form and, when a board is given, every word on it."""
        try:
            fields, problem = read_fields(request, pages.INDEX_FIELDS), None
        except APIError as error:
            # A field given twice: show the form filled in with the first values.
            fields = {name: request.args.get(name, "") for name in pages.INDEX_FIELDS}
            problem = error
        context = pages.index_context(fields, run_solve, catalog(), problem, define_or_none)
        return render_template("index.html", **context), context["status"]

    @app.route("/scoring", methods=["GET", "POST"])
    def scoring() -> tuple[str, int]:
        """Multiplayer scoring: the form, and the results when it is posted without script."""
        context = play.scoring_context(request, run_score, catalog())
        return render_template("scoring.html", **context), context["status"]

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
    def api_error(error: APIError) -> tuple[Response | str, int]:
        if _wants_json():
            return jsonify(error.as_dict()), error.status
        return render_template("error.html", error=error.as_dict()["error"]), error.status

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response | str, int]:
        code = (error.name or "error").lower().replace(" ", "_")
        message = _HTTP_MESSAGES.get(error.code or 0, error.description or error.name)
        if error.code == 405 and getattr(error, "valid_methods", None):
            allowed = ", ".join(m for m in error.valid_methods if m not in ("HEAD", "OPTIONS"))
            message = f"{request.path} takes {allowed}, not {request.method}"
        if error.code == 413:
            message = (
                f"the request body is larger than the limit of "
                f"{app.config['MAX_CONTENT_LENGTH']:,} bytes"
            )
        return api_error(APIError(error.code or 500, code, message))

    @app.errorhandler(Exception)
    def unexpected_error(error: Exception) -> tuple[Response | str, int]:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return api_error(APIError(500, "internal_error", "something went wrong on our side"))


_HTTP_MESSAGES = {
    404: "there is nothing at this address; the pages are /, /practice and /scoring, "
    "the API /solve, /score, /random, /lookup, /define and /dictionaries",
    405: "this address does not take that method",
}
