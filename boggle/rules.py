"""The rules of the game as one frozen value: what a language's Boggle is made of.

A :class:`Ruleset` holds every rule the engine plays by: the alphabet, the cube faces
(multi-letter ones and the blank), the score table, the shortest and longest word,
what counts as a long word for the tie-break, the dice sets and the word lists. The
parser (``board.py``), the word graph's table width and cache key (``dictionary.py``),
the solver, the scoring, the dice and the catalog all read their rules from here, so a
new language is a new ruleset, not edits across files.

:data:`ENGLISH` is the game as published in English, and :data:`RULES` the ruleset in
play. This module imports nothing of the engine but its wording (``boggle.i18n``):
everything else is built on it.

Labels (dice set titles, word list descriptions, language names) are English here,
marked with ``N_`` for the catalogue; whoever shows one translates it then (``_``),
in the reader's language, never once for all.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType

from .i18n import N_, _


@dataclass(frozen=True)
class DiceSpec:
    """A published dice set as the box lists it: its name, board size, rule and dice.

    ``dice`` is written as the dice are printed, one die a word of six faces:
    ``ABJMOQu`` (``Qu`` is one face), ``EIO###`` (``#`` is a blank) or, for a die
    of multi-letter faces, ``[An Er He In Qu Th]``. ``title`` is English; ``_(title)``
    shows it in the reader's language.
    """

    name: str
    title: str
    rows: int
    cols: int
    min_length: int
    dice: str


@dataclass(frozen=True)
class WordListSpec:
    """A shipped word list: its name, its file in ``wordlists/``, a line for players
    (English; ``_(description)`` shows it in the reader's language)."""

    name: str
    filename: str
    description: str


@dataclass(frozen=True)
class Ruleset:
    """Every rule of one language's game; the values below are derived from these."""

    name: str
    #: The letters words are written in, in table order (the word graph's columns).
    alphabet: str
    #: Faces of more than one letter. A letter that is only ever the start of one
    #: (``q`` in English) has no face of its own: typed alone it is that face.
    multi_letter_faces: tuple[str, ...]
    #: A letter typed alone that stands for a multi-letter face: ``{"q": "qu"}``.
    letter_faces: Mapping[str, str]
    #: The blank face, a block no word passes through, and what else is typed for it.
    blank: str
    blank_inputs: frozenset[str]
    #: Points by word length; longer words score as the table's last entry.
    score_by_length: tuple[int, ...]
    #: The shortest word any game counts (the score table starts there).
    shortest_word: int
    #: Longer "words" are skipped by the word graph: a bound keeps per-length tables small.
    longest_word: int
    #: The shortest word counted when neither the request nor the dice say otherwise.
    default_min_length: int
    #: Words of this many letters or more are long: the multiplayer tie-break counts them.
    long_word: int
    #: The published dice sets, the set rolled for each size, and the set for no size.
    dice_sets: tuple[DiceSpec, ...]
    default_set_for_size: Mapping[tuple[int, int], str]
    default_set: str
    #: The shipped word lists, and the one used when a request names none.
    word_lists: tuple[WordListSpec, ...]
    default_dictionary: str
    #: The language: its code (``de``), its name in English for messages (``German``,
    #: marked for the catalogue: ``_(rules.language)`` says it in the reader's language)
    #: and its name in itself (``Deutsch``).
    code: str = "en"
    language: str = N_("English")
    native_name: str = "English"  # a name in itself is never translated
    #: Whether a letter with a diacritic that is not in the alphabet is read as its
    #: base letter (French é is played as E). English boards refuse it instead, as ever.
    folds_accents: bool = False
    #: Whole-letter spellings of a word's letters that no cube carries (German ß -> ss).
    replacements: tuple[tuple[str, str], ...] = ()
    #: Single characters that are two letters of the alphabet written as one (Dutch Ĳ,
    #: ĳ): a board reads them as those letters, one cube each (words, by replacements).
    ligatures: tuple[tuple[str, str], ...] = ()

    @cached_property
    def letters(self) -> frozenset[str]:
        """The alphabet as a set, to test a written word against."""
        return frozenset(self.alphabet)

    @cached_property
    def faces(self) -> frozenset[str]:
        """Every face a cube may show but the blank: single letters and multi-letter faces."""
        return frozenset(self.alphabet) - set(self.letter_faces) | set(self.multi_letter_faces)

    @cached_property
    def plain_letters(self) -> frozenset[str]:
        """Letters that are a cube face of their own, one character a cube: a run typed
        in them alone reads as its characters (``q`` stands for ``qu``, and is not one)."""
        return self.letters - set(self.letter_faces) - self.blank_inputs

    @cached_property
    def run_together_faces(self) -> frozenset[str]:
        """Faces that read back as themselves when cells are typed run together."""
        return frozenset(self.alphabet) - set(self.letter_faces) | set(self.letter_faces.values())

    @cached_property
    def extra_columns(self) -> tuple[str, ...]:
        """Multi-letter faces that need a word-graph column of their own: every one but
        those a lone letter stands for (``qu`` is read in ``q``'s column)."""
        return tuple(f for f in self.multi_letter_faces if f not in self.letter_faces.values())

    @cached_property
    def face_columns(self) -> Mapping[str, int]:
        """The word graph's column of each face: the letters in alphabet order (a lone
        letter that stands for a face, ``q``, gives its column to that face, ``qu``),
        then the extra multi-letter faces."""
        columns = {}
        for i, letter in enumerate(self.alphabet):
            columns[self.letter_faces.get(letter, letter)] = i
        for i, face in enumerate(self.extra_columns):
            columns[face] = len(self.alphabet) + i
        return MappingProxyType(columns)

    @property
    def mask_column(self) -> int:
        """The column of each graph row that holds the bit set of its other columns."""
        return len(self.alphabet) + len(self.extra_columns)

    @property
    def stride(self) -> int:
        """The word graph's row width: one column per face column, then the bit set."""
        return self.mask_column + 1

    @cached_property
    def symbols(self) -> Mapping[int, str]:
        """``str.translate`` table spelling a word's letters as graph symbols: the
        letter of column ``c`` becomes ``chr(97 + c)``, so a-z stand for themselves and
        the letters after z (ä ö ü, ñ) sort after them, as their columns do."""
        symbols = enumerate(self.alphabet)
        return MappingProxyType({ord(ch): chr(97 + i) for i, ch in symbols if ord(ch) != 97 + i})

    def letter_problem(self, typed: str, where: str) -> str:
        """The parser's message for ``typed``, a character outside the alphabet, at
        ``where`` ("row 2, cell 3")."""
        if self.code == ENGLISH_CODE:
            return _("%(typed)s (%(where)s) is not a letter a-z", typed=typed, where=where)
        return _(
            "%(typed)s (%(where)s) is not a letter of the %(language)s alphabet "
            "(%(alphabet)s) of the %(dictionary)s dictionary",
            typed=typed,
            where=where,
            language=_(self.language),
            alphabet=self.alphabet_text,
            dictionary=repr(self.default_dictionary),
        )

    @property
    def alphabet_text(self) -> str:
        """The alphabet as people read it: ``a-z, ä, ö, ü``."""
        extra = [letter for letter in self.alphabet if not "a" <= letter <= "z"]
        return ", ".join(["a-z", *extra])

    def fold_letter(self, ch: str) -> str:
        """A typed character as this language plays it: its base letter when it is a
        letter with a diacritic the alphabet does not keep (é -> e), else itself."""
        if not self.folds_accents or ch in self.letters:
            return ch
        base = "".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c))
        return base if len(base) == 1 and base in self.letters else ch

    def fold_cell(self, ch: str) -> str:
        """A character typed on a board as this language reads it. Where the alphabet is
        a-z alone (French, Italian, Dutch) an accented letter can only mean its base
        letter (é is E), so it is folded; where the language has letters of its own
        (German ä, Spanish ñ) a board takes only its alphabet, so that another
        language's letter (ñ on a German board) is named, not read as n."""
        if self.alphabet_text != "a-z":
            return ch
        return self.fold_letter(ch)

    def fold_word(self, word: str) -> str:
        """A written word as its list spells it: NFC, lower case, replacements made and
        diacritics folded as the word list's rebuild folds them (Élève -> eleve)."""
        word = unicodedata.normalize("NFC", word).lower()
        for old, new in self.replacements:
            word = word.replace(old, new)
        return "".join(map(self.fold_letter, word))

    @property
    def longest_scored(self) -> int:
        """The length from which every word scores the same: the table's last entry."""
        return len(self.score_by_length) - 1

    def word_score(self, word: str) -> int:
        """Points for a word of this many letters."""
        return self.score_by_length[min(len(word), self.longest_scored)]

    def is_letters(self, word: str) -> bool:
        """Whether a word is written in the alphabet's letters only."""
        return self.letters.issuperset(word)

    @cached_property
    def graph_key(self) -> str:
        """What a word graph built for these rules depends on, hashed for its cache key:
        the alphabet, the faces with their columns, and the longest word kept."""
        spelled = "|".join(
            (
                self.alphabet,
                ",".join(self.extra_columns),
                ",".join(f"{k}={v}" for k, v in sorted(self.letter_faces.items())),
                str(self.longest_word),
            )
        )
        return hashlib.sha256(spelled.encode()).hexdigest()[:16]


ENGLISH_CODE = "en"

ENGLISH = Ruleset(
    name="english",
    alphabet="abcdefghijklmnopqrstuvwxyz",
    # Boggle's only Q face is Qu; the rest are the two-letter die of Super Big Boggle.
    multi_letter_faces=("qu", "th", "in", "er", "he", "an"),
    letter_faces=MappingProxyType({"q": "qu"}),
    blank="#",
    blank_inputs=frozenset({"#", "."}),
    #         letters 0  1  2  3  4  5  6  7  8+
    score_by_length=(0, 0, 0, 1, 1, 2, 3, 5, 11),
    shortest_word=3,
    # No English word comes close to 64 letters.
    longest_word=64,
    default_min_length=3,
    long_word=5,
    dice_sets=(
        DiceSpec(
            "classic",
            N_("Boggle, classic (1976-1986)"),
            4,
            4,
            3,
            "AACIOT ABILTY ABJMOQu ACDEMP ACELRS ADENVZ AHMORS BIFORX "
            "DENOSW DKNOTU EEFHIY EGKLUY EGINTV EHINPS ELPSTU GILRUW",
        ),
        DiceSpec(
            "new",
            N_("Boggle, new (1987 onwards)"),
            4,
            4,
            3,
            "AAEEGN ABBJOO ACHOPS AFFKPS AOOTTW CIMOTU DEILRX DELRVY "
            "DISTTY EEGHNW EEINSU EHRTVW EIOSST ELRTTY HIMNUQu HLNNRZ",
        ),
        DiceSpec(
            "big",
            N_("Big Boggle (1979)"),
            5,
            5,
            3,
            "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQuXZ "
            "CCENST CEIILT CEILPT CEIPST DDLNOT DHHLOR DHLNOR DHLNOR EIIITT "
            "EMOTTT ENSSSU FIPRSY GORRVW IPRRRY NOOTUW OOOTTU",
        ),
        DiceSpec(
            "deluxe",
            N_("Boggle Deluxe / Boggle Master"),
            5,
            5,
            3,
            "AAAFRS AAEEEE AAFIRS ADENNN AEEEEM AEEGMU AEGMNN AFIRSY BJKQuXZ "
            "CCNSTW CEIILT CEILPT CEIPST DDLNOR DHHLOR DHHNOT DHLNOR EIIITT "
            "EMOTTT ENSSSU FIPRSY GORRVW HIPRRY NOOTUW OOOTTU",
        ),
        DiceSpec(
            "superbig",
            N_("Super Big Boggle (2011)"),
            6,
            6,
            4,
            "AAAFRS AAEEEE AAEEOO AAFIRS ABDEIO ADENNN "
            "AEEEEM AEEGMU AEGMNN AEILMN AEINOU AFIRSY "
            "[An Er He In Qu Th] BBJKXZ CCENST CDDLNN CEIITT CEIPST "
            "CFGNUY DDHNOT DHHLOR DHHNOW DHLNOR EHILRS "
            "EIILST EILPST EIO### EMTTTO ENSSSU GORRVW "
            "HIRSTV HOPRST IPRSYY JKQuWXZ NOOTUW OOOTTU",
        ),
    ),
    default_set_for_size=MappingProxyType({(4, 4): "new", (5, 5): "big", (6, 6): "superbig"}),
    default_set="new",
    word_lists=(
        WordListSpec("common", "common.txt", N_("Common: words most people know")),
        WordListSpec("standard", "standard.txt", N_("Standard: what a good desk dictionary holds")),
        WordListSpec("large", "large.txt", N_("Large: close to Scrabble-style lists")),
    ),
    default_dictionary="standard",
)

#: The ruleset the engine plays by.
RULES = ENGLISH
