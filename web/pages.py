"""What the HTML pages show, computed from checked fields and the engine's results.

The routes in ``web/page_routes.py`` read the request and render; this module builds
the template context. It never walks a board: it calls the service layer
(``web/service.py``), as the API does.

``static/js/results.js`` draws the same things from the ``/solve`` JSON when the
page has JavaScript; the two are kept in step by the page and browser tests. What the
page scripts must know of the rules they get as data from ``page_rules``.

What it words (the chart's label, a search time) it words in the request's language,
when the page is drawn; the sentences of the results themselves are the engine's
(``boggle/summary.py``), already in that language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlencode

from flask import current_app
from flask_babel import format_decimal
from flask_babel import gettext as _

from boggle import Catalog
from boggle.board import BLANK, MULTI_LETTER_FACES, display_face
from boggle.dice import DEFAULT_SET_FOR_SIZE, DICE_SETS, min_length_for
from boggle.dictionary import MAX_WORD_LENGTH
from boggle.rules import RULES, Ruleset
from boggle.scoring import SCORE_BY_LENGTH, SHORTEST_SCORED
from boggle.solver import DEFAULT_MIN_LENGTH
from boggle.summary import LONG_WORD, solve_document

from . import service
from .errors import APIError
from .params import Limits

#: The rules' score table as the pages show it: (letters, points), the last for "or more".
SCORE_TABLE = [
    (length, SCORE_BY_LENGTH[length]) for length in range(SHORTEST_SCORED, len(SCORE_BY_LENGTH))
]

#: The query fields the index page reads.
INDEX_FIELDS = ("board", "min_length", "dictionary", "word", "size")

#: The sizes offered by name: those real dice are made for. Others are custom rows x columns.
SIZES = tuple(f"{rows}x{cols}" for rows, cols in DEFAULT_SET_FOR_SIZE)

#: The length chart's geometry, in SVG user units (static/js/results.js uses the same).
CHART_ROW = 30
# The bars start after the labels, wide enough for the longest ("10 Buchstaben").
CHART_X = 100
CHART_BAR = 150
#: The rating histogram's geometry: the width of a bar's slot and the tallest bar.
RATING_BAR = 10
RATING_HEIGHT = 36
#: The dice sets "Roll a rich board" offers, in the order the rules list them.
RICH_DICE = tuple(DICE_SETS.values())


def page_rules(**more: Any) -> dict[str, Any]:
    """What the page scripts must know of the rules, as data from the Python constants.

    ``base.html`` puts it in the page as ``<script type="application/json" id="rules">``
    (data, never run, so the CSP's ``script-src 'self'`` has nothing to forbid), and
    ``static/js/lib/rules.js`` reads it, so the scripts keep no copy of the rules.
    ``more`` adds what one page needs besides.
    """
    return {
        "multi_letter_faces": list(MULTI_LETTER_FACES),
        "blank": BLANK,
        "score_table": [list(row) for row in SCORE_TABLE],
        "shortest_scored": SHORTEST_SCORED,
        "default_min_length": DEFAULT_MIN_LENGTH,
        # The rule of the dice made for each size: Super Big Boggle's 6x6 counts 4 letters.
        "min_length_by_size": {f"{r}x{c}": min_length_for(r, c) for r, c in DEFAULT_SET_FOR_SIZE},
        "long_word": LONG_WORD,
        "max_word_length": MAX_WORD_LENGTH,
    } | more


def board_reading(rules: Ruleset) -> dict[str, Any]:
    """How a board is read in one language, for static/js/lib/board-text.js (its
    ``language()``): the alphabet and faces (as ``/dictionaries`` says them), the letter
    typed alone for a face (q for Qu), whether accents fold (é is e in French),
    whether text is put in composed form first (every language but English, whose
    boards are read as typed) and the ligatures read as their letters (Dutch ĳ).
    tests/test_board_text_parity.py holds the script's reading with this data to
    boggle/board.py's in every language."""
    return {
        "alphabet": rules.alphabet,
        "multi_letter_faces": list(rules.multi_letter_faces),
        "letter_faces": dict(rules.letter_faces),
        "folds_accents": rules.folds_accents,
        "composed": rules is not RULES,
        "ligatures": [list(pair) for pair in rules.ligatures],
    }


def picker_faces(catalog: Catalog, name: str) -> list[str]:
    """The cubes of more than one letter a list's dice carry, as printed (the grid's
    picker offers them): ``Qu``, English's ``Th``...; the default list's for a name unknown."""
    rules = catalog.rules(name if name in catalog else None)
    return [display_face(face) for face in rules.multi_letter_faces]


def index_context(
    fields: Mapping[str, Any],
    catalog: Catalog,
    limits: Limits,
    problem: APIError | None = None,
) -> dict[str, Any]:
    """What index.html shows: the form as given, and the results or the error.

    ``problem`` is an error found before solving (a field given twice); ``status`` in
    the context is the HTTP status to answer with, the same as ``/solve``'s. The chosen
    word's ``/define`` document, in the list's language (None if its source has no entry,
    or the language no source), is shown beside its path, as the page script shows it.
    """
    # The entry grid offers every board the server takes: a side up to the limit.
    max_side = min(limits.max_side, limits.max_cells)
    rows, cols = grid_shape(fields.get("size", "") or "", max_side)
    form = {
        "board": fields.get("board", "") or "",
        # Unless given, the rule of the dice made for the grid's size: 4 on a 6x6 board.
        "min_length": fields.get("min_length", "") or str(min_length_for(rows, cols)),
        "dictionary": catalog.canonical(fields.get("dictionary", "") or catalog.default),
        "size": f"{rows}x{cols}",
        "rows": rows,
        "cols": cols,
    }
    context: dict[str, Any] = {
        "form": form,
        "sizes": SIZES,
        "max_grid_side": max_side,
        "dictionaries": catalog.describe(),
        "score_table": SCORE_TABLE,
        "long_word": LONG_WORD,
        "rules": page_rules(
            max_side=max_side,
            max_cells=limits.max_cells,
            # Each list's letters, so the grid takes ä for German with no fetch.
            boards={name: board_reading(catalog.rules(name)) for name in catalog.names},
        ),
        # The cubes of more than one letter the chosen list's dice carry (the picker's).
        "picker_faces": picker_faces(catalog, form["dictionary"]),
        "shortest_word": shortest_word(form["min_length"]),
        "rich_dice": RICH_DICE,
        "rich_choice": DEFAULT_SET_FOR_SIZE.get((rows, cols), "new"),
        "rich_slices": current_app.config["RICH_SLICES"],
        "result": None,
        "error": None,
        "status": 200,
    }
    if problem is None and not form["board"].strip():
        return context
    try:
        if problem is not None:
            raise problem
        solution, name, elapsed_ms = service.run_solve(fields)
    except APIError as error:
        context["error"] = page_error(error)
        context["status"] = error.status
        context["headers"] = error.headers
        return context
    document = solve_document(solution, name, elapsed_ms, service.spellings_of(name))
    board_text = str(solution.board)
    form.update(
        size=f"{solution.board.rows}x{solution.board.cols}",
        rows=solution.board.rows,
        cols=solution.board.cols,
        min_length=str(solution.min_length),
    )
    context["shortest_word"] = solution.min_length
    selected = next((w for w in document["words"] if w["word"] == fields.get("word")), None)
    path = selected["path"] if selected else []
    query = {"board": board_text, "min_length": solution.min_length, "dictionary": name}
    document.update(
        board_text=board_text,
        query=urlencode(query),
        selected=selected,
        definition=service.define_or_none(selected["word"], name) if selected else None,
        # Who the panel says has no entry, or that the language has no definitions.
        definition_source=service.definition_source(name),
        definition_language=_(catalog.rules(name).language),
        steps={tuple(cell): step for step, cell in enumerate(path, 1)},
        # The chosen word's line through the cube centres, in cube units (see index.html).
        path_points=" ".join(f"{c + 0.5},{r + 0.5}" for r, c in path),
        chart=length_chart(document["summary"]["by_length"]),
        elapsed_text=format_ms(elapsed_ms),
        rating=rating_view(service.rating_document(solution, name)),
    )
    context["result"] = document
    return context


def rating_view(rating: dict[str, Any] | None) -> dict[str, Any] | None:
    """The rating as the page draws it: the histogram's bars (its wording is the engine's,
    boggle/ratings.py, as /solve sends it)."""
    if rating is None:
        return None
    tallest = max(b["count"] for b in rating["bins"]) or 1
    bars = []
    for index, b in enumerate(rating["bins"]):
        height = round(RATING_HEIGHT * b["count"] / tallest, 1)
        bars.append(
            {
                "x": RATING_BAR * index,
                "y": round(RATING_HEIGHT - height, 1),
                "height": height,
                "mark": index == rating["bin"],
                "title": b["text"],
            }
        )
    # The sentence with its share emphasised, as results.js lays it out.
    before, share, after = rating["text"].partition(rating["share_text"])
    return rating | {
        "sentence": (before, share, after),
        "bars": bars,
        "width": RATING_BAR * len(bars),
        "height": RATING_HEIGHT,
    }


def grid_shape(size: str, max_side: int) -> tuple[int, int]:
    """Rows and columns from a size such as ``5x5`` or ``3x7``; 4x4 if it is not one
    with sides from 1 to ``max_side``."""
    rows, _, cols = size.lower().partition("x")
    if rows.isdecimal() and cols.isdecimal() and len(rows) <= 4 and len(cols) <= 4:
        shape = int(rows), int(cols)
        if all(1 <= side <= max_side for side in shape):
            return shape
    return 4, 4


def shortest_word(min_length: str) -> int:
    """The shortest word the rules state: the form's when it is one, else the default."""
    given = int(min_length) if min_length.isdecimal() and len(min_length) < 4 else 0
    return given if given >= SHORTEST_SCORED else DEFAULT_MIN_LENGTH


def length_chart(by_length: list[dict[str, Any]]) -> dict[str, Any]:
    """Bar widths for the words-by-length chart: words and points, each against its largest.

    Geometry only: the counts and their wording are the summary's (boggle/summary.py).
    """
    most_words = max((row["count"] for row in by_length), default=0) or 1
    most_points = max((row["points"] for row in by_length), default=0) or 1
    return {
        "label": "; ".join(
            _("%(length)s letters, %(text)s", length=row["length"], text=row["text"])
            for row in by_length
        ),
        "height": CHART_ROW * len(by_length),
        "x": CHART_X,
        "rows": [
            row
            | {
                "y": CHART_ROW * index,
                "words_width": round(CHART_BAR * row["count"] / most_words, 1),
                "points_width": round(CHART_BAR * row["points"] / most_points, 1),
            }
            for index, row in enumerate(by_length)
        ],
    }


def format_ms(elapsed_ms: float) -> str:
    """A search time as people read it, in the request's language: ``0.4 ms``, ``12 ms``
    (``0,4 ms`` in German; the unit is the same in every language the pages speak)."""
    pattern = "0.0" if elapsed_ms < 10 else "#,##0"
    return f"{format_decimal(elapsed_ms, format=pattern)} ms"


def page_error(error: APIError, default_field: str = "board") -> dict[str, Any]:
    """An error as a page shows it: beside its field, or beside ``default_field``."""
    # ``typed``: the board as typed, when one cube of it is wrong, for the grid to draw.
    return error.as_dict()["error"] | {"field": error.field or default_field, "typed": error.typed}
