"""The API blueprint: the JSON routes (see docs/api.md).

Every answer here is JSON, errors included: the app factory reads this blueprint's
addresses from the URL map to answer even a 404 or 405 on them in JSON.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from boggle import solver

from . import openapi, service
from .openapi import Operation, documented
from .params import (
    DEFINE_FIELDS,
    LOOKUP_FIELDS,
    RANDOM_FIELDS,
    RICH_FIELDS,
    SCORE_FIELDS,
    SOLVE_FIELDS,
    names,
    read_fields,
    read_form_players,
)

bp = Blueprint("api", __name__)


#: The fields of a board's routes by name, worked out once.
SOLVE_NAMES = names(SOLVE_FIELDS)
#: What a board search may also answer: too many paths, or every place taken.
SEARCH_CODES = ("search_budget_exceeded", "server_busy")


@bp.route("/solve", methods=["GET", "POST"])
@documented(
    Operation(
        "Every word on the board",
        "Each word with its score and its path ([row, col] from the first letter), best "
        "first; the board's summary by length; and its rating among boards rolled with "
        "the same dice, when the list's figures are known. By query string, JSON body "
        "or form.",
        SOLVE_FIELDS,
        "Solution",
        codes=SEARCH_CODES,
    )
)
def solve() -> Response:
    """Every word on the board, as JSON (see docs/api.md)."""
    fields = read_fields(request, SOLVE_NAMES)
    solution, name, elapsed_ms = service.run_solve(fields)
    return jsonify(service.solve_answer(solution, name, elapsed_ms))


@bp.post("/rich")
@documented(
    Operation(
        "Search for a rich board",
        "One slice of a search (RICH_SLICE_SECONDS) for a board the dice can show, each "
        "cube on a die of its own: the best found. Ask again with the board answered "
        "and another seed to go on; the answer is never poorer than the board sent.",
        RICH_FIELDS,
        "RichBoard",
        codes=("server_busy",),
    )
)
def rich() -> Response:
    """One slice of the search for a rich board: the best so far (see docs/api.md).

    A client asks again with the board it got and another seed to go on from there.
    """
    fields = read_fields(request, names(RICH_FIELDS))
    return jsonify(service.run_rich(fields, current_app.config["RICH_SLICE_SECONDS"]))


@bp.route("/words.csv", methods=["GET"])
@documented(
    Operation(
        "Every word on the board, as CSV",
        "A download: word, letters, points, path (row,col cells apart).",
        SOLVE_FIELDS,
        media_type="text/csv",
        codes=SEARCH_CODES,
    )
)
def words_csv() -> Response:
    """Every word on the board as a CSV download (the fields of /solve)."""
    fields = read_fields(request, SOLVE_NAMES)
    solution, _, _ = service.run_solve(fields)
    return Response(
        service.words_csv(solution),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="boggle-words.csv"'},
    )


@bp.get("/qr")
@documented(
    Operation(
        "A QR code of the solver's link to a board",
        "An SVG, for the person across the table; the board is checked as /solve checks "
        "it, not solved.",
        SOLVE_FIELDS,
        media_type="image/svg+xml",
    )
)
def qr() -> Response:
    """A QR code (SVG) of the solver's link to a board, for sharing it across a table."""
    fields = read_fields(request, SOLVE_NAMES)
    return Response(service.run_qr(fields), mimetype="image/svg+xml")


@bp.post("/score")
@documented(
    Operation(
        "Score a multiplayer game by the rules",
        "Words written by two or more players are crossed off every list; each other "
        "word is judged (scored, too_short, not_a_word, not_on_board) and scored; the "
        "ranking breaks ties on long words. The scoring page's form (repeated name and "
        "words fields) is read too.",
        SCORE_FIELDS,
        "Game",
        codes=SEARCH_CODES,
        forms=False,
    )
)
def score() -> Response:
    """Score a multiplayer game by the rules (see docs/api.md)."""
    if request.mimetype == "application/json":
        fields = read_fields(request, names(SCORE_FIELDS))
    else:
        fields = read_fields(request, names(SOLVE_FIELDS))
        fields["players"] = read_form_players(request.form)
    return jsonify(service.run_score(fields))


@bp.get("/random")
@documented(
    Operation(
        "A board rolled from real dice",
        "With the seed that rolls it again. Without dice, the dictionary's language "
        "chooses them; a size no set was made for draws from the nearest set's faces.",
        RANDOM_FIELDS,
        "RandomBoard",
    )
)
def random() -> Response:
    """A board rolled from real dice, with the seed that rolls it again."""
    fields = read_fields(request, names(RANDOM_FIELDS))
    return jsonify(service.run_random(fields))


@bp.get("/lookup")
@documented(
    Operation(
        "Whether a word is in a dictionary",
        "Read as /score reads written words: any case, quotes and punctuation around it "
        "ignored, accents folded where the list folds them.",
        LOOKUP_FIELDS,
        "Lookup",
    )
)
def lookup() -> Response:
    """Whether a word is in a dictionary (for instant checks while practising)."""
    return jsonify(service.run_lookup(read_fields(request, names(LOOKUP_FIELDS))))


@bp.get("/define")
@documented(
    Operation(
        "What a word means",
        "In the dictionary's language, offline: English from WordNet 3.0 (inflected "
        "forms resolve to their lemmas), with a short gloss for function words WordNet "
        "lacks, up to three senses per lemma and part of speech; German from German "
        "Wiktionary (CC BY-SA 4.0), the list's forms resolved to their lemmas when it was "
        "built, up to three senses per lemma, no part of speech. Other languages have none "
        "(definitions_english_only).",
        DEFINE_FIELDS,
        "Definition",
        codes=("definitions_english_only", "no_definition"),
    )
)
def define() -> Response:
    """What a word means, offline from WordNet or Wiktionary (see docs/api.md)."""
    return jsonify(service.run_define(read_fields(request, names(DEFINE_FIELDS))))


@bp.get("/dictionaries")
@documented(
    Operation(
        "The word lists a request can name",
        "With their sizes, which is the default and which are loaded, and each one's "
        "language, alphabet and multi-letter faces.",
        answer="Dictionaries",
    )
)
def dictionaries() -> Response:
    """The word lists a request can name, with their sizes, languages and alphabets."""
    catalog = service.catalog()
    return jsonify({"default": catalog.default, "dictionaries": catalog.describe()})


@bp.get("/healthz")
@documented(
    Operation(
        "Whether the server answers",
        "For load balancers: the default dictionary is loaded and answers; which search "
        "core runs and which database the rooms use (not connected to here).",
        answer="Health",
    )
)
def healthz() -> Response:
    """For load balancers: the default dictionary is loaded and answers; and for people
    running the server, which search core it runs ("native", or "python" without one)
    and which database the rooms use ("sqlite" or "postgresql"; not connected to here)."""
    dictionary = service.catalog().get()
    return jsonify(
        {
            "status": "ok",
            "dictionary": dictionary.name,
            "word_count": len(dictionary),
            "engine": solver.ENGINE,
            "rooms_database": current_app.extensions["boggle.rooms"].database.backend,
        }
    )


@bp.get("/openapi.json")
@documented(
    Operation(
        "This document",
        "The API described in OpenAPI 3.1, written from the routes' own declarations; "
        "/api shows it for people.",
        answer="OpenAPI",
    )
)
def openapi_document() -> Response:
    """The API's OpenAPI document (web/openapi.py), built once per app."""
    return jsonify(openapi.document(current_app))
