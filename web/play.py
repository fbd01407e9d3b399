"""What the practice and scoring pages show, computed from checked fields and the engine's results.

Like ``web/pages.py`` for the solver's page: the routes in ``web/page_routes.py`` read
the request and render; this module builds the template context. It never walks a
board: the scoring page calls the service layer's ``run_score`` (the ``POST /score``
document), and
the practice page only checks what its address asks for, since the round itself runs
in the browser (``static/js/practice.js``).

``static/js/scoring.js`` draws the scoring results from the same ``/score`` JSON when
the page has JavaScript; the page and browser tests keep the two in step.

Everything here that a reader sees is worded in the request's language (Flask-Babel):
the pages' own messages here, their labels in the templates; the engine's sentences
(verdicts, headline, what was missed) come worded in the ``/score`` document.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask import Request

from boggle import Catalog, UnknownDictionary
from boggle.dice import DICE_SETS

# The engine's wording functions, which speak the request's language here (web/i18n.py
# installs it): its ngettext writes the count the language's way ("12.000" in German),
# where Flask-Babel's would leave it bare.
from boggle.i18n import _, ngettext, number
from boggle.scoring import LONG_WORD
from boggle.solver import DEFAULT_MIN_LENGTH
from boggle.standings import VERDICT_TEXT

from . import service
from .errors import APIError, bad_request
from .pages import SCORE_TABLE, page_error, page_rules, shortest_word
from .params import (
    Limits,
    read_board,
    read_fields,
    read_form_players,
    read_min_length,
    read_name,
    read_whole_number,
)

#: The fields the scoring page reads besides its players; ``word`` is the word whose
#: path the page shows (the no-JavaScript word buttons send it).
SCORING_FIELDS = ("board", "min_length", "dictionary", "word")
#: The query fields the practice page reads.
PRACTICE_FIELDS = ("board", "min_length", "dictionary", "seconds")

#: Player slots the scoring form offers without JavaScript (the script trims empty
#: ones down to two and adds more on demand).
FORM_SLOTS = 4


#: The round lengths offered, in minutes; 3 is the rules' time, 4 for Super Big Boggle.
ROUND_MINUTES = (1, 2, 3, 4, 5, 10)
#: The rules' time for a round, in seconds; Super Big Boggle allows a minute more, and
#: so does any board as large as its own.
ROUND_SECONDS = 3 * 60
BIG_ROUND_SECONDS = 4 * 60
BIG_BOARD_CELLS = DICE_SETS["superbig"].rows * DICE_SETS["superbig"].cols
#: The longest round an address may ask for, in seconds.
MAX_ROUND_SECONDS = 60 * 60
#: The random boards a round can be played on: sizes real dice are made for.
PRACTICE_SIZES = ((4, 4), (5, 5), (6, 6))
#: The cookie static/js/practice.js keeps while a round runs: its board's shape
#: (``4x5``), until the round's end. The round itself is in the browser's storage, where
#: the server cannot see it; with this the page is drawn as the round's screen from the
#: first paint, rather than as the setup the script would then replace.
RUNNING_COOKIE = "practice_round"
RUNNING_SHAPE = re.compile(r"([0-9]{1,4})x([0-9]{1,4})")

# --- The scoring page ------------------------------------------------------------------


def scoring_context(request: Request, catalog: Catalog, max_players: int) -> dict[str, Any]:
    """What scoring.html shows: the form as given and, once posted, the results or the error.

    ``status`` in the context is the HTTP status to answer with: the one ``POST /score``
    would give for the same game. At most ``max_players`` player slots are shown back.
    """
    posted = request.method == "POST"
    problem: APIError | None = None
    try:
        if posted and request.mimetype == "application/json":
            # The page's own form posts form fields; its script posts JSON to /score.
            raise APIError(
                415,
                "unsupported_media_type",
                _("the scoring page reads form fields; send JSON to POST /score"),
            )
        fields = read_fields(request, SCORING_FIELDS)
    except APIError as error:
        # A field given twice, or a body that is not a form: keep what can be kept.
        fields = {name: request.values.get(name, "") for name in SCORING_FIELDS}
        problem = error
    written = (
        [
            {"name": name, "words": words}
            for name, words in zip(
                request.form.getlist("name"), request.form.getlist("words"), strict=False
            )
        ]
        if posted
        else []
    )
    filled = sum(1 for player in written if player["name"].strip() or player["words"].strip())
    if filled > max_players and problem is None:
        # Refused before the game is scored or the slots drawn: 12,000 players sent in
        # 229 KB made 9.1 MB of page. The first slots are shown back, no more.
        problem = bad_request(
            "too_many_players",
            ngettext(
                "%(num)s player; the limit is %(limit)s",
                "%(num)s players; the limit is %(limit)s",
                filled,
                limit=number(max_players),
            ),
            limit=max_players,
        )
        written = written[:max_players]
    context: dict[str, Any] = {
        "form": {
            "board": fields.get("board", "") or "",
            # Empty unless given: the board's size decides (4 on a 6x6 board).
            "min_length": fields.get("min_length", "") or "",
            "dictionary": catalog.canonical(fields.get("dictionary", "") or catalog.default),
            "players": player_slots(written),
        },
        "dictionaries": catalog.describe(),
        "shortest_word": shortest_word(fields.get("min_length", "") or ""),
        "score_table": SCORE_TABLE,
        "long_word": LONG_WORD,
        "rules": page_rules(),
        "result": None,
        "error": None,
        "status": 200,
    }
    if not posted and problem is None:
        return context
    try:
        if problem is not None:
            raise problem
        document = service.run_score(
            {**fields, "players": read_form_players(request.form)}, for_page=True
        )
    except APIError as error:
        # A body over the size limit is the players' lists, in all likelihood.
        context["error"] = page_error(error, "players")
        context["status"] = error.status
        context["headers"] = error.headers
        return context
    context["result"] = scoring_result(document, fields.get("word"))
    context["shortest_word"] = document["min_length"]
    return context


def player_slots(written: Sequence[Mapping[str, str]]) -> list[dict[str, str]]:
    """The players as written, empty slots dropped (as /score drops them), then spares.

    Dropping the empty ones keeps the numbers in the server's messages ("player 3 has
    no name") the numbers of the slots shown.
    """
    filled = [
        {"name": p["name"], "words": p["words"]}
        for p in written
        if p["name"].strip() or p["words"].strip()
    ]
    return filled + [{"name": "", "words": ""}] * max(FORM_SLOTS - len(filled), 1)


def scoring_result(document: dict[str, Any], word: str | None = None) -> dict[str, Any]:
    """The ``POST /score`` document, with what the page adds: the chosen word's path.

    The verdicts' wording, the ranking's flags and the headline come in the document
    (boggle/standings.py), as the page script gets them.
    """
    on_board: dict[str, dict[str, Any]] = {}
    for player in document["players"]:
        for verdict in player["words"]:
            if verdict["path"]:
                on_board[verdict["word"]] = verdict
    for missed in document["missed"]["words"]:
        on_board[missed["word"]] = missed
    selected = on_board.get(word) if word else None
    path = selected["path"] if selected else []
    return document | {
        "selected": selected,
        "steps": {tuple(cell): step for step, cell in enumerate(path, 1)},
        "path_points": " ".join(f"{c + 0.5},{r + 0.5}" for r, c in path),
    }


# --- The practice page -----------------------------------------------------------------


def practice_context(request: Request, limits: Limits, catalog: Catalog) -> dict[str, Any]:
    """What practice.html shows: the round's settings as the address gives them, checked.

    The page hands them to its script in data attributes; a board or setting that
    cannot be used is said in the page (with the status /solve would answer) and random
    boards stay on offer.
    """
    form: dict[str, Any] = {
        "board": "",
        "rows": 0,
        "cols": 0,
        "min_length": "",
        "dictionary": catalog.default,
        "seconds": "",
    }
    context: dict[str, Any] = {
        "form": form,
        "dictionaries": catalog.describe(),
        "minutes": ROUND_MINUTES,
        "sizes": PRACTICE_SIZES,
        "rules": page_rules(
            round_seconds=ROUND_SECONDS,
            big_round_seconds=BIG_ROUND_SECONDS,
            big_board_cells=BIG_BOARD_CELLS,
            # Worded here, in the request's language: the table holds the English.
            verdicts={verdict: _(text) for verdict, text in VERDICT_TEXT.items()},
        ),
        "running": running_shape(request.cookies.get(RUNNING_COOKIE, ""), limits),
        "error": None,
        "status": 200,
    }
    try:
        fields = read_fields(request, PRACTICE_FIELDS)
        name = read_name(fields.get("dictionary"), "dictionary", catalog.default)
        if name not in catalog:
            unknown = UnknownDictionary(name, catalog.names)
            raise bad_request("unknown_dictionary", str(unknown), choices=unknown.names)
        form["dictionary"] = catalog.canonical(name)
        form["seconds"] = read_seconds(fields.get("seconds"))
        rules = catalog.rules(form["dictionary"])  # the board is read in its language
        board = read_board(fields.get("board"), limits, required=False, rules=rules)
        if board is not None:
            if fields.get("min_length"):
                form["min_length"] = read_min_length(fields["min_length"], DEFAULT_MIN_LENGTH)
            form.update(board=str(board), rows=board.rows, cols=board.cols)
    except APIError as error:
        context["error"] = error.as_dict()["error"]
        context["status"] = error.status
        context["headers"] = error.headers
    return context


def running_shape(value: str, limits: Limits) -> tuple[int, int] | None:
    """The shape of the round running, from its cookie (``4x5``); None for none, or for
    a value that is not a board's shape within the limits (the script draws the page
    then, as without the cookie)."""
    # ASCII digits only: str.isdecimal and int() take other scripts' digits too.
    match = RUNNING_SHAPE.fullmatch(value)
    if match is None:
        return None
    shape = int(match[1]), int(match[2])
    if min(shape) < 1 or max(shape) > limits.max_side or shape[0] * shape[1] > limits.max_cells:
        return None
    return shape


def read_seconds(value: Any) -> int | str:
    """The ``seconds`` field: a round's length, 1 s to an hour; "" when not given."""
    seconds = read_whole_number(value, "seconds", 1, MAX_ROUND_SECONDS)
    return "" if seconds is None else seconds
