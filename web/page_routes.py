"""The pages blueprint: the HTML pages (the solver, practice, scoring, the tabletop board).

Each route reads its request and renders; what a page shows is built by
``web/pages.py`` (the solver), ``web/play.py`` (practice and scoring) and
``web/table.py`` (the tabletop board), which call the service layer
(``web/service.py``) as the API does.
"""

from __future__ import annotations

from urllib.parse import urlencode

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from . import openapi, pages, play, service, table
from .errors import APIError
from .i18n import current_code
from .params import read_fields

bp = Blueprint("pages", __name__)

#: Form targets rather than pages to visit, left out of the addresses a 404 lists.
UNLISTED = frozenset({"pages.rich_board"})


@bp.get("/")
def index() -> tuple[str, int, dict[str, str]]:
    """The page: the board form and, when a board is given, every word on it."""
    try:
        fields, problem = read_fields(request, pages.INDEX_FIELDS), None
    except APIError as error:
        # A field given twice: show the form filled in with the first values.
        fields = {name: request.args.get(name, "") for name in pages.INDEX_FIELDS}
        problem = error
    context = pages.index_context(fields, service.catalog(), service.limits(), problem)
    page = render_template("index.html", **context)
    return page, context["status"], context.get("headers", {})


@bp.post("/rich-board")
def rich_board() -> Response | tuple[str, int, dict[str, str]]:
    """ "Roll a rich board" without script: search for a while, then show the board solved.

    The answer is a redirect to the solver page for the board found (post, redirect,
    get: a reload does not search again). The search holds a place of the rich gate
    for up to RICH_SECONDS, so a full gate is a 503 page, as on the API.
    """
    try:
        fields = read_fields(request, ("dice", "dictionary"))
        found = service.run_rich(fields, current_app.config["RICH_SECONDS"])
    except APIError as error:
        fields = {"dictionary": request.form.get("dictionary", "")}
        context = pages.index_context(fields, service.catalog(), service.limits(), error)
        page = render_template("index.html", **context)
        return page, context["status"], context.get("headers", {})
    query = {k: found[k] for k in ("board", "min_length", "dictionary")} | {"board": found["text"]}
    return redirect(f"{url_for('pages.index')}?{urlencode(query)}#board-title", 303)


@bp.get("/practice")
def practice() -> tuple[str, int]:
    """A timed practice round on a random board or the one in the address (script only)."""
    context = play.practice_context(request, service.limits(), service.catalog())
    return render_template("practice.html", **context), context["status"]


@bp.route("/scoring", methods=["GET", "POST"])
def scoring() -> tuple[str, int, dict[str, str]]:
    """Multiplayer scoring: the form, and the results when it is posted without script."""
    context = play.scoring_context(
        request, service.catalog(), current_app.config["SCORE_MAX_PLAYERS"]
    )
    page = render_template("scoring.html", **context)
    return page, context["status"], context.get("headers", {})


@bp.get("/table")
def tabletop() -> tuple[str, int, dict[str, str]]:
    """A board for a phone or tablet lying flat on the table, its dice turned as they land."""
    context = table.table_context(request, service.catalog(), current_code())
    page = render_template("table.html", **context)
    return page, context["status"], context.get("headers", {})


@bp.get("/api")
def api_reference() -> str:
    """The API's OpenAPI document laid out for people, drawn on the server."""
    return render_template("api.html", api=openapi.reference(current_app))
