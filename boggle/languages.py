"""The rulesets of the five other languages: German, French, Spanish, Italian, Dutch.

Each is English's game (the same score table, blank and word lengths) with its own
alphabet, multi-letter faces, dice and word list, as wordlists/README.md ("Other
languages") sets them out and wordlists/languages.py records them for the rebuild.
The engine does not import the rebuild's modules (they are scripts, run where the
word lists are rebuilt); ``tests/test_languages.py`` holds these values equal to
theirs. The dice are read from ``wordlists/dice-languages.json``, the file the data
layer ships, so a new dice set is data, not code.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import MappingProxyType

from .i18n import N_
from .rules import ENGLISH, DiceSpec, Ruleset, WordListSpec

#: The shipped dice of the five languages: two sets each, ``de`` (4x4) and ``de-big``.
DICE_FILE = Path(__file__).resolve().parent.parent / "wordlists" / "dice-languages.json"

# code, name in English, name in itself, alphabet, multi-letter faces, replacements.
# The English names are labels for the catalogue (N_), translated where shown.
_LANGUAGES = (
    ("de", N_("German"), "Deutsch", "abcdefghijklmnopqrstuvwxyzäöü", ("qu",), (("ß", "ss"),)),
    ("fr", N_("French"), "Français", "abcdefghijklmnopqrstuvwxyz", ("qu",), ()),
    ("es", N_("Spanish"), "Español", "abcdefghijklmnopqrstuvwxyzñ", ("qu",), ()),
    ("it", N_("Italian"), "Italiano", "abcdefghijklmnopqrstuvwxyz", ("qu",), ()),
    ("nl", N_("Dutch"), "Nederlands", "abcdefghijklmnopqrstuvwxyz", ("qu",), (("ĳ", "ij"),)),
)

#: Characters that are two letters written as one, read as those letters on a board.
#: Dutch IJ is two letters in word games, I and J (wordlists/README.md, "Dutch IJ"):
#: a phone's keyboard may offer the ligature, which is then two cubes.
_LIGATURES = {"nl": (("ĳ", "ij"), ("Ĳ", "IJ"))}

#: Each list's line for players, whole, so that the catalogue holds it to translate.
_DESCRIPTIONS = {
    "de": N_("Deutsch: German words"),
    "fr": N_("Français: French words"),
    "es": N_("Español: Spanish words"),
    "it": N_("Italiano: Italian words"),
    "nl": N_("Nederlands: Dutch words"),
}

#: The titles of the dice sets in DICE_FILE, written out for the catalogue: a title is
#: data there, where no extraction looks. ``tests/test_i18n_api.py`` holds every
#: shipped title to one of these.
DICE_TITLES = (
    N_("Boggle 4x4, Deutsch (from letter frequencies)"),
    N_("Big Boggle 5x5, Deutsch (from letter frequencies)"),
    N_("Boggle 4x4, Français (from letter frequencies)"),
    N_("Big Boggle 5x5, Français (from letter frequencies)"),
    N_("Boggle 4x4, Español (from letter frequencies)"),
    N_("Big Boggle 5x5, Español (from letter frequencies)"),
    N_("Boggle 4x4, Italiano (from letter frequencies)"),
    N_("Big Boggle 5x5, Italiano (from letter frequencies)"),
    N_("Boggle 4x4, Nederlands (from letter frequencies)"),
    N_("Big Boggle 5x5, Nederlands (from letter frequencies)"),
)


def _dice_specs(code: str, sets: dict[str, dict]) -> tuple[DiceSpec, ...]:
    """The language's dice sets from the shipped file, its 4x4 set first."""
    specs = []
    for name in (code, f"{code}-big"):
        entry = sets[name]
        specs.append(
            DiceSpec(
                entry["name"],
                entry["title"],
                entry["rows"],
                entry["cols"],
                entry["min_length"],
                entry["dice"],
            )
        )
    return tuple(specs)


def _rulesets() -> dict[str, Ruleset]:
    """One ruleset per language, by code."""
    with open(DICE_FILE, encoding="utf-8") as f:
        sets = json.load(f)
    rulesets = {}
    for code, language, native, alphabet, faces, replacements in _LANGUAGES:
        dice = _dice_specs(code, sets)
        rulesets[code] = dataclasses.replace(
            ENGLISH,
            name=language.lower(),
            alphabet=alphabet,
            multi_letter_faces=faces,
            # As in English, a q is only ever the Qu face.
            letter_faces=MappingProxyType({"q": "qu"}),
            dice_sets=dice,
            default_set_for_size=MappingProxyType({(d.rows, d.cols): d.name for d in dice}),
            default_set=dice[0].name,
            word_lists=(WordListSpec(code, f"{code}.txt", _DESCRIPTIONS[code]),),
            default_dictionary=code,
            code=code,
            language=language,
            native_name=native,
            folds_accents=True,
            replacements=replacements,
            ligatures=_LIGATURES.get(code, ()),
        )
    return rulesets


#: The other languages' rulesets by code; English (boggle/rules.py) is not among them.
LANGUAGES: dict[str, Ruleset] = _rulesets()

#: Every ruleset the engine knows, English first.
ALL_RULESETS: tuple[Ruleset, ...] = (ENGLISH, *LANGUAGES.values())

#: Every face any language's cubes may show (the blank aside): what a Board may hold.
ALL_FACES: frozenset[str] = frozenset().union(*(rules.faces for rules in ALL_RULESETS))
