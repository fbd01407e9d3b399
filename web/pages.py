"""What the HTML pages show, computed from checked fields and the engine's results.

The routes in ``app.py`` read the request and render; this module builds the
template context. It never walks a board: it calls the solve function it is given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from boggle import DICE_SETS, Catalog
from boggle.scoring import SCORE_BY_LENGTH, SHORTEST_SCORED
from boggle.solver import DEFAULT_MIN_LENGTH, Solution
from boggle.summary import summarize

from .errors import APIError

#: The query fields the index page reads.
INDEX_FIELDS = ("board", "min_length", "dictionary", "word", "size")

SolveFunction = Callable[[Mapping[str, Any]], tuple[Solution, str, float]]


def index_context(
    fields: Mapping[str, Any], run_solve: SolveFunction, catalog: Catalog
) -> dict[str, Any]:
    """What index.html shows: the form as given, and the results or the error."""
    form = {
        "board": fields.get("board", "") or "",
        "min_length": fields.get("min_length", "") or str(DEFAULT_MIN_LENGTH),
        "dictionary": fields.get("dictionary", "") or catalog.default,
        "size": fields.get("size", "") or "4x4",
    }
    context: dict[str, Any] = {
        "form": form,
        "dictionaries": catalog.describe(),
        "dice_sets": list(DICE_SETS.values()),
        "score_table": [
            (length, SCORE_BY_LENGTH[length])
            for length in range(SHORTEST_SCORED, len(SCORE_BY_LENGTH))
        ],
        "result": None,
        "error": None,
    }
    if not form["board"].strip():
        return context
    try:
        solution, name, elapsed_ms = run_solve(fields)
    except APIError as error:
        context["error"] = error.as_dict()["error"]
        return context
    document = solution.as_dict(name, elapsed_ms)
    board_text = str(solution.board)
    form["size"] = f"{solution.board.rows}x{solution.board.cols}"
    selected = next((w for w in document["words"] if w["word"] == fields.get("word")), None)
    query = {"board": board_text, "min_length": solution.min_length, "dictionary": name}
    document.update(
        board_text=board_text,
        query=urlencode(query),
        selected=selected,
        steps={tuple(cell): step for step, cell in enumerate(selected["path"], 1)}
        if selected
        else {},
        summary=summarize(solution).as_dict(),
    )
    context["result"] = document
    return context
