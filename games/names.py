"""Players' names as a room tells them apart.

Two names are one when they differ only in case or in a compatibility form: "ANN",
"ann" and "Ann" in full-width letters (U+FF21...) are all "Ann" (``name_key``: NFKC,
then case folding, then NFKC again, Unicode's recipe for caseless identifiers).

A name mixing scripts that are not written together is refused (``mixed_letters``):
"Ann" with a Cyrillic A (U+0410) passes for "Ann" on screen but not in the key. The rule is
UTS #39's "highly restrictive" one: the letters of a name come from one script, or
from one of the combinations a language writes together (Japanese: Han, Hiragana
and Katakana; Chinese: Han and Bopomofo; Korean: Han and Hangul; each with Latin).
Digits, punctuation, spaces and combining marks belong to no script here.

A letter's script is read from its Unicode name ("CYRILLIC CAPITAL LETTER A"), which
for letters begins with their script's name, through Python's own ``unicodedata``:
no table to ship, nothing held in memory. ``SCRIPT_ALIASES`` covers the few letters
named otherwise. Where the names run two scripts together ("OLD ITALIC" and "OLD
PERSIAN" both begin "OLD") the rule lets the mix through: it errs towards accepting,
never towards refusing a name written in one script.

The library for this, ``confusable_homoglyphs`` (the one Django projects use), was
measured and left out: importing it takes 9.6 MB in every process (its confusables
table; 3.6 MB for its table of scripts alone), and its check refuses ordinary Japanese
names ("田中さん", Han beside Hiragana; "山田タロウ"). Neither it nor this rule catches a
name written wholly in another script ("Анна", all Cyrillic): that is a name in its
own right.
"""

from __future__ import annotations

import unicodedata

from .models import FOLDED, NAME_CHARS

#: Letters, as Unicode's general categories name them (modifier letters such as the
#: Japanese long-vowel mark "ー" are left out: they go with any script).
LETTER_CATEGORIES = frozenset({"Lu", "Ll", "Lt", "Lo"})
#: Letters whose names do not begin with their script's.
SCRIPT_ALIASES = {
    "CJK": "HAN",  # CJK UNIFIED IDEOGRAPH-4E2D
    "IDEOGRAPHIC": "HAN",  # IDEOGRAPHIC CLOSING MARK
    "MASU": "HAN",  # MASU MARK
    "HENTAIGANA": "HIRAGANA",
    "TURNED": "LATIN",  # TURNED SANS-SERIF CAPITAL F
    "ROMAN": "LATIN",  # ROMAN NUMERAL REVERSED ONE HUNDRED
    "VEDIC": "DEVANAGARI",
}
#: The scripts written together in one name (UTS #39, "highly restrictive").
WRITTEN_TOGETHER = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)


def name_key(name: str) -> str:
    """The name as names are compared: NFKC, case-folded, NFKC again.

    Cut to the database's column (``players.name_key``): NFKC can write one character
    out as many ("ﷺ" is 18), and two names alike for 300 characters are one name.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return folded[: FOLDED * NAME_CHARS]


def script_of(letter: str) -> str:
    """The script of a letter, from its Unicode name ("LATIN", "CYRILLIC", "HAN")."""
    first = unicodedata.name(letter, "UNNAMED").split(" ", 1)[0]
    return SCRIPT_ALIASES.get(first, first)


def written_together(scripts: set[str]) -> bool:
    """Whether letters of these scripts may share a name."""
    return len(scripts) <= 1 or any(scripts <= allowed for allowed in WRITTEN_TOGETHER)


def mixed_letters(name: str) -> tuple[str, str] | None:
    """Two letters of the name (as NFKC writes it) whose scripts are not written
    together, the first letter and the first that does not go with it; None if the
    name keeps to one script or one of the combinations."""
    letters = [
        (char, script_of(char))
        for char in unicodedata.normalize("NFKC", name)
        if unicodedata.category(char) in LETTER_CATEGORIES
    ]
    for index, (char, script) in enumerate(letters):
        for earlier, earlier_script in letters[:index]:
            if not written_together({earlier_script, script}):
                return earlier, char
    return None
