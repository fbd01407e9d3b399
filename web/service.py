"""The service layer: the engine called with checked request fields, for every blueprint.

Each ``run_*`` function reads its fields with ``web/params.py``, calls the engine, and
turns the engine's errors into ``APIError`` answers at this one edge (``from None``).
The API blueprint sends what they return as JSON; the pages blueprint lays the same
values out in templates. Neither walks a board or reads the word lists itself.
"""

from __future__ import annotations

import csv
import io
import logging
import math
import time
from collections.abc import Mapping
from typing import Any

import segno
from flask import Flask, current_app, url_for
from flask.globals import _cv_app
from flask_babel import gettext as _

from boggle import (
    BoardError,
    Catalog,
    DiceError,
    Dictionary,
    SearchBudgetExceeded,
    SearchBusy,
    UnknownDictionary,
    random_board,
    solve,
)
from boggle.board import shape_text
from boggle.definitions import Definition, DefinitionError, NoDefinition
from boggle.dice import ALL_DICE_SETS, DiceSet, min_length_for, new_seed, roll_plan, rules_of

# The engine's ngettext, not Flask-Babel's: it writes the count the language's way
# ("1.000"), where Flask-Babel's puts the number in as it is.
from boggle.glosses import Glosses, NoGloss
from boggle.i18n import ngettext, number
from boggle.languages import ALL_RULESETS
from boggle.rich import dice_assignment, find_rich_board
from boggle.rules import RULES, Ruleset
from boggle.solver import FoundWord, Solution, words_json
from boggle.spellings import Spellings, spellings_for
from boggle.standings import score_document
from boggle.summary import solve_document
from boggle.words import first_typed, has_invisible, normalize_word

from .answers import Written
from .errors import APIError, bad_request, board_error
from .logs import board_summary
from .params import (
    Limits,
    PlayerLimits,
    read_board,
    read_dice_set,
    read_min_length,
    read_name,
    read_players,
    read_seed,
    read_size,
)

log = logging.getLogger(__name__)


def the_app() -> Flask:
    """The request's app: ``current_app`` without its proxy, whose every attribute costs
    a look-up through the context and the proxy (about a microsecond: a /solve asked it
    a dozen times). Outside an app context, the proxy's own error."""
    context = _cv_app.get(None)
    return current_app._get_current_object() if context is None else context.app  # type: ignore[attr-defined]


def catalog() -> Catalog:
    """The app's word lists."""
    return the_app().extensions["boggle.catalog"]


def limits() -> Limits:
    """The app's request limits."""
    config = the_app().config
    return Limits(config["MAX_BOARD_CHARS"], config["MAX_CELLS"], config["MAX_SIDE"])


def run_solve(fields: Mapping[str, Any]) -> tuple[Solution, str, float]:
    """Solve the board the fields describe; return the solution, dictionary name and ms."""
    name = read_name(fields.get("dictionary"), "dictionary", catalog().default)
    # The board is read in the dictionary's language (its letters: ä in German), known
    # before its graph is loaded, so a bad board costs no load.
    board = read_board(fields.get("board"), limits(), rules=rules_named(name))
    # Unless given, the shortest word is the rule of the dice made for the board's size.
    min_length = read_min_length(fields.get("min_length"), min_length_for(board.rows, board.cols))
    dictionary = dictionary_named(name)
    name = dictionary.name  # as the catalog spells it: "Standard" is "standard"
    app = the_app()
    budget = app.config["SOLVE_BUDGET"]
    started = time.perf_counter()
    try:
        with app.extensions["boggle.gate"].admit(board, dictionary):
            solution = solve(board, dictionary, min_length, budget, app.config["SOLVE_CEILING"])
    except SearchBudgetExceeded as error:
        log.warning("search budget exceeded: %s", board_summary(board))
        raise APIError(422, "search_budget_exceeded", str(error)) from None
    except BoardError as error:
        # A face of another language (the board was read with this one's: a safeguard).
        raise board_error(error) from None
    except SearchBusy as error:
        # A place frees when a running search ends: within about one budget.
        retry = str(math.ceil(budget))
        raise APIError(503, "server_busy", str(error), headers={"Retry-After": retry}) from None
    return solution, name, (time.perf_counter() - started) * 1000


def solve_answer(solution: Solution, name: str, elapsed_ms: float) -> dict[str, Any]:
    """The ``/solve`` document of a solved board: the engine's (``solve_document``), with
    its rating when known. Its words are written as JSON by the native core where it
    can (``words_json``: no object made per word, a tenth of a request's time in the
    app), else as objects; the answer's bytes are the same either way."""
    spellings = spellings_of(name)
    written = words_json(solution.words) if spellings is None else None
    words = None if written is None else Written(written)
    document = solve_document(solution, name, elapsed_ms, spellings, words)
    rating = rating_document(solution, name)
    if rating is not None:
        document["rating"] = rating
    return document


def rating_document(solution: Solution, name: str) -> dict[str, Any] | None:
    """The ``rating`` object of ``/solve`` for a solved board, or None: no dice set makes
    a board of its size, or its list's figures are not known (never computed here)."""
    rating = the_app().extensions["boggle.ratings"].rate(solution, dictionary_named(name))
    return None if rating is None else rating.as_dict()


def run_rich(fields: Mapping[str, Any], seconds: float) -> dict[str, Any]:
    """Search ``seconds`` for a rich board of the fields' dice set, from their board if
    given; return the ``POST /rich`` document. 503 server_busy when every place for
    this search is taken (the places are the rich gate's, never a solve's). Either of
    dice and dictionary chooses the other by its language: ``dictionary=de`` searches
    with German dice, ``dice=de`` on the German list."""
    name = read_name(fields.get("dictionary"), "dictionary")
    if name is None and read_name(fields.get("dice"), "dice") is not None:
        dice = read_dice_set(fields.get("dice"))
        language = rules_of(dice)
        name = catalog().default if language is RULES else language.default_dictionary
        rules = rules_named(name)
    else:
        name = name or catalog().default
        rules = rules_named(name)
        dice = read_dice_set(fields.get("dice"), rules.default_set)
    check_dice_language(dice, rules)
    dictionary = dictionary_named(name)
    seed = read_seed(fields.get("seed"))
    seed = new_seed() if seed is None else seed
    start = None
    if fields.get("board") not in (None, ""):
        start = read_board(fields.get("board"), limits(), rules=rules)
        if (start.rows, start.cols) != (dice.rows, dice.cols):
            raise bad_request(
                "bad_board",
                _(
                    "the %(dice)s dice make a %(shape)s board; this one is %(given)s",
                    dice=dice.name,
                    shape=shape_text(dice.rows, dice.cols),
                    given=shape_text(start.rows, start.cols),
                ),
                "board",
            )
        if dice_assignment(start, dice) is None:
            raise bad_request(
                "bad_board",
                _(
                    "the %(dice)s dice cannot show this board: no way to give each cube a "
                    "die of its own that shows its face",
                    dice=dice.name,
                ),
                "board",
            )
    try:
        with current_app.extensions["boggle.rich_gate"].hold():
            found = find_rich_board(dictionary, dice, seed=seed, seconds=seconds, start=start)
    except SearchBusy as error:
        # A place frees when the running slice ends: within its seconds.
        message = ngettext(
            "one search for a rich board is running already, the most allowed at once; "
            "try again in a moment",
            "%(num)s searches for a rich board are running already, the most allowed at "
            "once; try again in a moment",
            error.limit,
        )
        retry = str(math.ceil(seconds))
        raise APIError(503, "server_busy", message, headers={"Retry-After": retry}) from None
    return found.as_dict(dictionary.name)


def run_score(fields: Mapping[str, Any], *, for_page: bool = False) -> dict[str, Any]:
    """Score a game by the rules; return the ``POST /score`` document. Its missed words
    are written as JSON by the native core where it can (``written_words``), for the
    encoder to put in as they are; ``for_page``: as objects, for a page to read."""
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
        game = score_document(
            solution,
            dictionary_named(name),
            players,
            budget=config["SOLVE_BUDGET"],
            write_words=None if for_page else written_words,
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
        # What the board holds, as in /solve: a player's total reads against it.
        "count": solution.count,
        "total_score": solution.total_score,
        **game,
        "elapsed_ms": round(elapsed_ms, 3),
    }


def written_words(words: tuple[FoundWord, ...]) -> Written | None:
    """Found words as the JSON list of their objects, written by the native core
    (``words_json``), or None where it leaves them to the encoder (see ``solve_answer``)."""
    written = words_json(words)
    return None if written is None else Written(written)


def run_lookup(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Whether a word is in a dictionary; return the ``/lookup`` document."""
    word = fields.get("word")
    if not isinstance(word, str) or not word.strip():
        raise bad_request("missing_word", _("give the word to look up in 'word'"))
    if len(word) > current_app.config["SCORE_MAX_WORD_CHARS"]:
        raise bad_request(
            "bad_word",
            _("the word is %(length)s characters; words are short", length=number(len(word))),
        )
    # As /define refuses them: characters no word holds and no screen shows. A word
    # Python calls printable holds none (no control or format character is), and is
    # told so in one call rather than one look-up per letter.
    hidden = None if word.isprintable() else first_typed(word, lambda ch: not has_invisible(ch))
    if hidden is not None:
        where, typed = hidden
        raise bad_request(
            "bad_word",
            _(
                "%(letter)s (character %(where)s) is a control character, not a letter; "
                "words are letters only",
                letter=repr(typed),
                where=where,
            ),
        )
    name = read_name(fields.get("dictionary"), "dictionary", catalog().default)
    dictionary = dictionary_named(name)
    word = normalize_word(word)
    if dictionary.rules.folds_accents:
        word = dictionary.rules.fold_word(word)  # as the list spells it: élève is eleve
    return {"word": word, "dictionary": dictionary.name, "in_dictionary": word in dictionary}


def run_define(fields: Mapping[str, Any]) -> dict[str, Any]:
    """What a word means, in the dictionary's language: WordNet's for English, Wiktionary's
    where a language has it (boggle/glosses.py); return the ``/define`` document."""
    word = fields.get("word")
    if not isinstance(word, str) or not word.strip():
        raise bad_request("missing_word", _("give the word to define in 'word'"))
    name = read_name(fields.get("dictionary"), "dictionary")
    rules = rules_named(name) if name is not None else RULES
    if rules.code != "en" and rules.code not in glosses():
        raise bad_request(
            "definitions_english_only",
            _(
                "there are no definitions in %(language)s; %(name)s is the %(language)s "
                "dictionary, and definitions are in: %(languages)s",
                name=repr(name),
                language=_(rules.language),
                languages=", ".join(_(language) for language in defined_languages()),
            ),
            "dictionary",
        )
    try:
        return define(word, rules).as_dict()
    except DefinitionError as error:
        raise bad_request("bad_word", str(error)) from None
    except (NoDefinition, NoGloss) as error:
        # Named, so that a page says who has no entry in its reader's words.
        source = "WordNet" if rules.code == "en" else "Wiktionary"
        raise APIError(404, "no_definition", str(error), source=source) from None


def define(word: str, rules: Ruleset) -> Definition:
    """A word's definition in the language of ``rules``, from the source that language has."""
    if rules.code == "en":
        return current_app.extensions["boggle.definitions"].define(word)
    return glosses()[rules.code].define(word, rules)


def glosses() -> dict[str, Glosses]:
    """The other languages' glosses, by language code; each is opened on its first lookup."""
    return current_app.extensions["boggle.glosses"]


def defined_languages() -> list[str]:
    """The English names of the languages that have definitions, English first."""
    names = {rules.code: rules.language for rules in ALL_RULESETS}
    return ["English", *(names[code] for code in glosses())]


def definition_source(dictionary: str | None) -> str | None:
    """The source of the definitions of a dictionary's language, named as the pages name
    it ("WordNet", "Wiktionary"), or None when the language has none."""
    code = catalog().rules(dictionary).code
    return "WordNet" if code == "en" else "Wiktionary" if code in glosses() else None


def define_or_none(word: str, dictionary: str | None = None) -> dict[str, Any] | None:
    """A word's ``/define`` document for the pages, in the dictionary's language; None when
    its source has no entry or the language has no definitions."""
    rules = catalog().rules(dictionary)
    if rules.code != "en" and rules.code not in glosses():
        return None
    try:
        return define(word, rules).as_dict()
    except (DefinitionError, NoDefinition, NoGloss):
        return None


def rules_named(name: str) -> Ruleset:
    """The rules of the dictionary of that name (without loading it), or a 400 listing
    the names there are."""
    try:
        return catalog().rules(name)
    except UnknownDictionary as error:
        raise bad_request("unknown_dictionary", str(error), choices=error.names) from None


def check_dice_language(dice: DiceSet, rules: Ruleset) -> None:
    """A 400 when the dice show a face the dictionary's language has no letter for (the
    English ``Th`` with German words): naming the face, the dice and the dictionary."""
    for face in dice.faces:
        if face not in rules.faces and face != rules.blank:
            raise bad_request(
                "bad_dice",
                _(
                    "the %(dice)s dice show %(face)s, which is not a face of the "
                    "%(language)s dictionary %(dictionary)s; roll %(language)s dice",
                    dice=dice.name,
                    face=repr(face.capitalize()),
                    language=_(rules.language),
                    dictionary=repr(rules.default_dictionary),
                ),
                "dice",
                choices=[spec.name for spec in rules.dice_sets],
            )


def spellings_of(name: str) -> Spellings | None:
    """The display spellings of the named dictionary's language (boggle/spellings.py),
    or None for a list that has none."""
    return spellings_for(dictionary_named(name), the_app().config["CACHE_DIR"])


def dictionary_named(name: str) -> Dictionary:
    """The dictionary of that name, or a 400 listing the names there are."""
    try:
        return catalog().get(name)
    except UnknownDictionary as error:
        raise bad_request("unknown_dictionary", str(error), choices=error.names) from None


def run_random(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Roll a board from the fields' dice set, seed and size; return the /random document.

    Without a dice set, a dictionary's language chooses its dice: ``dictionary=de`` rolls
    German's."""
    name = read_name(fields.get("dice"), "dice")
    dictionary = read_name(fields.get("dictionary"), "dictionary")
    rules = rules_named(dictionary) if dictionary is not None else None
    rows = read_size(fields.get("rows"), "rows", limits())
    cols = read_size(fields.get("cols"), "cols", limits())
    seed = read_seed(fields.get("seed"))
    # A size too large is the fault of the side the client gave (there is no board field).
    too_large_field = "rows" if rows is not None else "cols"
    try:
        dice, rows, cols = roll_plan(name, rows, cols, rules or RULES)
    except DiceError as error:
        raise bad_request("unknown_dice", str(error), choices=sorted(ALL_DICE_SETS)) from None
    if rules is not None:
        check_dice_language(dice, rules)
    if rows * cols > limits().max_cells:
        raise APIError(
            413,
            "board_too_large",
            _(
                "%(shape)s is %(cells)s cells; the limit is %(limit)s",
                shape=shape_text(rows, cols),
                cells=number(rows * cols),
                limit=number(limits().max_cells),
            ),
            too_large_field,
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
        **({} if dictionary is None else {"dictionary": catalog().canonical(dictionary)}),
    }


def run_qr(fields: Mapping[str, Any]) -> str:
    """A QR code, as SVG, of the solver's link to the board the fields describe.

    For the person across the table: the board is read and checked as ``/solve`` reads
    it (so a code never points at a board the solver refuses), but not solved.
    """
    board = read_board(fields.get("board"), limits())
    query: dict[str, Any] = {"board": str(board)}
    if fields.get("min_length"):
        query["min_length"] = read_min_length(fields.get("min_length"), 0)
    if fields.get("dictionary"):
        query["dictionary"] = dictionary_named(read_name(fields["dictionary"], "dictionary")).name
    link = url_for("pages.index", _external=True, **query)
    # Error correction M: a phone's camera reads it off a screen across a table.
    code = segno.make(link, error="m")
    out = io.BytesIO()
    code.save(
        out, kind="svg", xmldecl=False, title=_("QR code: %(link)s", link=link), border=2, scale=6
    )
    return out.getvalue().decode("utf-8")


def words_csv(solution: Solution) -> str:
    """The solution's words as CSV: word, letters, points, path (cells as row,col)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["word", "letters", "points", "path"])
    for found in solution.words:
        path = " ".join(f"{r},{c}" for r, c in found.path)
        writer.writerow([found.word, len(found.word), found.score, path])
    return out.getvalue()
