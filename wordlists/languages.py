"""The five other languages' alphabets and word rules, as data.

One :class:`Language` per language: where its words come from (a Debian package's
list in /usr/share/dict), which letters its boards are written in, how an entry of the
source list is turned into a playable word (what is folded, what is kept as a letter
of its own) and which entries are not words at all (names, abbreviations). The
rebuild script (rebuild_languages.py), the dice maker (make_dice.py), the tests and,
later, the engine's rulesets all read these values, so a choice is made once, here.
Standard library only: the rebuild scripts run wherever Python does.

The reasons behind each choice are in README.md beside this file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

#: Every language keeps English's rule: a q is only ever played as the "Qu" face.
QU = "qu"


@dataclass(frozen=True)
class Language:
    """One language's word list and the rules that make it from its source."""

    code: str
    name: str
    #: Debian's package whose list this is built from, and the list's path.
    package: str
    source: Path
    #: The letters a word may hold after folding, in table order (a-z, then the rest).
    alphabet: str
    #: Letters with a diacritic that stay letters of their own ("ä", "ñ"); every other
    #: diacritic is folded away (é -> e) and shown again from the display list.
    kept: str
    #: Whole-letter spellings players use instead of a letter no cube carries (ß -> ss).
    replacements: tuple[tuple[str, str], ...] = ()
    #: Faces of more than one letter on this language's cubes; both letters also have
    #: faces of their own, except q, which is only ever Qu.
    multi_letter_faces: tuple[str, ...] = (QU,)
    #: Whether the language capitalises common nouns (German), so that a capital letter
    #: alone does not mark a name; names are then told by the spelling dictionary's flags.
    capitalised_nouns: bool = False
    #: The Hunspell dictionary whose flags tell proper names from nouns (German only).
    hunspell_dic: Path | None = None
    #: A Hunspell dictionary (.dic, its .aff beside it) whose stems are expanded through
    #: its affix rules by Hunspell's own `unmunch` and added to the source's entries:
    #: the inflected forms (plurals, every tense) a plain list may lack (Spanish).
    expand_dic: Path | None = None
    #: The Debian package of ``expand_dic``.
    expand_package: str = ""
    #: Affix flags of ``expand_dic`` left out of the expansion: every flag from this
    #: character on (by code point). Spanish: the classes that attach pronouns to a verb
    #: (dámelo, cantándoselas), which would double the list (README.md says why).
    expand_leaves_out_from: str = ""
    #: Names the source writes as it writes other words, listed by hand: German places
    #: flagged as nouns (Berlin), Spanish names in a list without capitals (españa).
    names_file: Path | None = None
    shortest_word: int = 3
    #: As English: no word comes near it, so it only guards against a broken source.
    longest_word: int = 64
    #: Letters that make a syllable; an entry without one is an abbreviation (km, mg).
    vowels: str = "aeiouy"
    #: Entries the filters above let through that are not words (checked by hand).
    not_words: frozenset[str] = field(default_factory=frozenset)

    @property
    def filename(self) -> str:
        """The shipped list's file name, e.g. de.txt."""
        return f"{self.code}.txt"

    @property
    def display_filename(self) -> str:
        """The file mapping each folded word to the spellings shown, e.g. fr-display.txt."""
        return f"{self.code}-display.txt"


DICT = Path("/usr/share/dict")
HUNSPELL = Path("/usr/share/hunspell")
HERE = Path(__file__).resolve().parent

LANGUAGES: dict[str, Language] = {
    language.code: language
    for language in (
        Language(
            code="de",
            name="Deutsch",
            package="wngerman",
            source=DICT / "ngerman",
            alphabet="abcdefghijklmnopqrstuvwxyzäöü",
            kept="äöü",
            # German Scrabble has no ß tile and German Boggle no ß face: players write
            # SS, as German does in capitals (STRASSE) and Swiss German everywhere.
            replacements=(("ß", "ss"),),
            capitalised_nouns=True,
            hunspell_dic=Path("/usr/share/hunspell/de_DE.dic"),
            # Place names igerman98 flags as it flags nouns (Berlin/Sm as Ärger/Sm).
            names_file=HERE / "de-places.txt",
            vowels="aeiouyäöü",
        ),
        Language(
            code="fr",
            name="Français",
            package="wfrench",
            source=DICT / "french",
            alphabet="abcdefghijklmnopqrstuvwxyz",
            # French Scrabble and Boggle have no accented letters: é is played as E.
            kept="",
            # Abbreviations the source also lists with a dot (déc., dép.).
            not_words=frozenset({"dec", "dep"}),
        ),
        Language(
            code="es",
            name="Español",
            package="wspanish",
            source=DICT / "spanish",
            # wspanish holds lemmas only (casa, not casas; hablar, not hablamos): the
            # Hunspell dictionary's expansion brings every plural and verb form.
            expand_dic=HUNSPELL / "es_ES.dic",
            expand_package="hunspell-es",
            expand_leaves_out_from="À",
            # wspanish is all lower case, so its names cannot be told by a capital.
            names_file=HERE / "es-names.txt",
            alphabet="abcdefghijklmnopqrstuvwxyzñ",
            # Ñ is a letter of the Spanish alphabet with its own Scrabble tile; the
            # acute accent and the diaeresis (canción, pingüino) are not.
            kept="ñ",
            # Prefixes the source lists as entries (RAE's "elementos compositivos"); the
            # ones that are also words (auto, foto, meta, socio, tras) stay.
            not_words=frozenset(
                {"anti", "archi", "cito", "cuadri", "deca", "electro", "hecto", "hiper"}
                | {"inter", "mega", "mili", "mono", "multi", "neo", "peri", "poli", "post"}
                | {"pre", "proto", "pseudo", "semi", "seudo", "sub", "supra", "tri", "vice"}
            ),
        ),
        Language(
            code="it",
            name="Italiano",
            package="witalian",
            source=DICT / "italian",
            alphabet="abcdefghijklmnopqrstuvwxyz",
            # Italian Scrabble has no accented tiles: città is played as CITTA.
            kept="",
            # Prefixes listed as entries (neo, semi, pro, tele are words and stay).
            not_words=frozenset({"poli", "pseudo", "sub", "uni"}),
        ),
        Language(
            code="nl",
            name="Nederlands",
            package="wdutch",
            source=DICT / "dutch",
            alphabet="abcdefghijklmnopqrstuvwxyz",
            # Dutch Scrabble ignores diacritics (één, ideeën are EEN, IDEEEN). IJ is two
            # letters, I and J: Dutch Scrabble has had no IJ tile since 14 March 1998 and
            # no Dutch Boggle IJ cube is documented (README.md, "Dutch IJ"); the ligature
            # ĳ, which a keyboard may give, is those two letters.
            kept="",
            replacements=(("ĳ", "ij"),),
            # Prefixes listed as entries (anti, mini, pro, ver are words and stay), and
            # the months' abbreviations (jan, okt; the source lists them with a dot too).
            not_words=frozenset(
                {"ont", "pre", "sub", "tri", "apr", "aug", "dec", "feb", "febr", "jan"}
                | {"jul", "jun", "nov", "okt", "sep", "sept"}
            ),
        ),
    )
}
