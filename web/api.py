"""The API blueprint: the JSON routes (see docs/api.md).

Every answer here is JSON, errors included: the app factory reads this blueprint's
addresses from the URL map to answer even a 404 or 405 on them in JSON.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from boggle import solver
from boggle.summary import solve_document

from . import service
from .params import read_fields, read_form_players

bp = Blueprint("api", __name__)


@bp.route("/solve", methods=["GET", "POST"])
def solve() -> Response:
    """Every word on the board, as JSON (see docs/api.md)."""
    fields = read_fields(request, ("board", "min_length", "dictionary"))
    solution, name, elapsed_ms = service.run_solve(fields)
    document = solve_document(solution, name, elapsed_ms, service.spellings_of(name))
    rating = service.rating_document(solution, name)
    if rating is not None:
        document["rating"] = rating
    return jsonify(document)


@bp.post("/rich")
def rich() -> Response:
    """One slice of the search for a rich board: the best so far (see docs/api.md).

    A client asks again with the board it got and another seed to go on from there.
    """
    fields = read_fields(request, ("dice", "dictionary", "seed", "board"))
    return jsonify(service.run_rich(fields, current_app.config["RICH_SLICE_SECONDS"]))


@bp.route("/words.csv", methods=["GET"])
def words_csv() -> Response:
    """Every word on the board as a CSV download (the fields of /solve)."""
    fields = read_fields(request, ("board", "min_length", "dictionary"))
    solution, _, _ = service.run_solve(fields)
    return Response(
        service.words_csv(solution),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="boggle-words.csv"'},
    )


@bp.get("/qr")
def qr() -> Response:
    """A QR code (SVG) of the solver's link to a board, for sharing it across a table."""
    fields = read_fields(request, ("board", "min_length", "dictionary"))
    return Response(service.run_qr(fields), mimetype="image/svg+xml")


@bp.post("/score")
def score() -> Response:
    """Score a multiplayer game by the rules (see docs/api.md)."""
    if request.mimetype == "application/json":
        fields = read_fields(request, ("board", "min_length", "dictionary", "players"))
    else:
        fields = read_fields(request, ("board", "min_length", "dictionary"))
        fields["players"] = read_form_players(request.form)
    return jsonify(service.run_score(fields))


@bp.get("/random")
def random() -> Response:
    """A board rolled from real dice, with the seed that rolls it again."""
    fields = read_fields(request, ("dice", "dictionary", "seed", "rows", "cols"))
    return jsonify(service.run_random(fields))


@bp.get("/lookup")
def lookup() -> Response:
    """Whether a word is in a dictionary (for instant checks while practising)."""
    return jsonify(service.run_lookup(read_fields(request, ("word", "dictionary"))))


@bp.get("/define")
def define() -> Response:
    """What a word means, offline from WordNet (see docs/api.md)."""
    return jsonify(service.run_define(read_fields(request, ("word", "dictionary"))))


@bp.get("/dictionaries")
def dictionaries() -> Response:
    """The word lists a request can name, with their sizes, languages and alphabets."""
    catalog = service.catalog()
    return jsonify({"default": catalog.default, "dictionaries": catalog.describe()})


@bp.get("/healthz")
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
