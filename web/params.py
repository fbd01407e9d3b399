"""Reading what a client sent: query strings, form fields or a JSON body, checked against limits.

Every check raises an APIError that says what is wrong and which limit applies, so
the routes never see an unchecked value and the engine never sees a request. The
messages are in the request's language (field names and codes never change).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from flask import Request
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from boggle import Board, BoardError, DiceError, i18n, parse_board
from boggle.board import shape_text
from boggle.definitions import MAX_WORD_CHARS as DEFINITION_WORD_CHARS
from boggle.dice import ALL_DICE_SETS, DEFAULT_SET, SEED_LIMIT, DiceSet, dice_set
from boggle.dictionary import MAX_WORD_LENGTH
from boggle.rules import RULES, Ruleset
from boggle.scoring import SHORTEST_SCORED

from .body import BadFraming
from .errors import APIError, bad_request, board_error


@dataclass(frozen=True)
class Limits:
    """The limits on what one request may ask for (configurable, see docs/deploy.md)."""

    max_board_chars: int
    max_cells: int
    max_side: int


#: A bound of a field: a number, or the name of the setting that gives it (``MAX_SIDE``).
Bound = int | str


@dataclass(frozen=True)
class Field:
    """A request field as its reader takes it and the API's document describes it.

    Each route reads the fields it declares (``read_fields(request, FIELDS)``), and the
    document (web/openapi.py) describes those same fields: the reader's bounds are the
    numbers or settings named here, read by the reader and written into the schema, so
    the two cannot drift. ``codes`` are the errors the reader answers.
    """

    name: str
    description: str
    #: The JSON schema of a value in a query string or form (where every value is text,
    #: read as the schema says), with settings named by ``Setting`` put in per app.
    schema: Mapping[str, Any]
    codes: tuple[str, ...] = ()
    required: bool = False
    example: Any = None
    #: The schema in a JSON body, where it takes more than text (a board as rows).
    json_schema: Mapping[str, Any] | None = field(default=None)

    def optional(self) -> Field:
        """The same field, not required (a board to go on from, in /rich)."""
        return replace(self, required=False)

    def bounds(self, config: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """The range of a whole-number field: its schema's minimum and maximum."""
        return (
            resolve(self.schema["minimum"], config or {}),
            resolve(self.schema["maximum"], config or {}),
        )


@dataclass(frozen=True)
class Setting:
    """A bound that is a setting (app.py ``DEFAULTS``): put in when the document is built."""

    name: str


def resolve(value: Any, config: Mapping[str, Any]) -> Any:
    """A schema, or a value in one, with each ``Setting`` replaced by the app's value."""
    if isinstance(value, Setting):
        return config[value.name]
    if isinstance(value, Mapping):
        return {key: resolve(item, config) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [resolve(item, config) for item in value]
    return value


def whole_number(low: int | Setting, high: int | Setting) -> dict[str, Any]:
    """The schema of a whole-number field, as ``read_whole_number`` reads it."""
    return {"type": "integer", "minimum": low, "maximum": high}


def names(fields: tuple[Field, ...]) -> tuple[str, ...]:
    """The names of a route's fields, as ``read_fields`` takes them."""
    return tuple(declared.name for declared in fields)


class _DuplicateKeyError(Exception):
    """A JSON object that names one key twice."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_of_unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refusing a key given twice at any depth: ``json.loads``
    would keep the last silently, and the client's first value would be lost."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKeyError(key)
        obj[key] = value
    return obj


#: The parser of every JSON body, made once: ``json.loads`` with a hook makes a parser
#: for each body it reads.
_JSON_BODY = json.JSONDecoder(object_pairs_hook=_object_of_unique_keys)


def read_json_body(request: Request) -> Any:
    """The request's JSON body, parsed: every JSON body the app reads is read here."""
    try:
        # As request.get_json() reads it (bytes in UTF-8, -16 or -32), but with each
        # object's keys checked, which get_json's parser cannot be asked to do.
        body = request.get_data(cache=True)
        return _JSON_BODY.decode(body.decode(json.detect_encoding(body), "surrogatepass"))
    except BadFraming:
        raise  # the body could not be read at all, let alone as JSON
    except _DuplicateKeyError as duplicate:
        shown = duplicate.key[:40]
        raise bad_request(
            "duplicate_field",
            _("the JSON body gives %(name)s twice; give it once", name=repr(shown)),
            field=shown,
        ) from None
    except ValueError:  # not JSON, or not text in any of JSON's encodings
        raise bad_request("bad_json", _("the request body is not valid JSON")) from None


def read_fields(request: Request, names: tuple[str, ...]) -> dict[str, Any]:
    """The fields of a GET query, a JSON body or a form, each given at most once."""
    if request.method == "GET":
        return _single_values(request.args, names)
    if request.mimetype == "application/json":
        try:
            body = read_json_body(request)
        except RecursionError:
            # The parser recurses once per level of nesting; no field here needs more
            # than four levels.
            raise bad_request(
                "bad_json",
                _("the JSON body is nested too deeply; no field needs more than 4 levels"),
            ) from None
        if not isinstance(body, dict):
            raise bad_request(
                "bad_json",
                _("the JSON body must be an object, not %(type)s", type=_json_type(body)),
            )
        # A JSON client's misspelt field would otherwise be dropped without a word, and
        # its default used: refuse it. Query strings and forms stay lenient, since
        # browsers and links add fields of their own.
        for given in body:
            if given not in names:
                raise unknown_field(given, names)
        return {name: body[name] for name in names if name in body}
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data", ""):
        # A field in both the query string and the form is given twice, like any other.
        values = MultiDict(request.args)
        for name, value in request.form.items(multi=True):
            values.add(name, value)
        return _single_values(values, names)
    raise APIError(
        415,
        "unsupported_media_type",
        _(
            "send JSON (application/json) or form fields, not %(type)s",
            type=request.mimetype,
        ),
    )


def _single_values(values: MultiDict, names: tuple[str, ...]) -> dict[str, str]:
    """One value per field name; a name given twice is an error, not a guess."""
    fields = {}
    for name in names:
        given = values.getlist(name)
        if len(given) > 1:
            raise bad_request(
                "duplicate_field",
                _("give %(name)s once, not %(count)s times", name=repr(name), count=len(given)),
                field=name,
            )
        if given:
            fields[name] = given[0]
    return fields


def _closest(given: str, names: tuple[str, ...]) -> str | None:
    """The name most like one given, if one is close enough to be the one meant."""
    # "minLength" and "min-length" are min_length written in another convention.
    spelled = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(given)[:100]).lower().replace("-", "_")
    close = difflib.get_close_matches(spelled, names)  # best first, by difflib's 0.6 cutoff
    return close[0] if close else None


def unknown_field(given: str, names: tuple[str, ...]) -> APIError:
    """A 400 naming a field the request does not take, with the one most like it."""
    found = _closest(given, names)
    close = [found] if found else []
    shown = str(given)[:40]
    if close:
        message = _(
            "this request takes no field %(field)s; did you mean %(close)s?",
            field=repr(shown),
            close=repr(close[0]),
        )
    elif not names:
        message = _("this request takes no fields; %(field)s is one too many", field=repr(shown))
    else:
        message = _(
            "this request takes no field %(field)s; the fields are %(fields)s",
            field=repr(shown),
            fields=", ".join(repr(name) for name in names),
        )
    return bad_request(
        "unknown_field",
        message,
        field=shown,
        **({"suggestion": close[0]} if close else {}),
    )


def _json_type(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _("a number")
    names = {
        dict: _("an object"),
        list: _("an array"),
        str: _("a string"),
        bool: _("true or false"),
    }
    return names.get(type(value), type(value).__name__)


def read_board(
    value: Any, limits: Limits, required: bool = True, rules: Ruleset = RULES
) -> Board | None:
    """The board from a ``board`` field: text as typed, or a list of rows of cells, read
    with the letters of ``rules`` (the dictionary's language; English unless given)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise bad_request("missing_board", _("give the board's letters in 'board'"))
        return None
    if isinstance(value, str):
        if len(value) > limits.max_board_chars:
            raise APIError(
                413,
                "board_too_long",
                _(
                    "the board text is %(length)s characters; the limit is %(limit)s",
                    length=i18n.number(len(value)),
                    limit=i18n.number(limits.max_board_chars),
                ),
                limit=limits.max_board_chars,
            )
        if "\x00" in value:
            raise bad_request("bad_board", _("the board contains a NUL character"))
    elif isinstance(value, list):
        _check_row_list(value, limits)
    else:
        raise bad_request(
            "bad_board",
            _("'board' must be text or a list of rows, not %(type)s", type=_json_type(value)),
        )
    try:
        board = parse_board(value, rules=rules)
    except BoardError as error:
        raise board_error(error) from None
    if board.size > limits.max_cells or max(board.rows, board.cols) > limits.max_side:
        raise APIError(
            413,
            "board_too_large",
            _(
                "the board is %(shape)s (%(cells)s cells); the limit is %(limit)s cells "
                "and %(side)s cells a side",
                shape=shape_text(board.rows, board.cols),
                cells=i18n.number(board.size),
                limit=i18n.number(limits.max_cells),
                side=limits.max_side,
            ),
            limit=limits.max_cells,
        )
    return board


def _check_row_list(rows: list, limits: Limits) -> None:
    """Bound a JSON list of rows before it is read, so a huge one costs nothing."""
    cells = sum(len(row) if isinstance(row, list | str) else 1 for row in rows)
    if cells > limits.max_cells or len(rows) > limits.max_side:
        raise APIError(
            413,
            "board_too_large",
            _(
                "the board has %(rows)s rows and %(cells)s cells; the limit is %(limit)s cells "
                "and %(side)s cells a side",
                rows=i18n.number(len(rows)),
                cells=i18n.number(cells),
                limit=i18n.number(limits.max_cells),
                side=limits.max_side,
            ),
            limit=limits.max_cells,
        )
    for row in rows:
        for cell in row if isinstance(row, list) else ():
            if isinstance(cell, str) and len(cell) > 8:
                raise bad_request(
                    "bad_board", _("%(cell)s... is not a cube face", cell=repr(cell[:20]))
                )


def read_min_length(value: Any, default: int) -> int:
    """The ``min_length`` field: a whole number of letters from 3 to the longest word kept."""
    if value is None or value == "":
        return default  # as read_whole_number would say, without working out the bounds
    number = read_whole_number(value, MIN_LENGTH.name, *MIN_LENGTH.bounds())
    return default if number is None else number


def read_name(value: Any, field: str, default: str | None = None) -> str | None:
    """A short name field (a dictionary or dice set name)."""
    if value is None or value == "":
        return default
    if not isinstance(value, str):
        raise bad_request(
            f"bad_{field}",
            _("%(field)s must be a name, not %(type)s", field=repr(field), type=_json_type(value)),
        )
    if len(value) > 100:
        raise bad_request(
            f"bad_{field}",
            _(
                "%(field)s is %(length)s characters; names are short",
                field=repr(field),
                length=len(value),
            ),
        )
    return value.strip()


def read_dice_set(value: Any, default: str = DEFAULT_SET) -> DiceSet:
    """The ``dice`` field: a dice set's name, any case (the default set if absent)."""
    name = read_name(value, "dice") or default
    try:
        return dice_set(name)
    except DiceError as error:
        raise bad_request("unknown_dice", str(error), choices=sorted(ALL_DICE_SETS)) from None


def read_seed(value: Any) -> int | None:
    """The ``seed`` field: a whole number, or absent for a fresh one."""
    return read_whole_number(value, SEED.name, *SEED.bounds())


def read_size(value: Any, field: str, limits: Limits) -> int | None:
    """A ``rows`` or ``cols`` field: 1 to the largest side allowed (MAX_SIDE)."""
    return read_whole_number(value, field, *ROWS.bounds({"MAX_SIDE": limits.max_side}))


def read_whole_number(value: Any, field: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high``, typed or in JSON; None if absent."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise bad_request(f"bad_{field}", _not_in_range(field, low, high, _json_type(value)))
    text = str(value).strip()
    # Digits only (no sign, point or exponent), and no more of them than the bound has,
    # so that int() never sees a huge number.
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        raise bad_request(f"bad_{field}", _not_in_range(field, low, high, repr(text[:20])))
    number = int(text)
    if not low <= number <= high:
        raise bad_request(f"bad_{field}", _not_in_range(field, low, high, str(number)))
    return number


#: How a form writes a yes or no (a checkbox's "on", a hidden field's "1"), beside JSON's.
FLAG_TEXTS = {"true": True, "1": True, "on": True, "false": False, "0": False, "off": False}


def read_flag(value: Any, field: str) -> bool | None:
    """A yes or no: JSON's true or false, or a form's "true"/"false", "1"/"0", "on"/"off";
    None if absent."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in FLAG_TEXTS:
        return FLAG_TEXTS[value.strip().lower()]
    given = repr(value[:20]) if isinstance(value, str) else _json_type(value)
    raise bad_request(
        f"bad_{field}",
        _("%(field)s must be true or false, not %(given)s", field=repr(field), given=given),
        field,
    )


def _not_in_range(field: str, low: int, high: int, given: str) -> str:
    """The message of a whole-number field given something else: the rule, and what came."""
    return _(
        "%(field)s must be a whole number from %(low)s to %(high)s, not %(given)s",
        field=repr(field),
        low=low,
        high=high,
        given=given,
    )


@dataclass(frozen=True)
class PlayerLimits:
    """The limits on the players of one /score request."""

    max_players: int
    max_words: int
    max_name_chars: int
    max_word_chars: int


_WORD_SEPARATORS = re.compile(r"[\s,;]+")
#: The keys of a player object in /score's ``players``.
PLAYER_FIELDS = ("name", "words")


def read_players(value: Any, limits: PlayerLimits) -> list[tuple[str, list[str]]]:
    """The ``players`` field: a list of {"name": ..., "words": [...] or "text"}."""
    if value is None or value == []:
        raise bad_request("no_players", _("add at least one player, with a name and words"))
    if not isinstance(value, list):
        raise bad_request(
            "bad_players",
            _("'players' must be a list of players, not %(type)s", type=_json_type(value)),
        )
    if len(value) > limits.max_players:
        raise bad_request(
            "too_many_players",
            _(
                "%(count)s players; the limit is %(limit)s",
                count=i18n.number(len(value)),
                limit=limits.max_players,
            ),
            limit=limits.max_players,
        )
    players: list[tuple[str, list[str]]] = []
    seen: set[str] = set()
    for number, player in enumerate(value, 1):
        if not isinstance(player, dict):
            raise bad_request(
                "bad_players",
                _(
                    "player %(number)s must be an object with a name and words, not %(type)s",
                    number=number,
                    type=_json_type(player),
                ),
            )
        for key in player:
            if key not in PLAYER_FIELDS:
                raise _unknown_player_field(key, number)
        name = _read_player_name(player.get("name"), number, limits)
        if name.casefold() in seen:
            raise bad_request(
                "duplicate_player", _("two players are called %(name)s", name=repr(name))
            )
        seen.add(name.casefold())
        players.append((name, _read_word_list(player.get("words"), name, limits)))
    return players


def _unknown_player_field(given: str, number: int) -> APIError:
    """A 400 naming a key a player object does not take, with the one most like it."""
    close = _closest(given, PLAYER_FIELDS)
    shown = str(given)[:40]
    if close:
        message = _(
            "player %(number)s has no field %(field)s; did you mean %(close)s?",
            number=number,
            field=repr(shown),
            close=repr(close),
        )
    else:
        message = _(
            "player %(number)s has no field %(field)s; a player has %(fields)s",
            number=number,
            field=repr(shown),
            fields=", ".join(repr(name) for name in PLAYER_FIELDS),
        )
    # The field is the list the key is in, for a form to show the message beside it.
    return bad_request(
        "unknown_field", message, field="players", **({"suggestion": close} if close else {})
    )


def _read_player_name(value: Any, number: int, limits: PlayerLimits) -> str:
    """A player's name: short, printable text."""
    if value is not None and not isinstance(value, str):
        raise bad_request(
            "bad_player_name",
            _(
                "player %(number)s's name must be text, not %(type)s",
                number=number,
                type=_json_type(value),
            ),
        )
    if value is None or not value.strip():
        raise bad_request("bad_player_name", _("player %(number)s has no name", number=number))
    name = value.strip()
    if len(name) > limits.max_name_chars:
        raise bad_request(
            "bad_player_name",
            _(
                "player %(number)s's name is %(length)s characters; the limit is %(limit)s",
                number=number,
                length=i18n.number(len(name)),
                limit=limits.max_name_chars,
            ),
            limit=limits.max_name_chars,
        )
    if not name.isprintable():
        raise bad_request(
            "bad_player_name",
            _("player %(number)s's name contains control characters", number=number),
        )
    return name


def _read_word_list(value: Any, name: str, limits: PlayerLimits) -> list[str]:
    """A player's words: a list of strings, or one text of words separated by spaces."""
    if value is None:
        return []
    if isinstance(value, str):
        words = [w for w in _WORD_SEPARATORS.split(value) if w]
    elif isinstance(value, list):
        words = value
    else:
        raise bad_request(
            "bad_words",
            _(
                "%(name)s's words must be a list or text, not %(type)s",
                name=name,
                type=_json_type(value),
            ),
        )
    if len(words) > limits.max_words:
        raise bad_request(
            "too_many_words",
            _(
                "%(name)s listed %(count)s words; the limit is %(limit)s",
                name=name,
                count=i18n.number(len(words)),
                limit=i18n.number(limits.max_words),
            ),
            limit=limits.max_words,
        )
    for word in words:
        if not isinstance(word, str):
            raise bad_request(
                "bad_words",
                _(
                    "%(name)s's words must be strings, not %(type)s",
                    name=name,
                    type=_json_type(word),
                ),
            )
        if len(word) > limits.max_word_chars:
            raise bad_request(
                "bad_words",
                _(
                    "one of %(name)s's words is %(length)s characters; the limit is %(limit)s",
                    name=name,
                    length=i18n.number(len(word)),
                    limit=limits.max_word_chars,
                ),
                limit=limits.max_word_chars,
            )
    return words


def read_form_players(form: MultiDict) -> list[dict[str, str]]:
    """Players from a form's repeated ``name`` and ``words`` fields; empty slots dropped."""
    names, lists = form.getlist("name"), form.getlist("words")
    if len(names) != len(lists):
        raise bad_request("bad_players", _("give each player a 'name' and a 'words' field"))
    return [
        {"name": name, "words": words}
        for name, words in zip(names, lists, strict=True)
        if name.strip() or words.strip()
    ]


# --- The fields, as the API's document describes them ---------------------------------
# Each route reads a tuple of these (web/api.py); the document (web/openapi.py) is
# written from the same tuples, and the readers above take their bounds from here.

#: The codes of every field that takes a word list's name, and of ``dice``.
_NAME_CODES = ("bad_dictionary", "unknown_dictionary")

BOARD = Field(
    "board",
    "The board: letters as typed (rows apart by spaces, '/', ',', ';' or line breaks; "
    "'qu', 'th'... one cube; '#' or '.' a blank; 'RxC:' first for a shape that is not "
    "square), or in JSON a list of rows, each a list of cell strings or a row's text. "
    "Read in the dictionary's language.",
    {"type": "string", "minLength": 1, "maxLength": Setting("MAX_BOARD_CHARS")},
    ("missing_board", "bad_board", "board_too_long", "board_too_large"),
    required=True,
    example="sers patg line sers",
    json_schema={
        "oneOf": [
            {"type": "string", "minLength": 1, "maxLength": Setting("MAX_BOARD_CHARS")},
            {
                "type": "array",
                "minItems": 1,
                "maxItems": Setting("MAX_SIDE"),
                "items": {
                    "oneOf": [
                        {"type": "string", "minLength": 1},
                        {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": Setting("MAX_SIDE"),
                            "items": {"type": "string", "minLength": 1, "maxLength": 8},
                        },
                    ]
                },
            },
        ]
    },
)
MIN_LENGTH = Field(
    "min_length",
    "The shortest word counted, in letters ('Qu' is two). Default: the rules' for the "
    "board's size (3, or 4 on a 6x6 board).",
    whole_number(SHORTEST_SCORED, MAX_WORD_LENGTH),
    ("bad_min_length",),
    example=3,
)
DICTIONARY = Field(
    "dictionary",
    "A word list's name, any case (GET /dictionaries lists them). Default: the "
    "server's default list, or the dice's language's.",
    {"type": "string", "enum": Setting("DICTIONARY_NAMES")},
    _NAME_CODES,
    example="standard",
)
DICE = Field(
    "dice",
    "A dice set's name, any case. Default: the set made for the size in the "
    "dictionary's language ('new' for an English 4x4 board).",
    {"type": "string", "enum": sorted(ALL_DICE_SETS)},
    ("bad_dice", "unknown_dice"),
    example="classic",
)
SEED = Field(
    "seed",
    "The seed that rolls the same board again. Default: a fresh one, answered.",
    whole_number(0, SEED_LIMIT - 1),
    ("bad_seed",),
    example=42,
)
ROWS = Field(
    "rows",
    "Rows of the board; one of rows and cols is enough for a square. Default: the dice's.",
    whole_number(1, Setting("MAX_SIDE")),
    ("bad_rows", "board_too_large"),
    example=4,
)
COLS = Field(
    "cols",
    "Columns of the board. Default: as many as the rows, or the dice's.",
    whole_number(1, Setting("MAX_SIDE")),
    ("bad_cols", "board_too_large"),
    example=4,
)
WORD = Field(
    "word",
    "A word as written: any case, quotes and punctuation around it ignored.",
    {"type": "string", "minLength": 1, "maxLength": Setting("SCORE_MAX_WORD_CHARS")},
    ("missing_word", "bad_word"),
    required=True,
    example="quiet",
)
PLAYERS = Field(
    "players",
    "The players of a game: each a name and the words they wrote, as a list or one "
    "text of words apart by spaces, commas or semicolons.",
    {"type": "string"},  # not in a query string: a form sends repeated name and words
    (
        "no_players",
        "bad_players",
        "too_many_players",
        "bad_player_name",
        "duplicate_player",
        "bad_words",
        "too_many_words",
        "unknown_field",
    ),
    required=True,
    example=[{"name": "Ann", "words": ["slate", "sea"]}, {"name": "Bob", "words": "sea, lines"}],
    json_schema={
        "type": "array",
        "minItems": 1,
        "maxItems": Setting("SCORE_MAX_PLAYERS"),
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": list(PLAYER_FIELDS[:1]),
            "properties": {
                "name": {
                    "type": "string",
                    "pattern": r"\S",
                    "maxLength": Setting("SCORE_MAX_NAME_CHARS"),
                },
                "words": {
                    "oneOf": [
                        {
                            "type": "array",
                            "maxItems": Setting("SCORE_MAX_WORDS"),
                            "items": {
                                "type": "string",
                                "maxLength": Setting("SCORE_MAX_WORD_CHARS"),
                            },
                        },
                        {"type": "string"},
                    ]
                },
            },
        },
    },
)

#: /define's word: its length is WordNet's reader's limit (boggle/definitions.py).
DEFINE_WORD = replace(
    WORD, schema={"type": "string", "minLength": 1, "maxLength": DEFINITION_WORD_CHARS}
)

#: The fields of each JSON route: what it reads, and what its document describes.
SOLVE_FIELDS = (BOARD, MIN_LENGTH, DICTIONARY)
RICH_FIELDS = (DICE, DICTIONARY, SEED, BOARD.optional())
SCORE_FIELDS = (BOARD, MIN_LENGTH, DICTIONARY, PLAYERS)
RANDOM_FIELDS = (DICE, DICTIONARY, SEED, ROWS, COLS)
LOOKUP_FIELDS = (WORD, DICTIONARY)
#: /define's: the word, and the dictionary whose language it is looked up in.
DEFINE_FIELDS = (DEFINE_WORD, DICTIONARY)
