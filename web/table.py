"""What the tabletop page shows: a board of real dice for a phone or tablet lying flat.

Friends without a Boggle set put one device in the middle of the table and write their
words on paper. The board is rolled here, from the dice set's own dice, each die
landed at a quarter turn (``boggle.dice.landed_board``); the page draws it turned so,
and its script (``static/js/tabletop.js``) runs the round in the browser: the
countdown, the two clocks, the end's sound, the screen kept awake.

Everything a roll is made of is in the address (the dice, the dictionary, the round's
seconds and the seed), so "the same board again" is a link, and so are the hand-offs
to the solver and the scoring page. The page holds nothing made for one request but
the roll itself: no token or nonce, and the script reads it all from the page.
"""

from __future__ import annotations

from typing import Any

from flask import Request, url_for
from flask_babel import gettext as _

from boggle import Catalog, DiceError, UnknownDictionary
from boggle.dice import ALL_DICE_SETS, DiceSet, LandedBoard, dice_set, landed_board
from boggle.languages import ALL_RULESETS
from boggle.rules import Ruleset

from .errors import APIError, bad_request
from .params import read_fields, read_name, read_seed
from .play import BIG_BOARD_CELLS, BIG_ROUND_SECONDS, ROUND_MINUTES, ROUND_SECONDS, read_seconds
from .service import check_dice_language

#: The query fields the tabletop page reads.
TABLE_FIELDS = ("dice", "dictionary", "seconds", "seed")


def table_context(request: Request, catalog: Catalog, language: str) -> dict[str, Any]:
    """What table.html shows: the settings as given and the board they roll, or what is
    wrong with them (``status`` is the HTTP status to answer with).

    ``language`` is the interface's: with no dictionary or dice named, a table rolls that
    language's own dice for its own word list.
    """
    form: dict[str, Any] = {"dice": "", "dictionary": "", "seconds": "", "seed": ""}
    context: dict[str, Any] = {
        "form": form,
        "dictionaries": catalog.describe(),
        "dice_groups": dice_groups(),
        "minutes": ROUND_MINUTES,
        "offered_seconds": [str(minutes * 60) for minutes in ROUND_MINUTES],
        "roll": None,
        "error": None,
        "status": 200,
    }
    try:
        fields = read_fields(request, TABLE_FIELDS)
        # Kept as given, so that a refused form is shown back as it was sent.
        form.update({name: fields.get(name, "") or "" for name in TABLE_FIELDS})
        dice_name = read_name(fields.get("dice"), "dice")
        named = read_name(fields.get("dictionary"), "dictionary")
        dice = None if dice_name is None else read_dice(dice_name)
        if named is None:
            rules = language_rules(dice.name) if dice else rules_of_code(language)
            named = own_dictionary(catalog, rules)
        rules = rules_named(catalog, named)
        dice = dice or dice_set(rules.default_set)
        check_dice_language(dice, rules)
        seconds = read_seconds(fields.get("seconds"))
        roll = landed_board(dice, read_seed(fields.get("seed")))
    except APIError as error:
        context["error"] = error.as_dict()["error"]
        context["status"] = error.status
        context["headers"] = error.headers
        settle_form(form, catalog, language)
        return context
    form.update(dice=dice.name, dictionary=catalog.canonical(named), seconds=seconds)
    context["roll"] = roll_view(roll, round_seconds(dice, seconds), form, dice.min_length)
    return context


def settle_form(form: dict[str, Any], catalog: Catalog, language: str) -> None:
    """A refused form's settings as the selects can show them: a list or a dice set
    that is not there is shown as the one the page would have chosen."""
    if form["dictionary"] not in catalog:
        form["dictionary"] = own_dictionary(catalog, rules_of_code(language))
    form["dictionary"] = catalog.canonical(form["dictionary"])
    if form["dice"].lower() not in ALL_DICE_SETS:
        form["dice"] = catalog.rules(form["dictionary"]).default_set
    form["dice"] = form["dice"].lower()


def read_dice(name: str) -> DiceSet:
    """The dice set of that name, or a 400 naming the sets there are."""
    try:
        return dice_set(name)
    except DiceError as error:
        raise bad_request("unknown_dice", str(error), choices=sorted(ALL_DICE_SETS)) from None


def rules_named(catalog: Catalog, name: str) -> Ruleset:
    """The rules of the named list, or a 400 listing the lists there are."""
    try:
        return catalog.rules(name)
    except UnknownDictionary as error:
        raise bad_request("unknown_dictionary", str(error), choices=error.names) from None


def rules_of_code(code: str) -> Ruleset:
    """The ruleset of a language code; English's for one the engine has no rules for."""
    return next((rules for rules in ALL_RULESETS if rules.code == code), ALL_RULESETS[0])


def language_rules(dice: str) -> Ruleset:
    """The ruleset whose dice these are (every set belongs to one)."""
    return next(r for r in ALL_RULESETS if any(spec.name == dice for spec in r.dice_sets))


def own_dictionary(catalog: Catalog, rules: Ruleset) -> str:
    """The list a language's table is played with: the default list if it is in that
    language, else the language's own shipped list, else the default list."""
    if catalog.rules().code == rules.code or rules.default_dictionary not in catalog:
        return catalog.default
    return rules.default_dictionary


def round_seconds(dice: DiceSet, seconds: int | str) -> int:
    """A round's length: as asked, else the rules' time for the dice's board (a minute
    more for a board as large as Super Big Boggle's)."""
    if seconds != "":
        return int(seconds)
    return BIG_ROUND_SECONDS if dice.rows * dice.cols >= BIG_BOARD_CELLS else ROUND_SECONDS


def dice_groups() -> list[dict[str, Any]]:
    """The dice sets the form offers, by language: ``{code, language, sets}``, each set
    ``{name, title}`` with its title in the reader's language."""
    return [
        {
            "code": rules.code,
            "language": _(rules.language),
            "sets": [{"name": spec.name, "title": _(spec.title)} for spec in rules.dice_sets],
        }
        for rules in ALL_RULESETS
    ]


def roll_view(
    roll: LandedBoard, seconds: int, form: dict[str, Any], min_length: int
) -> dict[str, Any]:
    """The roll as the page lays it out: its cells by row (face, turn, underline), the
    round's seconds, and the links the round ends with, each carrying the board."""
    document = roll.as_dict()
    cells = [
        [
            {"face": face, "turn": turn, "underlined": underlined}
            for face, turn, underlined in zip(faces, turns, marks, strict=True)
        ]
        for faces, turns, marks in zip(
            document["board"], document["turns"], document["underlined"], strict=True
        )
    ]
    board = {"board": document["text"], "dictionary": form["dictionary"], "min_length": min_length}
    settings = {"dice": roll.dice, "dictionary": form["dictionary"]}
    if form["seconds"] != "":
        settings["seconds"] = form["seconds"]
    return document | {
        "cells": cells,
        "seconds": seconds,
        "min_length": min_length,
        "links": {
            "solver": url_for("pages.index", **board, _anchor="board-title"),
            "scoring": url_for("pages.scoring", **board),
            "same": url_for("pages.tabletop", **settings, seed=roll.seed),
            "new": url_for("pages.tabletop", **settings),
        },
    }
