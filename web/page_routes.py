"""The pages blueprint: the HTML pages (the solver, practice, scoring).

Each route reads its request and renders; what a page shows is built by
``web/pages.py`` (the solver) and ``web/play.py`` (practice and scoring), which call
the service layer (``web/service.py``) as the API does.
"""

from __future__ import annotations

from flask import Blueprint, current_app, render_template, request

from . import pages, play, service
from .errors import APIError
from .params import read_fields

bp = Blueprint("pages", __name__)


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
